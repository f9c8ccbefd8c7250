//! The shuffles: Sort Randoms and the Collection Shuffle (000), and the textbook's
//! PerfectShuffle, ExchangeShuffle, SelectionShuffle and EfficientSelectionShuffle (002),
//! ported statement for statement from `basic/*.bas` so that they draw GW-BASIC's RND
//! values in the same order; plus the idiomatic twins (Fisher-Yates with `rand`, a riffle
//! for any deck size).
//!
//! 000's arrays are 1-based BASIC arrays (`a[0]` unused); 002's decks are 0-based like the
//! Python lists, `deck.len()` being DECKSIZE.

use super::basic::{Outcome, at, rnd_int, rnd_rounded};
use gwrun_core::num::Single;
use gwrun_core::rnd::GwRnd;
use rand::RngExt;

/// The element type of Sort Randoms' X(): what `X(J)=RND` stores, and `X(J)>X(K)`.
pub trait RndKey: Copy {
    /// `X(J)=RND`.
    fn draw(rnd: &mut GwRnd) -> Self;
    /// `X(J)>X(K)`.
    fn above(self, other: Self) -> bool;
}

/// X() single precision (the driver's DEFINT A-W): the RND value itself.
impl RndKey for Single {
    fn draw(rnd: &mut GwRnd) -> Single {
        rnd.next_value()
    }
    fn above(self, other: Single) -> bool {
        self.to_f64() > other.to_f64()
    }
}

/// X() integer (DEFINT A-Z): RND rounded to 0 or 1 (the pitfall in docs/listings.md).
impl RndKey for i16 {
    fn draw(rnd: &mut GwRnd) -> i16 {
        rnd_rounded(rnd)
    }
    fn above(self, other: i16) -> bool {
        self > other
    }
}

/// sort_randoms.bas, lines 3010-3040: a random key per element, then an exchange sort of
/// the keys that swaps the data along with them. With single keys every order is equally
/// likely; with integer keys (0 or 1) the 0-keyed data keep their order at the front and
/// at most 2^SIZE of the SIZE! orders can come out.
pub fn sort_randoms<K: RndKey>(a: &mut [i16], x: &mut [K], size: i16, rnd: &mut GwRnd) -> Outcome {
    for j in 1..=i32::from(size) {
        x[at(x.len(), j, 3010)?] = K::draw(rnd);
    }
    for j in 1..i32::from(size) {
        for k in j + 1..=i32::from(size) {
            let (xj, xk) = (at(x.len(), j, 3030)?, at(x.len(), k, 3030)?);
            if x[xj].above(x[xk]) {
                x.swap(xj, xk);
                a.swap(at(a.len(), j, 3030)?, at(a.len(), k, 3030)?);
            }
        }
    }
    Ok(())
}

/// collection_shuffle.bas, lines 7010-7070: pick `R=INT(RND*D)+1` among the D cards left
/// in A(), collect it in X(J), fill its hole with A(D). The result is in X(); A() is
/// trashed.
pub fn collection_shuffle(a: &mut [i16], x: &mut [i16], size: i16, rnd: &mut GwRnd) -> Outcome {
    let mut d = size;
    for j in 1..=i32::from(size) {
        let r = i32::from(rnd_int(rnd, d)) + 1;
        x[at(x.len(), j, 7040)?] = a[at(a.len(), r, 7040)?];
        a[at(a.len(), r, 7050)?] = a[at(a.len(), i32::from(d), 7050)?];
        d -= 1;
    }
    Ok(())
}

/// perfect_shuffle.bas, lines 1000-1180 (PerfectShuffle): the first half of the deck to
/// the even positions, the second half to the odd ones. The text assumes an even
/// DECKSIZE: with an odd one the last card goes to position DECKSIZE, off the end of
/// shuffledDeck: `Subscript out of range in 1110` (Python: IndexError), deck unchanged.
pub fn perfect_shuffle(deck: &mut [i16]) -> Outcome {
    let n = deck.len();
    let mut shuffled = vec![0; n];
    let mut old = 0;
    let mut pos: i32 = 0;
    while old < n / 2 {
        shuffled[at(n, pos, 1050)?] = deck[old];
        old += 1;
        pos += 2;
    }
    pos = 1;
    while old < n {
        shuffled[at(n, pos, 1110)?] = deck[old];
        old += 1;
        pos += 2;
    }
    deck.copy_from_slice(&shuffled);
    Ok(())
}

/// exchange_shuffle.bas, lines 1000-1080 (ExchangeShuffle): `exchanges` times, swap the
/// cards at two positions `RandomDeckPos` each drew (a position may meet itself).
pub fn exchange_shuffle(deck: &mut [i16], exchanges: i16, rnd: &mut GwRnd) {
    let size = deck_size(deck);
    if deck.is_empty() {
        return; // DIM DECK(-1) would already have failed
    }
    for _ in 0..exchanges.max(0) {
        let p1 = rnd_int(rnd, size) as usize;
        let p2 = rnd_int(rnd, size) as usize;
        deck.swap(p1, p2);
    }
}

