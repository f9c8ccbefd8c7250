//! The dealing procedures the lab can test, each behind [`Dealer`]: Ted's deal (000's
//! `Deal 52 Cards to 4 Hands`), the flawed "random hand" deal (000's clubs problem, 001's
//! method), Sort Randoms and Collection Shuffle (000), 002's perfect, exchange,
//! selection and efficient selection shuffles, GSR riffles and 000's human riffle model.
//!
//! Every shuffle starts from the ordered pack (card 0 = ace of spades on top) and is
//! then dealt round the table, the top card to seat 0. These are the lab's own fast
//! implementations over [`Draw`]; the faithful GW-RND ports of the listings live in
//! `crate::routines`, and the verbatim listings run through [`super::listing`].

use super::LabError;
use super::cards::{CARDS, HAND, Hands, SEATS, deal_round, ordered_deck};
use super::draw::{ChaChaDraw, Draw, GwDraw, RngKind, XoshiroDraw};
use super::riffle::{HumanModel, gsr_riffle};

/// A procedure that deals one deal at a time. A dealer lives on the worker thread that
/// made it (the listing dealer holds a single-threaded interpreter session).
pub trait Dealer {
    /// The next deal.
    fn deal(&mut self) -> Result<Hands, LabError>;
    /// Random draws used so far (generator words or RND calls).
    fn draws(&self) -> u64;
}

/// A procedure by name, with its parameters.
#[derive(Debug, Clone, PartialEq)]
pub enum Method {
    /// 000's `Deal 52 Cards to 4 Hands`: card `DK(INT(RND*(52-CD)))` to seat `CD MOD 4`.
    Ted,
    /// 000's flawed routine / 001's method: each card of the ordered pack to a random
    /// seat, retried while that seat is full.
    Flawed,
    /// 000's Sort Randoms: a random key per card, sorted (the listing's exchange sort).
    SortRandoms,
    /// 000's Collection Shuffle, then dealt round.
    Collection,
    /// 002's PerfectShuffle applied `shuffles` times.
    Perfect { shuffles: u32 },
    /// 002's ExchangeShuffle with `exchanges` random exchanges.
    Exchange { exchanges: u32 },
    /// 002's SelectionShuffle: draw positions until an unchosen one comes up.
    Selection,
    /// 002's EfficientSelectionShuffle.
    EfficientSelection,
    /// `riffles` Gilbert–Shannon–Reeds riffles.
    Gsr { riffles: u32 },
    /// `riffles` riffles of 000's human model.
    Human { riffles: u32, model: HumanModel },
}

impl Method {
    /// The name used on the command line.
    pub fn name(&self) -> &'static str {
        match self {
            Method::Ted => "ted",
            Method::Flawed => "flawed",
            Method::SortRandoms => "sort-randoms",
            Method::Collection => "collection",
            Method::Perfect { .. } => "perfect",
            Method::Exchange { .. } => "exchange",
            Method::Selection => "selection",
            Method::EfficientSelection => "efficient-selection",
            Method::Gsr { .. } => "gsr",
            Method::Human { .. } => "human",
        }
    }

    /// One line saying what the procedure does, with its parameters.
    pub fn describe(&self) -> String {
        match self {
            Method::Ted => "Ted's deal (000, lines 7000-7080): DK(R) to seat CD MOD 4".into(),
            Method::Flawed => {
                "flawed deal (000's clubs problem, 001): random seat, retry if full".into()
            }
            Method::SortRandoms => "Sort Randoms (000, lines 3000-3040), dealt round".into(),
            Method::Collection => "Collection Shuffle (000, lines 7000-7070), dealt round".into(),
            Method::Perfect { shuffles } => {
                format!("PerfectShuffle (002) x{shuffles}, dealt round")
            }
            Method::Exchange { exchanges } => {
                format!("ExchangeShuffle (002), {exchanges} exchanges, dealt round")
            }
            Method::Selection => "SelectionShuffle (002), dealt round".into(),
            Method::EfficientSelection => "EfficientSelectionShuffle (002), dealt round".into(),
            Method::Gsr { riffles } => format!("GSR riffle x{riffles}, dealt round"),
            Method::Human { riffles, model } => format!(
                "human riffle (000) x{riffles}, cuts {}, packets {}, dealt round",
                weights_text(&model.cut_weights),
                weights_text(&model.packet_weights)
            ),
        }
    }

    /// A dealer for this procedure on the chosen generator, seeded with `seed`.
    pub fn dealer(&self, rng: RngKind, seed: u64) -> Box<dyn Dealer> {
        match rng {
            RngKind::Xoshiro => self.dealer_on(XoshiroDraw::seeded(seed), false),
            RngKind::ChaCha8 => self.dealer_on(ChaChaDraw::seeded(seed), false),
            RngKind::Gw => self.dealer_on(GwDraw::seeded(seed), true),
        }
    }

    fn dealer_on<D: Draw + 'static>(&self, d: D, gw: bool) -> Box<dyn Dealer> {
        match self.clone() {
            Method::Ted => Box::new(TedDeal { d }),
            Method::Flawed => Box::new(FlawedDeal { d }),
            Method::SortRandoms => Box::new(SortRandoms {
                d,
                listing_sort: gw,
            }),
            Method::Collection => Box::new(Shuffled {
                d,
                shuffle: collection_shuffle::<D>,
            }),
            Method::Perfect { shuffles } => Box::new(PerfectDeal::new(shuffles)),
            Method::Exchange { exchanges } => Box::new(ExchangeDeal { d, exchanges }),
            Method::Selection => Box::new(Shuffled {
                d,
                shuffle: selection_shuffle::<D>,
            }),
            Method::EfficientSelection => Box::new(Shuffled {
                d,
                shuffle: efficient_selection_shuffle::<D>,
            }),
            Method::Gsr { riffles } => Box::new(GsrDeal { d, riffles }),
            Method::Human { riffles, model } => Box::new(HumanDeal { d, riffles, model }),
        }
    }
}

