//! The extracting subcommands: what each one runs on a parsed page.

use crate::Common;
use clap::{Args, Subcommand};
use harvest_dom::{Document, ParseOptions, Url};
use harvest_pipeline::Page;
use serde_json::{json, Value};

/// What a subcommand produced for a page.
pub enum Output {
    /// JSON, printed compact or pretty.
    Json(Value),
    /// A text format (vCard, iCalendar, Atom, RDF), printed as it is.
    Text(String),
}

/// Why a subcommand produced nothing for a page.
pub enum ExtractError {
    /// The page has nothing the subcommand needs.
    NothingFound(String),
    /// The extraction failed.
    Failed(String),
}

#[derive(Args, Clone)]
pub struct Mf2Args {
    #[command(flatten)]
    common: Common,
    /// Add `lang` to items and e- values (from the nearest lang attribute).
    #[arg(long)]
    lang: bool,
    /// Imply an h-entry from <title>, <meta name=description>, Open Graph and Twitter tags when
    /// the page has no microformats.
    #[arg(long)]
    metaformats: bool,
    /// Only items of these types (repeatable), e.g. --filter h-entry.
    #[arg(long = "filter", value_name = "TYPE")]
    filter: Vec<String>,
    /// Also write the old `alternates` array of the 2014 parsing spec.
    #[arg(long)]
    alternates: bool,
}

#[derive(Args, Clone)]
pub struct MicrodataArgs {
    #[command(flatten)]
    common: Common,
    /// Print the validator's diagnostics instead of the items.
    #[arg(long)]
    validate: bool,
}

#[derive(Args, Clone)]
pub struct LinksArgs {
    #[command(flatten)]
    common: Common,
    /// Only the syndication feeds, the default feed first.
    #[arg(long, conflicts_with = "check")]
    feeds: bool,
    /// Print what the link-type rules forbid instead of the links.
    #[arg(long)]
    check: bool,
}

/// Where a conversion reads its data.
#[derive(clap::ValueEnum, Clone, Copy, PartialEq, Eq)]
pub enum Source {
    /// Microdata first; microformats2 when the page has no microdata to convert.
    Auto,
    /// Microdata items (the HTML vCard and vEvent vocabularies).
    Microdata,
    /// Microformats2 (h-card, h-event).
    Mf2,
}

#[derive(Args, Clone)]
pub struct VcardArgs {
    #[command(flatten)]
    common: Common,
    /// Where the contacts come from.
    #[arg(long, value_enum, default_value = "auto")]
    from: Source,
    /// Every contact on the page, not only the first (microdata) or representative (mf2) one.
    #[arg(long)]
    all: bool,
    /// Fold lines at 75 octets (RFC 6350) instead of 75 characters (the HTML specification).
    #[arg(long)]
    octets: bool,
}

#[derive(Args, Clone)]
pub struct IcalArgs {
    #[command(flatten)]
    common: Common,
    /// Where the events come from.
    #[arg(long, value_enum, default_value = "auto")]
    from: Source,
    /// Fold lines at 75 octets (RFC 5545) instead of 75 characters (the HTML specification).
    #[arg(long)]
    octets: bool,
    /// Write microdata date-times that carry an offset as UTC (RFC 5545 form) rather than
    /// stripping `-` and `:` as the HTML specification does.
    #[arg(long)]
    rfc5545: bool,
}

/// Where an Atom feed is read from.
#[derive(clap::ValueEnum, Clone, Copy, PartialEq, Eq)]
pub enum FeedSource {
    /// The document's `article` elements; the mf2 h-feed when it has none.
    Auto,
    /// The document's `article` elements (HTML "Atom feed" extraction).
    Document,
    /// The mf2 h-feed, or the page's top-level h-entries.
    Mf2,
}

#[derive(Args, Clone)]
pub struct AtomArgs {
    #[command(flatten)]
    common: Common,
    /// Where the entries come from.
    #[arg(long, value_enum, default_value = "auto")]
    from: FeedSource,
}

