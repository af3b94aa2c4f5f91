//! `harvest-floor PATH...`: the whole-process floor the `harvest` command is measured against.
//!
//! It does what any HTML tool has to do and nothing more: finds the `.html` and `.htm` files
//! below each path (files are taken as they are), reads each one, decodes it the way `harvest`
//! does (BOM, `<meta charset>` sniffing, then the encoding's decoder), and parses it with
//! html5ever into a kuchikiki tree, on one thread. It prints the number of pages and of pages
//! with a tree, so the work cannot be skipped. `bench/process/run.py` times it against
//! `harvest` subcommands in the same run.

use html5ever::tendril::TendrilSink;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The `.html` and `.htm` files below `root` in name order, or `root` itself when it is a file.
fn html_files(root: &Path, out: &mut Vec<PathBuf>) {
    if !root.is_dir() {
        out.push(root.to_path_buf());
        return;
    }
    out.extend(harvest_test_support::html_files(root));
}

fn main() -> ExitCode {
    let roots: Vec<PathBuf> = std::env::args_os().skip(1).map(PathBuf::from).collect();
    if roots.is_empty() {
        eprintln!("usage: harvest-floor PATH...");
        return ExitCode::from(2);
    }
    let mut files = Vec::new();
    for root in &roots {
        html_files(root, &mut files);
    }
    let (mut pages, mut trees) = (0usize, 0usize);
    for file in &files {
        let Ok(bytes) = std::fs::read(file) else {
            eprintln!("harvest-floor: cannot read {}", file.display());
            return ExitCode::from(3);
        };
        let (text, _) = harvest_dom::encoding::decode(&bytes, None);
        let document = kuchikiki::parse_html().one(text.as_ref());
        trees += usize::from(document.document_node.first_child().is_some());
        pages += 1;
    }
    println!("{pages} pages, {trees} trees");
    ExitCode::SUCCESS
}
