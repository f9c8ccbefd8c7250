//! GW-BASIC's RND generator (digest §8), exactly: a 24-bit linear congruential state,
//! its reseeding by RND(negative) and RANDOMIZE, and the value as a single. Public so the
//! native ports of the documents' routines draw the very same numbers as the listings.

use crate::num::Single;

/// The state RUN, CLEAR, NEW and every program edit reload (GWDATA.ASM RNDCOP).
pub const RND_START: u32 = 0x4F_C752;
const RND_MUL: u32 = 214_013;
const RND_ADD: u32 = 2_531_011;
const RND_MASK: u32 = 0xFF_FFFF;

/// GW-BASIC's random-number generator.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GwRnd {
    state: u32,
}

impl Default for GwRnd {
    fn default() -> Self {
        GwRnd { state: RND_START }
    }
}

impl GwRnd {
    /// A generator in GW-BASIC's start-up state.
    pub fn new() -> GwRnd {
        GwRnd::default()
    }

    /// The 24-bit state.
    pub fn state(&self) -> u32 {
        self.state
    }

    /// Back to the start-up state (RUN, CLEAR, NEW, edits).
    pub fn reset(&mut self) {
        self.state = RND_START;
    }

    fn step(&mut self) {
        self.state = (self.state.wrapping_mul(RND_MUL).wrapping_add(RND_ADD)) & RND_MASK;
    }

    /// `RND` or `RND(n)` with n > 0: step, then the new value.
    pub fn next_value(&mut self) -> Single {
        self.step();
        self.value()
    }

    /// `RND(0)`: the last value again.
    pub fn value(&self) -> Single {
        state_to_single(self.state)
    }

    /// `RND(n)` for any single n: positive steps, zero repeats, negative reseeds from
    /// n's three mantissa bytes (sign bit included, exponent ignored) and steps.
    pub fn rnd(&mut self, n: Single) -> Single {
        if n.is_zero() {
            return self.value();
        }
        if n.is_negative() {
            self.state = n.0 & RND_MASK;
        }
        self.next_value()
    }

    /// `RANDOMIZE n` given the seed's stored bytes (2 for an integer, 4 single, 8 double):
    /// the last two bytes XOR the two before them replace bits 8..23, then one step.
    pub fn randomize_bytes(&mut self, raw: &[u8]) {
        let n = raw.len();
        let (hi, lo) = match n {
            0 | 1 => return,
            2 | 3 => ([raw[n - 2], raw[n - 1]], [0, 0]),
            _ => ([raw[n - 2], raw[n - 1]], [raw[n - 4], raw[n - 3]]),
        };
        let word = u32::from(hi[0] ^ lo[0]) | u32::from(hi[1] ^ lo[1]) << 8;
        self.state = (self.state & 0xFF) | word << 8;
        self.step();
    }

    /// `RANDOMIZE n` with an integer seed.
    pub fn randomize_int(&mut self, seed: i16) {
        self.randomize_bytes(&seed.to_le_bytes());
    }
}

/// x / 2^24 as a single (exact: the 24-bit state normalised, exponent 0x80 at most).
fn state_to_single(x: u32) -> Single {
    if x == 0 {
        return Single::ZERO;
    }
    let shift = x.leading_zeros() - 8; // bring bit 23 to the top of 24 bits
    let m = x << shift;
    let exp = 0x80 - shift;
    Single((exp << 24) | (m & 0x7F_FFFF))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_states_follow_the_lcg() {
        let mut r = GwRnd::new();
        let x1 = ((RND_START as u64 * RND_MUL as u64 + RND_ADD as u64) & RND_MASK as u64) as u32;
        r.next_value();
        assert_eq!(r.state(), x1);
    }

    #[test]
    fn value_is_state_over_2_pow_24() {
        let mut r = GwRnd::new();
        for _ in 0..1000 {
            let v = r.next_value();
            assert_eq!(v.to_f64(), r.state() as f64 / 16_777_216.0);
        }
        assert_eq!(state_to_single(0).to_f64(), 0.0);
        assert_eq!(state_to_single(1).to_f64(), 1.0 / 16_777_216.0);
    }

    #[test]
    fn negative_argument_reseeds_from_mantissa_bytes() {
        // RND(-1), RND(-2), RND(-0.5) all reseed to 0x800000 (digest §8).
        let mut a = GwRnd::new();
        let mut b = GwRnd::new();
        let va = a.rnd(Single::from_f64(-1.0));
        let vb = b.rnd(Single::from_f64(-2.0));
        assert_eq!(va, vb);
        let x = ((0x80_0000u64 * RND_MUL as u64 + RND_ADD as u64) & RND_MASK as u64) as u32;
        assert_eq!(a.state(), x);
    }
}
