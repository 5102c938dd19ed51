//! Friendly inputs for the rule options the engine writes as text (bid steps,
//! meld values, a roundhouse, a number or off…): each option's engine string is
//! read into the values of labelled fields ([`TextForm`]), and an edit of one
//! field composes the string again ([`edit`]), which the editor hands to
//! `Rules::set_option`. The engine's string stays the one source of truth (share
//! links, `pinochle options`). Also the plain summary of a rule set's changes
//! from its preset ([`summary`]) that a shared link opens with.

use pinochle_engine::options::{spec, OptionKind, OptionSpec};
use pinochle_engine::Rules;

/// Names of a meld's value fields, by the number of copies.
pub const COPY_NAMES: [&str; 4] = ["single", "double", "triple", "quadruple"];

/// The bunching patterns, in the engine's order, with what they mean.
pub const PATTERNS: [(&str, &str); 5] = [
    ("five-nines-only-dix", "five nines and no meld but a dix"),
    ("six-nines-no-meld", "six nines and no meld"),
    ("seven-nines", "seven nines"),
    ("five-nines-no-aces", "five nines and no ace"),
    ("six-nines-one-ace", "six nines and one ace"),
];

/// What the surrendering bidders' opponents score: the engine's word, the words
/// the editor shows.
pub const AWARDS: [(&str, &str); 4] = [
    ("nothing", "nothing"),
    ("meld", "their meld"),
    ("meld+", "their meld and a bonus"),
    ("play-out", "what they take playing it out"),
];

/// An option that is off or on with labelled values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Switched {
    /// The switch's label, e.g. "Score a roundhouse".
    pub switch: &'static str,
    /// The labels of the value fields.
    pub fields: &'static [&'static str],
    /// How many leading fields must be filled; the others may stay empty.
    pub required: usize,
}

/// How a text option is entered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Layout {
    /// Bid steps: rows "from `n` bids go up by `m`".
    Steps,
    /// Allowed raises: "any raise", or a list of amounts.
    Raises,
    /// A meld's value for one, two, … copies.
    Copies(usize),
    Switched(Switched),
    /// Surrender: a choice of award and the bonus of "meld and a bonus".
    Surrender,
    /// Bunching: a switch for each pattern.
    Patterns,
}

const fn switched(
    switch: &'static str,
    fields: &'static [&'static str],
    required: usize,
) -> Layout {
    Layout::Switched(Switched {
        switch,
        fields,
        required,
    })
}

/// The layout of a text option under `rules`; `None` for other kinds.
pub fn layout(spec: &OptionSpec, rules: &Rules) -> Option<Layout> {
    if spec.kind != OptionKind::Text {
        return None;
    }
    Some(match spec.key {
        "bid_bands" => Layout::Steps,
        "bid_raises" => Layout::Raises,
        "escape" => switched("Allow the escape", &["down to the bid"], 1),
        "bidding_rounds" => switched("Limit the rounds", &["rounds"], 1),
        "redeal_nines" => switched("Allow a redeal", &["nines or more"], 1),
        "roundhouse" => switched("Score a roundhouse", &["worth", "with a run", "doubled"], 2),
        "double_royal" => switched("Score a double royal", &["worth", "with a run"], 2),
        "fixed_deals" => switched("Play a fixed number", &["deals"], 1),
        "floor" => switched("End at a floor", &["below"], 1),
        "lose_at" => switched("End at a minus score", &["at minus"], 1),
        "meld_minimum" => switched("Require a minimum", &["points"], 1),
        "money" => switched(
            "Play for money",
            &["game stake in cents", "set stake in cents"],
            2,
        ),
        "surrender" => Layout::Surrender,
        "bunching" => Layout::Patterns,
        key if key.starts_with("meld.") => Layout::Copies(usize::from(rules.deck.copies())),
        _ => return None,
    })
}

/// The values of a text option's fields.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TextForm {
    /// Bid steps: (from, step) rows.
    Steps(Vec<(String, String)>),
    /// Allowed raises: none listed means any raise.
    Raises(Vec<String>),
    /// A meld's value for each number of copies; empty extends the single value.
    Copies(Vec<String>),
    /// Off (`None`) or on with the field values.
    Switched(Option<Vec<String>>),
    /// The award's word (see [`AWARDS`]) and the bonus of "meld+".
    Surrender(String, String),
    /// The bunching patterns chosen.
    Patterns(Vec<String>),
}

