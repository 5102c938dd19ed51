//! The deal numbers this device has dealt, by game type: a game dealt again
//! from one of them is practice (its cards are known), even where the first
//! game was deleted or has dropped off the history. Kept under their own key
//! ([`DEALT_KEY`], list schema 1), apart from the statistics, so resetting
//! those does not make a known deal count again.

use std::collections::BTreeMap;

use pinochle_engine::PresetId;
use serde::{Deserialize, Serialize};

use super::format::LIST_SCHEMA;
use super::{read_document, write_document, KeyValueStore, Problem, SaveError, StoreError};

pub const DEALT_KEY: &str = "pinochle/dealt";
/// Deal numbers kept per game type, the oldest dropped first (about 11 kB of
/// storage each when full).
pub const DEALT_LIMIT: usize = 1000;

/// The deal numbers dealt, oldest first, by game type (the preset's id).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DealtDeals {
    pub schema: u32,
    pub games: BTreeMap<String, Vec<u64>>,
}

impl Default for DealtDeals {
    fn default() -> DealtDeals {
        DealtDeals {
            schema: LIST_SCHEMA,
            games: BTreeMap::new(),
        }
    }
}

impl DealtDeals {
    pub fn contains(&self, preset: PresetId, seed: u64) -> bool {
        self.games
            .get(preset.id())
            .is_some_and(|deals| deals.contains(&seed))
    }

    /// Adds a deal number (once), dropping the oldest past [`DEALT_LIMIT`].
    pub fn add(&mut self, preset: PresetId, seed: u64) {
        let deals = self.games.entry(preset.id().to_string()).or_default();
        if !deals.contains(&seed) {
            deals.push(seed);
        }
        let over = deals.len().saturating_sub(DEALT_LIMIT);
        deals.drain(..over);
    }

    /// What cannot be this app's list: an unknown game type.
    fn fault(&self) -> Option<String> {
        self.games
            .keys()
            .find(|game| PresetId::from_id(game).is_none())
            .map(|game| format!("deal numbers for an unknown game '{game}'"))
    }
}

/// Reads the deal numbers dealt (none yet: an empty list); an unreadable list
/// is set aside (reported) and starts again, a newer version's is left in
/// place (reported) and not used.
pub fn load_dealt(
    store: &dyn KeyValueStore,
    now_ms: u64,
) -> Result<(DealtDeals, Option<Problem>), StoreError> {
    let (dealt, problem) = read_document(store, DEALT_KEY, now_ms, DealtDeals::fault)?;
    Ok((dealt.unwrap_or_default(), problem))
}

/// Adds the deal number of a game just dealt to the list (never over a
/// newer version's list; an unreadable one is set aside and starts again).
pub fn record_dealt(
    store: &dyn KeyValueStore,
    preset: PresetId,
    seed: u64,
    now_ms: u64,
) -> Result<(), SaveError> {
    let (mut dealt, _) = load_dealt(store, now_ms)?;
    dealt.add(preset, seed);
    write_document(store, DEALT_KEY, "deal numbers played", &dealt)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::{MemoryStore, QUARANTINE_PREFIX};

    #[test]
    fn a_dealt_number_is_kept_once_per_game_type() {
        let store = MemoryStore::default();
        assert_eq!(
            load_dealt(&store, 1).unwrap(),
            (DealtDeals::default(), None)
        );
        record_dealt(&store, PresetId::Bison, 31, 1).unwrap();
        record_dealt(&store, PresetId::Bison, 31, 2).unwrap();
        record_dealt(&store, PresetId::Club, 7, 3).unwrap();
        let (dealt, problem) = load_dealt(&store, 4).unwrap();
        assert_eq!(problem, None);
        assert_eq!(dealt.games["bison"], [31]);
        assert!(dealt.contains(PresetId::Bison, 31));
        assert!(!dealt.contains(PresetId::Brooklyn, 31));
        assert!(dealt.contains(PresetId::Club, 7));
    }

    #[test]
    fn the_oldest_deal_numbers_drop_off_past_the_limit() {
        let mut dealt = DealtDeals::default();
        for seed in 1..=(DEALT_LIMIT as u64 + 2) {
            dealt.add(PresetId::Brooklyn, seed);
        }
        let kept = &dealt.games["brooklyn"];
        assert_eq!(kept.len(), DEALT_LIMIT);
        assert_eq!(
            (kept[0], kept[DEALT_LIMIT - 1]),
            (3, DEALT_LIMIT as u64 + 2)
        );
    }

    #[test]
    fn an_unreadable_list_is_set_aside_and_a_newer_one_left_alone() {
        let store = MemoryStore::default();
        for text in [
            "{\"schema\":1,\"games\":{\"bison\":[1,",
            "{\"schema\":1,\"games\":{\"euchre\":[1]}}",
            "{\"schema\":1,\"games\":{\"bison\":[-4]}}",
        ] {
            store.set(DEALT_KEY, text).unwrap();
            let (dealt, problem) = load_dealt(&store, 9).unwrap();
            assert_eq!(dealt, DealtDeals::default());
            let problem = problem.expect("reported");
            assert_eq!(problem.key, DEALT_KEY);
            assert_eq!(store.get(DEALT_KEY).unwrap(), None, "{text}");
            assert!(store
                .keys()
                .unwrap()
                .iter()
                .any(|k| k.starts_with(QUARANTINE_PREFIX) && k.ends_with(DEALT_KEY)));
            // Recorded afresh after it.
            record_dealt(&store, PresetId::Bison, 5, 10).unwrap();
            assert!(load_dealt(&store, 11)
                .unwrap()
                .0
                .contains(PresetId::Bison, 5));
            store.remove(DEALT_KEY).unwrap();
        }
        let newer = "{\"schema\":99,\"games\":{},\"by_rules\":{}}";
        store.set(DEALT_KEY, newer).unwrap();
        let (dealt, problem) = load_dealt(&store, 12).unwrap();
        assert_eq!(dealt, DealtDeals::default());
        assert!(matches!(
            problem.unwrap().disposition,
            crate::storage::Disposition::LeftInPlace(_)
        ));
        assert_eq!(
            record_dealt(&store, PresetId::Bison, 5, 13),
            Err(SaveError::NewerVersion("deal numbers played"))
        );
        assert_eq!(store.get(DEALT_KEY).unwrap().as_deref(), Some(newer));
    }
}
