//! Solves the positions of a file written by `pinochle bench --positions`
//! (`PRESET TRUMP LEADER SIDES | hand | ... | trick | VALUE`) and checks each
//! value against the file's, printing the nodes and time of each solve and
//! their totals:
//! `cargo run --release -p pinochle-ai --example solve_file -- FILE [TABLE_BITS] [--cap N] [--json]`.
//! `--cap` stops each solve after N nodes (it then counts as not completed;
//! 0: no cap);
//! `--json` prints only the totals, as `cargo xtask bench-solver-wasm` reads
//! them. Exits with status 1 when a value differs.
use pinochle_ai::line_bench::{solve_lines, summarize};
use pinochle_ai::position_line::PositionLine;
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let (mut file, mut bits, mut cap, mut json) = (None, 20u32, None, false);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--json" => json = true,
            "--cap" => {
                let n: u64 = args.next().and_then(|n| n.parse().ok()).expect("--cap N");
                cap = (n > 0).then_some(n);
            }
            _ if file.is_none() => file = Some(arg),
            _ => bits = arg.parse().expect("TABLE_BITS is a whole number"),
        }
    }
    let file = file.expect("a positions file");
    let text = std::fs::read_to_string(&file).expect("readable file");
    let lines = PositionLine::parse_all(&text).expect("a file of position lines");
    let clock = Instant::now();
    let solves = solve_lines(&lines, bits, cap, || clock.elapsed().as_secs_f64() * 1000.0);
    let summary = summarize(&solves);
    if json {
        println!(
            "{}",
            serde_json::to_string(&summary).expect("a summary serializes")
        );
    } else {
        let mut log_nodes = 0.0f64;
        for (line, s) in lines.iter().zip(&solves) {
            log_nodes += (s.nodes.max(1) as f64).ln();
            let value = s.value.map_or("capped".to_string(), |v| v.to_string());
            let mark = if s.wrong() { " WRONG" } else { "" };
            println!(
                "{:12} {:3} cards value {value:>6} (file {:4}) nodes {:10} ms {:9.1}{mark}",
                line.preset.id(),
                line.position.cards_left(),
                s.expected,
                s.nodes,
                s.ms
            );
        }
        println!(
            "{} positions, {} completed, {} wrong, nodes {} (geometric mean {:.0}), seconds {:.2}, nodes/s {:.0}",
            summary.positions,
            summary.completed,
            summary.wrong,
            summary.nodes,
            (log_nodes / summary.positions.max(1) as f64).exp(),
            summary.ms / 1000.0,
            summary.nodes_per_s
        );
    }
    if summary.wrong > 0 {
        std::process::exit(1);
    }
}
