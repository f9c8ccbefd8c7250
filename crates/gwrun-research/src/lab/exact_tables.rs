//! The exact tables `gwrun lab exact` prints: hand patterns, the flawed deal, exchange
//! shuffles, perfect-shuffle periods, riffle distances.

use std::io::Write;

use super::LabError;
use super::cards::CARDS;
use super::cli::ExactTable;
use super::exchange::{
    CharacterTable, exchange_tv_lower, exchange_tv_small, exchange_ways, perfect_period,
};
use super::flawed::{flawed_facts, pattern_law};
use super::patterns::{PAIR_SAME_HAND, pattern_table};
use super::riffle::gsr_tv;

/// "ABC 3, ACB 2, ..." for n cards after k exchanges.
pub fn ways_text(n: usize, k: u32) -> String {
    exchange_ways(n, k)
        .iter()
        .map(|(a, w)| format!("{a} {w}"))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Print an exact table for `gwrun lab exact`.
pub fn exact_table(table: ExactTable, out: &mut dyn Write) -> Result<(), LabError> {
    match table {
        ExactTable::Patterns => {
            writeln!(
                out,
                "{:<9} {:>14} {:>12}",
                "pattern", "hands", "probability"
            )?;
            for p in &pattern_table().patterns {
                writeln!(
                    out,
                    "{:<9} {:>14} {:>12.8}",
                    p.name(),
                    p.ways,
                    p.probability()
                )?;
            }
        }
        ExactTable::Flawed => {
            let f = flawed_facts();
            writeln!(
                out,
                "failed attempts per deal: mean {:.6}, sd {:.6}",
                f.expected_failures, f.failures_sd
            )?;
            writeln!(
                out,
                "first full hand: mean card {:.4}, median {}",
                f.first_fill_mean(),
                f.first_fill_median()
            )?;
            writeln!(
                out,
                "a given hand full: mean card {:.4}",
                f.given_hand_fill_mean()
            )?;
            writeln!(
                out,
                "last two cards in one hand: {:.6} (fair 12/51 = {:.6})",
                f.last_two_same, PAIR_SAME_HAND
            )?;
            writeln!(out, "12-12-12-12 after 48 cards: {:.6}", f.even_after_48)?;
            let law = pattern_law();
            writeln!(out, "{:<9} {:>10} {:>10}", "pattern", "fair", "flawed")?;
            for (p, q) in pattern_table().patterns.iter().zip(&law) {
                writeln!(out, "{:<9} {:>10.6} {:>10.6}", p.name(), p.probability(), q)?;
            }
        }
        ExactTable::Exchange => {
            for k in 1..=4 {
                writeln!(out, "3 cards, {k} exchanges: {}", ways_text(3, k))?;
            }
            let tv = exchange_tv_small(3, 10);
            writeln!(out, "3 cards, distance after k = 0..10: {tv:.6?}")?;
            let ct = CharacterTable::new(CARDS);
            let exact = super::transposition::exchange_distances(CARDS, 300);
            writeln!(
                out,
                "52 cards: exchanges, lower bound, exact distance, upper bound, exact without i = j"
            )?;
            for k in (25..=300).step_by(25) {
                writeln!(
                    out,
                    "{k:>4} {:.6} {:.6} {:.6} {:.6}",
                    exchange_tv_lower(CARDS, k),
                    exact.lazy[k as usize],
                    ct.tv_upper(k),
                    exact.distinct[k as usize]
                )?;
            }
        }
        ExactTable::ExchangeTable => {
            let exact = super::transposition::exchange_distances(
                CARDS,
                super::transposition::CACHED_EXCHANGES,
            );
            write!(out, "{}", super::transposition::table_text(&exact))?;
        }
        ExactTable::Perfect => {
            for n in (2..=52).step_by(2) {
                writeln!(out, "{n:>3} cards: period {}", perfect_period(n))?;
            }
        }
        ExactTable::Riffle => {
            for k in 1..=16 {
                writeln!(out, "{k:>3} riffles: {:.6}", gsr_tv(CARDS, k))?;
            }
        }
    }
    Ok(())
}
