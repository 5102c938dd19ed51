//! Runs the built `pinochle` binary: every subcommand for every preset, the
//! worked examples of RULES.md, each head rule, bad input (exit 2, one line, no
//! panic), simulation with hand records, and a bounded fuzz of the parsers.

mod common;

use common::{fails, json, pinochle, Scratch, PRESETS};
use serde_json::Value;

fn meld_total(preset: &str, trump: &str, cards: &str) -> u64 {
    let mut args = vec!["meld", "--preset", preset, "--trump", trump];
    args.extend(cards.split_whitespace());
    let v = json(&args);
    let total = v["total"].as_u64().expect("total");
    let sum: u64 = v["melds"]
        .as_array()
        .expect("melds")
        .iter()
        .map(|m| m["points"].as_u64().expect("points"))
        .sum();
    assert_eq!(sum, total, "{preset} {cards}: melds do not add up");
    total
}

fn legal(preset: &str, sets: &[&str], trump: &str, hand: &str, trick: &str) -> String {
    let mut args = vec![
        "legal", "--preset", preset, "--trump", trump, "--hand", hand,
    ];
    args.extend(["--trick", trick]);
    for s in sets {
        args.extend(["--set", s]);
    }
    let v = json(&args);
    v.as_array()
        .expect("array")
        .iter()
        .map(|c| c.as_str().expect("card text").to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

// ---------------------------------------------------------------------------
// presets, rules, options

#[test]
fn presets_lists_all_five() {
    let v = json(&["presets"]);
    let list = v.as_array().expect("array");
    let ids: Vec<&str> = list.iter().map(|p| p["id"].as_str().unwrap()).collect();
    assert_eq!(ids, PRESETS);
    let players: Vec<&str> = list
        .iter()
        .map(|p| p["players"].as_str().unwrap())
        .collect();
    assert_eq!(players, ["3-4", "3", "4", "4", "3-5"]);
    for p in list {
        assert!(!p["name"].as_str().unwrap().is_empty());
        assert!(!p["description"].as_str().unwrap().is_empty());
    }
}

#[test]
fn rules_for_every_preset_and_with_options() {
    for id in PRESETS {
        let v = json(&["rules", "--preset", id]);
        assert_eq!(v["preset"], id);
        assert!(v["play"]["head"].is_string(), "{id}");
    }
    let v = json(&[
        "rules",
        "--preset",
        "bison",
        "--set",
        "head_rule=trump-led",
        "--set=target=1000",
    ]);
    assert_eq!(v["play"]["head"], "trump-led");
    assert_eq!(v["scoring"]["points"]["target"], 1000, "{}", v["scoring"]);
    let v = json(&["rules", "--preset", "club", "--set", "seats=5"]);
    assert_eq!(v["table"]["seats"], 5);
}

#[test]
fn options_for_every_preset() {
    for id in PRESETS {
        let v = json(&["options", "--preset", id]);
        let list = v.as_array().expect("array");
        assert!(list.len() > 10, "{id}");
        for o in list {
            for key in ["key", "group", "label", "help", "kind", "value"] {
                assert!(!o[key].is_null(), "{id}: {o}");
            }
        }
        let head = list
            .iter()
            .find(|o| o["key"] == "head_rule")
            .expect("head_rule");
        assert!(head["value"].is_string());
        for o in list {
            let text = o["kind"]["type"] == "text";
            assert_eq!(o["syntax"].is_string(), text, "{id}: {o}");
        }
        let bands = list.iter().find(|o| o["key"] == "bid_bands").unwrap();
        assert!(bands["syntax"].as_str().unwrap().contains("FROM:STEP"));
    }
    let v = json(&["options", "--preset", "bison", "--set", "target=2500"]);
    let target = v
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["key"] == "target")
        .unwrap();
    assert_eq!(target["value"], "2500");
    assert_eq!(target["default"], "1500");
    let all = json(&["options", "--preset", "bison", "--all"]);
    assert!(all
        .as_array()
        .unwrap()
        .iter()
        .any(|o| o["applies"] == false));
}

#[test]
fn options_show_the_ranges_of_the_rule_set_and_why_an_option_is_inert() {
    let find = |v: &Value, key: &str| -> Value {
        v.as_array()
            .unwrap()
            .iter()
            .find(|o| o["key"] == key)
            .unwrap_or_else(|| panic!("{key}"))
            .clone()
    };
    let brooklyn = json(&["options", "--preset", "brooklyn"]);
    assert_eq!(find(&brooklyn, "seats")["kind"]["max"], 4);
    assert!(find(&brooklyn, "all_pass")["inert"]
        .as_str()
        .unwrap()
        .contains("the opener must bid"));
    assert!(find(&brooklyn, "head_rule")["inert"].is_null());
    let pot = json(&["options", "--preset", "brooklyn", "--set", "pot_game=true"]);
    assert_eq!(find(&pot, "seats")["kind"]["max"], 5);
    for id in PRESETS {
        for o in json(&["options", "--preset", id]).as_array().unwrap() {
            let help = o["help"].as_str().unwrap();
            assert!(help.ends_with('.') && !help.contains("; "), "{id}: {help}");
        }
    }
}

#[test]
fn option_combinations_without_a_legal_raise_exit_2_naming_both() {
    for cmd in ["rules", "options", "link"] {
        fails(
            &[cmd, "--preset", "partnership", "--set", "bid_raises=5"],
            "options 'bid_raises' and 'bid_bands'",
        );
    }
}

#[test]
fn simulate_counts_games_won_and_draws_random_options() {
    let v = json(&[
        "simulate",
        "--preset",
        "bison",
        "--hands",
        "300",
        "--seed",
        "2",
        "--check",
        "--bots",
        "basic",
        "--set",
        "target=500",
    ]);
    let won: u64 = v["games_won"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_u64().unwrap())
        .sum();
    assert!(won >= v["sessions_completed"].as_u64().unwrap(), "{v}");
    assert!(v["game_ends"]["target"].as_u64().unwrap() > 0, "{v}");
    for id in PRESETS {
        let v = json(&[
            "simulate",
            "--preset",
            id,
            "--hands",
            "200",
            "--seed",
            "5",
            "--check",
            "--random-options",
            "--deals-per-session",
            "6",
        ]);
        assert_eq!(v["hands"], 200, "{id}");
        assert_eq!(v["random_options"], true);
        assert!(
            v["options_drawn"].as_object().unwrap().len() > 3,
            "{id}: {v}"
        );
    }
}

#[test]
fn help_for_every_subcommand() {
    let commands = [
        "presets",
        "rules",
        "options",
        "meld",
        "legal",
        "link",
        "simulate",
        "tournament",
        "bench",
        "hint",
        "review",
    ];
    for cmd in commands {
        let r = pinochle(&[cmd, "--help"]);
        assert_eq!(r.code, 0, "{cmd}");
        assert!(
            r.stdout.starts_with(&format!("Usage: pinochle {cmd}")),
            "{cmd}: {}",
            r.stdout
        );
        let r2 = pinochle(&["help", cmd]);
        assert_eq!(r2.stdout, r.stdout);
    }
    let r = pinochle(&["--help"]);
    assert_eq!(r.code, 0);
    // Each command's line: its name, then at least two spaces before its summary.
    for cmd in commands {
        assert!(
            r.stdout
                .lines()
                .any(|l| l.starts_with(&format!("  {cmd}  "))),
            "{cmd}: {}",
            r.stdout
        );
    }
}

// ---------------------------------------------------------------------------
// meld: worked examples of RULES.md

#[test]
fn meld_double_deck_worked_example() {
    let v = json(&[
        "meld",
        "--preset",
        "double-deck",
        "--trump",
        "H",
        "AH",
        "TH",
        "KH",
        "KH",
        "KH",
        "QH",
        "QH",
        "JH",
        "KS",
        "KS",
        "QS",
        "QS",
        "QD",
        "QD",
        "JD",
        "QC",
        "QC",
    ]);
    assert_eq!(v["total"], 87);
    let mut points: Vec<(String, u64)> = v["melds"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            (
                m["name"].as_str().unwrap().to_string(),
                m["points"].as_u64().unwrap(),
            )
        })
        .collect();
    points.sort_by_key(|(_, p)| *p);
    let values: Vec<u64> = points.iter().map(|(_, p)| *p).collect();
    assert_eq!(values, [4, 4, 4, 15, 60], "{points:?}");
    for m in v["melds"].as_array().unwrap() {
        assert!(m["cards"].as_array().unwrap().iter().all(|c| c.is_string()));
    }
    // The same hand in one quoted argument, with 10 and suit symbols.
    assert_eq!(
        meld_total(
            "double-deck",
            "♥",
            "A♥ 10♥ K♥ K♥ K♥ Q♥ Q♥ J♥ K♠ K♠ Q♠ Q♠ Q♦ Q♦ J♦ Q♣ Q♣"
        ),
        87
    );
}

