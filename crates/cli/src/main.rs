//! `harvest`: structured data out of HTML pages, from the command line.
// Library code does not panic on what a page, a request or a file holds: no unwrap or expect
// outside tests (an invariant that needs one says why in an `allow`).
#![cfg_attr(not(test), warn(clippy::unwrap_used, clippy::expect_used))]

mod batch;
mod check;
mod extract;
mod memory;
#[cfg(feature = "serve")]
mod serve;

use batch::{exit, RunOptions};
use clap::{Args, CommandFactory, Parser, Subcommand};
use harvest_html::output::Extraction;
use harvest_pipeline::input::{self, Source};
use std::io::Write;
use std::process::ExitCode;

// Every allocation of the process, parsing and extraction included, goes to mimalloc (see
// Cargo.toml for why).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

const AFTER_HELP: &str = "\
Inputs: files, - for standard input, directories (searched recursively for *.html and *.htm,
or --glob, and for .warc, .warc.gz, .arc, .arc.gz), WARC and ARC archives (every HTML
response, with the record's target URI as the page URL), and http(s):// addresses when built
with --features http. A file or standard input is an archive when its content is one (plain
or gzipped), whatever its name.

One input prints the result as it is. Several inputs (or a directory or an archive) print
JSON Lines, one record per page in input order: {\"input\", \"url\", \"<subcommand>\": ...}, or
{\"input\", \"error\"} for a page that failed; the batch goes on. A page of an archive also has
\"warc\": where its record is (record, record_id, date, ip, offset, length), its HTTP
content_type and status, truncated (WARC-Truncated) and body_truncated (its gzip, deflate or
brotli body was cut short: the page is what decoded).

Exit codes: 0 success; 1 the page has nothing the subcommand needs (vcard, ical, atom), or
a page has an error (check; warnings too with --deny warnings); 2 usage error; 3 an input could not be read or processed (in a batch: at least one).

Memory: the allocator keeps freed memory 10 s and uses transparent huge pages, for speed. With
MIMALLOC_ALLOW_THP=0 MIMALLOC_PURGE_DELAY=0 in the environment a batch peaks about 40% lower
and takes 15-30% more CPU time.";

pub(crate) const CHECK_HELP: &str = "\
Examples:
  harvest check page.html --base-url https://example.com/
  harvest check page.html --format json --pretty
  harvest check site/ --summary report.json > pages.jsonl
  harvest check crawl.warc.gz --deny warnings --format text

Text (the default on a terminal) prints a line per diagnostic, as compilers do:
  page.html:6:3: error[schema-unknown-type]: unknown type \"Prodcut\" (did you mean \"Product\"?)
JSON prints a record per page: {url, diagnostics, features, counts}; batches (several inputs, a
directory, an archive) write JSON Lines ({input, url, warc?, diagnostics, features, counts}), then
the crawl report (per rule and per feature: pages and items) on stderr, or as JSON to --summary.

Exit status: 0 no page has an error; 1 a page has an error (or a warning, with --deny
warnings); 2 usage error; 3 an input could not be read. The rules are listed in docs/check.md.";

/// Extract microformats, microdata and links from HTML pages, and export them as JSON,
/// vCard, iCalendar, Atom or RDF.
#[derive(Parser)]
#[command(name = "harvest", version, after_help = AFTER_HELP)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// Options every extracting subcommand takes.
#[derive(Args, Clone)]
struct Common {
    /// Files, directories, WARC or ARC archives, `-` (stdin) or URLs.
    #[arg(required = true, value_name = "INPUT")]
    inputs: Vec<String>,
    /// The page's URL, for resolving relative URLs (single input only).
    #[arg(long, value_name = "URL")]
    base_url: Option<String>,
    /// Pretty-print JSON.
    #[arg(long)]
    pretty: bool,
    /// Write to this file instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    output: Option<std::path::PathBuf>,
    /// Worker threads for batches (default: one per core; 1: each page read, extracted and
    /// written in turn on one thread).
    #[arg(long, value_name = "N", default_value_t = 0)]
    jobs: usize,
    /// Only files matching this glob inside directory inputs (default: *.html and *.htm).
    #[arg(long, value_name = "PATTERN")]
    glob: Option<String>,
}

#[derive(Subcommand)]
enum Command {
    #[command(flatten)]
    Extract(extract::ExtractCommand),
    /// Serve the HTTP API (/v1/mf2, /v1/all, ...) and the web playground (/).
    #[cfg(feature = "serve")]
    #[command(after_help = "Examples:\n  harvest serve\n  \
                            harvest serve --listen 0.0.0.0:8080 --max-body 2M --workers 4\n  \
                            curl -s --data-binary @page.html -H 'Content-Type: text/html' \\\n    \
                            'http://127.0.0.1:8080/v1/mf2?base_url=https://example.com/'\n  \
                            curl -s 'http://127.0.0.1:8080/v1/vcard?url=https://example.com/about'\n\n\
                            The API and its limits are described in docs/serve.md.")]
    Serve(serve::ServeArgs),
    /// Print a shell completion script.
    #[command(after_help = "Example: harvest completions bash > /etc/bash_completion.d/harvest")]
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
}

fn main() -> ExitCode {
    memory::tune_allocator();
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) => {
            let code = if error.use_stderr() { exit::USAGE } else { exit::OK };
            let _ = error.print();
            return ExitCode::from(code);
        }
    };
    match cli.command {
        Command::Completions { shell } => {
            clap_complete::generate(shell, &mut Cli::command(), "harvest", &mut std::io::stdout());
            ExitCode::SUCCESS
        }
        #[cfg(feature = "serve")]
        Command::Serve(args) => ExitCode::from(serve::run(args)),
        Command::Extract(extract::ExtractCommand::Check(args)) => match args.into_parts() {
            Ok((common, extraction, check)) => ExitCode::from(run(&common, &extraction, Some(check))),
            Err(message) => {
                eprintln!("harvest: {message}");
                ExitCode::from(exit::USAGE)
            }
        },
        Command::Extract(command) => match command.into_parts() {
            Ok((common, extraction)) => ExitCode::from(run(&common, &extraction, None)),
            Err(message) => {
                eprintln!("harvest: {message}");
                ExitCode::from(exit::USAGE)
            }
        },
    }
}

/// How a command line runs: one page printed as it is, or a batch of JSON Lines.
enum RunAs {
    /// One file, standard input or URL that is no archive.
    Single(input::Pages),
    /// One file or standard input that is an archive by its content, already open.
    OneArchive(String, input::Pages),
    /// Several inputs, a directory, an archive by its name.
    Batch,
}

fn run(common: &Common, extraction: &Extraction, check: Option<check::CheckRun>) -> u8 {
    if let Some(base) = &common.base_url {
        if let Err(message) = harvest_html::BaseUrl::parse(base) {
            eprintln!("harvest: --base-url {message}");
            return exit::USAGE;
        }
    }
    let sources = match input::expand(&common.inputs, common.glob.as_deref()) {
        Ok(sources) => sources,
        Err(error @ input::InputError::Glob { .. }) => {
            eprintln!("harvest: {error}");
            return exit::USAGE;
        }
        Err(error) => {
            eprintln!("harvest: {error}");
            return exit::UNREADABLE;
        }
    };
    // One file, stdin or URL prints its result as it is; a directory or an archive is a batch
    // (JSON Lines) whatever it holds, so the output's form depends only on the command line
    // and on what the input is (an archive by its content, not its name).
    let names_a_directory = common.inputs.iter().any(|input| std::path::Path::new(input).is_dir());
    let one_source = common.inputs.len() == 1
        && !names_a_directory
        && matches!(sources.as_slice(), [Source::File(_) | Source::Stdin | Source::Url(_)]);
    let run_as = match sources.first() {
        Some(source) if one_source => {
            let pages = input::read(source, common.base_url.as_deref());
            if pages.is_archive() {
                RunAs::OneArchive(batch::label_of(source), pages)
            } else {
                RunAs::Single(pages)
            }
        }
        _ => RunAs::Batch,
    };
    if !matches!(run_as, RunAs::Single(_)) && common.base_url.is_some() {
        eprintln!("harvest: --base-url applies to a single input; batches take each page's own URL");
        return exit::USAGE;
    }
    let mut out: Box<dyn Write> = match &common.output {
        Some(path) => match std::fs::File::create(path) {
            Ok(file) => Box::new(std::io::BufWriter::new(file)),
            Err(error) => {
                eprintln!("harvest: {}: {error}", path.display());
                return exit::UNREADABLE;
            }
        },
        None => Box::new(std::io::BufWriter::new(std::io::stdout().lock())),
    };
    let options = RunOptions { pretty: common.pretty, jobs: common.jobs, check };
    let result = match run_as {
        RunAs::Single(mut pages) => match pages.next() {
            Some(Ok(page)) => batch::run_single(&page, extraction, &options, &mut out),
            Some(Err(error)) => {
                eprintln!("harvest: {error}");
                Ok(exit::UNREADABLE)
            }
            None => Ok(exit::USAGE),
        },
        RunAs::OneArchive(label, pages) => {
            batch::run_batch(Box::new(std::iter::once((label, pages))), extraction, &options, &mut out)
        }
        // Each source is opened when the batch reaches it.
        RunAs::Batch => {
            let inputs = sources.iter().map(|source| (batch::label_of(source), input::read(source, None)));
            batch::run_batch(Box::new(inputs), extraction, &options, &mut out)
        }
    };
    match result.and_then(|code| out.flush().map(|()| code)) {
        Ok(code) => code,
        Err(error) if error.kind() == std::io::ErrorKind::BrokenPipe => exit::OK,
        Err(error) => {
            eprintln!("harvest: writing output: {error}");
            exit::UNREADABLE
        }
    }
}
