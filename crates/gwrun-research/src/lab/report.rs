//! The text report of a `gwrun lab deal` run: a verdict table first, then for each
//! statistic its expected and observed values and its test.

use std::io::Write;

use super::cards::{CARDS, HAND, SEATS, SUIT_NAMES, SUITS, card_name};
use super::patterns::{
    PAIR_SAME_HAND, adjacency_probs_52, longest_suit_probs, pattern_table, suit_length_probs,
    void_probs,
};
use super::stats::{
    ChiSquare, DealTally, LAST_PAIR, PAIRS, STATISTICS, Statistic, Verdict, gof, verdicts,
};

/// Everything a report shows about one run.
pub struct RunReport<'a> {
    /// The procedure, described.
    pub procedure: String,
    /// The generator, described.
    pub generator: String,
    /// The user's seed.
    pub seed: u64,
    /// Threads used.
    pub threads: usize,
    /// Wall-clock seconds of the dealing (of the longest part, when merged).
    pub seconds: f64,
    /// CPU seconds of the dealing, all threads (and all parts), where measured.
    pub cpu_seconds: Option<f64>,
    /// Processes whose counts are summed here (1 for a run; the shards when merged).
    pub parts: u64,
    /// Significance level of each verdict.
    pub alpha: f64,
    /// The counts.
    pub tally: &'a DealTally,
    /// Extra lines under the heading (e.g. the documents' speed figures).
    pub notes: Vec<String>,
    /// Whether the procedure counts its random draws (a listing's are not counted).
    pub draws_counted: bool,
}

/// A p-value as text: scientific below 0.001, "0 (underflow)" when it underflowed.
pub fn fmt_p(p: f64) -> String {
    if p == 0.0 {
        "<1e-300".to_string()
    } else if p < 1e-3 {
        format!("{p:.2e}")
    } else {
        format!("{p:.4}")
    }
}

/// "χ² = 12.3, df = 10, p = 0.27" with χ²/df and z when p is tiny.
pub fn fmt_test(t: &ChiSquare) -> String {
    let mut s = format!("chi2 = {:.2}, df = {}, p = {}", t.stat, t.df, fmt_p(t.p));
    if t.p < 1e-12 {
        s += &format!(" (chi2/df = {:.2}, z = {:.1})", t.ratio(), t.z());
    }
    if t.cells.0 != t.cells.1 {
        s += &format!(" [{} cells pooled into {}]", t.cells.1, t.cells.0);
    }
    s
}

fn verdict_word(v: &Verdict, alpha: f64) -> &'static str {
    match (&v.test, v.rejected(alpha)) {
        (None, _) => "too few deals",
        (Some(_), true) => "REJECT",
        (Some(_), false) => "pass",
    }
}

/// The overall verdict: rejected when any statistic's p is below alpha / 7.
pub fn overall_rejected(vs: &[Verdict], alpha: f64) -> bool {
    vs.iter()
        .any(|v| v.rejected(alpha / vs.len().max(1) as f64))
}

/// Write the whole report.
pub fn render(r: &RunReport, out: &mut dyn Write) -> std::io::Result<()> {
    let vs = verdicts(r.tally);
    heading(r, out)?;
    verdict_table(&vs, r.alpha, out)?;
    for (stat, v) in STATISTICS.iter().zip(&vs) {
        writeln!(out)?;
        writeln!(out, "== {} ==", stat.title())?;
        section(*stat, r.tally, out)?;
        test_line(v, r.alpha, out)?;
    }
    Ok(())
}

