//! The AI through the `pinochle` binary at tiny sizes: simulate with AI bots on
//! every preset, the duplicate tournament's JSON and simulate's output (the
//! same on any number of threads), the bench's JSON, bad input.

mod common;

use common::{fails, json, PRESETS};
use serde_json::Value;

fn number(v: &Value, path: &[&str]) -> f64 {
    let mut at = v;
    for key in path {
        at = &at[*key];
    }
    at.as_f64()
        .unwrap_or_else(|| panic!("{path:?} is not a number in {v}"))
}

#[test]
fn simulate_plays_every_preset_with_ai_bots_cycled() {
    for preset in PRESETS {
        let v = json(&[
            "simulate",
            "--preset",
            preset,
            "--hands",
            "1",
            "--seed",
            "4",
            "--bots",
            "expert,basic,standard",
            "--check",
        ]);
        assert_eq!(v["hands"], 1, "{preset}: {v}");
        let bots = v["bots"].as_array().unwrap();
        assert_eq!(bots[0], "expert");
        assert_eq!(bots[1], "basic");
        assert_eq!(bots[2], "standard");
        if bots.len() == 4 {
            assert_eq!(bots[3], "expert", "names are cycled");
        }
    }
}

#[test]
fn tournament_json_has_the_issue_keys() {
    for (preset, arrangements) in [("bison", 6), ("partnership", 2)] {
        let v = json(&[
            "tournament",
            "--preset",
            preset,
            "--a",
            "basic",
            "--b",
            "random",
            "--deals",
            "2",
            "--seed",
            "9",
            "--json",
        ]);
        assert_eq!(v["deals"], 2);
        assert_eq!(v["arrangements_per_deal"], arrangements);
        let mean = number(&v, &["mean_diff"]);
        assert!(number(&v, &["ci_low"]) <= mean && mean <= number(&v, &["ci_high"]));
        for side in ["a", "b"] {
            number(&v, &[side, "bids_won"]);
            let made = number(&v, &[side, "made_rate"]);
            assert!((0.0..=1.0).contains(&made));
            let p50 = number(&v, &[side, "decision_ms", "p50"]);
            let p95 = number(&v, &[side, "decision_ms", "p95"]);
            let max = number(&v, &[side, "decision_ms", "max"]);
            assert!(p50 <= p95 && p95 <= max, "{v}");
        }
        // Same seed, same match.
        let again = json(&[
            "tournament",
            "--preset",
            preset,
            "--a",
            "basic",
            "--b",
            "random",
            "--deals",
            "2",
            "--seed",
            "9",
            "--json",
        ]);
        assert_eq!(again["mean_diff"], v["mean_diff"]);
    }
}

#[test]
fn a_bot_against_itself_is_even() {
    let v = json(&[
        "tournament",
        "--preset",
        "brooklyn",
        "--a",
        "first",
        "--b",
        "first",
        "--deals",
        "2",
        "--json",
    ]);
    assert_eq!(number(&v, &["mean_diff"]), 0.0);
}

#[test]
fn tournament_json_is_the_same_for_any_thread_count() {
    let with = |threads: &str| {
        let mut v = json(&[
            "tournament",
            "--preset",
            "bison",
            "--a",
            "standard",
            "--b",
            "basic",
            "--deals",
            "4",
            "--seed",
            "3",
            "--threads",
            threads,
            "--json",
        ]);
        // Decision times are wall-clock: they differ from run to run.
        for side in ["a", "b"] {
            v[side]
                .as_object_mut()
                .expect("a side")
                .remove("decision_ms");
        }
        v
    };
    assert_eq!(with("1"), with("2"));
}

#[test]
fn simulate_is_the_same_for_any_thread_count() {
    let dir = std::env::temp_dir();
    let with = |threads: &str| {
        let records = dir.join(format!(
            "pinochle-sim-threads-{threads}-{}.jsonl",
            std::process::id()
        ));
        let path = records.to_str().expect("a path").to_string();
        let mut v = json(&[
            "simulate",
            "--preset",
            "bison",
            "--hands",
            "7",
            "--deals-per-session",
            "2",
            "--bots",
            "basic,random",
            "--seed",
            "11",
            "--check",
            "--records",
            &path,
            "--threads",
            threads,
        ]);
        for timing in ["seconds", "hands_per_second"] {
            v.as_object_mut().expect("an object").remove(timing);
        }
        let lines = std::fs::read_to_string(&records).expect("records");
        std::fs::remove_file(&records).ok();
        (v, lines)
    };
    let one = with("1");
    assert_eq!(one.0["sessions_started"], 4);
    assert_eq!(one, with("2"));
}

#[test]
fn bench_json_has_the_issue_keys() {
    let v = json(&[
        "bench",
        "--deals",
        "1",
        "--cap",
        "2000",
        "--expert-deals",
        "0",
        "--json",
    ]);
    for key in ["solve_ms", "midhand_ms", "expert_decision_ms"] {
        number(&v, &[key, "p50"]);
        number(&v, &[key, "p95"]);
    }
    for preset in PRESETS {
        number(&v, &["solve_ms_by_preset", preset, "p50"]);
        number(&v, &["solve_ms_by_preset", preset, "p95"]);
        number(&v, &["solve_ms_by_preset", preset, "completed"]);
        let share = number(&v, &["solve_ms_by_preset", preset, "completed_share"]);
        assert!((0.0..=1.0).contains(&share));
        number(&v, &["solve_ms_by_preset", preset, "nodes_p95"]);
        number(&v, &["midhand_ms_by_preset", preset, "p95"]);
        number(&v, &["expert_decision_ms_by_preset", preset, "p95"]);
        let solves = number(&v, &["threshold_ms_by_preset", preset, "solves"]);
        let completed = number(&v, &["threshold_ms_by_preset", preset, "completed"]);
        let reached = number(&v, &["threshold_ms_by_preset", preset, "reached"]);
        assert!(reached <= completed && completed <= solves);
    }
    assert_eq!(number(&v, &["node_cap"]), 2000.0);
    assert!(number(&v, &["nodes_per_s"]) > 0.0);
    number(&v, &["pimc_worlds_per_s"]);
}

#[test]
fn bad_input_is_one_line_exit_2() {
    let cases: &[(&[&str], &str)] = &[
        (
            &[
                "tournament",
                "--preset",
                "bison",
                "--a",
                "genius",
                "--b",
                "basic",
                "--deals",
                "1",
            ],
            "unknown level",
        ),
        (
            &[
                "tournament",
                "--preset",
                "bison",
                "--a",
                "basic",
                "--b",
                "basic",
                "--deals",
                "0",
            ],
            "at least 1",
        ),
        (
            &[
                "tournament",
                "--preset",
                "bison",
                "--a",
                "basic",
                "--b",
                "basic",
            ],
            "--deals",
        ),
        (&["bench", "--node-cap", "0"], "at least 1"),
        (&["bench", "--cap", "0"], "at least 1"),
        (&["bench", "--deals", "x"], "not a valid number"),
        (
            &["bench", "--positions", "--preset", "bison", "--mid", "15"],
            "--mid 15 leaves no trick to solve: a hand of bison has 15 tricks",
        ),
    ];
    for (args, needle) in cases {
        fails(args, needle);
    }
}
