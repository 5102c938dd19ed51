//! `pinochle hint`: the coach's analysis of a seeded position as JSON (its
//! keys, the bid advisor in the auction, a proved claim in trick play) and its
//! errors (bad flags, moves past the game's end).

mod common;

use common::{fails, pinochle};
use serde_json::Value;

/// `pinochle hint … --json`, which must succeed with every key.
fn hint(args: &[&str]) -> Value {
    let mut all = vec!["hint", "--json"];
    all.extend_from_slice(args);
    let r = pinochle(&all);
    assert_eq!(r.code, 0, "{all:?} failed: {}", r.stderr);
    let v: Value = serde_json::from_str(&r.stdout).expect("JSON");
    for key in [
        "seat",
        "phase",
        "recommended",
        "choices",
        "unit",
        "reason",
        "value_basis",
        "worlds",
        "advice",
        "claim",
    ] {
        assert!(v.get(key).is_some(), "{all:?}: no key {key}: {v}");
    }
    let choices = v["choices"].as_array().expect("choices");
    assert!(!choices.is_empty() && choices.len() <= 5);
    assert_eq!(choices[0]["action"], v["recommended"]);
    for c in choices {
        assert!(c["action"].is_string() && c["note"].is_string());
        assert!(c["value"].is_null() || c["value"].is_number());
    }
    assert!(!v["reason"].as_str().unwrap().is_empty());
    v
}

#[test]
fn an_auction_hint_carries_the_bid_advisor() {
    let v = hint(&["--preset", "bison", "--seed", "1", "--moves", "0"]);
    assert_eq!(v["phase"], "auction");
    assert_eq!(v["unit"], "points");
    let advice = &v["advice"];
    assert_eq!(advice["trumps"].as_array().unwrap().len(), 4);
    // Valued calls say what their values are: the hand's result each leads to.
    let valued = v["choices"][0]["value"].is_number();
    assert_eq!(v["value_basis"].is_string(), valued, "{v}");
    if valued {
        let what = v["value_basis"].as_str().unwrap();
        assert!(
            what.starts_with("the hand's result each call leads to"),
            "{what}"
        );
    }
    assert!(advice["confidence"].as_f64().unwrap() > 0.5);
    for t in advice["trumps"].as_array().unwrap() {
        let scores: Vec<i64> = t["scores"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_i64().unwrap())
            .collect();
        assert!(
            scores.windows(2).all(|w| w[0] <= w[1]),
            "sorted: {scores:?}"
        );
    }
    assert!(v["claim"].is_null());
}

/// The club's pass to the left is valued in points (what the hand reaches as
/// bidder), every card with its value.
#[test]
fn a_pass_hint_in_the_club_values_each_card_in_points() {
    let v = hint(&["--preset", "club", "--seed", "2", "--moves", "0"]);
    assert_eq!(v["unit"], "points");
    assert!(v["advice"].is_null());
    assert!(v["recommended"].as_str().unwrap().starts_with("give "));
    for c in v["choices"].as_array().unwrap() {
        assert!(c["value"].as_f64().is_some(), "valued: {c}");
    }
}

#[test]
fn a_decided_hand_is_claimed_with_its_line() {
    let v = hint(&[
        "--preset",
        "brooklyn",
        "--seed",
        "3",
        "--moves",
        "105",
        "--players",
        "basic",
    ]);
    assert_eq!(v["phase"], "play");
    let claim = &v["claim"];
    assert_eq!(claim["kind"], "all-the-rest");
    let line = claim["line"].as_array().unwrap();
    assert!(line
        .iter()
        .all(|a| a.as_str().unwrap().starts_with("play ")));
    assert!(claim["seats"].as_array().unwrap().contains(&v["seat"]));
}

#[test]
fn hint_has_help() {
    let r = pinochle(&["hint", "--help"]);
    assert_eq!(r.code, 0);
    assert!(r.stdout.starts_with("Usage: pinochle hint"), "{}", r.stdout);
}

#[test]
fn bad_input_is_a_clear_error() {
    fails(
        &["hint", "--preset", "bison", "--moves", "1", "--bogus"],
        "--bogus",
    );
    fails(&["hint", "--preset", "bison"], "--moves");
    fails(&["hint", "--preset", "nope", "--moves", "1"], "nope");
    fails(
        &[
            "hint",
            "--preset",
            "bison",
            "--moves",
            "1",
            "--players",
            "wizard",
        ],
        "--players",
    );
    fails(
        &[
            "hint",
            "--preset",
            "bison",
            "--seed",
            "1",
            "--moves",
            "100000",
            "--players",
            "basic",
        ],
        "the game ended",
    );
}
