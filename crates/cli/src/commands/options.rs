//! `pinochle options --preset ID [--set key=value]...`: the rule options that apply
//! to a rule set, with their current values.

use crate::args::{self, Opt, PRESET, SET};
use crate::common::load_rules;
use crate::error::CliError;
use crate::Output;
use pinochle_engine::options::{specs, OptionKind};
use serde_json::{json, Value};

pub const USAGE: &str = "options --preset ID [--set KEY=VALUE]... [--all]";
pub const ABOUT: &str =
    "List the rule options (key, group, label, help, kind, syntax, current value) that \
apply to the rule set, as a JSON array. Values are what `--set KEY=VALUE` accepts; \
\"syntax\" says how a text option's value is written (null for the others); a \
number's range is the one that holds for this rule set (Brooklyn seats up to 4, or 5 \
with the pot game). \"inert\" says why an accepted option cannot take effect under the \
others (null when it can).";
pub const OPTS: &[Opt] = &[
    PRESET,
    SET,
    Opt::flag(
        "all",
        "also list options that do not apply (with \"applies\": false)",
    ),
];

pub fn run(argv: &[String]) -> Result<Output, CliError> {
    let p = args::parse(argv, OPTS, None)?;
    if p.help {
        return Ok(Output::Text(args::help_text(USAGE, ABOUT, OPTS)));
    }
    let (rules, _) = load_rules(&p)?;
    let base = pinochle_engine::Rules::preset(rules.preset);
    let all = p.flag("all");
    let list: Vec<Value> = specs()
        .iter()
        .filter_map(|s| {
            let applies = s.applies(&rules);
            if !applies && !all {
                return None;
            }
            let value = applies.then(|| s.get(&rules));
            let default = s.applies(&base).then(|| s.get(&base));
            Some(json!({
                "key": s.key,
                "group": s.group,
                "label": s.label,
                "help": s.help,
                "syntax": s.syntax,
                "kind": kind_json(s.kind_for(&rules)),
                "inert": applies.then(|| s.inert_reason(&rules)).flatten(),
                "applies": applies,
                "value": value,
                "default": default,
            }))
        })
        .collect();
    Ok(Output::Json(Value::Array(list)))
}

fn kind_json(kind: OptionKind) -> Value {
    match kind {
        OptionKind::Bool => json!({"type": "bool"}),
        OptionKind::Number { min, max } => json!({"type": "number", "min": min, "max": max}),
        OptionKind::Choice(words) => json!({"type": "choice", "choices": words}),
        OptionKind::Text => json!({"type": "text"}),
    }
}
