//! docs/claims.md and docs/cost.md (weights table) are current: `gwrun claims`, run from
//! a directory that is not the repository (the listings are in the binary), regenerates the
//! whole claims file byte for byte. Every quoted sentence of the report belongs to a row,
//! and every row names where its numbers come from. The verdicts follow the rule's
//! tolerances: a changed tolerance moves the verdicts that rest on it. Its words follow its
//! numbers: a listing edited in a copy (`D=D\3` → `D=D\2`) changes the sentences that
//! compare the routines, and the regenerated text agrees with its own tables.
//! `--explain ROW` prints a row's computation. Ctrl-C stops `gwrun claims` at once with
//! nothing written. And the counts behind the file obey identities derived by hand from
//! GW-BASIC's rules (digest §1.2, §1.3, §2.1, §3.2, §4): the space-free Ted sort walks
//! exactly the removed spaces times the passes over them fewer bytes, and the readable and
//! packed Ted sorts enter exactly as many lines as their control flow implies. The pass
//! counts (gaps, J iterations, comparisons, swaps) come from a plain Rust Shell sort on the
//! same data, not from gwrun.

#![cfg(feature = "research")]

use gwrun_core::cost::weights::Counter;
use gwrun_research::claims::rule::{Tolerances, Verdict};
use gwrun_research::claims::{
    self, Basic, LISTINGS, PACKED_FIXED, Spacing, TED, WEIGHTS_BEGIN, WEIGHTS_END,
};
use std::path::PathBuf;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read(rel: &str) -> String {
    let path = root().join(rel);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn cost_md_weights_table_is_current() {
    let file = read("docs/cost.md");
    let current = claims::marked_section(&file, WEIGHTS_BEGIN, WEIGHTS_END)
        .expect("docs/cost.md has no weights table");
    assert_eq!(
        current,
        claims::weights_table(),
        "docs/cost.md: weights table is stale"
    );
}

#[test]
fn minimal_spacing_keeps_the_spaces_the_tokeniser_needs() {
    // A keyword followed by a letter or digit is not a keyword (digest §1.2): `IF T`,
    // `GOTO 2165`, `TO 1`, `THEN D` keep their space; `) GOTO`, `1 STEP`, `STEP -`,
    // `: IF`, `0 THEN` lose it.
    let cases = [
        (2150, "IF T>=A(K) GOTO 2165", "IF T>=A(K)GOTO 2165", 1),
        (2140, "FOR K=J-D TO 1 STEP -D", "FOR K=J-D TO 1STEP-D", 2),
        (
            2115,
            "D=(3^DLOOPS-1)/2:  IF D=0 THEN D=1",
            "D=(3^DLOOPS-1)/2:IF D=0THEN D=1",
            3,
        ),
        (
            2110,
            "DLOOPS = INT(LOG(2*SIZE)/LOG(3))-1",
            "DLOOPS=INT(LOG(2*SIZE)/LOG(3))-1",
            2,
        ),
        (2160, "NEXT K", "NEXT K", 0),
        // strings and comments keep their spaces (the space before `'` is outside it)
        (10, "PRINT \"A B\" : REM x y", "PRINT\"A B\":REM x y", 3),
        (20, "A = 1 ' a b", "A=1' a b", 3),
    ];
    for (n, body, want, removed) in cases {
        assert_eq!(
            claims::minimal_spacing(n, body),
            (want.to_string(), removed),
            "{n} {body}"
        );
    }
}

/// Passes of Ted's Shell sort (lines 2110-2190) over A(1..): gaps G, J iterations
/// (= FOR K executions) KF, comparisons C, swaps S.
struct Passes {
    gaps: u64,
    j_iterations: u64,
    comparisons: u64,
    swaps: u64,
}

fn ted_passes(mut a: Vec<i64>) -> Passes {
    let size = a.len() - 1;
    let dloops = ((2.0 * size as f64).ln() / 3f64.ln()).floor() as u32 - 1;
    let mut d = ((3usize.pow(dloops) - 1) / 2).max(1);
    let mut p = Passes {
        gaps: 0,
        j_iterations: 0,
        comparisons: 0,
        swaps: 0,
    };
    while d > 0 {
        p.gaps += 1;
        for j in d + 1..=size {
            p.j_iterations += 1;
            let mut k = j - d;
            loop {
                p.comparisons += 1;
                if a[k] <= a[k + d] {
                    break;
                }
                a.swap(k, k + d);
                p.swaps += 1;
                if k <= d {
                    break;
                }
                k -= d;
            }
        }
        d /= 3;
    }
    assert!(a.windows(2).skip(1).all(|w| w[0] <= w[1]));
    p
}

fn walked_and_scanned(c: &gwrun_core::cost::Counts) -> u64 {
    [
        Counter::Token,
        Counter::Letter,
        Counter::OtherHigh,
        Counter::Digit,
        Counter::Punct,
        Counter::Space,
        Counter::StringChar,
        Counter::ScanByte,
        Counter::ForScanByte,
        Counter::WhileScanByte,
    ]
    .iter()
    .map(|&k| c.get(k))
    .sum()
}

#[test]
fn the_data_set_is_a_shuffled_permutation() {
    let a = claims::data_set(&Basic::Embedded, 1).unwrap();
    let mut sorted = a.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, (0..=i64::from(claims::SIZE)).collect::<Vec<_>>());
    assert_ne!(a, sorted);
}

