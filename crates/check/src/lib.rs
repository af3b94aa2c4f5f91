#![doc = include_str!("../README.md")]
#![forbid(unsafe_code)]
#![warn(missing_docs)]

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
