//! `harvest check`: its options, a page's diagnostics as compilers print them, and the crawl
//! report after a batch (docs/check.md, "Front ends").

use crate::batch::exit;
use crate::Common;
use clap::Args;
use harvest_html::output::{CheckOptions, CrawlReport, Extraction, PageCheck, Vocabulary};
use std::io::{IsTerminal, Write};
use std::path::PathBuf;

/// What `harvest check` writes for a page.
#[derive(clap::ValueEnum, Clone, Copy, PartialEq, Eq)]
pub(crate) enum CheckFormat {
    /// A line per diagnostic, as compilers print them: `page.html:6:3: error[rule]: message`.
    Text,
    /// A JSON record per page: {url, diagnostics, features, counts}; JSON Lines for batches.
    Json,
}

/// What `--deny` makes fail a page besides errors.
#[derive(clap::ValueEnum, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Deny {
    /// Warnings fail a page as errors do.
    Warnings,
}

#[derive(Args, Clone)]
pub(crate) struct CheckArgs {
    #[command(flatten)]
    pub common: Common,
    /// The output (default: text when standard output is a terminal, else JSON).
    #[arg(long = "format", id = "check_format", value_name = "FORMAT", value_enum)]
    format: Option<CheckFormat>,
    /// Another schema.org release to check against (its `schemaorg-current-https.jsonld`);
    /// default: the bundled release 30.0.
    #[arg(long, value_name = "FILE")]
    vocabulary: Option<PathBuf>,
    /// Fail (exit status 1) on warnings too.
    #[arg(long, value_enum, value_name = "WHAT")]
    deny: Option<Deny>,
    /// Write the crawl report of a batch to this file, as JSON, instead of to standard error.
    #[arg(long, value_name = "FILE")]
    summary: Option<PathBuf>,
}

/// How a check runs, besides its extraction.
#[derive(Clone)]
pub(crate) struct CheckRun {
    /// Text lines instead of JSON records.
    pub text: bool,
    /// Warnings fail a page.
    pub deny_warnings: bool,
    /// Where a batch's crawl report goes (else stderr, as text).
    pub summary: Option<PathBuf>,
}

impl CheckArgs {
    /// The shared options, the extraction and how to run it, or why the options are wrong (a
    /// vocabulary file that cannot be read).
    pub(crate) fn into_parts(self) -> Result<(Common, Extraction, CheckRun), String> {
        let deny_warnings = self.deny == Some(Deny::Warnings);
        let mut options = CheckOptions::new().deny_warnings(deny_warnings);
        if let Some(path) = &self.vocabulary {
            let text =
                std::fs::read_to_string(path).map_err(|error| format!("--vocabulary {}: {error}", path.display()))?;
            let vocabulary =
                Vocabulary::from_release(&text).map_err(|error| format!("--vocabulary {}: {error}", path.display()))?;
            options = options.vocabulary(vocabulary);
        }
        let text = match self.format {
            Some(format) => format == CheckFormat::Text,
            None => self.common.output.is_none() && std::io::stdout().is_terminal(),
        };
        let run = CheckRun { text, deny_warnings, summary: self.summary };
        Ok((self.common, Extraction::Check(options), run))
    }
}

/// A page's diagnostics as compilers print them, a line each: `label:line:column: severity[rule]:
/// message` (`label:line:` without a column, `label:` without a line).
pub(crate) fn write_text(out: &mut Vec<u8>, label: &str, checked: &PageCheck) {
    for diagnostic in &checked.report.diagnostics {
        let _ = match (diagnostic.line, diagnostic.column) {
            (Some(line), Some(column)) => write!(out, "{label}:{line}:{column}:"),
            (Some(line), None) => write!(out, "{label}:{line}:"),
            _ => write!(out, "{label}:"),
        };
        let _ = writeln!(out, " {}[{}]: {}", diagnostic.severity.as_str(), diagnostic.rule, diagnostic.message);
    }
}

/// The exit status of a check that read every input: 1 when a page fails.
pub(crate) fn status(failed: bool) -> u8 {
    if failed {
        exit::CHECK_FAILED
    } else {
        exit::OK
    }
}

/// Writes a batch's crawl report: as JSON to `--summary FILE`, else as text to stderr.
pub(crate) fn write_report(report: &CrawlReport, run: &CheckRun) -> std::io::Result<()> {
    match &run.summary {
        Some(path) => {
            let mut file = std::io::BufWriter::new(std::fs::File::create(path)?);
            serde_json::to_writer_pretty(&mut file, report)?;
            file.write_all(b"\n")?;
            file.flush()
        }
        None => {
            eprint!("{}", report.to_text());
            Ok(())
        }
    }
}
