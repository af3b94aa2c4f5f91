//! The extracting subcommands: their options on the command line, turned into the front
//! door's [`Extraction`] (`harvest_html::output`, which runs them).

use crate::Common;
use clap::{Args, Subcommand};
use harvest_html::output::{
    AllOptions, ConversionSource, Extraction, FeedSource, GraphFormat, GraphOutput, GraphSource, IcalOutput, LinksMode,
    Mf2Output, MicrodataChoiceError, MicrodataFormat, MicrodataOutput, RdfAlgorithm, RdfFormat, RdfOutput, RdfaFormat,
    RdfaGraph, RdfaOutput, Registry, VcardOutput,
};
use harvest_html::{LinksDetail, Mf2Options, Mf2Root, Mf2Text};

#[derive(Args, Clone)]
pub(crate) struct Mf2Args {
    #[command(flatten)]
    common: Common,
    /// Add `lang` to items and e- values (from the nearest lang attribute).
    #[arg(long)]
    lang: bool,
    /// Imply an h-entry from `<title>`, `<meta name=description>`, Open Graph and Twitter tags when
    /// the page has no microformats.
    #[arg(long)]
    metaformats: bool,
    /// Only items of these types (repeatable), e.g. --filter h-entry.
    #[arg(long = "filter", value_name = "TYPE")]
    filter: Vec<String>,
    /// Also write the old `alternates` array of the 2014 parsing spec.
    #[arg(long)]
    alternates: bool,
    /// Leave out CSS framework classes that look like microformats (Tailwind's h-full,
    /// h-screen, p-px...; the list is in docs/mf2.md).
    #[arg(long)]
    filter_roots: bool,
    /// Parse only the element with this ID and its descendants, the element included.
    #[arg(long, value_name = "ID", conflicts_with = "root_selector")]
    root_id: Option<String>,
    /// Parse only the first element matching this CSS selector and its descendants.
    #[arg(long, value_name = "CSS")]
    root_selector: Option<String>,
    /// Give img values their srcset candidates: {"value", "alt", "srcset": {"1x": url, "640w": url}}.
    #[arg(long)]
    srcset: bool,
    /// Write JF2 (the W3C note's simplified JSON) instead of the microformats2 JSON.
    #[arg(long)]
    jf2: bool,
    /// How element text is read: `classic` (the parsing specification's textContent) or
    /// `thorough` (the microformats wiki's algorithm: line breaks for <br> and paragraphs,
    /// white space collapsed).
    #[arg(long, value_enum, default_value = "classic", value_name = "ALGORITHM")]
    text: Mf2Text,
    /// Add to each item "source-paths": the element path of the item and of each property
    /// value (implied ones included), to see why a value appeared.
    #[arg(long)]
    source_paths: bool,
    /// Give classic roots (vcard, hentry...) their id as microformats2 roots have theirs (the
    /// official suite expects none).
    #[arg(long)]
    classic_root_ids: bool,
}

#[derive(Args, Clone)]
pub(crate) struct MicrodataArgs {
    #[command(flatten)]
    common: Common,
    /// Print the validator's diagnostics instead of the items.
    #[arg(long, conflicts_with = "format")]
    validate: bool,
    /// `json`: the microdata JSON of the HTML standard; `jsonld`: JSON-LD, one object per
    /// top-level item with @context, @type and @id, nested items inline (schema.org items with
    /// short names), from the W3C Microdata-to-RDF conversion.
    #[arg(long, value_enum, default_value = "json")]
    format: MicrodataFormat,
    /// A vocabulary registry for --format jsonld (JSON, the W3C note's form).
    #[arg(long, value_name = "FILE")]
    registry: Option<std::path::PathBuf>,
    /// Read a `content` attribute on any element whose value would be its text (`<span
    /// itemprop=price content=10.00>`), as schema.org's examples and extruct do; the HTML
    /// standard reads `content` on `meta` only. JSON output only.
    #[arg(long, conflicts_with = "validate")]
    content_attribute: bool,
}

/// Reads a registry file.
fn registry(path: Option<&std::path::Path>) -> Result<Option<Registry>, String> {
    let Some(path) = path else { return Ok(None) };
    let text = std::fs::read_to_string(path).map_err(|e| format!("--registry {}: {e}", path.display()))?;
    Registry::from_json(&text).map(Some).map_err(|e| format!("--registry {}: {e}", path.display()))
}

