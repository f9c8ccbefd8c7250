//! The exchange shuffle of document 002 on a full deck, exactly: the law of the
//! random-transposition walk after k exchanges and its total-variation distance from
//! uniform, for 52 cards and k up to a few hundred.
//!
//! An exchange picks two positions independently and uniformly (n² ordered pairs, the
//! same position twice leaving the deck as it is) and swaps them. The law after k
//! exchanges is a class function (it gives every permutation of one cycle type the same
//! chance), so it is carried by the law of the cycle type: a Markov chain on the
//! partitions of n (281,589 for n = 52). Multiplying by a transposition (i j) merges the
//! cycles of i and j when they differ and splits their common cycle otherwise:
//! - i = j: n of the n² pairs; the type stays;
//! - i, j in one L-cycle at distance d along it: L ordered pairs for each d, so the
//!   split into {d, L − d} has 2L pairs (L when d = L − d), times the number of L-cycles;
//! - i in an a-cycle, j in a b-cycle: 2ab pairs per pair of cycles, so the merge into
//!   a + b has 2ab·m_a·m_b pairs (2a²·C(m_a, 2) when a = b).
//!
//! The uniform law gives a type μ the chance 1/z_μ = Π_L 1/(L^{m_L}·m_L!), so the
//! distance is ½·Σ_μ |Q_k(μ) − 1/z_μ| over the types, with no sampling and no bound.
//! The same matrix without the i = j pairs is the walk that never exchanges a card with
//! itself (n(n − 1) pairs): each step is then a transposition, the parity after k steps
//! is fixed, and the distance never falls below ½.

use rayon::prelude::*;

/// The transition structure of the walk on the cycle types of S_n.
pub struct CycleTypeChain {
    n: usize,
    /// The uniform law's chance of each type, 1/z_μ.
    uniform: Vec<f64>,
    /// Pull form: for target t, the sources `src[row[t]..row[t + 1]]` with their counts
    /// of ordered position pairs `count[..]` (i ≠ j only).
    row: Vec<u32>,
    src: Vec<u32>,
    count: Vec<u16>,
    /// Index of the identity's type (all fixed points).
    identity: usize,
    /// Index of the type of a transposition (one 2-cycle, n − 2 fixed points).
    transposition: usize,
}

/// The distance from uniform after k = 0, 1, ..., max_k exchanges, for the walk that
/// allows i = j (002's exchange shuffle) and for the walk that forbids it.
#[derive(Debug, Clone, PartialEq)]
pub struct ExchangeDistances {
    /// Cards.
    pub n: usize,
    /// Index k: distance after k exchanges of the exchange shuffle.
    pub lazy: Vec<f64>,
    /// Index k: distance after k exchanges that never pick one position twice.
    pub distinct: Vec<f64>,
    /// Cycle types (partitions of n).
    pub types: usize,
}

impl ExchangeDistances {
    /// The first k at which the exchange shuffle's distance is below `x`.
    pub fn first_below(&self, x: f64) -> Option<usize> {
        self.lazy.iter().position(|&d| d < x)
    }
}

/// Ranks partitions of n in the order [`partitions`] lists them (largest first part
/// first, then recursively), without a hash table: the partitions before λ are, for
/// each distinct part p of λ (taken from the largest down, with r the sum of the parts
/// from p's first copy on and q the distinct part before it, or n), those that agree with
/// λ up to there and then take a part in p+1 ..= min(r, q). Further copies of p add
/// nothing: a part above p after a p is not allowed. With T(r, q) = Σ_{j=1..q} P(r − j, j),
/// P(m, j) being the partitions of m into parts ≤ j, the rank is
/// Σ_p T(r, min(r, q)) − T(r, p).
struct Ranker {
    n: usize,
    /// T(r, q), row-major (n + 1) × (n + 1).
    t: Vec<u32>,
}

impl Ranker {
    fn new(n: usize) -> Ranker {
        // P(m, j): partitions of m into parts ≤ j
        let w = n + 1;
        let mut p = vec![0u32; w * w];
        p[..w].fill(1); // m = 0
        for m in 1..w {
            for j in 1..w {
                let without = p[m * w + j - 1];
                let with = if j <= m { p[(m - j) * w + j] } else { 0 };
                p[m * w + j] = without + with;
            }
        }
        let mut t = vec![0u32; w * w];
        for r in 0..w {
            for q in 1..w {
                let add = if q <= r { p[(r - q) * w + q] } else { 0 };
                t[r * w + q] = t[r * w + q - 1] + add;
            }
        }
        Ranker { n, t }
    }

