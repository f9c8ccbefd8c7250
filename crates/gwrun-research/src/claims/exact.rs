//! The claims that need no run of a listing: counts and readings of the documents' own
//! code. The second document's arithmetic (bubble-sort comparisons, the player range, the
//! cost of retrying against checking first, the partial deal's break-even), the third's
//! exercises (arrangements, derangements, the perfect-shuffle table and the other
//! interleaving, an odd deck, RandomDeckPos's range, the selection shuffle's work), and
//! two of the first's statements about dealing.

use super::rule::{Claimed, Measured, Part, Unit};
use super::table::{Claim, Doc};
use crate::lab::exchange::harmonic;
use crate::lab::procedures::perfect_shuffle;

// ---------------------------------------------------------------- big numbers

/// A natural number in base 10^9, least significant limb first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Big(Vec<u32>);

const LIMB: u64 = 1_000_000_000;

impl Big {
    pub fn from(x: u64) -> Big {
        let mut v = Vec::new();
        let mut x = x;
        loop {
            v.push((x % LIMB) as u32);
            x /= LIMB;
            if x == 0 {
                return Big(v);
            }
        }
    }
    pub fn mul(&self, k: u64) -> Big {
        let mut out = Vec::with_capacity(self.0.len() + 2);
        let mut carry = 0u128;
        for &l in &self.0 {
            let x = u128::from(l) * u128::from(k) + carry;
            out.push((x % u128::from(LIMB)) as u32);
            carry = x / u128::from(LIMB);
        }
        while carry > 0 {
            out.push((carry % u128::from(LIMB)) as u32);
            carry /= u128::from(LIMB);
        }
        Big(out)
    }
    /// self + 1 or self − 1 (self ≥ 1).
    pub fn add_signed_one(&self, plus: bool) -> Big {
        let mut v = self.0.clone();
        for l in v.iter_mut() {
            if plus {
                if u64::from(*l) + 1 < LIMB {
                    *l += 1;
                    return Big(v);
                }
                *l = 0;
            } else {
                if *l > 0 {
                    *l -= 1;
                    return Big(v);
                }
                *l = (LIMB - 1) as u32;
            }
        }
        if plus {
            v.push(1);
        }
        Big(v)
    }
    pub fn digits(&self) -> String {
        let mut s = self.0.last().map_or("0".to_string(), |l| l.to_string());
        for l in self.0.iter().rev().skip(1) {
            s.push_str(&format!("{l:09}"));
        }
        s
    }
    /// "8.0658 × 10^67".
    pub fn approx(&self) -> String {
        let d = self.digits();
        if d.len() <= 6 {
            return d;
        }
        format!("{}.{} × 10^{}", &d[..1], &d[1..5], d.len() - 1)
    }
}

/// n!
pub fn factorial(n: u64) -> Big {
    (2..=n).fold(Big::from(1), |acc, k| acc.mul(k))
}

/// Derangements D_n = n·D_{n−1} + (−1)^n (D_0 = 1).
pub fn derangements(n: u64) -> Big {
    let mut d = Big::from(1);
    for k in 1..=n {
        d = d.mul(k).add_signed_one(k % 2 == 0);
    }
    d
}

// ---------------------------------------------------------------- 002's code

/// The chapter's PerfectShuffle, line by line, with Python's list bounds: the new
/// order, or the IndexError (old position, shuffledPosition) it stops with.
pub fn python_perfect_shuffle(deck: &[usize]) -> Result<Vec<usize>, (usize, usize)> {
    let n = deck.len();
    let mut shuffled = vec![0usize; n];
    let mut old = 0;
    let mut pos = 0;
    while old < n / 2 {
        *shuffled.get_mut(pos).ok_or((old, pos))? = deck[old];
        old += 1;
        pos += 2;
    }
    pos = 1;
    while old < n {
        *shuffled.get_mut(pos).ok_or((old, pos))? = deck[old];
        old += 1;
        pos += 2;
    }
    Ok(shuffled)
}

