//! Cards, suits and ranks; their text form (`TH`, `10H`, `T♥`); multisets of cards.
//!
//! Pinochle decks hold duplicates, so a hand is a multiset: [`CardCounts`] counts
//! copies of each of the 24 distinct cards, and `Vec<Card>` keeps an ordered list.

use serde::{Deserialize, Deserializer, Serialize, Serializer};
use std::fmt;
use std::str::FromStr;

/// A suit. Order (S, H, D, C) is only for display and indexing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Suit {
    #[serde(rename = "S")]
    Spades,
    #[serde(rename = "H")]
    Hearts,
    #[serde(rename = "D")]
    Diamonds,
    #[serde(rename = "C")]
    Clubs,
}

impl Suit {
    pub const ALL: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];

    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn from_index(i: usize) -> Suit {
        Suit::ALL[i % 4]
    }

    pub const fn letter(self) -> char {
        match self {
            Suit::Spades => 'S',
            Suit::Hearts => 'H',
            Suit::Diamonds => 'D',
            Suit::Clubs => 'C',
        }
    }

    pub const fn symbol(self) -> char {
        match self {
            Suit::Spades => '♠',
            Suit::Hearts => '♥',
            Suit::Diamonds => '♦',
            Suit::Clubs => '♣',
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Suit::Spades => "spades",
            Suit::Hearts => "hearts",
            Suit::Diamonds => "diamonds",
            Suit::Clubs => "clubs",
        }
    }

    /// Parses `S`, `H`, `D`, `C` (any case) or a suit symbol.
    pub fn from_text(s: &str) -> Option<Suit> {
        match s.trim() {
            "S" | "s" | "♠" | "♤" => Some(Suit::Spades),
            "H" | "h" | "♥" | "♡" => Some(Suit::Hearts),
            "D" | "d" | "♦" | "♢" => Some(Suit::Diamonds),
            "C" | "c" | "♣" | "♧" => Some(Suit::Clubs),
            _ => None,
        }
    }
}

impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

impl FromStr for Suit {
    type Err = CardParseError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Suit::from_text(s).ok_or_else(|| CardParseError::BadSuit(s.to_string()))
    }
}

/// A rank, declared low to high so that `Ord` is trick-taking strength.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Rank {
    #[serde(rename = "9")]
    Nine,
    #[serde(rename = "J")]
    Jack,
    #[serde(rename = "Q")]
    Queen,
    #[serde(rename = "K")]
    King,
    #[serde(rename = "T")]
    Ten,
    #[serde(rename = "A")]
    Ace,
}

impl Rank {
    /// Low to high.
    pub const ALL: [Rank; 6] = [
        Rank::Nine,
        Rank::Jack,
        Rank::Queen,
        Rank::King,
        Rank::Ten,
        Rank::Ace,
    ];

    pub const fn index(self) -> usize {
        self as usize
    }

    pub const fn from_index(i: usize) -> Rank {
        Rank::ALL[i % 6]
    }

    pub const fn letter(self) -> char {
        match self {
            Rank::Nine => '9',
            Rank::Jack => 'J',
            Rank::Queen => 'Q',
            Rank::King => 'K',
            Rank::Ten => 'T',
            Rank::Ace => 'A',
        }
    }

    /// The rank as a card's corner shows it: "10", "K".
    pub const fn face(self) -> &'static str {
        match self {
            Rank::Ace => "A",
            Rank::Ten => "10",
            Rank::King => "K",
            Rank::Queen => "Q",
            Rank::Jack => "J",
            Rank::Nine => "9",
        }
    }

    pub const fn name(self) -> &'static str {
        match self {
            Rank::Nine => "nine",
            Rank::Jack => "jack",
            Rank::Queen => "queen",
            Rank::King => "king",
            Rank::Ten => "ten",
            Rank::Ace => "ace",
        }
    }

    pub const fn plural(self) -> &'static str {
        match self {
            Rank::Nine => "nines",
            Rank::Jack => "jacks",
            Rank::Queen => "queens",
            Rank::King => "kings",
            Rank::Ten => "tens",
            Rank::Ace => "aces",
        }
    }

    /// Parses `A T K Q J 9` (any case) or `10`.
    pub fn from_text(s: &str) -> Option<Rank> {
        match s.trim() {
            "A" | "a" => Some(Rank::Ace),
            "T" | "t" | "10" => Some(Rank::Ten),
            "K" | "k" => Some(Rank::King),
            "Q" | "q" => Some(Rank::Queen),
            "J" | "j" => Some(Rank::Jack),
            "9" => Some(Rank::Nine),
            _ => None,
        }
    }
}

