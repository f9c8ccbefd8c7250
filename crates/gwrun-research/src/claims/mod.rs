//! docs/claims.md: every quantitative claim of the three source documents, measured and
//! judged by one rule ([`rule`]). [`build`] assembles the whole file: the rule and the
//! claims table ([`table`]), then the sorting section (every sorting listing of the first
//! document run on the same 10,000-integer data sets, its routine's lines measured with the
//! cost model; with the space-free variants and the packed Ted sort), the first document's
//! other listings run (`runs`, `shuffles`, `more`), the exact counts (`exact`) and the
//! lab's shuffling and dealing part (`crate::lab::claims`). The listings are the ones
//! embedded in the binary (`crate::listings`) unless a folder is named.
//!
//! Deterministic: only operation counts, exact values and seeded simulations enter the
//! text, never wall-clock time, so the test suite regenerates the file (from another
//! working directory) and compares it with the committed one. Every verdict comes from
//! [`rule::judge`]; every judgement word from the computed values. [`weights_table`] is
//! the generated part of docs/cost.md.

use gwrun_core::cost::weights::{
    COUNTERS, CYCLES_PER_INSTRUCTION, Counter, DEFAULT_CLOCK_MHZ, WEIGHTS,
};
use gwrun_core::cost::{Counts, GotoModel, LineCost};
use gwrun_core::error::{BasicError, ErrorCode};
use gwrun_core::session::{Session, Stop};
use std::fmt::Write as _;

pub mod band;
pub mod cli;
mod collect;
mod exact;
mod measure;
mod more;
mod more_render;
mod paragraphs;
pub mod progress;
mod render;
pub mod rule;
mod runs;
mod shuffle_rows;
mod shuffles;
mod sorting;
pub mod table;
mod text;

use collect::{NestRun, Results};
use measure::*;
pub use measure::{data_set, measure};
use progress::Progress;
use render::{header_aligned, para, row};
use rule::Tolerances;
pub use runs::{HIBBARD_LINES, IN_PLACE_PROBE, K_LOOP_LINES};
pub use shuffles::RETRY_LINES;
use table::{Claim, Doc};
pub use text::{Basic, minimal_spacing};

/// First line of the generated weights table in docs/cost.md.
pub const WEIGHTS_BEGIN: &str = "<!-- weights:begin (generated from src/cost/weights.rs by gwrun::research::claims::weights_table; do not edit) -->";
/// Last line of the generated weights table.
pub const WEIGHTS_END: &str = "<!-- weights:end -->";
/// Elements sorted.
pub const SIZE: u32 = 10_000;
/// The `RANDOMIZE` seeds of the data sets.
pub const SEEDS: [u16; 3] = [1, 2, 3];
/// Data sets (the first of SEEDS) for the routines typed without their spaces: each is
/// compared with its listing on the same data; the saving, 0.5 to 1.3 %, is a matter of
/// bytes walked per statement, which hardly depends on the data, and its band from the
/// weights (±0.3 %) keeps its sign.
pub const SPACING_SETS: usize = 1;
/// MAXINT of the sensitivity run: the document's own `DIM X(12500)`.
pub const WIDE_MAXINT: u32 = 12_500;
/// The document's time of the reference routine (Shell-Metzner).
const REFERENCE_SECONDS: f64 = 1.21;

/// Replaces each driver's parameter line.
pub fn parameter_line(seed: u16, maxint: u32) -> String {
    format!("20 SIZE={SIZE}: MAXINT={maxint}: SEED={seed}")
}

/// Replaces each driver's data line: a random permutation of 1..SIZE drawn with GW's RND
/// (Fisher-Yates from the top) without a new variable, so every driver creates the same
/// scalars in the same order before its routine runs.
pub const DATA_LINE: &str =
    "50 FOR J=1 TO SIZE: A(J)=J: NEXT: FOR J=SIZE TO 2 STEP -1: SWAP A(J),A(INT(RND*J)+1): NEXT";

/// Random integers 1..MAXINT with repeats (the Shell drivers' own line 50).
pub const REPEATS_LINE: &str = "50 FOR J=1 TO SIZE: A(J)=INT(RND*MAXINT)+1: NEXT";