/// Expected RandomDeckPos calls and element comparisons (Search's `card != deck[k]` and
/// its final `card == deck[k]`) of the chapter's SelectionShuffle on n cards.
pub fn selection_work(n: usize) -> (f64, f64) {
    let nf = n as f64;
    let mut comps = 0.0;
    for m in 1..n {
        let mf = m as f64;
        let calls = nf / (nf - mf);
        // repeats find the card at a uniform index j < m: j + 2 comparisons
        comps += (calls - 1.0) * ((mf - 1.0) / 2.0 + 2.0);
        // the new card: m loop comparisons and the final one
        comps += mf + 1.0;
    }
    (nf * harmonic(n), comps)
}

// ---------------------------------------------------------------- 001's partial deal

/// The cost of dealing `k` cards to each of 4 hands, in operations (a draw counts `draw`
/// operations, a shift, comparison, swap, test or store one).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DealCost {
    /// 001's first method: a partial shuffle (pick from the remaining cards, shift the
    /// larger ones left), deal in order, bubble-sort each hand by the text's own count.
    pub shuffle_sort: f64,
    /// 001's retry deal extended to a partial deal: each card of the ordered pack to a
    /// random pile among the 4 hands and the undealt stock, again while that pile is full.
    pub retry: f64,
}

/// Expected draws of the retry deal when 4 hands take `k` cards each and a stock the
/// other 52 − 4k (a pile of its own when not empty): dynamic programming over the hands'
/// counts, card by card; with f piles full of P, a card takes P/(P − f) draws on average.
pub fn partial_retry_draws(k: usize) -> f64 {
    let cap = 52 - 4 * k;
    let piles = if cap > 0 { 5.0 } else { 4.0 };
    let w = k + 1;
    let index = |h: [usize; 4]| ((h[0] * w + h[1]) * w + h[2]) * w + h[3];
    let mut law = vec![0.0f64; w * w * w * w];
    law[0] = 1.0;
    let mut draws = 0.0;
    for card in 0..52 {
        let mut next = vec![0.0f64; law.len()];
        for (i, &p) in law.iter().enumerate() {
            if p == 0.0 {
                continue;
            }
            let h = [i / (w * w * w), i / (w * w) % w, i / w % w, i % w];
            let stock = card - h.iter().sum::<usize>();
            let mut open: Vec<Option<usize>> = (0..4).filter(|&s| h[s] < k).map(Some).collect();
            if stock < cap {
                open.push(None);
            }
            let m = open.len() as f64;
            draws += p * piles / m;
            for o in open {
                let mut g = h;
                if let Some(s) = o {
                    g[s] += 1;
                }
                next[index(g)] += p / m;
            }
        }
        law = next;
    }
    draws
}

/// Both methods' cost for `k` cards a hand.
pub fn partial_deal_cost(k: usize, draw: f64) -> DealCost {
    let m = 4 * k;
    let shifts: f64 = (0..m).map(|i| (52 - i - 1) as f64 / 2.0).sum();
    let kf = k as f64;
    let sort = 4.0 * (kf - 1.0).powi(2) + 4.0 * kf * (kf - 1.0) / 4.0;
    let d = partial_retry_draws(k);
    DealCost {
        shuffle_sort: m as f64 * draw + shifts + m as f64 + sort,
        retry: d * draw + d + m as f64,
    }
}

/// The retry deal's cost over the shuffle-and-sort's for `k` cards a hand, for a draw
/// costing 1 and 10 operations (the ratio is monotone in between).
fn partial_ratio(k: usize) -> (f64, f64) {
    let r = |draw: f64| {
        let c = partial_deal_cost(k, draw);
        c.retry / c.shuffle_sort
    };
    (r(1.0), r(10.0))
}

// ---------------------------------------------------------------- 002's in-shuffle

/// The other interleaving (10.18): the second half's card first, then the first half's.
pub fn in_shuffle(deck: &[usize]) -> Vec<usize> {
    let half = deck.len() / 2;
    let mut out = deck.to_vec();
    for i in 0..half {
        out[2 * i] = deck[half + i];
        out[2 * i + 1] = deck[i];
    }
    out
}

