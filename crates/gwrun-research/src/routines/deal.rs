//! Dealing 52 cards to four hands: the first document's Deal routine (a collection
//! shuffle dealt round the table) and the second document's deal by retrying a random
//! player (the 'clubs problem'), ported statement for statement from `basic/deal52.bas`
//! and `basic/retry_deal.bas`; plus fair idiomatic deals with `rand`.
//!
//! Hands are `DEAL(h,c)` grids (h 0..3, c 0..12) in GW-BASIC's element order; cards are
//! 0..51.

use super::basic::{Grid, Outcome, at, fail, rnd_int};
use super::shuffle::fisher_yates;
use gwrun_core::error::ErrorCode;
use gwrun_core::rnd::GwRnd;
use rand::RngExt;

/// Four hands of thirteen cards, hand-major (`hands[h][c]` is `DEAL(h,c)`).
pub type Hands = [[u8; 13]; 4];

/// deal52.bas, lines 7010-7080: `DK()` holds the pack; card CD of the deal is
/// `DK(R)` with `R=INT(RND*(52-CD))`, the hole filled from the end of the pack, and it
/// goes to `DEAL(CD MOD 4, CD MOD 13)` (4 and 13 are coprime, so every place is filled
/// once). The listing has no DIM: the driver's `DIM DK(51), DEAL(3,12)` is needed, for
/// GW-BASIC's automatic 0..10 arrays fail with `Subscript out of range in 7010`
/// (`dk` of 11 elements).
pub fn deal52(dk: &mut [i16], deal: &mut Grid, rnd: &mut GwRnd) -> Outcome {
    for c in 0..=51 {
        dk[at(dk.len(), c, 7010)?] = c as i16;
    }
    for cd in 0..=51 {
        let r = i32::from(rnd_int(rnd, 52 - cd as i16));
        let card = dk[at(dk.len(), r, 7060)?];
        deal.set(cd % 4, cd % 13, card, 7060)?;
        dk[at(dk.len(), r, 7070)?] = dk[at(dk.len(), 51 - cd, 7070)?];
    }
    Ok(())
}

/// retry_deal.bas, lines 5010-5060 (001's six steps): deal the cards 0..51 in order, each
/// to a random player `INT(RND*4)`, drawing again while that player's 13 places are full.
/// `ct` is the counter array CT(0..3). Returns MISS, the draws that hit a full hand.
pub fn retry_deal(deal: &mut Grid, ct: &mut [i16], rnd: &mut GwRnd) -> Outcome<i16> {
    let mut misses: i16 = 0;
    for pl in 0..=3 {
        ct[at(ct.len(), pl, 5010)?] = 0;
    }
    for card in 0..52 {
        let pl = loop {
            let pl = i32::from(rnd_int(rnd, 4));
            if ct[at(ct.len(), pl, 5030)?] != 13 {
                break pl;
            }
            misses = misses
                .checked_add(1)
                .ok_or(fail(ErrorCode::Overflow, 5030))?;
        };
        let slot = at(ct.len(), pl, 5040)?;
        deal.set(pl, i32::from(ct[slot]), card, 5040)?;
        ct[slot] += 1;
    }
    Ok(misses)
}

/// The hands of a `DEAL(3,12)` grid, hand-major. Values outside 0..51 become 255.
pub fn hands_of(deal: &Grid) -> Hands {
    let mut hands = [[0u8; 13]; 4];
    for (h, hand) in hands.iter_mut().enumerate() {
        for (c, place) in hand.iter_mut().enumerate() {
            *place = deal
                .get(h, c)
                .and_then(|v| u8::try_from(v).ok())
                .unwrap_or(u8::MAX);
        }
    }
    hands
}

/// Idiomatic fair deal: shuffle the pack (Fisher-Yates), deal it round the table.
pub fn fair_deal<R: rand::Rng + ?Sized>(rng: &mut R) -> Hands {
    let mut pack: Vec<u8> = (0..52).collect();
    fisher_yates(&mut pack, rng);
    let mut hands = [[0u8; 13]; 4];
    for (i, &card) in pack.iter().enumerate() {
        hands[i % 4][i / 4] = card;
    }
    hands
}

