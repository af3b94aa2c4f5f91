//! `GET /openapi.json`: the API described in OpenAPI 3.0.
//!
//! The endpoints and their parameters are written from the subcommands' own definitions (the
//! same ones that parse a request's parameters, [`options`]), and the error codes from
//! [`Kind`], so the description cannot drift from what the server takes and answers. The rest
//! (the paths outside `/v1/`, the shapes of their answers) is written here, as data.

use super::errors::Kind;
use super::options::{self, Parameter};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde_json::{json, Map, Value};
use std::collections::BTreeMap;

/// `GET /openapi.json`.
pub(crate) async fn serve() -> Response {
    static TEXT: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    let text = TEXT.get_or_init(|| format!("{:#}\n", document()));
    ([(header::CONTENT_TYPE, "application/json")], text.as_str()).into_response()
}

/// The media types an endpoint answers with.
fn answer_types(endpoint: &str) -> &'static [&'static str] {
    match endpoint {
        "mf2" => &["application/json", "application/mf2+json", "application/jf2+json"],
        "microdata" => &["application/json", "application/ld+json"],
        "vcard" => &["text/vcard; charset=utf-8"],
        "ical" => &["text/calendar; charset=utf-8"],
        "atom" => &["application/atom+xml"],
        "rdf" => &["application/n-triples", "text/turtle; charset=utf-8"],
        "rdfa" => &["application/ld+json", "text/turtle; charset=utf-8", "application/n-triples"],
        "graph" => &[
            "application/n-quads",
            "application/n-triples",
            "text/turtle; charset=utf-8",
            "application/trig; charset=utf-8",
            "application/ld+json",
        ],
        _ => &["application/json"],
    }
}

/// The schema of a parameter's value.
fn schema(parameter: &Parameter) -> Value {
    let mut one = match (parameter.flag, parameter.values.is_empty()) {
        (true, _) => json!({"type": "boolean"}),
        (false, true) => json!({"type": "string"}),
        (false, false) => json!({"type": "string", "enum": parameter.values}),
    };
    match &parameter.default {
        Some(default) if !parameter.flag => one["default"] = default.as_str().into(),
        _ => {}
    }
    match parameter.repeatable {
        true => json!({"type": "array", "items": one}),
        false => one,
    }
}

/// The parameters of a `/v1/` endpoint in the query, `url` among them for GET.
fn query_parameters(endpoint: &str, get: bool) -> Vec<Value> {
    let Some((parameters, takes_registry)) = options::parameters(endpoint) else { return Vec::new() };
    let mut list: Vec<Value> = parameters
        .iter()
        .map(|parameter| {
            json!({
                "name": parameter.name,
                "in": "query",
                "description": parameter.help,
                "schema": schema(parameter),
                "style": "form",
                "explode": true,
            })
        })
        .collect();
    if takes_registry {
        list.push(json!({
            "name": "registry",
            "in": "query",
            "description": "A vocabulary registry: the registry's JSON itself (the W3C note's form).",
            "schema": {"type": "string"},
        }));
    }
    if get {
        list.push(json!({
            "name": "url",
            "in": "query",
            "required": true,
            "description": "The page to fetch (http or https; public addresses only unless the server allows more).",
            "schema": {"type": "string", "format": "uri"},
        }));
    }
    list
}

/// The form a POST may send instead of a page: `html` or `url`, and the endpoint's parameters.
fn form_schema(endpoint: &str) -> Value {
    let mut properties = Map::new();
    properties.insert("html".into(), json!({"type": "string", "description": "The page, as text."}));
    properties.insert("url".into(), json!({"type": "string", "format": "uri", "description": "The page to fetch."}));
    if let Some((parameters, takes_registry)) = options::parameters(endpoint) {
        for parameter in &parameters {
            let mut value = schema(parameter);
            value["description"] = parameter.help.as_str().into();
            properties.insert(parameter.name.clone(), value);
        }
        if takes_registry {
            properties.insert("registry".into(), json!({"type": "string", "description": "A registry's JSON."}));
        }
    }
    json!({
        "type": "object",
        "description": "html (the page) or url (to fetch), one of them, with the endpoint's parameters.",
        "properties": properties,
    })
}