#[test]
fn meld_brooklyn_no_double_bonuses() {
    // A double run is 300, eight kings 160, two pinochles 80 (RULES.md §1).
    assert_eq!(
        meld_total("brooklyn", "H", "AH TH KH QH JH AH TH KH QH JH"),
        300
    );
    assert_eq!(meld_total("brooklyn", "S", "KS KS KH KH KD KD KC KC"), 160);
    assert_eq!(meld_total("brooklyn", "H", "QS QS JD JD"), 80);
    // Run 150 + dix 10 + pinochle 40 + common marriage 20 + aces around 100.
    assert_eq!(
        meld_total("brooklyn", "H", "AH TH KH QH JH 9H QS JD KC QC AS AD AC"),
        320
    );
}

#[test]
fn meld_bison_doubles_and_class_rule() {
    assert_eq!(meld_total("bison", "H", "QS QS JD JD"), 300);
    assert_eq!(meld_total("bison", "C", "AS AS AH AH AD AD AC AC"), 1000);
    // A rope with one extra trump K is still 150; with an extra K+Q, 150 + 40.
    assert_eq!(meld_total("bison", "H", "AH TH KH QH JH KH"), 150);
    assert_eq!(meld_total("bison", "H", "AH TH KH QH JH KH QH"), 190);
}

