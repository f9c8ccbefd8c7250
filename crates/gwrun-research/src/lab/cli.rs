//! The `gwrun lab ...` command line: clap argument structs and their dispatch; src/cli.rs
//! hands `gwrun lab` to [`main`].
//!
//! ```text
//! gwrun lab deal   [--method NAME | --listing FILE] [--deals N] [--seed S] [--rng R]
//!                  [--threads T] [--alpha A] [--svg FILE] [procedure parameters]
//!                  [--shard I/K] [--out PART.json]
//! gwrun lab merge  PART.json... [--alpha A] [--out WHOLE.json] [--svg FILE]
//! gwrun lab riffle [--max-riffles K] [--samples N] [--seed S] [--svg FILE] [weights]
//! gwrun lab claims [--seed S] [--scale X]     (docs/claims.md is `gwrun claims`)
//! gwrun lab exact  patterns | flawed | exchange | perfect | riffle
//! ```

use std::io::Write;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use clap::{Args, Subcommand, ValueEnum};

use super::LabError;
use super::chart::{deal_chart, riffle_chart};
use super::claims::{ClaimsConfig, shuffle_claims_markdown};
use super::draw::RngKind;
use super::engine::{CHUNK, RunSpec, Stop, run_deals, with_threads};
use super::listing::{ListingDealer, ListingOptions, ListingSpec, new_runner};
use super::procedures::{Dealer, Method};
use super::report::{RunReport, render};
use super::riffle::{HumanModel, parse_weights, riffle_study};
use super::shard::{RunKey, Shard, TallyFile, cpu_seconds, merge};

// The lab's subcommands (a plain comment: as a doc comment clap would show it as
// `gwrun lab --help`'s description, over the Lab variant's own).
#[derive(Debug, Subcommand)]
pub enum LabCommand {
    /// Deal N deals with a named procedure (or a BASIC listing) and test every statistic.
    Deal(DealArgs),
    /// Sum the tally files of a run's shards (`deal --shard I/K --out FILE`) and report
    /// the whole run.
    Merge(MergeArgs),
    /// Distance from uniform against the number of riffles: exact GSR, simulated human.
    Riffle(RiffleArgs),
    /// The documents' shuffling and dealing claims as Markdown (the lab's part of
    /// docs/claims.md, which `gwrun claims` writes whole).
    Claims(ClaimsArgs),
    /// Print exact tables: hand patterns, the flawed deal, exchange shuffles, ...
    Exact(ExactArgs),
}

/// Procedures by name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum MethodName {
    /// 000's Deal 52 Cards to 4 Hands.
    Ted,
    /// The flawed random-hand deal with retries (000's clubs problem, 001).
    Flawed,
    /// 000's Sort Randoms.
    SortRandoms,
    /// 000's Collection Shuffle.
    Collection,
    /// 002's PerfectShuffle (--shuffles).
    Perfect,
    /// 002's ExchangeShuffle (--exchanges).
    Exchange,
    /// 002's SelectionShuffle.
    Selection,
    /// 002's EfficientSelectionShuffle.
    EfficientSelection,
    /// Gilbert–Shannon–Reeds riffles (--riffles).
    Gsr,
    /// 000's human riffle model (--riffles, --cut-weights, --packet-weights).
    Human,
}

/// Human riffle weights, shared by `deal` and `riffle`.
#[derive(Debug, Args)]
pub struct WeightArgs {
    /// Cut weights as SIZE=WEIGHT,... (top half size 1..51). 000 gives only the range
    /// 24-28; the default is this lab's assumption 24=1,25=2,26=4,27=2,28=1.
    #[arg(long, value_name = "LIST")]
    pub cut_weights: Option<String>,
    /// Packet weights as SIZE=WEIGHT,... (1..52). 000 gives only the range 1-7; the
    /// default is this lab's assumption 1=40,2=25,3=15,4=10,5=5,6=3,7=2.
    #[arg(long, value_name = "LIST")]
    pub packet_weights: Option<String>,
}

impl WeightArgs {
    fn model(&self) -> Result<HumanModel, LabError> {
        let mut m = HumanModel::default();
        if let Some(w) = &self.cut_weights {
            m.cut_weights = parse_weights(w, 1, 51)?;
        }
        if let Some(w) = &self.packet_weights {
            m.packet_weights = parse_weights(w, 1, 52)?;
        }
        Ok(m)
    }
}