#[test]
fn ted_counts_obey_the_hand_derived_identities() {
    let basic = Basic::Embedded;
    let seed = 1;
    let p = ted_passes(claims::data_set(&basic, seed).unwrap());
    let (g, kf, c, s) = (p.gaps, p.j_iterations, p.comparisons, p.swaps);
    assert_eq!(g, 8, "gaps 3280, 1093, 364, 121, 40, 13, 4, 1");

    let ted = &LISTINGS[TED];
    let printed = claims::measure(&basic, ted, seed, Spacing::AsPrinted).unwrap();
    let minimal = claims::measure(&basic, ted, seed, Spacing::Minimal).unwrap();
    // Removed spaces: 2115 two (run once), 2130 one (run G times, in the WHILE scan
    // once), 2140 two (run KF times, in the FOR J scan G times, in the WHILE scan once),
    // 2150 one (walked once per comparison, whether the GOTO is taken or the rest of the
    // line skipped; in the FOR K scan KF times, the FOR J scan G times, the WHILE scan
    // once): 2 + (G + 1) + 2(KF + G + 1) + (C + KF + G + 1).
    assert_eq!(minimal.spaces_removed, 6);
    let expected = 6 + 4 * g + 3 * kf + c;
    assert_eq!(
        walked_and_scanned(&printed.gw) - walked_and_scanned(&minimal.gw),
        expected
    );
    assert_eq!(
        printed.gw.get(Counter::Space) - minimal.gw.get(Counter::Space),
        2 + g + 2 * kf + c,
        "spaces walked while executing"
    );

    // Lines entered, readable: 2100-2119 (nine lines, once), 2120 once, 2130 and 2180
    // and 2190 once per gap, 2140 once per J iteration (NEXT J resumes at the end of
    // 2130), 2150 per comparison, 2155 and 2160 per swap, 2170 per J iteration (by the
    // GOTO or when the K loop ends). Packed: 2120 once (NEXT J and WEND resume inside
    // it), 2155 per swap, 2170 per J iteration.
    assert_eq!(
        printed.gw.get(Counter::Line),
        10 + 3 * g + 2 * kf + c + 2 * s
    );
    let packed =
        claims::measure(&basic, &LISTINGS[PACKED_FIXED], seed, Spacing::AsPrinted).unwrap();
    assert_eq!(packed.gw.get(Counter::Line), 1 + s + kf);
    // Each swap is followed by one NEXT K (a bare NEXT in the packing), each J iteration
    // ends in one NEXT J.
    assert_eq!(printed.gw.get(Counter::NextNamed), s + kf);
    assert_eq!(packed.gw.get(Counter::NextBare), s);
    assert_eq!(packed.gw.get(Counter::NextNamed), kf);
}

