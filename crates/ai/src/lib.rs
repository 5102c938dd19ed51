//! Computer Pinochle players. Each decision is made from a seat's `PlayerView`
//! only (the `oracle` level, for measuring, sees every card).
//!
//! * [`solver`]: exact open-cards search of the trick-play phase;
//! * [`position_line`]: a position and its exact value as a line of text;
//! * [`line_bench`]: the solver timed over such lines with the caller's clock;
//! * [`knowledge`]: inferences from a view and consistent world sampling;
//! * [`pimc`]: Monte Carlo over sampled worlds with the solver;
//! * [`basic`]: rules of thumb for every decision;
//! * [`outlook`]: sampled playouts of a contract before trick play;
//! * [`expert`]: the expert's trump, concessions and challenges from them;
//! * [`call_values`]: what each call of the auction leads to, for the coach;
//! * [`coach`]: the expert's analysis of a decision (hints, bid advice) and
//!   claims proved by the solver;
//! * [`grading`]: grades of a player's decisions after the hand and the
//!   duplicate rating;
//! * [`player`]: the [`Player`] trait, the levels and [`by_name`].

pub mod basic;
pub mod call_values;
pub mod coach;
pub mod expert;
pub mod grading;
pub mod knowledge;
pub mod line_bench;
pub mod outlook;
pub mod pimc;
pub mod player;
pub mod position_line;
pub mod solver;

pub use player::{by_name, AiError, Bot, Level, Player, LEVELS};
