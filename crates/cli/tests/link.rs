//! `pinochle link`: links for every preset and for changed options decode back to
//! exactly the rules `pinochle rules` prints; name and seed survive `--full`; every
//! kind of bad link exits 2 with the codec's message; flags that contradict each
//! other are refused; a bounded, seeded fuzz of mutated links never panics; and
//! the README's kitchen-table partnership link decodes and plays.

mod common;

use common::{fails, json, succeeds, PRESETS};
use serde_json::Value;

/// The link text `pinochle link` prints (one line, no newline).
fn link(args: &[&str]) -> String {
    let mut all = vec!["link"];
    all.extend_from_slice(args);
    let out = succeeds(&all);
    assert_eq!(out.lines().count(), 1, "{args:?}: {out:?}");
    out.trim_end().to_string()
}

#[test]
fn presets_link_to_their_id_and_decode_to_the_preset() {
    for preset in PRESETS {
        let text = link(&["--preset", preset]);
        assert!(
            text.starts_with(&format!("v=2&game={preset}&check=")),
            "{text}"
        );
        assert_eq!(text.split('&').count(), 3, "{text}");
        assert_eq!(
            json(&["link", "--decode", &text]),
            json(&["rules", "--preset", preset]),
            "{preset}"
        );
    }
}

#[test]
fn changed_options_round_trip_exactly() {
    let cases: &[(&str, &[&str])] = &[
        ("bison", &["target=1000"]),
        ("brooklyn", &["seats=4", "pot_game=true"]),
        ("partnership", &["target=1000", "head_rule=trump-led"]),
        (
            "double-deck",
            &["meld.pinochle=14,30,60,90", "surrender=meld+25"],
        ),
        ("club", &["seats=5"]),
    ];
    for (preset, sets) in cases {
        let mut args = vec!["--preset", preset];
        let mut rules_args = vec!["rules", "--preset", preset];
        for s in *sets {
            args.extend(["--set", s]);
            rules_args.extend(["--set", s]);
        }
        let text = link(&args);
        assert!(text.starts_with(&format!("v=2&game={preset}&")), "{text}");
        assert_eq!(
            json(&["link", "--decode", &text]),
            json(&rules_args),
            "{preset} {sets:?}: {text}"
        );
        // A whole URL with the link in its fragment reads the same.
        let url = format!("https://pinochle.example/#{text}");
        assert_eq!(json(&["link", "--decode", &url]), json(&rules_args));
    }
}

#[test]
fn setting_a_preset_default_adds_nothing() {
    // bison plays to 1500 by default.
    let text = link(&["--preset", "bison", "--set", "target=1500"]);
    assert!(text.starts_with("v=2&game=bison&check="), "{text}");
    assert_eq!(text.split('&').count(), 3, "{text}");
}

/// The kitchen-table partnership link documented in README.md.
const KITCHEN_TABLE: &str = "v=2&game=partnership&name=Kitchen-table%20partnership&redeal_nines=5&pass_cards=3&pass_order=simultaneous&concede_any_shortfall=true&automatic_set=true&head_rule=strict&target=1000&lose_at=1000&defenders_always_score=true&check=c0553e";