/// An edit of one text option's fields.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Edit {
    /// The switch of a switched option, or "any raise".
    Switch(bool),
    /// A field's new text: for bid steps row `2 × i` is the "from" of row i and
    /// `2 × i + 1` its step.
    Field(usize, String),
    /// A new row of bid steps or a new raise.
    AddRow,
    RemoveRow(usize),
    /// The surrender award's word.
    Award(String),
    /// A bunching pattern on or off.
    Pattern(String, bool),
}

fn list(value: &str) -> Vec<String> {
    value.split(',').map(|p| p.trim().to_string()).collect()
}

fn padded(mut values: Vec<String>, len: usize) -> Vec<String> {
    if values.len() < len {
        values.resize(len, String::new());
    }
    values
}

impl TextForm {
    /// Reads the engine's string `value` of an option of this layout.
    pub fn read(layout: Layout, value: &str) -> TextForm {
        match layout {
            Layout::Steps => TextForm::Steps(
                value
                    .split(',')
                    .map(|part| match part.split_once(':') {
                        Some((from, step)) => (from.trim().to_string(), step.trim().to_string()),
                        None => (part.trim().to_string(), String::new()),
                    })
                    .collect(),
            ),
            Layout::Raises if value == "any" => TextForm::Raises(Vec::new()),
            Layout::Raises => TextForm::Raises(list(value)),
            Layout::Copies(count) => TextForm::Copies(padded(list(value), count)),
            Layout::Switched(_) if value == "off" => TextForm::Switched(None),
            Layout::Switched(s) => TextForm::Switched(Some(padded(list(value), s.fields.len()))),
            Layout::Surrender => match value.strip_prefix("meld+") {
                Some(bonus) => TextForm::Surrender("meld+".into(), bonus.to_string()),
                None => TextForm::Surrender(value.to_string(), String::new()),
            },
            Layout::Patterns if value == "off" => TextForm::Patterns(Vec::new()),
            Layout::Patterns => TextForm::Patterns(list(value)),
        }
    }

    /// The engine's string for these values.
    pub fn text(&self, layout: Layout) -> String {
        match self {
            TextForm::Steps(rows) => rows
                .iter()
                .map(|(from, step)| format!("{}:{}", from.trim(), step.trim()))
                .collect::<Vec<_>>()
                .join(","),
            TextForm::Raises(amounts) if amounts.is_empty() => "any".into(),
            TextForm::Raises(amounts) => amounts
                .iter()
                .map(|a| a.trim())
                .filter(|a| !a.is_empty())
                .collect::<Vec<_>>()
                .join(","),
            TextForm::Copies(values) => copies_text(values),
            TextForm::Switched(None) => "off".into(),
            TextForm::Switched(Some(values)) => {
                let required = match layout {
                    Layout::Switched(s) => s.required,
                    _ => values.len(),
                };
                let mut values: Vec<&str> = values.iter().map(|v| v.trim()).collect();
                while values.len() > required && values.last().is_some_and(|v| v.is_empty()) {
                    values.pop();
                }
                values.join(",")
            }
            TextForm::Surrender(award, bonus) if award == "meld+" => {
                format!("meld+{}", bonus.trim())
            }
            TextForm::Surrender(award, _) => award.clone(),
            TextForm::Patterns(chosen) if chosen.is_empty() => "off".into(),
            TextForm::Patterns(chosen) => PATTERNS
                .iter()
                .map(|(name, _)| *name)
                .filter(|name| chosen.iter().any(|c| c == name))
                .collect::<Vec<_>>()
                .join(","),
        }
    }
}

/// The single value times the number of copies: what an empty field means.
pub fn extended_value(values: &[String], copies: usize) -> Option<u32> {
    let single: u32 = values.first()?.trim().parse().ok()?;
    single.checked_mul(u32::try_from(copies).ok()?)
}

/// A meld's values up to the last one filled in, an empty one before it taking
/// its extended value (the engine fills in only the missing tail).
fn copies_text(values: &[String]) -> String {
    let filled = values
        .iter()
        .rposition(|v| !v.trim().is_empty())
        .map_or(0, |i| i + 1);
    (0..filled)
        .map(|i| match values[i].trim() {
            "" if i > 0 => {
                extended_value(values, i + 1).map_or_else(String::new, |v| v.to_string())
            }
            v => v.to_string(),
        })
        .collect::<Vec<_>>()
        .join(",")
}

