//! Random sources for the lab's procedures. Every procedure draws through [`Draw`], so
//! the same code runs on a fast portable generator from `rand` 0.10 (xoshiro256++ by
//! default, ChaCha8 on request; both are rand's "named portable generators", value-stable
//! across releases and platforms) or on GW-BASIC's own RND (`crate::rnd::GwRnd`), where a
//! draw `INT(RND*n)` is computed in single precision exactly as a listing would.
//!
//! Bounded integers from the fast generators use Lemire's multiply-and-reject method on
//! 64-bit words, so they are exactly uniform (no modulo bias).

use rand::rngs::{ChaCha8Rng, Xoshiro256PlusPlus};
use rand::{Rng, SeedableRng};

use crate::num::Single;
use crate::rnd::GwRnd;

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
        FastDraw { rng: R::seed_from_u64(seed), count: 0 }
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
        if count >= 64 { w } else { w & ((1u64 << count) - 1) }
    }

    fn draws(&self) -> u64 {
        self.count
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
        GwDraw { rnd: GwRnd::new(), count: 0 }
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
        self.rnd.next()
    }
}

impl Draw for GwDraw {
    fn below(&mut self, n: u32) -> u32 {
        let n = n.clamp(1, 32767);
        let x = self.rnd();
        let product = x.mul(Single::from_i16(n as i16)).unwrap_or(Single::ZERO);
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
    fn gw_below_is_int_of_rnd_times_n() {
        // RND from the start-up state; INT(RND*52) must equal floor(x/2^24*52) for the
        // exact 24-bit x, except where single rounding of the product crosses an integer.
        let mut g = GwDraw::startup();
        let mut r = GwRnd::new();
        for _ in 0..1000 {
            let v = g.below(52);
            let x = r.next().to_f64();
            let exact = (x * 52.0).floor() as u32;
            assert!(v == exact || v + 1 == exact, "{v} vs {exact}");
        }
    }
}
