//! `pinochle legal --preset ID [--set k=v]... --trump SUIT --hand CARDS --trick CARDS`:
//! the distinct cards a player may play to a trick.

use crate::args::{self, Opt, PRESET, SET};
use crate::common::{
    card_strings, check_deck, counts_of, load_rules, parse_card_list, parse_trump,
};
use crate::error::CliError;
use crate::Output;
use pinochle_engine::game::tricks::legal_cards;

pub const USAGE: &str =
    "legal --preset ID [--set KEY=VALUE]... --trump SUIT --hand \"CARDS\" [--trick \"CARDS\"]";
pub const ABOUT: &str = "Print the distinct legal cards of a hand as a JSON array, sorted like a \
hand. --trick lists the cards played to the trick so far, in order; empty or absent: the \
player leads. The preset's head rule applies (change it with --set head_rule=…).";
pub const OPTS: &[Opt] = &[
    PRESET,
    SET,
    Opt::value("trump", "SUIT", "the trump suit: S, H, D or C (required)"),
    Opt::value("hand", "CARDS", "the player's hand (required)"),
    Opt::value(
        "trick",
        "CARDS",
        "cards played to the trick so far, in order",
    ),
];

pub fn run(argv: &[String]) -> Result<Output, CliError> {
    let p = args::parse(argv, OPTS, None)?;
    if p.help {
        return Ok(Output::Text(args::help_text(USAGE, ABOUT, OPTS)));
    }
    let (rules, _) = load_rules(&p)?;
    let trump = parse_trump(p.require("trump")?)?;
    let hand = parse_card_list("--hand", p.require("hand")?)?;
    let trick = parse_card_list("--trick", p.get("trick").unwrap_or(""))?;
    if hand.is_empty() {
        return Err(CliError::usage("--hand: the hand is empty"));
    }
    let hand_size = rules.hand_size();
    if hand.len() > hand_size {
        return Err(CliError::usage(format!(
            "--hand: {} cards, but a hand holds at most {hand_size} in the play of {}",
            hand.len(),
            rules.preset.id()
        )));
    }
    let active = rules.table.active as usize;
    if trick.len() >= active {
        return Err(CliError::usage(format!(
            "--trick: {} cards already played, but a trick has only {active} cards in {}",
            trick.len(),
            rules.preset.id()
        )));
    }
    let hand_counts = counts_of(&hand);
    check_deck(&rules, &hand_counts, "--hand")?;
    check_deck(&rules, &counts_of(&trick), "--trick")?;
    let mut all = hand.clone();
    all.extend_from_slice(&trick);
    check_deck(&rules, &counts_of(&all), "--hand and --trick together")?;
    let legal = legal_cards(&hand_counts, &trick, Some(trump), rules.play.head);
    Ok(Output::Json(serde_json::json!(card_strings(&legal))))
}