/// A working directory that is not the repository, for the command.
fn elsewhere(tag: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gwrun-claims-{tag}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `gwrun claims --out FILE` (the documented command), run in an empty directory, writes
/// docs/claims.md as committed, every byte of it; its progress goes to stderr; with
/// `--explain ROW` it also prints that row's computation on stdout.
#[test]
fn the_claims_command_regenerates_the_whole_file_from_anywhere() {
    let dir = elsewhere("regen");
    let run = std::process::Command::new(env!("CARGO_BIN_EXE_gwrun"))
        .args(["claims", "--out", "claims.md", "--explain", "000-24"])
        .current_dir(&dir)
        .output()
        .expect("gwrun runs");
    let written = std::fs::read_to_string(dir.join("claims.md"));
    let _ = std::fs::remove_dir_all(&dir);
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let progress = String::from_utf8_lossy(&run.stderr);
    assert!(progress.contains("gwrun claims:"), "no progress on stderr");
    let written = written.expect("report written");
    let committed = read("docs/claims.md");
    if written != committed {
        let line = written
            .lines()
            .zip(committed.lines())
            .position(|(a, b)| a != b)
            .map_or(0, |i| i + 1);
        panic!(
            "docs/claims.md is not current (first difference in line {line}): run \
             `cargo run --release -- claims --out docs/claims.md`"
        );
    }
    // the explanation of the 2^n - 1 row: its number in the table, the rule applied
    let rows = table_rows(&committed);
    let (n, _, _) = rows
        .iter()
        .find(|r| r.1.contains("D=2^n-1"))
        .expect("the 2^n - 1 row");
    let text = String::from_utf8_lossy(&run.stdout);
    assert!(text.starts_with(&format!("row {n} (000-24)")), "{text}");
    assert!(text.contains("claimed:  nearly 1.000"), "{text}");
    assert!(text.contains("rule:     the measured"), "{text}");
    assert!(text.contains("from:     `shell_work`"), "{text}");
}

/// The rows of the committed table: (number, words cell, from cell).
fn table_rows(md: &str) -> Vec<(usize, String, String)> {
    md.lines()
        .filter(|l| l.starts_with("| ") && l.contains(" | 00"))
        .filter_map(|l| {
            let cells: Vec<&str> = l.split(" | ").collect();
            let n = cells.first()?.trim_start_matches("| ").parse().ok()?;
            Some((
                n,
                cells.get(2)?.to_string(),
                cells.last()?.trim_end_matches(" |").to_string(),
            ))
        })
        .collect()
}

/// Dashes, spaces and capitals as one.
fn normal(s: &str) -> String {
    s.replace(['–', '—'], "-")
        .replace("\\|", "|")
        .to_lowercase()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// The count at the top is the table's; every row is numbered in order and names the
/// function or listing run its numbers come from; every passage the report quotes from
/// the documents outside the table (a quoted sentence with a number or three words or
/// more) is in some row's words.
#[test]
fn every_quoted_sentence_has_a_row_and_every_row_a_source() {
    let md = read("docs/claims.md");
    let rows = table_rows(&md);
    assert!(rows.len() > 60, "{}", rows.len());
    assert!(md.contains(&format!("**{} quantitative claims**", rows.len())));
    for (i, (n, words, from)) in rows.iter().enumerate() {
        assert_eq!(*n, i + 1);
        assert!(!words.is_empty());
        assert!(
            from.len() > 3 && from != "—",
            "row {n} names no source: {from}"
        );
    }
    // a row's words with its quotation marks taken out: a quotation may run on across them
    let all_words: Vec<String> = rows.iter().map(|r| normal(&r.1.replace('"', ""))).collect();
    let table_end = md.find("### Notes on the rows").expect("notes");
    let mut quotes = 0;
    for line in md[table_end..].lines() {
        // code blocks and tables of listing text hold no quotations
        if line.starts_with("    ") || line.starts_with("```") {
            continue;
        }
        let parts: Vec<&str> = line.split('"').collect();
        for q in parts.iter().skip(1).step_by(2) {
            let q = normal(q);
            let quantitative = q.chars().any(|c| c.is_ascii_digit()) || q.split(' ').count() >= 3;
            if !quantitative {
                continue;
            }
            quotes += 1;
            assert!(
                all_words.iter().any(|w| w.contains(&q)),
                "the report quotes \"{q}\" but no row's words hold it"
            );
        }
    }
    assert!(quotes >= 8, "the check found only {quotes} quotations");
}

/// The verdicts follow the rule's tolerances: widening "a bit less than" and "far" turns
/// the rows that rest on them, and only those.
#[test]
fn a_changed_tolerance_moves_the_verdicts_that_rest_on_it() {
    let rows = claims::exact_rows();
    let row = |id: &str| rows.iter().find(|c| c.id() == id).expect(id);
    let t = Tolerances::default();
    // 001: "a bit less than 20" failed attempts; exactly 15.439
    let bit = row("001-50");
    assert_eq!(bit.verdict(&t), Verdict::False);
    let wide = Tolerances {
        a_bit: 0.25,
        ..Tolerances::default()
    };
    assert_eq!(bit.verdict(&wide), Verdict::True);
    // 002: "not much faster" for a small deck (19-fold): true only if "much" means 20+
    let small = row("002-90");
    assert_eq!(small.verdict(&t), Verdict::Partly);
    let much = Tolerances {
        far: 25.0,
        ..Tolerances::default()
    };
    assert_eq!(small.verdict(&much), Verdict::True);
    // a row whose words carry no tolerance does not move
    let exact = row("001-10");
    assert_eq!(exact.verdict(&t), exact.verdict(&wide));
    assert_eq!(exact.verdict(&t), exact.verdict(&much));
}

/// A copy of basic/ with `edit` applied to one listing.
fn edited_copy(file: &str, from: &str, to: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gwrun-claims-edit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for entry in std::fs::read_dir(root().join("basic")).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "bas") {
            let name = path.file_name().unwrap();
            let mut text = std::fs::read_to_string(&path).unwrap();
            if name == file {
                assert!(text.contains(from), "{file} has no `{from}`");
                text = text.replacen(from, to, 1);
            }
            std::fs::write(dir.join(name), text).unwrap();
        }
    }
    dir
}

