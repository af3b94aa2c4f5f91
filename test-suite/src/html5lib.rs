//! The html5lib tree-construction suite: harvest-dom's tree against the expected trees of
//! html5lib-tests' `tree-construction/*.dat` files.
//!
//! # The format
//!
//! html5lib-tests' `tree-construction/README.md` defines it. A `.dat` file is a series of
//! cases, each a run of sections that start with a `#heading` line: `#data` (the input),
//! `#errors` and `#new-errors` (parse errors, which harvest does not report and the runner
//! ignores), `#document-fragment` (the context element of a fragment case: `td`, `svg desc`,
//! `math mi`), `#script-on` / `#script-off` (the scripting flag; a case with neither runs in
//! both modes and must give the expected tree in each), and `#document` (the expected tree, one
//! node per line behind `| ` and two spaces per level).
//!
//! # The cases
//!
//! Each case is named `FILE#N` (`tests1.dat#12`, the twelfth case of the file, from 1). Cases of
//! the `scripted/` folder need a script engine to run the page's scripts and are not part of
//! the suite harvest runs (harvest runs no scripts).
//!
//! [`rcdom_tree`] builds the same case's tree with html5ever's own reference sink
//! (markup5ever_rcdom), so a test can show that a failure is html5ever's and not harvest-dom's.

use crate::{Expectations, Outcome, Report};
use harvest_dom::{Document, FragmentContext, NodeKind, ParseOptions};
use std::fs;
use std::path::Path;

/// One tree-construction case.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TreeCase {
    /// `FILE#N`.
    pub name: String,
    /// The input.
    pub data: String,
    /// The context element of a fragment case: `(namespace prefix, local name)`, the prefix
    /// `None` for HTML, `Some("svg")` or `Some("math")` for foreign contexts.
    pub fragment_context: Option<(Option<String>, String)>,
    /// The scripting flag the case asks for; `None` runs it in both modes.
    pub scripting: Option<bool>,
    /// The expected tree in the suite's format, lines joined with `\n`.
    pub expected: String,
}

/// Reads the cases of one `.dat` file's text; `file` names them.
///
/// A line that starts with `#` starts a section, as in the suite's own readers; a new `#data`
/// line starts a new case. Every section's text loses its final newline; the expected tree
/// also loses the blank line that separates cases.
pub fn parse_dat(file: &str, text: &str) -> Vec<TreeCase> {
    let mut cases = Vec::new();
    let mut sections: Vec<(String, String)> = Vec::new();
    let flush = |sections: &mut Vec<(String, String)>, cases: &mut Vec<TreeCase>| {
        if sections.is_empty() {
            return;
        }
        let mut case = TreeCase {
            name: format!("{file}#{}", cases.len() + 1),
            data: String::new(),
            fragment_context: None,
            scripting: None,
            expected: String::new(),
        };
        for (heading, body) in sections.drain(..) {
            let body = body.strip_suffix('\n').unwrap_or(&body).to_owned();
            match heading.as_str() {
                "data" => case.data = body,
                "document-fragment" => {
                    let context = body.trim();
                    case.fragment_context = Some(match context.split_once(' ') {
                        Some((prefix, local)) => (Some(prefix.to_owned()), local.to_owned()),
                        None => (None, context.to_owned()),
                    });
                }
                "script-on" => case.scripting = Some(true),
                "script-off" => case.scripting = Some(false),
                "document" => case.expected = body.trim_end_matches('\n').to_owned(),
                _ => {}
            }
        }
        cases.push(case);
    };
    for line in text.split_inclusive('\n') {
        if let Some(heading) = line.strip_prefix('#') {
            let heading = heading.trim();
            if heading == "data" {
                flush(&mut sections, &mut cases);
            }
            sections.push((heading.to_owned(), String::new()));
        } else if let Some((_, body)) = sections.last_mut() {
            body.push_str(line);
        }
    }
    flush(&mut sections, &mut cases);
    cases
}

/// Every case of every `.dat` file directly in `dir` (not `scripted/`), in file-name order.
pub fn discover(dir: &Path) -> std::io::Result<Vec<TreeCase>> {
    let mut files: Vec<_> = fs::read_dir(dir)?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| path.is_file() && path.extension().is_some_and(|e| e == "dat"))
        .collect();
    files.sort();
    let mut cases = Vec::new();
    for path in files {
        let text = fs::read_to_string(&path)?;
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        cases.extend(parse_dat(&name, &text));
    }
    Ok(cases)
}

