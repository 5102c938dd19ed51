//! Times the exact solver on random full deals: `cargo run --release -p pinochle-ai --example solve_timing -- PLAYERS PER_HAND HEAD COUNTING DEALS`.
use pinochle_ai::rng::BotRng;
use pinochle_ai::solver::{Deal, Position, Solver, MAX_PLAYERS};
use pinochle_engine::rules::{Counting, HeadRule};
use pinochle_engine::{Card, CardCounts, Rank, Suit};
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let players: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(3);
    let per_hand: usize = args.get(2).and_then(|a| a.parse().ok()).unwrap_or(15);
    let head = match args.get(3).map(String::as_str) {
        Some("always") => HeadRule::Always,
        Some("never") => HeadRule::Never,
        _ => HeadRule::TrumpLed,
    };
    let counting = match args.get(4).map(String::as_str) {
        Some("counters") => Counting::Counters,
        Some("fives") => Counting::Fives,
        Some("one") => Counting::CountersOne,
        _ => Counting::Classic,
    };
    let deals: usize = args.get(5).and_then(|a| a.parse().ok()).unwrap_or(50);
    let copies = if counting == Counting::CountersOne {
        4
    } else {
        2
    };
    let mut rng = BotRng::new(7);
    let mut times = Vec::new();
    let mut nodes = 0u64;
    for _ in 0..deals {
        let mut cards = Vec::new();
        for card in Card::all() {
            if card.rank == Rank::Nine && copies == 4 {
                continue;
            }
            for _ in 0..copies {
                cards.push(card);
            }
        }
        rng.shuffle(&mut cards);
        let hands: Vec<CardCounts> = (0..players)
            .map(|p| CardCounts::from_cards(&cards[p * per_hand..(p + 1) * per_hand]))
            .collect();
        let mut side = [false; MAX_PLAYERS];
        side[0] = true;
        if players == 4 {
            side[2] = true;
        }
        let deal = Deal {
            players,
            trump: Some(Suit::from_index(rng.below(4))),
            head,
            counting,
            declarer_side: side,
        };
        let pos = Position::new(&hands, &[], 0).unwrap();
        let mut solver = Solver::new(deal, 20);
        let t = Instant::now();
        let v = solver.solve(&pos);
        times.push(t.elapsed().as_secs_f64() * 1000.0);
        nodes += solver.stats().nodes;
        if std::env::var("SOLVE_VERBOSE").is_ok() {
            println!(
                "v {v} nodes {} probes {}",
                solver.stats().nodes,
                solver.stats().probes
            );
        }
    }
    let total: f64 = times.iter().sum();
    times.sort_by(|a, b| a.total_cmp(b));
    let q = |f: f64| times[((times.len() as f64 - 1.0) * f) as usize];
    println!(
        "p50 {:.2} ms  p95 {:.2} ms  max {:.2} ms  nodes/s {:.0}  mean nodes {:.0}",
        q(0.5),
        q(0.95),
        q(1.0),
        nodes as f64 / total * 1000.0,
        nodes as f64 / deals as f64
    );
}
