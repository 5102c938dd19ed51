//! How far back the hand review's open-cards par reaches, and how long it
//! takes: `cargo run --release -p pinochle-ai --example par_reach -- [HANDS]
//! [NODES]` plays HANDS one-hand sessions (default 20) of each preset with
//! `basic` players and prints, per preset, the hands with a par, those whose
//! par starts at trick 1, the mean and median trick it starts from, and the
//! time per par (NODES: the budget, default `grading::PAR_NODES`), and in
//! how many hands the par says whether perfect play from the first trick
//! makes the contract (of those whose par starts later, where it took a
//! threshold search).
use pinochle_ai::{by_name, grading, Player};
use pinochle_engine::game::State;
use pinochle_engine::{PresetId, Rules};
use std::time::Instant;

fn main() {
    let mut args = std::env::args().skip(1);
    let hands: u64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(20);
    let nodes: u64 = args
        .next()
        .and_then(|s| s.parse().ok())
        .unwrap_or(grading::PAR_NODES);
    for preset in PresetId::ALL {
        let rules = Rules::preset(preset);
        let mut froms = Vec::new();
        // Contracts settled from the first trick: all, and where the exact
        // par starts later.
        let (mut contracts, mut searched) = (0, 0);
        let mut ms = Vec::new();
        for k in 0..hands {
            let Ok(state) = State::new(rules.clone(), 0xABC0 + k) else {
                continue;
            };
            let start = state.with_deal_limit(Some(1));
            let mut state = start.clone();
            let mut bots: Vec<Box<dyn Player>> = (0..rules.table.seats as u64)
                .filter_map(|s| by_name("basic", k * 8 + s).ok())
                .collect();
            let mut moves = Vec::new();
            while let Some(seat) = state.current_player() {
                let Ok(action) = bots[seat].decide_in(&state, seat) else {
                    break;
                };
                moves.push((seat, action.clone()));
                if state.apply_for(seat, action).is_err() {
                    break;
                }
            }
            let clock = Instant::now();
            let par = grading::par(&start, &moves, nodes);
            ms.push(clock.elapsed().as_secs_f64() * 1000.0);
            if let Some(p) = par {
                froms.push(p.from_trick);
                if p.contract.is_some() {
                    contracts += 1;
                    searched += usize::from(p.from_trick > 1);
                }
            }
        }
        if froms.is_empty() {
            println!("{preset:?}: no par in {hands} hands");
            continue;
        }
        froms.sort_unstable();
        ms.sort_by(f64::total_cmp);
        let at = |share: f64| ms[((ms.len() - 1) as f64 * share).round() as usize];
        let first = froms.iter().filter(|&&f| f == 1).count();
        let mean = froms.iter().map(|&f| f64::from(f)).sum::<f64>() / froms.len() as f64;
        println!(
            "{preset:?}: {} pars, {first} from trick 1, from trick {mean:.2} on average (median {}); contract settled in {contracts} ({searched} by the threshold search); ms p50 {:.1} p95 {:.1} max {:.1}",
            froms.len(),
            froms[froms.len() / 2],
            at(0.5),
            at(0.95),
            at(1.0)
        );
    }
}
