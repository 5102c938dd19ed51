//! Random rule sets for `pinochle simulate --random-options`: a fresh, valid
//! option set per session drawn from the engine's option registry, so long runs
//! cover every option (the table variants included) under `--check`.
//!
//! Every option that applies is changed with probability one half, in registry
//! order, to a value drawn from its kind (or, for free-form text options, from a
//! list of values players use). A draw the engine refuses (a combination that
//! does not fit) leaves the rules as they were, so the result always validates.
//! The table size (`seats`) is kept: the bots are seated once.

use pinochle_engine::game::rng::Rng;
use pinochle_engine::options::{specs, OptionKind, OptionSpec};
use pinochle_engine::Rules;

/// Values players use for the free-form text options (the meld value tables are
/// left as the preset has them).
fn text_values(key: &str) -> &'static [&'static str] {
    match key {
        "bid_bands" => &["0:10", "0:1,61:5", "0:5,300:10"],
        "bid_raises" => &["any", "10,20", "10,20,50"],
        "escape" => &["off", "250"],
        "bidding_rounds" => &["off", "1", "2"],
        "redeal_nines" => &["off", "4", "5", "6"],
        "roundhouse" => &["off", "240,390", "240,350"],
        "double_royal" => &["off", "240,390"],
        "fixed_deals" => &["off", "3", "8"],
        "floor" => &["off", "-1000", "-300"],
        "lose_at" => &["off", "500", "1000"],
        "meld_minimum" => &["off", "20"],
        "surrender" => &["nothing", "meld", "meld+25", "play-out"],
        "bunching" => &["off", "seven-nines", "five-nines-no-aces,six-nines-one-ace"],
        "money" => &["off", "200,50"],
        _ => &[],
    }
}

/// A value for a whole-number option: an end of its range, the middle, or any.
fn number_value(spec: &OptionSpec, min: i64, max: i64, rng: &mut Rng) -> String {
    // Targets far above a game's scores would never end a session.
    if spec.key == "target" {
        return ["500", "1000", "1500", "2500"][rng.below(4)].to_string();
    }
    let span = (max - min).max(0) as usize + 1;
    match rng.below(4) {
        0 => min,
        1 => max,
        2 => min + (max - min) / 2,
        _ => min + rng.below(span) as i64,
    }
    .to_string()
}

/// One value drawn for an option under `rules`, or `None` to leave it.
fn draw_value(spec: &OptionSpec, rules: &Rules, rng: &mut Rng) -> Option<String> {
    match spec.kind_for(rules) {
        OptionKind::Bool => Some((rng.below(2) == 0).to_string()),
        OptionKind::Number { min, max } => Some(number_value(spec, min, max, rng)),
        OptionKind::Choice(words) => words.get(rng.below(words.len())).map(|w| w.to_string()),
        OptionKind::Text => {
            let values = text_values(spec.key);
            values
                .get(rng.below(values.len().max(1)))
                .map(|v| v.to_string())
        }
    }
}

/// `base` with a random valid option set drawn over it (same table size).
pub fn draw(base: &Rules, seed: u64) -> Rules {
    let mut rng = Rng::new(seed);
    let mut rules = base.clone();
    for spec in specs() {
        if spec.key == "seats" || !spec.applies(&rules) || rng.below(2) == 0 {
            continue;
        }
        if let Some(value) = draw_value(spec, &rules, &mut rng) {
            // Refused combinations change nothing (set_option is all or nothing).
            let _ = rules.set_option(spec.key, &value);
        }
    }
    rules
}

#[cfg(test)]
mod tests {
    use super::*;
    use pinochle_engine::PresetId;

    #[test]
    fn draws_are_valid_keep_the_table_and_cover_the_variants() {
        let mut seen: Vec<&str> = Vec::new();
        for preset in PresetId::ALL {
            let base = Rules::preset(preset);
            for seed in 0..200 {
                let rules = draw(&base, seed);
                rules.validate().unwrap();
                assert_eq!(rules.table.seats, base.table.seats);
                assert_eq!(rules.preset, preset);
                for (key, _) in rules.differences() {
                    if !seen.contains(&key) {
                        seen.push(key);
                    }
                }
            }
        }
        for key in std::iter::once("head_rule").chain(pinochle_engine::options::VARIANT_KEYS) {
            assert!(seen.contains(&key), "{key} never drawn");
        }
    }
}
