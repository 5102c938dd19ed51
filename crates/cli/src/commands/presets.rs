//! `pinochle presets`: the built-in games.

use crate::args::{self, Opt};
use crate::error::CliError;
use crate::Output;
use pinochle_engine::{PresetId, Rules};
use serde_json::json;

pub const USAGE: &str = "presets";
pub const ABOUT: &str =
    "List the built-in games as a JSON array of {id, name, players, description}.";
pub const OPTS: &[Opt] = &[];

pub fn run(argv: &[String]) -> Result<Output, CliError> {
    let p = args::parse(argv, OPTS, None)?;
    if p.help {
        return Ok(Output::Text(args::help_text(USAGE, ABOUT, OPTS)));
    }
    let list: Vec<_> = PresetId::ALL
        .into_iter()
        .map(|id| {
            let rules = Rules::preset(id);
            let seats = table_sizes(&rules);
            json!({
                "id": id.id(),
                "name": id.name(),
                "players": players_text(&seats),
                "description": id.description(),
                "seats": seats,
                "active": rules.table.active,
                "partnerships": rules.table.partnerships,
                "deck": rules.deck.size(),
            })
        })
        .collect();
    Ok(Output::Json(serde_json::Value::Array(list)))
}

/// Every table size the rule set accepts with its other options as they are: its
/// own, and each value of the `seats` option the option registry allows for it.
pub fn table_sizes(rules: &Rules) -> Vec<u8> {
    let mut sizes = vec![rules.table.seats];
    for n in 3..=5u8 {
        let mut r = rules.clone();
        if r.set_option("seats", &n.to_string()).is_ok() && !sizes.contains(&n) {
            sizes.push(n);
        }
    }
    sizes.sort_unstable();
    sizes
}

/// "3", "3-4", "3-5", or a comma list when not contiguous.
pub fn players_text(sizes: &[u8]) -> String {
    match sizes {
        [] => String::new(),
        [one] => one.to_string(),
        [first, .., last] if (*last - *first) as usize + 1 == sizes.len() => {
            format!("{first}-{last}")
        }
        _ => sizes
            .iter()
            .map(u8::to_string)
            .collect::<Vec<_>>()
            .join(","),
    }
}
