//! Native tests of the storage core: saving and resuming exactly (mid-auction and
//! mid-trick), damaged entries set aside while the others load, a full quota,
//! two tabs on one session, the schema migration hook, the history and custom
//! presets, and a bounded seeded fuzz over save decoding.

use super::*;
use pinochle_engine::game::{Outcome, Phase};
use pinochle_engine::{PresetId, Rules};

/// A small deterministic generator for choosing actions and mutations.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        self.0 >> 33
    }
    fn below(&mut self, n: usize) -> usize {
        self.next() as usize % n.max(1)
    }
}

fn players(rules: &Rules) -> Vec<String> {
    (0..rules.table.seats)
        .map(|s| {
            if s == 0 {
                "You".into()
            } else {
                format!("Bot {s}")
            }
        })
        .collect()
}

fn new_session(id: &str, preset: PresetId, seed: u64) -> (SavedSession, State) {
    let rules = Rules::preset(preset);
    let setup = SessionSetup::new(&rules, seed, players(&rules), 0);
    let state = State::new(rules, seed).unwrap();
    (SavedSession::new(id.into(), setup, 1_000), state)
}

/// Plays random legal actions until `stop` says so (or the session ends).
fn play_until(
    session: &mut SavedSession,
    state: &mut State,
    rng: &mut Lcg,
    stop: impl Fn(&State) -> bool,
) {
    let mut steps = 0;
    while !state.is_terminal() && !stop(state) && steps < 20_000 {
        let legal = state.legal_actions();
        let action = legal[rng.below(legal.len())].clone();
        state.apply(action.clone()).unwrap();
        session.push(&action, 2_000 + steps);
        steps += 1;
    }
}

#[test]
fn a_saved_session_resumes_exactly_mid_auction_and_mid_trick() {
    for (n, preset) in PresetId::ALL.into_iter().enumerate() {
        let store = MemoryStore::default();
        let id = format!("game-{n}");
        let (mut session, mut state) = new_session(&id, preset, 7 + n as u64);
        let mut rng = Lcg(n as u64);
        // Into the auction, after at least one call.
        play_until(&mut session, &mut state, &mut rng, |s| {
            s.phase() == Phase::Auction && !s.public().hand.auction.is_empty()
        });
        save_session(&store, &mut session, 5).unwrap();
        let (loaded, resumed) = load_session(&store, &id, 6).unwrap();
        assert_eq!(loaded, session, "{preset:?}");
        assert_eq!(resumed, state, "{preset:?}: mid-auction");
        // Into the second hand's tricks, with a card on the table.
        play_until(&mut session, &mut state, &mut rng, |s| {
            s.public().session.hands_completed >= 1
                && s.phase() == Phase::Tricks
                && !s.public().hand.current_trick().is_empty()
        });
        save_session(&store, &mut session, 7).unwrap();
        let (_, resumed) = load_session(&store, &id, 8).unwrap();
        assert_eq!(resumed, state, "{preset:?}: mid-trick");
        assert_eq!(session.revision, 2);
    }
}

#[test]
fn action_text_round_trips_through_a_whole_session() {
    let (mut session, mut state) = new_session("whole", PresetId::Club, 3);
    play_until(&mut session, &mut state, &mut Lcg(3), |s| {
        s.public().session.hands_completed >= 3
    });
    assert_eq!(session.replay().unwrap(), state);
}

#[test]
fn the_library_lists_sessions_newest_first_with_scores() {
    let store = MemoryStore::default();
    for (n, preset) in [PresetId::Bison, PresetId::Partnership]
        .into_iter()
        .enumerate()
    {
        let (mut session, mut state) = new_session(&format!("s{n}"), preset, n as u64);
        play_until(&mut session, &mut state, &mut Lcg(9), |s| {
            s.public().session.hands_completed >= 1
        });
        session.last_played_ms = 10 + n as u64;
        save_session(&store, &mut session, 0).unwrap();
    }
    let library = load_library(&store, 0).unwrap();
    assert!(library.problems.is_empty(), "{:?}", library.problems);
    let ids: Vec<&str> = library.sessions.iter().map(|s| s.id.as_str()).collect();
    assert_eq!(ids, ["s1", "s0"]);
    let partnership = &library.sessions[0];
    assert_eq!(partnership.game, PresetId::Partnership.name());
    assert_eq!(partnership.players.len(), 4);
    assert_eq!(partnership.tally, Tally::Points);
    assert_eq!(partnership.standing.len(), 4);
    assert!(partnership.partnerships);
    assert_eq!(partnership.hands_completed, 1);
    assert!(!partnership.finished);
    // Hand 1's result was never closed: the game waits at it.
    assert!(partnership.result_open);
}

#[test]
fn a_session_left_at_a_result_is_listed_at_that_result_until_it_is_closed() {
    let store = MemoryStore::default();
    let (mut session, mut state) = new_session("r", PresetId::Bison, 5);
    play_until(&mut session, &mut state, &mut Lcg(6), |s| {
        s.public().session.hands_completed >= 2
    });
    let listed = |session: &mut SavedSession| {
        save_session(&store, session, 0).unwrap();
        load_library(&store, 0).unwrap().sessions.remove(0)
    };
    session.results_closed = 1;
    assert!(listed(&mut session).result_open, "hand 2's result is open");
    session.results_closed = 2;
    assert!(
        !listed(&mut session).result_open,
        "hand 2's result was closed"
    );
}