    /// The rank of the partition with multiplicities m (m[l] for l = 1..=n), whose
    /// largest part is at most `top`.
    fn rank(&self, m: &[u8], top: usize) -> u32 {
        let w = self.n + 1;
        let (mut r, mut q, mut rank) = (self.n, self.n, 0u32);
        let mut l = top;
        while l > 0 {
            let ml = m[l] as usize;
            if ml > 0 {
                let hi = if r < q { r } else { q };
                rank += self.t[r * w + hi] - self.t[r * w + l];
                r -= ml * l;
                q = l;
            }
            l -= 1;
        }
        rank
    }
}

/// The largest part of a partition given by multiplicities.
fn largest(m: &[u8]) -> usize {
    m.iter().rposition(|&x| x > 0).unwrap_or(0)
}

/// Every partition of n as multiplicities (index 0 unused).
fn partitions(n: usize) -> Vec<Vec<u8>> {
    fn rec(left: usize, max: usize, m: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
        if left == 0 {
            out.push(m.clone());
            return;
        }
        for p in (1..=left.min(max)).rev() {
            m[p] += 1;
            rec(left - p, p, m, out);
            m[p] -= 1;
        }
    }
    let mut out = Vec::new();
    rec(n, n, &mut vec![0; n + 1], &mut out);
    out
}

/// Ordered position pairs (i, j), i ≠ j, that turn a permutation of type `m` into one
/// whose type has `a` and `b` merged (a ≤ b).
fn merge_pairs(m: &[u8], a: usize, b: usize) -> usize {
    let (ma, mb) = (usize::from(m[a]), usize::from(m[b]));
    if a == b {
        2 * a * a * (ma * ma.saturating_sub(1) / 2)
    } else {
        2 * a * b * ma * mb
    }
}

/// Ordered pairs that split one `l`-cycle of type `m` into `d` and `l − d`.
fn split_pairs(m: &[u8], l: usize, d: usize) -> usize {
    let per_cycle = if 2 * d == l { l } else { 2 * l };
    per_cycle * usize::from(m[l])
}

impl CycleTypeChain {
    /// The chain for n cards (n ≥ 2; 52 takes a second or two).
    pub fn new(n: usize) -> CycleTypeChain {
        assert!((2..256).contains(&n), "2 <= n < 256");
        // Types ordered by their number of cycles (an exchange changes it by one), so the
        // sources of a target lie in two neighbouring blocks: the reads stay in cache.
        let mut types = partitions(n);
        let ranker = Ranker::new(n);
        let cycles = |m: &[u8]| m.iter().map(|&x| usize::from(x)).sum::<usize>();
        let mut order: Vec<usize> = (0..types.len()).collect();
        order.sort_by_key(|&i| cycles(&types[i]));
        let mut pos = vec![0u32; types.len()];
        for (new, &old) in order.iter().enumerate() {
            pos[old] = new as u32;
        }
        types = order
            .iter()
            .map(|&i| std::mem::take(&mut types[i]))
            .collect();
        let index = |m: &[u8], top: usize| pos[ranker.rank(m, top) as usize];
        let ln_fact: Vec<f64> = (0..=n)
            .scan(0.0, |acc, i| {
                if i > 0 {
                    *acc += (i as f64).ln();
                }
                Some(*acc)
            })
            .collect();
        let uniform = types
            .iter()
            .map(|m| {
                let ln_z: f64 = (1..=n)
                    .filter(|&l| m[l] > 0)
                    .map(|l| f64::from(m[l]) * (l as f64).ln() + ln_fact[usize::from(m[l])])
                    .sum();
                (-ln_z).exp()
            })
            .collect();
        // Pull form: the sources of each target ν are ν with one cycle cut in two (the
        // source merged them) or with two cycles joined (the source split them).
        let mut row = Vec::with_capacity(types.len() + 1);
        let mut src = Vec::new();
        let mut count = Vec::new();
        row.push(0u32);
        let mut mu = vec![0u8; n + 1];
        for nu in &types {
            mu.copy_from_slice(nu);
            let top = largest(nu);
            for l in 2..=top {
                if nu[l] == 0 {
                    continue;
                }
                for a in 1..=l / 2 {
                    let b = l - a;
                    mu[l] -= 1;
                    mu[a] += 1;
                    mu[b] += 1;
                    src.push(index(&mu, top));
                    count.push(merge_pairs(&mu, a, b) as u16);
                    mu[a] -= 1;
                    mu[b] -= 1;
                    mu[l] += 1;
                }
            }
            for e in 1..=top {
                if nu[e] == 0 {
                    continue;
                }
                for d in e..=top.min(n - e) {
                    if nu[d] == 0 || (d == e && nu[e] < 2) {
                        continue;
                    }
                    let l = d + e;
                    mu[d] -= 1;
                    mu[e] -= 1;
                    mu[l] += 1;
                    src.push(index(&mu, top.max(l)));
                    count.push(split_pairs(&mu, l, e) as u16);
                    mu[l] -= 1;
                    mu[d] += 1;
                    mu[e] += 1;
                }
            }
            row.push(src.len() as u32);
        }
        let mut fixed = vec![0u8; n + 1];
        fixed[1] = n as u8;
        let identity = index(&fixed, 1) as usize;
        fixed[1] = (n - 2) as u8;
        fixed[2] = 1;
        let transposition = index(&fixed, 2) as usize;
        CycleTypeChain {
            n,
            uniform,
            row,
            src,
            count,
            identity,
            transposition,
        }
    }