#[test]
fn meld_partnership_run_with_extras() {
    assert_eq!(meld_total("partnership", "H", "AH TH KH QH JH KH"), 190);
    assert_eq!(meld_total("partnership", "H", "AH TH KH QH JH QH"), 190);
    assert_eq!(meld_total("partnership", "H", "AH TH KH QH JH KH QH"), 230);
    assert_eq!(
        meld_total("partnership", "H", "AH TH KH QH JH AH TH KH QH JH"),
        1500
    );
}

#[test]
fn meld_club_two_of_a_meld_score_double() {
    assert_eq!(meld_total("club", "C", "QS QS JD JD"), 80);
    assert_eq!(meld_total("club", "S", "AS AH AD AC"), 100);
    assert_eq!(meld_total("club", "S", "9S"), 10);
}

#[test]
fn meld_for_every_preset_and_an_option() {
    for id in PRESETS {
        let v = json(&[
            "meld", "--preset", id, "--trump", "S", "AS", "AH", "AD", "AC",
        ]);
        let want = if id == "double-deck" { 10 } else { 100 };
        assert_eq!(v["total"], want, "{id}");
        let v = json(&["meld", "--preset", id, "--trump", "S"]);
        assert_eq!(v["total"], 0, "{id}: empty hand");
    }
    // Roundhouse option (RULES.md §1): K+Q of every suit scores 240.
    let v = json(&[
        "meld",
        "--preset",
        "brooklyn",
        "--set",
        "roundhouse=240,390",
        "--trump",
        "C",
        "KS",
        "QS",
        "KH",
        "QH",
        "KD",
        "QD",
        "KC",
        "QC",
    ]);
    assert_eq!(v["total"], 240, "{v}");
}

// ---------------------------------------------------------------------------
// legal: the head rules of RULES.md §0

#[test]
fn legal_leading_is_any_card() {
    for id in PRESETS {
        assert_eq!(
            legal(id, &[], "S", "AH QS JD KC", ""),
            "QS AH JD KC",
            "{id}"
        );
    }
}

