//! Every level returns a legal action for every decision of every preset over
//! seeded playouts; decisions depend only on the view; the solver's move
//! generator matches the engine's legal cards.

use pinochle_ai::pimc::deal_of;
use pinochle_ai::player::open_position;
use pinochle_ai::{by_name, Bot, Level, Player};
use pinochle_engine::game::tricks::legal_cards;
use pinochle_engine::game::{Phase, State};
use pinochle_engine::{PresetId, Rules};

/// Plays `deals` hands of a preset with one level per seat; checks every action.
fn play(preset: PresetId, levels: &[&str], seed: u64, deals: u32) {
    let rules = Rules::preset(preset);
    let seats = rules.table.seats as usize;
    let mut state = State::new(rules, seed)
        .unwrap()
        .with_deal_limit(Some(deals));
    let mut bots: Vec<Box<dyn Player>> = (0..seats)
        .map(|s| by_name(levels[s % levels.len()], seed + s as u64).unwrap())
        .collect();
    let mut steps = 0;
    while let Some(seat) = state.current_player() {
        let legal = state.legal_actions();
        let action = bots[seat].decide_in(&state, seat).unwrap();
        assert!(
            legal.contains(&action),
            "{preset:?}: {action} not legal in {:?}",
            state.phase()
        );
        state.apply(action).unwrap();
        steps += 1;
        assert!(steps < 5000 * deals as usize, "no end");
    }
}

#[test]
fn basic_plays_every_preset() {
    for preset in PresetId::ALL {
        play(preset, &["basic"], 11, 3);
    }
}

#[test]
fn searching_levels_play_every_preset() {
    for preset in PresetId::ALL {
        play(preset, &["expert", "standard", "oracle", "basic"], 5, 1);
    }
}

#[test]
fn unknown_level_is_an_error() {
    assert!(by_name("grandmaster", 1).is_err());
}

/// Walks random playouts and compares the solver's legal cards with the engine's.
#[test]
fn solver_legal_moves_match_the_engine() {
    for preset in PresetId::ALL {
        let rules = Rules::preset(preset);
        let seats = rules.table.seats as usize;
        let mut state = State::new(rules.clone(), 3)
            .unwrap()
            .with_deal_limit(Some(2));
        let mut bots: Vec<Bot> = (0..seats)
            .map(|s| Bot::new(Level::Basic, s as u64))
            .collect();
        let mut checked = 0;
        while let Some(seat) = state.current_player() {
            if state.phase() == Phase::Tricks {
                let view = state.observation(seat);
                let pos = open_position(&state).unwrap();
                let deal = deal_of(&view).unwrap();
                let trick: Vec<_> = view
                    .public
                    .hand
                    .current_trick()
                    .iter()
                    .map(|p| p.card)
                    .collect();
                let engine = legal_cards(
                    &view.own.hand,
                    &trick,
                    view.public.hand.trump,
                    rules.play.head,
                );
                assert_eq!(pos.legal_cards(&deal), engine, "{preset:?}");
                checked += 1;
            }
            let action = bots[seat].decide(&state.observation(seat)).unwrap();
            state.apply(action).unwrap();
        }
        assert!(
            checked > 0 || preset == PresetId::Club,
            "{preset:?}: no trick played"
        );
    }
}

/// Two states that give a seat the same view (other hands swapped) yield the
/// same decision from same-seeded bots.
#[test]
fn decisions_depend_only_on_the_view() {
    let mut total = 0;
    for preset in PresetId::ALL {
        let rules = Rules::preset(preset);
        let seats = rules.table.seats as usize;
        let mut state = State::new(rules.clone(), 21)
            .unwrap()
            .with_deal_limit(Some(1));
        let mut driver: Vec<Bot> = (0..seats)
            .map(|s| Bot::new(Level::Basic, s as u64))
            .collect();
        let mut compared = 0;
        while let Some(seat) = state.current_player() {
            if state.phase() == Phase::Tricks && compared < 6 {
                let view = state.observation(seat);
                let hidden = swapped_world(&state, seat);
                if let Some(other) = hidden {
                    assert_eq!(other.observation(seat), view);
                    for level in ["basic", "standard", "expert"] {
                        let a = by_name(level, 9).unwrap().decide(&view).unwrap();
                        let b = by_name(level, 9)
                            .unwrap()
                            .decide(&other.observation(seat))
                            .unwrap();
                        assert_eq!(a, b, "{preset:?} {level}");
                    }
                    compared += 1;
                }
            }
            let action = driver[seat].decide(&state.observation(seat)).unwrap();
            state.apply(action).unwrap();
        }
        total += compared;
    }
    assert!(total >= 10, "only {total} decisions compared");
}

/// The same state with two other seats' hands exchanged through serde: a
/// different world that gives `seat` the same view.
fn swapped_world(state: &State, seat: usize) -> Option<State> {
    let view = state.observation(seat);
    let h = &view.public.hand;
    let others: Vec<usize> = h.active.iter().copied().filter(|&s| s != seat).collect();
    let (&a, &b) = (others.first()?, others.get(1)?);
    if h.hand_sizes[a] != h.hand_sizes[b] {
        return None;
    }
    let mut json = serde_json::to_value(state).ok()?;
    let private = json.get_mut("private")?.as_array_mut()?;
    let hand_a = private[a].get("hand")?.clone();
    let hand_b = private[b].get("hand")?.clone();
    private[a]["hand"] = hand_b;
    private[b]["hand"] = hand_a;
    let other: State = serde_json::from_value(json).ok()?;
    Some(other)
}
