//! `pinochle meld --preset ID [--set k=v]... --trump SUIT CARD...`: the best meld
//! of a hand.

use crate::args::{self, Opt, PRESET, SET};
use crate::common::{
    card_strings, check_deck, counts_of, load_rules, max_holding, parse_card_list, parse_trump,
};
use crate::error::CliError;
use crate::Output;
use pinochle_engine::best_meld;
use serde_json::json;

pub const USAGE: &str = "meld --preset ID [--set KEY=VALUE]... --trump S|H|D|C CARD...";
pub const ABOUT: &str =
    "Print the best meld of a hand as JSON {total, melds: [{name, points, cards, \
kind, suit, copies}]}. Cards as in RULES.md: AH TH 10H T♥ QS JD …, given as separate \
arguments or in one quoted string.";
pub const OPTS: &[Opt] = &[
    PRESET,
    SET,
    Opt::value("trump", "SUIT", "the trump suit: S, H, D or C (required)"),
];

pub fn run(argv: &[String]) -> Result<Output, CliError> {
    let p = args::parse(argv, OPTS, Some("CARD"))?;
    if p.help {
        return Ok(Output::Text(args::help_text(USAGE, ABOUT, OPTS)));
    }
    let (rules, _) = load_rules(&p)?;
    let trump = parse_trump(p.require("trump")?)?;
    let cards = parse_card_list("hand", &p.positionals.join(" "))?;
    let max = max_holding(&rules);
    if cards.len() > max {
        return Err(CliError::usage(format!(
            "hand: {} cards, but a hand holds at most {max} in {}",
            cards.len(),
            rules.preset.id()
        )));
    }
    let counts = counts_of(&cards);
    check_deck(&rules, &counts, "hand")?;
    let result = best_meld(&rules, &counts, Some(trump));
    let melds: Vec<_> = result
        .melds
        .iter()
        .map(|m| {
            json!({
                "name": m.name,
                "points": m.points,
                "cards": card_strings(&m.cards),
                "kind": m.kind,
                "suit": m.suit,
                "copies": m.copies,
            })
        })
        .collect();
    Ok(Output::Json(json!({
        "total": result.total,
        "melds": melds,
        "trump": trump,
        "hand": card_strings(&counts.to_cards()),
    })))
}
