//! The claims that need no run: counts and readings of the documents' own code. The
//! second document's arithmetic (bubble-sort comparisons, the player range, the cost of
//! retrying against checking first), the third's exercises (arrangements, derangements,
//! the perfect-shuffle table, an odd deck, RandomDeckPos's range, the selection
//! shuffle's work), and two of the first's statements about dealing.

use super::table::{Claim, Doc, Verdict, method};
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

// ---------------------------------------------------------------- the rows

pub(super) fn claims() -> Vec<Claim> {
    let mut out = Vec::new();
    dealer_claims(&mut out);
    chapter_claims(&mut out);
    ted_claims(&mut out);
    out
}

fn dealer_claims(out: &mut Vec<Claim>) {
    let per_hand = 12 * 12;
    out.push(
        Claim::new(
            Doc::Dealer,
            10,
            "bubble sort: \"a maximum of n less one comparisons per run, times n less one runs, or (n-1)^2 comparisons ... 4 sets of 13 is a very managable 574 comparisons\"",
        )
        .computed(format!(
            "(13 − 1)² × 4 = {}; the passes as described compare {} pairs per hand, a bubble \
             sort that shortens each pass needs at most 13·12/2 = 78",
            4 * per_hand,
            per_hand
        ))
        .method(method::EXACT)
        .verdict(
            Verdict::of(4 * per_hand == 574),
            format!("an arithmetic slip: {}", 4 * per_hand),
        ),
    );
    out.push(
        Claim::new(Doc::Dealer, 20, "\"Select a random player from 0 to 4\"")
            .computed("four players are 0 to 3; 0 to 4 is five values")
            .method(method::READ)
            .verdict(Verdict::False, "read as C's `rand() % 4` it is 0 to 3"),
    );
    // retry against checking first (expected counts per deal)
    let retry_draws = 52.0 + crate::lab::flawed::flawed_facts().expected_failures;
    out.push(
        Claim::new(
            Doc::Dealer,
            60,
            "\"It would require many more cycles to first check to see if the hands are full than it does to just fail and retry\"",
        )
        .computed(format!(
            "retrying: {retry_draws:.2} draws and as many fullness tests per deal; checking \
             first (draw among the open hands): 52 draws and 52 × 4 = 208 tests to list the \
             open hands"
        ))
        .method(method::EXACT)
        .verdict(
            Verdict::NotCheckable,
            "it turns on what a draw costs against a test, which the text does not give",
        ),
    );
    let shifts: f64 = (1..=52).map(|m| (m - 1) as f64 / 2.0).sum();
    let inversions = 4.0 * 13.0 * 12.0 / 4.0;
    let retry_ops = retry_draws + 52.0;
    let sort_ops = 52.0 + shifts + 52.0 + f64::from(4 * per_hand) + inversions;
    out.push(
        Claim::new(
            Doc::Dealer,
            70,
            "\"This method is already faster than just the process of sorting and deal\"",
        )
        .computed(format!(
            "retry deal: {retry_draws:.2} draws, 52 stores; the shuffle described first: 52 \
             draws and {shifts:.0} shifts on average, then the deal, then 4 bubble sorts of \
             13: 576 comparisons and {inversions:.0} swaps on average"
        ))
        .method(method::EXACT)
        .verdict(
            Verdict::of(retry_ops < sort_ops),
            format!(
                "{:.0} operations against {:.0}, {:.1} times fewer",
                retry_ops,
                sort_ops,
                sort_ops / retry_ops
            ),
        ),
    );
    out.push(
        Claim::new(
            Doc::Dealer,
            80,
            "\"Because the cards were delt in ascending order and the slots within the hand were also filled in asceding order, the resulting hands also end up in ascending order automatically\"",
        )
        .computed("each hand receives its cards in the order they are dealt, 0 to 51")
        .method(method::EXACT)
        .verdict(Verdict::True, ""),
    );
    out.push(
        Claim::new(
            Doc::Dealer,
            90,
            "for a partial deal, deal in order and sort after: \"It is faster to sort multiple smaller piles than on large one\"",
        )
        .computed(format!(
            "by the text's own count, (13 − 1)² × 4 = {} comparisons for four hands against \
             (52 − 1)² = {} for one pile",
            4 * per_hand,
            51 * 51
        ))
        .method(method::EXACT)
        .verdict(Verdict::True, ""),
    );
}

