//! Prints the record of a page as `harvest all` would: `cargo run -p harvest-html --example
//! extract -- PAGE.html [URL]`.

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let mut args = std::env::args().skip(1);
    let Some(path) = args.next() else {
        return Err("usage: extract PAGE.html [URL]".into());
    };
    let html = std::fs::read(path)?;
    let record = harvest_html::Extractor::new().extract(html, args.next().as_deref())?;
    println!("{}", serde_json::to_string_pretty(&record)?);
    Ok(())
}
