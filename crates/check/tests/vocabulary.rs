//! The bundled table against schema.org's release: the same terms, the same relations.

use std::path::PathBuf;

use harvest_check::Vocabulary;

/// The schema.org release folder: release 30.0 in the `test-suite/suites/schemaorg` submodule
/// (schemaorg/schemaorg, `data/releases/30.0`), else `HARVEST_SCHEMAORG`, else
/// `shared/schemaorg` beside the checkout. `None` (after printing `SKIPPED`) when
/// `HARVEST_SKIP_SUITES` names `schemaorg`.
#[track_caller]
fn release() -> Option<String> {
    if harvest_test_support::skipped("schemaorg") {
        eprintln!("SKIPPED: HARVEST_SKIP_SUITES names schemaorg");
        return None;
    }
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let submodule = root.join("test-suite/suites/schemaorg/data/releases/30.0");
    let dir = if submodule.is_dir() {
        submodule
    } else {
        match std::env::var_os("HARVEST_SCHEMAORG") {
            Some(dir) => PathBuf::from(dir),
            None => root.join("../shared/schemaorg"),
        }
    };
    let path = dir.join("schemaorg-current-https.jsonld");
    match std::fs::read_to_string(&path) {
        Ok(text) => Some(text),
        Err(e) => panic!(
            "schema.org's release is missing ({}: {e}): run `git submodule update --init test-suite/suites/schemaorg`, \
             set HARVEST_SCHEMAORG to a folder holding release 30.0, or set HARVEST_SKIP_SUITES=schemaorg to skip \
             this test",
            path.display()
        ),
    }
}

#[test]
fn the_committed_table_is_the_release_table() {
    let Some(release) = release() else { return };
    let from_release = Vocabulary::from_release(&release).expect("the release reads");
    let committed = include_str!("../data/schemaorg.tsv");
    assert!(
        from_release.to_table() == committed,
        "data/schemaorg.tsv differs from the release: regenerate it with `cargo run -p harvest-check --example \
         vocabulary-table -- ../shared/schemaorg/schemaorg-current-https.jsonld > crates/check/data/schemaorg.tsv`"
    );
    // And the bundled vocabulary reads the table back to the same table.
    assert_eq!(Vocabulary::bundled().to_table(), committed);
}

#[test]
fn every_type_and_property_of_the_release_is_known() {
    let Some(release) = release() else { return };
    let document: serde_json::Value = serde_json::from_str(&release).unwrap();
    let bundled = Vocabulary::bundled();
    let (mut types, mut properties) = (0, 0);
    for node in document["@graph"].as_array().unwrap() {
        let Some(name) = node["@id"].as_str().and_then(|id| id.strip_prefix("schema:")) else { continue };
        let kinds: Vec<&str> = match &node["@type"] {
            serde_json::Value::Array(kinds) => kinds.iter().filter_map(|k| k.as_str()).collect(),
            kind => kind.as_str().into_iter().collect(),
        };
        if kinds.contains(&"rdfs:Class") {
            assert!(bundled.has_type(name), "type {name}");
            types += 1;
        }
        if kinds.contains(&"rdf:Property") {
            assert!(bundled.has_property(name), "property {name}");
            properties += 1;
        }
    }
    assert!(types > 900 && properties > 1500, "{types} types, {properties} properties");
    assert_eq!(bundled.type_names().count(), types);
    assert_eq!(bundled.property_names().count(), properties);
    assert!(bundled.has_member("InStock") && bundled.has_member("True"));
}

#[test]
fn superclasses_are_transitive() {
    let schema = Vocabulary::bundled();
    assert!(schema.is_subclass_of("Restaurant", "Thing"));
    assert!(schema.is_subclass_of("Integer", "Number"));
    assert!(schema.is_subclass_of("Product", "Product"));
    assert!(!schema.is_subclass_of("Product", "Organization"));
    assert!(!schema.is_subclass_of("Prodcut", "Thing"));
}

#[test]
fn a_release_that_is_not_one_is_an_error() {
    assert!(Vocabulary::from_release("not json").is_err());
    assert!(Vocabulary::from_release(r#"{"@graph": []}"#).is_err());
    assert!(Vocabulary::from_release("[1, 2]").is_err());
}

#[test]
fn the_vocabulary_and_diagnostics_cross_threads() {
    fn send_sync<T: Send + Sync>() {}
    send_sync::<Vocabulary>();
    send_sync::<harvest_check::Diagnostic>();
    send_sync::<harvest_check::VocabularyError>();
}