impl fmt::Display for Rank {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// One card. Copies of the same card are indistinguishable.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Card {
    pub suit: Suit,
    pub rank: Rank,
}

/// Number of distinct cards (4 suits × 6 ranks).
pub const DISTINCT_CARDS: usize = 24;

impl Card {
    pub const fn new(rank: Rank, suit: Suit) -> Card {
        Card { suit, rank }
    }

    /// Dense index 0..24: suit-major, rank low to high.
    pub const fn index(self) -> usize {
        self.suit.index() * 6 + self.rank.index()
    }

    pub const fn from_index(i: usize) -> Card {
        Card {
            suit: Suit::from_index(i / 6),
            rank: Rank::from_index(i % 6),
        }
    }

    /// Every distinct card, suit-major.
    pub fn all() -> impl Iterator<Item = Card> {
        (0..DISTINCT_CARDS).map(Card::from_index)
    }

    /// The card as its corner shows it, e.g. "10♥".
    pub fn face(self) -> String {
        format!("{}{}", self.rank.face(), self.suit.symbol())
    }

    /// Human-readable name, e.g. "queen of spades".
    pub fn long_name(self) -> String {
        format!("{} of {}", self.rank.name(), self.suit.name())
    }

    /// Cards by their faces, as a sentence lists them: "K♣", "K♣ and 9♠",
    /// "A♠, K♣ and 9♠" (empty for none).
    pub fn faces(cards: &[Card]) -> String {
        let faces: Vec<String> = cards.iter().map(|c| c.face()).collect();
        match faces.split_last() {
            Some((last, [])) => last.clone(),
            Some((last, rest)) => format!("{} and {last}", rest.join(", ")),
            None => String::new(),
        }
    }
}

impl PartialOrd for Card {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

/// Cards order by suit (S, H, D, C), then rank high to low: the usual hand sort.
impl Ord for Card {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.suit
            .cmp(&other.suit)
            .then_with(|| other.rank.cmp(&self.rank))
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank.letter(), self.suit.letter())
    }
}

/// What is wrong with a piece of card text.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CardParseError {
    #[error("empty card text")]
    Empty,
    #[error("'{0}' is not a card: expected a rank (A T K Q J 9, or 10) then a suit (S H D C or ♠ ♥ ♦ ♣), e.g. TH")]
    BadCard(String),
    #[error("'{0}' is not a suit: expected S, H, D, C or ♠ ♥ ♦ ♣")]
    BadSuit(String),
}

impl FromStr for Card {
    type Err = CardParseError;
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let t = text.trim();
        if t.is_empty() {
            return Err(CardParseError::Empty);
        }
        let bad = || CardParseError::BadCard(t.to_string());
        let split = if t.starts_with("10") {
            2
        } else {
            t.chars().next().map(char::len_utf8).ok_or_else(bad)?
        };
        if split >= t.len() {
            return Err(bad());
        }
        let (r, s) = t.split_at(split);
        let rank = Rank::from_text(r).ok_or_else(bad)?;
        let suit = Suit::from_text(s).ok_or_else(bad)?;
        Ok(Card::new(rank, suit))
    }
}