/// The error answers an API path may give: every status of [`Kind`], with its codes.
fn error_responses(kinds: &[Kind]) -> Map<String, Value> {
    let mut by_status: BTreeMap<u16, Vec<&str>> = BTreeMap::new();
    for kind in kinds {
        by_status.entry(kind.status().as_u16()).or_default().push(kind.code());
    }
    by_status
        .into_iter()
        .map(|(status, codes)| {
            let response = json!({
                "description": format!("An error; code: {}.", codes.join(", ")),
                "headers": {"X-Request-Id": {"$ref": "#/components/headers/X-Request-Id"}},
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
            });
            (status.to_string(), response)
        })
        .collect()
}

/// `GET` or `POST` of `/v1/{endpoint}`.
fn extraction(endpoint: &str, about: &str, get: bool) -> Value {
    let content: Map<String, Value> =
        answer_types(endpoint).iter().map(|media| (media.to_string(), json!({"schema": {"type": "string"}}))).collect();
    let mut responses = error_responses(&Kind::ALL);
    responses.insert(
        "200".into(),
        json!({
            "description": format!("What `harvest {endpoint}` prints for the page and options."),
            "headers": {"X-Request-Id": {"$ref": "#/components/headers/X-Request-Id"}},
            "content": content,
        }),
    );
    let mut operation = json!({
        "operationId": format!("{}_{endpoint}", if get { "fetch" } else { "post" }),
        "summary": about,
        "description": match get {
            true => "The server fetches the page at `url`.",
            false => "The body is the page (HTML; gzip Content-Encoding is decoded), or a form with html= or url=.",
        },
        "parameters": [{"$ref": "#/components/parameters/X-Request-Id"}],
        "responses": responses,
    });
    if let Some(list) = operation["parameters"].as_array_mut() {
        list.extend(query_parameters(endpoint, get));
    }
    if !get {
        let page = json!({"schema": {"type": "string"}});
        operation["requestBody"] = json!({
            "required": true,
            "content": {
                "text/html": page,
                "application/xhtml+xml": page,
                "application/octet-stream": page,
                "application/x-www-form-urlencoded": {"schema": form_schema(endpoint)},
            },
        });
    }
    operation
}

/// A `GET` path outside the API: one answer of `media` (with a schema for JSON).
fn plain(summary: &str, media: &str, schema: Value, extra: &[(&str, &str)]) -> Value {
    let mut responses = Map::new();
    responses.insert("200".into(), json!({"description": summary, "content": {media: {"schema": schema}}}));
    for (status, description) in extra {
        responses.insert(
            status.to_string(),
            json!({"description": description, "content": {media: {"schema": {"$ref": "#/components/schemas/Readiness"}}}}),
        );
    }
    json!({"get": {"summary": summary, "responses": responses}})
}

