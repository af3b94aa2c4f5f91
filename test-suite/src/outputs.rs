//! Every extractor's output of one document as comparable strings: what the depth tests
//! (`tests/deep_wrapping.rs`) and the `depth_differential` fuzz target compare between a page
//! and the same page nested deeper. Links are written without their element paths, which name
//! the wrapping elements.

use harvest_dom::Document;

/// mf2, microdata, RDFa (graph and processor graph), links (compact, without paths), Open
/// Graph and Dublin Core of `document`, one labelled string each.
pub fn every_extractor(document: &Document) -> Vec<String> {
    let mf2 = match harvest_mf2::parse(document, &harvest_mf2::Options::new()) {
        Ok(doc) => doc.to_json(),
        Err(error) => format!("error: {error}"),
    };
    let microdata = harvest_microdata::to_json(document, &harvest_microdata::JsonOptions::new());
    let rdfa = harvest_rdfa::parse(document, &harvest_rdfa::RdfaOptions::new().processor_graph(true))
        .map(|rdfa| (rdfa.to_ntriples(), format!("{:?}", rdfa.diagnostics)));
    let links: Vec<String> = harvest_links::links(document)
        .iter()
        .map(|link| {
            let mut compact = link.compact();
            compact.path = "";
            serde_json::to_string(&compact).unwrap_or_default()
        })
        .collect();
    let opengraph = serde_json::to_string(&harvest_meta::opengraph(document)).unwrap_or_default();
    let dublin_core = serde_json::to_string(&harvest_meta::dublin_core(document)).unwrap_or_default();
    vec![
        format!("mf2: {mf2}"),
        format!("microdata: {microdata}"),
        format!("rdfa: {rdfa:?}"),
        format!("links: {links:?}"),
        format!("opengraph: {opengraph}"),
        format!("dublin core: {dublin_core}"),
    ]
}
