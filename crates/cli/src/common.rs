//! Input shared by the subcommands: the rule set (`--preset`, `--set`), the trump
//! suit and card lists, each checked against the deck with a clear message.

use crate::args::Parsed;
use crate::error::{shorten, CliError};
use pinochle_engine::cards::{parse_cards, Card, CardCounts, Rank, Suit};
use pinochle_engine::Rules;

/// The rule set named by `--preset` with every `--set key=value` applied (all or
/// nothing), plus the settings as given.
pub fn load_rules(p: &Parsed) -> Result<(Rules, Vec<String>), CliError> {
    let preset = p.require("preset")?;
    let sets = p.all("set");
    let rules = rules_from(preset, &sets)?;
    Ok((rules, sets))
}

/// A preset with `key=value` settings, every failure as a [`CliError`].
pub fn rules_from(preset: &str, sets: &[String]) -> Result<Rules, CliError> {
    let rules = Rules::from_preset_id(preset.trim(), sets)?;
    // Settings are validated one by one; check the whole again, cheaply.
    rules.validate()?;
    Ok(rules)
}

/// The `--set` overrides as a JSON object (`{}` when none); a later setting of the
/// same key wins, as it does when the settings are applied.
pub fn overrides_object(sets: &[String]) -> serde_json::Map<String, serde_json::Value> {
    let mut map = serde_json::Map::new();
    for s in sets {
        if let Some((k, v)) = s.split_once('=') {
            map.insert(
                k.trim().to_string(),
                serde_json::Value::String(v.trim().to_string()),
            );
        }
    }
    map
}

/// Parses a trump suit: `S H D C` (any case), a suit symbol, or the suit's name.
pub fn parse_trump(text: &str) -> Result<Suit, CliError> {
    let t = text.trim();
    if let Some(s) = Suit::from_text(t) {
        return Ok(s);
    }
    Suit::ALL
        .into_iter()
        .find(|s| s.name().eq_ignore_ascii_case(t))
        .ok_or_else(|| {
            CliError::usage(format!(
                "--trump: '{}' is not a suit (expected S, H, D or C)",
                shorten(text)
            ))
        })
}

/// Parses card text (whitespace- or comma-separated), naming `what` on error.
pub fn parse_card_list(what: &str, text: &str) -> Result<Vec<Card>, CliError> {
    parse_cards(text).map_err(|e| CliError::usage(format!("{what}: {e}")))
}

/// Checks that `cards` could all come from one deck of this rule set: no nines in
/// the 80-card deck, no more copies of a card than the deck holds.
pub fn check_deck(rules: &Rules, counts: &CardCounts, what: &str) -> Result<(), CliError> {
    let copies = rules.deck.copies();
    let size = rules.deck.size();
    for card in Card::all() {
        let n = counts.count(card);
        if n == 0 {
            continue;
        }
        if card.rank == Rank::Nine && !rules.deck.has_nines() {
            return Err(CliError::usage(format!(
                "{what}: the {size}-card deck has no nines, but {card} is given"
            )));
        }
        if n > copies {
            return Err(CliError::usage(format!(
                "{what}: {n} copies of {card}, but the {size}-card deck holds only {copies}"
            )));
        }
    }
    Ok(())
}

/// Copies-safe multiset of a card list (counts saturate instead of overflowing).
pub fn counts_of(cards: &[Card]) -> CardCounts {
    let mut c = CardCounts::EMPTY;
    for card in cards {
        let slot = &mut c.0[card.index()];
        *slot = slot.saturating_add(1);
    }
    c
}

/// Most cards a player can hold at once: a full hand plus the kitty taken by the
/// declarer (before burying).
pub fn max_holding(rules: &Rules) -> usize {
    rules.hand_size() + rules.deal.kitty as usize
}

/// JSON text form of a list of cards.
pub fn card_strings(cards: &[Card]) -> Vec<String> {
    cards.iter().map(Card::to_string).collect()
}
