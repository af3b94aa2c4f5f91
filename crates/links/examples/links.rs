//! Prints the links of an HTML file as JSON: `cargo run -p harvest-links --example links FILE [BASE_URL]`.
//! With `--check` after the file, prints the checker's diagnostics instead.

use harvest_dom::{Document, ParseOptions, Url};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(file) = args.first() else {
        eprintln!("usage: links FILE [BASE_URL] [--check]");
        std::process::exit(2);
    };
    let html = match std::fs::read(file) {
        Ok(bytes) => bytes,
        Err(error) => {
            eprintln!("{file}: {error}");
            std::process::exit(1);
        }
    };
    let mut options = ParseOptions::new();
    if let Some(url) = args.iter().skip(1).find(|a| !a.starts_with("--")).and_then(|a| Url::parse(a).ok()) {
        options = options.url(url);
    }
    let doc = Document::parse_bytes(&html, &options);
    let json = if args.iter().any(|a| a == "--check") {
        serde_json::to_string_pretty(&harvest_links::check(&doc))
    } else {
        serde_json::to_string_pretty(&harvest_links::links(&doc))
    };
    match json {
        Ok(json) => println!("{json}"),
        Err(error) => eprintln!("{error}"),
    }
}