/// The namespace prefix the suite's format writes before a foreign name.
fn prefix_of(namespace: Option<&str>) -> Option<&'static str> {
    match namespace? {
        "http://www.w3.org/2000/svg" => Some("svg"),
        "http://www.w3.org/1998/Math/MathML" => Some("math"),
        "http://www.w3.org/1999/xlink" => Some("xlink"),
        "http://www.w3.org/XML/1998/namespace" => Some("xml"),
        "http://www.w3.org/2000/xmlns/" => Some("xmlns"),
        _ => None,
    }
}

/// One line of the suite's tree format, for a node at `depth` (0 for the document's children).
/// Shared by the harvest-dom and the rcdom printers, so they differ only in how they walk.
#[derive(Debug)]
enum Line<'a> {
    Doctype { name: &'a str, public_id: &'a str, system_id: &'a str },
    Element { namespace: Option<&'a str>, local: &'a str, attributes: Vec<(Option<&'a str>, &'a str, &'a str)> },
    Text(&'a str),
    Comment(&'a str),
    ProcessingInstruction { target: &'a str, data: &'a str },
    TemplateContents,
}

fn write_line(out: &mut String, depth: usize, line: Line<'_>) {
    let indent = |out: &mut String, depth: usize| {
        if !out.is_empty() {
            out.push('\n');
        }
        out.push_str("| ");
        for _ in 0..depth {
            out.push_str("  ");
        }
    };
    indent(out, depth);
    match line {
        Line::Doctype { name, public_id, system_id } => {
            out.push_str("<!DOCTYPE ");
            out.push_str(name);
            if !public_id.is_empty() || !system_id.is_empty() {
                out.push_str(&format!(" \"{public_id}\" \"{system_id}\""));
            }
            out.push('>');
        }
        Line::Element { namespace, local, mut attributes } => {
            out.push('<');
            if let Some(prefix) = prefix_of(namespace).filter(|p| *p == "svg" || *p == "math") {
                out.push_str(prefix);
                out.push(' ');
            }
            out.push_str(local);
            out.push('>');
            let name = |(namespace, local): (Option<&str>, &str)| match prefix_of(namespace) {
                Some(prefix) => format!("{prefix} {local}"),
                None => local.to_owned(),
            };
            attributes.sort_by_key(|(namespace, local, _)| name((*namespace, local)));
            for (namespace, local, value) in attributes {
                indent(out, depth + 1);
                out.push_str(&format!("{}=\"{value}\"", name((namespace, local))));
            }
        }
        Line::Text(text) => out.push_str(&format!("\"{text}\"")),
        Line::Comment(text) => out.push_str(&format!("<!-- {text} -->")),
        Line::ProcessingInstruction { target, data } => out.push_str(&format!("<?{target} {data}>")),
        Line::TemplateContents => out.push_str("content"),
    }
}

/// harvest-dom's tree for a case in the suite's format: the document's children, or for a
/// fragment case the children of the fragment's root element.
pub fn harvest_tree(case: &TreeCase, scripting: bool) -> String {
    harvest_parse(case, &ParseOptions::new().scripting(scripting)).0
}

/// harvest-dom's tree for a case parsed with `options`, in the suite's format, and whether the
/// parse reported that its depth bound may have changed the tree
/// ([`Document::depth_limit_hit`]).
pub fn harvest_parse(case: &TreeCase, options: &ParseOptions) -> (String, bool) {
    let document = match &case.fragment_context {
        None => Document::parse_with(&case.data, options),
        Some((prefix, local)) => {
            let context = match prefix.as_deref() {
                Some("svg") => FragmentContext::svg(local),
                Some("math") => FragmentContext::mathml(local),
                _ => FragmentContext::html(local),
            };
            Document::parse_fragment(&case.data, &context, options)
        }
    };
    let limit_hit = document.depth_limit_hit();
    let top = match &case.fragment_context {
        None => Some(document.root().clone()),
        Some(_) => document.document_element().map(|root| root.as_node()),
    };
    let mut out = String::new();
    let Some(top) = top else { return (out, limit_hit) };
    // Explicit stack of (node, depth); children are pushed in reverse to pop in tree order.
    let mut stack: Vec<(harvest_dom::Node, usize)> = top.children().map(|child| (child, 0)).collect();
    stack.reverse();
    while let Some((node, depth)) = stack.pop() {
        let mut children: Vec<(harvest_dom::Node, usize)> = Vec::new();
        match node.kind() {
            NodeKind::Doctype => {
                if let Some((name, public_id, system_id)) = node.as_doctype() {
                    write_line(&mut out, depth, Line::Doctype { name, public_id, system_id });
                }
            }
            NodeKind::Element => {
                if let Some(element) = node.as_element() {
                    let namespace = match element.namespace() {
                        harvest_dom::Namespace::Svg => Some("http://www.w3.org/2000/svg"),
                        harvest_dom::Namespace::MathMl => Some("http://www.w3.org/1998/Math/MathML"),
                        _ => None,
                    };
                    let attributes = element.namespaced_attributes().collect();
                    write_line(&mut out, depth, Line::Element { namespace, local: element.local_name(), attributes });
                    if let Some(contents) = element.template_contents() {
                        // The template's contents print as a `content` line holding them.
                        children.push((contents, depth + 1));
                    }
                }
                children.extend(node.children().map(|child| (child, depth + 1)));
            }
            NodeKind::DocumentFragment => {
                write_line(&mut out, depth, Line::TemplateContents);
                children.extend(node.children().map(|child| (child, depth + 1)));
            }
            NodeKind::Text => write_line(&mut out, depth, Line::Text(node.as_text().unwrap_or_default())),
            NodeKind::Comment => write_line(&mut out, depth, Line::Comment(node.as_comment().unwrap_or_default())),
            NodeKind::ProcessingInstruction => {
                if let Some((target, data)) = node.as_processing_instruction() {
                    write_line(&mut out, depth, Line::ProcessingInstruction { target, data });
                }
            }
            NodeKind::Document => {}
        }
        stack.extend(children.into_iter().rev());
    }
    (out, limit_hit)
}

/// html5ever's reference sink (markup5ever_rcdom) for the same case, in the same format.
pub fn rcdom_tree(case: &TreeCase, scripting: bool) -> String {
    use html5ever::tendril::TendrilSink;
    use html5ever::{ns, LocalName, ParseOpts, QualName};
    use markup5ever_rcdom::{Handle, NodeData, RcDom};
    let mut opts = ParseOpts::default();
    opts.tree_builder.scripting_enabled = scripting;
    let dom = match &case.fragment_context {
        None => html5ever::parse_document(RcDom::default(), opts).one(case.data.as_str()),
        Some((prefix, local)) => {
            let namespace = match prefix.as_deref() {
                Some("svg") => ns!(svg),
                Some("math") => ns!(mathml),
                _ => ns!(html),
            };
            let context = QualName::new(None, namespace, LocalName::from(local.as_str()));
            html5ever::parse_fragment(RcDom::default(), opts, context, Vec::new(), scripting).one(case.data.as_str())
        }
    };
    let top = match &case.fragment_context {
        None => Some(dom.document.clone()),
        Some(_) => dom.document.children.borrow().first().cloned(),
    };
    let mut out = String::new();
    let Some(top) = top else { return out };
    let mut stack: Vec<(Handle, usize, bool)> = top.children.borrow().iter().map(|c| (c.clone(), 0, false)).collect();
    stack.reverse();
    while let Some((node, depth, is_contents)) = stack.pop() {
        let mut children: Vec<(Handle, usize, bool)> = Vec::new();
        if is_contents {
            write_line(&mut out, depth, Line::TemplateContents);
            children.extend(node.children.borrow().iter().map(|c| (c.clone(), depth + 1, false)));
        } else {
            match &node.data {
                NodeData::Doctype { name, public_id, system_id } => {
                    write_line(&mut out, depth, Line::Doctype { name, public_id, system_id })
                }
                NodeData::Element { name, attrs, template_contents, .. } => {
                    let attrs = attrs.borrow();
                    let namespace = (name.ns != ns!(html)).then_some(&*name.ns);
                    let attributes = attrs
                        .iter()
                        .map(|a| ((a.name.ns != ns!()).then_some(&*a.name.ns), &*a.name.local, &*a.value))
                        .collect();
                    write_line(&mut out, depth, Line::Element { namespace, local: &name.local, attributes });
                    if let Some(contents) = template_contents.borrow().as_ref() {
                        children.push((contents.clone(), depth + 1, true));
                    }
                    children.extend(node.children.borrow().iter().map(|c| (c.clone(), depth + 1, false)));
                }
                NodeData::Text { contents } => write_line(&mut out, depth, Line::Text(&contents.borrow())),
                NodeData::Comment { contents } => write_line(&mut out, depth, Line::Comment(contents)),
                NodeData::ProcessingInstruction { target, contents } => {
                    write_line(&mut out, depth, Line::ProcessingInstruction { target, data: contents })
                }
                NodeData::Document => {}
            }
        }
        stack.extend(children.into_iter().rev());
    }
    out
}

/// The scripting modes a case runs in.
fn modes(case: &TreeCase) -> Vec<bool> {
    match case.scripting {
        Some(flag) => vec![flag],
        None => vec![false, true],
    }
}

/// Runs one case through `tree` (harvest-dom's or the reference sink's) in each of its modes.
pub fn run_case(case: &TreeCase, tree: fn(&TreeCase, bool) -> String) -> Outcome {
    for scripting in modes(case) {
        let actual = tree(case, scripting);
        if actual != case.expected {
            let mode = if scripting { "scripting on" } else { "scripting off" };
            return Outcome::Failed(format!(
                "{mode}\n--- input\n{}\n--- expected\n{}\n--- got\n{actual}",
                case.data, case.expected
            ));
        }
    }
    Outcome::Passed
}

/// Runs every case through harvest-dom and compares the outcomes with the expectations.
pub fn run(cases: &[TreeCase], expectations: &Expectations) -> Report {
    let mut report = Report::default();
    for case in cases {
        let outcome = run_case(case, harvest_tree);
        report.record(&case.name, outcome, expectations);
    }
    report
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "#data\nTest\n#errors\n(1,0): expected-doctype-but-got-chars\n#document\n| <html>\n|   <head>\n|   <body>\n|     \"Test\"\n\n#data\n<td>x\n#errors\n#document-fragment\ntr\n#script-off\n#document\n| <td>\n|   \"x\"\n";

    #[test]
    fn reads_cases_and_their_sections() {
        let cases = parse_dat("sample.dat", SAMPLE);
        assert_eq!(cases.len(), 2);
        assert_eq!(cases[0].name, "sample.dat#1");
        assert_eq!(cases[0].data, "Test");
        assert_eq!(cases[0].expected, "| <html>\n|   <head>\n|   <body>\n|     \"Test\"");
        assert_eq!(cases[1].fragment_context, Some((None, "tr".to_owned())));
        assert_eq!(cases[1].scripting, Some(false));
    }

    #[test]
    fn harvest_and_reference_trees_print_the_expected_format() {
        for case in parse_dat("sample.dat", SAMPLE) {
            assert_eq!(run_case(&case, harvest_tree), Outcome::Passed, "{}", case.name);
            assert_eq!(run_case(&case, rcdom_tree), Outcome::Passed, "{}", case.name);
        }
    }

    #[test]
    fn foreign_names_attributes_doctype_and_template_contents() {
        let data =
            "<!DOCTYPE html PUBLIC \"p\" \"s\"><template><b z=1 a=2></b></template><svg><a xlink:href=u /></svg>";
        let case = TreeCase {
            name: "x".into(),
            data: data.into(),
            fragment_context: None,
            scripting: Some(false),
            expected: String::new(),
        };
        let tree = harvest_tree(&case, false);
        let expected = "| <!DOCTYPE html \"p\" \"s\">\n| <html>\n|   <head>\n|     <template>\n|       content\n|         <b>\n|           a=\"2\"\n|           z=\"1\"\n|   <body>\n|     <svg svg>\n|       <svg a>\n|         xlink href=\"u\"";
        assert_eq!(tree, expected);
        assert_eq!(rcdom_tree(&case, false), expected);
    }
}
