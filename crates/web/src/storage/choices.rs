//! The player's own choices for a new game — the name, the computer players'
//! level, the pace, the four-colour deck, the bid advisor and auto-play —
//! remembered on this device from the last game started, so that the
//! new-game form opens with them after a reload or on another day. Kept
//! under their own key ([`CHOICES_KEY`], list schema 1); the game itself
//! (its rules, deal number and seats) is not among them.

use pinochle_ai::Level;
use serde::{Deserialize, Serialize};

use super::format::LIST_SCHEMA;
use super::{read_document, write_document, KeyValueStore, Problem, SaveError, StoreError};
use crate::controller::{Pace, Settings};

pub const CHOICES_KEY: &str = "pinochle/choices";
/// The longest name the form takes.
pub const MAX_NAME_CHARS: usize = 24;

/// What the new-game form opens with.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Choices {
    pub schema: u32,
    /// The player's name (empty: "You").
    pub name: String,
    pub level: Level,
    pub pace: Pace,
    pub four_color: bool,
    pub bid_advisor: bool,
    pub auto_play: bool,
}

impl Choices {
    /// The choices made in `settings`.
    pub fn of(settings: &Settings) -> Choices {
        Choices {
            schema: LIST_SCHEMA,
            name: settings.name.clone(),
            level: settings.level,
            pace: settings.pace,
            four_color: settings.four_color,
            bid_advisor: settings.bid_advisor,
            auto_play: settings.auto_play,
        }
    }

    /// `base` (the game and its rules) with these choices.
    pub fn applied_to(&self, base: Settings) -> Settings {
        Settings {
            name: self.name.clone(),
            level: self.level,
            pace: self.pace,
            four_color: self.four_color,
            bid_advisor: self.bid_advisor,
            auto_play: self.auto_play,
            ..base
        }
    }

    /// What cannot be the form's own choices: a level a player cannot pick,
    /// or a name the form would not take.
    fn fault(&self) -> Option<String> {
        if !Level::PLAYABLE.contains(&self.level) {
            Some(format!(
                "the level '{}' is not one to play against",
                self.level.name()
            ))
        } else if self.name.chars().count() > MAX_NAME_CHARS
            || self.name.chars().any(char::is_control)
        {
            Some(format!(
                "the name is not 0 to {MAX_NAME_CHARS} characters of text"
            ))
        } else {
            None
        }
    }
}

/// Reads the remembered choices (none yet: `None`); unreadable ones are set
/// aside (reported) and the form opens with its defaults.
pub fn load_choices(
    store: &dyn KeyValueStore,
    now_ms: u64,
) -> Result<(Option<Choices>, Option<Problem>), StoreError> {
    read_document(store, CHOICES_KEY, now_ms, Choices::fault)
}

/// Remembers the choices (never over a newer version's).
pub fn save_choices(store: &dyn KeyValueStore, choices: &Choices) -> Result<(), SaveError> {
    write_document(store, CHOICES_KEY, "choices for a new game", choices)
}
