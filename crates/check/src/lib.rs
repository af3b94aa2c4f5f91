#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![warn(missing_docs)]
// Library code does not panic on what a page, a request or a file holds: no unwrap or expect
// outside tests (an invariant that needs one says why in an `allow`).
#![cfg_attr(not(test), warn(clippy::unwrap_used, clippy::expect_used))]

mod diagnostic;
mod eligibility;
mod features;
mod lexical;
mod report;
pub mod rules;
mod social;
mod suggest;
mod table;
pub mod vocabulary;

pub use diagnostic::{Diagnostic, Severity};
pub use features::{features, Feature, Level, Requirement, ValueKind, ValueRule};
pub use report::{check, Counts, FeatureReport, Page, Report};
pub use rules::{check_dataset, check_triples, Rule, RULES};
pub use vocabulary::{Status, Vocabulary, VocabularyError};
