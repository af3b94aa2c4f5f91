//! Every front end extracts through this crate: no source file of the command (`harvest`,
//! `harvest serve`) or of the Python package names harvest-pipeline's extraction modules, which
//! they reach as `harvest_html` and `harvest_html::output` (they still take their pages from
//! harvest-pipeline: `input`, `warc`, `address`, `media_type`, `Page`).

use std::path::{Path, PathBuf};

/// The Rust files below `dir`.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut folders = vec![dir.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).expect("readable folder") {
            let path = entry.expect("readable entry").path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|extension| extension == "rs") {
                files.push(path);
            }
        }
    }
    files
}

#[test]
fn front_ends_extract_through_the_front_door() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut checked = 0;
    for front_end in ["cli/src", "cli/tests", "python/src"] {
        for path in rust_files(&crates.join(front_end)) {
            let text = std::fs::read_to_string(&path).expect("readable source");
            for module in ["extract", "jsonld_blocks", "pretty"] {
                let name = format!("harvest_pipeline::{module}");
                assert!(!text.contains(&name), "{} uses {name}: use harvest_html instead", path.display());
            }
            checked += 1;
        }
    }
    assert!(checked > 20, "only {checked} front-end files found below {}", crates.display());
}
