//! Quick duplicate comparison: `cargo run --release -p pinochle-ai --example duel -- PRESET A B DEALS`.
//! Each deal is played once per seat with A in that seat and B in the others;
//! prints A's mean result (score or ledger change) minus B's mean per seat.
use pinochle_ai::{by_name, Player};
use pinochle_engine::game::State;
use pinochle_engine::{PresetId, Rules};
use std::time::Instant;

fn result_of(state: &State, seat: usize) -> i64 {
    let s = &state.public().session;
    s.scores[seat] + s.ledger.seats[seat]
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let preset = PresetId::from_id(args.get(1).map_or("brooklyn", String::as_str))
        .unwrap_or(PresetId::Brooklyn);
    let a = args.get(2).cloned().unwrap_or("expert".into());
    let b = args.get(3).cloned().unwrap_or("basic".into());
    let deals: u64 = args.get(4).and_then(|d| d.parse().ok()).unwrap_or(20);
    let rules = Rules::preset(preset);
    let seats = rules.table.seats as usize;
    let mut diffs = Vec::new();
    let mut times = Vec::new();
    for deal in 0..deals {
        let mut per_deal = 0.0;
        for a_seat in 0..seats {
            let mut state = State::new(rules.clone(), 1000 + deal)
                .unwrap()
                .with_deal_limit(Some(1));
            let mut bots: Vec<Box<dyn Player>> = (0..seats)
                .map(|s| by_name(if s == a_seat { &a } else { &b }, deal * 10 + s as u64).unwrap())
                .collect();
            while let Some(seat) = state.current_player() {
                let t = Instant::now();
                let action = bots[seat].decide_in(&state, seat).unwrap();
                if seat == a_seat {
                    times.push(t.elapsed().as_secs_f64() * 1000.0);
                }
                state.apply(action).unwrap();
            }
            if std::env::var("DUEL_DEBUG").is_ok() {
                eprintln!(
                    "{:?} {:?}",
                    state.public().session.scores,
                    state.public().session.ledger
                );
            }
            let mine = result_of(&state, a_seat) as f64;
            let others: f64 = (0..seats)
                .filter(|&s| s != a_seat)
                .map(|s| result_of(&state, s) as f64)
                .sum::<f64>()
                / (seats - 1) as f64;
            per_deal += mine - others;
        }
        diffs.push(per_deal / seats as f64);
    }
    let n = diffs.len() as f64;
    let mean = diffs.iter().sum::<f64>() / n;
    let var = diffs.iter().map(|d| (d - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    let half = 1.96 * (var / n).sqrt();
    times.sort_by(|x, y| x.total_cmp(y));
    let q = |f: f64| times[((times.len() as f64 - 1.0) * f) as usize];
    println!(
        "{} {a} vs {b}: deals {deals} mean_diff {mean:.2} ci [{:.2}, {:.2}]  A decision ms p50 {:.2} p95 {:.2} max {:.2}",
        preset.id(), mean - half, mean + half, q(0.5), q(0.95), q(1.0)
    );
}
