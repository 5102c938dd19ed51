//! The exact solver's benchmark in headless Chromium (a benchmark, not a
//! test): solves the position lines of the file named by
//! `PINOCHLE_SOLVER_POSITIONS` at build time, within `PINOCHLE_SOLVER_CAP`
//! nodes each, and prints the totals as one `solver-bench {...}` JSON line.
//! `cargo xtask bench-solver-wasm` writes the file, builds this with the
//! `solver-bench` feature, runs it and sets it beside the native figures.

use pinochle_ai::line_bench::{solve_lines, summarize};
use pinochle_ai::position_line::PositionLine;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

wasm_bindgen_test_configure!(run_in_browser);

const POSITIONS: &str = include_str!(env!("PINOCHLE_SOLVER_POSITIONS"));
const CAP: &str = env!("PINOCHLE_SOLVER_CAP");
const TABLE_BITS: u32 = 20;

/// The page's `performance.now()`, in milliseconds.
fn clock() -> impl FnMut() -> f64 {
    let performance = js_sys::Reflect::get(&js_sys::global(), &"performance".into())
        .expect("a global `performance`");
    let now: js_sys::Function = js_sys::Reflect::get(&performance, &"now".into())
        .expect("performance.now")
        .dyn_into()
        .expect("performance.now is a function");
    move || {
        now.call0(&performance)
            .ok()
            .and_then(|t| t.as_f64())
            .unwrap_or(0.0)
    }
}

#[wasm_bindgen_test]
fn solver_bench() {
    let lines = PositionLine::parse_all(POSITIONS).expect("the positions file is valid");
    let cap: u64 = CAP.parse().expect("PINOCHLE_SOLVER_CAP is a whole number");
    let solves = solve_lines(&lines, TABLE_BITS, (cap > 0).then_some(cap), clock());
    let summary = summarize(&solves);
    web_sys::console::log_1(
        &format!(
            "solver-bench {}",
            serde_json::to_string(&summary).expect("a summary serializes")
        )
        .into(),
    );
    assert_eq!(summary.wrong, 0, "a solve disagreed with its line's value");
}