#[test]
fn a_ledger_game_is_listed_with_its_ledger() {
    let store = MemoryStore::default();
    let (mut session, mut state) = new_session("b", PresetId::Brooklyn, 3);
    play_until(&mut session, &mut state, &mut Lcg(4), |s| {
        s.public().session.hands_completed >= 2
    });
    save_session(&store, &mut session, 0).unwrap();
    let library = load_library(&store, 0).unwrap();
    let brooklyn = &library.sessions[0];
    assert_eq!(brooklyn.tally, Tally::Stakes);
    assert_eq!(brooklyn.standing, state.public().session.ledger.seats);
}

#[test]
fn damaged_entries_are_reported_and_set_aside_while_the_others_load() {
    let store = MemoryStore::default();
    let (mut good, _) = new_session("good", PresetId::Bison, 1);
    save_session(&store, &mut good, 0).unwrap();
    let (mut other, _) = new_session("other", PresetId::Club, 2);
    other.actions.push("play QH".into()); // not legal at the start of an auction
    store
        .set(&session_key("other"), &encode_session(&other))
        .unwrap();
    let truncated = &encode_session(&good)[..30];
    store.set(&session_key("broken"), truncated).unwrap();
    store
        .set(HISTORY_KEY, "{\"schema\":1,\"games\":7}")
        .unwrap();
    let future = "{\"schema\":9,\"id\":\"future\"}";
    store.set(&session_key("future"), future).unwrap();

    let library = load_library(&store, 42).unwrap();
    let ids: Vec<&str> = library.sessions.iter().map(|s| s.id.as_str()).collect();
    assert_eq!(ids, ["good"], "the good session still loads");
    let problems: Vec<String> = library.problems.iter().map(|p| p.to_string()).collect();
    assert_eq!(problems.len(), 4, "{problems:#?}");
    let about = |key: &str| {
        problems
            .iter()
            .find(|p| p.contains(&format!("('{key}')")))
            .unwrap_or_else(|| panic!("no problem names {key}: {problems:#?}"))
    };
    let history = about("pinochle/history");
    assert!(
        history.starts_with("The list of finished games")
            && history.contains("unexpected content")
            && history.contains("The list starts again"),
        "{history}"
    );
    let broken = about("pinochle/session/broken");
    assert!(
        broken.starts_with("A saved game") && broken.contains("not valid JSON"),
        "{broken}"
    );
    assert!(
        broken.contains("That game cannot be resumed; the unreadable copy is kept in this browser under 'pinochle/quarantine/42/pinochle/session/broken'"),
        "{broken}"
    );
    let newer = about("pinochle/session/future");
    assert!(newer.contains("newer version"), "{newer}");
    assert!(newer.contains("left as it is"), "{newer}");
    let other = about("pinochle/session/other");
    assert!(
        other.contains("action 1 ('play QH') cannot be replayed"),
        "{other}"
    );

    // Nothing was deleted: each damaged text is kept, with its reason.
    let kept = store
        .get("pinochle/quarantine/42/pinochle/session/broken")
        .unwrap()
        .unwrap();
    let kept: serde_json::Value = serde_json::from_str(&kept).unwrap();
    assert_eq!(kept["text"], truncated);
    assert!(kept["problem"].as_str().unwrap().contains("JSON"));
    assert_eq!(store.get(&session_key("broken")).unwrap(), None);
    assert_eq!(
        store.get(&session_key("future")).unwrap().as_deref(),
        Some(future)
    );
    // A second start-up finds nothing new to report but the newer-schema entry.
    let again = load_library(&store, 43).unwrap();
    assert_eq!(again.problems.len(), 1);
    assert_eq!(again.sessions.len(), 1);
}

#[test]
fn a_full_quota_is_an_error_and_leaves_the_session_unchanged() {
    let (mut session, mut state) = new_session("full", PresetId::Bison, 5);
    // Room for the new session and a little more.
    let room = session_key("full").len() + encode_session(&session).len() + 60;
    let store = MemoryStore::with_quota(room);
    save_session(&store, &mut session, 0).unwrap();
    play_until(&mut session, &mut state, &mut Lcg(1), |s| {
        s.public().session.hands_completed >= 1
    });
    let before = session.clone();
    let err = save_session(&store, &mut session, 0).unwrap_err();
    assert_eq!(err, SaveError::QuotaExceeded);
    assert!(err.to_string().contains("storage is full"));
    assert_eq!(session, before);
    // The earlier save is still there and still loads.
    let (loaded, _) = load_session(&store, "full", 0).unwrap();
    assert_eq!(loaded.revision, 1);
    // And a damaged entry that cannot be copied aside is left in place.
    store.remove(&session_key("full")).unwrap();
    store
        .set(&session_key("x"), &"y".repeat(room - 40))
        .unwrap();
    let library = load_library(&store, 0).unwrap();
    assert!(matches!(
        library.problems[0].disposition,
        Disposition::LeftInPlace(_)
    ));
    assert!(store.get(&session_key("x")).unwrap().is_some());
}

