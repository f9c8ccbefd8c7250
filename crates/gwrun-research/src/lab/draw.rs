//! Random sources for the lab's procedures. Every procedure draws through [`Draw`], so
//! the same code runs on a fast portable generator from `rand` 0.10 (xoshiro256++ by
//! default, ChaCha8 on request; both are rand's "named portable generators", value-stable
//! across releases and platforms) or on GW-BASIC's own RND (`gwrun_core::rnd::GwRnd`), where a
//! draw `INT(RND*n)` is computed in single precision exactly as a listing would.
//!
//! Bounded integers from the fast generators use Lemire's multiply-and-reject method on
//! 64-bit words, so they are exactly uniform (no modulo bias).

use rand::rngs::{ChaCha8Rng, Xoshiro256PlusPlus};
use rand::{Rng, SeedableRng};

use super::cards::CARDS;
use gwrun_core::num::Single;
use gwrun_core::rnd::GwRnd;

/// A source of the random choices a shuffling or dealing procedure makes.
pub trait Draw: Send {
    /// A uniform integer in `0..n`; `n` must be at least 1 (0 is treated as 1).
    fn below(&mut self, n: u32) -> u32;
    /// A uniform sort key (Sort Randoms compares these).
    fn key(&mut self) -> u64;
    /// `count` (≤ 64) fair bits in the low bits of the result.
    fn bits(&mut self, count: u32) -> u64;
    /// How many primitive values were drawn so far (generator words, or RND calls).
    fn draws(&self) -> u64;
    /// The 52 draws of a Fisher–Yates pass over the pack: `out[i]` uniform in `0..52-i`,
    /// drawn in order `i = 0, 1, ...` (what `INT(RND*(52-CD))` gives for CD = 0..51).
    fn pack_indices(&mut self, out: &mut [u8; CARDS]) {
        for (i, slot) in out.iter_mut().enumerate() {
            *slot = self.below((CARDS - i) as u32) as u8;
        }
    }
}

/// The 52 Fisher–Yates bounds 52, 51, ..., 1 in groups of eight whose products stay
/// below 2^45, so one 64-bit word yields a whole group (see [`batch_below`]).
const PACK_GROUPS: [(usize, usize, u64); 7] = {
    let mut g = [(0, 0, 0); 7];
    let mut k = 0;
    while k < 7 {
        let start = 8 * k;
        let end = if start + 8 < CARDS { start + 8 } else { CARDS };
        let mut product = 1u64;
        let mut i = start;
        while i < end {
            product *= (CARDS - i) as u64;
            i += 1;
        }
        g[k] = (start, end, product);
        k += 1;
    }
    g
};

/// Lemire's batched bounded draw (Brackett-Rozinsky & Lemire, "Batched ranged random
/// integer generation", 2024): `out[j]` uniform in `0..bounds[j]`, all from one `W`-bit
/// word when possible. The word is multiplied by each bound in turn, the high part being
/// the draw and the low part carrying on; the few words whose final low part falls below
/// 2^W mod Π bounds are rejected, which makes the tuple exactly uniform. `product` must
/// be Π bounds and at most 2^W. Returns the number of words used.
pub fn batch_below<const W: u32>(
    mut next: impl FnMut() -> u64,
    bounds: &[u64],
    product: u64,
    out: &mut [u8],
) -> u32 {
    let mask: u128 = (1u128 << W) - 1;
    let run = |word: u64, out: &mut [u8]| -> u128 {
        let mut r = u128::from(word) & mask;
        for (o, &b) in out.iter_mut().zip(bounds) {
            let m = r * u128::from(b);
            *o = (m >> W) as u8;
            r = m & mask;
        }
        r
    };
    let mut words = 1;
    let mut left = run(next(), out);
    let p = u128::from(product.max(1));
    if left < p {
        let t = ((1u128 << W) - p) % p;
        while left < t {
            words += 1;
            left = run(next(), out);
        }
    }
    words
}

/// The generators the lab can use, by name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum RngKind {
    /// rand::rngs::Xoshiro256PlusPlus (portable, fastest): the default.
    #[value(name = "xoshiro256pp")]
    Xoshiro,
    /// rand::rngs::ChaCha8Rng (portable, cryptographic-quality stream).
    #[value(name = "chacha8")]
    ChaCha8,
    /// GW-BASIC's RND: a 24-bit LCG (period 2^24), `INT(RND*n)` in single precision.
    #[value(name = "gw")]
    Gw,
}

impl RngKind {
    /// The name printed in reports.
    pub fn label(self) -> &'static str {
        match self {
            RngKind::Xoshiro => "xoshiro256++ (rand 0.10 Xoshiro256PlusPlus, seed_from_u64)",
            RngKind::ChaCha8 => "ChaCha8 (rand 0.10 ChaCha8Rng, seed_from_u64)",
            RngKind::Gw => "GW-BASIC RND (24-bit LCG, reseeded per chunk by RND(-x))",
        }
    }
}

