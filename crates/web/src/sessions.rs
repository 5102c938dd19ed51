//! Saved sessions for the app's game controller: the [`SessionSetup`] of a
//! [`Game`], and a game rebuilt from a saved session.

use pinochle_engine::game::Action;

use crate::controller::{Game, ReplayError, Settings};
use crate::storage::{DecodeError, SavedSession, SessionSetup};

/// Why a saved session could not be turned back into a game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RestoreError {
    #[error("{0}")]
    Decode(#[from] DecodeError),
    #[error("{0}")]
    Replay(#[from] ReplayError),
}

/// The setup to save for a game just started.
pub fn setup_of(game: &Game) -> SessionSetup {
    let mut setup = SessionSetup::new(game.rules(), game.seed, game.names.clone(), game.human);
    setup.opponent_level = game.settings.level;
    setup.pace = game.settings.pace;
    setup.four_color = game.settings.four_color;
    setup.bid_advisor = game.settings.bid_advisor;
    setup.auto_play = game.settings.auto_play;
    setup.rules_name = game.settings.custom.as_ref().and_then(|c| c.name.clone());
    setup
}

/// Rebuilds the game of a saved session: dealt again from its deal number,
/// and every action replayed through the controller's own messages (so the
/// score sheet, a hand-result panel the player had not closed yet and the
/// trick on the table come back exactly as they were).
pub fn restore(session: &SavedSession) -> Result<Game, RestoreError> {
    let setup = &session.setup;
    let rules = setup.decode_rules().map_err(DecodeError::Rules)?;
    let base = Settings {
        level: setup.opponent_level,
        name: setup
            .players
            .get(setup.human_seat)
            .cloned()
            .unwrap_or_default(),
        // The next game from the start screen deals fresh cards.
        deal: None,
        pace: setup.pace,
        four_color: setup.four_color,
        bid_advisor: setup.bid_advisor,
        auto_play: setup.auto_play,
        ..Settings::default()
    };
    let settings = Settings::for_rules(rules, setup.rules_name.clone(), &base);
    let actions = session.actions.iter().map(|text| text.parse::<Action>());
    let mut game = Game::replay(session.id.clone(), settings, setup.seed, actions)?;
    game.practice = session.practice;
    // The claims first: the cards they played are no decisions to grade.
    game.keep_claims(&session.claims);
    game.keep_reviews(&session.reviews);
    game.close_seen_result(session.results_closed);
    game.keep_picks(&session.picks);
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::controller::testing::{basic_settings, drive};
    use crate::controller::{Effect, Msg};
    use crate::storage::{load_session, save_session, KeptReview, MemoryStore};
    use pinochle_engine::{PresetId, Rules};

    /// Drives `game` until `stop`, recording every action in `session`.
    fn play(game: &mut Game, session: &mut SavedSession, stop: impl Fn(&Game) -> bool) {
        for action in drive(game, stop, |_| {}).actions {
            session.push(&action, 0);
        }
    }

    /// The restored game as the table shows it once resumed.
    fn restored(session: &SavedSession) -> Game {
        let mut game = restore(session).unwrap();
        game.update(Msg::Wake).unwrap();
        game
    }

    #[test]
    fn a_game_comes_back_exactly_from_storage() {
        for preset in PresetId::ALL {
            let mut game = Game::start("s".into(), basic_settings(preset), 17).unwrap();
            let mut session = SavedSession::new("s".into(), setup_of(&game), 0);
            // Mid-trick of a later hand, then right at a hand's result panel.
            play(&mut game, &mut session, |g| {
                !g.history.is_empty()
                    && g.trick_pause.is_none()
                    && !g.view().public.hand.current_trick().is_empty()
            });
            let store = MemoryStore::default();
            save_session(&store, &mut session, 0).unwrap();
            let (loaded, _) = load_session(&store, "s", 0).unwrap();
            let mut now = game.clone();
            now.update(Msg::Wake).unwrap();
            assert_eq!(restored(&loaded), now, "{preset:?} mid-trick");
            play(&mut game, &mut session, |g| g.result.is_some());
            let mut now = game.clone();
            now.update(Msg::Wake).unwrap();
            assert_eq!(restored(&session), now, "{preset:?} at the result");
        }
    }

    #[test]
    fn a_result_the_player_closed_stays_closed_after_a_reload() {
        let mut game = Game::start("s".into(), basic_settings(PresetId::Bison), 5).unwrap();
        let mut session = SavedSession::new("s".into(), setup_of(&game), 0);
        play(&mut game, &mut session, |g| g.result.is_some());
        assert!(
            restored(&session).result.is_some(),
            "a result not closed yet opens again"
        );
        for effect in game.update(Msg::CloseResult).unwrap() {
            if let Effect::ResultClosed { hand } = effect {
                session.results_closed = hand;
            }
        }
        assert_eq!(session.results_closed, 1);
        let store = MemoryStore::default();
        save_session(&store, &mut session, 0).unwrap();
        let (loaded, _) = load_session(&store, "s", 0).unwrap();
        let back = restored(&loaded);
        assert!(back.result.is_none());
        let mut now = game.clone();
        now.update(Msg::Wake).unwrap();
        assert_eq!(back, now, "the next hand, as the player left it");
    }

    /// Opens the review of `hand` and answers every request as the worker
    /// would; returns the analyses the game asks to keep.
    fn review_with_the_worker(game: &mut Game, hand: u32) -> Vec<(u32, KeptReview)> {
        use crate::bot::{answer, BotReply, WorkerRequest};
        let mut kept = Vec::new();
        let mut queue: Vec<Effect> = game.update(Msg::OpenReview(hand)).unwrap();
        while let Some(effect) = queue.pop() {
            let reply = match effect {
                Effect::AskGrade(r) => answer(&WorkerRequest::Grade(*r)),
                Effect::AskPar(r) => answer(&WorkerRequest::Par(*r)),
                Effect::KeepReview { hand, review } => {
                    kept.push((hand, review));
                    continue;
                }
                _ => continue,
            };
            let msg = match reply {
                BotReply::Graded {
                    hand,
                    step,
                    decision,
                    ..
                } => Msg::Graded {
                    hand,
                    step,
                    decision,
                },
                BotReply::Parred { hand, par, .. } => Msg::ParFound { hand, par },
                other => panic!("{other:?}"),
            };
            queue.extend(game.update(msg).unwrap());
        }
        kept
    }

    #[test]
    fn a_reviewed_hand_keeps_its_analyses_across_a_reload() {
        let mut game = Game::start("k".into(), basic_settings(PresetId::Bison), 12).unwrap();
        let mut session = SavedSession::new("k".into(), setup_of(&game), 0);
        play(&mut game, &mut session, |g| g.history.len() >= 2);
        let kept = review_with_the_worker(&mut game, 1);
        assert_eq!(kept.len(), 1, "kept once, when complete: {kept:?}");
        let (hand, review) = kept[0].clone();
        assert_eq!(hand, 1);
        assert!(review.par.is_some());
        session.reviews.insert(hand, review.clone());
        let store = MemoryStore::default();
        save_session(&store, &mut session, 0).unwrap();
        let (loaded, _) = load_session(&store, "k", 0).unwrap();
        assert_eq!(
            loaded.reviews, session.reviews,
            "through localStorage's JSON"
        );
        let mut back = restore(&loaded).unwrap();
        let effects = back.update(Msg::OpenReview(1)).unwrap();
        assert!(
            effects
                .iter()
                .all(|e| !matches!(e, Effect::AskGrade(_) | Effect::AskPar(_))),
            "nothing asked again: {effects:?}"
        );
        let shown = back.review.as_ref().unwrap();
        assert!(shown.graded());
        assert_eq!(shown.par, review.par);
        // A kept review that no longer fits its hand (a grade moved to a move
        // the human did not make) is left out and asked for again.
        let mut damaged = review;
        let (&step, grade) = damaged.grades.iter().next().unwrap();
        let grade = grade.clone();
        damaged.grades.remove(&step);
        damaged.grades.insert(step + 1_000, grade);
        let mut stale = session.clone();
        stale.reviews.insert(1, damaged);
        let mut back = restore(&stale).unwrap();
        let effects = back.update(Msg::OpenReview(1)).unwrap();
        assert!(effects.iter().any(|e| matches!(e, Effect::AskGrade(_))));
    }

    /// A bury's grades, which name its cards in the expert's order rather
    /// than the order they were picked in, come back after a reload.
    #[test]
    fn a_reviewed_bury_keeps_its_grades_across_a_reload() {
        use pinochle_engine::game::Action;
        let mut game = Game::start("b".into(), basic_settings(PresetId::Brooklyn), 31).unwrap();
        let mut session = SavedSession::new("b".into(), setup_of(&game), 0);
        let buried_in = |g: &Game| {
            g.history.iter().map(|h| h.hand).find(|&hand| {
                g.hand_replay(hand).is_ok_and(|r| {
                    r.moves
                        .iter()
                        .any(|(s, a)| *s == g.human && matches!(a, Action::Bury(_)))
                })
            })
        };
        play(&mut game, &mut session, |g| buried_in(g).is_some());
        let hand = buried_in(&game).unwrap();
        let kept = review_with_the_worker(&mut game, hand);
        let (_, mut review) = kept.into_iter().find(|(h, _)| *h == hand).unwrap();
        // As graded in the expert's order where it was picked in another:
        // the set's grades turned round.
        let replay = game.hand_replay(hand).unwrap();
        let bury: Vec<usize> = (0..replay.len())
            .filter(|&i| matches!(replay.moves[i].1, Action::Bury(_)))
            .collect();
        let grades: Vec<_> = bury.iter().map(|s| review.grades[s].clone()).collect();
        for (step, grade) in bury.iter().zip(grades.iter().cycle().skip(1)) {
            review.grades.insert(*step, grade.clone());
        }
        assert_ne!(review.grades[&bury[0]].chosen, replay.moves[bury[0]].1);
        session.reviews.insert(hand, review.clone());
        let mut back = restore(&session).unwrap();
        let effects = back.update(Msg::OpenReview(hand)).unwrap();
        assert!(
            effects.iter().all(|e| !matches!(e, Effect::AskGrade(_))),
            "nothing asked again: {effects:?}"
        );
        assert!(back.review.as_ref().unwrap().graded());
        // A grade naming a card the bury did not hold does not fit.
        let outside = replay
            .moves
            .iter()
            .find_map(|(_, a)| match a {
                Action::PlayCard(c)
                    if !bury.iter().any(|&s| replay.moves[s].1 == Action::Bury(*c)) =>
                {
                    Some(Action::Bury(*c))
                }
                _ => None,
            })
            .unwrap();
        review.grades.get_mut(&bury[0]).unwrap().chosen = outside;
        session.reviews.insert(hand, review);
        let mut back = restore(&session).unwrap();
        let effects = back.update(Msg::OpenReview(hand)).unwrap();
        assert!(effects.iter().any(|e| matches!(e, Effect::AskGrade(_))));
    }

    #[test]
    fn custom_rules_come_back_exactly() {
        let rules = Rules::preset(PresetId::Brooklyn)
            .with_settings(&["min_bid=350".to_string()])
            .unwrap();
        let settings = Settings::for_rules(rules, Some("Friday".into()), &Settings::default());
        let game = Game::start("c".into(), settings, 4).unwrap();
        let session = SavedSession::new("c".into(), setup_of(&game), 0);
        let back = restore(&session).unwrap();
        assert_eq!(back.rules(), game.rules());
        assert_eq!(back.settings.custom, game.settings.custom);
        assert_eq!(back.seed, 4);
    }
}
