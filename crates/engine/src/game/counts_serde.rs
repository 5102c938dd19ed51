//! Serde for [`CardCounts`] as a sorted list of card texts (`["AS", "AS", "TH"]`),
//! readable in saved states and refusing impossible counts.

use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::cards::{Card, CardCounts};

/// No deck holds more copies of one card.
const MAX_COPIES: u8 = 4;

pub fn serialize<S: Serializer>(counts: &CardCounts, s: S) -> Result<S::Ok, S::Error> {
    counts.to_cards().serialize(s)
}

pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<CardCounts, D::Error> {
    from_cards(Vec::<Card>::deserialize(d)?)
}

fn from_cards<E: serde::de::Error>(cards: Vec<Card>) -> Result<CardCounts, E> {
    let mut counts = CardCounts::EMPTY;
    for card in cards {
        if counts.count(card) >= MAX_COPIES {
            return Err(E::custom(format!(
                "more than {MAX_COPIES} copies of {card}"
            )));
        }
        counts.add(card);
    }
    Ok(counts)
}

/// The same for an array of multisets (one per seat).
pub mod array {
    use super::*;
    use crate::game::MAX_SEATS;

    pub fn serialize<S: Serializer>(v: &[CardCounts; MAX_SEATS], s: S) -> Result<S::Ok, S::Error> {
        let lists: Vec<Vec<Card>> = v.iter().map(CardCounts::to_cards).collect();
        lists.serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(
        d: D,
    ) -> Result<[CardCounts; MAX_SEATS], D::Error> {
        let lists = Vec::<Vec<Card>>::deserialize(d)?;
        if lists.len() != MAX_SEATS {
            return Err(serde::de::Error::custom(format!(
                "expected {MAX_SEATS} card lists"
            )));
        }
        let mut out = [CardCounts::EMPTY; MAX_SEATS];
        for (slot, cards) in out.iter_mut().zip(lists) {
            *slot = from_cards(cards)?;
        }
        Ok(out)
    }
}
