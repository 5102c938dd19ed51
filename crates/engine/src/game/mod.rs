//! The game state machine, OpenSpiel / boardgame.io style: a [`State`] holds a
//! whole session; [`State::current_player`] is the seat to decide,
//! [`State::legal_actions`] its sorted choices, [`State::apply`] performs one
//! (or refuses it with an [`IllegalAction`], leaving the state unchanged), and
//! [`State::observation`] is what one seat may know ([`PlayerView`]).
//!
//! Phases follow the rule set's data, not one code path per game: deal (packets
//! from the dealer's left, kitty after the first round; bunching redeals), passing
//! to the left, auction (with the 300-escape, a stuck or forced dealer, bidding
//! rounds), then the post-auction stages in order — dealer's decline, kitty
//! taken (exposed), duplicate widow, concession at the kitty, trump, partner
//! exchange, trump-marriage check, bury before meld, meld (automatic best meld, or
//! the club's shown subset), meld minimum, bury after meld, concession after meld,
//! the club's play/pass and challenges, tricks — and settlement. Each stage is
//! skipped when the rules do not call for it. Hands then follow one another
//! automatically until the session ends.

mod action;
pub mod bidding;
mod counts_serde;
mod event;
mod legal;
pub mod play;
mod record;
mod replay;
pub mod rng;
pub mod seating;
mod settle;
mod state;
pub mod tricks;
mod view;

pub use action::{format_meld_key, parse_meld_key, Action, IllegalAction, Phase};
pub use event::Event;
pub use record::{
    read_records, write_records, Amounts, Concession, DealRecord, GameEnd, HandRecord, HandSummary,
    Outcome, PassRecord, RecordError, TrickRecord,
};
pub use replay::{HandReplay, ReplayError, ReplayParts};
pub use seating::{active_seats, partner, same_side, side_key, Seat, MAX_SEATS};
pub use settle::SideTally;
pub use state::{
    Call, ConcessionKind, GameEndReason, HandEnd, HandPublic, HighHandHolder, Ledger, PassNotice,
    PlayedCard, PublicState, Scoreboard, SeatPrivate, SessionResult, SetupError, Standing, State,
    ThrowInReason, FORMAT_VERSION,
};
pub use view::PlayerView;