/// An RDF syntax.
#[derive(clap::ValueEnum, Clone, Copy, PartialEq, Eq)]
pub enum RdfFormat {
    /// N-Triples.
    Nt,
    /// Turtle.
    Ttl,
}

#[derive(Args, Clone)]
pub struct RdfArgs {
    #[command(flatten)]
    common: Common,
    /// The syntax written.
    #[arg(long, value_enum, default_value = "nt")]
    format: RdfFormat,
}

#[derive(Args, Clone)]
pub struct AllArgs {
    #[command(flatten)]
    common: Common,
}

/// The extracting subcommands.
#[derive(Subcommand, Clone)]
pub enum ExtractCommand {
    /// Microformats2 (and classic microformats) as the microformats JSON.
    #[command(after_help = "Examples:\n  harvest mf2 page.html --base-url https://example.com/post\n  \
                            curl -s https://example.com/ | harvest mf2 - --base-url https://example.com/ --pretty\n  \
                            harvest mf2 site/ --filter h-entry > entries.jsonl")]
    Mf2(Mf2Args),
    /// Microdata items as the JSON of the HTML microdata chapter.
    #[command(after_help = "Examples:\n  harvest microdata page.html --base-url https://example.com/\n  \
                            harvest microdata page.html --validate")]
    Microdata(MicrodataArgs),
    /// Every link of the page with its link types, or the feeds, or the link-type checker.
    #[command(after_help = "Examples:\n  harvest links page.html --base-url https://example.com/\n  \
                            harvest links page.html --feeds\n  harvest links page.html --check")]
    Links(LinksArgs),
    /// Contacts as vCard 4.0 (.vcf), from microdata hcard items or mf2 h-cards.
    #[command(after_help = "Examples:\n  harvest vcard page.html --base-url https://example.com/ > contact.vcf\n  \
                            harvest vcard page.html --from mf2 --all -o contacts.vcf")]
    Vcard(VcardArgs),
    /// Events as iCalendar (.ics), from microdata vevent items or mf2 h-events.
    #[command(after_help = "Examples:\n  harvest ical page.html --base-url https://example.com/ > events.ics\n  \
                            harvest ical page.html --from mf2 --octets")]
    Ical(IcalArgs),
    /// An Atom feed of the page's articles, or of its mf2 h-feed.
    #[command(after_help = "Examples:\n  harvest atom page.html --base-url https://example.com/ > feed.atom\n  \
                            harvest atom page.html --from mf2")]
    Atom(AtomArgs),
    /// The page's microdata (and links, title, meta) as RDF.
    #[command(after_help = "Examples:\n  harvest rdf page.html --base-url https://example.com/\n  \
                            harvest rdf page.html --format ttl")]
    Rdf(RdfArgs),
    /// One parse, every extractor: {url, microdata, mf2, links, json-ld}.
    #[command(after_help = "Examples:\n  harvest all page.html --base-url https://example.com/ --pretty\n  \
                            harvest all crawl.warc.gz -o pages.jsonl")]
    All(AllArgs),
}

impl ExtractCommand {
    /// The shared options and what to run.
    pub fn into_parts(self) -> (Common, Extraction) {
        match self {
            ExtractCommand::Mf2(args) => (args.common.clone(), Extraction::Mf2(args)),
            ExtractCommand::Microdata(args) => (args.common.clone(), Extraction::Microdata(args)),
            ExtractCommand::Links(args) => (args.common.clone(), Extraction::Links(args)),
            ExtractCommand::Vcard(args) => (args.common.clone(), Extraction::Vcard(args)),
            ExtractCommand::Ical(args) => (args.common.clone(), Extraction::Ical(args)),
            ExtractCommand::Atom(args) => (args.common.clone(), Extraction::Atom(args)),
            ExtractCommand::Rdf(args) => (args.common.clone(), Extraction::Rdf(args)),
            ExtractCommand::All(args) => (args.common, Extraction::All),
        }
    }
}

