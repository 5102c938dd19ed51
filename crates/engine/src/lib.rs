//! Pinochle rules engine: cards, rule sets as data, meld, the game state machine,
//! per-seat observations and settlement. Pure Rust; builds for native and wasm32.

pub mod cards;
pub mod rules;

pub use cards::{Card, CardCounts, CardParseError, Rank, Suit};
pub use rules::{PresetId, Rules};
