//! The tables and explanations of the sorting section (docs/claims.md): what each
//! listing does, the counts, modelled time against the document's, where the time goes,
//! the space-free and packed forms, and the wide-range data; plus the Markdown helpers.

use super::paragraphs::{render_trust, render_verdicts};
use super::*;

// ---------------------------------------------------------------- formatting

/// 1234567.4 → "1,234,567".
pub(super) fn n0(x: f64) -> String {
    let n = x.round() as i64;
    let digits = n.unsigned_abs().to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    if n < 0 { format!("−{out}") } else { out }
}

/// A relative change: +1.2 % / −3.4 %.
pub(super) fn pct(x: f64) -> String {
    if x >= 0.0 {
        format!("+{:.1} %", 100.0 * x)
    } else {
        format!("−{:.1} %", -100.0 * x)
    }
}

/// A relative change in words: "1.0 % more" / "3.0 % less".
pub(super) fn more_less(x: f64) -> String {
    if x >= 0.0 {
        format!("{:.1} % more", 100.0 * x)
    } else {
        format!("{:.1} % less", -100.0 * x)
    }
}

/// A share: 12.3 %.
pub(super) fn share(x: f64) -> String {
    format!("{:.1} %", 100.0 * x)
}

pub(super) fn outcome_text(o: &Stop) -> String {
    match o {
        Stop::Ended => "runs to the end".into(),
        Stop::Error(e) => format!("`{e}`"),
        Stop::Break { .. } => "Break".into(),
        Stop::Exit => "SYSTEM".into(),
        // a run to the end answers every wait itself
        Stop::Budget | Stop::Line | Stop::Key | Stop::Sleep(_) => "waits".into(),
    }
}

pub(super) fn row(md: &mut String, cells: &[String]) {
    let _ = writeln!(md, "| {} |", cells.join(" | "));
}

/// A table header; the first column is text (left-aligned), the others numbers.
pub(super) fn header(md: &mut String, cells: &[&str]) {
    header_aligned(md, cells, "l");
}

/// A table header; `align` gives each column's alignment, `l` or `r` (columns past its
/// end are numbers, right-aligned).
pub(super) fn header_aligned(md: &mut String, cells: &[&str], align: &str) {
    let _ = writeln!(md, "| {} |", cells.join(" | "));
    let aligns: Vec<&str> = (0..cells.len())
        .map(|i| match align.as_bytes().get(i) {
            Some(b'l') => "---",
            _ => "---:",
        })
        .collect();
    let _ = writeln!(md, "|{}|", aligns.join("|"));
}

pub(super) fn para(md: &mut String, text: &str) {
    let _ = writeln!(md, "{text}\n");
}

// ---------------------------------------------------------------- the section

pub(super) fn render(md: &mut String, r: &Results, cite: &Cite) {
    render_intro(md);
    render_outcomes(md, r);
    render_counts(md, r);
    render_times(md, r);
    render_groups(md, r);
    render_shell_lines(md, r);
    render_spaces(md, r);
    render_packing(md, r);
    render_wide(md, r);
    render_verdicts(md, r, cite);
    render_trust(md, r);
}

fn render_intro(md: &mut String) {
    let _ = writeln!(
        md,
        "## Sorting: the document's timings against GW-BASIC's work\n"
    );
    let seeds: Vec<String> = SEEDS.iter().map(|s| s.to_string()).collect();
    let times: Vec<String> = LISTINGS
        .iter()
        .filter_map(|l| l.doc_seconds.map(|t| format!("{} {t:.2} s", l.name)))
        .collect();
    para(
        md,
        &format!(
            "The first document times six routines \"on several arrays of 10,000 random \
             integers, in BASIC direct mode\" on the author's Pentium 4: {times}. Here every \
             listing of `basic/` runs in gwrun on the same {n} data \
             sets: each driver's parameter line is typed over with `20 SIZE={size}: MAXINT={size}: SEED=s` (SEED = {s}) and its \
             data line with\n\n    {d}\n\nso every routine sorts the same shuffles of \
             1..{size} (different values: Array Map needs them), and every driver creates the \
             same scalars (SIZE, MAXINT, SEED, J, SUM#) in the same order before its routine \
             runs (the packing's driver then SS, DLOOPS and D, which the packed lines \
             need). The rest of each driver is as in `basic/`. After each run the program must \
             have done what GW-BASIC 3.23 does (A() sorted with the same values, or the \
             listed error); the report is not written otherwise.",
            n = SEEDS.len(),
            s = seeds.join(", "),
            d = DATA_LINE,
            size = SIZE,
            times = times.join(", "),
        ),
    );
    para(
        md,
        "Only the routine's own lines are measured (Shell sorts 2100–2190, the packing \
         2120–2170, Array Map 2400–2470, Array Match 2500–2580, Bitmap 400–580): not the \
         driver, not its GOSUB, not the RETURN it adds. Counts are means per data set. \
         Modelled time is the weighted sum of the counters (8086 instructions, weights in \
         [cost.md](cost.md)) on a 4.77 MHz 8088, under two GOTO models: **gw**, GW-BASIC \
         3.23's rule (a jump searches for its line once, from the next line when the \
         target is higher, else from the top, and is a pointer from then on, digest §2.1), \
         and **naive**, the document's description (every GOTO hunts from the top of the \
         program).",
    );
}

