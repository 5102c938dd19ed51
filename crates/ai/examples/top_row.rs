//! How often a bury's or a partner pass's hint shows a row below its top
//! one (the expert's whole choice) valued higher: `cargo run --release -p
//! pinochle-ai --example top_row -- PRESET WHICH DEALS [FIRST]`, WHICH one of
//! `bury`, `gift` (the bidder's partner's pass) or `return` (the bidder's
//! pass back). Plays DEALS single hands (seeds FIRST, FIRST + 1, …; 0 unless
//! given) with basic players to the first card of that choice, asks the
//! coach (seeded as the deal, basic opponents) and prints each hint whose
//! top row another row beats, with its rows, then the count.
use pinochle_ai::coach::analyse;
use pinochle_ai::{Bot, Level, Player};
use pinochle_engine::game::{Phase, State};
use pinochle_engine::{PresetId, Rules};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let fail = |why: String| -> ! {
        eprintln!("top_row: {why}");
        std::process::exit(2)
    };
    let id = args.get(1).map_or("bison", String::as_str);
    let Some(preset) = PresetId::from_id(id) else {
        fail(format!("unknown preset {id:?}"))
    };
    let which = args.get(2).map_or("bury", String::as_str);
    if !["bury", "gift", "return"].contains(&which) {
        fail(format!("WHICH: {which:?} is not bury, gift or return"));
    }
    let number = |at: usize, name: &str, default: u64| match args.get(at).map(|d| d.parse()) {
        None => default,
        Some(Ok(d)) => d,
        Some(Err(e)) => fail(format!("{name}: {e}")),
    };
    let (deals, first) = (number(3, "DEALS", 40), number(4, "FIRST", 0));
    let rules = Rules::preset(preset);
    let at = |state: &State| {
        let Some(seat) = state.current_player() else {
            return false;
        };
        let view = state.observation(seat);
        match state.phase() {
            Phase::Bury => which == "bury" && view.own.buried.is_empty(),
            Phase::PartnerPass => {
                let bidder = view.public.hand.declarer == Some(view.seat);
                which == if bidder { "return" } else { "gift" } && view.own.passing.is_empty()
            }
            _ => false,
        }
    };
    let (mut hints, mut beaten, mut worst) = (0, 0, 0.0f64);
    for deal in first..first + deals {
        let mut state = State::new(rules.clone(), deal).unwrap_or_else(|e| fail(e.to_string()));
        let mut bots: Vec<Bot> = (0..rules.table.seats)
            .map(|s| Bot::new(Level::Basic, deal * 10 + u64::from(s)))
            .collect();
        for _ in 0..200 {
            if at(&state) || state.phase() == Phase::Tricks {
                break;
            }
            let Some(seat) = state.current_player() else {
                break;
            };
            let action = bots[seat]
                .decide(&state.observation(seat))
                .unwrap_or_else(|e| fail(e.to_string()));
            state.apply(action).unwrap_or_else(|e| fail(e.to_string()));
        }
        if !at(&state) {
            continue;
        }
        let Some(seat) = state.current_player() else {
            continue;
        };
        let analysis = analyse(&state.observation(seat), deal, Level::Basic)
            .unwrap_or_else(|e| fail(e.to_string()));
        hints += 1;
        let value = |i: usize| analysis.choices[i].value.unwrap_or(f64::NEG_INFINITY);
        let top = value(0);
        let above = (1..analysis.choices.len())
            .map(value)
            .fold(f64::NEG_INFINITY, f64::max);
        if above > top + 1e-9 {
            beaten += 1;
            worst = worst.max(above - top);
            println!("deal {deal}: top row {top:.6} below {above:.6}");
            for c in &analysis.choices {
                println!("  {:?}: {:?} · {}", c.action, c.value, c.note);
            }
        }
    }
    println!("{hints} hints, {beaten} with a row above the top one (by up to {worst:.3})");
}