#[test]
fn legal_trump_led_head_rule() {
    // brooklyn and club play `trump-led`.
    for id in ["brooklyn", "club"] {
        // Trump led: beat the winning trump if able.
        assert_eq!(legal(id, &[], "S", "AS JS KH", "KS"), "AS", "{id}");
        // An identical card does not beat: any spade.
        assert_eq!(legal(id, &[], "S", "QS 9S KH", "QS"), "QS 9S", "{id}");
        // Plain suit led: no duty to beat, not even when trumping.
        assert_eq!(legal(id, &[], "S", "AH 9H", "KH"), "AH 9H", "{id}");
        assert_eq!(legal(id, &[], "S", "AS 9S KD", "KH 9S"), "AS 9S", "{id}");
        // Follow suit if able, else trump if able, else any card.
        assert_eq!(legal(id, &[], "S", "AH QS JD", "KH"), "AH", "{id}");
        assert_eq!(legal(id, &[], "S", "QS JD", "KH"), "QS", "{id}");
        assert_eq!(legal(id, &[], "S", "JD KC", "KH"), "JD KC", "{id}");
    }
}

#[test]
fn legal_always_head_rule() {
    // bison, partnership and double-deck play `always`.
    for id in ["bison", "partnership"] {
        assert_eq!(legal(id, &[], "S", "AH 9H", "KH"), "AH", "{id}");
        // W is a trump on a plain lead: any card of the led suit.
        assert_eq!(legal(id, &[], "S", "AH 9H", "KH 9S"), "AH 9H", "{id}");
        // Trumping: overtrump if able.
        assert_eq!(legal(id, &[], "S", "AS 9S KD", "KH JS"), "AS", "{id}");
        assert_eq!(legal(id, &[], "S", "9S KD", "KH JS"), "9S", "{id}");
        // The first trump on a plain-suit lead always beats.
        assert_eq!(legal(id, &[], "S", "AS 9S KD", "KH"), "AS 9S", "{id}");
    }
    // Double deck: the same rule without nines; identical cards do not beat.
    assert_eq!(
        legal("double-deck", &[], "S", "AH AH KH JH", "TH"),
        "AH",
        ""
    );
    assert_eq!(legal("double-deck", &[], "S", "KH JH", "AH AH"), "KH JH");
    // Must beat even the partner's card (partnership, 4 players).
    assert_eq!(legal("partnership", &[], "C", "AH JH", "KH QH TH"), "AH");
    // The option switches a preset's rule.
    assert_eq!(
        legal("brooklyn", &["head_rule=always"], "S", "AH 9H", "KH"),
        "AH"
    );
}

#[test]
fn legal_never_head_rule() {
    for id in PRESETS {
        let sets = ["head_rule=never"];
        assert_eq!(legal(id, &sets, "S", "AH JH QS", "KH"), "AH JH", "{id}");
        assert_eq!(legal(id, &sets, "S", "AS JS KD", "KH QS"), "AS JS", "{id}");
        assert_eq!(legal(id, &sets, "S", "KD QC", "KH"), "KD QC", "{id}");
        assert_eq!(legal(id, &sets, "S", "AS JS", "KS"), "AS JS", "{id}");
    }
}

// ---------------------------------------------------------------------------
// bad input

