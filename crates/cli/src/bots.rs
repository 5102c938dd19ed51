//! Computer players for the simulator, chosen by name (`--bots random,random,…`).
//!
//! A bot sees a [`Turn`]: its seat, the legal actions, and on demand its
//! [`PlayerView`] — never the full state. Real players from `pinochle-ai` plug in
//! by implementing [`Bot`] and adding a row to [`BOT_NAMES`] / [`make_bot`].

use crate::error::CliError;
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
    fn choose(&mut self, turn: &Turn<'_>) -> usize;
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

    fn choose(&mut self, turn: &Turn<'_>) -> usize {
        self.rng.below(turn.legal().len().max(1) as u64) as usize
    }
}

/// Always takes the first legal action (deterministic; useful for debugging).
pub struct FirstBot;

impl Bot for FirstBot {
    fn name(&self) -> &'static str {
        "first"
    }

    fn choose(&mut self, _turn: &Turn<'_>) -> usize {
        0
    }
}

/// The names `--bots` accepts.
pub const BOT_NAMES: &[&str] = &["random", "first"];

/// A bot by name; `seed` drives its randomness.
pub fn make_bot(name: &str, seed: u64) -> Result<Box<dyn Bot>, CliError> {
    match name.trim() {
        "random" => Ok(Box::new(RandomBot::new(seed))),
        "first" => Ok(Box::new(FirstBot)),
        other => Err(CliError::usage(format!(
            "--bots: unknown bot '{}' (expected one of {})",
            crate::error::shorten(other),
            BOT_NAMES.join(", ")
        ))),
    }
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