/// A `rand` generator behind [`Draw`].
pub struct FastDraw<R> {
    rng: R,
    count: u64,
}

impl<R: Rng + SeedableRng + Send> FastDraw<R> {
    /// A generator seeded with `seed` through `SeedableRng::seed_from_u64`.
    pub fn seeded(seed: u64) -> Self {
        FastDraw {
            rng: R::seed_from_u64(seed),
            count: 0,
        }
    }
}

/// The default fast source.
pub type XoshiroDraw = FastDraw<Xoshiro256PlusPlus>;
/// The ChaCha8 source.
pub type ChaChaDraw = FastDraw<ChaCha8Rng>;

impl<R: Rng + Send> Draw for FastDraw<R> {
    #[inline]
    fn below(&mut self, n: u32) -> u32 {
        let n = u64::from(n.max(1));
        loop {
            self.count += 1;
            let m = u128::from(self.rng.next_u64()) * u128::from(n);
            let low = m as u64;
            // Reject the few low words that would make some results one more likely.
            if low >= n || low >= n.wrapping_neg() % n {
                return (m >> 64) as u32;
            }
        }
    }

    #[inline]
    fn key(&mut self) -> u64 {
        self.count += 1;
        self.rng.next_u64()
    }

    #[inline]
    fn bits(&mut self, count: u32) -> u64 {
        self.count += 1;
        let w = self.rng.next_u64();
        if count >= 64 {
            w
        } else {
            w & ((1u64 << count) - 1)
        }
    }

    fn draws(&self) -> u64 {
        self.count
    }

    /// The seven groups run interleaved (independent multiply chains), each as
    /// [`batch_below`] would run it on its word; a group whose word is rejected (chance
    /// below 2^-19) is redrawn on fresh words.
    #[inline]
    fn pack_indices(&mut self, out: &mut [u8; CARDS]) {
        let mut words: [u64; 7] = std::array::from_fn(|_| self.rng.next_u64());
        self.count += 7;
        for j in 0..8 {
            for (g, w) in words.iter_mut().enumerate() {
                let i = 8 * g + j;
                if i < CARDS {
                    let m = u128::from(*w) * (CARDS - i) as u128;
                    out[i] = (m >> 64) as u8;
                    *w = m as u64;
                }
            }
        }
        for (g, &(start, end, product)) in PACK_GROUPS.iter().enumerate() {
            if words[g] < product {
                self.redraw_group(start, end, product, words[g], out);
            }
        }
    }
}

impl<R: Rng + Send> FastDraw<R> {
    /// The rare slow path of `pack_indices`: keep the group if its leftover passes
    /// the rejection test, else redraw it with [`batch_below`] on fresh words.
    #[cold]
    fn redraw_group(
        &mut self,
        start: usize,
        end: usize,
        product: u64,
        left: u64,
        out: &mut [u8; CARDS],
    ) {
        let t = ((1u128 << 64) - u128::from(product)) % u128::from(product);
        if u128::from(left) >= t {
            return;
        }
        let bounds: [u64; 8] = std::array::from_fn(|j| (CARDS - start).saturating_sub(j) as u64);
        let rng = &mut self.rng;
        let used = batch_below::<64>(
            || rng.next_u64(),
            &bounds[..end - start],
            product,
            &mut out[start..end],
        );
        self.count += u64::from(used);
    }
}

/// GW-BASIC's RND behind [`Draw`]: `below(n)` is `INT(RND*n)` with GW's single
/// arithmetic; `key` is the RND value (as its 24-bit state, which orders the same way).
pub struct GwDraw {
    rnd: GwRnd,
    count: u64,
}

impl GwDraw {
    /// RND in its start-up state (as after RUN).
    pub fn startup() -> Self {
        GwDraw {
            rnd: GwRnd::new(),
            count: 0,
        }
    }

    /// A given RND generator, in whatever state it is.
    pub fn from_rnd(rnd: GwRnd) -> Self {
        GwDraw { rnd, count: 0 }
    }

    /// RND reseeded as by `RND(-x)`, with x's mantissa bytes taken from `seed` (the sign
    /// bit of a negative x makes bit 23 of the state 1, so 2^23 start points exist).
    pub fn seeded(seed: u64) -> Self {
        let mut g = GwDraw::startup();
        let mantissa = (seed ^ (seed >> 24) ^ (seed >> 48)) as u32 & 0x7F_FFFF;
        g.rnd.rnd(Single(0x8180_0000 | mantissa));
        g
    }

    /// The next RND value.
    pub fn rnd(&mut self) -> Single {
        self.count += 1;
        self.rnd.next_value()
    }
}

impl Draw for GwDraw {
    /// `INT(RND * n)` in single precision, exact for n up to 2^24 (larger n are taken as
    /// 2^24: a single cannot count further).
    fn below(&mut self, n: u32) -> u32 {
        let n = n.clamp(1, 1 << 24);
        let x = self.rnd();
        let product = x.mul(Single::from_i32(n as i32)).unwrap_or(Single::ZERO);
        // INT of a product below n; the clamp only guards against a rounding to n.
        (product.int().to_f64() as u32).min(n - 1)
    }