fn render_outcomes(md: &mut String, r: &Results) {
    let _ = writeln!(md, "### What each listing does with the data\n");
    header_aligned(
        md,
        &["listing", "file", "measured lines", "GW-BASIC 3.23"],
        "llll",
    );
    for l in LISTINGS.iter() {
        let what = match l.expect {
            Expect::Sorted => "sorts".to_string(),
            Expect::Unchanged => "runs, writes nothing back: A() unchanged".to_string(),
            Expect::Error(code, line) => format!(
                "`{}`",
                BasicError {
                    code,
                    line: Some(line)
                }
            ),
        };
        row(
            md,
            &[
                l.name.to_string(),
                format!("`basic/{}`", l.file),
                format!("{}–{}", l.first, l.last),
                what,
            ],
        );
    }
    md.push('\n');
    para(
        md,
        "Two of the printed listings cannot have produced the document's times in \
         GW-BASIC 3.23. The packing ends its J loop with a bare `NEXT`: after \
         `GOTO 2170` leaves the K loop, that NEXT finds the abandoned K entry innermost, \
         whose bound NEXT is the one in 2155, and stops with `NEXT without FOR` at the \
         first pair already in order (docs/listings.md §4.1); the minimal correction \
         `2170 NEXT J:D=D\\3:WEND` is measured in its place. Bitmap tests `N<=SS`, and SS \
         is never set (docs/listings.md §4.4): the as-printed row measures the work it \
         does without writing anything back; `N<=SIZE` is measured in its place. Both \
         listings use SS for the size, as the author's own program evidently did.",
    );
    let texts: Vec<String> = r
        .repeats
        .iter()
        .map(|x| {
            format!(
                "{} {} after writing {} values ({} different values in the data)",
                LISTINGS[x.listing].name,
                match &x.outcome {
                    Stop::Error(_) => format!("stops with {}", outcome_text(&x.outcome)),
                    o => outcome_text(o),
                },
                n0(x.written as f64),
                n0(x.distinct as f64),
            )
        })
        .collect();
    let failed = r.repeats.iter().all(|x| x.outcome != Stop::Ended);
    para(
        md,
        &format!(
            "With repeated values (seed {}, {} random integers 1..{} with repeats, the Shell \
             drivers' own data line): {}. {}",
            SEEDS[0],
            n0(f64::from(SIZE)),
            n0(f64::from(SIZE)),
            texts.join("; "),
            if failed {
                "So neither \"absorbs\" nor \"accommodates\" them: both need different values, \
                 which the common data sets have (docs/listings.md §4.2, §4.3)."
            } else {
                "See docs/listings.md §4.2, §4.3."
            }
        ),
    );
}

