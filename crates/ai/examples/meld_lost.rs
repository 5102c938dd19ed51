//! Defenders whose meld did not count in self-play: `cargo run --release -p
//! pinochle-ai --example meld_lost -- PRESET LEVEL DEALS`. Plays DEALS single
//! hands (seeds 5000, 5001, …) with every seat at LEVEL and counts, among the
//! hands played out, the defending parties that had meld and missed what their
//! rules ask for it to count (bison: a counter card of their own; partnership:
//! 10 trick points between the partners), and the meld they lost.
use pinochle_ai::{by_name, Player};
use pinochle_engine::game::{same_side, State};
use pinochle_engine::rules::{DefenderNeeds, Scoring};
use pinochle_engine::{PresetId, Rules};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let fail = |why: String| -> ! {
        eprintln!("meld_lost: {why}");
        std::process::exit(2)
    };
    let id = args.get(1).map_or("bison", String::as_str);
    let Some(preset) = PresetId::from_id(id) else {
        fail(format!("unknown preset {id:?}"))
    };
    let level = args.get(2).cloned().unwrap_or("expert".into());
    let deals: u64 = match args.get(3).map(|d| d.parse()) {
        None => 100,
        Some(Ok(d)) => d,
        Some(Err(e)) => fail(format!("DEALS: {e}")),
    };
    let rules = Rules::preset(preset);
    let Scoring::Points(scoring) = &rules.scoring else {
        fail(format!(
            "{id}: only points games have defenders' meld to lose"
        ))
    };
    if let Err(e) = by_name(&level, 0) {
        fail(e.to_string());
    }
    let seats = rules.table.seats as usize;
    let (mut played, mut missed, mut lost) = (0, 0, 0);
    for deal in 0..deals {
        let mut state = State::new(rules.clone(), 5000 + deal)
            .unwrap()
            .with_deal_limit(Some(1));
        let mut bots: Vec<Box<dyn Player>> = (0..seats)
            .map(|s| by_name(&level, deal * 10 + s as u64).unwrap())
            .collect();
        // The hand as it stood after its last card (the next deal clears it).
        let mut last = None;
        while let Some(seat) = state.current_player() {
            let action = bots[seat].decide_in(&state, seat).unwrap();
            state.apply(action).unwrap();
            let h = &state.public().hand;
            if !h.plays.is_empty() {
                last = Some(h.clone());
            }
        }
        let Some(h) = last else { continue };
        let Some(declarer) = h.declarer else { continue };
        if h.hand_sizes.iter().any(|&n| n > 0) {
            continue; // Conceded or claimed before its end.
        }
        played += 1;
        let defenders: Vec<usize> = h
            .active
            .iter()
            .copied()
            .filter(|&s| !same_side(&rules, s, declarer))
            .collect();
        // One party per defender in bison, the pair in a partnership.
        let parties: Vec<Vec<usize>> = if rules.table.partnerships {
            vec![defenders]
        } else {
            defenders.into_iter().map(|s| vec![s]).collect()
        };
        for party in parties {
            let meld: u32 = party
                .iter()
                .filter_map(|&s| h.melds[s].as_ref().map(|m| m.total))
                .sum();
            let points: u32 = party.iter().map(|&s| h.trick_points[s]).sum();
            let counter = party.iter().any(|&s| h.counters_taken[s] > 0);
            let met = match scoring.defender_needs {
                DefenderNeeds::Nothing => true,
                DefenderNeeds::CounterCard => counter,
                DefenderNeeds::TrickPoints(n) => points >= n,
            };
            if meld > 0 && !met {
                missed += 1;
                lost += meld;
            }
        }
    }
    println!(
        "{} {level}: {played} hands played out, {missed} defending parties missed what their meld needs, {lost} meld lost",
        preset.id()
    );
}
