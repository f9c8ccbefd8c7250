//! The details section for the first document's other listings ([`super::runs`],
//! [`super::shuffles`]): what was run, with the programs written here shown, and the
//! numbers behind the rows of [`super::more`].

use super::render::{header, n0, outcome_text, para, row};
use super::runs::{HIBBARD_LINES, K_LOOP_LINES, knuth_gaps, rule_start};
use super::shuffles::{LARGE_SEEDS, RETRY_LINES, SHUFFLE_SEEDS};
use super::*;

/// Sizes where lines 2110-2115 (integer D) disagree with the rule.
fn rule_misses(r: &super::runs::RunResults) -> Vec<u32> {
    r.gaps
        .iter()
        .filter(|g| g.integer != f64::from(rule_start(g.size)))
        .map(|g| g.size)
        .collect()
}

// ---------------------------------------------------------------- details

pub(super) fn render(md: &mut String, res: &Results) {
    let r = &res.runs;
    let _ = writeln!(md, "## More of the first document's listings, run\n");
    para(
        md,
        "Each listing is read from `basic/` and run in gwrun as in the sorting section; the \
         few programs written here are shown with their text. Counts are per run (per data \
         set for the sorts: the same three data sets of 10,000).",
    );
    let _ = writeln!(md, "### Knuth's gaps: lines 2110–2115 against the rule\n");
    header_lines(md);
    for g in &r.gaps {
        if g.size <= 5 || [13, 14, 40, 41, 121, 122, 500, 10_000, 32_767].contains(&g.size) {
            row(
                md,
                &[
                    n0(f64::from(g.size)),
                    n0(f64::from(rule_start(g.size))),
                    single(g.integer),
                    single(g.single),
                ],
            );
        }
    }
    md.push('\n');
    let misses = rule_misses(r);
    let one = r.gaps.iter().find(|g| g.size == 1);
    let (o, a) = &r.size_one;
    para(
        md,
        &format!(
            "Probed: every size where the rule's answer changes ({} sizes from 1 to 32,767); \
             the lines {}. The rule: the greatest of {} below the size, then the one before \
             it (1 when there is none). SIZE = 1 as printed, without DEFINT: {} \
             Shell-Metzner then {} with A(1) = {}.",
            r.gaps.len(),
            if misses.is_empty() {
                "agree with it at every one".to_string()
            } else {
                format!("disagree at {misses:?}")
            },
            knuth_gaps()
                .iter()
                .take(8)
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(", ")
                + ", ...",
            match one.map(|g| g.single) {
                Some(d) if d != 0.0 && d.fract() != 0.0 => format!(
                    "D = {} is not 0, so `IF D=0 THEN D=1` misses it and the WHILE runs with \
                     it;",
                    single(d)
                ),
                Some(d) => format!("D = {};", single(d)),
                None => String::new(),
            },
            outcome_text(o),
            a.get(1).copied().unwrap_or(0)
        ),
    );
    let _ = writeln!(md, "### Gaps 2^n − 1\n");
    para(
        md,
        &format!(
            "Shell-Metzner with these lines typed over its own:\n\n    {}\n\n(start one \
             below the greatest 2^n − 1 under the size, as Knuth's rule does with its own \
             gaps). For {} elements they give the gaps {}.",
            HIBBARD_LINES.join("\n    "),
            n0(f64::from(SIZE)),
            r.hibbard_gaps
                .iter()
                .map(|g| g.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        ),
    );
    header(
        md,
        &[
            "gaps",
            "comparisons",
            "moves",
            "statements",
            "instructions, gw",
        ],
    );
    for (name, w) in [("the listing's", &r.knuth), ("2^n − 1", &r.hibbard)] {
        row(
            md,
            &[
                name.to_string(),
                n0(w.comparisons),
                n0(w.moves),
                n0(w.statements),
                n0(w.instructions),
            ],
        );
    }
    md.push('\n');
    let _ = writeln!(md, "### The K loop without FOR\n");
    para(
        md,
        &format!(
            "Shell-Metzner's K loop, left by `GOTO 2165` before it ends (000's \"defaulted \
             K-loops\"), against the same loop kept by hand, with these lines typed over \
             its own:\n\n    {}\n\n(the same comparisons and moves: the start K = J − D \
             is at least 1 for every J of the loop, and K is J − D − m·D after m moves \
             either way).",
            K_LOOP_LINES.join("\n    ")
        ),
    );
    header(
        md,
        &[
            "K loop",
            "comparisons",
            "moves",
            "statements",
            "instructions, gw",
        ],
    );
    for (name, w) in [("FOR ... NEXT K", &r.knuth), ("IF ... GOTO", &r.k_loop)] {
        row(
            md,
            &[
                name.to_string(),
                n0(w.comparisons),
                n0(w.moves),
                n0(w.statements),
                n0(w.instructions),
            ],
        );
    }
    md.push('\n');
    let _ = writeln!(md, "### How the work grows\n");
    header(
        md,
        &[
            "elements",
            "Shell-Metzner instructions",
            "its comparisons",
            "Array Map instructions",
            "Shell-Metzner / Array Map",
        ],
    );
    for g in &r.growth {
        row(
            md,
            &[
                n0(f64::from(g.size)),
                n0(g.shell),
                n0(g.shell_comparisons),
                n0(g.map),
                format!("{:.1}", g.shell / g.map),
            ],
        );
    }
    md.push('\n');
    para(
        md,
        "One data set per size (the first seed's shuffle of 1..N, MAXINT = N). A power law \
         through the smallest and largest size gives the exponents in the table of claims.",
    );
    let _ = writeln!(md, "### Limits\n");
    let (depth, go) = &r.gosub;
    let (max, bo) = &r.bitmap_max;
    para(
        md,
        &format!(
            "`1 DIM X%(n): END` in a fresh session succeeds up to n = {}; `X!(n)` up to {}; \
             typed as line 1 of Bitmap's program (driver and routine loaded) up to n = {}. \
             `10 N=N+1: GOSUB 10` nests {} GOSUBs, then {}. Bitmap (`N<=SIZE`, X() dimensioned \
             2048, ten values counting down from MAXINT) sorts with MAXINT = {} and stops \
             with {} at MAXINT = {}.",
            n0(f64::from(r.int_elements)),
            n0(f64::from(r.single_elements)),
            n0(f64::from(r.int_elements_loaded)),
            depth,
            outcome_text(go),
            n0(f64::from(*max)),
            outcome_text(bo),
            n0(f64::from(max + 1))
        ),
    );
    let _ = writeln!(md, "### Shuffles and the deal\n");
    para(
        md,
        &format!(
            "The retry routine, typed over the Collection Shuffle's lines 7010–7070 (A() holds \
             1..SIZE, so 0 marks a taken place):\n\n    {}\n",
            RETRY_LINES
                .iter()
                .filter(|l| l.contains(' '))
                .copied()
                .collect::<Vec<_>>()
                .join("\n    ")
        ),
    );
    header(
        md,
        &[
            "routine",
            "elements",
            "statements",
            "RND calls",
            "instructions, gw",
        ],
    );
    let sr = &r.shuffles.sort_randoms;
    row(
        md,
        &[
            "Sort Randoms".into(),
            "52".into(),
            n0(sr.statements),
            "52".into(),
            n0(sr.instructions),
        ],
    );
    for (name, ws) in [
        ("Collection Shuffle", &r.shuffles.collection),
        ("retry", &r.shuffles.retry),
    ] {
        for w in ws.iter() {
            row(
                md,
                &[
                    name.to_string(),
                    n0(f64::from(w.size)),
                    n0(w.statements),
                    n0(w.draws),
                    n0(w.instructions),
                ],
            );
        }
    }
    let d = &r.shuffles.deal;
    row(
        md,
        &[
            "Deal 52 Cards".into(),
            "52".into(),
            n0(d.statements),
            n0(d.draws),
            n0(d.instructions),
        ],
    );
    row(
        md,
        &[
            "Deal 52 Cards, packed".into(),
            "52".into(),
            "—".into(),
            "—".into(),
            n0(d.packed_instructions),
        ],
    );
    md.push('\n');
    para(
        md,
        &format!(
            "Means over {SHUFFLE_SEEDS} seeds ({LARGE_SEEDS} for 10,000 elements). The packed deal, \
             joined from the listing's own statements:\n\n    {}\n",
            d.packed_line
        ),
    );
}

/// A value as GW-BASIC prints a single: whole numbers with separators, else 7 digits.
fn single(x: f64) -> String {
    if x.fract() == 0.0 {
        n0(x)
    } else {
        format!("{:.7}", x).replace('-', "−")
    }
}

fn header_lines(md: &mut String) {
    header(
        md,
        &[
            "SIZE",
            "the rule",
            "D from 2110–2115, DEFINT A-Z",
            "D, single precision",
        ],
    );
}
