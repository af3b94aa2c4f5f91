//! The options of each syntax, named once: each is the one definition every front end reads
//! (the command's flags, the Python keywords and the server's fields turn into the same
//! structs), re-exported here so that a Rust user needs this crate alone.
//!
//! * [`Syntax`]: which syntaxes a record holds.
//! * [`Mf2Options`] (with [`Mf2Root`]): the microformats2 parser's options.
//! * [`MicrodataOptions`]: how the microdata is read (harvest-microdata's own).
//! * [`LinksDetail`]: the compact or the full form of the links.
//! * [`Limits`]: bounds on the parse, the extractors' work and the output.

pub use harvest_pipeline::extract::{Limits, LinksDetail, Mf2Options, Mf2Root, MicrodataOptions, Syntax};
