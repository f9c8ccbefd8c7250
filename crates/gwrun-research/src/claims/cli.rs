//! The `gwrun claims` command line: its arguments (src/cli.rs hands them here) and what
//! it does with them: write the report (stdout or a file, whole or not at all), refresh
//! the generated weights table of docs/cost.md, or explain one row.
//!
//! ```text
//! gwrun claims [--out FILE] [--basic DIR] [--cost-md FILE] [--explain ROW] [--quiet]
//! ```

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;

use clap::Args;

use super::progress::Progress;
use super::rule::Tolerances;
use super::text::Basic;
use super::{WEIGHTS_BEGIN, WEIGHTS_END, build, marked_section, table, weights_table};

/// `gwrun claims`.
#[derive(Debug, Args)]
pub struct ClaimsArgs {
    /// Where to write the Markdown (default: stdout).
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Read the listings from this folder instead of the copies in the binary.
    #[arg(long, value_name = "DIR")]
    pub basic: Option<PathBuf>,
    /// Also refresh the generated weights table in this file (docs/cost.md).
    #[arg(long, value_name = "FILE")]
    pub cost_md: Option<PathBuf>,
    /// Print how one row was computed and judged (its number in the table, or its id such
    /// as 000-24) on stdout; the report is then written only to --out.
    #[arg(long, value_name = "ROW")]
    pub explain: Option<String>,
    /// No progress lines on stderr.
    #[arg(long)]
    pub quiet: bool,
}

/// `gwrun claims ...`: the exit status (130 when Ctrl-C sets `break_flag`: nothing
/// half-written).
pub fn main(args: &ClaimsArgs, break_flag: &Arc<AtomicBool>) -> i32 {
    crate::output::exit_on_break(break_flag.clone(), "gwrun claims");
    if let Some(path) = &args.cost_md
        && let Err(e) = refresh_weights(path)
    {
        eprintln!("gwrun claims: {}: {e}", path.display());
        return 1;
    }
    let basic = match &args.basic {
        Some(dir) => Basic::Dir(dir.clone()),
        None => Basic::Embedded,
    };
    let progress = if args.quiet {
        Progress::silent()
    } else {
        Progress::stderr()
    };
    let cfg = crate::lab::claims::ClaimsConfig::default();
    let t = Tolerances::default();
    let report = match build(&basic, &cfg, &t, &progress) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("gwrun claims: {e}");
            return 1;
        }
    };
    let explained = match &args.explain {
        Some(key) => match table::find(&report.claims, key) {
            Some((n, c)) => Some(table::explain(n, c, &t)),
            None => {
                eprintln!(
                    "gwrun claims: no row {key}: give a number from 1 to {} or an id such as {}",
                    report.claims.len(),
                    report.claims.first().map_or("000-10".into(), |c| c.id())
                );
                return 1;
            }
        },
        None => None,
    };
    let written = match (&args.out, &explained) {
        (Some(path), _) => crate::output::write_whole(path, report.markdown.as_bytes())
            .map_err(|e| format!("cannot write {}: {e}", path.display())),
        (None, Some(_)) => Ok(()),
        (None, None) => {
            crate::output::write_stdout(report.markdown.as_bytes()).map_err(|e| e.to_string())
        }
    };
    let written = written.and_then(|()| match &explained {
        Some(text) => crate::output::write_stdout(text.as_bytes()).map_err(|e| e.to_string()),
        None => Ok(()),
    });
    match written {
        Ok(()) => {
            progress.stage("done");
            0
        }
        Err(e) => {
            eprintln!("gwrun claims: {e}");
            1
        }
    }
}

/// Replaces the generated weights table in a Markdown file (between its markers).
fn refresh_weights(path: &Path) -> std::io::Result<()> {
    let text = std::fs::read_to_string(path)?;
    let Some(old) = marked_section(&text, WEIGHTS_BEGIN, WEIGHTS_END) else {
        return Err(std::io::Error::other("no weights markers"));
    };
    let updated = text.replacen(old, &weights_table(), 1);
    crate::output::write_whole(path, updated.as_bytes())
}