/// SIZE different values from 1..MAXINT through the pool array `pool` (the linear
/// drivers' own method).
pub fn wide_data_line(pool: &str) -> String {
    format!(
        "50 FOR J=1 TO MAXINT: {pool}(J)=J: NEXT: FOR J=1 TO SIZE: \
         SWAP {pool}(J),{pool}(INT(RND*(MAXINT-J+1))+J): A(J)={pool}(J): NEXT"
    )
}

/// Stops a driver before its routine (to read the data).
const STOP_LINE: &str = "100 END";

/// Why the report could not be made.
#[derive(Debug, thiserror::Error)]
pub enum ClaimsError {
    #[error("{path}: {err}")]
    Read { path: String, err: std::io::Error },
    #[error("{file}: {err}")]
    Load { file: String, err: BasicError },
    #[error("{file}: `{line}` is not a numbered program line")]
    BadLine { file: String, line: String },
    #[error("{file}: routine lines {first}-{last} are missing")]
    NoRoutine { file: String, first: u16, last: u16 },
    #[error("{file}: typing `{line}` failed: {outcome}")]
    Edit {
        file: String,
        line: String,
        outcome: String,
    },
    #[error("the lab's part: {0}")]
    Lab(String),
    #[error("{file}, seed {seed}: expected {expected}, got {got}")]
    Unexpected {
        file: String,
        seed: u16,
        expected: String,
        got: String,
    },
}

/// What a listing must do with the data.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Expect {
    /// A(1..SIZE) ascending, the same values as went in.
    Sorted,
    /// A() as it went in.
    Unchanged,
    /// Stops with this error in this line.
    Error(ErrorCode, u16),
}

/// A listing of the document and the lines of its routine.
#[derive(Debug, Clone, Copy)]
pub struct Listing {
    /// File in `basic/`.
    pub file: &'static str,
    /// Name in the tables.
    pub name: &'static str,
    /// The routine's lines, the only ones measured (not the driver, not the added RETURN).
    pub first: u16,
    pub last: u16,
    /// The document's time, on the row of the form it timed.
    pub doc_seconds: Option<f64>,
    pub expect: Expect,
    /// The pool array of the wide-range data (linear methods), if run on it.
    pub wide_pool: Option<&'static str>,
}

/// ORDER: the document's order; Shell-Metzner first (the reference of every ratio).
pub const LISTINGS: [Listing; 8] = [
    Listing {
        file: "shell_metzner.bas",
        name: "Shell-Metzner",
        first: 2100,
        last: 2190,
        doc_seconds: Some(1.21),
        expect: Expect::Sorted,
        wide_pool: None,
    },
    Listing {
        file: "shell_ted.bas",
        name: "Ted's Shell",
        first: 2100,
        last: 2190,
        doc_seconds: Some(1.13),
        expect: Expect::Sorted,
        wide_pool: None,
    },
    Listing {
        file: "shell_ted_packed.bas",
        name: "Ted's packed, as printed",
        first: 2120,
        last: 2170,
        doc_seconds: None,
        expect: Expect::Error(ErrorCode::NextWithoutFor, 2170),
        wide_pool: None,
    },
    Listing {
        file: "shell_ted_packed_fixed.bas",
        name: "Ted's packed (`NEXT J`)",
        first: 2120,
        last: 2170,
        doc_seconds: Some(1.10),
        expect: Expect::Sorted,
        wide_pool: None,
    },
    Listing {
        file: "array_map.bas",
        name: "Array Map",
        first: 2400,
        last: 2470,
        doc_seconds: Some(0.15),
        expect: Expect::Sorted,
        wide_pool: Some("X"),
    },
    Listing {
        file: "array_match.bas",
        name: "Array Match",
        first: 2500,
        last: 2580,
        doc_seconds: Some(0.18),
        expect: Expect::Sorted,
        wide_pool: Some("X"),
    },
    Listing {
        file: "bitmap_sort.bas",
        name: "Bitmap, as printed",
        first: 400,
        last: 580,
        doc_seconds: None,
        expect: Expect::Unchanged,
        wide_pool: None,
    },
    Listing {
        file: "bitmap_sort_fixed.bas",
        name: "Bitmap (`N<=SIZE`)",
        first: 400,
        last: 580,
        doc_seconds: Some(0.16),
        expect: Expect::Sorted,
        wide_pool: Some("P"),
    },
];

