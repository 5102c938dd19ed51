//! Solves the positions of a file written by `pinochle bench --positions`
//! (`PRESET TRUMP LEADER SIDES | hand | ... | trick | VALUE`) and checks each
//! value against the file's, printing the nodes and time of each solve and
//! their totals:
//! `cargo run --release -p pinochle-ai --example solve_file -- FILE [TABLE_BITS]`.
//! Exits with status 1 when a value differs.
use pinochle_ai::position_line::PositionLine;
use pinochle_ai::solver::Solver;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let file = args.get(1).expect("a positions file");
    let bits: u32 = args.get(2).and_then(|b| b.parse().ok()).unwrap_or(20);
    let text = std::fs::read_to_string(file).expect("readable file");
    let (mut nodes, mut seconds, mut wrong, mut count) = (0u64, 0.0f64, 0, 0);
    let mut log_nodes = 0.0f64;
    for line in PositionLine::parse_all(&text).expect("a file of position lines") {
        let (preset, pos, want) = (line.preset.id(), line.position, line.value);
        let mut solver = Solver::new(line.deal, bits);
        solver.clear();
        let started = Instant::now();
        let v = solver.solve(&pos);
        let s = started.elapsed().as_secs_f64();
        let st = solver.stats();
        nodes += st.nodes;
        log_nodes += (st.nodes.max(1) as f64).ln();
        seconds += s;
        count += 1;
        let mark = if v == want {
            ""
        } else {
            wrong += 1;
            " WRONG"
        };
        println!(
            "{preset:12} {:3} cards value {v:4} (file {want:4}) nodes {:10} probes {:2} ms {:9.1}{mark}",
            pos.cards_left(),
            st.nodes,
            st.probes,
            s * 1000.0
        );
    }
    println!(
        "{count} positions, {wrong} wrong, nodes {nodes} (geometric mean {:.0}), seconds {seconds:.2}, nodes/s {:.0}",
        (log_nodes / f64::from(count.max(1))).exp(),
        nodes as f64 / seconds.max(1e-9)
    );
    if wrong > 0 {
        std::process::exit(1);
    }
}
