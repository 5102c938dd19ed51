//! Loads the readable meld scenarios in `tests/data/meld/*.txt` (format in the
//! README there) and checks each against the meld finder.

use pinochle_engine::cards::{parse_cards, CardCounts, Suit};
use pinochle_engine::meld::{best_meld, meld_total};
use pinochle_engine::rules::{DoubleRoyal, PresetId, Roundhouse, Rules};
use std::path::Path;

#[derive(Default)]
struct Scenario {
    origin: String,
    rules: Option<Rules>,
    options: Vec<String>,
    trump: Option<Option<Suit>>,
    hand: Option<CardCounts>,
    melds: Vec<(String, u32)>,
    expect: Option<u32>,
}

fn nums(text: &str) -> Vec<u32> {
    text.split('/')
        .map(|n| n.trim().parse().expect("a number"))
        .collect()
}

fn apply(rules: &mut Rules, option: &str) {
    let (key, val) = option.split_once('=').expect("option is key=value");
    match key.trim() {
        "roundhouse" => {
            let v = nums(val);
            rules.meld.roundhouse = Some(Roundhouse {
                value: v[0],
                with_run: v[1],
                double: v.get(2).copied(),
            });
        }
        "double-royal" => {
            let v = nums(val);
            rules.meld.double_royal = Some(DoubleRoyal {
                value: v[0],
                with_run: v[1],
            });
        }
        "double-bonuses" => rules.meld.double_bonuses = val.trim() == "true",
        "pinochle" => rules.meld.table.pinochle = nums(val),
        "run" => rules.meld.table.run = nums(val),
        other => panic!("unknown scenario option {other}"),
    }
}

fn run(s: &Scenario) {
    let origin = &s.origin;
    let mut rules = s
        .rules
        .clone()
        .unwrap_or_else(|| panic!("{origin}: no preset"));
    for o in &s.options {
        apply(&mut rules, o);
    }
    let trump = s.trump.unwrap_or_else(|| panic!("{origin}: no trump"));
    let hand = s.hand.unwrap_or_else(|| panic!("{origin}: no hand"));
    let expect = s.expect.unwrap_or_else(|| panic!("{origin}: no expect"));
    let r = best_meld(&rules, &hand, trump);
    assert_eq!(r.total, expect, "{origin}: {:#?}", r.melds);
    assert_eq!(meld_total(&rules, &hand, trump), expect, "{origin}");
    if !s.melds.is_empty() {
        let got: Vec<(String, u32)> = r.melds.iter().map(|i| (i.name.clone(), i.points)).collect();
        assert_eq!(got, s.melds, "{origin}");
    }
}

#[test]
fn meld_scenarios_hold() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/meld");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("scenario dir")
        .map(|e| e.expect("dir entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt") && !p.ends_with("README.txt"))
        .collect();
    files.sort();
    let mut count = 0;
    for file in files {
        let text = std::fs::read_to_string(&file).expect("readable scenario file");
        let name = file.file_name().unwrap().to_string_lossy().to_string();
        let mut cur: Option<Scenario> = None;
        for (n, line) in text.lines().chain(std::iter::once("")).enumerate() {
            let line = line.trim();
            if line.is_empty() {
                if let Some(s) = cur.take() {
                    run(&s);
                    count += 1;
                }
                continue;
            }
            if line.starts_with('#') {
                continue;
            }
            let s = cur.get_or_insert_with(|| Scenario {
                origin: format!("{name}:{}", n + 1),
                ..Scenario::default()
            });
            let (key, val) = line
                .split_once(':')
                .unwrap_or_else(|| panic!("{name}:{}: no ':'", n + 1));
            let val = val.trim();
            match key.trim() {
                "preset" => {
                    let id =
                        PresetId::from_id(val).unwrap_or_else(|| panic!("unknown preset {val}"));
                    s.rules = Some(Rules::preset(id));
                }
                "option" => s.options.push(val.to_string()),
                "trump" => {
                    s.trump = Some(if val == "none" {
                        None
                    } else {
                        Some(Suit::from_text(val).unwrap_or_else(|| panic!("bad suit {val}")))
                    })
                }
                "hand" => {
                    s.hand = Some(CardCounts::from_cards(
                        &parse_cards(val).expect("hand parses"),
                    ))
                }
                "meld" => {
                    let (m, p) = val.rsplit_once('=').expect("meld: name = points");
                    s.melds
                        .push((m.trim().to_string(), p.trim().parse().expect("points")));
                }
                "expect" => s.expect = Some(val.parse().expect("expect: number")),
                other => panic!("{name}:{}: unknown key {other}", n + 1),
            }
        }
    }
    assert!(count >= 15, "only {count} scenarios found");
}
