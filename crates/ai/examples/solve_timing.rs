//! Times the exact solver on random deals:
//! `cargo run --release -p pinochle-ai --example solve_timing -- PLAYERS PER_HAND HEAD COUNTING DEALS [NODE_CAP] [PLAYED_TRICKS]`,
//! or on hands of a preset bid, named and buried by `basic` players:
//! `... --example solve_timing -- preset PRESET DEALS [NODE_CAP] [PLAYED_TRICKS]`.
//!
//! `NODE_CAP` (0: none) caps each solve; deals that hit it count as unfinished
//! and their time and nodes are left out of the percentiles. `PLAYED_TRICKS`
//! plays that many tricks of random legal cards first (mid-hand positions).
//! `SOLVE_VERBOSE=1` prints each deal's value, nodes and probes;
//! `SOLVE_TABLE_BITS` sets the table size (default 20: 2^20 entries).
use pinochle_ai::pimc::deal_of;
use pinochle_ai::player::open_position;
use pinochle_ai::solver::{Deal, Position, Solver, MAX_PLAYERS};
use pinochle_ai::{by_name, Player};
use pinochle_engine::game::rng::Rng;
use pinochle_engine::game::{Phase, State};
use pinochle_engine::rules::{Counting, HeadRule};
use pinochle_engine::{Card, CardCounts, PresetId, Rank, Rules, Suit};
use std::time::Instant;

/// Up to `deals` hands of a preset at the first card of trick play (or after
/// `played` tricks), every decision by `basic` players.
fn preset_positions(preset: PresetId, deals: usize, played: usize) -> Vec<(Deal, Position)> {
    let rules = Rules::preset(preset);
    let mut out = Vec::new();
    for k in 0..deals as u64 * 4 {
        if out.len() >= deals {
            break;
        }
        let Ok(state) = State::new(rules.clone(), 0x5EED_0000 + k) else {
            continue;
        };
        let mut state = state.with_deal_limit(Some(1));
        let mut bots: Vec<Box<dyn Player>> = (0..rules.table.seats as u64)
            .filter_map(|s| by_name("basic", k * 8 + s).ok())
            .collect();
        while let Some(seat) = state.current_player() {
            let h = &state.public().hand;
            if state.phase() == Phase::Tricks
                && h.current_trick().is_empty()
                && h.completed_tricks().count() >= played
            {
                let view = state.observation(seat);
                if let (Some(deal), Some(pos)) = (deal_of(&view), open_position(&state)) {
                    out.push((deal, pos));
                }
                break;
            }
            let Ok(action) = bots[seat].decide_in(&state, seat) else {
                break;
            };
            if state.apply(action).is_err() {
                break;
            }
        }
    }
    out
}

/// Plays `tricks` tricks of random legal cards from `pos`.
fn play_random(rng: &mut Rng, deal: &Deal, pos: Position, tricks: usize) -> Position {
    let mut hands: Vec<CardCounts> = (0..deal.players).map(|p| pos.hand(p)).collect();
    let mut leader = pos.to_move();
    for _ in 0..tricks {
        let mut trick: Vec<Card> = Vec::new();
        for _ in 0..deal.players {
            let cur = Position::new(&hands, &trick, leader).unwrap();
            let legal = cur.legal_cards(deal);
            let card = legal[rng.below(legal.len())];
            let me = cur.to_move();
            hands[me].0[card.index()] -= 1;
            trick.push(card);
        }
        // The winner: the first highest trump, or else of the led suit.
        let trump = deal.trump;
        let mut best = 0;
        for (i, c) in trick.iter().enumerate().skip(1) {
            let w = trick[best];
            let beats = if c.suit == w.suit {
                c.rank > w.rank
            } else {
                Some(c.suit) == trump
            };
            if beats {
                best = i;
            }
        }
        leader = (leader + best) % deal.players;
    }
    Position::new(&hands, &[], leader).unwrap()
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let cap_arg = |i: usize| args.get(i).and_then(|a| a.parse().ok()).unwrap_or(0);
    let problems: Vec<(Deal, Position)>;
    let cap: u64;
    if args.get(1).map(String::as_str) == Some("preset") {
        let preset = args
            .get(2)
            .and_then(|id| PresetId::from_id(id))
            .expect("a preset id");
        let deals = cap_arg(3) as usize;
        cap = cap_arg(4);
        problems = preset_positions(preset, deals, cap_arg(5) as usize);
    } else {
        (problems, cap) = random_problems(&args);
    }
    run(&problems, cap);
}

/// Random deals of the shape on the command line (see the module notes).
fn random_problems(args: &[String]) -> (Vec<(Deal, Position)>, u64) {
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
    let cap: u64 = args.get(6).and_then(|a| a.parse().ok()).unwrap_or(0);
    let played: usize = args.get(7).and_then(|a| a.parse().ok()).unwrap_or(0);
    let copies = if counting == Counting::CountersOne {
        4
    } else {
        2
    };
    let mut rng = Rng::new(7);
    let mut problems = Vec::new();
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
            last_trick: true,
        };
        let mut pos = Position::new(&hands, &[], 0).unwrap();
        if played > 0 {
            pos = play_random(&mut rng, &deal, pos, played);
        }
        problems.push((deal, pos));
    }
    (problems, cap)
}

/// Solves every problem under the cap and prints the figures.
fn run(problems: &[(Deal, Position)], cap: u64) {
    let verbose = std::env::var("SOLVE_VERBOSE").is_ok();
    let table_bits: u32 = std::env::var("SOLVE_TABLE_BITS")
        .ok()
        .and_then(|b| b.parse().ok())
        .unwrap_or(20);
    let deals = problems.len();
    let mut times = Vec::new();
    let mut node_counts = Vec::new();
    let mut finished = 0usize;
    let mut value_sum = 0i64;
    let mut all_nodes = 0u64;
    for (deal, pos) in problems {
        let mut solver = Solver::new(deal.clone(), table_bits);
        solver.set_node_limit((cap > 0).then_some(cap));
        let t = Instant::now();
        let v = solver.solve_within(pos);
        let ms = t.elapsed().as_secs_f64() * 1000.0;
        let stats = solver.stats();
        // Capped deals count as the cap.
        all_nodes += if cap > 0 {
            stats.nodes.min(cap)
        } else {
            stats.nodes
        };
        if verbose {
            println!("v {v:?} nodes {} probes {}", stats.nodes, stats.probes);
        }
        if let Some(v) = v {
            finished += 1;
            value_sum += i64::from(v);
            times.push(ms);
            node_counts.push(stats.nodes as f64);
        }
    }
    let total_ms: f64 = times.iter().sum();
    let total_nodes: f64 = node_counts.iter().sum();
    let pct = |xs: &mut Vec<f64>, f: f64| {
        xs.sort_by(|a, b| a.total_cmp(b));
        if xs.is_empty() {
            f64::NAN
        } else {
            xs[((xs.len() as f64 - 1.0) * f).round() as usize]
        }
    };
    println!(
        "finished {finished}/{deals}  time p50 {:.3} ms p95 {:.3} ms max {:.3} ms  nodes p50 {:.0} p95 {:.0} mean {:.0}  nodes/s {:.0}  value sum {value_sum}  all nodes {all_nodes}",
        pct(&mut times, 0.5),
        pct(&mut times, 0.95),
        pct(&mut times, 1.0),
        pct(&mut node_counts, 0.5),
        pct(&mut node_counts, 0.95),
        total_nodes / finished.max(1) as f64,
        total_nodes / total_ms.max(1e-9) * 1000.0,
    );
}