impl Serialize for Card {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Card {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// Parses a whitespace- or comma-separated list of cards.
pub fn parse_cards(text: &str) -> Result<Vec<Card>, CardParseError> {
    text.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
        .map(str::parse)
        .collect()
}

/// Formats cards space-separated, e.g. `AH TH KH`.
pub fn format_cards(cards: &[Card]) -> String {
    cards
        .iter()
        .map(Card::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

/// A multiset of cards: how many copies of each distinct card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub struct CardCounts(pub [u8; DISTINCT_CARDS]);

impl CardCounts {
    pub const EMPTY: CardCounts = CardCounts([0; DISTINCT_CARDS]);

    pub fn from_cards(cards: &[Card]) -> CardCounts {
        let mut c = CardCounts::EMPTY;
        for &card in cards {
            c.add(card);
        }
        c
    }

    pub fn count(&self, card: Card) -> u8 {
        self.0[card.index()]
    }

    pub fn get(&self, rank: Rank, suit: Suit) -> u8 {
        self.0[Card::new(rank, suit).index()]
    }

    pub fn add(&mut self, card: Card) {
        self.0[card.index()] += 1;
    }

    /// Adds every copy of `other`.
    pub fn add_all(&mut self, other: &CardCounts) {
        for (slot, n) in self.0.iter_mut().zip(other.0) {
            *slot += n;
        }
    }

    /// Removes one copy; returns false (and changes nothing) if there is none.
    pub fn remove(&mut self, card: Card) -> bool {
        let slot = &mut self.0[card.index()];
        if *slot == 0 {
            return false;
        }
        *slot -= 1;
        true
    }

    pub fn len(&self) -> usize {
        self.0.iter().map(|&n| n as usize).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&n| n == 0)
    }

    /// Copies held in one suit.
    pub fn suit_len(&self, suit: Suit) -> usize {
        Rank::ALL.iter().map(|&r| self.get(r, suit) as usize).sum()
    }

    /// Whether `other` is contained in `self` (copy counts included).
    pub fn contains_all(&self, other: &CardCounts) -> bool {
        self.0.iter().zip(other.0.iter()).all(|(a, b)| a >= b)
    }

    /// The cards as a sorted list (suit-major, rank high to low).
    pub fn to_cards(&self) -> Vec<Card> {
        let mut out = Vec::with_capacity(self.len());
        for suit in Suit::ALL {
            for rank in Rank::ALL.iter().rev() {
                let card = Card::new(*rank, suit);
                for _ in 0..self.count(card) {
                    out.push(card);
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_every_notation() {
        let th = Card::new(Rank::Ten, Suit::Hearts);
        for text in ["TH", "th", "10H", "10h", "T♥", "10♥", " TH "] {
            assert_eq!(text.parse::<Card>(), Ok(th), "{text}");
        }
        assert_eq!(
            "9♠".parse::<Card>(),
            Ok(Card::new(Rank::Nine, Suit::Spades))
        );
        assert_eq!(
            "QD".parse::<Card>(),
            Ok(Card::new(Rank::Queen, Suit::Diamonds))
        );
    }

    #[test]
    fn rejects_bad_text_with_a_message() {
        for text in ["", "X", "1H", "AX", "A", "10", "AHH", "KH2", "♥A", "11H"] {
            let err = text.parse::<Card>().unwrap_err();
            assert!(!err.to_string().is_empty());
        }
    }

    #[test]
    fn display_round_trips_for_all_cards() {
        for card in Card::all() {
            assert_eq!(card.to_string().parse::<Card>(), Ok(card));
            assert_eq!(Card::from_index(card.index()), card);
        }
    }

    #[test]
    fn hand_lists_parse_and_sort() {
        let cards = parse_cards("QS JD, AH 10H").unwrap();
        let counts = CardCounts::from_cards(&cards);
        assert_eq!(format_cards(&counts.to_cards()), "QS AH TH JD");
        assert_eq!(counts.len(), 4);
    }

    #[test]
    fn rank_order_is_trick_strength() {
        assert!(Rank::Ace > Rank::Ten && Rank::Ten > Rank::King);
        assert!(Rank::King > Rank::Queen && Rank::Queen > Rank::Jack);
        assert!(Rank::Jack > Rank::Nine);
    }
}