/// How Search decides that a card was already chosen (line 1370).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SearchEnd {
    /// As printed: `Search = (card == deck[k])` also when the scan ran to k = deckSize,
    /// comparing with the unfilled slot there, which holds 0.
    CompareAtEnd,
    /// selection_shuffle_fixed.bas: `SEARCH = (SK < DSIZE)`, found only inside the range.
    StopInside,
}

/// selection_shuffle.bas, lines 1000-1120 with Search (1300) and RandomDeckPos (1400):
/// draw positions until every card has been chosen once. Returns the number of draws,
/// or `None` when `max_draws` draws did not finish (the deck is then left as it was,
/// as the BASIC program, still looping, would leave it).
///
/// Defect: as printed (`SearchEnd::CompareAtEnd`), a card equal to 0, the value of a
/// fresh shuffledDeck slot, is taken for already chosen unless it is drawn first: the
/// loop never ends. Repeated cards never end under either rule.
pub fn selection_shuffle(
    deck: &mut [i16],
    rnd: &mut GwRnd,
    end: SearchEnd,
    max_draws: u64,
) -> Option<u64> {
    let size = deck_size(deck);
    let mut shuffled = vec![0; deck.len()];
    let mut chosen = 0;
    let mut draws = 0;
    while chosen < deck.len() {
        if draws == max_draws {
            return None;
        }
        let k = rnd_int(rnd, size) as usize;
        draws += 1;
        if !search(deck[k], &shuffled, chosen, end) {
            shuffled[chosen] = deck[k];
            chosen += 1;
        }
    }
    deck.copy_from_slice(&shuffled);
    Some(draws)
}

/// Search(card, deck, deckSize), lines 1300-1380. The scan stops at the card or at
/// deckSize, which is below DECKSIZE when called, so `deck[k]` stays inside the array.
fn search(card: i16, deck: &[i16], size: usize, end: SearchEnd) -> bool {
    if size == 0 {
        return false;
    }
    let k = deck[..size].iter().position(|&c| c == card).unwrap_or(size);
    match end {
        SearchEnd::CompareAtEnd => card == deck[k],
        SearchEnd::StopInside => k < size,
    }
}

/// efficient_selection_shuffle.bas, lines 1000-1120 (EfficientSelectionShuffle): choose
/// among the DECKSIZE-shuffledPos cards left, move the last one into the hole. The same
/// algorithm as the Collection Shuffle, 0-based.
pub fn efficient_selection_shuffle(deck: &mut [i16], rnd: &mut GwRnd) {
    let n = deck.len();
    let mut shuffled = vec![0; n];
    for pos in 0..n {
        let left = i16::try_from(n - pos).unwrap_or(i16::MAX);
        let k = rnd_int(rnd, left) as usize;
        shuffled[pos] = deck[k];
        deck[k] = deck[n - 1 - pos];
    }
    deck.copy_from_slice(&shuffled);
}

/// DECKSIZE as the BASIC integer it is.
fn deck_size(deck: &[i16]) -> i16 {
    i16::try_from(deck.len()).unwrap_or(i16::MAX)
}

/// The idiomatic twin of every random shuffle here: Fisher-Yates, each order equally
/// likely (given a uniform generator), one draw per card.
pub fn fisher_yates<T, R: rand::Rng + ?Sized>(v: &mut [T], rng: &mut R) {
    for i in (1..v.len()).rev() {
        let j = rng.random_range(0..=i);
        v.swap(i, j);
    }
}

