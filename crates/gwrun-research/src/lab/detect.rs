//! How many deals catch the flawed deal: power curves (the chance a test rejects at a
//! significance level, against the number of deals) of exact tests where they exist and
//! Monte-Carlo tests otherwise, with the lab's own pooled chi-square tests beside them.
//!
//! - Exact one-sided binomial tests on a count a tester would make: deals whose last two
//!   cards (3♣ 2♣) share a hand (fair 12/51), and void hands in seat 0 (fair 5.11 %).
//!   The rejection region is the smallest upper tail with null probability at most α; the
//!   power is that tail's probability under the flawed deal's exact law. No pooling, no
//!   minimum count: exact at every n.
//! - Seat 0's hand pattern (39 cells): the likelihood-ratio statistic G = 2 Σ o ln(o/e)
//!   with a Monte-Carlo p-value. M fair samples of n hands give the null law of G; a
//!   sample is rejected when at most α(M + 1) − 1 of them reach its G, a test of exactly
//!   level α (the Monte-Carlo p-value's exactness). Its power is simulated under the
//!   flawed deal's exact pattern law (seat 0 alone: its hands are independent from deal to
//!   deal, so both laws are exact multinomials).
//! - The lab's pooled chi-square tests (`stats::verdict`), for comparison: the pattern
//!   test pools cells with expected counts under 5, so its cells change with n, and its
//!   power jumps where they do.

use rayon::prelude::*;

use super::draw::{Draw, XoshiroDraw};
use super::engine::chunk_seed;
use super::flawed::{flawed_facts, pattern_law};
use super::patterns::{PAIR_SAME_HAND, pattern_table, void_probs};
use super::power::{last_two_exact, simulate};
use super::stats::{Statistic, gof};

/// ln C(n, k) by sums of logs (n at most a few thousand here).
fn ln_choose(n: u64, k: u64) -> f64 {
    let k = k.min(n - k);
    (0..k)
        .map(|i| ((n - i) as f64).ln() - ((i + 1) as f64).ln())
        .sum()
}

/// P(X = x) for X ~ Binomial(n, p).
fn binom_pmf(n: u64, x: u64, p: f64) -> f64 {
    if p <= 0.0 {
        return if x == 0 { 1.0 } else { 0.0 };
    }
    if p >= 1.0 {
        return if x == n { 1.0 } else { 0.0 };
    }
    (ln_choose(n, x) + x as f64 * p.ln() + (n - x) as f64 * (1.0 - p).ln()).exp()
}

/// The exact one-sided binomial test of p = p0 against larger p at level `alpha`: the
/// least x whose upper tail P(X ≥ x | p0) is at most alpha (n + 1 when none is).
pub fn binomial_critical(n: u64, p0: f64, alpha: f64) -> u64 {
    let mut tail = 0.0;
    let mut c = n + 1;
    for x in (0..=n).rev() {
        tail += binom_pmf(n, x, p0);
        // a tail equal to alpha is allowed: the sum of logs' last bits are no evidence
        if tail > alpha * (1.0 + 1e-12) {
            break;
        }
        c = x;
    }
    c
}

/// The power of that test when the true chance is p1.
pub fn binomial_power(n: u64, p0: f64, p1: f64, alpha: f64) -> f64 {
    let c = binomial_critical(n, p0, alpha);
    (c..=n).map(|x| binom_pmf(n, x, p1)).sum::<f64>() + 0.0
}

/// Sampling from a law over cells by 64-bit thresholds.
struct Sampler {
    thresholds: Vec<u64>,
    ln_p: Vec<f64>,
}

impl Sampler {
    fn new(law: &[f64], reference: &[f64]) -> Sampler {
        let total: f64 = law.iter().sum();
        let mut cum = 0.0;
        let thresholds = law
            .iter()
            .map(|&p| {
                cum += p / total;
                if cum >= 1.0 {
                    u64::MAX
                } else {
                    (cum * 18_446_744_073_709_551_616.0) as u64
                }
            })
            .collect();
        Sampler {
            thresholds,
            ln_p: reference.iter().map(|p| p.ln()).collect(),
        }
    }
    fn draw(&self, d: &mut XoshiroDraw) -> usize {
        let u = d.key();
        self.thresholds
            .partition_point(|&t| t <= u)
            .min(self.thresholds.len() - 1)
    }
    /// G of `n` hands drawn from the sampler's law, against the reference law.
    fn g(&self, n: u64, d: &mut XoshiroDraw, counts: &mut [u32], x_ln_x: &[f64]) -> f64 {
        counts.fill(0);
        let mut sum_ln_p = 0.0;
        for _ in 0..n {
            let i = self.draw(d);
            counts[i] += 1;
            sum_ln_p += self.ln_p[i];
        }
        let s: f64 = counts.iter().map(|&o| x_ln_x[o as usize]).sum();
        2.0 * (s - sum_ln_p - x_ln_x[n as usize])
    }
}