/// `gwrun lab deal`.
#[derive(Debug, Args)]
pub struct DealArgs {
    /// The procedure.
    #[arg(long, value_enum, default_value = "ted")]
    pub method: MethodName,
    /// Deal with a BASIC listing run by the interpreter instead (e.g. basic/deal52.bas).
    #[arg(long, value_name = "FILE")]
    pub listing: Option<PathBuf>,
    /// Listing: the routine's first line (default: the GOSUB on line 100, or on line 120
    /// in 002's test programs).
    #[arg(long, value_name = "LINE")]
    pub entry: Option<u32>,
    /// Listing: the result array (default: from the routine's 'Out: comment; DECK in
    /// 002's programs). DEAL(3,12) is read as hands, any other array as the pack.
    #[arg(long = "result", value_name = "NAME")]
    pub output: Option<String>,
    /// Listing: statements run before each deal (default: line 50's data for pack
    /// arrays, GOSUB Initialize in 002's programs; "" for none).
    #[arg(long, value_name = "STATEMENTS")]
    pub before_deal: Option<String>,
    /// Listing: subscript of the first card of a pack array (default 1; 0 in 002's).
    #[arg(long, value_name = "N")]
    pub first: Option<u32>,
    /// Listing: a program line typed after loading, e.g. "20 DECKSIZE=52: NUMEXCHANGES=200"
    /// (repeatable).
    #[arg(long = "line", value_name = "TEXT")]
    pub lines: Vec<String>,
    /// Listing: seconds one batch of 100 deals may run before it is broken off.
    #[arg(long, default_value_t = 60.0)]
    pub listing_timeout: f64,
    /// Number of deals.
    #[arg(long, default_value_t = 1_000_000)]
    pub deals: u64,
    /// Seed: the same seed gives the same tables whatever the thread count.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Random generator of the native procedures.
    #[arg(long, value_enum, default_value = "xoshiro256pp")]
    pub rng: RngKind,
    /// Worker threads (0 = all cores).
    #[arg(long, default_value_t = 0)]
    pub threads: usize,
    /// Significance level of each verdict.
    #[arg(long, default_value_t = 0.001)]
    pub alpha: f64,
    /// Write a chart (patterns, pair rates, placement heat map) to this SVG file.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// Perfect shuffles before the deal.
    #[arg(long, default_value_t = 1)]
    pub shuffles: u32,
    /// Exchanges of the exchange shuffle.
    #[arg(long, default_value_t = 52)]
    pub exchanges: u32,
    /// Riffles of the GSR and human procedures.
    #[arg(long, default_value_t = 7)]
    pub riffles: u32,
    #[command(flatten)]
    pub weights: WeightArgs,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
    /// Deal only the I-th of K equal parts of the run (I from 0): on K machines the K
    /// shards deal exactly the deals of one run, and `gwrun lab merge` sums them.
    #[arg(long, value_name = "I/K")]
    pub shard: Option<String>,
    /// Also write the run's counts to this JSON file (for `gwrun lab merge`).
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
}

/// `gwrun lab merge`.
#[derive(Debug, Args)]
pub struct MergeArgs {
    /// The tally files of every shard of one run.
    #[arg(required = true, value_name = "PART.json")]
    pub parts: Vec<PathBuf>,
    /// Significance level of each verdict.
    #[arg(long, default_value_t = 0.001)]
    pub alpha: f64,
    /// Write the summed counts to this JSON file (it can be merged again).
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Write a chart (patterns, pair rates, placement heat map) to this SVG file.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
}

/// `gwrun lab riffle`.
#[derive(Debug, Args)]
pub struct RiffleArgs {
    /// Largest number of riffles.
    #[arg(long, default_value_t = 12)]
    pub max_riffles: u32,
    /// Simulated packs per point.
    #[arg(long, default_value_t = 200_000)]
    pub samples: u64,
    /// Seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Random generator.
    #[arg(long, value_enum, default_value = "xoshiro256pp")]
    pub rng: RngKind,
    /// Worker threads (0 = all cores).
    #[arg(long, default_value_t = 0)]
    pub threads: usize,
    /// Write the chart to this SVG file.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    #[command(flatten)]
    pub weights: WeightArgs,
}

/// `gwrun lab claims`.
#[derive(Debug, Args)]
pub struct ClaimsArgs {
    /// Seed of the simulated parts.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Multiply the simulation sizes (1 = the sizes docs/claims.md is made with).
    #[arg(long, default_value_t = 1.0)]
    pub scale: f64,
    /// Worker threads (0 = all cores).
    #[arg(long, default_value_t = 0)]
    pub threads: usize,
}