fn weights_text(w: &[(u32, u32)]) -> String {
    w.iter()
        .map(|(s, x)| format!("{s}={x}"))
        .collect::<Vec<_>>()
        .join(",")
}

/// Ted's deal: the Collection Shuffle dealing straight into the hands.
struct TedDeal<D> {
    d: D,
}

impl<D: Draw> Dealer for TedDeal<D> {
    #[inline]
    fn deal(&mut self) -> Result<Hands, LabError> {
        Ok(ted_deal(&mut self.d))
    }
    fn draws(&self) -> u64 {
        self.d.draws()
    }
}

/// One deal of 000's `Deal 52 Cards to 4 Hands` (lines 7010-7080).
#[inline]
pub fn ted_deal<D: Draw>(d: &mut D) -> Hands {
    let mut dk = ordered_deck(); // 7010 FOR C=0 TO 51: DK(C)=C
    let mut rs = [0u8; CARDS];
    d.pack_indices(&mut rs); // 7030 R=INT(RND*(52-CD)), for CD = 0..51 in order
    let mut hands = [0u64; SEATS];
    // Four cards per step (seats 0..3) keep the hands in registers.
    for step in 0..CARDS / SEATS {
        for (seat, hand) in hands.iter_mut().enumerate() {
            let cd = SEATS * step + seat;
            let r = usize::from(rs[cd]);
            *hand |= 1 << dk[r]; // 7040-7060 DEAL(CD MOD 4, CD MOD 13)=DK(R)
            dk[r] = dk[CARDS - 1 - cd]; // 7070 DK(R)=DK(51-CD)
        }
    }
    hands
}

/// The flawed deal: the ordered pack card by card to a random seat, retrying while the
/// chosen seat already holds 13 cards (every retry is a "failed attempt").
struct FlawedDeal<D> {
    d: D,
}

impl<D: Draw> Dealer for FlawedDeal<D> {
    fn deal(&mut self) -> Result<Hands, LabError> {
        Ok(flawed_deal(&mut self.d))
    }
    fn draws(&self) -> u64 {
        self.d.draws()
    }
}

/// One flawed deal (001's steps 1-6): card `c` of the ordered pack to a seat drawn by
/// `below(4)`, drawn again while that seat is full.
pub fn flawed_deal<D: Draw>(d: &mut D) -> Hands {
    let mut counts = [0usize; SEATS];
    let mut hands = [0u64; SEATS];
    for card in 0..CARDS {
        let seat = loop {
            let s = d.below(SEATS as u32) as usize;
            if counts[s] < HAND {
                break s;
            }
        };
        counts[seat] += 1;
        hands[seat] |= 1 << card;
    }
    hands
}

/// Sort Randoms: keys X(J)=RND, sorted with the data.
struct SortRandoms<D> {
    d: D,
    listing_sort: bool,
}

impl<D: Draw> Dealer for SortRandoms<D> {
    fn deal(&mut self) -> Result<Hands, LabError> {
        let deck = if self.listing_sort {
            sort_randoms_listing(&mut self.d)
        } else {
            sort_randoms_fast(&mut self.d)
        };
        Ok(deal_round(&deck))
    }
    fn draws(&self) -> u64 {
        self.d.draws()
    }
}

/// Sort Randoms with 64-bit keys and an unstable sort (ties, about 1 in 10^16 deals, are
/// broken by card number).
pub fn sort_randoms_fast<D: Draw>(d: &mut D) -> [u8; CARDS] {
    let mut keyed: [u64; CARDS] = std::array::from_fn(|c| (d.key() & !63) | c as u64);
    keyed.sort_unstable();
    std::array::from_fn(|i| (keyed[i] & 63) as u8)
}

