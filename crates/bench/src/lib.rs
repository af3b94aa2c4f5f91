//! The shared parts of harvest's benchmarks: page generators ([`generate`]) and the work each
//! benchmark times ([`work`]), used by the `harvest-bench` binary (corpus and `--scaling`
//! modes) and by the criterion benches in `benches/`.
//!
//! ```
//! let page = harvest_bench::generate::mf2_entries(3);
//! let doc = harvest_bench::work::parse(&page);
//! let mf2 = harvest_bench::work::mf2(&doc).unwrap();
//! assert_eq!(mf2.items[0].children.len(), 6); // 3 h-entry and 3 h-event in the h-feed
//! ```
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod generate;
pub mod work;