/// Which exact table.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum ExactTable {
    /// The 39 hand patterns and per-hand laws.
    Patterns,
    /// The flawed deal: failures, first full hand, last two cards, clubs, patterns.
    Flawed,
    /// Exchange shuffles: 3-card tables and 52-card bounds.
    Exchange,
    /// The exact exchange distances of 52 cards, k = 0..300, in the form of the cached
    /// table (crates/gwrun-research/data/exchange52.tsv).
    ExchangeTable,
    /// Perfect-shuffle periods.
    Perfect,
    /// Bayer–Diaconis distances of GSR riffles.
    Riffle,
}

/// `gwrun lab exact`.
#[derive(Debug, Args)]
pub struct ExactArgs {
    /// The table.
    #[arg(value_enum)]
    pub table: ExactTable,
}

/// `gwrun lab ...`: run the command with its report on stdout; the exit status (130
/// after Ctrl-C, which `break_flag` carries: `deal` and `riffle` stop within a fraction
/// of a second and say how far they got; the others end through
/// `research::output::exit_on_break`). Nothing is written half-finished: the report is
/// written only once complete, charts and files whole or not at all.
pub fn main(cmd: LabCommand, break_flag: &Arc<AtomicBool>) -> i32 {
    if matches!(
        cmd,
        LabCommand::Claims(_) | LabCommand::Exact(_) | LabCommand::Merge(_)
    ) {
        crate::output::exit_on_break(break_flag.clone(), "gwrun lab");
    }
    // the report is assembled whole, then written in one piece
    let mut report = Vec::new();
    let result = run_until(cmd, &mut report, &Stop::on(break_flag.clone()));
    let written = crate::output::write_stdout(&report);
    match result.and(written.map_err(LabError::Output)) {
        Ok(()) => 0,
        Err(e @ LabError::Interrupted { .. }) => {
            eprintln!("gwrun lab: {e}");
            130
        }
        Err(e) => {
            eprintln!("gwrun lab: {e}");
            1
        }
    }
}

/// Run a lab command, writing its report to `out`.
pub fn run(cmd: LabCommand, out: &mut dyn Write) -> Result<(), LabError> {
    run_until(cmd, out, &Stop::never())
}

/// Run a lab command, writing its report to `out`, until `stop` is set.
pub fn run_until(cmd: LabCommand, out: &mut dyn Write, stop: &Stop) -> Result<(), LabError> {
    match cmd {
        LabCommand::Deal(a) => run_deal(&a, out, stop),
        LabCommand::Merge(a) => run_merge(&a, out),
        LabCommand::Riffle(a) => run_riffle(&a, out, stop),
        LabCommand::Claims(a) => run_claims(&a, out),
        LabCommand::Exact(a) => super::exact_tables::exact_table(a.table, out),
    }
}

fn method(a: &DealArgs) -> Result<Method, LabError> {
    Ok(match a.method {
        MethodName::Ted => Method::Ted,
        MethodName::Flawed => Method::Flawed,
        MethodName::SortRandoms => Method::SortRandoms,
        MethodName::Collection => Method::Collection,
        MethodName::Perfect => Method::Perfect {
            shuffles: a.shuffles,
        },
        MethodName::Exchange => Method::Exchange {
            exchanges: a.exchanges,
        },
        MethodName::Selection => Method::Selection,
        MethodName::EfficientSelection => Method::EfficientSelection,
        MethodName::Gsr => Method::Gsr { riffles: a.riffles },
        MethodName::Human => Method::Human {
            riffles: a.riffles,
            model: a.weights.model()?,
        },
    })
}

fn check_common(deals: u64, alpha: f64) -> Result<(), LabError> {
    if deals == 0 {
        return Err(LabError::Argument("--deals must be at least 1".into()));
    }
    if !(alpha > 0.0 && alpha < 1.0) {
        return Err(LabError::Argument(
            "--alpha must lie between 0 and 1".into(),
        ));
    }
    Ok(())
}

fn threads_used(threads: usize) -> usize {
    if threads == 0 {
        rayon::current_num_threads()
    } else {
        threads
    }
}

/// FNV-1a of a listing's bytes: part of the run key of a listing-driven run.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