#[test]
fn two_tabs_on_one_session_never_overwrite_each_other() {
    let store = MemoryStore::default();
    let (mut first, mut state) = new_session("shared", PresetId::Bison, 11);
    save_session(&store, &mut first, 0).unwrap();
    let (mut second, mut second_state) = load_session(&store, "shared", 0).unwrap();
    let mut rng = Lcg(2);
    play_until(&mut first, &mut state, &mut rng, |s| {
        s.public().hand.auction.len() >= 2
    });
    save_session(&store, &mut first, 0).unwrap();
    let written = store.get(&session_key("shared")).unwrap().unwrap();

    // The second tab hears of it through the storage event...
    assert_eq!(
        other_tab_change(
            Some(&session_key("shared")),
            Some(&written),
            || None,
            "shared",
            second.revision
        ),
        Some(OtherTab::PlayedOn { revision: 2 })
    );
    // ...and a save from it is refused rather than overwriting the first tab's play.
    play_until(&mut second, &mut second_state, &mut rng, |s| {
        !s.public().hand.auction.is_empty()
    });
    let err = save_session(&store, &mut second, 0).unwrap_err();
    assert_eq!(err, SaveError::Conflict { stored: 2, ours: 1 });
    assert_eq!(store.get(&session_key("shared")).unwrap().unwrap(), written);

    // Events about other keys, or the tab's own revision, are not news.
    assert_eq!(
        other_tab_change(Some("pinochle/history"), Some("{}"), || None, "shared", 1),
        None
    );
    assert_eq!(
        other_tab_change(
            Some(&session_key("shared")),
            Some(&written),
            || None,
            "shared",
            2
        ),
        None
    );
    assert_eq!(
        other_tab_change(Some(&session_key("shared")), None, || None, "shared", 2),
        Some(OtherTab::Deleted)
    );
    // Damaged text written there is no game played on: this tab's next save
    // keeps it aside and writes the good copy.
    let damaged = r#"{"schema":7,"garbage":true}"#;
    assert_eq!(
        other_tab_change(
            Some(&session_key("shared")),
            Some(damaged),
            || None,
            "shared",
            2
        ),
        None
    );
    let good = store.get(&session_key("shared")).unwrap();
    store.set(&session_key("shared"), damaged).unwrap();
    let mut ours = first.clone();
    save_session(&store, &mut ours, 9).unwrap();
    assert!(store
        .keys()
        .unwrap()
        .iter()
        .any(|k| k.starts_with(QUARANTINE_PREFIX) && k.ends_with("pinochle/session/shared")));
    assert_eq!(
        load_session(&store, "shared", 9).unwrap().0.revision,
        ours.revision
    );
    store.set(&session_key("shared"), &good.unwrap()).unwrap();
    assert_eq!(
        other_tab_change(None, None, || None, "shared", 2),
        Some(OtherTab::Deleted)
    );
    delete_session(&store, "shared").unwrap();
    assert_eq!(
        save_session(&store, &mut first, 0),
        Err(SaveError::DeletedElsewhere)
    );
}