fn heading(r: &RunReport, out: &mut dyn Write) -> std::io::Result<()> {
    let t = r.tally;
    writeln!(out, "procedure : {}", r.procedure)?;
    writeln!(out, "generator : {}", r.generator)?;
    if r.parts > 1 {
        writeln!(
            out,
            "deals     : {}   seed {}   parts {}",
            t.deals, r.seed, r.parts
        )?;
    } else {
        writeln!(
            out,
            "deals     : {}   seed {}   threads {}",
            t.deals, r.seed, r.threads
        )?;
    }
    let rate = t.deals as f64 / r.seconds.max(1e-9);
    writeln!(
        out,
        "time      : {:.3} s{}   {} (all statistics)",
        r.seconds,
        if r.parts > 1 {
            " (the longest part)"
        } else {
            ""
        },
        super::engine::rate_text(rate)
    )?;
    match r.cpu_seconds {
        Some(cpu) => writeln!(
            out,
            "cpu       : {cpu:.3} s{}   {} deals per CPU-second",
            if r.parts > 1 { " (all parts)" } else { "" },
            super::engine::thousands((t.deals as f64 / cpu.max(1e-9)).round() as u64)
        )?,
        None => writeln!(out, "cpu       : not measured on this platform")?,
    }
    if r.draws_counted {
        let per = t.draws as f64 / t.deals.max(1) as f64;
        writeln!(out, "draws     : {per:.3} random draws per deal")?;
    }
    for n in &r.notes {
        writeln!(out, "note      : {n}")?;
    }
    Ok(())
}

fn verdict_table(vs: &[Verdict], alpha: f64, out: &mut dyn Write) -> std::io::Result<()> {
    writeln!(out)?;
    writeln!(out, "verdicts at alpha = {alpha} per statistic")?;
    writeln!(
        out,
        "{:<38} {:>5}  {:<16} {:>10} {:>4} {:>10} {:>10}  verdict",
        "statistic", "tests", "test shown", "chi2", "df", "its p", "p used"
    )?;
    for v in vs {
        let word = verdict_word(v, alpha);
        let Some(t) = &v.test else {
            writeln!(
                out,
                "{:<38} {:>5}  {:<16} {:>10} {:>4} {:>10} {:>10}  {word}",
                v.stat.title(),
                "-",
                "-",
                "-",
                "-",
                "-",
                "-"
            )?;
            continue;
        };
        let shown = v.worst.clone().unwrap_or_else(|| "the only one".into());
        writeln!(
            out,
            "{:<38} {:>5}  {:<16} {:>10.2} {:>4} {:>10} {:>10}  {word}",
            v.stat.title(),
            v.parts,
            shown,
            t.stat,
            t.df,
            fmt_p(t.p),
            fmt_p(v.p)
        )?;
    }
    writeln!(
        out,
        "tests: separate chi-square tests the statistic makes (one per seat, or per suit and seat);"
    )?;
    writeln!(
        out,
        "test shown: the one with the smallest p, with its own chi2, df and p (its p);"
    )?;
    writeln!(
        out,
        "p used: its p times the number of tests (Bonferroni, at most 1), compared with alpha."
    )?;
    let m = vs.len().max(1);
    let word = if overall_rejected(vs, alpha) {
        "NOT FAIR"
    } else {
        "consistent with a fair deal"
    };
    writeln!(
        out,
        "overall (any p used < alpha/{m} = {:.3e}): {word}",
        alpha / m as f64
    )
}

fn test_line(v: &Verdict, alpha: f64, out: &mut dyn Write) -> std::io::Result<()> {
    let Some(t) = &v.test else {
        return writeln!(out, "test: {} - too few deals for a test", v.stat.method());
    };
    write!(out, "test: {}: {}", v.stat.method(), fmt_test(t))?;
    if let Some(w) = &v.worst {
        write!(out, "; worst {w}, adjusted p = {}", fmt_p(v.p))?;
    }
    writeln!(out, " -> {}", verdict_word(v, alpha))
}

fn pct(count: u64, total: u64) -> f64 {
    100.0 * count as f64 / total.max(1) as f64
}

fn section(stat: Statistic, t: &DealTally, out: &mut dyn Write) -> std::io::Result<()> {
    match stat {
        Statistic::Patterns => patterns_section(t, out),
        Statistic::SuitLengths => suit_section(t, out),
        Statistic::Placement => placement_section(t, out),
        Statistic::Longest => {
            let obs: Vec<u64> = (0..=HAND)
                .map(|k| (0..SEATS).map(|s| t.longest(s)[k]).sum())
                .collect();
            distribution_section("longest", &obs, &longest_suit_probs(), 4, out)
        }
        Statistic::Voids => {
            let obs: Vec<u64> = (0..SUITS)
                .map(|k| (0..SEATS).map(|s| t.voids(s)[k]).sum())
                .collect();
            distribution_section("voids", &obs, &void_probs(), 0, out)
        }
        Statistic::Adjacency => adjacency_section(t, out),
        Statistic::LastTwo => last_two_section(t, out),
    }
}

