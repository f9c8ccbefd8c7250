//! How many deals a tester needs to catch the flawed deal: the power of a test (the
//! chance it rejects at a significance level) by repeated simulation, and the smallest
//! number of deals at which it reaches a target power, found by doubling and bisection.
//! For the last-two test the power is also exact (a binomial sum over the lab's own
//! rejection region), an independent check of the simulation.

use rayon::prelude::*;

use super::draw::XoshiroDraw;
use super::engine::chunk_seed;
use super::flawed::flawed_facts;
use super::patterns::PAIR_SAME_HAND;
use super::procedures::flawed_deal;
use super::stats::{DealTally, Statistic, gof, verdict};
use super::tally::FastTally;

/// The power at one number of deals.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct PowerPoint {
    pub deals: u64,
    /// Simulated experiments.
    pub runs: u64,
    /// Experiments in which the test rejected.
    pub rejected: u64,
}

impl PowerPoint {
    pub fn power(&self) -> f64 {
        self.rejected as f64 / self.runs.max(1) as f64
    }
    /// Standard error of the simulated power.
    pub fn se(&self) -> f64 {
        let p = self.power();
        (p * (1.0 - p) / self.runs.max(1) as f64).sqrt()
    }
}

/// The smallest number of deals reaching the target power, with the points tried.
#[derive(Debug, Clone, PartialEq)]
pub struct PowerSearch {
    pub stat: Statistic,
    /// The first size whose simulated power reached the target (None: not up to the cap).
    pub deals: Option<u64>,
    /// Every size tried, ascending.
    pub points: Vec<PowerPoint>,
}

impl PowerSearch {
    /// The point at `deals`, if tried.
    pub fn at(&self, deals: u64) -> Option<&PowerPoint> {
        self.points.iter().find(|p| p.deals == deals)
    }
}

/// `runs` experiments of `deals` flawed deals each (experiment r seeded from
/// (seed, deals, r)); how many the test of `stat` rejected at `alpha`.
pub fn simulate(stat: Statistic, deals: u64, runs: u64, alpha: f64, seed: u64) -> PowerPoint {
    let base = chunk_seed(seed, deals);
    let rejected = (0..runs)
        .into_par_iter()
        .filter(|&r| {
            let mut d = XoshiroDraw::seeded(chunk_seed(base, r));
            let mut fast = FastTally::default();
            for _ in 0..deals {
                fast.record(&flawed_deal(&mut d));
            }
            let t: DealTally = fast.into_tally();
            verdict(&t, stat).rejected(alpha)
        })
        .count() as u64;
    PowerPoint {
        deals,
        runs,
        rejected,
    }
}

/// The smallest number of deals (up to `cap`) at which the simulated power reaches
/// `target`: doubling from `start`, then bisection (power grows with the deals).
pub fn smallest_deals(
    stat: Statistic,
    target: f64,
    runs: u64,
    alpha: f64,
    seed: u64,
    start: u64,
    cap: u64,
) -> PowerSearch {
    let mut points: Vec<PowerPoint> = Vec::new();
    let eval = |n: u64, points: &mut Vec<PowerPoint>| -> bool {
        let p = simulate(stat, n, runs, alpha, seed);
        points.push(p);
        p.power() >= target
    };
    let mut lo = 0; // largest size known to fall short
    let mut hi = start.max(1);
    loop {
        if eval(hi, &mut points) {
            break;
        }
        lo = hi;
        if hi >= cap {
            points.sort_by_key(|p| p.deals);
            return PowerSearch {
                stat,
                deals: None,
                points,
            };
        }
        hi = (hi * 2).min(cap);
    }
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if eval(mid, &mut points) {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    points.sort_by_key(|p| p.deals);
    PowerSearch {
        stat,
        deals: Some(hi),
        points,
    }
}

/// Exact power of the lab's last-two test (the chi-square of "3♣ and 2♣ in one hand"
/// against 12/51) on `deals` flawed deals: the binomial law of the count, summed over
/// the counts the lab's own test rejects.
pub fn last_two_exact(deals: u64, alpha: f64) -> f64 {
    let q = flawed_facts().last_two_same;
    let n = deals;
    let ln_fact = |k: u64| (1..=k).map(|i| (i as f64).ln()).sum::<f64>();
    let ln_n = ln_fact(n);
    (0..=n)
        .filter(|&x| {
            gof(&[x, n - x], &[PAIR_SAME_HAND, 1.0 - PAIR_SAME_HAND], true)
                .is_some_and(|t| t.p < alpha)
        })
        .map(|x| {
            let ln = ln_n - ln_fact(x) - ln_fact(n - x)
                + x as f64 * q.ln()
                + (n - x) as f64 * (1.0 - q).ln();
            ln.exp()
        })
        .sum::<f64>()
        // an empty sum is −0.0
        + 0.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn simulated_power_agrees_with_the_exact_binomial_power() {
        for n in [22u64, 30] {
            let exact = last_two_exact(n, 0.001);
            let sim = simulate(Statistic::LastTwo, n, 2000, 0.001, 5);
            assert!(
                (sim.power() - exact).abs() < 5.0 * sim.se().max(0.002),
                "n={n}: {} vs {exact}",
                sim.power()
            );
        }
        // too few deals for the test (an expected count under 5): never rejects
        assert_eq!(last_two_exact(21, 0.001), 0.0);
    }

    #[test]
    fn the_search_returns_the_first_size_reaching_the_target() {
        let s = smallest_deals(Statistic::LastTwo, 0.9, 300, 0.001, 1, 8, 256);
        let n = s.deals.unwrap();
        assert!(s.at(n).unwrap().power() >= 0.9);
        if let Some(p) = s.at(n - 1) {
            assert!(p.power() < 0.9);
        }
    }
}
