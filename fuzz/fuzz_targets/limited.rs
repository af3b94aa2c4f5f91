//! Every extraction within limits (`Extraction::write_limited`), as `harvest serve` runs them
//! with its `--max-depth` and `--max-values`.
//!
//! The first byte chooses the extraction, the second the limits: a depth bound of 1 to 64 or
//! the default, a value bound of 0 to 63 or each extractor's own. Invariants: no panic; an
//! error is the extraction's own (nothing found, a limit), never an I/O error; JSON outputs are
//! JSON; with the default limits the output is `Extraction::write`'s.
#![no_main]

use harvest_fuzz::page_url;
use harvest_html::output::Mf2Output;
use harvest_html::output::{
    AllOptions, ConversionSource, Extraction, FeedSource, IcalOutput, LinksMode, MicrodataOutput, RdfAlgorithm,
    RdfFormat, RdfOutput, VcardOutput,
};
use harvest_html::Page;
use harvest_html::{Limits, LinksDetail, Mf2Options};
use libfuzzer_sys::fuzz_target;
use serde::Deserialize;

fn extraction(choice: u8) -> Extraction {
    let from = [ConversionSource::Auto, ConversionSource::Microdata, ConversionSource::Mf2][(choice as usize / 16) % 3];
    match choice % 12 {
        0 => Extraction::Mf2(Mf2Output::new()),
        1 => Extraction::Mf2(Mf2Output::new().options(Mf2Options::new().source_paths(true)).jf2(true)),
        2 => Extraction::Microdata(MicrodataOutput::default()),
        3 => Extraction::Microdata(MicrodataOutput::JsonLd(None)),
        4 => Extraction::Microdata(MicrodataOutput::Validate),
        5 => Extraction::Links(LinksMode::All),
        6 => Extraction::Vcard(VcardOutput::new().from(from).all(true)),
        7 => Extraction::Ical(IcalOutput::new().from(from).octets(true).rfc5545(true)),
        8 => Extraction::Atom(FeedSource::Auto),
        9 => Extraction::Rdf(RdfOutput::new().format(RdfFormat::Turtle).algorithm(RdfAlgorithm::W3c)),
        10 => Extraction::Rdf(RdfOutput::new().format(RdfFormat::NTriples).algorithm(RdfAlgorithm::Html5)),
        _ => Extraction::All(AllOptions::new().links(LinksDetail::Full)),
    }
}

fuzz_target!(|data: &[u8]| {
    let [choice, bounds, html @ ..] = data else { return };
    let extraction = extraction(*choice);
    let limits = Limits::new()
        .max_depth(if bounds & 0x40 == 0 { usize::from(bounds & 0x3f) + 1 } else { Limits::default().max_depth })
        .max_values((bounds & 0x80 == 0).then_some(usize::from(bounds & 0x3f)));
    let page = Page::new("fuzz", html.to_vec(), Some(page_url().as_str()));
    let mut limited = Vec::new();
    match extraction.write_limited(&page, &limits, &mut limited) {
        Ok(()) if extraction.is_json() => {
            // serde_json reads 128 levels deep; deeper outputs are not read back.
            let mut reader = serde_json::Deserializer::from_slice(&limited);
            if let Err(error) = serde::de::IgnoredAny::deserialize(&mut reader) {
                assert!(error.to_string().contains("recursion limit"), "{error}: not JSON");
            }
        }
        Ok(()) => {}
        Err(error) if !matches!(error, harvest_html::Error::Io(_)) => {}
        Err(error) => panic!("writing to a Vec failed: {error}"),
    }
    let mut unlimited = Vec::new();
    let default = extraction.write_limited(&page, &Limits::default(), &mut unlimited).map(|()| unlimited);
    let mut plain = Vec::new();
    let written = extraction.write(&page, &mut plain).map(|()| plain);
    assert_eq!(default.ok(), written.ok(), "the default limits are write's");
});
