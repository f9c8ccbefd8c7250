//! The hot-path counter behind [`super::engine`]: it records a deal with a handful of
//! instructions and turns into a [`DealTally`] at the end of a chunk.
//!
//! Two tricks keep a deal cheap. Each hand's four suit lengths are counted jointly, one
//! increment per hand in a table keyed by (spades, hearts, diamonds) lengths (clubs
//! follow), and the patterns and per-suit lengths are derived from that table at the end.
//! The 52×4 placement and the 51 pair counts are bit-sliced: each 52-bit mask is added
//! into eight bit planes, a binary counter per card position, with no branches; the
//! planes are emptied into ordinary counters every 255 deals.

use super::cards::{CARDS, HAND, Hands, SEATS, SUITS, suit_lengths};
use super::patterns::pattern_table;
use super::stats::{DealTally, PAIRS};

/// Keys of the joint suit-length table: l0 + 14·l1 + 196·l2.
const KEYS: usize = 14 * 14 * 14;
/// Bit planes per sliced counter: counts up to 255 between flushes.
const PLANES: usize = 8;
const FLUSH_EVERY: u32 = (1 << PLANES) - 1;
/// Sliced counters: one per seat (placement) and one for the adjacent pairs.
const SLICED: usize = SEATS + 1;

/// Counts deals quickly; see the module documentation.
pub struct FastTally {
    deals: u64,
    joint: Vec<u32>,
    planes: [[u64; PLANES]; SLICED],
    pending: u32,
    bits: [[u64; CARDS]; SLICED],
    adjacency: [u64; CARDS],
}

impl Default for FastTally {
    fn default() -> Self {
        FastTally {
            deals: 0,
            joint: vec![0; SEATS * KEYS],
            planes: [[0; PLANES]; SLICED],
            pending: 0,
            bits: [[0; CARDS]; SLICED],
            adjacency: [0; CARDS],
        }
    }
}

#[inline(always)]
fn add_sliced(planes: &mut [u64; PLANES], mask: u64) {
    let mut carry = mask;
    for p in planes.iter_mut() {
        let c = *p & carry;
        *p ^= carry;
        carry = c;
    }
}

impl FastTally {
    /// Count one deal (at most 2^32 − 1 deals per tally). On x86-64 CPUs with POPCNT
    /// (detected at run time, cached) the counting runs in a copy compiled to use it: the
    /// portable build would count bits with shifts and masks, about a quarter slower.
    #[inline]
    pub fn record(&mut self, hands: &Hands) {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("popcnt") {
            // SAFETY: the CPU supports POPCNT, checked just above; that is the only
            // requirement of `record_popcnt`.
            unsafe { self.record_popcnt(hands) };
            return;
        }
        self.record_portable(hands);
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt")]
    fn record_popcnt(&mut self, hands: &Hands) {
        self.record_portable(hands);
    }

    #[inline(always)]
    fn record_portable(&mut self, hands: &Hands) {
        self.deals += 1;
        let mut same = 0u64;
        for (s, &h) in hands.iter().enumerate() {
            let l = suit_lengths(h);
            let key = usize::from(l[0]) + 14 * usize::from(l[1]) + 196 * usize::from(l[2]);
            if let Some(c) = self.joint.get_mut(s * KEYS + key) {
                *c += 1;
            }
            add_sliced(&mut self.planes[s], h);
            same |= h & (h >> 1);
        }
        same &= (1 << PAIRS) - 1;
        self.adjacency[same.count_ones() as usize] += 1;
        add_sliced(&mut self.planes[SEATS], same);
        self.pending += 1;
        if self.pending == FLUSH_EVERY {
            self.flush();
        }
    }

    fn flush(&mut self) {
        for (planes, counts) in self.planes.iter_mut().zip(self.bits.iter_mut()) {
            for (k, plane) in planes.iter_mut().enumerate() {
                for (bit, c) in counts.iter_mut().enumerate() {
                    *c += (*plane >> bit & 1) << k;
                }
                *plane = 0;
            }
        }
        self.pending = 0;
    }

    /// The counts as a [`DealTally`] (`draws` left at 0).
    pub fn into_tally(mut self) -> DealTally {
        self.flush();
        let table = pattern_table();
        let mut t = DealTally {
            deals: self.deals,
            adjacency: self.adjacency,
            ..DealTally::default()
        };
        for s in 0..SEATS {
            t.placement[s] = self.bits[s];
            for key in 0..KEYS {
                let n = u64::from(self.joint[s * KEYS + key]);
                if n == 0 {
                    continue;
                }
                let l = key_lengths(key);
                t.patterns[s][table.index(l)] += n;
                for (suit, &len) in l.iter().enumerate() {
                    t.suit_lengths[s][suit][usize::from(len)] += n;
                }
            }
        }
        t.pairs.copy_from_slice(&self.bits[SEATS][..PAIRS]);
        t
    }
}

fn key_lengths(key: usize) -> [u8; SUITS] {
    let (l0, l1, l2) = (key % 14, key / 14 % 14, key / 196);
    let l3 = HAND.saturating_sub(l0 + l1 + l2);
    [l0 as u8, l1 as u8, l2 as u8, l3 as u8]
}

/// The joint key of a hand (exposed for tests).
pub fn hand_key(hand: u64) -> usize {
    let l = suit_lengths(hand);
    usize::from(l[0]) + 14 * usize::from(l[1]) + 196 * usize::from(l[2])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lab::draw::RngKind;
    use crate::lab::procedures::Method;

    #[test]
    fn fast_tally_equals_the_plain_tally() {
        // 1000 deals cross several flushes (every 255).
        let table = pattern_table();
        for m in [Method::Ted, Method::Flawed, Method::Gsr { riffles: 2 }] {
            let mut d = m.dealer(RngKind::Xoshiro, 3);
            let mut fast = FastTally::default();
            let mut plain = DealTally::default();
            for _ in 0..1000 {
                let h = d.deal().unwrap();
                fast.record(&h);
                plain.record(&h, table);
            }
            assert_eq!(fast.into_tally(), plain);
        }
    }

    #[test]
    fn keys_round_trip() {
        assert_eq!(key_lengths(hand_key(0x1FFF)), [13, 0, 0, 0]);
        assert_eq!(key_lengths(3 + 14 * 4 + 196 * 2), [3, 4, 2, 4]);
    }
}