fn render_counts(md: &mut String, r: &Results) {
    let _ = writeln!(md, "### Counts (mean per data set)\n");
    header(
        md,
        &[
            "listing",
            "statements",
            "lines entered",
            "bytes walked",
            "of which spaces",
            "scan bytes",
            "line-search steps, gw",
            "line-search steps, naive",
            "pointer jumps (gw)",
        ],
    );
    for (l, t) in LISTINGS.iter().zip(r.printed.iter()) {
        row(
            md,
            &[
                l.name.to_string(),
                n0(t.mean_statements()),
                n0(t.mean(Counter::Line)),
                n0(t.mean_of(&WALKED)),
                n0(t.mean(Counter::Space)),
                n0(t.mean_of(&SCANNED)),
                n0(t.mean_in(GotoModel::Gw, Counter::LineStep)),
                n0(t.mean_in(GotoModel::Naive, Counter::LineStep)),
                n0(t.mean(Counter::JumpPtr)),
            ],
        );
    }
    md.push('\n');
    para(
        md,
        "*Bytes walked*: bytes the character fetcher takes while executing statements \
         (tokens, letters, other bytes ≥ ':', digits, punctuation, spaces, string bytes). \
         *Scan bytes*: bytes walked by skip scans (IF-false rest of line, REM bodies, the \
         rest of a line on a first-time GOTO) and by the FOR and WHILE body scans that \
         look for the matching NEXT or WEND each time a FOR or WHILE executes. \
         *Line-search steps*: lines passed over looking for a jump's target.",
    );
}

/// The document's ratio to Shell-Metzner.
pub(super) fn doc_ratio(l: &Listing) -> Option<f64> {
    l.doc_seconds.map(|s| s / REFERENCE_SECONDS)
}

fn render_times(md: &mut String, r: &Results) {
    let _ = writeln!(md, "### Modelled time against the document's\n");
    let sm = &r.printed[SHELL_METZNER];
    let scale = REFERENCE_SECONDS / seconds(sm.ins(GotoModel::Gw));
    header(
        md,
        &[
            "listing",
            "instructions, gw",
            "s at 4.77 MHz, gw",
            "instructions, naive",
            "s, naive",
            "ratio to S-M, gw",
            "ratio, naive",
            "gw ratio, weights ±50 %",
            "document s",
            "document ratio",
            "error, gw",
            "error, naive",
            "normalised s, gw",
        ],
    );
    for (l, t) in LISTINGS.iter().zip(r.printed.iter()) {
        let (gw, naive) = (t.ins(GotoModel::Gw), t.ins(GotoModel::Naive));
        let (rg, rn) = (gw / sm.ins(GotoModel::Gw), naive / sm.ins(GotoModel::Naive));
        let doc = doc_ratio(l);
        let dash = || "—".to_string();
        row(
            md,
            &[
                l.name.to_string(),
                n0(gw),
                format!("{:.0}", seconds(gw)),
                n0(naive),
                format!("{:.0}", seconds(naive)),
                format!("{rg:.3}"),
                format!("{rn:.3}"),
                {
                    let m = model_ratio(t, sm);
                    format!("{:.3}–{:.3}", m.range.lo, m.range.hi)
                },
                l.doc_seconds.map_or_else(dash, |s| format!("{s:.2}")),
                doc.map_or_else(dash, |d| format!("{d:.3}")),
                doc.map_or_else(dash, |d| pct(rg / d - 1.0)),
                doc.map_or_else(dash, |d| pct(rn / d - 1.0)),
                format!("{:.3}", seconds(gw) * scale),
            ],
        );
    }
    md.push('\n');
    para(
        md,
        &format!(
            "*Ratio*: modelled instructions over Shell-Metzner's under the same GOTO model; \
             *gw ratio, weights ±50 %*: its least and greatest value over every weight table \
             that keeps each estimated weight within ±50 % (the exact ones fixed), data set \
             by data set; *document ratio*: the document's time over 1.21 s; *error*: modelled ratio over \
             document ratio, minus one. *Normalised s*: modelled seconds times one scale \
             factor, {scale:.6}, that maps Shell-Metzner's modelled {sm_s:.0} s to the \
             document's 1.21 s. That is a one-parameter normalisation (the author's machine \
             taken as uniformly {speed:.0} times faster than a 4.77 MHz 8088), not a fit of \
             any weight; its errors are the ratio errors. Over the data sets the ratios vary \
             little: {spread}.",
            sm_s = seconds(sm.ins(GotoModel::Gw)),
            speed = 1.0 / scale,
            spread = ratio_spread(r),
        ),
    );
}