fn run_deal(a: &DealArgs, out: &mut dyn Write, stop: &Stop) -> Result<(), LabError> {
    check_common(a.deals, a.alpha)?;
    let shard = match &a.shard {
        Some(text) => Shard::parse(text)?,
        None => Shard::WHOLE,
    };
    // A bar only for long runs (indicatif hides it anyway when stderr is no terminal).
    let long = a.deals
        >= if a.listing.is_some() {
            5_000
        } else {
            2_000_000
        };
    let progress = !a.quiet && long;
    let start = Instant::now();
    let cpu_start = cpu_seconds();
    let (tally, procedure, key_procedure, generator, chunk, range, notes) = if let Some(path) =
        &a.listing
    {
        let text = path.display().to_string();
        let bytes = std::fs::read(path).map_err(|err| LabError::File {
            path: text.clone(),
            err,
        })?;
        if !(a.listing_timeout > 0.0 && a.listing_timeout <= 86_400.0) {
            return Err(LabError::Argument(
                "--listing-timeout must lie in (0, 86400]".into(),
            ));
        }
        let opts = ListingOptions {
            entry: a.entry,
            output: a.output.clone(),
            before: a.before_deal.clone(),
            first: a.first,
            lines: a.lines.clone(),
            timeout: Duration::from_secs_f64(a.listing_timeout),
        };
        let spec = ListingSpec::parse(&text, &bytes, &opts)?;
        let chunk = u64::from(spec.batch);
        let range = shard.chunks(a.deals.div_ceil(chunk));
        let run = RunSpec {
            deals: a.deals,
            seed: a.seed,
            chunk,
            progress,
            stop: stop.clone(),
            only: Some(range.clone()),
        };
        let make = |s: u64| -> Result<Box<dyn Dealer>, LabError> {
            Ok(Box::new(
                ListingDealer::new(&spec, s, new_runner)?.with_stop(stop.clone()),
            ))
        };
        let tally = with_threads(a.threads, || run_deals(&run, make))??;
        let notes = vec![
                "interpreted by gwrun, driver loop included; 000: \"more than 2,200 deals per second in immediate mode, and nearly 8,000 deals per second compiled\" (Pentium 4)".to_string(),
            ];
        let proc = format!(
            "listing {text} ({}: GOSUB {}, result {})",
            spec.convention, spec.entry, spec.output
        );
        let key = format!(
            "{proc}; text fnv1a {:016x}; entry {:?}, result {:?}, before {:?}, first {:?}, lines {:?}",
            fnv1a(&bytes),
            a.entry,
            a.output,
            a.before_deal,
            a.first,
            a.lines
        );
        (
            tally,
            proc,
            key,
            "GW-BASIC RND in the interpreter, RND(-x) per batch".to_string(),
            chunk,
            range,
            notes,
        )
    } else {
        let m = method(a)?;
        let range = shard.chunks(a.deals.div_ceil(CHUNK));
        let run = RunSpec {
            deals: a.deals,
            seed: a.seed,
            chunk: CHUNK,
            progress,
            stop: stop.clone(),
            only: Some(range.clone()),
        };
        let tally = with_threads(a.threads, || run_deals(&run, |s| Ok(m.dealer(a.rng, s))))??;
        let d = m.describe();
        (
            tally,
            d.clone(),
            d,
            a.rng.label().to_string(),
            CHUNK,
            range,
            Vec::new(),
        )
    };
    let seconds = start.elapsed().as_secs_f64();
    let cpu = cpu_seconds().zip(cpu_start).map(|(b, a)| (b - a).max(0.0));
    let mut notes = notes;
    if shard != Shard::WHOLE {
        notes.push(format!(
            "shard {}/{} of a run of {} deals: chunks {}..{} ({} deals); `gwrun lab merge` \
             sums the shards",
            shard.index, shard.count, a.deals, range.start, range.end, tally.deals
        ));
    }
    let report = RunReport {
        procedure: procedure.clone(),
        generator: generator.clone(),
        seed: a.seed,
        threads: threads_used(a.threads),
        seconds,
        cpu_seconds: cpu,
        parts: 1,
        alpha: a.alpha,
        tally: &tally,
        notes,
        draws_counted: a.listing.is_none(),
    };
    render(&report, out)?;
    if let Some(path) = &a.out {
        let file = TallyFile {
            key: RunKey {
                procedure: key_procedure,
                generator,
                seed: a.seed,
                deals: a.deals,
                chunk,
            },
            chunks: vec![range],
            cpu_seconds: cpu,
            wall_seconds: seconds,
            parts: 1,
            tally: tally.clone(),
        };
        crate::output::write_whole(path, file.to_json().as_bytes()).map_err(|err| {
            LabError::File {
                path: path.display().to_string(),
                err,
            }
        })?;
        writeln!(out, "\ntally written to {}", path.display())?;
    }
    if let Some(svg) = &a.svg {
        let title = format!("{procedure}: {} deals, seed {}", tally.deals, a.seed);
        deal_chart(&tally, &title, svg)?;
        writeln!(out, "\nchart written to {}", svg.display())?;
    }
    Ok(())
}