/// Shuffles of `n` cards until the deck is back in order, by running the shuffle.
pub fn period(n: usize, shuffle: impl Fn(&[usize]) -> Vec<usize>) -> usize {
    let start: Vec<usize> = (0..n).collect();
    let mut deck = start.clone();
    for k in 1..=10 * n {
        deck = shuffle(&deck);
        if deck == start {
            return k;
        }
    }
    0
}

// ---------------------------------------------------------------- the rows

pub(super) fn claims() -> Vec<Claim> {
    let mut out = Vec::new();
    dealer_claims(&mut out);
    chapter_claims(&mut out);
    ted_claims(&mut out);
    out
}

fn exactly(quantity: &str, claimed: f64, measured: f64) -> Part {
    Part::claim(
        quantity,
        Claimed::Exact(claimed),
        Measured::exact(measured),
        Unit::Num(0),
    )
}

fn dealer_claims(out: &mut Vec<Claim>) {
    let per_hand = 12 * 12;
    out.push(
        Claim::new(
            Doc::Dealer,
            10,
            "bubble sort: \"a maximum of n less one comparisons per run, times n less one runs, or (n-1)^2 comparisons ... 4 sets of 13 is a very managable 574 comparisons\"",
        )
        .part(exactly("(13 − 1)² × 4", 574.0, f64::from(4 * per_hand)))
        .note(format!(
            "The passes as described compare {per_hand} pairs per hand; a bubble sort that \
             shortens each pass needs at most 13·12/2 = 78."
        ))
        .source("arithmetic")
        .how("(n − 1)² for n = 13, times 4 hands."),
    );
    out.push(
        Claim::new(Doc::Dealer, 20, "\"Select a random player from 0 to 4\"")
            .part(exactly(
                "players the range 0 to 4 names, for the 4 hands of the text",
                5.0,
                4.0,
            ))
            .note("Read as C's `rand() % 4` it is 0 to 3.")
            .source("read from the text")
            .how("0 to 4 is five values; the text deals 4 sets of 13."),
    );
    let retry_draws = 52.0 + crate::lab::flawed::flawed_facts().expected_failures;
    out.push(
        Claim::new(
            Doc::Dealer,
            60,
            "\"It would require many more cycles to first check to see if the hands are full than it does to just fail and retry\"",
        )
        .part(Part::unmeasurable(
            "cycles of checking first over retrying (C; the costs of a draw and a test are not given)",
            Claimed::Far,
            Unit::Times(1),
        ))
        .note(format!(
            "Retrying: {retry_draws:.2} draws and as many fullness tests per deal; checking \
             first (draw among the open hands): 52 draws and 52 × 4 = 208 tests to list the \
             open hands."
        ))
        .source("`flawed_facts` (dynamic programming)")
        .how("The expected failures of the retry deal are exact; the cycles of a C draw and test are not in the text."),
    );
    let shifts: f64 = (1..=52).map(|m| (m - 1) as f64 / 2.0).sum();
    let inversions = 4.0 * 13.0 * 12.0 / 4.0;
    let ops = |draw: f64| {
        let retry = retry_draws * draw + 52.0;
        let sort = 52.0 * draw + shifts + 52.0 + f64::from(4 * per_hand) + inversions;
        sort / retry
    };
    let (a, b) = (ops(1.0), ops(10.0));
    out.push(
        Claim::new(
            Doc::Dealer,
            70,
            "\"This method is already faster than just the process of sorting and deal\"",
        )
        .part(Part::claim(
            "operations of the shuffle, deal and 4 bubble sorts over the retry deal's",
            Claimed::MoreThan { value: 1.0 },
            Measured::within(a, a.min(b), a.max(b), "a draw costing 1 to 10 operations"),
            Unit::Times(1),
        ))
        .note(format!(
            "Retry deal: {retry_draws:.2} draws, 52 stores; the shuffle described first: 52 \
             draws and {shifts:.0} shifts on average, then the deal, then 4 bubble sorts of \
             13: 576 comparisons and {inversions:.0} swaps on average."
        ))
        .source("`flawed_facts`; the text's own counts")
        .how("Expected counts of each method's operations (exact); the ratio for a draw costing 1 and 10 simple operations (it is monotone in between)."),
    );
    out.push(
        Claim::new(
            Doc::Dealer,
            80,
            "\"Because the cards were delt in ascending order and the slots within the hand were also filled in asceding order, the resulting hands also end up in ascending order automatically\"",
        )
        .part(exactly(
            "hands out of ascending order, of 4,000 dealt by the retry routine",
            0.0,
            f64::from(hands_out_of_order(1000)),
        ))
        .source("`routines::deal::retry_deal` (the port of retry_deal.bas), 1,000 deals")
        .how("The port deals 1,000 deals (GW RND, seed 1); each hand's cards are checked to ascend."),
    );
    out.push(
        Claim::new(
            Doc::Dealer,
            90,
            "for a partial deal, deal in order and sort after: \"It is faster to sort multiple smaller piles than on large one\"",
        )
        .part(Part::claim(
            "comparisons for one pile of 52 over four of 13, by the text's count",
            Claimed::MoreThan { value: 1.0 },
            Measured::exact(f64::from(51 * 51) / f64::from(4 * per_hand)),
            Unit::Times(2),
        ))
        .note(format!("(52 − 1)² = {} against (13 − 1)² × 4 = {}.", 51 * 51, 4 * per_hand))
        .source("arithmetic")
        .how("The text's own (n − 1)² per pile."),
    );
    let (p5, p12) = (partial_ratio(5), partial_ratio(12));
    let even: Vec<usize> = (1..=13)
        .filter(|&k| {
            let (a, b) = partial_ratio(k);
            a > 1.0 && b > 1.0
        })
        .collect();
    out.push(
        Claim::new(
            Doc::Dealer,
            95,
            "\"this solution is perhaps only the most efficient in games where the whole deck is dealt. If only a partial deck is dealt then suddenly the previous method becomes more efficient\"",
        )
        .part(Part::claim(
            "the retry deal's operations over the shuffle-deal-sort's, 5 cards to each of 4 hands",
            Claimed::MoreThan { value: 1.0 },
            Measured::within(p5.0, p5.0.min(p5.1), p5.0.max(p5.1), "a draw costing 1 to 10 operations"),
            Unit::Times(2),
        ))
        .part(Part::claim(
            "the same, 12 cards to each hand",
            Claimed::MoreThan { value: 1.0 },
            Measured::within(p12.0, p12.0.min(p12.1), p12.0.max(p12.1), "a draw costing 1 to 10 operations"),
            Unit::Times(2),
        ))
        .note(format!(
            "The shuffle-deal-sort costs less, whatever a draw costs from 1 to 10 \
             operations, for {} card(s) a hand; the retry deal keeps walking the whole pack \
             ({:.1} draws for 5 cards a hand, {:.1} for 13).",
            if even.is_empty() {
                "no number of".to_string()
            } else {
                format!("{} to {}", even[0], even[even.len() - 1])
            },
            partial_retry_draws(5),
            partial_retry_draws(13)
        ))
        .source("`partial_deal_cost` (dynamic programming over the hands' counts)")
        .how("The retry deal extended to a partial deal: each card of the ordered pack goes to a random pile among the 4 hands and the undealt stock, again while the pile is full; its expected draws by dynamic programming (claims::exact::partial_retry_draws). The first method: 4k draws, the shifts of the text's shuffle, 4k stores, and the text's (k − 1)² comparisons and k(k − 1)/4 swaps per hand. A test, store, shift, comparison or swap costs 1; a draw 1 to 10."),
    );
}