/// A subcommand with its options, ready to run on pages.
pub enum Extraction {
    Mf2(Mf2Args),
    Microdata(MicrodataArgs),
    Links(LinksArgs),
    Vcard(VcardArgs),
    Ical(IcalArgs),
    Atom(AtomArgs),
    Rdf(RdfArgs),
    All,
}

/// Parses a page: its bytes with its transport charset, its URL when it has a valid one.
fn parse(page: &Page) -> Document {
    let mut options = ParseOptions::new();
    if let Some(url) = page.url.as_deref().and_then(|u| Url::parse(u).ok()) {
        options = options.url(url);
    }
    if let Some(charset) = &page.charset {
        options = options.transport_charset(charset.clone());
    }
    Document::parse_bytes(&page.bytes, &options)
}

fn to_value<T: serde::Serialize>(value: &T) -> Result<Value, ExtractError> {
    serde_json::to_value(value).map_err(|e| ExtractError::Failed(e.to_string()))
}

/// Runs the mf2 parser, with the subcommand's options or (for `all`) the defaults. The page
/// URL reaches harvest-mf2 as written (`http://example.test`, not the parsed
/// `http://example.test/`): an empty `href` resolves to the URL as written, as the official
/// suite expects.
fn mf2(doc: &Document, page_url: Option<&str>, args: Option<&Mf2Args>) -> Result<Value, ExtractError> {
    let mut options = harvest_mf2::Options::new();
    if let Some(args) = args {
        options = options.lang(args.lang).metaformats(args.metaformats).alternates(args.alternates);
        if !args.filter.is_empty() {
            options = options.filter_types(args.filter.iter().cloned());
        }
    }
    if let Some(url) = page_url.filter(|_| doc.url().is_some()) {
        options = options.base_url(url);
    }
    let parsed = harvest_mf2::parse(doc, &options).map_err(|e| ExtractError::Failed(e.to_string()))?;
    Ok(parsed.to_value())
}

fn microdata(doc: &Document) -> Result<Value, ExtractError> {
    let json = harvest_microdata::try_to_json(doc, &harvest_microdata::JsonOptions::new())
        .map_err(|e| ExtractError::Failed(e.to_string()))?;
    serde_json::from_str(&json).map_err(|e| ExtractError::Failed(e.to_string()))
}

fn links(doc: &Document, args: &LinksArgs) -> Result<Value, ExtractError> {
    if args.check {
        to_value(&harvest_links::check(doc))
    } else if args.feeds {
        to_value(&harvest_links::feeds(doc))
    } else {
        to_value(&harvest_links::links(doc))
    }
}

/// The page parsed for microformats, for the conversions that read h-cards, h-events, h-feeds.
fn mf2_document(doc: &Document) -> Result<harvest_mf2::Document, ExtractError> {
    let mut options = harvest_mf2::Options::new();
    if let Some(url) = doc.url() {
        options = options.base_url(url.as_str());
    }
    harvest_mf2::parse(doc, &options).map_err(|e| ExtractError::Failed(e.to_string()))
}

fn folding(octets: bool) -> harvest_export::content_line::Folding {
    if octets {
        harvest_export::content_line::Folding::Octets
    } else {
        harvest_export::content_line::Folding::default()
    }
}

fn vcard(doc: &Document, args: &VcardArgs) -> Result<String, ExtractError> {
    use harvest_export::vcard::{from_mf2, from_microdata, VcardError, VcardOptions};
    let options = VcardOptions::new().all(args.all).folding(folding(args.octets));
    let nothing = |e: VcardError| ExtractError::NothingFound(e.to_string());
    match args.from {
        Source::Microdata => from_microdata(doc, &options).map_err(nothing),
        Source::Mf2 => from_mf2(&mf2_document(doc)?, doc.url(), &options).map_err(nothing),
        Source::Auto => match from_microdata(doc, &options) {
            Ok(card) => Ok(card),
            Err(_) => from_mf2(&mf2_document(doc)?, doc.url(), &options).map_err(nothing),
        },
    }
}

