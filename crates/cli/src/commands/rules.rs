//! `pinochle rules --preset ID [--set key=value]...`: the full rule set as JSON.

use crate::args::{self, Opt, PRESET, SET};
use crate::common::load_rules;
use crate::error::CliError;
use crate::Output;

pub const USAGE: &str = "rules --preset ID [--set KEY=VALUE]...";
pub const ABOUT: &str = "Print the full rule set (the engine's Rules value) as JSON.";
pub const OPTS: &[Opt] = &[PRESET, SET];

pub fn run(argv: &[String]) -> Result<Output, CliError> {
    let p = args::parse(argv, OPTS, None)?;
    if p.help {
        return Ok(Output::Text(args::help_text(USAGE, ABOUT, OPTS)));
    }
    let (rules, _) = load_rules(&p)?;
    let value = serde_json::to_value(&rules)
        .map_err(|e| CliError::internal(format!("cannot serialize the rules: {e}")))?;
    Ok(Output::Json(value))
}