/// Hands of the retry routine's port whose cards do not ascend, over `deals` deals.
fn hands_out_of_order(deals: u32) -> u32 {
    use crate::routines::basic::Grid;
    use gwrun_core::rnd::GwRnd;
    let mut rnd = GwRnd::new();
    rnd.randomize_int(1);
    let mut bad = 0;
    for _ in 0..deals {
        let mut deal = Grid::new(4, 13);
        let mut ct = vec![0i16; 4];
        if crate::routines::deal::retry_deal(&mut deal, &mut ct, &mut rnd).is_err() {
            return u32::MAX;
        }
        for h in 0..4 {
            let row = deal.row(h);
            if row.windows(2).any(|w| w[0] > w[1]) {
                bad += 1;
            }
        }
    }
    bad
}

fn chapter_claims(out: &mut Vec<Claim>) {
    out.push(
        Claim::new(
            Doc::Chapter,
            10,
            "10.1, 10.2 and Stop & Help: list the orderings of three cards; \"How many possible ways can N 'cards' be arranged\"; four cards",
        )
        .part(Part::answer("3!", Measured::exact(6.0), Unit::Num(0)))
        .part(Part::answer("4!", Measured::exact(24.0), Unit::Num(0)))
        .note(format!(
            "N!: 52! = {} (= {}).",
            factorial(52).approx(),
            factorial(52).digits()
        ))
        .source("`factorial` (exact big integers)")
        .how("Products of 1..N in base-10⁹ limbs."),
    );
    let d52 = derangements(52);
    out.push(
        Claim::new(
            Doc::Chapter,
            20,
            "10.3 and Stop & Help: \"How many possible rearrangements of an N-card deck change the position of all N cards?\" (four cards)",
        )
        .part(Part::answer("D_3", Measured::exact(derangements(3).digits().parse().unwrap_or(f64::NAN)), Unit::Num(0)))
        .part(Part::answer("D_4", Measured::exact(derangements(4).digits().parse().unwrap_or(f64::NAN)), Unit::Num(0)))
        .note(format!(
            "The derangements D_N = N·D_(N−1) + (−1)^N; D_52 = {}, a share of 52! within \
             10^-60 of 1/e.",
            d52.approx()
        ))
        .source("`derangements` (exact big integers)")
        .how("The recurrence D_N = N·D_(N−1) + (−1)^N from D_0 = 1."),
    );
    let listed = [
        (1, 1),
        (2, 3),
        (3, 5),
        (25, 49),
        (26, 51),
        (27, 2),
        (28, 4),
        (29, 6),
        (51, 50),
        (52, 52),
    ];
    let mut deck: Vec<u8> = (0..52).collect();
    perfect_shuffle(&mut deck);
    let after = |p: usize| {
        deck.iter()
            .position(|&c| usize::from(c) == p - 1)
            .map(|i| i + 1)
    };
    let wrong = listed.iter().filter(|(p, q)| after(*p) != Some(*q)).count();
    out.push(
        Claim::new(
            Doc::Chapter,
            30,
            "the table of a 52-card perfect shuffle: 1 → 1, 2 → 3, 3 → 5, ..., 25 → 49, 26 → 51, 27 → 2, 28 → 4, 29 → 6, ..., 51 → 50, 52 → 52",
        )
        .part(exactly("listed rows the code does not reproduce", 0.0, wrong as f64))
        .note("PerfectShuffle sends card p to 2p − 1 (p ≤ 26) and 2(p − 26) (p > 26).")
        .source("`lab::procedures::perfect_shuffle` (the chapter's PerfectShuffle, ported)")
        .how("One shuffle of 52 cards; each listed position looked up."),
    );
    let letters = |v: &[usize]| {
        v.iter()
            .map(|&i| char::from(b'A' + i as u8))
            .collect::<String>()
    };
    let run = |n: usize, times: usize| {
        let mut d: Vec<usize> = (0..n).collect();
        let mut seen = Vec::new();
        for _ in 0..times {
            d = python_perfect_shuffle(&d).unwrap_or_default();
            seen.push(letters(&d));
        }
        seen
    };
    let four = run(4, 4);
    let eight = run(8, 3);
    let printed4 = ["ACBD", "ABCD", "ACBD", "ABCD"];
    let printed8 = ["AEBFCGDH", "ACEGBDFH", "ABCDEFGH"];
    let differ = four
        .iter()
        .zip(printed4)
        .filter(|(a, b)| a.as_str() != *b)
        .count()
        + eight
            .iter()
            .zip(printed8)
            .filter(|(a, b)| a.as_str() != *b)
            .count();
    out.push(
        Claim::new(
            Doc::Chapter,
            40,
            "the test runs: four cards A C B D, A B C D, A C B D, A B C D; eight cards A E B F C G D H, A C E G B D F H, A B C D E F G H",
        )
        .part(exactly("printed decks the code does not reproduce", 0.0, differ as f64))
        .note(format!("Four cards: {}; eight cards: {}.", four.join(", "), eight.join(", ")))
        .source("`python_perfect_shuffle` (the chapter's code, Python's bounds)")
        .how("The code run 4 times on ABCD and 3 times on ABCDEFGH."),
    );
    let ins52 = period(52, in_shuffle);
    let outs52 = period(52, |d| python_perfect_shuffle(d).unwrap_or_default());
    out.push(
        Claim::new(
            Doc::Chapter,
            48,
            "10.18: \"Suppose we interleaved the cards in a different order ... Would this process yield a shuffle function that's better than PerfectShuffle?\"",
        )
        .part(Part::answer(
            "shuffles of 52 cards until the other interleaving (second half first) returns the deck",
            Measured::exact(ins52 as f64),
            Unit::Num(0),
        ))
        .part(Part::answer(
            "arrangements it reaches, of 52!",
            Measured::exact(ins52 as f64),
            Unit::Num(0),
        ))
        .note(format!(
            "PerfectShuffle returns the deck after {outs52} shuffles. The other order moves \
             the top card too, so it takes {ins52} (the order of 2 modulo 53); but it is just \
             as predictable: each number of shuffles gives one arrangement, so its distance \
             from uniform stays 1 − {ins52}/52! at best. Not better."
        ))
        .source("`in_shuffle`, `period` (the interleaving run until the deck returns)")
        .how("The in-shuffle new[2i] = deck[26 + i], new[2i + 1] = deck[i], repeated from the ordered deck until it is ordered again."),
    );
    let odd: Vec<String> = [5usize, 7, 51]
        .iter()
        .map(
            |&n| match python_perfect_shuffle(&(0..n).collect::<Vec<_>>()) {
                Ok(_) => format!("{n} cards: no error"),
                Err((old, pos)) => format!(
                    "{n} cards: IndexError writing shuffledDeck[{pos}] (old position {old})"
                ),
            },
        )
        .collect();
    let fails = [5usize, 7, 51]
        .iter()
        .filter(|&&n| python_perfect_shuffle(&(0..n).collect::<Vec<_>>()).is_err())
        .count();
    out.push(
        Claim::new(
            Doc::Chapter,
            45,
            "10.16: \"What does PerfectShuffle do if DECKSIZE is odd?\"",
        )
        .part(Part::answer(
            "odd decks (5, 7, 51 cards) on which the code stops with an IndexError",
            Measured::exact(fails as f64),
            Unit::Num(0),
        ))
        .note(format!(
            "{}: the second loop runs one card past the end, and the last even position is \
             never filled.",
            odd.join("; ")
        ))
        .source("`python_perfect_shuffle` with Python's list bounds")
        .how("The chapter's code run on odd decks; a write past the list is Python's IndexError."),
    );
    out.push(
        Claim::new(
            Doc::Chapter,
            50,
            "\"A random position in deck is merely a random integer between 1 and DECKSIZE, inclusive\"; RandomDeckPos's comment \"(a number between 1 and DECKSIZE, inclusive)\"",
        )
        .part(exactly("the least position RandomDeckPos returns", 1.0, 0.0))
        .part(Part::claim(
            "the greatest, as a distance below DECKSIZE",
            Claimed::Exact(0.0),
            Measured::exact(1.0),
            Unit::Num(0),
        ))
        .note("The code returns random.randint(0, DECKSIZE-1): 0 to DECKSIZE − 1, both ends included (Python's randint), which is right for Python's lists.")
        .source("read from the listing")
        .how("random.randint(a, b) returns a to b inclusive."),
    );
    out.push(
        Claim::new(
            Doc::Chapter,
            85,
            "Stop & Help: with numChosen = DECKSIZE − 1, \"what is the probability that one more execution of the loop body will finish the shuffle?\"",
        )
        .part(Part::answer("the chance, DECKSIZE 52", Measured::exact(1.0 / 52.0), Unit::Num(4)))
        .note("1/DECKSIZE: 1/52 (1/10 for the listing's DECKSIZE); 52 calls on average.")
        .source("arithmetic")
        .how("One position of DECKSIZE is still unchosen."),
    );
    let rows: Vec<(usize, f64, f64)> = [10usize, 52, 104]
        .iter()
        .map(|&n| {
            let (calls, comps) = selection_work(n);
            (n, calls, comps)
        })
        .collect();
    let ratio = |r: &(usize, f64, f64)| (r.1 + r.2) / r.0 as f64;
    out.push(
        Claim::new(
            Doc::Chapter,
            90,
            "\"For a small deck of cards, Efficient SelectionShuffle does not seem much faster than SelectionShuffle, but efficiency increases when there are many cards\" (10.31: 52 and 104 cards)",
        )
        .part(Part::claim(
            "SelectionShuffle's work over EfficientSelectionShuffle's, 10 cards (\"not much faster\")",
            Claimed::NotFar,
            Measured::exact(ratio(&rows[0])),
            Unit::Times(0),
        ))
        .part(Part::claim(
            "that ratio at 104 cards over at 10 (\"efficiency increases\")",
            Claimed::MoreThan { value: 1.0 },
            Measured::exact(ratio(&rows[2]) / ratio(&rows[0])),
            Unit::Times(1),
        ))
        .part(Part::answer("the ratio at 52 cards (10.31)", Measured::exact(ratio(&rows[1])), Unit::Times(0)))
        .part(Part::answer("the ratio at 104 cards (10.31)", Measured::exact(ratio(&rows[2])), Unit::Times(0)))
        .note(format!(
            "SelectionShuffle's expected RandomDeckPos calls and Search comparisons: {}; \
             EfficientSelectionShuffle: n calls, no search. Work = calls + comparisons.",
            rows.iter()
                .map(|r| format!("{} cards {:.1} and {:.0}", r.0, r.1, r.2))
                .collect::<Vec<_>>()
                .join(", ")
        ))
        .source("`selection_work` (exact expectations)")
        .how("Expected calls n·H_n and expected comparisons of Search summed over the chosen counts (claims::exact::selection_work, checked against a simulation); the efficient version makes n calls."),
    );
    out.push(
        Claim::new(
            Doc::Chapter,
            97,
            "10.33: \"After copying deck[DECKSIZE - shuffledPos+1] into deck[k], the code ... doesn't store anything into deck[DECKSIZE - shuffledPos+1]\"",
        )
        .part(exactly(
            "positions between the index named and the one the code copies (deck[DECKSIZE - 1 - shuffledPos])",
            0.0,
            2.0,
        ))
        .note("DECKSIZE − shuffledPos + 1 is two further on than the code's index, past the end of the deck for shuffledPos = 0.")
        .source("read from the listing")
        .how("(DECKSIZE − shuffledPos + 1) − (DECKSIZE − 1 − shuffledPos) = 2."),
    );
    out.push(
        Claim::new(
            Doc::Chapter,
            99,
            "the test program: \"Initialize the deck with 52 easily-identifiable elements\"",
        )
        .part(exactly(
            "elements Initialize fills (DECKSIZE of the program)",
            52.0,
            10.0,
        ))
        .source("read from the listing")
        .how("The program sets DECKSIZE = 10 and Initialize fills DECKSIZE elements."),
    );
}

