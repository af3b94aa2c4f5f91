//! Past the DOM's depth bound, extraction gives what the same markup gives shallow: every
//! fixture wrapped in 10 and in 600 `div`s gives the same mf2, microdata, RDFa, link and
//! metadata output (links compared without their element paths, which name the wrappers).
//!
//! 600 is past the bound (512), so the window is in use for every fixture. 100,000 levels move
//! the window thousands of times and leave its floor far below the fixture; a parse of that
//! depth takes seconds in a test build, so it runs on a representative set: the page of the
//! constructs that lost or invented data when the tree was flattened (tables, SVG and MathML,
//! `template`, forms, `a`/`p` auto-closing, each with every syntax on it) and the first page
//! of each fixture set. `HARVEST_DEEP_WRAPPING=all` wraps every fixture 100,000 deep (the
//! whole run then takes several minutes).
//!
//! Fixtures: the microformats suite's `microformats-v2` pages, the links crate's fixtures,
//! this crate's microdata pages, the W3C Microdata-to-RDF suite's pages and the RDFa suite's
//! HTML5 pages (every third of those two, to keep the run short). The suites are found as for
//! their own tests.

use harvest_dom::Document;
use harvest_test_suite::{require, Suite};
use std::path::{Path, PathBuf};

const SHALLOW: usize = 10;
const PAST_THE_BOUND: usize = 600;
const DEEP: usize = 100_000;

/// The markup the issue found wrong past the flattening bound, with every syntax on it.
const CONSTRUCTS: &str = r#"<html prefix="og: http://ogp.me/ns#"><head><title>Constructs</title>
<meta property="og:title" content="Past the bound"><link rel="schema.DC" href="http://purl.org/dc/elements/1.1/">
<meta name="DC.title" content="Deep"><link rel="alternate" type="application/atom+xml" href="/feed"></head>
<body>
<div itemscope itemtype="https://schema.org/Person" class="h-card" vocab="https://schema.org/" typeof="Person">
  <table><tr><td itemprop="name" class="p-name" property="name">Ada</td></tr></table>
  <table><caption property="description">cap</caption><tr><td>no tbody<td itemprop="cell">cell</table>
  <svg><text itemprop="x" property="label">svg text</text><foreignObject><p itemprop="inside">html in svg</p></foreignObject></svg>
  <math><mi itemprop="m">x</mi><annotation-xml encoding="text/html"><b itemprop="ax">ax</b></annotation-xml></math>
  <template><span itemprop="hidden" class="p-hidden" property="hidden">no</span></template>
  <form id="f"><input itemprop="q" class="p-q" value="v"><select><option itemprop="o">o1<option>o2</select></form>
  <p>para <p itemprop="after" class="p-after" property="after">second</p>
  <ul><li itemprop="li">one<li itemprop="li">two</ul>
  <a href="/one" rel="me" class="u-url">one<a href="/two" rel="author" property="url">two</a>
  <dl><dt itemprop="dt">t<dd itemprop="dd">d</dl>
  <div class="e-note"><b>bold <i>both</b> italic</i></div>
</div>
<div itemscope itemref="ref"><span itemprop="via">by itemref</span></div><p id="ref" itemprop="refd">referenced</p>
</body></html>"#;

fn html_files(folder: &Path, recursive: bool) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut folders = vec![folder.to_path_buf()];
    while let Some(folder) = folders.pop() {
        let Ok(entries) = std::fs::read_dir(&folder) else { continue };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() && recursive {
                folders.push(path);
            } else if path.extension().is_some_and(|extension| extension == "html") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// Every extractor's output for `html` wrapped in `depth` `div`s.
fn extract(html: &str, depth: usize) -> Vec<String> {
    let wrapped = format!("{}{html}{}", "<div>".repeat(depth), "</div>".repeat(depth));
    let options =
        harvest_dom::ParseOptions::new().url(harvest_dom::Url::parse("http://example.com/").expect("valid URL"));
    let document = Document::parse_with(&wrapped, &options);
    let mut outputs = vec![format!("depth limit hit: {}", document.depth_limit_hit())];
    outputs.extend(harvest_test_suite::outputs::every_extractor(&document));
    outputs
}

/// Asserts that `html` extracts at each of `depths` as it does 10 deep.
#[track_caller]
fn assert_as_shallow(name: &str, html: &str, depths: &[usize]) {
    let shallow = extract(html, SHALLOW);
    for &depth in depths {
        let deep = extract(html, depth);
        for (shallow, deep) in shallow.iter().zip(&deep) {
            assert_eq!(shallow, deep, "{name} wrapped {depth} deep");
        }
    }
}

#[test]
fn the_constructs_flattening_broke_extract_as_shallow_at_every_depth() {
    let shallow = extract(CONSTRUCTS, SHALLOW);
    // The page gives what it should shallow: the cell's name, the SVG text as RDFa (not
    // microdata: `itemprop` is an HTML attribute), the form's value, the closed paragraph.
    assert!(shallow[2].contains(r#""name":["Ada"]"#), "{}", shallow[2]);
    assert!(shallow[2].contains(r#""after":["second"]"#), "{}", shallow[2]);
    assert!(!shallow[2].contains(r#""x""#), "{}", shallow[2]);
    assert!(shallow[3].contains("svg text"), "{}", shallow[3]);
    assert!(shallow[1].contains(r#""q":["v"]"#), "{}", shallow[1]);
    assert_as_shallow("the constructs page", CONSTRUCTS, &[PAST_THE_BOUND, 5_000, DEEP]);
}

#[test]
fn fixtures_wrapped_deep_extract_as_shallow() {
    let mut sets: Vec<Vec<PathBuf>> = Vec::new();
    if let Some(mf2) = require(Suite::Mf2) {
        sets.push(html_files(&mf2.join("microformats-v2"), true));
    }
    if let Some(rdf) = require(Suite::MicrodataRdf) {
        sets.push(html_files(&rdf, false).into_iter().step_by(3).collect());
    }
    if let Some(rdfa) = require(Suite::Rdfa) {
        let cases = harvest_test_suite::rdfa::FOLDERS
            .iter()
            .flat_map(|folder| html_files(&rdfa.join("test-cases").join(folder), false));
        sets.push(cases.step_by(3).collect());
    }
    let crates = Path::new(env!("CARGO_MANIFEST_DIR"));
    sets.push(html_files(&crates.join("../crates/links/tests/fixtures"), false));
    sets.push(html_files(&crates.join("microdata"), true));
    let all_deep = std::env::var("HARVEST_DEEP_WRAPPING").is_ok_and(|value| value == "all");
    let (mut count, mut deep) = (0, 0);
    for set in &sets {
        for (index, file) in set.iter().enumerate() {
            let Ok(html) = std::fs::read_to_string(file) else { continue };
            count += 1;
            let depths: &[usize] = if index == 0 || all_deep {
                deep += 1;
                &[PAST_THE_BOUND, DEEP]
            } else {
                &[PAST_THE_BOUND]
            };
            assert_as_shallow(&file.display().to_string(), &html, depths);
        }
    }
    assert!(count > 20, "only {count} fixtures");
    println!("{count} fixtures, {deep} of them also 100,000 deep");
}