    /// Number of cycle types.
    pub fn types(&self) -> usize {
        self.uniform.len()
    }

    /// Transitions (pairs of types joined by an exchange of two different positions).
    pub fn transitions(&self) -> usize {
        self.src.len()
    }

    /// One step of both walks at once: lazy `(n·law[t] + Σ count·law[s]) / n²`,
    /// distinct `Σ count·law[s] / (n(n − 1))`, over blocks of targets in parallel.
    fn step(&self, law: &Law, next: &mut Law) {
        const BLOCK: usize = 4096;
        let n = self.n as f64;
        let norms = (1.0 / (n * n), 1.0 / (n * (n - 1.0)));
        next.lazy
            .par_chunks_mut(BLOCK)
            .zip(next.distinct.par_chunks_mut(BLOCK))
            .enumerate()
            .for_each(|(block, (lazy, distinct))| {
                let edges = Edges {
                    row: &self.row,
                    src: &self.src,
                    count: &self.count,
                };
                pull(&edges, law, block * BLOCK, lazy, distinct, n, norms);
            });
    }

    fn distances_of(&self, law: &Law) -> (f64, f64) {
        let (mut a, mut b) = (0.0, 0.0);
        for i in 0..self.uniform.len() {
            let u = self.uniform[i];
            a += (law.lazy[i] - u).abs();
            b += (law.distinct[i] - u).abs();
        }
        (0.5 * a, 0.5 * b)
    }

    fn start(&self) -> Law {
        let mut law = Law {
            both: vec![[0.0; 2]; self.types()],
            lazy: vec![0.0; self.types()],
            distinct: vec![0.0; self.types()],
        };
        law.lazy[self.identity] = 1.0;
        law.distinct[self.identity] = 1.0;
        law.pack();
        law
    }

    /// The distances after 0..=max_k exchanges, both walks.
    pub fn distances(&self, max_k: usize) -> ExchangeDistances {
        let mut law = self.start();
        let mut next = self.start();
        let (a, b) = self.distances_of(&law);
        let mut out = ExchangeDistances {
            n: self.n,
            lazy: vec![a],
            distinct: vec![b],
            types: self.types(),
        };
        for _ in 0..max_k {
            self.step(&law, &mut next);
            next.pack();
            std::mem::swap(&mut law, &mut next);
            let (a, b) = self.distances_of(&law);
            out.lazy.push(a);
            out.distinct.push(b);
        }
        out
    }

    /// The chance of the type of a single transposition after one exchange.
    pub fn one_step_transposition(&self) -> f64 {
        let law = self.start();
        let mut next = self.start();
        self.step(&law, &mut next);
        next.lazy[self.transposition]
    }