/// Indexes into `LISTINGS`.
pub const SHELL_METZNER: usize = 0;
pub const TED: usize = 1;
pub const PACKED: usize = 2;
pub const PACKED_FIXED: usize = 3;
pub const MAP: usize = 4;
pub const MATCH: usize = 5;
pub const BITMAP: usize = 6;
pub const BITMAP_FIXED: usize = 7;
/// The forms that sort: the document's six timed routines.
const SORTING: [usize; 6] = [SHELL_METZNER, TED, PACKED_FIXED, MAP, MATCH, BITMAP_FIXED];
/// The linear methods.
const LINEAR: [usize; 3] = [MAP, MATCH, BITMAP_FIXED];

/// The program text as stored: spaces as printed, or the fewest GW-BASIC accepts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Spacing {
    AsPrinted,
    /// Every space of the routine's lines removed (outside strings, comments and DATA)
    /// unless removing it changes how the line is tokenised.
    Minimal,
}

/// The counts of one routine on one data set, under both GOTO models.
#[derive(Debug, Clone)]
pub struct Measurement {
    pub gw: Counts,
    pub naive: Counts,
    /// Statements executed on the routine's lines.
    pub statements: u64,
    /// Per line of the routine (GW model).
    pub lines: Vec<LineCost>,
    /// Spaces the `Minimal` spacing removed from the routine's text (0 as printed).
    pub spaces_removed: u32,
}

// ---------------------------------------------------------------- public entry points

/// The generated weights table (docs/cost.md), markers included.
pub fn weights_table() -> String {
    let mut md = String::new();
    let _ = writeln!(md, "{WEIGHTS_BEGIN}");
    header_aligned(
        &mut md,
        &[
            "counter",
            "8086 instructions",
            "how known",
            "anchor in Microsoft's source",
        ],
        "lrll",
    );
    for w in WEIGHTS.iter() {
        row(
            &mut md,
            &[
                w.name.to_string(),
                format!("{}", w.instructions),
                if w.exact { "exact" } else { "estimate" }.to_string(),
                w.anchor.to_string(),
            ],
        );
    }
    let _ = writeln!(
        md,
        "\nClock: a {DEFAULT_CLOCK_MHZ} MHz 8088 at {CYCLES_PER_INSTRUCTION} cycles per \
         instruction, so one instruction is {:.2} µs.",
        CYCLES_PER_INSTRUCTION / DEFAULT_CLOCK_MHZ
    );
    let _ = writeln!(md, "{WEIGHTS_END}");
    md
}

/// The text between (and including) two marker lines, with the newline after the end
/// marker.
pub fn marked_section<'a>(text: &'a str, begin: &str, end: &str) -> Option<&'a str> {
    let a = text.find(begin)?;
    let b = text[a..].find(end)? + a + end.len();
    let b = b + usize::from(text[b..].starts_with('\n'));
    Some(&text[a..b])
}

/// The clock the document's times were read off: the PC's timer interrupt, 1,193,182 Hz
/// divided by 65,536 (18.2 ticks a second).
pub const TICK: f64 = 65_536.0 / 1_193_182.0;

/// The claims and the sections that the listings answer (the sorting section and the
/// first document's other listings): everything an edited listing can change. Rendered
/// with the default tolerances.
pub fn listing_part(basic: &Basic) -> Result<(Vec<Claim>, String), ClaimsError> {
    let r = collect::collect(basic, &Progress::silent())?;
    let claims = listing_claims(&r);
    let sorted = table::sorted(claims.clone());
    let t = Tolerances::default();
    let cite = Cite {
        claims: &sorted,
        t: &t,
    };
    let mut md = String::new();
    render::render(&mut md, &r, &cite);
    more_render::render(&mut md, &r);
    Ok((claims, md))
}

