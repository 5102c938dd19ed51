//! Every level returns a legal action for every decision of every preset over
//! seeded playouts, the RULES.md §6 table variants included; decisions depend
//! only on the view; the solver's move generator matches the engine's legal
//! cards (under every head rule); the strict head rule's inference holds.

use pinochle_ai::knowledge::Knowledge;
use pinochle_ai::pimc::deal_of;
use pinochle_ai::player::open_position;
use pinochle_ai::{by_name, Bot, Level, Player};
use pinochle_engine::cards::parse_cards;
use pinochle_engine::game::rng::Rng;
use pinochle_engine::game::tricks::legal_cards;
use pinochle_engine::game::{Action, Phase, State};
use pinochle_engine::{Card, PresetId, Rules};

/// Plays `deals` hands of a preset with one level per seat; checks every action.
fn play(preset: PresetId, levels: &[&str], seed: u64, deals: u32) {
    play_rules(Rules::preset(preset), levels, seed, deals);
}

/// A preset with every §6 table variant on that applies to it.
fn with_variants(preset: PresetId) -> Rules {
    let mut rules = Rules::preset(preset);
    for (key, value) in [
        ("head_rule", "strict"),
        ("concede_any_shortfall", "true"),
        ("automatic_set", "true"),
        ("defenders_always_score", "true"),
        ("bidder_needs_no_tricks", "true"),
        ("redeal_nines", "5"),
        ("lose_at", "300"),
        ("mercy", "true"),
        ("must_bid_to_go_out", "true"),
    ] {
        if pinochle_engine::options::spec(key).is_some_and(|s| s.applies(&rules)) {
            rules.set_option(key, value).unwrap();
        }
    }
    rules
}

/// Plays `deals` hands of a rule set with one level per seat; checks every action.
fn play_rules(rules: Rules, levels: &[&str], seed: u64, deals: u32) {
    let preset = rules.preset;
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
fn every_level_plays_the_table_variants() {
    for preset in PresetId::ALL {
        play_rules(with_variants(preset), &["basic"], 21, 4);
        play_rules(
            with_variants(preset),
            &["expert", "standard", "oracle", "basic"],
            8,
            1,
        );
    }
}

#[test]
fn computer_players_ask_for_a_redeal_whenever_they_may() {
    let rules = Rules::from_preset_id("bison", &["redeal_nines=4"]).unwrap();
    let mut asked = 0;
    for seed in 0..40 {
        let state = State::new(rules.clone(), seed).unwrap();
        let seat = state.current_player().unwrap();
        let legal = state.legal_actions();
        for level in ["basic", "standard", "expert"] {
            let action = by_name(level, seed)
                .unwrap()
                .decide_in(&state, seat)
                .unwrap();
            let may = legal.contains(&Action::DeclineHand);
            assert_eq!(action == Action::DeclineHand, may, "{level} seed {seed}");
            asked += usize::from(may);
        }
    }
    assert!(asked > 0, "no deal gave the opener four nines");
}

/// Under `strict` a follower who did not beat the led suit's best card holds no
/// card of that suit above it, even when the trick was trumped: worlds sampled
/// for another seat never give it one.
#[test]
fn strict_head_rule_inference_holds_in_sampled_worlds() {
    let rules =
        Rules::from_preset_id("partnership", &["head_rule=strict", "pass_cards=0"]).unwrap();
    let hands: Vec<Vec<Card>> = [
        "KH KH QS QS JS JS KD QD JD KC QC JC",
        "AS AS TS TS KS KS 9S 9S AD AD TD TD",
        "AH AH TH 9H AC AC TC TC 9C 9C KD QD",
        "TH QH QH JH JH 9H JD 9D 9D KC QC JC",
    ]
    .iter()
    .map(|h| parse_cards(h).unwrap())
    .collect();
    let mut state = State::from_deal(rules, 1, 3, &hands, &[]).unwrap();
    for action in [
        "bid 250", "pass", "pass", "pass", "trump S", "play KH", "play 9S",
    ] {
        state.apply(action.parse().unwrap()).unwrap();
    }
    // The trick is trumped, yet seat 2 must beat the KH.
    let beat: Vec<Action> = vec!["play AH".parse().unwrap(), "play TH".parse().unwrap()];
    let mut legal = state.legal_actions();
    legal.sort();
    let mut want = beat.clone();
    want.sort();
    assert_eq!(legal, want);
    // Seat 3 cannot beat the TH (only an AH would) and plays the 9H.
    for action in ["play TH", "play 9H"] {
        state.apply(action.parse().unwrap()).unwrap();
    }
    let view = state.observation(0);
    let knowledge = Knowledge::from_view(&view);
    let three = knowledge.active.iter().position(|&s| s == 3).unwrap();
    let mut rng = Rng::new(5);
    for _ in 0..50 {
        let world = knowledge.sample(&view.own.hand, &mut rng);
        assert_eq!(world.holdings[three].count("AH".parse().unwrap()), 0);
    }
}

#[test]
fn unknown_level_is_an_error() {
    assert!(by_name("grandmaster", 1).is_err());
}

/// Walks random playouts and compares the solver's legal cards with the engine's.
#[test]
fn solver_legal_moves_match_the_engine() {
    let rule_sets = PresetId::ALL
        .into_iter()
        .flat_map(|p| [Rules::preset(p), with_variants(p)]);
    for rules in rule_sets {
        let preset = rules.preset;
        let seats = rules.table.seats as usize;
        let mut state = State::new(rules.clone(), 3)
            .unwrap()
            .with_deal_limit(Some(10));
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