/// The value an option takes when its switch is turned on: the preset's own when
/// the preset has it on, else a usual one.
fn switched_on(key: &str, rules: &Rules) -> String {
    let preset = Rules::preset(rules.preset);
    if let Some(spec) = spec(key).filter(|s| s.applies(&preset)) {
        let value = spec.get(&preset);
        if value != "off" {
            return value;
        }
    }
    let single = rules.deck.has_nines();
    match key {
        "escape" => rules.auction.min_bid.saturating_sub(50).max(1).to_string(),
        "bidding_rounds" => "1".into(),
        "redeal_nines" => "5".into(),
        "roundhouse" if single => "240,390".into(),
        "roundhouse" => "24,39,240".into(),
        "double_royal" if single => "240,390".into(),
        "double_royal" => "24,39".into(),
        "fixed_deals" => "10".into(),
        "floor" => "-500".into(),
        "lose_at" => "500".into(),
        "meld_minimum" => "20".into(),
        "money" => "100,25".into(),
        _ => "off".into(),
    }
}

/// Raises that fit every bid step: the distinct steps.
fn fitting_raises(rules: &Rules) -> Vec<String> {
    let mut steps: Vec<u32> = rules.auction.bands.iter().map(|b| b.step).collect();
    pinochle_engine::sort::sort(&mut steps);
    steps.dedup();
    steps.iter().map(u32::to_string).collect()
}

/// The engine's string after `edit` of the text option `spec` (of `layout`) under
/// `rules`.
pub fn edit(spec: &OptionSpec, layout: Layout, rules: &Rules, edit: Edit) -> String {
    let mut form = TextForm::read(layout, &spec.get(rules));
    match (&mut form, edit) {
        (TextForm::Switched(_), Edit::Switch(true)) => return switched_on(spec.key, rules),
        (TextForm::Switched(values), Edit::Switch(false)) => *values = None,
        (TextForm::Raises(amounts), Edit::Switch(any)) => {
            *amounts = if any {
                Vec::new()
            } else {
                fitting_raises(rules)
            }
        }
        (TextForm::Steps(rows), Edit::Field(i, text)) => {
            if let Some(row) = rows.get_mut(i / 2) {
                *(if i % 2 == 0 { &mut row.0 } else { &mut row.1 }) = text;
            }
        }
        (
            TextForm::Raises(values) | TextForm::Copies(values) | TextForm::Switched(Some(values)),
            Edit::Field(i, text),
        ) => {
            if let Some(v) = values.get_mut(i) {
                *v = text;
            }
        }
        (TextForm::Surrender(_, bonus), Edit::Field(_, text)) => *bonus = text,
        (TextForm::Steps(rows), Edit::AddRow) => {
            let (from, step) = rows
                .last()
                .map(|(f, s)| (f.parse::<u32>().unwrap_or(0) + 100, s.clone()))
                .unwrap_or((0, "10".into()));
            rows.push((from.to_string(), step));
        }
        (TextForm::Raises(amounts), Edit::AddRow) => {
            let first: u32 = amounts.first().and_then(|a| a.parse().ok()).unwrap_or(10);
            let last: u32 = amounts.last().and_then(|a| a.parse().ok()).unwrap_or(0);
            amounts.push((last + first).to_string());
        }
        (TextForm::Steps(rows), Edit::RemoveRow(i)) if i < rows.len() => {
            rows.remove(i);
        }
        (TextForm::Raises(amounts), Edit::RemoveRow(i)) if i < amounts.len() => {
            amounts.remove(i);
        }
        (TextForm::Surrender(award, bonus), Edit::Award(word)) => {
            if word == "meld+" && bonus.trim().is_empty() {
                *bonus = "25".into();
            }
            *award = word;
        }
        (TextForm::Patterns(chosen), Edit::Pattern(name, on)) => {
            chosen.retain(|c| *c != name);
            if on {
                chosen.push(name);
            }
        }
        _ => {}
    }
    form.text(layout)
}

