//! Pinochle rules engine: cards, rule sets as data, meld, the game state machine,
//! per-seat observations and settlement. Pure Rust; builds for native and wasm32.

pub mod cards;
pub mod game;
pub mod link;
pub mod meld;
pub mod options;
pub mod rules;
pub mod sort;

pub use cards::{Card, CardCounts, CardParseError, Rank, Suit};
pub use meld::{
    best_meld, has_marriage, in_complete_meld, may_pass_nine, meld_options, meld_total,
    shown_subsets, used_cards, validate_shown, MeldClass, MeldError, MeldItem, MeldKey, MeldKind,
    MeldResult,
};
pub use rules::{PresetId, Rules};
