//! The value budget: how many bytes of text and HTML the parser may copy into values over a
//! whole page ([`crate::Options::max_value_bytes`]).
//!
//! A `p-*` or `e-*` value holds the text or HTML of its element's whole subtree, so properties
//! nested in properties repeat their descendants once per level: n nested `e-*` elements give
//! output of size n². Text and HTML are sliced from indexes built once per page, so the work
//! is the size of the values; charging each value before it is copied bounds both.

use std::cell::Cell;

/// Default of [`crate::Options::max_value_bytes`]: 64 MiB of text and HTML copied into values
/// over a whole page (the page's JSON is at least that large).
pub const DEFAULT_MAX_VALUE_BYTES: usize = 64 * 1024 * 1024;

/// What is left of the budget, what was spent, and how many values it refused.
#[derive(Debug)]
pub(crate) struct ValueBudget {
    left: Cell<usize>,
    spent: Cell<usize>,
    refusals: Cell<usize>,
}

impl ValueBudget {
    pub(crate) fn new(max_bytes: usize) -> ValueBudget {
        ValueBudget { left: Cell::new(max_bytes), spent: Cell::new(0), refusals: Cell::new(0) }
    }

    /// Takes `bytes` from the budget; when they do not fit, takes nothing, counts a refusal
    /// and returns false (the caller copies nothing and its value is left out).
    pub(crate) fn take(&self, bytes: usize) -> bool {
        match self.left.get().checked_sub(bytes) {
            Some(left) => {
                self.left.set(left);
                self.spent.set(self.spent.get().saturating_add(bytes));
                true
            }
            None => {
                self.refusals.set(self.refusals.get().saturating_add(1));
                false
            }
        }
    }

    /// Bytes taken so far.
    pub(crate) fn spent(&self) -> usize {
        self.spent.get()
    }

    /// Values refused so far: a value whose computation saw this number change is left out.
    pub(crate) fn refusals(&self) -> usize {
        self.refusals.get()
    }
}

#[cfg(test)]
mod tests {
    use super::ValueBudget;

    #[test]
    fn a_value_that_does_not_fit_takes_nothing_and_is_counted() {
        let budget = ValueBudget::new(10);
        assert!(budget.take(6));
        assert!(!budget.take(5));
        assert_eq!((budget.spent(), budget.refusals()), (6, 1));
        assert!(budget.take(4));
        assert!(!budget.take(1));
        assert_eq!((budget.spent(), budget.refusals()), (10, 2));
    }
}
