//! Pages fetched for `?url=`, kept for a few seconds: the playground asks every endpoint about
//! the same URL at once (a dozen requests per Run), and one fetch serves them all.
//!
//! Requests for a URL that is being fetched wait for that fetch instead of starting their own
//! (one `OnceCell` per URL); a fetched page is then kept [`TTL`] seconds, within a byte budget
//! (`--fetch-cache`, oldest pages dropped first). Failed fetches are not kept. The cache is
//! shared by every client: it holds what any client could fetch, only fresher by at most [`TTL`].

use super::errors::ApiError;
use super::fetch::Fetcher;
use harvest_pipeline::Page;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::OnceCell;

/// How long a fetched page is answered from the cache.
pub(crate) const TTL: Duration = Duration::from_secs(30);

type Fetched = Arc<OnceCell<Result<Arc<Page>, ApiError>>>;

struct Entry {
    created: Instant,
    fetched: Fetched,
    /// The page's size once fetched (0 while it is being fetched).
    bytes: u64,
}

/// The cache: URL → the page fetched from it.
pub(crate) struct PageCache {
    entries: Mutex<HashMap<String, Entry>>,
    max_bytes: u64,
}

impl PageCache {
    pub(crate) fn new(max_bytes: u64) -> PageCache {
        PageCache { entries: Mutex::new(HashMap::new()), max_bytes }
    }

    /// The page at `url`: kept, being fetched by another request, or fetched now.
    pub(crate) async fn fetch(&self, url: &str, fetcher: &Fetcher) -> Result<Page, ApiError> {
        if self.max_bytes == 0 {
            return fetcher.fetch(url).await;
        }
        let fetched = {
            let mut entries = self.lock();
            let now = Instant::now();
            entries.retain(|_, entry| now.duration_since(entry.created) < TTL);
            let entry = entries.entry(url.to_owned()).or_insert_with(|| Entry {
                created: now,
                fetched: Arc::new(OnceCell::new()),
                bytes: 0,
            });
            Arc::clone(&entry.fetched)
        };
        let mut fetched_here = false;
        let result = fetched
            .get_or_init(|| async {
                fetched_here = true;
                fetcher.fetch(url).await.map(Arc::new)
            })
            .await
            .clone();
        fetcher.metrics.fetch_cache(!fetched_here);
        self.settle(url, &fetched, &result);
        result.map(|page| Page::clone(&page))
    }

    /// After a fetch: a failure is forgotten; a page's size counts against the budget, the
    /// oldest pages dropped to keep within it.
    fn settle(&self, url: &str, fetched: &Fetched, result: &Result<Arc<Page>, ApiError>) {
        let mut entries = self.lock();
        let Some(entry) = entries.get_mut(url).filter(|entry| Arc::ptr_eq(&entry.fetched, fetched)) else { return };
        match result {
            Err(_) => {
                entries.remove(url);
            }
            Ok(page) if entry.bytes == 0 => {
                // The page, its URL, and the entry itself.
                entry.bytes = (page.bytes.len() + url.len() + 256) as u64;
                let mut total: u64 = entries.values().map(|entry| entry.bytes).sum();
                while total > self.max_bytes {
                    let oldest = entries
                        .iter()
                        .filter(|(_, entry)| entry.bytes > 0)
                        .min_by_key(|(_, entry)| entry.created)
                        .map(|(url, entry)| (url.clone(), entry.bytes));
                    let Some((oldest, bytes)) = oldest else { break };
                    entries.remove(&oldest);
                    total -= bytes;
                }
            }
            Ok(_) => {}
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, Entry>> {
        self.entries.lock().unwrap_or_else(|poisoned| poisoned.into_inner())
    }
}