    /// Ordered pairs leaving each type, i ≠ j (each should be n(n − 1)).
    #[cfg(test)]
    fn out_pairs(&self) -> Vec<u64> {
        let mut out = vec![0u64; self.types()];
        for (s, c) in self.src.iter().zip(&self.count) {
            out[*s as usize] += u64::from(*c);
        }
        out
    }
}

/// The law of both walks over the cycle types: `both[t]` = [lazy, distinct] (read
/// together, one cache line serves both), written into `lazy` and `distinct`.
struct Law {
    both: Vec<[f64; 2]>,
    lazy: Vec<f64>,
    distinct: Vec<f64>,
}

impl Law {
    /// `both` from the freshly written `lazy` and `distinct`.
    fn pack(&mut self) {
        for (b, (l, d)) in self
            .both
            .iter_mut()
            .zip(self.lazy.iter().zip(&self.distinct))
        {
            *b = [*l, *d];
        }
    }
}

/// The pull lists of the chain.
struct Edges<'a> {
    row: &'a [u32],
    src: &'a [u32],
    count: &'a [u16],
}

/// Targets `first..first + lazy.len()` of one step: plain indexed loops, so that even
/// an unoptimised test build runs the 2.5·10⁹ multiply-adds of 300 steps in seconds.
fn pull(
    e: &Edges,
    law: &Law,
    first: usize,
    lazy: &mut [f64],
    distinct: &mut [f64],
    n: f64,
    norms: (f64, f64),
) {
    let from = &law.both[..];
    let mut a = e.row[first] as usize;
    let mut i = 0;
    while i < lazy.len() {
        let t = first + i;
        let end = e.row[t + 1] as usize;
        let (mut x, mut y) = (0.0, 0.0);
        while a < end {
            let s = e.src[a] as usize;
            let c = e.count[a] as f64;
            x += c * from[s][0];
            y += c * from[s][1];
            a += 1;
        }
        lazy[i] = (n * from[t][0] + x) * norms.0;
        distinct[i] = y * norms.1;
        i += 1;
    }
}

/// The exact distances for n cards after 0..=max_k exchanges.
pub fn exchange_distances(n: usize, max_k: usize) -> ExchangeDistances {
    CycleTypeChain::new(n).distances(max_k)
}

/// Exchanges the cached table of 52 cards goes to.
pub const CACHED_EXCHANGES: usize = 300;

/// The cached table's text: `gwrun lab exact exchange-table` writes it, a test
/// recomputes it.
const CACHED_TABLE: &str = include_str!("../../data/exchange52.tsv");

/// The distances for 52 cards, k = 0..=300, as the chain computes them: the table is
/// computed once (a few seconds of CPU) and kept in the source tree
/// (crates/gwrun-research/data/exchange52.tsv, every digit of each f64); the test suite
/// checks that the chain still gives it. None when the text does not parse.
pub fn cached_distances_52() -> Option<ExchangeDistances> {
    parse_table(CACHED_TABLE)
}

/// The table's text for `exact`: a comment, then `k lazy distinct` per line with each
/// distance in the shortest form that reads back to the same f64.
pub fn table_text(exact: &ExchangeDistances) -> String {
    let mut s = format!(
        "# Exact distance from uniform of the exchange shuffle on {} cards ({} cycle types):\n\
         # k, with self-exchanges (002's ExchangeShuffle), without. Written by\n\
         # `gwrun lab exact exchange-table`; checked by lab::transposition's tests.\n",
        exact.n, exact.types
    );
    for (k, (a, b)) in exact.lazy.iter().zip(&exact.distinct).enumerate() {
        s.push_str(&format!("{k}\t{a:?}\t{b:?}\n"));
    }
    s
}