/// An option's current value in words, e.g. "by 10 from 0, by 50 from 500".
pub fn plain_value(spec: &OptionSpec, rules: &Rules) -> String {
    let value = spec.get(rules);
    let Some(layout) = layout(spec, rules) else {
        return match (spec.kind, value.as_str()) {
            (OptionKind::Bool, "true") => "yes".into(),
            (OptionKind::Bool, _) => "no".into(),
            _ => value.replace('-', " "),
        };
    };
    let joined = |parts: Vec<String>| parts.join(", ");
    match (TextForm::read(layout, &value), layout) {
        (TextForm::Steps(rows), _) => joined(
            rows.into_iter()
                .map(|(from, step)| format!("by {step} from {from}"))
                .collect(),
        ),
        (TextForm::Raises(amounts), _) if amounts.is_empty() => "any raise".into(),
        (TextForm::Raises(amounts), _) => format!("by {}", amounts.join(" or ")),
        (TextForm::Copies(values), _) => joined(
            values
                .iter()
                .zip(COPY_NAMES)
                .filter(|(v, _)| !v.is_empty())
                .map(|(v, name)| format!("{name} {v}"))
                .collect(),
        ),
        (TextForm::Switched(None), _) => "off".into(),
        (TextForm::Switched(Some(values)), Layout::Switched(s)) if s.fields.len() == 1 => {
            values.concat()
        }
        (TextForm::Switched(Some(values)), Layout::Switched(s)) => joined(
            values
                .iter()
                .zip(s.fields)
                .filter(|(v, _)| !v.is_empty())
                .map(|(v, label)| format!("{label} {v}"))
                .collect(),
        ),
        (TextForm::Surrender(award, bonus), _) if award == "meld+" => {
            format!("their meld plus {bonus}")
        }
        (TextForm::Surrender(award, _), _) => AWARDS
            .iter()
            .find(|(word, _)| *word == award)
            .map_or(award, |(_, words)| words.to_string()),
        (TextForm::Patterns(chosen), _) if chosen.is_empty() => "off".into(),
        (TextForm::Patterns(chosen), _) => joined(
            PATTERNS
                .iter()
                .filter(|(name, _)| chosen.iter().any(|c| c == name))
                .map(|(_, words)| words.to_string())
                .collect(),
        ),
        (TextForm::Switched(Some(values)), _) => values.join(", "),
    }
}

/// A rule set in plain words: "Bison Auction Pinochle, with these changes:" and
/// one line per option that differs from the preset ("Game target: 1000").
pub fn summary(rules: &Rules) -> (String, Vec<String>) {
    let changes: Vec<String> = rules
        .differences()
        .into_iter()
        .filter_map(|(key, _)| spec(key))
        .map(|spec| format!("{}: {}", spec.label, plain_value(spec, rules)))
        .collect();
    let name = rules.preset.name();
    let heading = if changes.is_empty() {
        format!("{name}, with its standard rules.")
    } else {
        format!("{name}, with these changes:")
    };
    (heading, changes)
}

#[cfg(test)]
mod tests {
    use super::*;
    use pinochle_engine::options::specs;
    use pinochle_engine::PresetId;

    /// Every preset, and each with the switched options on and a few text
    /// values changed.
    fn rule_sets() -> Vec<Rules> {
        let mut sets = Vec::new();
        for preset in PresetId::ALL {
            let rules = Rules::preset(preset);
            let mut varied = rules.clone();
            for spec in specs().iter().filter(|s| s.applies(&rules)) {
                if let Some(layout) = layout(spec, &rules) {
                    for e in [Edit::Switch(true), Edit::Award("meld+".into())] {
                        let _ = varied.set_option(spec.key, &edit(spec, layout, &varied, e));
                    }
                }
            }
            for (key, value) in [
                ("bid_bands", "0:10,500:50"),
                ("bid_raises", "10,20"),
                ("bunching", "seven-nines,six-nines-no-meld"),
                ("meld.run", "150"),
            ] {
                let _ = varied.set_option(key, value);
            }
            assert_ne!(
                spec("roundhouse").unwrap().get(&varied),
                "off",
                "{preset:?}"
            );
            sets.push(rules);
            sets.push(varied);
        }
        sets
    }

    #[test]
    fn every_text_option_has_a_layout_and_reads_back_its_string() {
        for rules in rule_sets() {
            for spec in specs().iter().filter(|s| s.applies(&rules)) {
                let value = spec.get(&rules);
                match layout(spec, &rules) {
                    Some(layout) => assert_eq!(
                        TextForm::read(layout, &value).text(layout),
                        value,
                        "{:?} {}",
                        rules.preset,
                        spec.key
                    ),
                    None => assert_ne!(spec.kind, OptionKind::Text, "{}", spec.key),
                }
            }
        }
    }