/// A second tab that finds the stored copy of a game damaged sets it aside;
/// the tab playing that game hears of it and writes its good copy back, so
/// a reload resumes the game (it had read "deleted in another tab" and lost
/// it on reload). The removal heard after the write-back is no news.
#[test]
fn a_damaged_copy_set_aside_in_another_tab_is_written_back_by_the_tab_playing_it() {
    let store = MemoryStore::default();
    let (mut playing, mut state) = new_session("shared", PresetId::Bison, 11);
    save_session(&store, &mut playing, 0).unwrap();
    play_until(&mut playing, &mut state, &mut Lcg(3), |s| {
        s.public().hand.auction.len() >= 2
    });
    save_session(&store, &mut playing, 1).unwrap();
    let key = session_key("shared");
    store.set(&key, r#"{"schema":2,"garbage":true}"#).unwrap();
    // The other tab opens its start screen: the damaged copy goes aside.
    let library = load_library(&store, 5).unwrap();
    let Disposition::SetAside(under) = &library.problems[0].disposition else {
        panic!("set aside: {:?}", library.problems);
    };
    assert_eq!(store.get(&key).unwrap(), None);
    let aside = store.get(under).unwrap();
    assert_eq!(
        other_tab_change(
            Some(under),
            aside.as_deref(),
            || None,
            "shared",
            playing.revision
        ),
        Some(OtherTab::SetAside)
    );
    write_back_session(&store, &mut playing, 6).unwrap();
    let now = store.get(&key).unwrap();
    assert_eq!(
        other_tab_change(Some(&key), None, || now.clone(), "shared", playing.revision),
        None,
        "the removal was written over"
    );
    let (resumed, resumed_state) = load_session(&store, "shared", 7).unwrap();
    assert_eq!(resumed.actions, playing.actions);
    assert_eq!(
        resumed_state.public().hand.auction,
        state.public().hand.auction
    );
    // The quarantine of some other game is not this one's.
    assert_eq!(
        other_tab_change(
            Some(&format!("{QUARANTINE_PREFIX}5/{}", session_key("other"))),
            Some("{}"),
            || None,
            "shared",
            playing.revision
        ),
        None
    );
}

#[test]
fn a_schema_0_session_is_migrated_to_the_current_schema() {
    let (mut session, mut state) = new_session("old-one", PresetId::Brooklyn, 21);
    play_until(&mut session, &mut state, &mut Lcg(4), |s| {
        s.public().hand.auction.len() >= 3
    });
    let v0 = serde_json::json!({
        "id": "old-one",
        "game": session.setup.rules,
        "seed": 21,
        "players": session.setup.players,
        "moves": session.actions,
        "played_ms": 1234,
    });
    let (migrated, resumed) = decode_session("old-one", &v0.to_string()).unwrap();
    assert_eq!(migrated.schema, SESSION_SCHEMA);
    assert_eq!(migrated.revision, 0);
    assert_eq!(migrated.created_ms, 1234);
    assert_eq!(migrated.setup.opponent_level, pinochle_ai::Level::Basic);
    assert_eq!(migrated.actions, session.actions);
    assert_eq!(resumed, state);
    let missing = serde_json::json!({ "id": "old-one", "seed": 1 });
    let err = decode_session("old-one", &missing.to_string()).unwrap_err();
    assert!(
        err.to_string()
            .starts_with("cannot upgrade from schema 0: no \""),
        "{err}"
    );
}

/// A one-deal bison game played to its end.
fn finished_bison() -> (SavedSession, State) {
    let rules = Rules::preset(PresetId::Bison)
        .with_settings(&["fixed_deals=1".to_string()])
        .unwrap();
    let setup = SessionSetup::new(&rules, 8, players(&rules), 0);
    let mut session = SavedSession::new("done".into(), setup, 1_000);
    let mut state = State::new(rules, 8).unwrap();
    play_until(&mut session, &mut state, &mut Lcg(5), |_| false);
    (session, state)
}

#[test]
fn finished_games_go_to_the_history_once() {
    let store = MemoryStore::default();
    let (mut session, state) = finished_bison();
    assert!(state.is_terminal());
    assert_eq!(session.replay().unwrap(), state);
    let game = finished_game(&session, &state, 99).unwrap();
    assert_eq!(game.game, "bison");
    assert_eq!(game.hands, 1);
    assert_eq!(game.seed, Some(8), "the history keeps the deal number");
    record_finished(&store, game.clone(), 0).unwrap();
    let history = record_finished(&store, game, 0).unwrap();
    assert_eq!(history.games.len(), 1);
    save_session(&store, &mut session, 0).unwrap();
    let library = load_library(&store, 0).unwrap();
    assert_eq!(library.history, history);
    assert!(library.sessions[0].finished);
}

#[test]
fn custom_presets_are_saved_checked_and_deleted() {
    let store = MemoryStore::default();
    let presets = CustomPresets::default();
    let friday = CustomPreset {
        name: " Our Friday rules ".into(),
        rules: "v=1&game=bison&target=1000".into(),
    };
    let presets = save_preset(&store, presets, friday).unwrap();
    assert_eq!(presets.presets[0].name, "Our Friday rules");
    let bad = CustomPreset {
        name: "Bad".into(),
        rules: "v=1&game=bison&target=5".into(),
    };
    let err = save_preset(&store, presets.clone(), bad).unwrap_err();
    assert!(err.to_string().contains("option 'target'"), "{err}");
    let unnamed = CustomPreset {
        name: "  ".into(),
        rules: "v=1&game=bison".into(),
    };
    assert_eq!(
        save_preset(&store, presets.clone(), unnamed),
        Err(PresetError::BadName)
    );
    assert_eq!(load_library(&store, 0).unwrap().presets, presets);
    let presets = delete_preset(&store, presets, "Our Friday rules").unwrap();
    assert!(presets.presets.is_empty());
    // A stored preset whose rules no longer read is set aside.
    store
        .set(
            PRESETS_KEY,
            r#"{"schema":1,"presets":[{"name":"x","rules":"v=1&game=poker"}]}"#,
        )
        .unwrap();
    let library = load_library(&store, 5).unwrap();
    assert!(library.problems[0]
        .to_string()
        .contains("unknown game 'poker'"));
}

/// Mutates JSON text: deletes, duplicates, truncates, or swaps in characters
/// and JSON fragments that keep it parseable more often than not.
fn mutate(rng: &mut Lcg, text: &str) -> String {
    const PIECES: &[&str] = &[
        "0",
        "1",
        "99999999999999999999",
        "-1",
        "\"",
        "null",
        "[]",
        "{}",
        ",",
        ":",
        "true",
        "\"play QH\"",
        "\"bid 9999\"",
        "\"v=1&game=poker\"",
        "é",
        "\\u0000",
    ];
    let mut chars: Vec<char> = text.chars().collect();
    for _ in 0..1 + rng.below(3) {
        let at = rng.below(chars.len() + 1);
        match rng.below(5) {
            0 if !chars.is_empty() => {
                let end = (at + 1 + rng.below(8)).min(chars.len());
                chars.drain(at.min(end)..end);
            }
            1 => chars.truncate(at),
            2 | 3 => {
                for (i, c) in PIECES[rng.below(PIECES.len())].chars().enumerate() {
                    chars.insert(at + i, c);
                }
            }
            _ => {
                // Change a digit: keeps the JSON valid, changes a value.
                if let Some(pos) = chars.iter().skip(at).position(|c| c.is_ascii_digit()) {
                    chars[at + pos] = char::from(b'0' + rng.below(10) as u8);
                }
            }
        }
    }
    chars.into_iter().collect()
}

#[test]
fn bounded_fuzz_of_save_decoding_never_panics() {
    let mut rng = Lcg(0xdec0de);
    let mut originals = Vec::new();
    for (n, preset) in PresetId::ALL.into_iter().enumerate() {
        let (mut session, mut state) = new_session("fuzz", preset, n as u64);
        play_until(&mut session, &mut state, &mut rng, |s| {
            s.public().session.hands_completed >= 1 && s.phase() == Phase::Tricks
        });
        originals.push(encode_session(&session));
    }
    let (mut read, mut refused) = (0, 0);
    for round in 0..1500 {
        let text = mutate(&mut rng, &originals[round % originals.len()]);
        match decode_session("fuzz", &text) {
            Ok((session, state)) => {
                // Whatever decodes is a state the engine reached by legal play.
                assert_eq!(session.replay().as_ref(), Ok(&state));
                let _ = state.legal_actions();
                read += 1;
            }
            Err(e) => {
                assert!(!e.to_string().is_empty());
                refused += 1;
            }
        }
        // The library never fails on it either, and never loses the text.
        let store = MemoryStore::default();
        store.set(&session_key("fuzz"), &text).unwrap();
        let library = load_library(&store, 1).unwrap();
        assert_eq!(library.sessions.len() + library.problems.len(), 1);
        let kept = match library.problems.first().map(|p| &p.disposition) {
            Some(Disposition::SetAside(under)) => {
                let record = store.get(under).unwrap().unwrap();
                let record: serde_json::Value = serde_json::from_str(&record).unwrap();
                record["text"].as_str().map(str::to_string)
            }
            _ => store.get(&session_key("fuzz")).unwrap(),
        };
        assert_eq!(
            kept.as_deref(),
            Some(text.as_str()),
            "the entry's text is kept"
        );
    }
    assert!(
        read > 0 && refused > 0,
        "fuzz explored both: {read} read, {refused} refused"
    );
}

/// A saved entry of schema 1 as the app wrote it before the level and pace
/// became checked names.
fn schema_1_entry(level: &str, pace: &str) -> String {
    let (session, _) = new_session("v-one", PresetId::Bison, 3);
    serde_json::json!({
        "schema": 1,
        "id": "v-one",
        "revision": 4,
        "created_ms": 10,
        "last_played_ms": 20,
        "setup": {
            "rules": session.setup.rules,
            "rules_name": null,
            "seed": 3,
            "deal_limit": null,
            "players": session.setup.players,
            "human_seat": 0,
            "opponent_level": level,
            "pace": pace,
            "four_color": true,
        },
        "actions": [],
    })
    .to_string()
}

#[test]
fn a_schema_1_session_is_migrated_and_an_unknown_level_is_reported() {
    let (migrated, _) = decode_session("v-one", &schema_1_entry("expert", "")).unwrap();
    assert_eq!(migrated.schema, SESSION_SCHEMA);
    assert_eq!(migrated.setup.opponent_level, pinochle_ai::Level::Expert);
    assert_eq!(migrated.setup.pace, crate::controller::Pace::Normal);
    assert!(migrated.setup.four_color);
    let (fast, _) = decode_session("v-one", &schema_1_entry("basic", "fast")).unwrap();
    assert_eq!(fast.setup.pace, crate::controller::Pace::Fast);
    // An unknown level no longer falls back silently: the entry is set aside.
    let store = MemoryStore::default();
    store
        .set(
            &session_key("v-one"),
            &schema_1_entry("grandmaster", "normal"),
        )
        .unwrap();
    let library = load_library(&store, 7).unwrap();
    assert!(library.sessions.is_empty());
    assert_eq!(library.problems.len(), 1);
    assert!(
        library.problems[0].to_string().contains("grandmaster"),
        "{}",
        library.problems[0]
    );
    assert!(store.get(&session_key("v-one")).unwrap().is_none());
}

#[test]
fn a_schema_2_session_gains_the_coach_settings_and_is_no_practice_game() {
    let (session, _) = new_session("v-two", PresetId::Club, 5);
    let entry = serde_json::json!({
        "schema": 2,
        "id": "v-two",
        "revision": 2,
        "created_ms": 10,
        "last_played_ms": 20,
        "setup": {
            "rules": session.setup.rules,
            "rules_name": null,
            "seed": 5,
            "players": session.setup.players,
            "human_seat": 0,
            "opponent_level": "expert",
            "pace": "slow",
            "four_color": false,
        },
        "actions": [],
    })
    .to_string();
    let (migrated, _) = decode_session("v-two", &entry).unwrap();
    assert_eq!(migrated.schema, SESSION_SCHEMA);
    assert!(!migrated.practice);
    assert!(!migrated.setup.bid_advisor && !migrated.setup.auto_play);
    assert_eq!(migrated.setup.pace, crate::controller::Pace::Slow);
}

/// A session of `preset` saved at `schema`, before `field` was kept, read
/// back through the migrations.
fn migrated_from(schema: u32, field: &str, preset: PresetId) -> SavedSession {
    let id = format!("v-{schema}");
    let (session, _) = new_session(&id, preset, 6);
    let mut entry = serde_json::to_value(&session).unwrap();
    let doc = entry.as_object_mut().unwrap();
    doc.remove(field);
    doc.insert("schema".into(), serde_json::Value::from(schema));
    let (migrated, _) = decode_session(&id, &entry.to_string()).unwrap();
    assert_eq!(migrated.schema, SESSION_SCHEMA);
    migrated
}

#[test]
fn a_schema_3_session_has_counted_no_hands_yet() {
    assert_eq!(
        migrated_from(3, "counted_hands", PresetId::Bison).counted_hands,
        0
    );
}

#[test]
fn a_schema_4_session_keeps_no_reviews_yet() {
    assert!(migrated_from(4, "reviews", PresetId::Club)
        .reviews
        .is_empty());
}

#[test]
fn a_schema_5_session_keeps_no_claims_yet() {
    assert!(migrated_from(5, "claims", PresetId::Bison)
        .claims
        .is_empty());
}

#[test]
fn a_schema_6_session_has_closed_no_result_yet() {
    assert_eq!(
        migrated_from(6, "results_closed", PresetId::Bison).results_closed,
        0
    );
}

#[test]
fn a_schema_7_session_has_no_cards_chosen_yet() {
    assert!(migrated_from(7, "picks", PresetId::Bison).picks.is_empty());
}

#[test]
fn a_kept_claim_of_the_wrong_shape_is_refused_by_name() {
    let (session, _) = new_session("bad-claim", PresetId::Bison, 6);
    let mut entry = serde_json::to_value(&session).unwrap();
    entry["claims"] = serde_json::json!({ "1": { "seats": [0], "words": "mine" } });
    let err = decode_session("bad-claim", &entry.to_string()).unwrap_err();
    assert!(matches!(err, DecodeError::Shape(_)), "{err}");
}

#[test]
fn a_kept_review_of_the_wrong_shape_is_refused_by_name() {
    let (session, _) = new_session("bad-review", PresetId::Bison, 6);
    let mut entry = serde_json::to_value(&session).unwrap();
    entry["reviews"] = serde_json::json!({ "1": { "grades": { "0": "best" }, "par": null } });
    let err = decode_session("bad-review", &entry.to_string()).unwrap_err();
    assert!(matches!(err, DecodeError::Shape(_)), "{err}");
}

fn facts(declared: bool, outcome: Outcome, meld: u32, change: i64) -> stats::HandFacts {
    stats::HandFacts {
        declared,
        outcome,
        meld: Some(meld),
        change: Some(change),
    }
}

#[test]
fn statistics_count_hands_and_games_and_keep_practice_apart() {
    let store = MemoryStore::default();
    stats::update_stats(&store, 0, |s| {
        s.record_hand(
            "bison",
            Tally::Points,
            facts(true, Outcome::Made, 120, 380),
            false,
        );
        s.record_hand(
            "bison",
            Tally::Points,
            facts(true, Outcome::Set, 60, -350),
            false,
        );
        s.record_hand(
            "bison",
            Tally::Points,
            facts(false, Outcome::Made, 0, 40),
            false,
        );
        s.record_game("bison", stats::GameEnd::Won, false);
        s.record_hand(
            "bison",
            Tally::Points,
            facts(true, Outcome::Made, 500, 900),
            true,
        );
        s.record_game("bison", stats::GameEnd::Lost, true);
    })
    .unwrap();
    let library = load_library(&store, 0).unwrap();
    let bison = &library.stats.games["bison"];
    assert_eq!((bison.games, bison.won, bison.hands), (1, 1, 3));
    assert_eq!((bison.bids_won, bison.made, bison.set), (2, 1, 1));
    assert_eq!(bison.made_percent(), Some(50));
    assert_eq!(bison.average_meld(), Some(60));
    assert_eq!(bison.average_result().map(f64::round), Some(23.0));
    let practice = &library.stats.practice["bison"];
    assert_eq!(
        (practice.games, practice.hands),
        (1, 1),
        "practice is counted apart"
    );
    stats::reset_stats(&store).unwrap();
    assert!(load_library(&store, 0).unwrap().stats.is_empty());
}

/// The new-game choices round-trip; unreadable ones (damaged, or a level
/// nobody can pick) are set aside and reported; a newer version's are left
/// as they are and never written over.
#[test]
fn remembered_choices_are_read_or_set_aside() {
    use choices::{load_choices, save_choices, Choices, CHOICES_KEY};
    let store = MemoryStore::default();
    assert_eq!(load_choices(&store, 0).unwrap(), (None, None));
    let settings = crate::controller::Settings {
        name: "Tess".into(),
        level: pinochle_ai::Level::Expert,
        ..crate::controller::Settings::default()
    };
    let choices = Choices::of(&settings);
    save_choices(&store, &choices).unwrap();
    assert_eq!(
        load_choices(&store, 0).unwrap(),
        (Some(choices.clone()), None)
    );

    for (text, needle) in [
        ("{\"schema\":1,\"name\"", "not valid JSON"),
        (
            r#"{"schema":1,"name":"","level":"oracle","pace":"normal","four_color":false,"bid_advisor":false,"auto_play":false}"#,
            "not one to play against",
        ),
    ] {
        store.set(CHOICES_KEY, text).unwrap();
        let (read, problem) = load_choices(&store, 3).unwrap();
        let problem = problem.expect("reported").to_string();
        assert_eq!(read, None);
        assert!(
            problem
                .starts_with("Your choices for a new game ('pinochle/choices') could not be read")
                && problem.contains(needle),
            "{problem}"
        );
        assert_eq!(store.get(CHOICES_KEY).unwrap(), None, "set aside");
    }

    let newer = r#"{"schema":9,"name":"Tess"}"#;
    store.set(CHOICES_KEY, newer).unwrap();
    assert!(load_choices(&store, 4).unwrap().1.is_some());
    assert!(save_choices(&store, &choices).is_err());
    assert_eq!(store.get(CHOICES_KEY).unwrap().as_deref(), Some(newer));
}

#[test]
fn a_tie_at_the_top_is_counted_as_tied_not_won() {
    use stats::{game_end, GameEnd};
    let bison = Rules::preset(PresetId::Bison);
    let partnership = Rules::preset(PresetId::Partnership);
    let brooklyn = Rules::preset(PresetId::Brooklyn);
    assert_eq!(game_end(&bison, &[0], &[], 0), GameEnd::Won);
    assert_eq!(game_end(&bison, &[0, 2], &[], 0), GameEnd::Tied);
    assert_eq!(game_end(&bison, &[1, 2], &[], 0), GameEnd::Lost);
    // Partners winning together are one winner.
    assert_eq!(game_end(&partnership, &[0, 2], &[], 0), GameEnd::Won);
    assert_eq!(game_end(&partnership, &[1, 3], &[], 0), GameEnd::Lost);
    // A ledger game: ahead, level at the top, behind.
    assert_eq!(game_end(&brooklyn, &[], &[30, -10, -20], 0), GameEnd::Won);
    assert_eq!(game_end(&brooklyn, &[], &[0, 0, 0], 0), GameEnd::Tied);
    assert_eq!(game_end(&brooklyn, &[], &[5, 5, -10], 0), GameEnd::Tied);
    assert_eq!(game_end(&brooklyn, &[], &[-5, 5, 0], 0), GameEnd::Lost);

    let store = MemoryStore::default();
    stats::update_stats(&store, 0, |s| {
        s.record_game("bison", GameEnd::Tied, false);
        s.record_game("bison", GameEnd::Won, false);
    })
    .unwrap();
    let t = &load_library(&store, 0).unwrap().stats.games["bison"];
    assert_eq!((t.games, t.won, t.tied), (2, 1, 1));
}

#[test]
fn unreadable_statistics_are_set_aside_and_a_full_storage_keeps_the_old_counts() {
    let store = MemoryStore::default();
    store
        .set(stats::STATS_KEY, "{\"schema\":1,\"games\":")
        .unwrap();
    let library = load_library(&store, 7).unwrap();
    assert!(library.stats.is_empty());
    assert_eq!(library.problems.len(), 1);
    assert!(matches!(
        library.problems[0].disposition,
        Disposition::SetAside(_)
    ));
    assert_eq!(store.get(stats::STATS_KEY).unwrap(), None);

    let mut club = stats::Statistics::default();
    club.record_game("club", stats::GameEnd::Won, false);
    let written = serde_json::to_string(&club).unwrap().len();
    let full = MemoryStore::with_quota(stats::STATS_KEY.len() + written + 50);
    stats::update_stats(&full, 0, |s| {
        s.record_game("club", stats::GameEnd::Won, false)
    })
    .unwrap();
    let before = full.get(stats::STATS_KEY).unwrap();
    let err = stats::update_stats(&full, 0, |s| {
        for _ in 0..20 {
            s.record_hand(
                "brooklyn",
                Tally::Stakes,
                facts(true, Outcome::Made, 10, 2),
                false,
            );
        }
        s.record_rating("brooklyn", 1500.0);
    })
    .unwrap_err();
    assert_eq!(err, SaveError::QuotaExceeded);
    assert_eq!(
        full.get(stats::STATS_KEY).unwrap(),
        before,
        "the old counts stay"
    );
}

/// Statistics, finished games and saved rules that a newer version of the
/// app wrote are left for it: this version neither reads nor writes over
/// them, and says so.
#[test]
fn lists_a_newer_version_saved_are_never_written_over() {
    let store = MemoryStore::default();
    let newer = |list: &str| format!(r#"{{"schema":{},"{list}":[]}}"#, LIST_SCHEMA + 1);
    let stats_text = format!(r#"{{"schema":{},"games":{{}}}}"#, LIST_SCHEMA + 1);
    store.set(stats::STATS_KEY, &stats_text).unwrap();
    store.set(HISTORY_KEY, &newer("games")).unwrap();
    store.set(PRESETS_KEY, &newer("presets")).unwrap();
    let err = stats::update_stats(&store, 0, |s| {
        s.record_game("club", stats::GameEnd::Won, false)
    })
    .unwrap_err();
    assert_eq!(err, SaveError::NewerVersion("statistics"));
    assert!(err.to_string().contains("newer version"), "{err}");

    let (session, state) = finished_bison();
    let game = finished_game(&session, &state, 99).unwrap();
    assert_eq!(
        record_finished(&store, game, 0),
        Err(SaveError::NewerVersion("finished games"))
    );
    let mine = CustomPreset {
        name: "Mine".into(),
        rules: "v=1&game=bison".into(),
    };
    assert_eq!(
        save_preset(&store, CustomPresets::default(), mine),
        Err(PresetError::Save(SaveError::NewerVersion("saved rules")))
    );
    assert_eq!(store.get(stats::STATS_KEY).unwrap(), Some(stats_text));
    assert_eq!(store.get(HISTORY_KEY).unwrap(), Some(newer("games")));
    assert_eq!(store.get(PRESETS_KEY).unwrap(), Some(newer("presets")));
}

/// A saved session that seats the player elsewhere than this app does is
/// refused by name (it had played on with the player's cards under another
/// player's name).
#[test]
fn a_session_seating_the_player_elsewhere_is_refused() {
    let (mut session, _) = new_session("moved", PresetId::Partnership, 4);
    session.setup.human_seat = 2;
    let err = session.replay().unwrap_err().to_string();
    assert!(err.contains("the player's seat is 2"), "{err}");
}

/// Counts that cannot be what the app counted (made more contracts than
/// taken, an unknown game, a rating out of range) are set aside by name.
#[test]
fn statistics_that_do_not_add_up_are_set_aside() {
    for (text, needle) in [
        (
            r#"{"schema":1,"games":{"club":{"games":2,"hands":3,"bids_won":1,"made":3}},"practice":{}}"#,
            "the counts for club do not add up: more contracts made",
        ),
        (
            r#"{"schema":1,"games":{"poker":{"games":1}},"practice":{}}"#,
            "unknown game 'poker'",
        ),
        (
            r#"{"schema":1,"games":{"bison":{"games":1,"won":2}},"practice":{}}"#,
            "more games won or tied than played",
        ),
        (
            r#"{"schema":1,"games":{"bison":{"rating":1e308}},"practice":{}}"#,
            "a rating out of range",
        ),
        (
            r#"{"schema":1,"games":{"bison":{"games":4294967294}},"practice":{}}"#,
            "a count is too large",
        ),
    ] {
        let store = MemoryStore::default();
        store.set(stats::STATS_KEY, text).unwrap();
        let library = load_library(&store, 3).unwrap();
        assert!(library.stats.is_empty(), "{text}");
        let problem = library.problems[0].to_string();
        assert!(problem.contains(needle), "{text}: {problem}");
        let kept = store.get("pinochle/quarantine/3/pinochle/stats").unwrap();
        assert!(kept.is_some_and(|k| k.contains("games")), "set aside");
    }
    // One game's counts that do not add up leave the other games' counts.
    let store = MemoryStore::default();
    let text = r#"{"schema":1,"games":{"bison":{"games":1,"won":2},"brooklyn":{"games":3,"won":1,"hands":20}},"practice":{}}"#;
    store.set(stats::STATS_KEY, text).unwrap();
    let library = load_library(&store, 4).unwrap();
    assert_eq!(library.stats.games.keys().collect::<Vec<_>>(), ["brooklyn"]);
    assert_eq!(library.stats.games["brooklyn"].hands, 20);
    let problem = library.problems[0].to_string();
    assert!(
        problem.starts_with("Your statistics ('pinochle/stats') could not be read: 1 of its counts cannot be right (the counts for bison do not add up: more games won or tied than played). The other entry is kept"),
        "{problem}"
    );
    let again = load_library(&store, 5).unwrap();
    assert!(again.problems.is_empty(), "{:?}", again.problems);
    assert_eq!(again.stats, library.stats);
}

/// One unreadable entry of the history or of the saved rules no longer hides
/// the others: they load and are written back, and the whole list as it was
/// is kept aside with the problem.
#[test]
fn one_bad_list_entry_leaves_the_others() {
    let store = MemoryStore::default();
    let good = r#"{"session_id":"a","game":"bison","rules_name":null,"players":["You","Ada","Boris"],"scores":[1500,900,300],"ledger":[],"winners":["You"],"hands":9,"finished_ms":5}"#;
    let bad = r#"{"session_id":"b","game":"bison","rules_name":null,"players":["You","Ada","Boris"],"scores":["450"],"ledger":[],"winners":[],"hands":2,"finished_ms":6}"#;
    let history = format!(r#"{{"schema":1,"games":[{good},{bad}]}}"#);
    store.set(HISTORY_KEY, &history).unwrap();
    store
        .set(
            PRESETS_KEY,
            r#"{"schema":1,"presets":[{"name":"Quick","rules":"v=1&game=bison&target=1000"},{"name":"Bad","rules":"v=1&game=poker"}]}"#,
        )
        .unwrap();
    let library = load_library(&store, 8).unwrap();
    assert_eq!(library.history.games.len(), 1);
    assert_eq!(library.history.games[0].session_id, "a");
    assert_eq!(library.presets.presets.len(), 1);
    assert_eq!(library.presets.presets[0].name, "Quick");
    let problems: Vec<String> = library.problems.iter().map(|p| p.to_string()).collect();
    assert_eq!(problems.len(), 2, "{problems:#?}");
    assert!(
        problems[0].starts_with("The list of finished games ('pinochle/history') could not be read: 1 of its 2 entries cannot be read (entry 2: ")
            && problems[0].contains("The other entry is kept; the whole list as it was is kept in this browser under 'pinochle/quarantine/8/pinochle/history'"),
        "{}",
        problems[0]
    );
    assert!(
        problems[1].contains("unknown game 'poker'"),
        "{}",
        problems[1]
    );
    let kept: serde_json::Value = serde_json::from_str(
        &store
            .get("pinochle/quarantine/8/pinochle/history")
            .unwrap()
            .unwrap(),
    )
    .unwrap();
    assert_eq!(kept["text"], history);
    // The next reading finds a clean list.
    let again = load_library(&store, 9).unwrap();
    assert!(again.problems.is_empty(), "{:?}", again.problems);
    assert_eq!(again.history, library.history);
    assert_eq!(again.presets, library.presets);
}

/// The start screen re-reads its lists on another tab's change to exactly
/// the entries the lists are read from.
#[test]
fn the_lists_are_read_from_the_sessions_history_presets_stats_and_dealt() {
    for key in [
        "pinochle/session/1a2b-3c",
        HISTORY_KEY,
        PRESETS_KEY,
        stats::STATS_KEY,
        dealt::DEALT_KEY,
    ] {
        assert!(library_reads(key), "{key}");
    }
    for key in [
        choices::CHOICES_KEY,
        "pinochle/sound",
        "pinochle/quarantine/1/pinochle/stats",
    ] {
        assert!(!library_reads(key), "{key}");
    }
}

/// A removal of a session's key within seconds of another tab's copying its
/// damaged text aside is that setting aside; an old copy aside, or another
/// session's, is no such news.
#[test]
fn a_session_set_aside_lately_is_found_by_its_copy_aside() {
    let store = MemoryStore::default();
    assert!(!set_aside_lately(&store, "shared", 50_000));
    store
        .set(
            &format!("{QUARANTINE_PREFIX}45000/{}", session_key("shared")),
            "{}",
        )
        .unwrap();
    store
        .set(
            &format!("{QUARANTINE_PREFIX}49000/{}", session_key("other")),
            "{}",
        )
        .unwrap();
    assert!(set_aside_lately(&store, "shared", 50_000));
    assert!(set_aside_lately(
        &store,
        "shared",
        45_000 + SET_ASIDE_NEWS_MS
    ));
    assert!(!set_aside_lately(
        &store,
        "shared",
        45_001 + SET_ASIDE_NEWS_MS
    ));
    assert!(!set_aside_lately(&store, "other-x", 50_000));
}
