//! Query parameters → what to extract.
//!
//! Every option of a subcommand on the command line is a query parameter of its endpoint,
//! with the same name (`root_selector` or `root-selector` for `--root-selector`) and the same
//! values: the parameters are turned into command-line arguments and parsed by the
//! subcommand's own definitions, so the two front ends cannot drift apart and every value is
//! checked the same way. A flag is `name`, `name=true` or `name=1` (`false`, `0`: off); a
//! repeatable option is the parameter repeated (`filter=h-entry&filter=h-card`).
//!
//! What names a file on the command line is not a parameter: the inputs (the body or `url`),
//! `--output`, `--jobs`, `--glob`, `graph`'s `--context` (a server reads no file a request
//! names). `registry` is the registry's JSON itself, not a path.
//!
//! `/v1/graph` without `format` answers in the RDF syntax the client's `Accept` names first
//! (`application/n-quads`, `application/n-triples`, `text/turtle`, `application/trig`,
//! `application/ld+json`), N-Quads otherwise.

use crate::extract::ExtractCommand;
use crate::Common;
use clap::{CommandFactory, FromArgMatches, Parser};
use harvest_html::output::{Extraction, GraphFormat, MicrodataOutput, Registry};

/// The extracting subcommands alone, to parse an endpoint's parameters with.
#[derive(Parser)]
#[command(name = "harvest", no_binary_name = true, disable_help_flag = true, disable_version_flag = true)]
struct Endpoints {
    #[command(subcommand)]
    command: ExtractCommand,
}

/// Command-line options that are not parameters (files, batches), and those the server reads
/// itself.
/// `check` answers JSON (`check_format`), against the bundled vocabulary (`vocabulary`), with
/// no batch to report on (`summary`) and no exit status (`deny`).
const NOT_PARAMETERS: [&str; 11] = [
    "inputs",
    "output",
    "jobs",
    "glob",
    "help",
    "registry",
    "contexts",
    "check_format",
    "vocabulary",
    "summary",
    "deny",
];

/// What a request asks for.
pub(crate) struct Request {
    pub(crate) extraction: Extraction,
    pub(crate) base_url: Option<String>,
    pub(crate) pretty: bool,
    /// `url`: the page to fetch (GET).
    pub(crate) url: Option<String>,
    /// Whether the request named its `format` (else `/v1/graph` negotiates it: [`negotiate`]).
    pub(crate) format_given: bool,
}

/// `/v1/graph` without a `format`: the graph syntax `accept` names first, when it names one
/// (`text/turtle, */*;q=0.1` gives Turtle).
pub(crate) fn negotiate(extraction: Extraction, accept: &str, format_given: bool) -> Extraction {
    match extraction {
        Extraction::Graph(options) if !format_given => {
            let named = accept.split(',').find_map(|range| {
                let media = range.split(';').next().unwrap_or_default().trim();
                GraphFormat::ALL.into_iter().find(|format| format.media_type().eq_ignore_ascii_case(media))
            });
            Extraction::Graph(match named {
                Some(format) => options.format(format),
                None => options,
            })
        }
        other => other,
    }
}

/// The names of the endpoints (`mf2`, `microdata`...).
pub(crate) fn endpoint_names() -> Vec<String> {
    Endpoints::command().get_subcommands().map(|c| c.get_name().to_owned()).collect()
}

/// The extracting subcommands' definitions (the endpoints).
pub(crate) fn endpoints_command() -> clap::Command {
    Endpoints::command()
}

/// `/v1/{name}` for every endpoint (the `endpoint` label of `/metrics`).
pub(crate) fn endpoint_labels() -> &'static [&'static str] {
    static LABELS: std::sync::OnceLock<Vec<&'static str>> = std::sync::OnceLock::new();
    LABELS.get_or_init(|| {
        endpoint_names().into_iter().map(|name| &*Box::leak(format!("/v1/{name}").into_boxed_str())).collect()
    })
}

/// A query parameter (or form field) of an endpoint, as its option defines it.
pub(crate) struct Parameter {
    /// `root_selector`.
    pub(crate) name: String,
    pub(crate) help: String,
    /// A flag (`true`/`false`), or a value.
    pub(crate) flag: bool,
    /// Given more than once for more values.
    pub(crate) repeatable: bool,
    /// The values it takes, when they are a list.
    pub(crate) values: Vec<String>,
    pub(crate) default: Option<String>,
}