fn patterns_section(t: &DealTally, out: &mut dyn Write) -> std::io::Result<()> {
    let all = t.patterns_all();
    let hands = 4 * t.deals;
    writeln!(out, "all four seats pooled ({hands} hands)")?;
    writeln!(
        out,
        "{:<9} {:>10} {:>10} {:>14} {:>12} {:>7}",
        "pattern", "exact %", "observed %", "expected", "observed", "O/E"
    )?;
    for (p, &o) in pattern_table().patterns.iter().zip(&all) {
        let e = p.probability() * hands as f64;
        let ratio = if e > 0.0 { o as f64 / e } else { f64::NAN };
        writeln!(
            out,
            "{:<9} {:>10.4} {:>10.4} {:>14.1} {:>12} {:>7.3}",
            p.name(),
            100.0 * p.probability(),
            pct(o, hands),
            e,
            o,
            ratio
        )?;
    }
    Ok(())
}

fn suit_section(t: &DealTally, out: &mut dyn Write) -> std::io::Result<()> {
    let probs = suit_length_probs();
    let hands = SEATS as u64 * t.deals;
    writeln!(
        out,
        "length distribution per suit, seats pooled (observed %)"
    )?;
    write!(out, "{:>6} {:>9}", "length", "exact %")?;
    for name in SUIT_NAMES {
        write!(out, " {name:>9}")?;
    }
    writeln!(out)?;
    for (k, p) in probs.iter().enumerate() {
        write!(out, "{k:>6} {:>9.4}", 100.0 * p)?;
        for suit in 0..SUITS {
            let o: u64 = (0..SEATS).map(|s| t.suit_lengths[s][suit][k]).sum();
            write!(out, " {:>9.4}", pct(o, hands))?;
        }
        writeln!(out)?;
    }
    writeln!(out, "mean length (exact 3.25) and p per suit and seat")?;
    for (suit, name) in SUIT_NAMES.iter().enumerate() {
        write!(out, "{name:>9}")?;
        for s in 0..SEATS {
            let h = &t.suit_lengths[s][suit];
            let mean = h
                .iter()
                .enumerate()
                .map(|(k, &n)| k as f64 * n as f64)
                .sum::<f64>()
                / t.deals.max(1) as f64;
            let p = gof(h, &probs, true).map_or("-".to_string(), |x| fmt_p(x.p));
            write!(out, "   seat {s}: {mean:.4} (p {p:>8})")?;
        }
        writeln!(out)?;
    }
    Ok(())
}

fn placement_section(t: &DealTally, out: &mut dyn Write) -> std::io::Result<()> {
    let e = t.deals as f64 / SEATS as f64;
    let sd = (t.deals as f64 * 3.0 / 16.0).sqrt().max(1e-12);
    let mut cells: Vec<(f64, usize, usize, u64)> = (0..SEATS)
        .flat_map(|s| (0..CARDS).map(move |c| (s, c)))
        .map(|(s, c)| {
            let o = t.placement[s][c];
            ((o as f64 - e) / sd, c, s, o)
        })
        .collect();
    cells.sort_by(|a, b| b.0.abs().total_cmp(&a.0.abs()));
    writeln!(
        out,
        "expected {e:.1} per card and seat; the 8 largest deviations:"
    )?;
    writeln!(
        out,
        "{:>5} {:>5} {:>12} {:>8}",
        "card", "seat", "observed", "z"
    )?;
    for &(z, c, s, o) in cells.iter().take(8) {
        writeln!(out, "{:>5} {:>5} {:>12} {:>8.2}", card_name(c), s, o, z)?;
    }
    Ok(())
}