#[test]
fn bad_input_exits_2_with_one_line() {
    let cases: &[(&[&str], &str)] = &[
        (&[], "no command"),
        (&["deal"], "unknown command 'deal'"),
        (&["presets", "extra"], "unexpected argument"),
        (&["presets", "--json"], "unknown flag '--json'"),
        (&["rules"], "missing required option --preset"),
        (&["rules", "--preset"], "missing value for --preset"),
        (&["rules", "--preset", "poker"], "unknown preset 'poker'"),
        (
            &["rules", "--preset", "bison", "--preset", "club"],
            "given twice",
        ),
        (
            &["rules", "--preset", "bison", "--set", "nonsense=1"],
            "unknown option 'nonsense' (run `pinochle options --preset ID` to see the options)",
        ),
        (
            &["rules", "--preset", "brooklyn", "--set", "target=1000"],
            "does not apply",
        ),
        (
            &["rules", "--preset", "bison", "--set", "head_rule=sometimes"],
            "head_rule",
        ),
        (
            &["rules", "--preset", "bison", "--set", "min_bid=abc"],
            "not a whole number",
        ),
        (
            &["rules", "--preset", "bison", "--set", "justtext"],
            "key=value",
        ),
        (
            &["rules", "--preset", "brooklyn", "--set", "seats=9"],
            "seats",
        ),
        (
            &["options", "--preset", "club", "--set", "seats=6"],
            "seats",
        ),
        (&["meld", "--preset", "bison", "AS"], "--trump"),
        (
            &["meld", "--preset", "bison", "--trump", "X", "AS"],
            "not a suit",
        ),
        (
            &["meld", "--preset", "bison", "--trump", "S", "AX"],
            "'AX' is not a card",
        ),
        (
            &["meld", "--preset", "bison", "--trump", "S", "11H"],
            "'11H' is not a card",
        ),
        (
            &[
                "meld", "--preset", "bison", "--trump", "S", "AH", "AH", "AH",
            ],
            "3 copies of AH",
        ),
        (
            &["meld", "--preset", "double-deck", "--trump", "S", "9S"],
            "no nines",
        ),
        (
            &[
                "meld",
                "--preset",
                "double-deck",
                "--trump",
                "S",
                "AS",
                "AS",
                "AS",
                "AS",
                "AS",
            ],
            "5 copies of AS",
        ),
        (
            &["meld", "--preset", "bison", "--trump", "S", "-q"],
            "unknown flag '-q'",
        ),
        (
            &[
                "meld",
                "--preset",
                "partnership",
                "--trump",
                "S",
                "AS AS TS TS KS KS QS QS JS JS 9S 9S AH",
            ],
            "13 cards, but a hand holds at most 12",
        ),
        (
            &[
                "legal",
                "--preset",
                "partnership",
                "--trump",
                "S",
                "--hand",
                "AS AS TS TS KS KS QS QS JS JS 9S 9S AH",
            ],
            "13 cards",
        ),
        (
            &[
                "legal", "--preset", "bison", "--trump", "S", "--trick", "KH",
            ],
            "--hand",
        ),
        (
            &["legal", "--preset", "bison", "--trump", "S", "--hand", ""],
            "empty",
        ),
        (
            &[
                "legal", "--preset", "bison", "--trump", "S", "--hand", "AH ZZ",
            ],
            "'ZZ' is not a card",
        ),
        (
            &[
                "legal", "--preset", "bison", "--trump", "S", "--hand", "AH AH", "--trick", "AH",
            ],
            "3 copies of AH",
        ),
        (
            &[
                "legal",
                "--preset",
                "partnership",
                "--trump",
                "S",
                "--hand",
                "AH",
                "--trick",
                "KH KH KH",
            ],
            "3 copies of KH",
        ),
        (
            &[
                "legal", "--preset", "bison", "--trump", "S", "--hand", "AH", "--trick", "KH QH JH",
            ],
            "a trick has only 3 cards",
        ),
        (
            &[
                "legal",
                "--preset",
                "double-deck",
                "--trump",
                "S",
                "--hand",
                "9H",
            ],
            "no nines",
        ),
        (&["simulate", "--preset", "bison"], "--hands"),
        (
            &["simulate", "--preset", "bison", "--hands", "ten"],
            "not a valid number",
        ),
        (
            &["simulate", "--preset", "bison", "--hands", "-5"],
            "not a valid number",
        ),
        (
            &[
                "simulate", "--preset", "bison", "--hands", "5", "--seed", "x",
            ],
            "--seed",
        ),
        (
            &[
                "simulate",
                "--preset",
                "bison",
                "--hands",
                "5",
                "--players",
                "4",
            ],
            "exactly 3",
        ),
        (
            &[
                "simulate",
                "--preset",
                "partnership",
                "--hands",
                "5",
                "--players",
                "3",
            ],
            "exactly 4",
        ),
        (
            &[
                "simulate",
                "--preset",
                "brooklyn",
                "--hands",
                "5",
                "--players",
                "5",
            ],
            "--players 5",
        ),
        (
            &[
                "simulate",
                "--preset",
                "brooklyn",
                "--hands",
                "5",
                "--players",
                "many",
            ],
            "--players",
        ),
        (
            &[
                "simulate", "--preset", "bison", "--hands", "5", "--bots", "genius",
            ],
            "unknown bot",
        ),
        (
            &[
                "simulate",
                "--preset",
                "bison",
                "--hands",
                "5",
                "--bots",
                "random,random,first,first",
            ],
            "4 names",
        ),
        (
            &[
                "simulate",
                "--preset",
                "club",
                "--hands",
                "5",
                "--players",
                "4",
                "--set",
                "seats=5",
            ],
            "contradicts",
        ),
        (
            &[
                "simulate",
                "--preset",
                "bison",
                "--hands",
                "5",
                "--records",
                "/nonexistent/dir/x",
            ],
            "cannot create",
        ),
        (
            &[
                "simulate",
                "--preset",
                "bison",
                "--hands",
                "5",
                "--check=yes",
            ],
            "takes no value",
        ),
    ];
    for (args, needle) in cases {
        fails(args, needle);
    }
}

