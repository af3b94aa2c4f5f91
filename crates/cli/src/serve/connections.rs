//! The open connections, so that idle ones cannot lock new clients out.
//!
//! Past `--max-connections`, a new connection is not simply refused (1,100 idle sockets from 17
//! addresses would then cut off every client, health checks included): the connection idle
//! the longest (no request in progress: waiting for its first request, or between requests of
//! a kept-alive one) is closed to make room. Only when every connection has a request in
//! progress is the new one refused. A connection is idle from its accept until its first
//! request's head has arrived, and from the end of each answer's body until the next head.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Instant;
use tokio::sync::Notify;

/// Every open connection, by the number it was given when accepted.
pub(crate) struct Connections {
    open: Mutex<HashMap<u64, Open>>,
    next: Mutex<u64>,
    max: usize,
}

struct Open {
    /// Requests in progress on the connection (their answers included).
    busy: usize,
    /// When it last became idle (its accept, or the end of an answer).
    idle_since: Instant,
    close: Arc<Notify>,
}

/// What the admission of a connection says.
pub(crate) enum Admission {
    /// The connection may be served; `evicted` says whether an idle one was closed for it.
    Admitted { connection: Connection, evicted: bool },
    /// Every connection has a request in progress.
    Full,
}

impl Connections {
    pub(crate) fn new(max: usize) -> Arc<Connections> {
        Arc::new(Connections { open: Mutex::new(HashMap::new()), next: Mutex::new(0), max: max.max(1) })
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<u64, Open>> {
        self.open.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Admits a new connection: within the bound, or in the place of the connection idle the
    /// longest, which is told to close.
    pub(crate) fn admit(self: &Arc<Self>) -> Admission {
        let id = {
            let mut next = self.next.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            *next += 1;
            *next
        };
        let mut open = self.lock();
        let mut evicted = false;
        if open.len() >= self.max {
            let oldest = open.iter().filter(|(_, c)| c.busy == 0).min_by_key(|(_, c)| c.idle_since).map(|(id, _)| *id);
            let Some(oldest) = oldest else { return Admission::Full };
            if let Some(gone) = open.remove(&oldest) {
                gone.close.notify_one();
            }
            evicted = true;
        }
        let close = Arc::new(Notify::new());
        open.insert(id, Open { busy: 0, idle_since: Instant::now(), close: Arc::clone(&close) });
        Admission::Admitted { connection: Connection { connections: Arc::clone(self), id, close }, evicted }
    }

    /// Connections open now.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.lock().len()
    }
}

/// An admitted connection, forgotten when dropped.
pub(crate) struct Connection {
    connections: Arc<Connections>,
    id: u64,
    close: Arc<Notify>,
}

impl Connection {
    /// Resolves when the connection is closed to make room for a new one.
    pub(crate) async fn evicted(&self) {
        self.close.notified().await;
    }

    /// Marks a request in progress until the returned guard is dropped (with the answer).
    pub(crate) fn busy(&self) -> Busy {
        if let Some(open) = self.connections.lock().get_mut(&self.id) {
            open.busy += 1;
        }
        Busy { connections: Arc::clone(&self.connections), id: self.id }
    }
}

impl Drop for Connection {
    fn drop(&mut self) {
        self.connections.lock().remove(&self.id);
    }
}

/// A request in progress on a connection.
pub(crate) struct Busy {
    connections: Arc<Connections>,
    id: u64,
}

impl Drop for Busy {
    fn drop(&mut self) {
        if let Some(open) = self.connections.lock().get_mut(&self.id) {
            open.busy = open.busy.saturating_sub(1);
            if open.busy == 0 {
                open.idle_since = Instant::now();
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn admitted(admission: Admission) -> (Connection, bool) {
        match admission {
            Admission::Admitted { connection, evicted } => (connection, evicted),
            Admission::Full => panic!("refused"),
        }
    }

    #[test]
    fn the_oldest_idle_connection_makes_room() {
        let connections = Connections::new(2);
        let (first, _) = admitted(connections.admit());
        let (second, _) = admitted(connections.admit());
        let busy = second.busy();
        // Full: the first, idle, is closed for the third; the second is busy.
        let (third, evicted) = admitted(connections.admit());
        assert!(evicted);
        assert_eq!(connections.len(), 2);
        let _third_busy = third.busy();
        assert!(matches!(connections.admit(), Admission::Full), "both have a request in progress");
        drop(busy);
        let (_fourth, evicted) = admitted(connections.admit());
        assert!(evicted, "the second is idle again");
        drop(first);
        assert_eq!(connections.len(), 2, "an evicted connection is forgotten at once");
    }
}