fn distribution_section(
    label: &str,
    obs: &[u64],
    probs: &[f64],
    from: usize,
    out: &mut dyn Write,
) -> std::io::Result<()> {
    let total: u64 = obs.iter().sum();
    writeln!(out, "all four seats pooled ({total} hands)")?;
    writeln!(
        out,
        "{label:>8} {:>10} {:>10} {:>12}",
        "exact %", "observed %", "observed"
    )?;
    for k in from..probs.len().min(obs.len()) {
        writeln!(
            out,
            "{k:>8} {:>10.4} {:>10.4} {:>12}",
            100.0 * probs[k],
            pct(obs[k], total),
            obs[k]
        )?;
    }
    Ok(())
}

fn adjacency_section(t: &DealTally, out: &mut dyn Write) -> std::io::Result<()> {
    let probs = adjacency_probs_52();
    let mean = t
        .adjacency
        .iter()
        .enumerate()
        .map(|(k, &n)| k as f64 * n as f64)
        .sum::<f64>()
        / t.deals.max(1) as f64;
    writeln!(
        out,
        "pairs (c, c+1) of the pack order sharing a hand, per deal: mean {mean:.4} (exact 12)"
    )?;
    writeln!(out, "{:>6} {:>10} {:>10}", "pairs", "exact %", "observed %")?;
    for (k, p) in probs
        .iter()
        .enumerate()
        .filter(|&(k, p)| *p > 1e-4 || t.adjacency[k] > 0)
    {
        writeln!(
            out,
            "{k:>6} {:>10.4} {:>10.4}",
            100.0 * p,
            pct(t.adjacency[k], t.deals)
        )?;
    }
    let sd = (t.deals as f64 * PAIR_SAME_HAND * (1.0 - PAIR_SAME_HAND))
        .sqrt()
        .max(1e-12);
    let mut pairs: Vec<(f64, usize)> = (0..PAIRS)
        .map(|c| {
            (
                (t.pairs[c] as f64 - t.deals as f64 * PAIR_SAME_HAND) / sd,
                c,
            )
        })
        .collect();
    pairs.sort_by(|a, b| b.0.abs().total_cmp(&a.0.abs()));
    writeln!(
        out,
        "per pair, exact {:.4} %; the 5 largest deviations:",
        100.0 * PAIR_SAME_HAND
    )?;
    for &(z, c) in pairs.iter().take(5) {
        let rate = pct(t.pairs[c], t.deals);
        writeln!(
            out,
            "  {}-{}: {rate:.4} %  z = {z:.2}",
            card_name(c),
            card_name(c + 1)
        )?;
    }
    Ok(())
}

fn last_two_section(t: &DealTally, out: &mut dyn Write) -> std::io::Result<()> {
    let same = t.pairs[LAST_PAIR];
    let rate = same as f64 / t.deals.max(1) as f64;
    let se = (rate * (1.0 - rate) / t.deals.max(1) as f64).sqrt();
    writeln!(
        out,
        "3C and 2C in one hand: {same} of {} deals = {:.4} % (se {:.4}); exact 12/51 = {:.4} %",
        t.deals,
        100.0 * rate,
        100.0 * se,
        100.0 * PAIR_SAME_HAND
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lab::cards::{deal_round, ordered_deck};

    #[test]
    fn p_formatting() {
        assert_eq!(fmt_p(0.0), "<1e-300");
        assert_eq!(fmt_p(0.5), "0.5000");
        assert_eq!(fmt_p(1e-5), "1.00e-5");
    }

    #[test]
    fn report_of_a_constant_deal_rejects() {
        let mut t = DealTally::default();
        for _ in 0..1000 {
            t.record(&deal_round(&ordered_deck()), pattern_table());
        }
        let r = RunReport {
            procedure: "constant".into(),
            generator: "none".into(),
            seed: 0,
            threads: 1,
            seconds: 1.0,
            cpu_seconds: Some(2.0),
            parts: 1,
            alpha: 0.001,
            tally: &t,
            notes: vec![],
            draws_counted: true,
        };
        let mut buf = Vec::new();
        render(&r, &mut buf).unwrap();
        let text = String::from_utf8(buf).unwrap();
        assert!(text.contains("NOT FAIR"), "{text}");
        assert!(text.contains("4-4-3-2"));
    }
}