fn ical(doc: &Document, args: &IcalArgs) -> Result<String, ExtractError> {
    use harvest_export::ical::{from_mf2, from_microdata, IcalError, IcalOptions};
    let options = IcalOptions::new().folding(folding(args.octets)).rfc5545_date_times(args.rfc5545);
    let nothing = |e: IcalError| ExtractError::NothingFound(e.to_string());
    match args.from {
        Source::Microdata => from_microdata(doc, &options).map_err(nothing),
        Source::Mf2 => from_mf2(&mf2_document(doc)?, doc.url(), &options).map_err(nothing),
        Source::Auto => match from_microdata(doc, &options) {
            Ok(calendar) => Ok(calendar),
            Err(_) => from_mf2(&mf2_document(doc)?, doc.url(), &options).map_err(nothing),
        },
    }
}

fn atom(doc: &Document, args: &AtomArgs) -> Result<String, ExtractError> {
    use harvest_export::atom::{from_document, from_mf2, AtomError, AtomOptions};
    let options = AtomOptions::new();
    let failed = |e: AtomError| match e {
        AtomError::NothingFound => ExtractError::NothingFound(e.to_string()),
        other => ExtractError::Failed(other.to_string()),
    };
    match args.from {
        FeedSource::Document => from_document(doc, &options).map_err(failed),
        FeedSource::Mf2 => from_mf2(&mf2_document(doc)?, &options).map_err(failed),
        FeedSource::Auto => match from_document(doc, &options) {
            Err(AtomError::NothingFound) => from_mf2(&mf2_document(doc)?, &options).map_err(failed),
            other => other.map_err(failed),
        },
    }
}

fn rdf(doc: &Document, args: &RdfArgs) -> Result<String, ExtractError> {
    let graph = harvest_export::rdf::from_microdata(doc, &harvest_export::rdf::RdfOptions::new())
        .map_err(|e| ExtractError::Failed(e.to_string()))?;
    Ok(match args.format {
        RdfFormat::Nt => graph.to_ntriples(),
        RdfFormat::Ttl => graph.to_turtle(),
    })
}

impl Extraction {
    /// The record key of this subcommand's output in batch mode.
    pub fn name(&self) -> &'static str {
        match self {
            Extraction::Mf2(_) => "mf2",
            Extraction::Microdata(_) => "microdata",
            Extraction::Links(_) => "links",
            Extraction::Vcard(_) => "vcard",
            Extraction::Ical(_) => "ical",
            Extraction::Atom(_) => "atom",
            Extraction::Rdf(_) => "rdf",
            Extraction::All => "all",
        }
    }

    /// Runs on one page.
    pub fn run(&self, page: &Page) -> Result<Output, ExtractError> {
        let doc = parse(page);
        match self {
            Extraction::Mf2(args) => mf2(&doc, page.url.as_deref(), Some(args)).map(Output::Json),
            Extraction::Microdata(args) if args.validate => {
                to_value(&harvest_microdata::validate(&doc)).map(Output::Json)
            }
            Extraction::Microdata(_) => microdata(&doc).map(Output::Json),
            Extraction::Links(args) => links(&doc, args).map(Output::Json),
            Extraction::Vcard(args) => vcard(&doc, args).map(Output::Text),
            Extraction::Ical(args) => ical(&doc, args).map(Output::Text),
            Extraction::Atom(args) => atom(&doc, args).map(Output::Text),
            Extraction::Rdf(args) => rdf(&doc, args).map(Output::Text),
            Extraction::All => {
                let (json_ld, json_ld_errors) = crate::jsonld::blocks(&doc);
                let mut record = json!({
                    "url": doc.url().map(Url::as_str),
                    "microdata": microdata(&doc)?,
                    "mf2": mf2(&doc, page.url.as_deref(), None)?,
                    "links": to_value(&harvest_links::links(&doc))?,
                    "json-ld": json_ld,
                });
                if !json_ld_errors.is_empty() {
                    record["errors"] = Value::Array(json_ld_errors);
                }
                Ok(Output::Json(record))
            }
        }
    }
}
