//! Cards, seats and hands. The pack follows document 000: spades ace to deuce, then
//! hearts, diamonds and clubs, so card 0 is the ace of spades and card 51 the deuce of
//! clubs (the listing `deal52` starts with `DK(C)=C`). Seats are 0..=3 in dealing order.
//! A deal is four 52-bit masks, one per seat: bit `c` set means card `c` is in that hand,
//! so suit lengths are popcounts of 13-bit fields and adjacency is a shift and an AND.

/// Cards in the pack.
pub const CARDS: usize = 52;
/// Hands (seats) at the table.
pub const SEATS: usize = 4;
/// Suits, in pack order.
pub const SUITS: usize = 4;
/// Cards per suit and per hand.
pub const HAND: usize = 13;
/// Bits of the 52 cards.
pub const ALL_CARDS: u64 = (1 << CARDS) - 1;
/// The 13 bits of one suit (spades) before shifting.
pub const SUIT_BITS: u64 = (1 << HAND) - 1;

/// The four hands of a deal as card masks, indexed by seat.
pub type Hands = [u64; SEATS];

/// Suit letters in pack order.
pub const SUIT_LETTERS: [char; SUITS] = ['S', 'H', 'D', 'C'];
/// Suit names in pack order.
pub const SUIT_NAMES: [&str; SUITS] = ["spades", "hearts", "diamonds", "clubs"];
/// Rank letters in pack order within a suit (ace first, deuce last).
pub const RANK_LETTERS: [char; HAND] = [
    'A', 'K', 'Q', 'J', 'T', '9', '8', '7', '6', '5', '4', '3', '2',
];

/// The suit (0 = spades .. 3 = clubs) of a card.
pub fn suit_of(card: usize) -> usize {
    card / HAND
}

/// Two-letter name of a card, rank then suit: card 0 is "AS", card 51 is "2C".
pub fn card_name(card: usize) -> String {
    let c = card % CARDS;
    format!("{}{}", RANK_LETTERS[c % HAND], SUIT_LETTERS[suit_of(c)])
}

/// The four suit lengths of a hand, in pack order.
#[inline(always)]
pub fn suit_lengths(hand: u64) -> [u8; SUITS] {
    let mut out = [0u8; SUITS];
    for (s, len) in out.iter_mut().enumerate() {
        *len = ((hand >> (HAND * s)) & SUIT_BITS).count_ones() as u8;
    }
    out
}

/// True when the masks form a proper deal: 13 cards each, disjoint, the whole pack.
pub fn is_valid_deal(hands: &Hands) -> bool {
    let mut union = 0u64;
    for &h in hands {
        if h.count_ones() as usize != HAND || union & h != 0 {
            return false;
        }
        union |= h;
    }
    union == ALL_CARDS
}

/// Hands from a seat-per-card table (values must be below [`SEATS`]).
pub fn hands_from_seats(seats: &[u8; CARDS]) -> Hands {
    let mut hands = [0u64; SEATS];
    for (card, &s) in seats.iter().enumerate() {
        hands[usize::from(s) % SEATS] |= 1 << card;
    }
    hands
}

/// Hands dealt round the table from a deck order: `deck[i]` goes to seat `i mod 4`.
pub fn deal_round(deck: &[u8; CARDS]) -> Hands {
    let mut hands = [0u64; SEATS];
    for (i, &card) in deck.iter().enumerate() {
        hands[i % SEATS] |= 1 << (card as u32 % CARDS as u32);
    }
    hands
}

/// The seat holding each card.
pub fn seats_of(hands: &Hands) -> [u8; CARDS] {
    let mut seats = [0u8; CARDS];
    for (s, &h) in hands.iter().enumerate() {
        let mut bits = h & ALL_CARDS;
        while bits != 0 {
            seats[bits.trailing_zeros() as usize] = s as u8;
            bits &= bits - 1;
        }
    }
    seats
}

/// The ordered pack 0..=51.
pub fn ordered_deck() -> [u8; CARDS] {
    std::array::from_fn(|i| i as u8)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_follow_the_pack_order_of_000() {
        assert_eq!(card_name(0), "AS");
        assert_eq!(card_name(12), "2S");
        assert_eq!(card_name(13), "AH");
        assert_eq!(card_name(39), "AC");
        assert_eq!(card_name(50), "3C");
        assert_eq!(card_name(51), "2C");
    }

    #[test]
    fn round_deal_gives_every_fourth_card() {
        let hands = deal_round(&ordered_deck());
        assert!(is_valid_deal(&hands));
        // Seat 0 gets cards 0, 4, 8, ..., 48: in spades A,T,6,2 -> 4 spades? A(0) T(4) 6(8) 2(12).
        assert_eq!(suit_lengths(hands[0]), [4, 3, 3, 3]);
        assert_eq!(seats_of(&hands)[51], 3);
        assert_eq!(hands_from_seats(&seats_of(&hands)), hands);
    }

    #[test]
    fn invalid_deals_are_detected() {
        let mut hands = deal_round(&ordered_deck());
        hands[0] ^= 1;
        assert!(!is_valid_deal(&hands));
    }
}