/// The power of seat 0's pattern G-test with a Monte-Carlo p-value at `n` deals: `null`
/// fair samples calibrate it, `runs` flawed samples measure it.
pub fn pattern_g_power(n: u64, null: u64, runs: u64, alpha: f64, seed: u64) -> (f64, f64) {
    let fair: Vec<f64> = pattern_table()
        .patterns
        .iter()
        .map(|p| p.probability())
        .collect();
    g_power(n, &fair, &pattern_law(), null, runs, alpha, seed)
}

/// The power, with its standard error, of the G-test of `fair` with a Monte-Carlo p-value
/// (`null` samples) against samples from `alt` (`runs` of them), n draws each.
pub fn g_power(
    n: u64,
    fair: &[f64],
    alt: &[f64],
    null: u64,
    runs: u64,
    alpha: f64,
    seed: u64,
) -> (f64, f64) {
    let x_ln_x: Vec<f64> = (0..=n)
        .map(|o| {
            if o == 0 {
                0.0
            } else {
                o as f64 * (o as f64).ln()
            }
        })
        .collect();
    let under = |law: &[f64], count: u64, salt: u64| -> Vec<f64> {
        let s = Sampler::new(law, fair);
        (0..count.div_ceil(1024))
            .into_par_iter()
            .flat_map_iter(|c| {
                let mut d = XoshiroDraw::seeded(chunk_seed(chunk_seed(seed, n ^ salt), c));
                let mut counts = vec![0u32; fair.len()];
                let len = 1024.min(count - c * 1024);
                (0..len)
                    .map(|_| s.g(n, &mut d, &mut counts, &x_ln_x))
                    .collect::<Vec<_>>()
            })
            .collect()
    };
    let mut nulls = under(fair, null, 0x6e75_6c6c);
    nulls.sort_by(|a, b| b.total_cmp(a));
    // reject when at most k − 1 nulls reach the observed G: above the k-th largest
    let k = ((alpha * (null + 1) as f64).floor() as usize).max(1);
    let critical = nulls.get(k - 1).copied().unwrap_or(f64::INFINITY);
    let alt = under(alt, runs, 0x666c_6177);
    let power = alt.iter().filter(|&&g| g > critical).count() as f64 / runs as f64;
    (power, (power * (1.0 - power) / runs as f64).sqrt())
}

/// One number of deals of the curves.
#[derive(Debug, Clone, PartialEq)]
pub struct CurvePoint {
    pub deals: u64,
    /// Exact binomial test, last two cards in one hand.
    pub last_two: f64,
    /// Exact binomial test, void hands in seat 0.
    pub voids: f64,
    /// Seat 0's pattern G-test (Monte-Carlo p-value): power and its standard error.
    pub g: (f64, f64),
    /// The lab's pooled chi-square, last two cards (exact over its rejection region).
    pub lab_last_two: f64,
    /// The lab's pooled chi-square on patterns, 4 seats by Bonferroni (simulated).
    pub lab_patterns: (f64, f64),
    /// Cells of the lab's pattern test in one seat after pooling.
    pub lab_cells: usize,
}

/// The curves and where each test first reaches 90 % power.
#[derive(Debug, Clone, PartialEq)]
pub struct Detection {
    pub alpha: f64,
    pub null_samples: u64,
    pub runs: u64,
    pub points: Vec<CurvePoint>,
    /// Exact: the least n whose power reaches 0.9 (last two, voids).
    pub n90_last_two: Option<u64>,
    pub n90_voids: Option<u64>,
    /// The G-test: the least n on the grid whose power reaches 0.9, and the least and
    /// greatest n within 3 standard errors of it.
    pub n90_g: Option<(u64, u64, u64)>,
}

/// The fair and flawed chances of a void hand in seat 0.
pub fn void_chances() -> (f64, f64) {
    let fair: f64 = void_probs()[1..].iter().sum();
    let t = pattern_table();
    let flawed: f64 = t
        .patterns
        .iter()
        .zip(pattern_law())
        .filter(|(p, _)| p.voids() > 0)
        .map(|(_, q)| q)
        .sum();
    (fair, flawed)
}

/// Cells of the lab's pooled pattern test in one seat with n deals.
pub fn lab_pattern_cells(n: u64) -> usize {
    let probs: Vec<f64> = pattern_table()
        .patterns
        .iter()
        .map(|p| p.probability())
        .collect();
    let mut obs = vec![0u64; probs.len()];
    obs[0] = n;
    gof(&obs, &probs, false).map_or(0, |t| t.cells.0)
}

