//! Times the exact solver over position lines (see [`crate::position_line`])
//! with a clock the caller supplies — `std::time::Instant` natively, the
//! page's `performance.now()` in a browser — so the native and the wasm
//! benchmarks measure exactly the same work and their node counts agree.

use crate::position_line::PositionLine;
use crate::solver::Solver;
use serde::Serialize;

/// One line's solve.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LineSolve {
    /// The value found, `None` when the node cap stopped the search.
    pub value: Option<i32>,
    /// The value the line records.
    pub expected: i32,
    pub nodes: u64,
    pub ms: f64,
}

impl LineSolve {
    /// Finished with a value other than the line's.
    pub fn wrong(&self) -> bool {
        self.value.is_some_and(|v| v != self.expected)
    }
}

/// Totals and time quantiles of a run (capped solves count with the time
/// they took before stopping).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct LineBenchSummary {
    pub positions: usize,
    pub completed: usize,
    pub wrong: usize,
    pub nodes: u64,
    pub ms: f64,
    pub nodes_per_s: f64,
    pub p50_ms: f64,
    pub p95_ms: f64,
}

/// Solves every line with a fresh table of `2^table_bits` entries (cleared
/// before the clock starts), each within `cap` nodes when given.
pub fn solve_lines(
    lines: &[PositionLine],
    table_bits: u32,
    cap: Option<u64>,
    mut now_ms: impl FnMut() -> f64,
) -> Vec<LineSolve> {
    let mut out = Vec::with_capacity(lines.len());
    for line in lines {
        let mut solver = Solver::new(line.deal.clone(), table_bits);
        solver.clear();
        solver.set_node_limit(cap);
        let started = now_ms();
        let value = solver.solve_within(&line.position);
        let ms = now_ms() - started;
        out.push(LineSolve {
            value,
            expected: line.value,
            nodes: solver.stats().nodes,
            ms,
        });
    }
    out
}

/// The totals of a run.
pub fn summarize(solves: &[LineSolve]) -> LineBenchSummary {
    let mut times: Vec<f64> = solves.iter().map(|s| s.ms).collect();
    times.sort_by(f64::total_cmp);
    let quantile = |q: f64| {
        let rank = ((times.len() as f64 * q).ceil() as usize).clamp(1, times.len().max(1));
        times.get(rank - 1).copied().unwrap_or(0.0)
    };
    let nodes: u64 = solves.iter().map(|s| s.nodes).sum();
    let ms: f64 = solves.iter().map(|s| s.ms).sum();
    LineBenchSummary {
        positions: solves.len(),
        completed: solves.iter().filter(|s| s.value.is_some()).count(),
        wrong: solves.iter().filter(|s| s.wrong()).count(),
        nodes,
        ms,
        nodes_per_s: if ms > 0.0 {
            nodes as f64 / ms * 1000.0
        } else {
            0.0
        },
        p50_ms: quantile(0.5),
        p95_ms: quantile(0.95),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solves_lines_to_their_values_and_counts_capped_ones() {
        let text = include_str!("../tests/data/midhand_values.txt");
        let lines: Vec<PositionLine> = PositionLine::parse_all(text)
            .unwrap()
            .into_iter()
            .take(3)
            .collect();
        let mut tick = 0.0;
        let solves = solve_lines(&lines, 16, None, || {
            tick += 1.0;
            tick
        });
        let sum = summarize(&solves);
        assert_eq!((sum.positions, sum.completed, sum.wrong), (3, 3, 0));
        assert_eq!(sum.ms, 3.0, "one clock tick per solve");
        assert!(sum.nodes > 0);
        let capped = summarize(&solve_lines(&lines, 16, Some(1), || 0.0));
        assert_eq!((capped.completed, capped.wrong), (0, 0));
    }
}