fn ted_claims(out: &mut Vec<Claim>) {
    // after 40 cards dealt 12-11-9-8, the hands miss 1, 2, 4 and 5
    let missing = [1.0, 2.0, 4.0, 5.0];
    let left: f64 = missing.iter().sum();
    let fair = (missing[3] / left, missing[0] / left);
    out.push(
        Claim::new(
            Doc::Ted,
            84,
            "after 40 cards dealt 12 - 11 - 9 - 8, \"if the next card were dealt truly at random, it would be 5 times as likely to go to the hand missing 5 cards as to the hand missing only 1 card\"",
        )
        .part(Part::claim(
            "chance of the hand missing 5 over the hand missing 1, for the 41st card of a random deal",
            Claimed::Printed { value: 5.0, exp: 0 },
            Measured::exact(fair.0 / fair.1),
            Unit::Num(3),
        ))
        .note(format!(
            "A random deal places the 41st card with chance {:.4} and {:.4}; the flawed \
             routine gives each open hand 1/4.",
            fair.0, fair.1
        ))
        .source("arithmetic")
        .how("Each of the 12 cards still to come is equally likely to be the 41st: 5/12 and 1/12."),
    );
    out.push(
        Claim::new(
            Doc::Ted,
            96,
            "\"it makes no difference whether the cards are disbursed one at a time or thirteen at a time\"",
        )
        .part(Part::claim(
            "distance between the laws of the deal dealt round and dealt thirteen at a time",
            Claimed::Exact(0.0),
            Measured::exact(0.0),
            Unit::Num(0),
        ))
        .note("The routine picks a uniformly random permutation; any fixed rule for handing its positions to the hands gives every deal the same chance.")
        .source("a proof (relabelling a uniform permutation)")
        .how("A uniform permutation composed with a fixed bijection of positions is uniform, so both dealing orders give every deal the chance 1/(52!/(13!)^4)."),
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn factorials_and_derangements() {
        assert_eq!(factorial(10).digits(), "3628800");
        assert_eq!(
            factorial(52).digits(),
            "80658175170943878571660636856403766975289505440883277824000000000000"
        );
        let d: Vec<String> = (0..=8).map(|n| derangements(n).digits()).collect();
        assert_eq!(d, ["1", "0", "1", "2", "9", "44", "265", "1854", "14833"]);
        // D_n is the integer nearest n!/e
        let d20 = derangements(20).digits().parse::<f64>().unwrap();
        let f20 = factorial(20).digits().parse::<f64>().unwrap();
        assert!((d20 - f20 / std::f64::consts::E).abs() < 1.0);
    }

    #[test]
    fn the_python_perfect_shuffle() {
        assert_eq!(python_perfect_shuffle(&[0, 1, 2, 3]), Ok(vec![0, 2, 1, 3]));
        assert_eq!(python_perfect_shuffle(&[0, 1, 2, 3, 4]), Err((4, 5)));
    }

    #[test]
    fn selection_work_matches_a_simulation() {
        use crate::lab::draw::{Draw, XoshiroDraw};
        let n = 10;
        let runs = 20_000;
        let mut d = XoshiroDraw::seeded(3);
        let (mut calls, mut comps) = (0u64, 0u64);
        for _ in 0..runs {
            let mut chosen: Vec<u32> = Vec::new();
            while chosen.len() < n {
                let card = d.below(n as u32) + 1;
                calls += 1;
                let m = chosen.len();
                if m == 0 {
                    chosen.push(card);
                    continue;
                }
                match chosen.iter().position(|&c| c == card) {
                    Some(j) => comps += j as u64 + 2,
                    None => {
                        comps += m as u64 + 1;
                        chosen.push(card);
                    }
                }
            }
        }
        let (ec, em) = selection_work(n);
        assert!((calls as f64 / runs as f64 - ec).abs() < 0.2);
        assert!((comps as f64 / runs as f64 - em).abs() < 0.02 * em);
    }
}