fn chapter_claims(out: &mut Vec<Claim>) {
    out.push(
        Claim::new(
            Doc::Chapter,
            10,
            "10.1, 10.2 and Stop & Help: list the orderings of three cards; \"How many possible ways can N 'cards' be arranged\"; four cards",
        )
        .computed(format!(
            "N!: 3! = {}, 4! = {}, 52! = {} (= {})",
            factorial(3).digits(),
            factorial(4).digits(),
            factorial(52).approx(),
            factorial(52).digits()
        ))
        .method(method::EXACT)
        .verdict(Verdict::Answered, ""),
    );
    let d52 = derangements(52);
    out.push(
        Claim::new(
            Doc::Chapter,
            20,
            "10.3 and Stop & Help: \"How many possible rearrangements of an N-card deck change the position of all N cards?\" (four cards)",
        )
        .computed(format!(
            "the derangements D_N = N·D_(N−1) + (−1)^N: D_3 = {}, D_4 = {}, D_52 = {}, a \
             share of 52! within 10^-60 of 1/e",
            derangements(3).digits(),
            derangements(4).digits(),
            d52.approx()
        ))
        .method(method::EXACT)
        .verdict(Verdict::Answered, ""),
    );
    // the 52-card table
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
    let wrong: Vec<String> = listed
        .iter()
        .filter(|(p, q)| after(*p) != Some(*q))
        .map(|(p, q)| format!("{p} → {q} (code: {:?})", after(*p)))
        .collect();
    out.push(
        Claim::new(
            Doc::Chapter,
            30,
            "the table of a 52-card perfect shuffle: 1 → 1, 2 → 3, 3 → 5, ..., 25 → 49, 26 → 51, 27 → 2, 28 → 4, 29 → 6, ..., 51 → 50, 52 → 52",
        )
        .computed(if wrong.is_empty() {
            "PerfectShuffle sends card p to 2p − 1 (p ≤ 26) and 2(p − 26) (p > 26): every \
             listed row"
                .to_string()
        } else {
            format!("rows that differ: {}", wrong.join(", "))
        })
        .method(method::run("the chapter's PerfectShuffle, ported"))
        .verdict(Verdict::of(wrong.is_empty()), ""),
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
    let ok =
        four == ["ACBD", "ABCD", "ACBD", "ABCD"] && eight == ["AEBFCGDH", "ACEGBDFH", "ABCDEFGH"];
    out.push(
        Claim::new(
            Doc::Chapter,
            40,
            "the test runs: four cards A C B D, A B C D, A C B D, A B C D; eight cards A E B F C G D H, A C E G B D F H, A B C D E F G H",
        )
        .computed(format!(
            "four cards: {}; eight cards: {}",
            four.join(", "),
            eight.join(", ")
        ))
        .method(method::run("the chapter's PerfectShuffle, ported"))
        .verdict(Verdict::of(ok), ""),
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
    out.push(
        Claim::new(
            Doc::Chapter,
            45,
            "10.16: \"What does PerfectShuffle do if DECKSIZE is odd?\"",
        )
        .computed(format!(
            "{}: the second loop runs one card past the end, and the last even position is \
             never filled",
            odd.join("; ")
        ))
        .method(method::run(
            "the chapter's PerfectShuffle, ported with Python's bounds",
        ))
        .verdict(Verdict::Answered, ""),
    );
    out.push(
        Claim::new(
            Doc::Chapter,
            50,
            "\"A random position in deck is merely a random integer between 1 and DECKSIZE, inclusive\"; RandomDeckPos's comment \"(a number between 1 and DECKSIZE, inclusive)\"",
        )
        .computed(
            "the code returns random.randint(0, DECKSIZE-1): 0 to DECKSIZE − 1, both ends \
             included (Python's randint)",
        )
        .method(method::READ)
        .verdict(
            Verdict::False,
            "the words are 1-based, the code is 0-based (and right for Python's lists)",
        ),
    );
    out.push(
        Claim::new(
            Doc::Chapter,
            85,
            "Stop & Help: with numChosen = DECKSIZE − 1, \"what is the probability that one more execution of the loop body will finish the shuffle?\"",
        )
        .computed("1/DECKSIZE: 1/52 (1/10 for the listing's DECKSIZE); 52 calls on average")
        .method(method::EXACT)
        .verdict(Verdict::Answered, ""),
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
        .computed(format!(
            "SelectionShuffle's expected RandomDeckPos calls and Search comparisons: {}; \
             EfficientSelectionShuffle: n calls, no search; work ratio {}",
            rows.iter()
                .map(|r| format!("{} cards {:.1} and {:.0}", r.0, r.1, r.2))
                .collect::<Vec<_>>()
                .join(", "),
            rows.iter()
                .map(|r| format!("{:.0}× at {}", ratio(r), r.0))
                .collect::<Vec<_>>()
                .join(", ")
        ))
        .method(method::EXACT)
        .verdict(
            if ratio(&rows[0]) < 2.0 {
                Verdict::True
            } else {
                Verdict::Partly
            },
            format!(
                "the gap grows with the deck (true), but at {} cards it is already {:.0}-fold",
                rows[0].0,
                ratio(&rows[0])
            ),
        ),
    );
    out.push(
        Claim::new(
            Doc::Chapter,
            97,
            "10.33: \"After copying deck[DECKSIZE - shuffledPos+1] into deck[k], the code ... doesn't store anything into deck[DECKSIZE - shuffledPos+1]\"",
        )
        .computed(
            "the code copies deck[DECKSIZE - 1 - shuffledPos]; DECKSIZE − shuffledPos + 1 is \
             two further on (past the end of the deck for shuffledPos = 0)",
        )
        .method(method::READ)
        .verdict(Verdict::False, "the index does not match the code"),
    );
    out.push(
        Claim::new(
            Doc::Chapter,
            99,
            "the test program: \"Initialize the deck with 52 easily-identifiable elements\"",
        )
        .computed("the program sets DECKSIZE = 10 and initializes 10 elements")
        .method(method::READ)
        .verdict(Verdict::False, "the comment does not match DECKSIZE"),
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
        .computed(format!(
            "a random deal places the 41st card with chance {:.4} and {:.4} ({:.0} : 1); the \
             flawed routine gives each open hand 1/4",
            fair.0,
            fair.1,
            fair.0 / fair.1
        ))
        .method(method::EXACT)
        .verdict(Verdict::of((fair.0 / fair.1 - 5.0).abs() < 1e-12), ""),
    );
    out.push(
        Claim::new(
            Doc::Ted,
            96,
            "\"it makes no difference whether the cards are disbursed one at a time or thirteen at a time\"",
        )
        .computed(
            "the routine picks a uniformly random permutation; any fixed rule for handing its \
             positions to the hands gives every deal the same chance",
        )
        .method(method::EXACT)
        .verdict(Verdict::True, ""),
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