    fn key(&mut self) -> u64 {
        self.rnd();
        u64::from(self.rnd.state())
    }

    fn bits(&mut self, count: u32) -> u64 {
        (0..count.min(64)).fold(0u64, |acc, i| acc | u64::from(self.below(2)) << i)
    }

    fn draws(&self) -> u64 {
        self.count
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// GW's draw reaches past 32767 when asked for more (weights adding up to 80000).
    #[test]
    fn gw_below_covers_ranges_wider_than_an_integer() {
        let mut d = GwDraw::seeded(1);
        let draws: Vec<u32> = (0..2000).map(|_| d.below(80_000)).collect();
        assert!(draws.iter().all(|&x| x < 80_000));
        assert!(draws.iter().any(|&x| x >= 40_000));
    }

    #[test]
    fn below_is_in_range_and_covers_it() {
        let mut d = XoshiroDraw::seeded(1);
        let mut seen = [0u32; 7];
        for _ in 0..7000 {
            seen[d.below(7) as usize] += 1;
        }
        assert!(seen.iter().all(|&c| c > 800 && c < 1200), "{seen:?}");
        assert_eq!(d.below(1), 0);
        assert_eq!(d.below(0), 0);
    }

    #[test]
    fn same_seed_same_stream() {
        let mut a = ChaChaDraw::seeded(42);
        let mut b = ChaChaDraw::seeded(42);
        for _ in 0..100 {
            assert_eq!(a.below(52), b.below(52));
        }
        assert_eq!(a.draws(), 100);
    }

    #[test]
    fn batched_draws_are_exactly_uniform_on_12_bit_words() {
        // Every 12-bit word, bounds 5·4·3 = 60: the accepted words must give each of the
        // 60 tuples equally often (4096 mod 60 = 16 words rejected).
        let bounds = [5u64, 4, 3];
        let mut counts = std::collections::HashMap::new();
        let mut rejected = 0;
        for w in 0..4096u64 {
            let mut out = [0u8; 3];
            let mut calls = 0;
            let used = batch_below::<12>(
                || {
                    calls += 1;
                    if calls == 1 {
                        w
                    } else {
                        (w + calls * 97) % 4096
                    }
                },
                &bounds,
                60,
                &mut out,
            );
            if used > 1 {
                rejected += 1;
            } else {
                *counts.entry(out).or_insert(0u32) += 1;
            }
        }
        assert_eq!(rejected, 4096 % 60);
        assert_eq!(counts.len(), 60);
        assert!(counts.values().all(|&c| c == 4096 / 60));
    }

    #[test]
    fn pack_indices_are_in_range_and_groups_fit() {
        assert!(PACK_GROUPS.iter().all(|&(_, _, p)| p < 1 << 45));
        assert_eq!(PACK_GROUPS[6], (48, 52, 24));
        let mut d = XoshiroDraw::seeded(4);
        let mut seen = [[0u32; 52]; 2];
        for _ in 0..5200 {
            let mut out = [0u8; CARDS];
            d.pack_indices(&mut out);
            for (i, &r) in out.iter().enumerate() {
                assert!((r as usize) < CARDS - i);
            }
            seen[0][out[0] as usize] += 1;
            seen[1][out[50] as usize] += 1;
        }
        assert!(seen[0].iter().all(|&c| c > 50 && c < 160));
        assert!(seen[1][0] > 2400 && seen[1][1] > 2400);
    }

    #[test]
    fn interleaved_pack_indices_equal_per_group_batches() {
        // Same words, same draws: the interleaved fast path is batch_below per group.
        let mut fast = XoshiroDraw::seeded(8);
        let mut words = Xoshiro256PlusPlus::seed_from_u64(8);
        for _ in 0..1000 {
            let mut a = [0u8; CARDS];
            fast.pack_indices(&mut a);
            let w: [u64; 7] = std::array::from_fn(|_| words.next_u64());
            let mut b = [0u8; CARDS];
            for (g, &(start, end, product)) in PACK_GROUPS.iter().enumerate() {
                let bounds: [u64; 8] =
                    std::array::from_fn(|j| (CARDS - start).saturating_sub(j) as u64);
                let used =
                    batch_below::<64>(|| w[g], &bounds[..end - start], product, &mut b[start..end]);
                assert_eq!(used, 1);
            }
            assert_eq!(a, b);
        }
    }

    #[test]
    fn gw_below_is_int_of_rnd_times_n() {
        // RND from the start-up state; INT(RND*52) must equal floor(x/2^24*52) for the
        // exact 24-bit x, except where single rounding of the product crosses an integer.
        let mut g = GwDraw::startup();
        let mut r = GwRnd::new();
        for _ in 0..1000 {
            let v = g.below(52);
            let x = r.next_value().to_f64();
            let exact = (x * 52.0).floor() as u32;
            assert!(v == exact || v + 1 == exact, "{v} vs {exact}");
        }
    }
}