// ---------------------------------------------------------------------------
// simulate

const RECORD_KEYS: [&str; 20] = [
    "preset",
    "options",
    "hand",
    "players",
    "dealer",
    "active",
    "deal",
    "passes",
    "auction",
    "declarer",
    "bid",
    "bury",
    "trump",
    "meld",
    "concession",
    "tricks",
    "card_points",
    "outcome",
    "totals",
    "session",
];

#[test]
fn simulate_every_preset_with_records() {
    let scratch = Scratch::new("simulate_every_preset_with_records");
    for id in PRESETS {
        let path = scratch.path(&format!("{id}.jsonl"));
        let file = path.to_str().unwrap();
        let v = json(&[
            "simulate",
            "--preset",
            id,
            "--hands",
            "200",
            "--seed",
            "42",
            "--records",
            file,
            "--check",
        ]);
        assert_eq!(v["hands"], 200, "{id}");
        assert!(v["hands_per_second"].as_f64().unwrap() > 0.0, "{id}");
        assert!(v["seconds"].as_f64().is_some(), "{id}");
        let outcomes = &v["outcomes"];
        let mut sum = 0;
        for k in ["made", "set", "conceded", "thrown-in"] {
            sum += outcomes[k]
                .as_u64()
                .unwrap_or_else(|| panic!("{id}: outcome {k}"));
        }
        assert_eq!(sum, 200, "{id}");
        let text = std::fs::read_to_string(&path).expect("records");
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len() as u64, v["records_written"].as_u64().unwrap());
        assert_eq!(lines.len(), 200, "{id}");
        for line in lines {
            let r: Value = serde_json::from_str(line).expect("record JSON");
            for key in RECORD_KEYS {
                assert!(r.get(key).is_some(), "{id}: record lacks {key}: {line}");
            }
            assert_eq!(r["preset"], id);
            assert_eq!(r["options"], serde_json::json!({}));
            assert!(
                r.get("delta").is_some() || r.get("payments").is_some(),
                "{id}"
            );
            assert!(
                ["made", "set", "conceded", "thrown-in"].contains(&r["outcome"].as_str().unwrap())
            );
            assert!(r["deal"]["hands"].is_object() && r["deal"]["kitty"].is_array());
        }
    }
}

#[test]
fn simulate_is_reproducible_and_records_options() {
    let scratch = Scratch::new("simulate_is_reproducible_and_records_options");
    let a = scratch.path("a.jsonl");
    let b = scratch.path("b.jsonl");
    for path in [&a, &b] {
        json(&[
            "simulate",
            "--preset",
            "club",
            "--set",
            "high_hand=true",
            "--players",
            "4",
            "--hands",
            "60",
            "--seed",
            "9",
            "--records",
            path.to_str().unwrap(),
        ]);
    }
    let ta = std::fs::read_to_string(&a).unwrap();
    assert_eq!(ta, std::fs::read_to_string(&b).unwrap());
    let first: Value = serde_json::from_str(ta.lines().next().unwrap()).unwrap();
    assert_eq!(
        first["options"],
        serde_json::json!({"high_hand": "true", "seats": "4"})
    );
    assert_eq!(first["players"], 4);
}

