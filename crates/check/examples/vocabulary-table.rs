//! Writes the compact table of a schema.org release file to standard output: how
//! `data/schemaorg.tsv` is made.
//!
//! ```text
//! cargo run -p harvest-check --example vocabulary-table -- ../shared/schemaorg/schemaorg-current-https.jsonld > crates/check/data/schemaorg.tsv
//! ```

use std::process::ExitCode;

fn main() -> ExitCode {
    let Some(path) = std::env::args_os().nth(1) else {
        eprintln!("usage: vocabulary-table RELEASE.jsonld");
        return ExitCode::from(2);
    };
    let text = match std::fs::read_to_string(&path) {
        Ok(text) => text,
        Err(e) => {
            eprintln!("{}: {e}", path.to_string_lossy());
            return ExitCode::FAILURE;
        }
    };
    match harvest_check::Vocabulary::from_release(&text) {
        Ok(vocabulary) => {
            print!("{}", vocabulary.to_table());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{}: {e}", path.to_string_lossy());
            ExitCode::FAILURE
        }
    }
}