/// The rows computed without running a listing or a simulation: the exact counts and
/// the lab's exact rows, unsorted (for tests that judge them with other tolerances).
pub fn exact_rows() -> Vec<Claim> {
    let mut v = exact::claims();
    v.extend(crate::lab::claims::exact_rows());
    v
}

fn listing_claims(r: &Results) -> Vec<Claim> {
    let mut claims = sorting::claims(r);
    claims.extend(more::claims(r));
    claims.extend(shuffle_rows::claims(r));
    claims
}

/// The judged rows, for the sections that name a row and its verdict.
pub(super) struct Cite<'a> {
    claims: &'a [Claim],
    t: &'a Tolerances,
}

impl Cite<'_> {
    /// "row 8, **partly**" for the claim at (doc, order).
    pub(super) fn row(&self, doc: Doc, order: u32) -> String {
        match self
            .claims
            .iter()
            .position(|c| c.doc == doc && c.order == order)
        {
            Some(i) => format!(
                "row {}, **{}**",
                i + 1,
                self.claims[i].verdict(self.t).word()
            ),
            None => "no row".to_string(),
        }
    }
}

/// The whole report: its rows (sorted, numbered by position) and its Markdown.
pub struct Report {
    pub claims: Vec<Claim>,
    pub markdown: String,
}

/// Builds docs/claims.md: the listing part and the lab's part side by side on rayon's
/// threads, then the rows judged with `t`.
pub fn build(
    basic: &Basic,
    cfg: &crate::lab::claims::ClaimsConfig,
    t: &Tolerances,
    progress: &Progress,
) -> Result<Report, ClaimsError> {
    let (listing, lab) = rayon::join(
        || collect::collect(basic, progress),
        || crate::lab::claims::lab_claims(cfg, progress),
    );
    let r = listing?;
    let lab = lab.map_err(|e| ClaimsError::Lab(e.to_string()))?;
    progress.stage("judging the rows, writing the report");
    let mut claims = listing_claims(&r);
    claims.extend(exact::claims());
    claims.extend(lab.claims);
    let claims = table::sorted(claims);
    let cite = Cite { claims: &claims, t };
    let mut md = String::new();
    let _ = writeln!(md, "# The documents' claims, re-examined\n");
    para(
        &mut md,
        "Generated by `gwrun claims --out docs/claims.md` (`cargo run --release -- claims \
         --out docs/claims.md`); do not edit by hand: the test suite regenerates the whole \
         file and fails when it is not current. The listings it runs are the ones in \
         `basic/`, embedded in the binary. The three documents are in `../shared/seeds/`: \
         000 \"Ted's Computer World: Sorting, Shuffling & Dealing\" (GW-BASIC), 001 a C \
         programmer's \"dealing like a computer\", 002 the textbook chapter \"The \
         Shuffler's Dilemma\" (Python). Every quantitative statement of theirs has a row \
         below: the document's words, the quantities they claim with the values the words \
         allow, the value gwrun measured with its uncertainty (exact; simulated, with n and \
         a standard error; or run in gwrun under GW-BASIC 3.23's rules with the cost model \
         of [cost.md](cost.md)), the verdict, and the function or listing run it comes from \
         (`gwrun claims --explain ROW` prints how). The chapter's exercises are answered. \
         The listings, their drivers and their defects are in [listings.md](listings.md). \
         No wall-clock time enters: the file is the same on every machine.",
    );
    md.push_str(&rule::statement(t));
    let _ = writeln!(md, "{}\n", table::summary(&claims, t));
    let _ = writeln!(md, "## Every claim\n");
    table::render(&mut md, &claims, t);
    table::render_notes(&mut md, &claims);
    render::render(&mut md, &r, &cite);
    more_render::render(&mut md, &r);
    let _ = writeln!(
        md,
        "## Shuffling and dealing: exact values and simulations\n"
    );
    let _ = writeln!(md, "{}\n", crate::lab::claims::config_text(cfg));
    md.push_str(&lab.details);
    md.push_str(&crate::lab::claims::project_checks(&lab.target, t));
    Ok(Report {
        markdown: md.trim_end().to_string() + "\n",
        claims,
    })
}