/// The parameters `endpoint` takes (`url` and `registry` excepted: they are not options of
/// the subcommand); `None` for an unknown endpoint.
pub(crate) fn parameters(endpoint: &str) -> Option<(Vec<Parameter>, bool)> {
    let command = Endpoints::command();
    let subcommand = command.find_subcommand(endpoint)?;
    let parameters = subcommand
        .get_arguments()
        .filter(|a| !NOT_PARAMETERS.contains(&a.get_id().as_str()))
        .filter_map(|argument| {
            let long = argument.get_long()?;
            Some(Parameter {
                name: long.replace('-', "_"),
                help: argument.get_help().map(|help| help.to_string()).unwrap_or_default(),
                flag: !argument.get_action().takes_values(),
                repeatable: matches!(argument.get_action(), clap::ArgAction::Append),
                values: argument.get_possible_values().iter().map(|v| v.get_name().to_owned()).collect(),
                default: argument.get_default_values().first().map(|v| v.to_string_lossy().into_owned()),
            })
        })
        .collect();
    let takes_registry = subcommand.get_arguments().any(|a| a.get_id() == "registry");
    Some((parameters, takes_registry))
}

thread_local! {
    /// The endpoints' definitions, built once per thread: building them (every subcommand,
    /// every option, its help) costs more than parsing a request's parameters with them.
    static ENDPOINTS: std::cell::RefCell<clap::Command> = std::cell::RefCell::new(Endpoints::command());
}

/// Parses the query parameters of `endpoint`. The error is a message for a 400 answer.
pub(crate) fn parse(endpoint: &str, query: &[(String, String)]) -> Result<Request, String> {
    ENDPOINTS.with_borrow_mut(|command| parse_with(command, endpoint, query))
}

fn parse_with(command: &mut clap::Command, endpoint: &str, query: &[(String, String)]) -> Result<Request, String> {
    let Some(subcommand) = command.find_subcommand(endpoint) else {
        return Err(format!("no endpoint /v1/{endpoint}; the endpoints are {}", endpoint_names().join(", ")));
    };
    // A placeholder input: the page is the body, or `url`.
    let mut argv = vec![endpoint.to_owned(), "-".to_owned()];
    let mut url = None;
    let mut registry = None;
    let mut format_given = false;
    for (name, value) in query {
        let long = name.replace('_', "-");
        format_given |= long == "format";
        if long == "url" {
            set_once(&mut url, value, "url")?;
            continue;
        }
        if long == "registry" {
            set_once(&mut registry, value, "registry")?;
            continue;
        }
        let argument = subcommand
            .get_arguments()
            .find(|a| a.get_long() == Some(long.as_str()) && !NOT_PARAMETERS.contains(&a.get_id().as_str()));
        let Some(argument) = argument else {
            return Err(format!(
                "unknown parameter {name:?} for /v1/{endpoint}; it takes {}",
                parameter_names(subcommand)
            ));
        };
        if argument.get_action().takes_values() {
            argv.push(format!("--{long}={value}"));
        } else {
            match value.as_str() {
                "" | "true" | "1" | "yes" | "on" => argv.push(format!("--{long}")),
                "false" | "0" | "no" | "off" => {}
                _ => return Err(format!("{name}={value:?}: a flag is true or false")),
            }
        }
    }
    let matches = command.try_get_matches_from_mut(argv).map_err(|error| clap_message(&error))?;
    let parsed = Endpoints::from_arg_matches(&matches).map_err(|error| clap_message(&error))?;
    let (common, extraction) = parsed.command.into_parts()?;
    let Common { base_url, pretty, .. } = common;
    if let Some(base) = &base_url {
        harvest_html::BaseUrl::parse(base).map_err(|message| format!("base_url: {message}"))?;
        // As for `url`: a page's links resolve against it, into answers a browser may follow.
        if !(base.trim_start().get(..7).is_some_and(|s| s.eq_ignore_ascii_case("http://"))
            || base.trim_start().get(..8).is_some_and(|s| s.eq_ignore_ascii_case("https://")))
        {
            return Err(format!("base_url {base:?}: only http and https URLs are taken"));
        }
    }
    let extraction = match registry {
        None => extraction,
        Some(json) => with_registry(extraction, Registry::from_json(&json).map_err(|e| format!("registry: {e}"))?)?,
    };
    Ok(Request { extraction, base_url, pretty, url, format_given })
}

fn set_once(slot: &mut Option<String>, value: &str, name: &str) -> Result<(), String> {
    if slot.replace(value.to_owned()).is_some() {
        return Err(format!("{name} is given twice"));
    }
    Ok(())
}

/// Gives the conversions that take a registry the one sent in the request.
fn with_registry(extraction: Extraction, registry: Registry) -> Result<Extraction, String> {
    match extraction {
        Extraction::Rdf(mut options) => {
            options.registry = Some(registry);
            Ok(Extraction::Rdf(options))
        }
        Extraction::Microdata(MicrodataOutput::JsonLd(_)) => {
            Ok(Extraction::Microdata(MicrodataOutput::JsonLd(Some(registry))))
        }
        Extraction::Graph(options) => Ok(Extraction::Graph(options.registry(registry))),
        _ => Err("registry applies to /v1/rdf, /v1/graph and to /v1/microdata?format=jsonld".to_owned()),
    }
}