#[derive(Args, Clone)]
pub(crate) struct LinksArgs {
    #[command(flatten)]
    common: Common,
    /// Only the syndication feeds, the default feed first.
    #[arg(long, conflicts_with = "check")]
    feeds: bool,
    /// Print what the link-type rules forbid instead of the links.
    #[arg(long)]
    check: bool,
}

#[derive(Args, Clone)]
pub(crate) struct VcardArgs {
    #[command(flatten)]
    common: Common,
    /// Where the contacts come from.
    #[arg(long, value_enum, default_value = "auto")]
    from: ConversionSource,
    /// Every contact on the page, not only the first (microdata) or representative (mf2) one.
    #[arg(long)]
    all: bool,
    /// Fold lines at 75 octets (RFC 6350) instead of 75 characters (the HTML specification).
    #[arg(long)]
    octets: bool,
}

#[derive(Args, Clone)]
pub(crate) struct IcalArgs {
    #[command(flatten)]
    common: Common,
    /// Where the events come from.
    #[arg(long, value_enum, default_value = "auto")]
    from: ConversionSource,
    /// Fold lines at 75 octets (RFC 5545) instead of 75 characters (the HTML specification).
    #[arg(long)]
    octets: bool,
    /// Write microdata date-times that carry an offset as UTC (RFC 5545 form) rather than
    /// stripping `-` and `:` as the HTML specification does.
    #[arg(long)]
    rfc5545: bool,
}

#[derive(Args, Clone)]
pub(crate) struct AtomArgs {
    #[command(flatten)]
    common: Common,
    /// Where the entries come from.
    #[arg(long, value_enum, default_value = "auto")]
    from: FeedSource,
}

#[derive(Args, Clone)]
pub(crate) struct RdfArgs {
    #[command(flatten)]
    common: Common,
    /// The syntax written.
    #[arg(long, value_enum, default_value = "nt")]
    format: RdfFormat,
    /// `w3c`: the W3C note "Microdata to RDF" (schema.org properties as `http://schema.org/name`,
    /// typed dates and numbers); `html5`: HTML 5.0 §5.5.2 (the page's title, links and meta
    /// too, microdata predicates made of the type and the name).
    #[arg(long, value_enum, default_value = "w3c")]
    algorithm: RdfAlgorithm,
    /// A vocabulary registry for the W3C conversion (JSON, the note's form; default: the
    /// note's default registry).
    #[arg(long, value_name = "FILE")]
    registry: Option<std::path::PathBuf>,
}

#[derive(Args, Clone)]
pub(crate) struct RdfaArgs {
    #[command(flatten)]
    common: Common,
    /// The syntax written.
    #[arg(long, value_enum, default_value = "jsonld")]
    format: RdfaFormat,
    /// Which graph (pyRdfa's `rdfagraph`).
    #[arg(long, value_enum, default_value = "output")]
    graph: RdfaGraph,
    /// RDFa vocabulary expansion (rdfs:subPropertyOf, owl:equivalent*), from the page's own
    /// triples: no vocabulary is fetched.
    #[arg(long)]
    vocab_expansion: bool,
}

#[derive(Args, Clone)]
pub(crate) struct GraphArgs {
    #[command(flatten)]
    common: Common,
    /// The syntax written.
    #[arg(long, value_enum, default_value = "nquads")]
    format: GraphFormat,
    /// Only these syntaxes (repeatable or comma-separated; default: all four).
    #[arg(long = "syntax", value_enum, value_name = "SYNTAX", value_delimiter = ',')]
    syntaxes: Vec<GraphSource>,
    /// After each statement, a comment naming the syntaxes it came from (`… . # microdata
    /// json-ld`); N-Quads and N-Triples only. Parsers skip comments.
    #[arg(long)]
    provenance: bool,
    /// A JSON-LD document for a remote context's URL, read from a file (repeatable). No
    /// context is ever fetched; schema.org's is bundled.
    #[arg(long = "context", value_name = "URL=FILE")]
    contexts: Vec<String>,
    /// A vocabulary registry for the microdata (JSON, the W3C note's form).
    #[arg(long, value_name = "FILE")]
    registry: Option<std::path::PathBuf>,
}