/// Sort Randoms exactly as lines 3010-3040 do it (ties stay as the exchange sort leaves
/// them), used with GW-BASIC's RND whose 24-bit values do tie.
pub fn sort_randoms_listing<D: Draw>(d: &mut D) -> [u8; CARDS] {
    let mut x: [u64; CARDS] = std::array::from_fn(|_| d.key()); // 3010 X(J)=RND
    let mut a = ordered_deck();
    for j in 0..CARDS - 1 {
        for k in j + 1..CARDS {
            if x[j] > x[k] {
                x.swap(j, k); // 3030 SWAP X(J),X(K): SWAP A(J),A(K)
                a.swap(j, k);
            }
        }
    }
    a
}

/// A shuffle of the ordered pack dealt round the table.
struct Shuffled<D> {
    d: D,
    shuffle: fn(&mut D) -> [u8; CARDS],
}

impl<D: Draw> Dealer for Shuffled<D> {
    fn deal(&mut self) -> Result<Hands, LabError> {
        Ok(deal_round(&(self.shuffle)(&mut self.d)))
    }
    fn draws(&self) -> u64 {
        self.d.draws()
    }
}

/// 000's Collection Shuffle (lines 7010-7070), 0-based: X(J)=A(R): A(R)=A(D): D=D-1.
pub fn collection_shuffle<D: Draw>(d: &mut D) -> [u8; CARDS] {
    let mut a = ordered_deck();
    let mut x = [0u8; CARDS];
    let mut rs = [0u8; CARDS];
    d.pack_indices(&mut rs); // R=INT(RND*D)+1 for D = 52..1, here 0-based
    let mut size = CARDS;
    for (slot, &r) in x.iter_mut().zip(&rs) {
        let r = usize::from(r);
        *slot = a[r];
        a[r] = a[size - 1];
        size -= 1;
    }
    x
}

/// 002's SelectionShuffle: RandomDeckPos until a card not yet chosen comes up.
pub fn selection_shuffle<D: Draw>(d: &mut D) -> [u8; CARDS] {
    let deck = ordered_deck();
    let mut out = [0u8; CARDS];
    let mut chosen = 0u64;
    let mut num_chosen = 0;
    while num_chosen < CARDS {
        let k = d.below(CARDS as u32) as usize;
        if chosen >> deck[k] & 1 == 0 {
            chosen |= 1 << deck[k];
            out[num_chosen] = deck[k];
            num_chosen += 1;
        }
    }
    out
}

/// 002's EfficientSelectionShuffle: k = RandomDeckPos(DECKSIZE - shuffledPos).
pub fn efficient_selection_shuffle<D: Draw>(d: &mut D) -> [u8; CARDS] {
    let mut deck = ordered_deck();
    let mut out = [0u8; CARDS];
    let mut ks = [0u8; CARDS];
    d.pack_indices(&mut ks); // k = RandomDeckPos(DECKSIZE - shuffledPos)
    for (pos, slot) in out.iter_mut().enumerate() {
        let k = usize::from(ks[pos]);
        *slot = deck[k];
        deck[k] = deck[CARDS - 1 - pos];
    }
    out
}

/// 002's PerfectShuffle: the first half to positions 0, 2, 4, ..., the second half to
/// positions 1, 3, 5, ... (`deck.len()` even; an odd last card stays last).
pub fn perfect_shuffle(deck: &mut [u8]) {
    let n = deck.len();
    let half = n / 2;
    let mut out = deck.to_vec();
    for (old, &card) in deck.iter().enumerate().take(2 * half) {
        let new = if old < half {
            2 * old
        } else {
            2 * (old - half) + 1
        };
        out[new] = card;
    }
    deck.copy_from_slice(&out);
}

/// The perfect shuffle deals the same deal every time.
struct PerfectDeal {
    hands: Hands,
}

impl PerfectDeal {
    fn new(shuffles: u32) -> Self {
        let mut deck = ordered_deck();
        // the deck comes back after a period (8 for 52 cards): only the rest matters
        let period = super::exchange::perfect_period(CARDS).max(1) as u32;
        for _ in 0..shuffles % period {
            perfect_shuffle(&mut deck);
        }
        PerfectDeal {
            hands: deal_round(&deck),
        }
    }
}

impl Dealer for PerfectDeal {
    fn deal(&mut self) -> Result<Hands, LabError> {
        Ok(self.hands)
    }
    fn draws(&self) -> u64 {
        0
    }
}

/// 002's ExchangeShuffle: `exchanges` times, swap two random positions (possibly equal).
struct ExchangeDeal<D> {
    d: D,
    exchanges: u32,
}