/// The `col`-th cell (0: the name) of the first table row `| name | ...` after the line
/// `section`.
fn cell(text: &str, section: &str, name: &str, col: usize) -> String {
    let from = text.find(section).unwrap_or_else(|| panic!("no {section}"));
    let row = text[from..]
        .lines()
        .find(|l| l.starts_with(&format!("| {name} |")))
        .unwrap_or_else(|| panic!("no row {name}"));
    row.split('|').nth(col + 1).unwrap().trim().to_string()
}

#[test]
fn an_edited_listing_changes_the_words_with_the_numbers() {
    // Shell-Metzner with halving gaps: it still sorts, but no longer with Ted's counts.
    let dir = edited_copy("shell_metzner.bas", "2180 D=D\\3", "2180 D=D\\2");
    let (claims_rows, text) = claims::listing_part(&Basic::Dir(dir.clone())).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    let committed = read("docs/claims.md");
    let same = "Both versions make the same 232,704 comparisons and 161,955 moves";
    assert!(
        committed.contains(same),
        "the committed file says the counts agree"
    );
    assert!(!text.contains("Both versions make the same"), "{text}");
    // the sentence now names both pairs of counts, and they differ
    let at = text
        .find("Shell-Metzner makes ")
        .expect("both counts named");
    let sentence = &text[at..at + text[at..].find(" per data set").unwrap()];
    assert!(
        !sentence.starts_with("Shell-Metzner makes 232,704 "),
        "{sentence}"
    );
    assert!(text.contains("Ted's 232,704 and 161,955"), "{sentence}");
    // the verdict's "more"/"less" agrees with the edited table's ratio
    let ratio: f64 = cell(&text, "### Modelled time", "Ted's Shell", 5)
        .parse()
        .unwrap();
    let word = if ratio > 1.0 { "more" } else { "less" };
    assert!(
        text.contains(&format!(
            "Ted's version needs {:.1} % {word} time",
            100.0 * (ratio - 1.0).abs()
        )),
        "ratio {ratio}"
    );
    let row = claims_rows
        .iter()
        .find(|c| c.words.contains("2-5% increase"))
        .unwrap();
    let gain = row.parts[0].measured.as_ref().unwrap().value;
    assert!((gain - (1.0 - ratio)).abs() < 0.0006, "{gain} {ratio}");
    // the gap-variant row compares with the edited listing's own comparisons
    let compares = cell(&text, "### Gaps 2^n", "the listing's", 1);
    let hib = claims_rows
        .iter()
        .find(|c| c.words.contains("D=2^n-1"))
        .unwrap();
    assert!(
        hib.note.contains(&format!("against {compares},")),
        "{}",
        hib.note
    );
    assert_ne!(compares, "232,704");
}

/// Ctrl-C during `gwrun claims --out FILE`: it ends by itself with status 130 (a claims
/// run that ignored the signal would be killed after a minute and have no status), says
/// nothing was written, and writes nothing.
#[cfg(unix)]
#[test]
fn ctrl_c_stops_the_claims_command_with_nothing_written() {
    use std::process::{Command, Stdio};
    use std::time::{Duration, Instant};
    let out = std::env::temp_dir().join(format!("gwrun-claims-int-{}.md", std::process::id()));
    let mut child = Command::new(env!("CARGO_BIN_EXE_gwrun"))
        .args(["claims", "--quiet", "--out"])
        .arg(&out)
        .current_dir(root())
        .stderr(Stdio::piped())
        .spawn()
        .expect("gwrun runs");
    std::thread::sleep(Duration::from_millis(700));
    assert!(
        child.try_wait().unwrap().is_none(),
        "ended before the signal"
    );
    let sent = Instant::now();
    let kill = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(kill.success());
    while child.try_wait().unwrap().is_none() && sent.elapsed() < Duration::from_secs(60) {
        std::thread::sleep(Duration::from_millis(5));
    }
    let _ = child.kill();
    let result = child.wait_with_output().unwrap();
    assert_eq!(result.status.code(), Some(130));
    assert_eq!(
        String::from_utf8_lossy(&result.stderr).trim_end(),
        "gwrun claims: interrupted (Ctrl-C); nothing written"
    );
    assert!(!out.exists());
}
