//! Where in a source text a statement was written: the position a [`crate::Graph`] or a
//! [`crate::Dataset`] may keep beside each of its statements.

use std::num::NonZeroU32;

/// A line, from 1, and when known a column on it, from 1, counted in characters (Unicode
/// scalar values). Eight bytes, and `Option<Position>` too.
///
/// ```
/// use harvest_rdf::Position;
/// let at = Position::new(12, Some(5)).unwrap();
/// assert_eq!((at.line(), at.column()), (12, Some(5)));
/// assert_eq!(Position::line_only(3).unwrap().column(), None);
/// assert_eq!(Position::new(0, Some(1)), None);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Position {
    line: NonZeroU32,
    column: Option<NonZeroU32>,
}

impl Position {
    /// Line `line` and column `column` (a column of 0 is no column); `None` for line 0.
    pub fn new(line: u32, column: Option<u32>) -> Option<Position> {
        Some(Position { line: NonZeroU32::new(line)?, column: column.and_then(NonZeroU32::new) })
    }

    /// Line `line`, column unknown; `None` for line 0.
    pub fn line_only(line: u32) -> Option<Position> {
        Position::new(line, None)
    }

    /// The line, from 1.
    pub fn line(self) -> u32 {
        self.line.get()
    }

    /// The column, from 1, in characters, when known.
    pub fn column(self) -> Option<u32> {
        self.column.map(NonZeroU32::get)
    }
}

/// The positions of a set's items, by index: empty until one is given, then as long as the
/// highest index given one (the items after it have none).
#[derive(Debug, Clone, Default)]
pub(crate) struct Positions(Vec<Option<Position>>);

impl Positions {
    /// Sets the position of item `index`; `None` leaves it unknown.
    pub(crate) fn set(&mut self, index: usize, position: Option<Position>) {
        let Some(position) = position else { return };
        if self.0.len() <= index {
            self.0.resize(index + 1, None);
        }
        if let Some(slot) = self.0.get_mut(index) {
            *slot = Some(position);
        }
    }

    pub(crate) fn get(&self, index: usize) -> Option<Position> {
        self.0.get(index).copied().flatten()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn positions_are_eight_bytes_and_sparse_ones_cost_nothing_until_set() {
        assert_eq!(size_of::<Option<Position>>(), 8);
        let mut positions = Positions::default();
        positions.set(5, None);
        assert!(positions.0.is_empty());
        positions.set(2, Position::line_only(7));
        assert_eq!((positions.get(2), positions.get(1), positions.get(9)), (Position::line_only(7), None, None));
    }
}
