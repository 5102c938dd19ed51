//! What an applied action did that a table shows: a trick taken (its cards,
//! winner and points), a hand ended (its public summary), the session over.
//! [`State::apply`](super::State::apply) returns them, so a front end never
//! predicts a trick's winner or compares states to notice a finished hand.

use serde::{Deserialize, Serialize};

use super::record::HandSummary;
use super::state::{PlayedCard, SessionResult};
use super::Seat;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    /// A trick was completed and taken.
    TrickTaken {
        /// The hand's number in the session.
        hand: u32,
        /// The trick's cards in play order.
        cards: Vec<PlayedCard>,
        winner: Seat,
        /// Card points in the trick, the last trick's bonus included.
        points: u32,
    },
    /// A hand ended: played out, conceded or thrown in (several at once when
    /// bunched redeals were thrown in after it).
    HandEnded(HandSummary),
    /// The session is over.
    SessionOver(SessionResult),
}