/// The range of each sorting listing's gw ratio over the data sets.
fn ratio_spread(r: &Results) -> String {
    let sm = &r.printed[SHELL_METZNER].per_set;
    let parts: Vec<String> = SORTING
        .iter()
        .filter(|&&i| i != SHELL_METZNER)
        .map(|&i| {
            let ratios: Vec<f64> = r.printed[i]
                .per_set
                .iter()
                .zip(sm.iter())
                .map(|(a, b)| a.0 / b.0)
                .collect();
            let lo = ratios.iter().copied().fold(f64::INFINITY, f64::min);
            let hi = ratios.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            format!("{} {lo:.3}–{hi:.3}", LISTINGS[i].name)
        })
        .collect();
    parts.join(", ")
}

fn render_groups(md: &mut String, r: &Results) {
    let _ = writeln!(
        md,
        "### Where the time goes (gw model, share of the routine's instructions)\n"
    );
    let mut cells = vec!["activity"];
    cells.extend(SORTING.iter().map(|&i| LISTINGS[i].name));
    header(md, &cells);
    for (name, counters) in GROUPS.iter() {
        let mut cells = vec![name.to_string()];
        for &i in SORTING.iter() {
            let t = &r.printed[i];
            cells.push(share(
                t.ins_of(GotoModel::Gw, counters) / t.ins(GotoModel::Gw),
            ));
        }
        row(md, &cells);
    }
    md.push('\n');
    para(md, &groups_text(r));
}

/// The reading of the shares table, from the shares.
fn groups_text(r: &Results) -> String {
    let sm = &r.printed[SHELL_METZNER];
    let shares = |t: &Totals| -> Vec<(&'static str, f64)> {
        let mut v: Vec<(&str, f64)> = GROUPS
            .iter()
            .map(|(name, cs)| (*name, t.ins_of(GotoModel::Gw, cs) / t.ins(GotoModel::Gw)))
            .collect();
        v.sort_by(|a, b| b.1.total_cmp(&a.1));
        v
    };
    let sm_shares = shares(sm);
    let top = sm_shares[0];
    let next: Vec<String> = sm_shares[1..4]
        .iter()
        .map(|(n, x)| format!("{n} ({})", share(*x)))
        .collect();
    let small: Vec<String> = sm_shares
        .iter()
        .filter(|(_, x)| *x < 0.05)
        .map(|(n, x)| format!("{n} {}", share(*x)))
        .collect();
    let bit = shares(&r.printed[BITMAP_FIXED]);
    let pow = bit
        .iter()
        .position(|(n, _)| *n == POW_GROUP)
        .unwrap_or(bit.len());
    let pow_share = bit.get(pow).map_or(0.0, |x| x.1);
    let pow_words = match pow {
        0 => format!("dominate, {} of its time", share(pow_share)),
        k => format!(
            "take {}, the {} share after {}",
            share(pow_share),
            ["", "second", "third", "fourth", "fifth"]
                .get(k)
                .copied()
                .unwrap_or("a later"),
            bit[..k]
                .iter()
                .map(|(n, _)| *n)
                .collect::<Vec<_>>()
                .join(" and ")
        ),
    };
    format!(
        "Shell-Metzner spends the largest share of its time on {top_name} ({top_share}){why}. \
         Next come {next}; the FOR body scan that every `FOR K` repeats over the K loop's text \
         runs {for_k} times per data set. Small: {small}. In Bitmap, the powers `2^BIT` \
         {pow_words} at the table's weight for `^` (see *How far to trust the model*).",
        top_name = top.0,
        top_share = share(top.1),
        why = if top.0 == "variable and array lookups" {
            format!(
                ": GW-BASIC searches the simple-variable table in creation order on every \
                 reference (digest §5.3), and the routines' own variables come after the \
                 driver's five (SIZE, MAXINT, SEED, J, SUM#): {} probes per data set, {} of its \
                 time",
                n0(sm.mean(Counter::VarProbe)),
                share(sm.ins_of(GotoModel::Gw, &[Counter::VarProbe]) / sm.ins(GotoModel::Gw))
            )
        } else {
            String::new()
        },
        next = next.join(", "),
        for_k = n0(sm.line_hits(2140)),
        small = small.join(", "),
    )
}

