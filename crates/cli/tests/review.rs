//! `pinochle review`: the records `simulate --records` writes replay and are
//! graded for every preset (the JSON shape, text output, another seat), and a
//! bad file (missing, not JSON, an unknown format, an old format, a tampered
//! record) or a seat out of range is one error line with exit status 2.

mod common;

use common::{fails, succeeds, Scratch, PRESETS};
use serde_json::Value;
use std::path::PathBuf;

/// One hand of `preset` played by basic players, written by `simulate` into
/// `scratch`.
fn simulated(scratch: &Scratch, preset: &str) -> PathBuf {
    let path = scratch.path(&format!("{preset}.jsonl"));
    succeeds(&[
        "simulate",
        "--preset",
        preset,
        "--hands",
        "1",
        "--seed",
        "3",
        "--bots",
        "basic",
        "--records",
        path.to_str().unwrap(),
    ]);
    path
}

#[test]
fn simulated_records_review_in_every_preset() {
    let scratch = Scratch::new("simulated_records_review_in_every_preset");
    for preset in PRESETS {
        let path = simulated(&scratch, preset);
        let file = path.to_str().unwrap();
        let out = succeeds(&["review", file, "--json"]);
        let hands: Value = serde_json::from_str(&out).expect("JSON");
        let hands = hands.as_array().expect("an array of hands");
        assert_eq!(hands.len(), 1, "{preset}");
        let hand = &hands[0];
        assert_eq!(hand["hand"], 1, "{preset}");
        assert_eq!(hand["seat"], 0, "{preset}");
        assert!(hand["summary"].as_str().is_some(), "{preset}");
        assert!(hand["par"].is_null() || hand["par"]["declarer_par"].is_u64());
        for d in hand["decisions"].as_array().expect("decisions") {
            assert!(d["step"].is_u64() && d["action"].is_string() && d["expert"].is_string());
            assert!(d["cost"].is_null() || d["cost"].as_f64().unwrap() >= 0.0);
            assert!(d["grade"].is_null() || d["grade"].is_string());
        }
        let text = succeeds(&["review", file, "--seat", "1"]);
        assert!(text.starts_with("hand 1 · "), "{preset}: {text}");
        assert!(text.contains("seat 1's decisions") && text.contains("summary: "));
    }
}

#[test]
fn the_steps_a_claim_played_out_are_named_and_not_graded() {
    let scratch = Scratch::new("the_steps_a_claim_played_out_are_named_and_not_graded");
    let path = simulated(&scratch, "partnership");
    let text = std::fs::read_to_string(&path).unwrap();
    let mut record: Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    assert!(
        record["tricks"].as_array().is_some_and(|t| t.len() == 12),
        "the hand is played out"
    );
    // The last trick's four cards, as a table that took a claim writes them.
    record["claimed_cards"] = 4.into();
    let claimed = scratch.path("claimed.jsonl");
    std::fs::write(&claimed, format!("{record}\n")).unwrap();
    let file = claimed.to_str().unwrap();
    let out = succeeds(&["review", file]);
    let line = out
        .lines()
        .find(|l| l.contains("played out by a claim"))
        .unwrap_or_else(|| panic!("no claim line: {out}"));
    let (first, last) = line
        .trim()
        .strip_prefix("steps ")
        .and_then(|l| l.split_once(':'))
        .and_then(|(range, _)| range.split_once('–'))
        .map(|(a, b)| (a.parse::<u64>().unwrap(), b.parse::<u64>().unwrap()))
        .unwrap_or_else(|| panic!("a range of steps: {line}"));
    assert_eq!(last - first, 3, "{line}");
    let hands: Value = serde_json::from_str(&succeeds(&["review", file, "--json"])).unwrap();
    let steps: Vec<u64> = hands[0]["decisions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["step"].as_u64().unwrap())
        .collect();
    assert!(
        !steps.is_empty() && steps.iter().all(|&s| s < first),
        "{steps:?}"
    );
    // Without the claim, seat 0's card of the last trick is graded.
    let plain: Value =
        serde_json::from_str(&succeeds(&["review", path.to_str().unwrap(), "--json"])).unwrap();
    let last_graded = plain[0]["decisions"].as_array().unwrap().last().unwrap()["step"]
        .as_u64()
        .unwrap();
    assert!((first..=last).contains(&last_graded), "{last_graded}");
}

#[test]
fn bad_files_and_seats_are_one_error_line() {
    let scratch = Scratch::new("bad_files_and_seats_are_one_error_line");
    let good = simulated(&scratch, "bison");
    let good_file = good.to_str().unwrap();
    let record = std::fs::read_to_string(&good).unwrap();
    let write = |name: &str, text: &str| {
        let path = scratch.path(name);
        std::fs::write(&path, text).unwrap();
        path.to_str().unwrap().to_string()
    };
    let not_json = write("garbage.jsonl", &format!("{record}\nnot json\n"));
    let empty = write("empty.jsonl", "\n");
    let future = write(
        "future.jsonl",
        &record.replacen("\"format\":3", "\"format\":7", 1),
    );
    let old = write(
        "old.jsonl",
        &record.replacen("\"format\":3", "\"format\":2", 1),
    );
    let mut value: Value = serde_json::from_str(record.trim()).unwrap();
    value["outcome"] = Value::from(if value["outcome"] == "set" {
        "made"
    } else {
        "set"
    });
    let tampered = write("tampered.jsonl", &value.to_string());
    let cases: [(&[&str], &str); 9] = [
        (
            &["review", "/no/such/file.jsonl"],
            "cannot read '/no/such/file.jsonl'",
        ),
        (&["review", &not_json], "line 3: not JSON"),
        (&["review", &empty], "the file holds no hand records"),
        (&["review", &future], "line 1: unknown record format 7"),
        (&["review", &old], "only format 3 records can be replayed"),
        (
            &["review", &tampered],
            "the replay differs from the record in outcome",
        ),
        (
            &["review", good_file, "--seat", "3"],
            "--seat 3: hand 1 has seats 0 to 2",
        ),
        (
            &["review", good_file, "--seat", "x"],
            "--seat: 'x' is not a valid number",
        ),
        (&["review"], "missing the FILE"),
    ];
    for (args, needle) in cases {
        fails(args, needle);
    }
}