/// Idiomatic fair version of 001's idea (cards in order, hands come out sorted): each card
/// goes to a hand with probability proportional to the places it still has free, which
/// makes every deal equally likely (the first document's cure for the 'clubs problem').
pub fn fair_deal_in_order<R: rand::Rng + ?Sized>(rng: &mut R) -> Hands {
    let mut hands = [[0u8; 13]; 4];
    let mut filled = [0usize; 4];
    for card in 0..52u8 {
        let free_total = 52 - usize::from(card);
        let mut pick = rng.random_range(0..free_total);
        let h = (0..4)
            .find(|&h| {
                let free = 13 - filled[h];
                if pick < free {
                    return true;
                }
                pick -= free;
                false
            })
            .unwrap_or(3);
        hands[h][filled[h]] = card;
        filled[h] += 1;
    }
    hands
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;
    use rand::rngs::ChaCha8Rng;

    fn seeded(seed: i16) -> GwRnd {
        let mut r = GwRnd::new();
        r.randomize_int(seed);
        r
    }

    fn is_full_deal(h: &Hands) -> bool {
        let mut all: Vec<u8> = h.iter().flatten().copied().collect();
        all.sort_unstable();
        all == (0..52).collect::<Vec<u8>>()
    }

    #[test]
    fn deal52_deals_every_card_once() {
        for seed in [1, 2, 3, 4, 5, -1, 32767, -32768] {
            let mut dk = vec![0; 52];
            let mut deal = Grid::new(4, 13);
            deal52(&mut dk, &mut deal, &mut seeded(seed)).unwrap();
            assert!(is_full_deal(&hands_of(&deal)));
        }
    }

    #[test]
    fn deal52_without_dim_fails_in_7010() {
        let mut dk = vec![0; 11];
        let mut deal = Grid::new(11, 11);
        let e = deal52(&mut dk, &mut deal, &mut seeded(1));
        assert_eq!(e, Err(fail(ErrorCode::SubscriptOutOfRange, 7010)));
        assert_eq!(dk, (0..11).collect::<Vec<i16>>());
    }

    #[test]
    fn deal52_seed_1_is_the_deal_pc_basic_printed() {
        // basic/expected/deal52.out, produced by PC-BASIC 2.0.8 from basic/deal52.bas.
        let want: Hands = [
            [21, 3, 40, 26, 28, 51, 22, 37, 45, 13, 24, 6, 16],
            [31, 12, 10, 23, 29, 4, 46, 5, 35, 25, 41, 34, 20],
            [49, 33, 30, 27, 43, 8, 9, 0, 18, 19, 38, 11, 15],
            [14, 42, 48, 2, 39, 44, 32, 50, 1, 7, 17, 47, 36],
        ];
        let mut dk = vec![0; 52];
        let mut deal = Grid::new(4, 13);
        deal52(&mut dk, &mut deal, &mut seeded(1)).unwrap();
        assert_eq!(hands_of(&deal), want);
    }

    #[test]
    fn retry_deal_gives_sorted_hands_and_counts_misses() {
        for seed in 1..=5 {
            let mut deal = Grid::new(4, 13);
            let mut ct = vec![0; 4];
            let misses = retry_deal(&mut deal, &mut ct, &mut seeded(seed)).unwrap();
            let hands = hands_of(&deal);
            assert!(is_full_deal(&hands));
            assert!(hands.iter().all(|h| h.windows(2).all(|w| w[0] < w[1])));
            assert!(misses >= 0);
            assert_eq!(ct, vec![13; 4]);
        }
    }

    #[test]
    fn retry_deal_seed_1_is_the_deal_pc_basic_printed() {
        // basic/expected/retry_deal.out (PC-BASIC 2.0.8): hand 0 and the miss count.
        let mut deal = Grid::new(4, 13);
        let mut ct = vec![0; 4];
        let misses = retry_deal(&mut deal, &mut ct, &mut seeded(1)).unwrap();
        assert_eq!(
            hands_of(&deal)[0],
            [3, 5, 6, 8, 15, 24, 44, 45, 46, 48, 49, 50, 51]
        );
        assert_eq!(misses, 9);
    }

    #[test]
    fn fair_deals_are_full_deals() {
        let mut rng = ChaCha8Rng::seed_from_u64(52);
        for _ in 0..200 {
            assert!(is_full_deal(&fair_deal(&mut rng)));
            let h = fair_deal_in_order(&mut rng);
            assert!(is_full_deal(&h));
            assert!(h.iter().all(|hand| hand.windows(2).all(|w| w[0] < w[1])));
        }
    }

    #[test]
    fn fair_in_order_deal_splits_the_last_two_cards_as_often_as_chance() {
        // In a fair deal cards 50 and 51 share a hand with probability 12/51 (0.235);
        // the retry deal pairs them far more often (the 'clubs problem').
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let trials = 20_000;
        let together = (0..trials)
            .filter(|_| {
                let h = fair_deal_in_order(&mut rng);
                h.iter()
                    .any(|hand| hand.contains(&50) && hand.contains(&51))
            })
            .count();
        let p = together as f64 / f64::from(trials);
        assert!((p - 12.0 / 51.0).abs() < 0.015, "{p}");
        let mut rnd = seeded(11);
        let retry_together = (0..2000)
            .filter(|_| {
                let mut deal = Grid::new(4, 13);
                let mut ct = vec![0; 4];
                let _ = retry_deal(&mut deal, &mut ct, &mut rnd);
                hands_of(&deal)
                    .iter()
                    .any(|h| h.contains(&50) && h.contains(&51))
            })
            .count();
        assert!(retry_together as f64 / 2000.0 > 0.65, "{retry_together}");
    }
}