fn render_shell_lines(md: &mut String, r: &Results) {
    let _ = writeln!(
        md,
        "### Per line: Shell-Metzner and Ted's Shell (gw, mean per data set)\n"
    );
    let (sm, ted) = (&r.printed[SHELL_METZNER], &r.printed[TED]);
    header(
        md,
        &[
            "line",
            "S-M hits",
            "S-M instructions",
            "Ted hits",
            "Ted instructions",
            "Ted − S-M",
        ],
    );
    let mut numbers: Vec<u16> = sm.lines.iter().map(|l| l.number).collect();
    numbers.extend(ted.lines.iter().map(|l| l.number));
    numbers.sort_unstable();
    numbers.dedup();
    let mut omitted = Vec::new();
    for n in numbers {
        let (a, b) = (sm.line(n), ted.line(n));
        let ins = |t: &Totals, x: Option<LineRow>| x.map_or(0.0, |x| x.instructions / t.sets());
        let hits = |t: &Totals, x: Option<LineRow>| {
            x.map_or("—".to_string(), |x| n0(x.hits as f64 / t.sets()))
        };
        let (ia, ib) = (ins(sm, a), ins(ted, b));
        if ia < 10_000.0 && ib < 10_000.0 {
            omitted.push(n);
            continue;
        }
        row(
            md,
            &[
                n.to_string(),
                hits(sm, a),
                n0(ia),
                hits(ted, b),
                n0(ib),
                n0(ib - ia),
            ],
        );
    }
    md.push('\n');
    let omitted: Vec<String> = omitted.iter().map(|n| n.to_string()).collect();
    para(
        md,
        &format!(
            "Lines that run fewer than 10,000 instructions per data set are left out ({}). \
             Line 2150 executes its IF once per hit (a comparison) and its GOTO once per \
             pair already in order.",
            omitted.join(", ")
        ),
    );
}

fn render_spaces(md: &mut String, r: &Results) {
    let _ = writeln!(md, "### Removing the spaces\n");
    para(
        md,
        "GW-BASIC stores every space typed after the line number and walks it on every \
         execution and in every scan that passes it (digest §1.2, §1.3). Each listing was \
         measured again with its routine's lines typed anew (through the session, as at the \
         `Ok` prompt) without every space that the tokeniser does not need: a space stays \
         where removing it would change the tokens (a keyword followed by a letter or digit, \
         `FOR J`, `TO SIZE`, `GOTO 2165`, `THEN D`, is not a keyword). The same checks, \
         on the first data set, against the printed form on it.",
    );
    header(
        md,
        &[
            "listing",
            "spaces removed from the text",
            "spaces walked, as printed",
            "spaces walked, without",
            "scan bytes saved",
            "instructions saved",
            "time, gw",
            "time, naive",
        ],
    );
    for &i in SORTING.iter() {
        let (p, Some(m)) = (&r.printed[i].first(SPACING_SETS), &r.minimal[i]) else {
            continue;
        };
        row(
            md,
            &[
                LISTINGS[i].name.to_string(),
                m.spaces_removed.to_string(),
                n0(p.mean(Counter::Space)),
                n0(m.mean(Counter::Space)),
                n0(p.mean_of(&SCANNED) - m.mean_of(&SCANNED)),
                n0(p.ins(GotoModel::Gw) - m.ins(GotoModel::Gw)),
                pct(m.ins(GotoModel::Gw) / p.ins(GotoModel::Gw) - 1.0),
                pct(m.ins(GotoModel::Naive) / p.ins(GotoModel::Naive) - 1.0),
            ],
        );
    }
    md.push('\n');
    let _ = writeln!(md, "The lines as typed without their spaces:\n\n```");
    for &i in SORTING.iter() {
        for (n, _, new, _) in &r.respaced[i] {
            let _ = writeln!(md, "{n} {new}");
        }
        if !r.respaced[i].is_empty() && i != *SORTING.last().unwrap_or(&i) {
            md.push('\n');
        }
    }
    let _ = writeln!(md, "```\n");
}

/// (name, counters) rows of the packing comparison.
const PACKING_ROWS: [(&str, &[Counter]); 10] = [
    ("lines entered", &[Counter::Line]),
    ("statements", &[Counter::Stmt]),
    ("bytes walked", &WALKED),
    ("of which spaces", &[Counter::Space]),
    (
        "FOR/WHILE body scan bytes",
        &[Counter::ForScanByte, Counter::WhileScanByte],
    ),
    ("other scan bytes", &[Counter::ScanByte]),
    ("variable references", &[Counter::VarRef]),
    ("variable probes", &[Counter::VarProbe]),
    ("NEXT with a variable", &[Counter::NextNamed]),
    ("bare NEXT", &[Counter::NextBare]),
];

