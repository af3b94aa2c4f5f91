//! `harvest-floor PATH...`: the whole-process floor the `harvest` command is measured against.
//!
//! It does what any HTML tool has to do and nothing more: finds the `.html` and `.htm` files
//! below each path (files are taken as they are), reads each one, decodes it the way `harvest`
//! does (BOM, `<meta charset>` sniffing, then the encoding's decoder), and parses it with
//! html5ever into a kuchikiki tree, on one thread. It prints the number of pages and of pages
//! with a tree, so the work cannot be skipped. `bench/process/run.py` times it against
//! `harvest` subcommands in the same run.
//!
//! `harvest-floor --tokenize-only PATH...` stops after html5ever's tokenizer (HTML § 13.2.5)
//! with a sink that only counts the tags: the part of the floor, and of every parse through
//! html5ever's tokenizer, that no tree builder or extractor can take away (`harvest` itself
//! tokenizes with html5gum, for a third of those instructions).

use html5ever::tendril::{StrTendril, TendrilSink};
use html5ever::tokenizer::{BufferQueue, Token, TokenSink, TokenSinkResult, Tokenizer};
use std::cell::Cell;
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

/// A token sink that counts the tags and keeps nothing.
struct TagCount(Cell<usize>);

impl TokenSink for TagCount {
    type Handle = ();

    fn process_token(&self, token: Token, _line_number: u64) -> TokenSinkResult<()> {
        if let Token::TagToken(_) = token {
            self.0.set(self.0.get() + 1);
        }
        TokenSinkResult::Continue
    }
}

/// The tags html5ever's tokenizer finds in `text`.
fn count_tags(text: &str) -> usize {
    let tokenizer = Tokenizer::new(TagCount(Cell::new(0)), Default::default());
    let input = BufferQueue::default();
    input.push_back(StrTendril::from_slice(text));
    let _ = tokenizer.feed(&input);
    tokenizer.end();
    tokenizer.sink.0.get()
}

fn main() -> ExitCode {
    let mut arguments: Vec<_> = std::env::args_os().skip(1).collect();
    let tokenize_only = arguments.first().is_some_and(|first| first == "--tokenize-only");
    if tokenize_only {
        arguments.remove(0);
    }
    let roots: Vec<PathBuf> = arguments.into_iter().map(PathBuf::from).collect();
    if roots.is_empty() {
        eprintln!("usage: harvest-floor [--tokenize-only] PATH...");
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
        if tokenize_only {
            trees += usize::from(count_tags(&text) > 0);
            pages += 1;
            continue;
        }
        let document = kuchikiki::parse_html().one(text.as_ref());
        trees += usize::from(document.document_node.first_child().is_some());
        pages += 1;
    }
    println!("{pages} pages, {trees} trees");
    ExitCode::SUCCESS
}