/// Apply `exchanges` random exchanges to a deck.
pub fn exchange_shuffle<D: Draw>(deck: &mut [u8], exchanges: u32, d: &mut D) {
    let n = deck.len() as u32;
    for _ in 0..exchanges {
        let p1 = d.below(n) as usize;
        let p2 = d.below(n) as usize;
        deck.swap(p1, p2);
    }
}

impl<D: Draw> Dealer for ExchangeDeal<D> {
    fn deal(&mut self) -> Result<Hands, LabError> {
        let mut deck = ordered_deck();
        exchange_shuffle(&mut deck, self.exchanges, &mut self.d);
        Ok(deal_round(&deck))
    }
    fn draws(&self) -> u64 {
        self.d.draws()
    }
}

/// `riffles` GSR riffles of the ordered pack.
struct GsrDeal<D> {
    d: D,
    riffles: u32,
}

impl<D: Draw> Dealer for GsrDeal<D> {
    fn deal(&mut self) -> Result<Hands, LabError> {
        let mut deck = ordered_deck();
        let mut scratch = [0u8; CARDS];
        for _ in 0..self.riffles {
            gsr_riffle(&mut deck, &mut scratch, &mut self.d);
        }
        Ok(deal_round(&deck))
    }
    fn draws(&self) -> u64 {
        self.d.draws()
    }
}

/// `riffles` human-model riffles of the ordered pack.
struct HumanDeal<D> {
    d: D,
    riffles: u32,
    model: HumanModel,
}

impl<D: Draw> Dealer for HumanDeal<D> {
    fn deal(&mut self) -> Result<Hands, LabError> {
        let mut deck = ordered_deck();
        let mut scratch = [0u8; CARDS];
        for _ in 0..self.riffles {
            self.model.riffle(&mut deck, &mut scratch, &mut self.d);
        }
        Ok(deal_round(&deck))
    }
    fn draws(&self) -> u64 {
        self.d.draws()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lab::cards::is_valid_deal;

    fn all_methods() -> Vec<Method> {
        vec![
            Method::Ted,
            Method::Flawed,
            Method::SortRandoms,
            Method::Collection,
            Method::Perfect { shuffles: 3 },
            Method::Exchange { exchanges: 10 },
            Method::Selection,
            Method::EfficientSelection,
            Method::Gsr { riffles: 4 },
            Method::Human {
                riffles: 4,
                model: HumanModel::default(),
            },
        ]
    }

    #[test]
    fn every_method_deals_valid_deals_on_every_generator() {
        for m in all_methods() {
            for rng in [RngKind::Xoshiro, RngKind::ChaCha8, RngKind::Gw] {
                let mut d = m.dealer(rng, 11);
                for _ in 0..50 {
                    let h = d.deal().unwrap();
                    assert!(is_valid_deal(&h), "{} on {rng:?}", m.name());
                }
            }
        }
    }

    #[test]
    fn ted_collection_and_efficient_selection_are_one_procedure() {
        // The three draw INT(RND*(52-i)) in the same order and move the same cards, so
        // the same stream gives the same deal (an identity of the documents' code).
        let mut a = XoshiroDraw::seeded(5);
        let mut b = XoshiroDraw::seeded(5);
        let mut c = XoshiroDraw::seeded(5);
        for _ in 0..100 {
            let t = ted_deal(&mut a);
            assert_eq!(t, deal_round(&collection_shuffle(&mut b)));
            assert_eq!(t, deal_round(&efficient_selection_shuffle(&mut c)));
        }
    }

    #[test]
    fn perfect_shuffle_matches_002s_table() {
        // 1-based: 1->1, 2->3, 26->51, 27->2, 51->50, 52->52.
        let mut deck: Vec<u8> = (1..=52).collect();
        perfect_shuffle(&mut deck);
        let pos = |card: u8| deck.iter().position(|&c| c == card).unwrap() + 1;
        assert_eq!(
            [pos(1), pos(2), pos(26), pos(27), pos(51), pos(52)],
            [1, 3, 51, 2, 50, 52]
        );
        // 002's 8-card run: A E B F C G D H.
        let mut d8: Vec<u8> = (b'A'..=b'H').collect();
        perfect_shuffle(&mut d8);
        assert_eq!(d8, b"AEBFCGDH");
    }

    #[test]
    fn flawed_deal_uses_at_least_52_draws() {
        let mut d = XoshiroDraw::seeded(9);
        let h = flawed_deal(&mut d);
        assert!(is_valid_deal(&h));
        assert!(d.draws() >= 52);
    }

    #[test]
    fn sort_randoms_listing_and_fast_agree_without_ties() {
        let mut a = XoshiroDraw::seeded(2);
        let mut b = XoshiroDraw::seeded(2);
        for _ in 0..20 {
            assert_eq!(sort_randoms_fast(&mut a), sort_randoms_listing(&mut b));
        }
    }
}
