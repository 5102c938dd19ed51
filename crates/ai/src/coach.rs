//! The coach: the expert's analysis of one decision from one seat's view (the
//! hint and the bid advisor), and claims proved by the exact solver.
//!
//! The analysis is the expert's own computation with its numbers kept: the
//! recommended action is always what `Bot::new(Level::Expert, seed)` decides
//! for the same view and seed, and nothing here reads a card the seat cannot
//! see. A claim is different: it is the table's referee proving from the full
//! state that the rest of the hand cannot change the outcome.

use pinochle_engine::game::{Action, PlayerView, Seat, State};
use pinochle_engine::Suit;
use serde::{Deserialize, Serialize};

use crate::AiError;

/// What a hint shows: the expert's choice, the alternatives with their values
/// and why.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Analysis {
    /// The expert's decision for this view and seed.
    pub recommended: Action,
    /// The recommended action and the best alternatives, best first (the
    /// recommended one first), at most [`MAX_CHOICES`].
    pub choices: Vec<Choice>,
    /// The unit of every [`Choice::value`].
    pub unit: Unit,
    /// Why the recommended action, in one line built from what the analysis saw.
    pub reason: String,
    /// Deals sampled for the analysis (0 when it rests on the hand alone).
    pub worlds: u32,
    /// The bid advisor's figures (auction decisions only).
    pub advice: Option<BidAdvice>,
}

/// The most choices an analysis lists.
pub const MAX_CHOICES: usize = 5;

/// One action and what the analysis expects from it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Choice {
    pub action: Action,
    /// Expected value in the analysis' unit, for the seat's side (higher is
    /// better); `None` when the action was not evaluated numerically.
    pub value: Option<f64>,
    /// A short fact about this action (e.g. "wins the trick in 23 of 24 deals").
    pub note: String,
}

/// The unit of an analysis' values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Unit {
    /// The game's points (meld and card points).
    Points,
    /// Stake units of a ledger game (Brooklyn, club): what the seat wins or pays.
    Stakes,
}

/// The bid advisor: for each trump the seat could name, the meld it gives now
/// and what the seat's side scores in the sampled deals.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BidAdvice {
    pub trumps: Vec<TrumpOutlook>,
    /// The share of sampled deals a bid must be made in (the expert's confidence).
    pub confidence: f64,
    /// The value the expert bids to (what its own bid rests on).
    pub value: f64,
}

/// One trump in the bid advisor.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TrumpOutlook {
    pub trump: Suit,
    /// Meld in the seat's hand now with this trump.
    pub meld: u32,
    /// The side's score (meld and card points) in each sampled deal, sorted.
    pub scores: Vec<i32>,
    /// The highest bid reached in at least `confidence` of the deals.
    pub highest_bid: Option<u32>,
}

/// A proved claim: the side of `seats` cannot do worse than this outcome,
/// whatever the others play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Claim {
    /// The claiming side's seats.
    pub seats: Vec<Seat>,
    pub kind: ClaimKind,
    /// The rest of the hand as it would be played (the claiming side's proved
    /// line, the others' best replies): every remaining card, in order.
    pub line: Vec<Action>,
}

/// What a claim proves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ClaimKind {
    /// The side takes every remaining point (all the rest that can matter).
    AllTheRest,
    /// The contract is made (the declarer's side) or set (the defenders)
    /// whatever happens; only making it counts in this game.
    Contract,
}

/// The expert's analysis of the decision of `view.seat`, which must be to move.
pub fn analyse(view: &PlayerView, seed: u64) -> Result<Analysis, AiError> {
    let _ = (view, seed);
    Err(AiError::NoLegalAction)
}

/// A claim for the side of `seat` when the exact solver proves one from the
/// full state (trick play only), within `nodes` search nodes; `None` when
/// nothing is proved.
pub fn claim(state: &State, seat: Seat, nodes: u64) -> Option<Claim> {
    let _ = (state, seat, nodes);
    None
}
