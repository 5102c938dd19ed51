//! Hand records as files and replays: records written and read back are the
//! same for every preset; a format 3 record replays to itself (club meld
//! choices, challenges and concessions included); a tampered or malformed
//! file is refused with the line or hand and what is wrong; records of older
//! formats (a format-1 record from `tests/data/records/`) still read.

use std::ops::ControlFlow;

use pinochle_engine::game::play::play_session;
use pinochle_engine::game::rng::Rng;
use pinochle_engine::game::{
    read_records, write_records, Action, HandRecord, HandReplay, Outcome, RecordError, Seat, State,
    FORMAT_VERSION,
};
use pinochle_engine::{PresetId, Rules};

/// Every hand record of a session of `deals` deals played by random players.
fn session_records(rules: Rules, seed: u64, deals: u32) -> Vec<HandRecord> {
    let mut state = State::new(rules, seed)
        .unwrap()
        .with_deal_limit(Some(deals));
    let mut records = state.recent_records().to_vec();
    let mut rng = Rng::new(seed ^ 0x5EED);
    play_session(
        &mut state,
        |_, _, legal| Ok::<Action, ()>(legal[rng.below(legal.len())].clone()),
        |state, step| {
            if step.ended_a_hand() {
                records.extend(state.recent_records().iter().cloned());
            }
            Ok(ControlFlow::Continue(()))
        },
    )
    .unwrap();
    records
}

/// Rule sets of every preset, and some with options changed.
fn rule_sets() -> Vec<Rules> {
    let mut all: Vec<Rules> = PresetId::ALL.into_iter().map(Rules::preset).collect();
    let changed: [(PresetId, &[&str]); 3] = [
        (PresetId::Brooklyn, &["pot_game=true", "seats=4"]),
        (PresetId::Club, &["high_hand=true", "seats=4"]),
        (PresetId::Bison, &["head_rule=always", "redeal_nines=5"]),
    ];
    for (preset, settings) in changed {
        all.push(Rules::preset(preset).with_settings(settings).unwrap());
    }
    all
}

#[test]
fn records_written_read_back_unchanged_in_every_preset() {
    for rules in rule_sets() {
        let preset = rules.preset;
        let records = session_records(rules.clone(), 5, 6);
        assert!(records.len() >= 6, "{preset:?}");
        for r in &records {
            assert_eq!(r.format, FORMAT_VERSION);
            assert!(r.standing.is_some());
            let options: Vec<String> = r.options.iter().map(|(k, v)| format!("{k}={v}")).collect();
            let rebuilt = Rules::preset(r.preset).with_settings(&options).unwrap();
            assert_eq!(rebuilt, rules, "{preset:?}: the options rebuild the rules");
        }
        let text = write_records(&records);
        assert_eq!(text.lines().count(), records.len());
        assert_eq!(read_records(&text).unwrap(), records, "{preset:?}");
    }
}

#[test]
fn every_record_replays_to_itself_in_every_preset() {
    for rules in rule_sets() {
        let preset = rules.preset;
        for r in session_records(rules, 11, 8) {
            let replay = HandReplay::from_record(&r)
                .unwrap_or_else(|e| panic!("{preset:?} hand {}: {e}", r.hand));
            assert_eq!(replay.record, r);
            assert_eq!(replay.moves, r.actions);
            if r.actions.is_empty() {
                continue;
            }
            assert_eq!(replay.start.public().hand.number, r.hand);
            // Stepped through, each move is legal in its seat's own view.
            for (step, (seat, action)) in replay.moves.iter().enumerate() {
                let view = replay.view_before(step, *seat);
                assert!(view.legal_actions().contains(action), "{preset:?} {step}");
            }
        }
    }
}

#[test]
fn club_hands_with_meld_choices_challenges_and_concessions_replay() {
    let (mut shown, mut challenged, mut conceded) = (false, false, false);
    for seed in 0..6 {
        for r in session_records(Rules::preset(PresetId::Club), seed, 10) {
            HandReplay::from_record(&r).unwrap_or_else(|e| panic!("seed {seed}: {e}"));
            shown |= r
                .actions
                .iter()
                .any(|(_, a)| matches!(a, Action::ShowMeld(_)));
            challenged |= r.challenges.iter().any(|&(_, c)| c);
            conceded |= r.outcome == Outcome::Conceded;
        }
    }
    assert!(
        shown && challenged && conceded,
        "{shown} {challenged} {conceded}"
    );
}

fn a_played_hand() -> HandRecord {
    session_records(Rules::preset(PresetId::Bison), 3, 4)
        .into_iter()
        .find(|r| r.tricks.len() > 2)
        .expect("a hand played out")
}