/// The parameters an endpoint takes, for messages.
fn parameter_names(subcommand: &clap::Command) -> String {
    let mut names: Vec<String> = subcommand
        .get_arguments()
        .filter(|a| !NOT_PARAMETERS.contains(&a.get_id().as_str()))
        .filter_map(|a| a.get_long().map(|long| long.replace('-', "_")))
        .collect();
    if subcommand.get_arguments().any(|a| a.get_id() == "registry") {
        names.push("registry".to_owned());
    }
    names.push("url".to_owned());
    names.join(", ")
}

/// Clap's message without its `error: ` prefix, usage lines and help hint, with the options
/// written as parameters.
fn clap_message(error: &clap::Error) -> String {
    let text = error.render().to_string();
    // The first line, and the possible values when clap lists them.
    let mut lines = text.lines();
    let mut first = lines.next().unwrap_or_default().to_owned();
    if let Some(values) = lines.map(str::trim).find(|line| line.starts_with("[possible values")) {
        first.push(' ');
        first.push_str(values);
    }
    let first = first.strip_prefix("error: ").unwrap_or(&first);
    // `--root-selector <CSS>` → `root_selector`.
    let mut message = String::with_capacity(first.len());
    let mut rest = first;
    while let Some(at) = rest.find("--") {
        message.push_str(&rest[..at]);
        let name_end =
            rest[at + 2..].find(|c: char| !(c.is_ascii_alphanumeric() || c == '-')).map_or(rest.len(), |n| at + 2 + n);
        message.push_str(&rest[at + 2..name_end].replace('-', "_"));
        rest = &rest[name_end..];
        if let Some(value_name) = rest.strip_prefix(' ').filter(|r| r.starts_with('<')) {
            rest = value_name.find('>').map_or(value_name, |end| &value_name[end + 1..]);
        }
    }
    message.push_str(rest);
    message
}

#[cfg(test)]
mod tests {
    use super::*;
    use harvest_html::output::{RdfAlgorithm, RdfFormat};
    use harvest_html::{Mf2Options, Mf2Root};

    fn query(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
    }

    #[test]
    fn parameters_are_the_command_line_options() {
        let request = parse(
            "mf2",
            &query(&[
                ("filter", "h-entry"),
                ("filter", "h-card"),
                ("root_selector", "main"),
                ("lang", ""),
                ("srcset", "false"),
            ]),
        )
        .unwrap();
        let Extraction::Mf2(output) = request.extraction else { panic!("not mf2") };
        let expected =
            Mf2Options::new().filter_types(["h-entry", "h-card"]).root(Mf2Root::selector("main").unwrap()).lang(true);
        assert_eq!(output.options, expected);
        assert!(!output.jf2);
        let request =
            parse("rdf", &query(&[("format", "ttl"), ("algorithm", "html5"), ("base-url", "https://a.example/")]))
                .unwrap();
        let Extraction::Rdf(options) = request.extraction else { panic!("not rdf") };
        assert_eq!((options.format, options.algorithm), (RdfFormat::Turtle, RdfAlgorithm::Html5));
        assert_eq!(request.base_url.as_deref(), Some("https://a.example/"));
    }

    #[test]
    fn bad_parameters_are_explained() {
        let error = |endpoint: &str, pairs: &[(&str, &str)]| parse(endpoint, &query(pairs)).err().unwrap();
        assert!(error("mf2", &[("output", "/etc/passwd")]).contains("unknown parameter \"output\""));
        assert!(error("mf2", &[("jobs", "4")]).contains("unknown parameter"));
        assert!(error("rdf", &[("format", "xml")]).contains("xml"), "{}", error("rdf", &[("format", "xml")]));
        assert!(error("vcard", &[("all", "maybe")]).contains("true or false"));
        assert!(error("mf2", &[("root_id", "a"), ("root_selector", "b")]).contains("root_selector"));
        assert!(error("mf2", &[("root_selector", "[[")]).contains("[["));
        assert!(error("mf2", &[("base_url", "nope")]).contains("not an absolute URL"));
        assert!(error("mf2", &[("base_url", "javascript:alert(1)")]).contains("only http and https"));
        assert!(error("mf2", &[("base_url", "file:///etc/")]).contains("only http and https"));
        assert!(parse("mf2", &query(&[("base_url", "HTTPS://a.example/")])).is_ok());
        assert!(error("links", &[("registry", "{}")]).contains("registry applies"));
        assert!(error("rdf", &[("registry", "not json")]).contains("registry"));
        assert!(error("nothing", &[]).contains("the endpoints are mf2, microdata"));
    }

    #[test]
    fn a_registry_is_sent_as_json() {
        let registry = r#"{"http://example.org/": {"propertyURI": "vocabulary"}}"#;
        let request = parse("microdata", &query(&[("format", "jsonld"), ("registry", registry)])).unwrap();
        assert!(matches!(request.extraction, Extraction::Microdata(MicrodataOutput::JsonLd(Some(_)))));
    }
}