fn parse_table(text: &str) -> Option<ExchangeDistances> {
    let mut lazy = Vec::new();
    let mut distinct = Vec::new();
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let mut f = line.split('\t');
        let k: usize = f.next()?.parse().ok()?;
        if k != lazy.len() {
            return None;
        }
        lazy.push(f.next()?.parse().ok()?);
        distinct.push(f.next()?.parse().ok()?);
    }
    let types = text
        .lines()
        .next()?
        .split('(')
        .nth(1)?
        .split(' ')
        .next()?
        .replace(',', "")
        .parse()
        .ok()?;
    Some(ExchangeDistances {
        n: 52,
        lazy,
        distinct,
        types,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lab::exchange::{exchange_tv_small, permutations};

    #[test]
    fn partition_counts_and_keys() {
        assert_eq!(partitions(10).len(), 42);
        assert_eq!(partitions(52).len(), 281_589);
        for n in [1usize, 2, 7, 16, 25] {
            let r = Ranker::new(n);
            for (i, m) in partitions(n).iter().enumerate() {
                assert_eq!(r.rank(m, largest(m)) as usize, i, "n={n} {m:?}");
                assert_eq!(r.rank(m, n) as usize, i, "n={n} {m:?}");
            }
        }
    }

    #[test]
    fn every_type_is_left_by_all_n_times_n_minus_one_pairs() {
        for n in [5usize, 12, 30] {
            let c = CycleTypeChain::new(n);
            assert!(
                c.out_pairs().iter().all(|&p| p == (n * (n - 1)) as u64),
                "n={n}"
            );
        }
    }

    #[test]
    fn uniform_type_law_sums_to_one() {
        for n in [3usize, 8, 20] {
            let c = CycleTypeChain::new(n);
            assert!((c.uniform.iter().sum::<f64>() - 1.0).abs() < 1e-12, "n={n}");
        }
    }

    #[test]
    fn one_exchange_is_a_transposition_with_chance_one_minus_one_over_n() {
        let c = CycleTypeChain::new(52);
        assert!((c.one_step_transposition() - 51.0 / 52.0).abs() < 1e-15);
    }

    #[test]
    fn agrees_with_the_walk_over_all_arrangements() {
        // The walk over all n! arrangements (exchange.rs) is independent of the chain.
        for n in [3usize, 4, 5, 6] {
            let exact = exchange_tv_small(n, 30);
            let d = exchange_distances(n, 30);
            for (k, (a, b)) in exact.iter().zip(&d.lazy).enumerate() {
                assert!((a - b).abs() < 1e-12, "n={n} k={k}");
            }
        }
    }

    /// The cached table is the chain's, digit for digit, for its first steps (the whole
    /// table: `cargo test --release -p gwrun-research --lib -- --ignored cached`).
    #[test]
    fn the_cached_table_is_the_chains_first_steps() {
        let cached = cached_distances_52().expect("the cached table parses");
        assert_eq!(cached.lazy.len(), CACHED_EXCHANGES + 1);
        assert_eq!(cached.types, 281_589);
        let fresh = exchange_distances(52, 12);
        assert_eq!(&cached.lazy[..=12], &fresh.lazy[..]);
        assert_eq!(&cached.distinct[..=12], &fresh.distinct[..]);
        assert_eq!(parse_table(&table_text(&fresh)), Some(fresh));
    }

    /// The whole cached table against the chain (a few seconds in a release build).
    #[test]
    #[ignore]
    fn the_cached_table_is_the_chains() {
        let fresh = exchange_distances(52, CACHED_EXCHANGES);
        assert_eq!(cached_distances_52(), Some(fresh));
    }

    #[test]
    fn forbidding_a_card_with_itself_fixes_the_parity() {
        // brute force for 4 cards: the law over 24 arrangements, i != j only
        let perms = permutations(4);
        let idx = |p: &Vec<u8>| perms.iter().position(|q| q == p).unwrap();
        let mut law: Vec<f64> = vec![0.0; 24];
        law[0] = 1.0;
        let d = exchange_distances(4, 12);
        for k in 1..=12 {
            let mut next = vec![0.0; 24];
            for (i, p) in perms.iter().enumerate() {
                for a in 0..4 {
                    for b in 0..4 {
                        if a != b {
                            let mut q = p.clone();
                            q.swap(a, b);
                            next[idx(&q)] += law[i] / 12.0;
                        }
                    }
                }
            }
            law = next;
            let tv = 0.5
                * law
                    .iter()
                    .map(|x: &f64| (x - 1.0 / 24.0).abs())
                    .sum::<f64>();
            assert!((tv - d.distinct[k]).abs() < 1e-12, "k={k}");
            assert!(d.distinct[k] >= 0.5 - 1e-12);
        }
    }
}
