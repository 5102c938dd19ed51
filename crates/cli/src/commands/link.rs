//! `pinochle link`: rule-preset share links, with the same codec as the app.
//!
//! * `link --preset ID [--set KEY=VALUE]... [--seed N] [--name TEXT]` prints the
//!   link text (what the app puts after `#`), e.g. `v=2&game=bison&target=1000&check=dcad5f`.
//! * `link --decode LINK` prints the rules the link carries as JSON (the engine's
//!   `Rules` value). With `--full` it prints `{"rules": …, "name": …, "seed": …}`
//!   instead, `name` and `seed` being `null` when the link has none.
//!
//! A bad link exits with status 2 and the codec's message (`LinkError`).

use crate::args::{self, Opt, PRESET, SET};
use crate::common::load_rules;
use crate::error::CliError;
use crate::Output;
use pinochle_engine::link::{decode_link, encode_link, SharedRules, MAX_NAME_LEN};
use serde_json::json;

pub const USAGE: &str = "link --preset ID [--set KEY=VALUE]... [--seed N] [--name TEXT]\n       \
pinochle link --decode LINK [--full]";
pub const ABOUT: &str =
    "Print the share link (the text after `#` in the app's URL) for a rule set: \
the preset and only the options that differ from it. With --decode, read a link (bare text \
or a whole URL) and print its rules as JSON, or exit 2 naming what is wrong with it.";
pub const OPTS: &[Opt] = &[
    PRESET,
    SET,
    Opt::value(
        "seed",
        "N",
        "a deal seed, so two tables play the same deals",
    ),
    Opt::value(
        "name",
        "TEXT",
        "a name for the rule set (\"our Friday rules\")",
    ),
    Opt::value(
        "decode",
        "LINK",
        "read this link and print its rules as JSON",
    ),
    Opt::flag(
        "full",
        "with --decode: print {\"rules\", \"name\", \"seed\"} instead of the rules alone",
    ),
];

pub fn run(argv: &[String]) -> Result<Output, CliError> {
    let p = args::parse(argv, OPTS, None)?;
    if p.help {
        return Ok(Output::Text(args::help_text(USAGE, ABOUT, OPTS)));
    }
    match p.get("decode") {
        Some(link) => decode(&p, link),
        None => encode(&p),
    }
}

fn encode(p: &args::Parsed) -> Result<Output, CliError> {
    if p.flag("full") {
        return Err(CliError::usage("--full only goes with --decode"));
    }
    let (rules, _) = load_rules(p)?;
    let seed = p.number::<u64>("seed")?;
    let name = match p.get("name") {
        None => None,
        Some(text) => {
            let text = text.trim();
            if text.is_empty()
                || text.chars().count() > MAX_NAME_LEN
                || text.chars().any(char::is_control)
            {
                return Err(CliError::usage(format!(
                    "--name: give 1 to {MAX_NAME_LEN} characters without control characters"
                )));
            }
            Some(text.to_string())
        }
    };
    let link = encode_link(&SharedRules { rules, name, seed });
    Ok(Output::Text(link + "\n"))
}

fn decode(p: &args::Parsed, link: &str) -> Result<Output, CliError> {
    for other in ["preset", "seed", "name"] {
        if p.get(other).is_some() {
            return Err(CliError::usage(format!(
                "--{other} cannot be combined with --decode (the link carries it)"
            )));
        }
    }
    if !p.all("set").is_empty() {
        return Err(CliError::usage(
            "--set cannot be combined with --decode (the link carries the options)",
        ));
    }
    let shared = decode_link(link).map_err(|e| CliError::usage(format!("bad link: {e}")))?;
    let rules = serde_json::to_value(&shared.rules)
        .map_err(|e| CliError::internal(format!("cannot serialize the rules: {e}")))?;
    let value = if p.flag("full") {
        json!({ "rules": rules, "name": shared.name, "seed": shared.seed })
    } else {
        rules
    };
    Ok(Output::Json(value))
}