fn run_merge(a: &MergeArgs, out: &mut dyn Write) -> Result<(), LabError> {
    check_common(1, a.alpha)?;
    let files = a
        .parts
        .iter()
        .map(|p| Ok((p.display().to_string(), TallyFile::read(p)?)))
        .collect::<Result<Vec<_>, LabError>>()?;
    let whole = merge(&files)?;
    // a listing's key carries its text hash and options after the description
    let procedure = whole
        .key
        .procedure
        .split("; text fnv1a")
        .next()
        .unwrap_or("")
        .to_string();
    let report = RunReport {
        procedure: procedure.clone(),
        generator: whole.key.generator.clone(),
        seed: whole.key.seed,
        threads: 0,
        seconds: whole.wall_seconds,
        cpu_seconds: whole.cpu_seconds,
        parts: whole.parts,
        alpha: a.alpha,
        tally: &whole.tally,
        notes: vec![format!(
            "merged from {} tally files, every chunk of the run exactly once",
            files.len()
        )],
        draws_counted: !whole.key.procedure.starts_with("listing "),
    };
    render(&report, out)?;
    if let Some(path) = &a.out {
        crate::output::write_whole(path, whole.to_json().as_bytes()).map_err(|err| {
            LabError::File {
                path: path.display().to_string(),
                err,
            }
        })?;
        writeln!(out, "\ntally written to {}", path.display())?;
    }
    if let Some(svg) = &a.svg {
        let title = format!(
            "{procedure}: {} deals, seed {}",
            whole.tally.deals, whole.key.seed
        );
        deal_chart(&whole.tally, &title, svg)?;
        writeln!(out, "\nchart written to {}", svg.display())?;
    }
    Ok(())
}

fn run_riffle(a: &RiffleArgs, out: &mut dyn Write, stop: &Stop) -> Result<(), LabError> {
    if a.max_riffles == 0 || a.max_riffles > 64 || a.samples == 0 {
        return Err(LabError::Argument(
            "--max-riffles must be 1..=64 and --samples at least 1".into(),
        ));
    }
    let model = a.weights.model()?;
    let rows = with_threads(a.threads, || {
        riffle_study(a.max_riffles, a.samples, a.seed, a.rng, &model, stop)
    })??;
    writeln!(
        out,
        "distance from uniform after k riffles of 52 cards; {} simulated packs per point, seed {}",
        a.samples, a.seed
    )?;
    writeln!(
        out,
        "human model: cuts {:?}, packets {:?} (size, weight)",
        model.cut_weights, model.packet_weights
    )?;
    writeln!(
        out,
        "{:>3} {:>10} {:>18} {:>22}",
        "k", "GSR exact", "GSR simulated", "human simulated (LB)"
    )?;
    for r in &rows {
        writeln!(
            out,
            "{:>3} {:>10.4} {:>10.4} ± {:.4} {:>14.4} ± {:.4}",
            r.k, r.gsr_exact, r.gsr_sim.tv, r.gsr_sim.se, r.human_sim.tv, r.human_sim.se
        )?;
    }
    let floor = rows.first().map_or(0.0, |r| r.floor);
    writeln!(
        out,
        "simulated distances use the rising-sequence count (Bayer-Diaconis: exact for GSR,"
    )?;
    writeln!(
        out,
        "a lower bound otherwise); a perfect shuffle would show about {floor:.4} with this sample"
    )?;
    if let Some(svg) = &a.svg {
        riffle_chart(
            &rows,
            "Riffle shuffles: distance from uniform (52 cards)",
            svg,
        )?;
        writeln!(out, "chart written to {}", svg.display())?;
    }
    Ok(())
}

fn run_claims(a: &ClaimsArgs, out: &mut dyn Write) -> Result<(), LabError> {
    if !(a.scale > 0.0 && a.scale <= 1000.0) {
        return Err(LabError::Argument("--scale must lie in (0, 1000]".into()));
    }
    let cfg = ClaimsConfig::default().scaled(a.scale).with_seed(a.seed);
    let md = with_threads(a.threads, || shuffle_claims_markdown(&cfg))??;
    out.write_all(md.as_bytes())?;
    Ok(())
}
