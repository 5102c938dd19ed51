//! Computer players for the simulator and the tournament, chosen by name
//! (`--bots expert,basic,…`).
//!
//! A bot sees a [`Turn`]: its seat, the legal actions, and on demand its
//! [`PlayerView`] — never the full state. The `pinochle-ai` levels (`basic`,
//! `standard`, `expert`, `oracle`) play through [`AiBot`], which lives here so it
//! can hand the state to the `oracle` (the only level that looks past the view).

use crate::error::CliError;
use pinochle_ai::{Level, Player};
use pinochle_engine::game::rng::Rng;
use pinochle_engine::game::{Action, PlayerView, Seat, State};

/// One decision to make.
pub struct Turn<'a> {
    state: &'a State,
    seat: Seat,
    legal: &'a [Action],
}

impl<'a> Turn<'a> {
    pub fn new(state: &'a State, seat: Seat, legal: &'a [Action]) -> Turn<'a> {
        Turn { state, seat, legal }
    }

    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// The legal actions, sorted and non-empty.
    pub fn legal(&self) -> &[Action] {
        self.legal
    }

    /// What this seat may know (built on demand: it clones the public state).
    pub fn view(&self) -> PlayerView {
        self.state.observation(self.seat)
    }
}

/// A computer player.
pub trait Bot {
    fn name(&self) -> &'static str;
    /// The index in `turn.legal()` of the action to take.
    fn choose(&mut self, turn: &Turn<'_>) -> Result<usize, CliError>;
}

/// Picks uniformly among the legal actions with its own seeded generator.
pub struct RandomBot {
    rng: Rng,
}

impl RandomBot {
    pub fn new(seed: u64) -> RandomBot {
        RandomBot {
            rng: Rng::new(seed),
        }
    }
}

impl Bot for RandomBot {
    fn name(&self) -> &'static str {
        "random"
    }

    fn choose(&mut self, turn: &Turn<'_>) -> Result<usize, CliError> {
        Ok(self.rng.below(turn.legal().len()))
    }
}

/// Always takes the first legal action (deterministic; useful for debugging).
pub struct FirstBot;

impl Bot for FirstBot {
    fn name(&self) -> &'static str {
        "first"
    }

    fn choose(&mut self, _turn: &Turn<'_>) -> Result<usize, CliError> {
        Ok(0)
    }
}

/// A `pinochle-ai` player. Every level but `oracle` decides from the seat's view.
pub struct AiBot {
    player: Box<dyn Player>,
}

impl Bot for AiBot {
    fn name(&self) -> &'static str {
        self.player.name()
    }

    fn choose(&mut self, turn: &Turn<'_>) -> Result<usize, CliError> {
        let action = self.player.decide_in(turn.state, turn.seat).map_err(|e| {
            CliError::internal(format!("{} bot, seat {}: {e}", self.name(), turn.seat))
        })?;
        turn.legal.iter().position(|a| *a == action).ok_or_else(|| {
            CliError::internal(format!(
                "{} bot chose '{action}', which is not legal for seat {}",
                self.name(),
                turn.seat
            ))
        })
    }
}

/// The decision of the bot in `seat`: the chooser [`play_session`] takes.
///
/// [`play_session`]: pinochle_engine::game::play::play_session
pub fn choose(
    bots: &mut [Box<dyn Bot>],
    state: &State,
    seat: Seat,
    legal: &[Action],
) -> Result<Action, CliError> {
    let bot = bots
        .get_mut(seat)
        .ok_or_else(|| CliError::internal(format!("engine: seat {seat} is not at the table")))?;
    let index = bot.choose(&Turn::new(state, seat, legal))?;
    Ok(legal[index.min(legal.len() - 1)].clone())
}

/// The names `--bots` accepts.
pub const BOT_NAMES: &[&str] = &["random", "first", "basic", "standard", "expert", "oracle"];

/// A bot by name; `seed` drives its randomness. A computer level plays
/// against players of its own level.
pub fn make_bot(name: &str, seed: u64) -> Result<Box<dyn Bot>, CliError> {
    make_bot_against(name, seed, name)
}

/// [`make_bot`] against players of the bot named `opponents`: a computer
/// level forecasts their decisions (the club's challenges) as
/// [`level_of`] that name makes them.
pub fn make_bot_against(name: &str, seed: u64, opponents: &str) -> Result<Box<dyn Bot>, CliError> {
    match name.trim() {
        "random" => Ok(Box::new(RandomBot::new(seed))),
        "first" => Ok(Box::new(FirstBot)),
        other => match Level::from_name(other) {
            Some(level) => Ok(Box::new(AiBot {
                player: Box::new(pinochle_ai::Bot::new(level, seed).against(level_of(opponents))),
            })),
            None => Err(CliError::usage(format!(
                "--bots: unknown bot '{}' (expected one of {})",
                crate::error::shorten(other),
                BOT_NAMES.join(", ")
            ))),
        },
    }
}

/// The level a bot named `name` decides as, for players forecasting it: a
/// computer level its own, `random` and `first` the basic level's.
pub fn level_of(name: &str) -> Level {
    Level::from_name(name.trim()).unwrap_or(Level::Basic)
}

/// Mixes a seed with a stream number (SplitMix64 finaliser), so sessions and seats
/// get independent, reproducible generators.
pub fn mix_seed(seed: u64, stream: u64) -> u64 {
    let mut z = seed
        .wrapping_add(stream.wrapping_mul(0x9E37_79B9_7F4A_7C15))
        .wrapping_add(0xD1B5_4A32_D192_ED03);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