#[test]
fn an_illegal_action_is_named() {
    let mut r = a_played_hand();
    // The first card played, replaced by one its seat never held.
    let index = r
        .actions
        .iter()
        .position(|(_, a)| matches!(a, Action::PlayCard(_)))
        .unwrap();
    let seat: Seat = r.actions[index].0;
    let held = &r.deal.hands[&seat.to_string()];
    let other = r
        .deal
        .hands
        .iter()
        .find(|(s, _)| **s != seat.to_string())
        .unwrap()
        .1;
    let foreign = *other.iter().find(|c| !held.contains(c)).unwrap();
    r.actions[index].1 = Action::PlayCard(foreign);
    let err = HandReplay::from_record(&r).unwrap_err();
    assert!(
        matches!(err, RecordError::IllegalAction { index: i, .. } if i == index),
        "{err}"
    );
    let message = err.to_string();
    assert!(
        message.starts_with(&format!(
            "hand {}: action {index} (seat {seat}: play {foreign}) is not legal: ",
            r.hand
        )),
        "{message}"
    );
}

#[test]
fn a_changed_trick_or_score_is_named() {
    let record = a_played_hand();
    let mut r = record.clone();
    let trick = &mut r.tricks[1];
    trick.winner = (trick.winner + 1) % r.players;
    let err = HandReplay::from_record(&r).unwrap_err();
    assert_eq!(
        err,
        RecordError::Differs {
            hand: r.hand,
            fields: vec!["tricks".into()]
        }
    );
    assert_eq!(
        err.to_string(),
        format!(
            "hand {}: the replay differs from the record in tricks",
            r.hand
        )
    );
    let mut r = record.clone();
    r.outcome = Outcome::Conceded;
    *r.card_points.values_mut().next().unwrap() += 10;
    assert!(matches!(
        HandReplay::from_record(&r),
        Err(RecordError::Differs { fields, .. }) if fields == ["card_points", "outcome"]
    ));
    let mut r = record.clone();
    r.actions.pop();
    assert!(matches!(
        HandReplay::from_record(&r),
        Err(RecordError::Unfinished { .. })
    ));
    let mut r = record.clone();
    r.standing = None;
    assert_eq!(
        HandReplay::from_record(&r),
        Err(RecordError::NoStanding { hand: r.hand })
    );
    let mut r = record;
    let extra = r.actions[0].clone();
    r.actions.push(extra);
    assert!(matches!(
        HandReplay::from_record(&r),
        Err(RecordError::EndedEarly { .. })
    ));
}

#[test]
fn a_claim_longer_than_the_cards_played_is_refused() {
    let mut r = a_played_hand();
    let played: usize = r.tricks.iter().map(|t| t.cards.len()).sum();
    r.claimed_cards = Some(played as u32);
    let replay = HandReplay::from_record(&r).unwrap();
    assert_eq!(replay.claimed_steps(), replay.len() - played..replay.len());
    r.claimed_cards = Some(played as u32 + 1);
    let err = HandReplay::from_record(&r).unwrap_err();
    assert_eq!(
        err.to_string(),
        format!(
            "hand {}: the record has a claim play out its last {} cards, but only {played} cards were played",
            r.hand,
            played + 1
        )
    );
}

#[test]
fn malformed_files_are_refused_by_line() {
    let record = a_played_hand();
    let good = write_records(std::slice::from_ref(&record));
    let cases = [
        ("", "the file holds no hand records".to_string()),
        ("\n  \n", "the file holds no hand records".to_string()),
        (
            &*format!("{good}\nnot json\n"),
            "line 3: not JSON: ".to_string(),
        ),
        (
            "{\n  \"format\": 3\n}\n",
            "line 1: not JSON: EOF while parsing an object (a file of hand records holds one record per line".to_string(),
        ),
        (
            "{\"format\": 3}",
            "line 1: not a hand record: missing field `preset`".to_string(),
        ),
        (
            &*good.replacen("\"format\":3", "\"format\":9", 1),
            "line 1: unknown record format 9 (this version reads formats 1 to 3)".to_string(),
        ),
    ];
    for (text, needle) in cases {
        let err = read_records(text).unwrap_err().to_string();
        assert!(err.starts_with(&needle), "{text:?}: {err}");
    }
    let value = serde_json::to_value(&record).unwrap();
    let mut without_deal = value.as_object().unwrap().clone();
    without_deal.remove("deal");
    let text = serde_json::to_string(&without_deal).unwrap();
    assert_eq!(
        read_records(&text).unwrap_err().to_string(),
        "line 1: not a hand record: missing field `deal`"
    );
}

#[test]
fn a_format_1_record_still_reads() {
    let text = include_str!("data/records/format-1.json");
    let record: HandRecord = serde_json::from_str(text).expect("a format-1 record reads");
    assert_eq!(record.format, 1);
    assert_eq!(record.outcome, Outcome::Made);
    assert!(record.game_end.is_none());
    assert!(record.redeal_by.is_none());
    assert!(record.options.is_empty() && record.actions.is_empty());
    assert!(record.standing.is_none());
    // The file codec reads it too (written on one line).
    let line =
        serde_json::to_string(&serde_json::from_str::<serde_json::Value>(text).unwrap()).unwrap();
    assert_eq!(read_records(&line).unwrap(), vec![record.clone()]);
    // It cannot be replayed: it carries no actions.
    assert_eq!(
        HandReplay::from_record(&record).unwrap_err().to_string(),
        "hand 1: format 1 records carry no actions; only format 3 records can be replayed"
    );
}