#[test]
fn the_kitchen_table_link_is_what_the_readme_says_and_plays() {
    let made = link(&[
        "--preset",
        "partnership",
        "--name",
        "Kitchen-table partnership",
        "--set",
        "head_rule=strict",
        "--set",
        "pass_cards=3",
        "--set",
        "pass_order=simultaneous",
        "--set",
        "concede_any_shortfall=true",
        "--set",
        "automatic_set=true",
        "--set",
        "defenders_always_score=true",
        "--set",
        "redeal_nines=5",
        "--set",
        "target=1000",
        "--set",
        "lose_at=1000",
    ]);
    assert_eq!(made, KITCHEN_TABLE);
    let readme = include_str!("../../../README.md");
    assert!(readme.contains(KITCHEN_TABLE), "README.md lacks the link");
    let full = json(&["link", "--decode", KITCHEN_TABLE, "--full"]);
    assert_eq!(full["name"], "Kitchen-table partnership");
    let rules = &full["rules"];
    assert_eq!(rules["play"]["head"], "strict");
    assert_eq!(rules["passing"]["partner"]["cards"], 3);
    assert_eq!(rules["passing"]["partner"]["order"], "simultaneous");
    assert_eq!(rules["contract"]["concede"]["min_shortfall"], Value::Null);
    assert_eq!(rules["contract"]["automatic_set"], true);
    assert_eq!(rules["auction"]["redeal_nines"], 5);
    let points = &rules["scoring"]["points"];
    assert_eq!(points["defender_needs"], "nothing");
    assert_eq!(points["target"], 1000);
    assert_eq!(points["lose_at"], 1000);
    // Simulate hands under exactly the link's options.
    let mut args: Vec<String> = [
        "simulate",
        "--preset",
        "partnership",
        "--hands",
        "300",
        "--seed",
        "3",
        "--check",
        "--bots",
        "basic",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    for part in KITCHEN_TABLE.split('&') {
        let (key, _) = part.split_once('=').unwrap();
        if !["v", "game", "name", "check"].contains(&key) {
            args.push("--set".into());
            args.push(part.to_string());
        }
    }
    let refs: Vec<&str> = args.iter().map(String::as_str).collect();
    let summary = json(&refs);
    assert_eq!(summary["hands"], 300);
    assert_eq!(summary["checked"], true);
    let won: u64 = summary["games_won"]
        .as_array()
        .unwrap()
        .iter()
        .map(|n| n.as_u64().unwrap())
        .sum();
    // Both partners of a winning side count a game.
    assert!(won > 0 && won % 2 == 0, "{summary}");
}

#[test]
fn name_and_seed_travel_with_full() {
    let text = link(&[
        "--preset",
        "bison",
        "--set",
        "target=1000",
        "--seed",
        "42",
        "--name",
        "Our Friday rules & more",
    ]);
    assert_eq!(
        text,
        "v=2&game=bison&name=Our%20Friday%20rules%20%26%20more&seed=42&target=1000&check=2a2d48"
    );
    let full = json(&["link", "--decode", &text, "--full"]);
    assert_eq!(full["name"], "Our Friday rules & more");
    assert_eq!(full["seed"], 42);
    assert_eq!(
        full["rules"],
        json(&["rules", "--preset", "bison", "--set", "target=1000"])
    );
    let plain = json(&["link", "--decode", "v=1&game=club", "--full"]);
    assert_eq!(plain["name"], Value::Null);
    assert_eq!(plain["seed"], Value::Null);
}

#[test]
fn every_kind_of_bad_link_exits_2_naming_the_problem() {
    let long = format!("v=1&game=bison&name={}", "a".repeat(5000));
    let cases: &[(&str, &str)] = &[
        ("", "the link is empty"),
        ("game=bison", "no format version"),
        ("v=3&game=bison", "version '3' is not supported"),
        ("v=2&game=bison&seed=42", "cut short (its end is missing)"),
        (
            "v=2&game=bison&seed=42&check=9264fd",
            "its check does not match",
        ),
        ("v=1", "names no game"),
        ("v=1&game=poker", "unknown game 'poker'"),
        ("v=1&game=bison&colour=red", "unknown option 'colour'"),
        ("v=1&game=bison&target=5", "option 'target'"),
        ("v=1&game=bison&target=1000&target=900", "appears twice"),
        ("v=1&game=bison&targ", "not of the form key=value"),
        ("v=1&game=bison&target=%G1", "garbled"),
        ("v=1&game=bison&seed=-4", "(seed) '-4'"),
        (
            "v=1&game=bison&stake_schedule=classic",
            "does not apply to bison",
        ),
        (&long, "too long"),
    ];
    for (text, needle) in cases {
        fails(&["link", "--decode", text], needle);
        fails(&["link", "--decode", text], "bad link: ");
    }
}

#[test]
fn contradictory_or_bad_flags_are_refused() {
    fails(&["link"], "missing required option --preset");
    fails(&["link", "--preset", "poker"], "unknown preset 'poker'");
    fails(
        &["link", "--preset", "bison", "--set", "target=5"],
        "option 'target'",
    );
    fails(
        &["link", "--preset", "bison", "--seed", "x"],
        "not a valid number",
    );
    fails(&["link", "--preset", "bison", "--name", ""], "--name");
    let long = "n".repeat(61);
    fails(&["link", "--preset", "bison", "--name", &long], "--name");
    fails(&["link", "--preset", "bison", "--full"], "--full");
    fails(
        &["link", "--decode", "v=1&game=bison", "--preset", "bison"],
        "--preset cannot be combined",
    );
    fails(
        &["link", "--decode", "v=1&game=bison", "--set", "target=1000"],
        "--set cannot be combined",
    );
    fails(
        &["link", "--decode", "v=1&game=bison", "--seed", "3"],
        "--seed cannot be combined",
    );
}

/// A small deterministic generator (no dependency needed for a bounded fuzz).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        self.0 >> 33
    }
    fn below(&mut self, n: usize) -> usize {
        self.next() as usize % n.max(1)
    }
}

/// Mutates a valid link: deletes, duplicates, truncates or inserts characters.
fn mutate(rng: &mut Lcg, text: &str) -> String {
    const INSERTS: &[&str] = &[
        "&", "=", "%", "%2", "%FF", "#", "?", "v=", "game=", "&seed=", "9", "-", "\u{0}", "é",
        "&target=", "&&", "+",
    ];
    let mut chars: Vec<char> = text.chars().collect();
    for _ in 0..1 + rng.below(4) {
        let at = rng.below(chars.len() + 1);
        match rng.below(4) {
            0 if !chars.is_empty() => {
                chars.remove(at.min(chars.len() - 1));
            }
            1 => chars.truncate(at),
            2 => {
                let piece = INSERTS[rng.below(INSERTS.len())];
                for (i, c) in piece.chars().enumerate() {
                    chars.insert(at + i, c);
                }
            }
            _ => {
                let copy: Vec<char> = chars[..at].to_vec();
                chars.extend(copy);
            }
        }
    }
    chars.into_iter().collect()
}

#[test]
fn bounded_fuzz_of_mutated_links_never_panics() {
    let seeds = [
        "v=1&game=bison&target=1000",
        "v=1&game=double-deck&name=Our%20Friday%20rules&seed=42&meld.pinochle=14,30,60,90&surrender=meld%2B25",
        "v=1&game=brooklyn&pot_game=true&seats=4",
        "v=1&game=club&seats=5",
        KITCHEN_TABLE,
    ];
    let mut rng = Lcg(0x5eed_0001_u64);
    let (mut ok, mut bad) = (0, 0);
    for round in 0..3000 {
        let text = mutate(&mut rng, seeds[round % seeds.len()]);
        let argv = vec!["link".to_string(), "--decode".to_string(), text.clone()];
        let result = std::panic::catch_unwind(|| pinochle_cli::run(&argv));
        match result {
            Err(_) => panic!("decoding {text:?} panicked"),
            Ok(Ok(_)) => ok += 1,
            Ok(Err(e)) => {
                assert_eq!(e.code, 2, "{text:?}: {}", e.message);
                assert!(!e.message.is_empty());
                assert!(!e.message.contains('\n'));
                bad += 1;
            }
        }
    }
    assert!(
        ok > 0 && bad > 0,
        "fuzz explored both outcomes: {ok} ok, {bad} bad"
    );
}