#[test]
fn simulate_sessions_continue_and_bots_by_seat() {
    // Sessions cut to 7 deals, so new sessions start and the count goes on.
    let v = json(&[
        "simulate",
        "--preset",
        "bison",
        "--hands",
        "300",
        "--seed",
        "3",
        "--deals-per-session",
        "7",
        "--bots",
        "random,first,random",
        "--check",
    ]);
    assert_eq!(v["hands"], 300);
    assert!(v["sessions_completed"].as_u64().unwrap() >= 40, "{v}");
    assert_eq!(v["bots"], serde_json::json!(["random", "first", "random"]));
    let v = json(&["simulate", "--preset", "partnership", "--hands", "0"]);
    assert_eq!(v["hands"], 0);
}

// ---------------------------------------------------------------------------
// bounded fuzz of the parsers (in process)

struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        self.0 >> 33
    }
    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.next() as usize % items.len()]
    }
}

fn random_text(rng: &mut Lcg, alphabet: &[&str], max: usize) -> String {
    let n = rng.next() as usize % (max + 1);
    (0..n).map(|_| rng.pick(alphabet)).collect()
}

#[test]
fn fuzz_card_text_and_settings() {
    use pinochle_engine::cards::parse_cards;
    use pinochle_engine::Rules;
    let started = std::time::Instant::now();
    let mut rng = Lcg(0x5EED);
    let card_alphabet = [
        "A", "T", "K", "Q", "J", "9", "10", "1", "0", "S", "H", "D", "C", "♠", "♥", "♦", "♣", " ",
        ",", "x", "é", "\n", "\t", "-", "*", "AH", "10H", "QS", "JD", "🂡", "\u{0}",
    ];
    let set_alphabet = [
        "seats",
        "head_rule",
        "min_bid",
        "meld.run",
        "bid_bands",
        "target",
        "roundhouse",
        "=",
        "=",
        ",",
        ":",
        "1",
        "0",
        "-",
        "5",
        "999999999999",
        "off",
        "true",
        "always",
        "never",
        "x",
        " ",
        "pot_game",
        "counting",
        "counters-one",
        "stake_schedule",
        "é",
        "\n",
    ];
    let mut garbage_rejected = 0;
    for i in 0..3000 {
        // Card text: parse_cards must not panic; text with a letter outside the card
        // alphabet must be rejected.
        let text = random_text(&mut rng, &card_alphabet, 12);
        let parsed = parse_cards(&text);
        if text.contains('x') || text.contains('é') || text.contains('*') || text.contains('🂡')
        {
            assert!(parsed.is_err(), "accepted garbage {text:?}");
            garbage_rejected += 1;
        }
        // Settings: never a panic; a rule set that is accepted validates.
        let setting = random_text(&mut rng, &set_alphabet, 6);
        let preset = rng.pick(&[
            "brooklyn",
            "bison",
            "partnership",
            "double-deck",
            "club",
            "x",
        ]);
        if let Ok(rules) = Rules::from_preset_id(preset, &[setting.as_str()]) {
            assert!(rules.validate().is_ok(), "{preset} {setting:?}");
        }
        // The CLI's own parsing, end to end (every 3rd round to stay fast).
        if i % 3 == 0 {
            let trump = rng.pick(&["S", "h", "♦", "clubs", "X", ""]);
            let cmd = rng.pick(&["meld", "legal"]);
            let mut argv: Vec<String> = vec![cmd.into(), "--preset".into(), preset.into()];
            argv.extend([
                "--set".into(),
                setting.clone(),
                "--trump".into(),
                trump.into(),
            ]);
            if cmd == "meld" {
                argv.extend(text.split_whitespace().map(String::from));
            } else {
                argv.extend(["--hand".into(), text.clone(), "--trick".into()]);
                argv.push(random_text(&mut rng, &card_alphabet, 6));
            }
            if let Err(e) = pinochle_cli::run(&argv) {
                assert_eq!(e.code, 2, "{argv:?}: {}", e.message);
                assert!(!e.message.contains('\n'), "{argv:?}: {:?}", e.message);
            }
        }
    }
    assert!(garbage_rejected > 100);
    assert!(started.elapsed().as_secs_f64() < 10.0, "fuzz took too long");
}