/// The whole description.
pub(crate) fn document() -> Value {
    let mut paths = Map::new();
    let command = options::endpoints_command();
    for subcommand in command.get_subcommands() {
        let name = subcommand.get_name();
        let about = subcommand.get_about().map(|about| about.to_string()).unwrap_or_default();
        paths.insert(
            format!("/v1/{name}"),
            json!({"get": extraction(name, &about, true), "post": extraction(name, &about, false)}),
        );
    }
    let text = json!({"type": "string"});
    paths.insert("/".into(), plain("The playground.", "text/html", text.clone(), &[]));
    paths.insert("/playground.css".into(), plain("The playground's stylesheet.", "text/css", text.clone(), &[]));
    paths.insert("/playground.js".into(), plain("The playground's script.", "text/javascript", text.clone(), &[]));
    let status =
        json!({"type": "object", "required": ["status"], "properties": {"status": {"type": "string", "enum": ["ok"]}}});
    paths.insert("/healthz".into(), plain("Liveness: answered whatever the load.", "application/json", status, &[]));
    paths.insert(
        "/readyz".into(),
        plain(
            "Readiness: ready (not served here with --private-readyz: on --metrics-listen only).",
            "application/json",
            json!({"$ref": "#/components/schemas/Readiness"}),
            &[(
                "503",
                "Saturated: no request slot free, no room for another full body, or extractions waiting for a worker.",
            )],
        ),
    );
    let version = json!({
        "type": "object",
        "required": ["name", "version"],
        "properties": {"name": {"type": "string"}, "version": {"type": "string"}},
    });
    paths.insert("/version".into(), plain("The server's name and version.", "application/json", version, &[]));
    paths
        .insert("/openapi.json".into(), plain("This description.", "application/json", json!({"type": "object"}), &[]));
    paths.insert(
        "/metrics".into(),
        plain(
            "The server's counts in the Prometheus text format (only with --metrics, or on --metrics-listen).",
            "text/plain",
            text,
            &[],
        ),
    );
    let codes: Vec<&str> = Kind::ALL.iter().map(|kind| kind.code()).collect();
    let count = json!({"type": "integer", "minimum": 0});
    json!({
        "openapi": "3.0.3",
        "info": {
            "title": "harvest serve",
            "version": env!("CARGO_PKG_VERSION"),
            "description": "Structured data from HTML: microformats2, microdata, JSON-LD, RDFa, links, \
                            vCard, iCalendar, Atom, RDF. Each endpoint answers what the harvest \
                            subcommand of its name prints; its query parameters are that command's options.",
        },
        "paths": paths,
        "components": {
            "schemas": {
                "Error": {
                    "type": "object",
                    "required": ["error"],
                    "properties": {"error": {
                        "type": "object",
                        "required": ["code", "message"],
                        "properties": {
                            "code": {"type": "string", "enum": codes},
                            "message": {"type": "string"},
                            "request_id": {"type": "string", "description": "The answer's X-Request-Id."},
                            "upstream_status": {
                                "type": "integer",
                                "description": "The status a fetched page was answered with (errors about it).",
                            },
                        },
                    }},
                },
                "Readiness": {
                    "type": "object",
                    "required": ["status"],
                    "properties": {
                        "status": {"type": "string", "enum": ["ready", "saturated"]},
                        "in_flight": count, "max_in_flight": count, "workers_busy": count, "workers": count, "queued": count,
                        "body_memory_used": count, "body_memory": count, "clients": count,
                    },
                },
            },
            "headers": {"X-Request-Id": {
                "description": "The request's id: the one it sent, when plain and short, else one made by the server.",
                "schema": {"type": "string"},
            }},
            "parameters": {"X-Request-Id": {
                "name": "X-Request-Id",
                "in": "header",
                "description": "An id for the request (at most 128 characters: letters, digits and -_.:+/=@), \
                                written in the access log and returned in the answer.",
                "schema": {"type": "string", "maxLength": super::request_id::MAX_ID_LENGTH, "pattern": "^[A-Za-z0-9._:+/=@-]+$"},
            }},
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Flags {
        #[command(flatten)]
        serve: super::super::ServeArgs,
    }

    /// Every route the router serves is described, every endpoint under its own path.
    #[test]
    fn every_route_is_described() {
        let settings = Flags::parse_from(["serve", "--metrics"]).serve;
        let document = document();
        let paths = document["paths"].as_object().unwrap();
        let mut described = 0;
        for (route, _) in super::super::api::routes(&settings) {
            let expanded: Vec<String> = match route {
                "/v1/{endpoint}" => options::endpoint_names().iter().map(|name| format!("/v1/{name}")).collect(),
                other => vec![other.to_owned()],
            };
            for path in expanded {
                assert!(paths.contains_key(&path), "{path} is not in /openapi.json");
                described += 1;
            }
        }
        assert_eq!(described, paths.len(), "every path described is served");
        // The parameters are the options: mf2's include root_selector, with its help.
        let parameters = paths["/v1/mf2"]["get"]["parameters"].as_array().unwrap();
        let names: Vec<&str> = parameters.iter().filter_map(|p| p["name"].as_str()).collect();
        for name in ["root_selector", "filter", "pretty", "url"] {
            assert!(names.contains(&name), "{name} in {names:?}");
        }
        assert!(parameters.iter().any(|p| p["$ref"] == "#/components/parameters/X-Request-Id"));
        let filter = parameters.iter().find(|p| p["name"] == "filter").unwrap();
        assert_eq!(filter["schema"]["type"], "array");
        let format = &paths["/v1/rdf"]["post"]["parameters"].as_array().unwrap().iter().find(|p| p["name"] == "format");
        assert!(format.unwrap()["schema"]["enum"].as_array().unwrap().contains(&json!("ttl")));
    }
}