/// The power curves at `grid` deals (ascending); the G-test's first size reaching 0.9 is
/// then found size by size below the first grid point that reaches it.
pub fn detection(grid: &[u64], null: u64, runs: u64, alpha: f64, seed: u64) -> Detection {
    let q = flawed_facts().last_two_same;
    let (fv, qv) = void_chances();
    let point = |n: u64| CurvePoint {
        deals: n,
        last_two: binomial_power(n, PAIR_SAME_HAND, q, alpha),
        voids: binomial_power(n, fv, qv, alpha),
        g: pattern_g_power(n, null, runs, alpha, seed),
        lab_last_two: last_two_exact(n, alpha),
        lab_patterns: {
            let p = simulate(Statistic::Patterns, n, runs.min(400), alpha, seed);
            (p.power(), p.se())
        },
        lab_cells: lab_pattern_cells(n),
    };
    let points: Vec<CurvePoint> = grid.iter().map(|&n| point(n)).collect();
    // the G-test size by size between the last grid point below 0.9 and the first above
    let mut g_points: Vec<(u64, (f64, f64))> = points.iter().map(|p| (p.deals, p.g)).collect();
    if let Some(i) = points.iter().position(|p| p.g.0 >= 0.9) {
        let from = if i == 0 { 1 } else { points[i - 1].deals + 1 };
        for n in from..points[i].deals {
            g_points.push((n, pattern_g_power(n, null, runs, alpha, seed)));
        }
    }
    g_points.sort_by_key(|x| x.0);
    let n90_g = g_points.iter().find(|p| p.1.0 >= 0.9).map(|p| {
        let near: Vec<u64> = g_points
            .iter()
            .filter(|x| (x.1.0 - 0.9).abs() <= 3.0 * x.1.1.max(1e-9))
            .map(|x| x.0)
            .collect();
        let lo = near.first().copied().unwrap_or(p.0).min(p.0);
        let hi = near.last().copied().unwrap_or(p.0).max(p.0);
        (p.0, lo, hi)
    });
    let first = |f: &dyn Fn(u64) -> f64| (1..=4096).find(|&n| f(n) >= 0.9);
    Detection {
        alpha,
        null_samples: null,
        runs,
        n90_last_two: first(&|n| binomial_power(n, PAIR_SAME_HAND, q, alpha)),
        n90_voids: first(&|n| binomial_power(n, fv, qv, alpha)),
        n90_g,
        points,
    }
}

/// The true level of the lab's last-two chi-square at `n` deals: the chance it rejects a
/// fair deal, which the chi-square approximation only promises to be near alpha.
pub fn lab_last_two_level(n: u64, alpha: f64) -> f64 {
    (0..=n)
        .filter(|&x| {
            gof(&[x, n - x], &[PAIR_SAME_HAND, 1.0 - PAIR_SAME_HAND], true)
                .is_some_and(|t| t.p < alpha)
        })
        .map(|x| binom_pmf(n, x, PAIR_SAME_HAND))
        .sum::<f64>()
        + 0.0
}

/// The patterns of the cell the lab's pooling adds when `n` deals become `n + 1`: the
/// fair and the flawed chance of one hand falling in it, and its patterns.
pub fn new_cell(n: u64) -> Option<(f64, f64, Vec<String>)> {
    let t = pattern_table();
    let probs: Vec<f64> = t.patterns.iter().map(|p| p.probability()).collect();
    let flawed = pattern_law();
    let mut order: Vec<usize> = (0..probs.len()).collect();
    order.sort_by(|&a, &b| probs[b].total_cmp(&probs[a]));
    // the cells as gof pools them: in this order, each closed once it expects 5
    let cells = |n: u64| -> Vec<Vec<usize>> {
        let mut out: Vec<Vec<usize>> = Vec::new();
        let (mut cur, mut e) = (Vec::new(), 0.0);
        for &i in &order {
            cur.push(i);
            e += probs[i] * n as f64;
            if e >= 5.0 {
                out.push(std::mem::take(&mut cur));
                e = 0.0;
            }
        }
        if let Some(last) = out.last_mut() {
            last.extend(cur);
        }
        out
    };
    let (a, b) = (cells(n), cells(n + 1));
    if b.len() <= a.len() {
        return None;
    }
    // the last cell of n + 1 split off the rare tail of n's last cell
    let tail = b.last()?.clone();
    let fair: f64 = tail.iter().map(|&i| probs[i]).sum();
    let bad: f64 = tail.iter().map(|&i| flawed[i]).sum();
    Some((
        fair,
        bad,
        tail.iter().map(|&i| t.patterns[i].name()).collect(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_binomial_test_keeps_its_level_and_matches_a_hand_count() {
        // n = 3, p0 = 1/2, alpha = 1/8: only x = 3 (tail 1/8) is rejected
        assert_eq!(binomial_critical(3, 0.5, 0.125), 3);
        assert!((binomial_power(3, 0.5, 0.5, 0.125) - 0.125).abs() < 1e-12);
        assert!((binomial_power(3, 0.5, 0.9, 0.125) - 0.729).abs() < 1e-12);
        for n in [5u64, 20, 60] {
            assert!(binomial_power(n, 0.3, 0.3, 0.001) <= 0.001 + 1e-12);
        }
    }

    #[test]
    fn the_g_test_holds_its_level_under_the_fair_law() {
        // the fair law as the alternative: rejected about alpha of the time, at most
        let fair: Vec<f64> = pattern_table()
            .patterns
            .iter()
            .map(|p| p.probability())
            .collect();
        let (level, se) = g_power(20, &fair, &fair, 20_000, 20_000, 0.01, 5);
        assert!(level <= 0.01 + 4.0 * se.max(0.0007), "{level}");
        assert!(level > 0.004, "{level}");
        // and the flawed law is caught far more often
        let (power, _) = pattern_g_power(24, 4000, 2000, 0.01, 7);
        assert!(power > 0.5, "{power}");
    }
}