    #[test]
    fn switching_an_option_on_gives_a_value_the_engine_accepts() {
        for preset in PresetId::ALL {
            let rules = Rules::preset(preset);
            for spec in specs().iter().filter(|s| s.applies(&rules)) {
                let Some(layout) = layout(spec, &rules) else {
                    continue;
                };
                for e in [Edit::Switch(true), Edit::Switch(false), Edit::AddRow] {
                    let text = edit(spec, layout, &rules, e.clone());
                    let mut next = rules.clone();
                    next.set_option(spec.key, &text).unwrap_or_else(|err| {
                        panic!("{preset:?} {} {e:?} → {text}: {err}", spec.key)
                    });
                }
            }
        }
    }

    #[test]
    fn field_edits_compose_the_engine_string() {
        let rules = Rules::preset(PresetId::DoubleDeck);
        let bands = spec("bid_bands").unwrap();
        let steps = layout(bands, &rules).unwrap();
        assert_eq!(steps, Layout::Steps);
        assert_eq!(
            edit(bands, steps, &rules, Edit::Field(3, "10".into())),
            "0:1,61:10"
        );
        assert_eq!(
            edit(bands, steps, &rules, Edit::Field(2, "100".into())),
            "0:1,100:5"
        );
        assert_eq!(edit(bands, steps, &rules, Edit::AddRow), "0:1,61:5,161:5");
        assert_eq!(edit(bands, steps, &rules, Edit::RemoveRow(1)), "0:1");

        let run = spec("meld.run").unwrap();
        let copies = layout(run, &rules).unwrap();
        assert_eq!(copies, Layout::Copies(4));
        assert_eq!(
            edit(run, copies, &rules, Edit::Field(1, "200".into())),
            "15,200,225,300"
        );
        // Emptied: the tail extends the single value; a gap takes its extension.
        assert_eq!(
            edit(run, copies, &rules, Edit::Field(3, String::new())),
            "15,150,225"
        );
        let gap = TextForm::Copies(vec![
            "15".into(),
            String::new(),
            "225".into(),
            String::new(),
        ]);
        assert_eq!(gap.text(copies), "15,30,225");

        let roundhouse = spec("roundhouse").unwrap();
        let switched = layout(roundhouse, &rules).unwrap();
        assert_eq!(
            edit(roundhouse, switched, &rules, Edit::Switch(true)),
            "24,39,240"
        );
        let on = rules
            .clone()
            .with_settings(&["roundhouse=24,39,240"])
            .unwrap();
        assert_eq!(
            edit(roundhouse, switched, &on, Edit::Field(2, String::new())),
            "24,39"
        );
        assert_eq!(edit(roundhouse, switched, &on, Edit::Switch(false)), "off");

        let raises = spec("bid_raises").unwrap();
        let any = layout(raises, &rules).unwrap();
        assert_eq!(edit(raises, any, &rules, Edit::Switch(false)), "1,5");
        let partnership = Rules::preset(PresetId::Partnership);
        assert_eq!(edit(raises, any, &partnership, Edit::AddRow), "10,20,30");
        assert_eq!(edit(raises, any, &partnership, Edit::Switch(true)), "any");

        let surrender = spec("surrender").unwrap();
        let award = layout(surrender, &rules).unwrap();
        assert_eq!(
            edit(surrender, award, &rules, Edit::Award("meld+".into())),
            "meld+25"
        );
        assert_eq!(
            edit(surrender, award, &rules, Edit::Award("nothing".into())),
            "nothing"
        );

        let bison = Rules::preset(PresetId::Bison);
        let bunching = spec("bunching").unwrap();
        let patterns = layout(bunching, &bison).unwrap();
        let seven = Edit::Pattern("seven-nines".into(), true);
        assert_eq!(edit(bunching, patterns, &bison, seven), "seven-nines");
    }

    #[test]
    fn a_summary_names_the_game_and_its_changes_in_words() {
        let bison =
            Rules::from_preset_id("bison", &["target=1000", "bid_bands=0:10,350:50"]).unwrap();
        let (heading, changes) = summary(&bison);
        assert_eq!(heading, "Bison Auction Pinochle, with these changes:");
        assert_eq!(
            changes,
            vec![
                "Bid steps: by 10 from 0, by 50 from 350",
                "Game target: 1000"
            ]
        );
        let (heading, changes) = summary(&Rules::preset(PresetId::Club));
        assert!(heading.ends_with("with its standard rules."), "{heading}");
        assert!(changes.is_empty());
        for rules in rule_sets() {
            for line in summary(&rules).1 {
                let (_, value) = line.split_once(": ").expect("label: value");
                assert!(!value.contains([':', '+', '_']), "{line}");
            }
        }
    }
}