/// The idiomatic twin of PerfectShuffle for any deck size: the first ceil(n/2) cards to
/// the even positions, the rest to the odd ones (an out-shuffle; the top card stays).
pub fn riffle<T: Copy>(v: &[T]) -> Vec<T> {
    let (top, bottom) = v.split_at(v.len().div_ceil(2));
    let mut out = Vec::with_capacity(v.len());
    for (i, &card) in top.iter().enumerate() {
        out.push(card);
        if let Some(&other) = bottom.get(i) {
            out.push(other);
        }
    }
    out
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

    fn is_permutation(v: &[i16], of: &[i16]) -> bool {
        let (mut a, mut b) = (v.to_vec(), of.to_vec());
        a.sort_unstable();
        b.sort_unstable();
        a == b
    }

    fn cards(n: i16) -> Vec<i16> {
        (0..=n).collect()
    }

    #[test]
    fn sort_randoms_permutes_and_sorts_the_keys() {
        for seed in 1..=5 {
            let mut a = cards(52);
            let mut x = vec![Single::ZERO; 53];
            sort_randoms(&mut a, &mut x, 52, &mut seeded(seed)).unwrap();
            assert!(is_permutation(&a, &cards(52)));
            assert!(x[1..].windows(2).all(|w| !w[0].above(w[1])));
            assert_ne!(a, cards(52));
        }
    }

    #[test]
    fn sort_randoms_with_integer_keys_only_splits_the_deck() {
        let mut a = cards(52);
        let mut x = vec![0i16; 53];
        sort_randoms(&mut a, &mut x, 52, &mut seeded(1)).unwrap();
        // The keys come out 0s then 1s and the 0-keyed cards keep their order: one
        // outcome per pattern of keys, 2^52 of the 52! orders at most.
        assert!(x[1..].windows(2).all(|w| w[0] <= w[1]));
        let zeros = x[1..].iter().filter(|&&k| k == 0).count() + 1;
        assert!(a[1..zeros].windows(2).all(|w| w[0] < w[1]));
        assert!(is_permutation(&a, &cards(52)));
    }

    #[test]
    fn collection_shuffle_collects_every_card_once() {
        for seed in [1, 2, 3, -4, 32767] {
            let mut a = cards(52);
            let mut x = vec![0; 53];
            collection_shuffle(&mut a, &mut x, 52, &mut seeded(seed)).unwrap();
            assert!(is_permutation(&x, &cards(52)));
        }
    }

    #[test]
    fn perfect_shuffle_returns_to_the_start() {
        // 10.12: 8 out-shuffles restore 52 cards; the text's 4-card table repeats after 2.
        let start: Vec<i16> = (1..=52).collect();
        let mut deck = start.clone();
        for _ in 0..8 {
            perfect_shuffle(&mut deck).unwrap();
        }
        assert_eq!(deck, start);
        let mut four = vec![1, 2, 3, 4];
        perfect_shuffle(&mut four).unwrap();
        assert_eq!(four, vec![1, 3, 2, 4]);
        assert_eq!(riffle(&[1, 2, 3, 4]), four);
    }

    #[test]
    fn perfect_shuffle_of_an_odd_deck_runs_off_the_end() {
        let mut deck: Vec<i16> = (1..=11).collect();
        let e = perfect_shuffle(&mut deck);
        let want =
            crate::routines::basic::fail(gwrun_core::error::ErrorCode::SubscriptOutOfRange, 1110);
        assert_eq!(e, Err(want));
        assert_eq!(deck, (1..=11).collect::<Vec<i16>>());
        assert_eq!(riffle(&[1, 2, 3, 4, 5]), vec![1, 4, 2, 5, 3]);
    }

    #[test]
    fn exchange_shuffle_on_three_cards_favours_the_start() {
        // Table 10.2 in the text: after 1 exchange ABC comes up 3 ways in 9, BCA never.
        let mut abc = 0;
        let mut bca = 0;
        let mut rnd = seeded(7);
        for _ in 0..9000 {
            let mut deck = vec![1, 2, 3];
            exchange_shuffle(&mut deck, 1, &mut rnd);
            abc += usize::from(deck == [1, 2, 3]);
            bca += usize::from(deck == [2, 3, 1]);
        }
        assert_eq!(bca, 0);
        assert!((2700..3300).contains(&abc), "{abc}");
    }

    #[test]
    fn selection_shuffle_finishes_on_cards_from_1() {
        for seed in 1..=5 {
            let mut deck: Vec<i16> = (1..=10).collect();
            let draws = selection_shuffle(
                &mut deck,
                &mut seeded(seed),
                SearchEnd::CompareAtEnd,
                1 << 20,
            );
            assert!(draws.unwrap() >= 10);
            assert!(is_permutation(&deck, &(1..=10).collect::<Vec<i16>>()));
        }
    }

    #[test]
    fn selection_shuffle_never_ends_when_a_card_is_0_not_drawn_first() {
        let mut stuck = 0;
        for seed in 1..=20 {
            let mut deck: Vec<i16> = (0..10).collect();
            let mut rnd = seeded(seed);
            let drawn_first = rnd_int(&mut rnd.clone(), 10) == 0;
            let r = selection_shuffle(&mut deck, &mut rnd, SearchEnd::CompareAtEnd, 100_000);
            assert_eq!(r.is_some(), drawn_first, "seed {seed}");
            stuck += usize::from(r.is_none());
            let mut fixed: Vec<i16> = (0..10).collect();
            let f = selection_shuffle(
                &mut fixed,
                &mut seeded(seed),
                SearchEnd::StopInside,
                100_000,
            );
            assert!(f.is_some());
            assert!(is_permutation(&fixed, &(0..10).collect::<Vec<i16>>()));
        }
        assert!(stuck > 10);
    }

    #[test]
    fn efficient_selection_shuffle_matches_the_collection_shuffle() {
        // Same draws, same hole filling: 0-based deck vs 1-based X().
        for seed in 1..=5 {
            let mut deck: Vec<i16> = (1..=52).collect();
            efficient_selection_shuffle(&mut deck, &mut seeded(seed));
            let mut a = cards(52);
            let mut x = vec![0; 53];
            collection_shuffle(&mut a, &mut x, 52, &mut seeded(seed)).unwrap();
            assert_eq!(deck, &x[1..]);
        }
    }

    #[test]
    fn fisher_yates_permutes_and_reaches_every_order_of_three() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut seen = std::collections::HashSet::new();
        for _ in 0..600 {
            let mut v = [1, 2, 3];
            fisher_yates(&mut v, &mut rng);
            seen.insert(v);
        }
        assert_eq!(seen.len(), 6);
        let mut big: Vec<i16> = (0..500).collect();
        fisher_yates(&mut big, &mut rng);
        assert!(is_permutation(&big, &(0..500).collect::<Vec<i16>>()));
    }
}