/// Reads `--context URL=FILE` arguments.
fn contexts(arguments: &[String]) -> Result<Vec<(String, Vec<u8>)>, String> {
    arguments
        .iter()
        .map(|argument| {
            let (url, path) =
                argument.split_once('=').ok_or_else(|| format!("--context {argument}: expected URL=FILE"))?;
            let document = std::fs::read(path).map_err(|e| format!("--context {argument}: {path}: {e}"))?;
            Ok((url.to_owned(), document))
        })
        .collect()
}

#[derive(Args, Clone)]
pub(crate) struct AllArgs {
    #[command(flatten)]
    common: Common,
    /// How much of each link: `compact` gives url, rel (the link types), tag, path, hyperlink,
    /// external_resource, and hreflang, type, media, title when present; `full` gives every
    /// link type's classification and the links each element creates, as `harvest links`.
    #[arg(long, value_enum, default_value = "compact", value_name = "FORM")]
    links: LinksDetail,
}

/// The extracting subcommands.
#[derive(Subcommand, Clone)]
pub(crate) enum ExtractCommand {
    /// Microformats2 (and classic microformats) as the microformats JSON.
    #[command(after_help = "Examples:\n  harvest mf2 page.html --base-url https://example.com/post\n  \
                            curl -s https://example.com/ | harvest mf2 - --base-url https://example.com/ --pretty\n  \
                            harvest mf2 site/ --filter h-entry > entries.jsonl\n  \
                            harvest mf2 page.html --jf2 --root-id main --filter-roots\n  \
                            harvest mf2 page.html --root-selector 'article.h-entry' --srcset --text thorough\n  \
                            harvest mf2 page.html --source-paths --pretty")]
    Mf2(Mf2Args),
    /// Microdata items as the JSON of the HTML microdata chapter.
    #[command(after_help = "Examples:\n  harvest microdata page.html --base-url https://example.com/\n  \
                            harvest microdata page.html --format jsonld\n  \
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
    /// The page's microdata as RDF (the W3C note "Microdata to RDF", or HTML 5.0's conversion).
    #[command(after_help = "Examples:\n  harvest rdf page.html --base-url https://example.com/\n  \
                            harvest rdf page.html --format ttl\n  \
                            harvest rdf page.html --algorithm html5\n  \
                            harvest rdf page.html --registry my-registry.json")]
    Rdf(RdfArgs),
    /// RDFa 1.1 (RDFa Core, HTML+RDFa) as JSON-LD, Turtle or N-Triples.
    #[command(after_help = "Examples:\n  harvest rdfa page.html --base-url https://example.com/\n  \
                            harvest rdfa page.html --format ttl\n  \
                            harvest rdfa page.html --format nt --graph processor\n  \
                            harvest rdfa crawl.warc.gz -o rdfa.jsonl\n\n\
                            The JSON-LD is expanded (full IRIs), the form of extruct's rdfa output; docs/rdfa.md.")]
    Rdfa(RdfaArgs),
    /// Every RDF syntax of the page (microdata, RDFa, JSON-LD, Dublin Core) as one dataset:
    /// N-Quads with the page's URL as graph, by default.
    #[command(after_help = "Examples:\n  harvest graph page.html --base-url https://example.com/\n  \
                            harvest graph crawl.warc.gz -o crawl.nq\n  \
                            harvest graph page.html --format turtle --syntax json-ld\n  \
                            harvest graph page.html --provenance\n  \
                            harvest graph page.html --context https://example.com/ctx.jsonld=ctx.jsonld\n\n\
                            Batches write one stream (each page's statements in input order), ready to concatenate; \
                            blank nodes are labelled from a hash of each page's statements, so no two pages share one. \
                            docs/graph.md.")]
    Graph(GraphArgs),
    /// Check the page's structured data (microdata, RDFa, JSON-LD) against schema.org and
    /// the search features' requirements: diagnostics with their page lines.
    #[command(after_help = crate::CHECK_HELP)]
    Check(crate::check::CheckArgs),
    /// One parse, every extractor: {url, microdata, mf2, links, json-ld, opengraph, dublincore,
    /// rdfa}.
    /// The links are in a compact form (--links full for every detail, as `harvest links`).
    #[command(after_help = "Examples:\n  harvest all page.html --base-url https://example.com/ --pretty\n  \
                            harvest all crawl.warc.gz -o pages.jsonl\n  \
                            harvest all site/ --links full > pages.jsonl")]
    All(AllArgs),
}

impl ExtractCommand {
    /// The shared options and what to run, or why the options are wrong (a registry file that
    /// cannot be read).
    pub(crate) fn into_parts(self) -> Result<(Common, Extraction), String> {
        Ok(match self {
            ExtractCommand::Check(args) => {
                let (common, extraction, _) = args.into_parts()?;
                (common, extraction)
            }
            ExtractCommand::Mf2(args) => (
                args.common,
                Extraction::Mf2({
                    let mut options = Mf2Options::new()
                        .lang(args.lang)
                        .metaformats(args.metaformats)
                        .alternates(args.alternates)
                        .filter_roots(args.filter_roots)
                        .srcset(args.srcset)
                        .text(args.text)
                        .source_paths(args.source_paths)
                        .classic_root_ids(args.classic_root_ids);
                    if !args.filter.is_empty() {
                        options = options.filter_types(args.filter);
                    }
                    match (args.root_id, args.root_selector) {
                        (Some(id), _) => options = options.root(Mf2Root::id(id)),
                        (None, Some(selector)) => {
                            options = options.root(Mf2Root::selector(selector).map_err(|e| e.to_string())?);
                        }
                        (None, None) => {}
                    }
                    Mf2Output::new().options(options).jf2(args.jf2)
                }),
            ),
            ExtractCommand::Microdata(args) => {
                let in_flags = |error: MicrodataChoiceError| match error {
                    MicrodataChoiceError::ContentAttributeNeedsJson => {
                        "--content-attribute applies to --format json".to_owned()
                    }
                    MicrodataChoiceError::ValidateTakesNoFormat { .. } => {
                        "--validate gives diagnostics: it takes no --format".to_owned()
                    }
                    MicrodataChoiceError::RegistryNeedsJsonLd => "--registry applies to --format jsonld".to_owned(),
                    other => other.to_string(),
                };
                let mut output = MicrodataOutput::from_options(args.validate, args.format, args.content_attribute)
                    .map_err(in_flags)?;
                if let Some(registry) = registry(args.registry.as_deref())? {
                    output = output.registry(registry).map_err(in_flags)?;
                }
                (args.common, Extraction::Microdata(output))
            }
            ExtractCommand::Links(args) => {
                let mode = match (args.feeds, args.check) {
                    (true, _) => LinksMode::Feeds,
                    (_, true) => LinksMode::Check,
                    _ => LinksMode::All,
                };
                (args.common, Extraction::Links(mode))
            }
            ExtractCommand::Vcard(args) => {
                (args.common, Extraction::Vcard(VcardOutput::new().from(args.from).all(args.all).octets(args.octets)))
            }
            ExtractCommand::Ical(args) => (
                args.common,
                Extraction::Ical(IcalOutput::new().from(args.from).octets(args.octets).rfc5545(args.rfc5545)),
            ),
            ExtractCommand::Atom(args) => (args.common, Extraction::Atom(args.from)),
            ExtractCommand::Rdf(args) => {
                let registry = registry(args.registry.as_deref())?;
                (
                    args.common,
                    Extraction::Rdf(RdfOutput::new().format(args.format).algorithm(args.algorithm).registry(registry)),
                )
            }
            ExtractCommand::Rdfa(args) => {
                let options =
                    RdfaOutput::new().format(args.format).graph(args.graph).vocabulary_expansion(args.vocab_expansion);
                (args.common, Extraction::Rdfa(options))
            }
            ExtractCommand::Graph(args) => {
                let mut output = GraphOutput::new().format(args.format).provenance(args.provenance);
                if !args.syntaxes.is_empty() {
                    output = output.sources(args.syntaxes);
                }
                for (url, document) in contexts(&args.contexts)? {
                    output = output.context(url, document);
                }
                if let Some(registry) = registry(args.registry.as_deref())? {
                    output = output.registry(registry);
                }
                output.check()?;
                (args.common, Extraction::Graph(output))
            }
            ExtractCommand::All(args) => (args.common, Extraction::All(AllOptions::new().links(args.links))),
        })
    }
}