fn render_packing(md: &mut String, r: &Results) {
    let _ = writeln!(md, "### Packing Ted's Shell sort\n");
    let (ted, packed) = (
        &r.printed[TED].first(SPACING_SETS),
        &r.printed[PACKED_FIXED].first(SPACING_SETS),
    );
    let Some(ted_min) = &r.minimal[TED] else {
        return;
    };
    header(
        md,
        &[
            "data set 1",
            "readable",
            "readable, no spaces",
            "packed (`NEXT J`)",
            "packed − readable",
            "instructions, packed − readable",
        ],
    );
    for (name, counters) in PACKING_ROWS.iter() {
        let count = |t: &Totals| t.mean_of(counters);
        row(
            md,
            &[
                name.to_string(),
                n0(count(ted)),
                n0(count(ted_min)),
                n0(count(packed)),
                n0(count(packed) - count(ted)),
                n0(packed.ins_of(GotoModel::Gw, counters) - ted.ins_of(GotoModel::Gw, counters)),
            ],
        );
    }
    for model in [GotoModel::Gw, GotoModel::Naive] {
        let name = gwrun_core::cost::report::model_name(model);
        row(
            md,
            &[
                format!("line-search steps, {name}"),
                n0(ted.mean_in(model, Counter::LineStep)),
                n0(ted_min.mean_in(model, Counter::LineStep)),
                n0(packed.mean_in(model, Counter::LineStep)),
                n0(packed.mean_in(model, Counter::LineStep)
                    - ted.mean_in(model, Counter::LineStep)),
                n0(packed.ins_of(model, &[Counter::LineStep])
                    - ted.ins_of(model, &[Counter::LineStep])),
            ],
        );
        row(
            md,
            &[
                format!("**instructions, {name}**"),
                n0(ted.ins(model)),
                n0(ted_min.ins(model)),
                n0(packed.ins(model)),
                pct(packed.ins(model) / ted.ins(model) - 1.0),
                n0(packed.ins(model) - ted.ins(model)),
            ],
        );
    }
    md.push('\n');
    para(
        md,
        "The packed routine is lines 2120–2170 only; its driver computes D in line 80 and \
         sets SS there, so SS, DLOOPS and D exist before the routine, and D and K sit one \
         place further down the variable table than in the readable version (the probe \
         row). The readable version also runs its lines 2100–2119 (comments and the D \
         computation, once).",
    );
}

fn render_wide(md: &mut String, r: &Results) {
    let _ = writeln!(
        md,
        "### The linear methods with values from 1..{}\n",
        n0(f64::from(WIDE_MAXINT))
    );
    let sm = r.printed[SHELL_METZNER].ins(GotoModel::Gw);
    header(
        md,
        &[
            "listing",
            "instructions, MAXINT = 10,000",
            "instructions, MAXINT = 12,500",
            "change",
            "ratio to S-M",
            "document ratio",
        ],
    );
    for &i in LINEAR.iter() {
        let (p, Some(w)) = (&r.printed[i], &r.wide[i]) else {
            continue;
        };
        row(
            md,
            &[
                LISTINGS[i].name.to_string(),
                n0(p.ins(GotoModel::Gw)),
                n0(w.ins(GotoModel::Gw)),
                pct(w.ins(GotoModel::Gw) / p.ins(GotoModel::Gw) - 1.0),
                format!("{:.3}", w.ins(GotoModel::Gw) / sm),
                doc_ratio(&LISTINGS[i]).map_or("—".into(), |d| format!("{d:.3}")),
            ],
        );
    }
    md.push('\n');
    para(
        md,
        &format!(
            "The Shell sorts' work depends on the order of the values only; the linear \
             methods' also on their range. The document dimensions `X(12500)`, so its data \
             may have spanned up to 12,500. Here {n} different values are drawn from \
             1..{w} (the linear drivers' own partial shuffle, same seeds, the result checked \
             to be the sorted input); the ratio is to Shell-Metzner on the common data sets \
             (the same order statistics). Gaps in the values make Array Map and Match jump \
             back in 2450/2550 (`THEN 2450` through its pointer) and clear and walk more of \
             X().",
            n = n0(f64::from(SIZE)),
            w = n0(f64::from(WIDE_MAXINT)),
        ),
    );
}
