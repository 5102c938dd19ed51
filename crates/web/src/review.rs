//! Hand review: a finished hand of the game on the table, rebuilt from the
//! game's deal number and actions, stepped through move by move with every
//! hand face up (the hand is over, so nothing is hidden any more), and the
//! human's decisions in it, which the coach in the worker grades from the
//! human's own view at each one.
//!
//! The replay itself is the engine's [`HandReplay`], shared with `pinochle
//! review`; a hand the log cannot replay is a [`ReviewError`].

pub use pinochle_engine::game::{HandReplay, ReplayError as ReviewError};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bot::{answer, BotReply, WorkerRequest};
    use crate::controller::testing::{basic_settings, drive, grade_asks, worker_grade};
    use crate::controller::{Effect, Game, Msg, ParRequest};
    use pinochle_engine::game::{read_records, Action, Seat};
    use pinochle_engine::PresetId;

    fn played(preset: PresetId, hands: usize) -> Game {
        let mut game = Game::start("r".into(), basic_settings(preset), 31).unwrap();
        drive(&mut game, |g| g.history.len() >= hands, |_| {});
        game
    }

    #[test]
    fn every_finished_hand_replays_to_its_record_in_every_preset() {
        for preset in PresetId::ALL {
            let game = played(preset, 2);
            for summary in &game.history {
                let replay = game
                    .hand_replay(summary.hand)
                    .unwrap_or_else(|e| panic!("{preset:?} hand {}: {e}", summary.hand));
                assert_eq!(replay.start.public().hand.number, summary.hand);
                assert_eq!(replay.record.hand, summary.hand);
                // The start is the deal: every seat holds its dealt cards.
                for (seat, cards) in &replay.record.deal.hands {
                    let seat: Seat = seat.parse().unwrap();
                    let mut dealt = cards.clone();
                    dealt.sort();
                    let mut held = replay.start.private_of(seat).unwrap().hand.to_cards();
                    held.sort();
                    assert_eq!(held, dealt, "{preset:?} seat {seat}");
                }
                // Stepping never fails, and each decision's view is its seat's own.
                for step in 0..replay.len() {
                    let (seat, action) = &replay.moves[step];
                    let view = replay.view_before(step, *seat);
                    assert!(
                        view.legal_actions().contains(action),
                        "{preset:?} step {step}"
                    );
                }
            }
        }
    }

    #[test]
    fn the_review_opens_steps_within_the_hand_and_closes() {
        let mut game = played(PresetId::Brooklyn, 1);
        let before = game.clone();
        assert!(game.update(Msg::OpenReview(9)).is_err(), "no such hand");
        assert_eq!(game, before, "a refused review changes nothing");
        game.update(Msg::OpenReview(1)).unwrap();
        let len = game.review.as_ref().unwrap().replay.len();
        game.update(Msg::ReviewStep(len + 40)).unwrap();
        assert_eq!(
            game.review.as_ref().unwrap().step,
            len,
            "the end is the last step"
        );
        game.update(Msg::ReviewStep(3)).unwrap();
        assert_eq!(game.review.as_ref().unwrap().step, 3);
        // Two taps of "next" before a redraw step twice; steps stop at the ends.
        game.update(Msg::ReviewStepBy(1)).unwrap();
        game.update(Msg::ReviewStepBy(1)).unwrap();
        assert_eq!(game.review.as_ref().unwrap().step, 5);
        game.update(Msg::ReviewStepBy(-9)).unwrap();
        assert_eq!(game.review.as_ref().unwrap().step, 0);
        game.update(Msg::ReviewStepBy(len as isize + 9)).unwrap();
        assert_eq!(game.review.as_ref().unwrap().step, len);
        game.update(Msg::CloseReview).unwrap();
        assert!(game.review.is_none());
    }

    #[test]
    fn each_human_decision_is_graded_once_by_the_worker() {
        let mut game = played(PresetId::Bison, 1);
        let effects = game.update(Msg::OpenReview(1)).unwrap();
        let effects_of_open = effects.clone();
        let asks = grade_asks(&effects);
        let review = game.review.clone().unwrap();
        assert_eq!(asks.len(), review.replay.decisions_of(game.human).len());
        assert!(!asks.is_empty());
        for ask in &asks {
            // Asked from the human's own view, about the move the human made.
            assert_eq!(ask.view.seat, game.human);
            assert_eq!(ask.chosen, review.replay.moves[ask.step].1);
            let graded = worker_grade(ask.clone());
            if let Msg::Graded { decision, .. } = &graded {
                assert!(decision.cost.is_none_or(|c| c >= 0.0));
            }
            game.update(graded).unwrap();
        }
        assert!(game.review.as_ref().unwrap().graded());
        // The par is asked once, answered by the worker and kept.
        let par = effects_par(&effects_of_open);
        let BotReply::Parred { hand, par, .. } = answer(&WorkerRequest::Par(par)) else {
            panic!("no par reply");
        };
        game.update(Msg::ParFound { hand, par }).unwrap();
        assert!(game.review.as_ref().unwrap().par.is_some());
        game.update(Msg::CloseReview).unwrap();
        let again = game.update(Msg::OpenReview(1)).unwrap();
        assert!(
            again
                .iter()
                .all(|e| !matches!(e, Effect::AskGrade(_) | Effect::AskPar(_))),
            "the grades and the par are kept"
        );
        assert!(game.review.as_ref().unwrap().graded());
    }

    /// A bury is graded card by card in the order the expert would pick
    /// its cards: the first card is asked for at once, each later one once
    /// the card before it is graded, from the view with the graded cards
    /// buried; each card of the bury is graded once.
    #[test]
    fn a_bury_is_graded_as_a_set_one_card_after_another() {
        let mut game = Game::start("b".into(), basic_settings(PresetId::Brooklyn), 31).unwrap();
        drive(
            &mut game,
            |g| {
                g.history.iter().any(|h| {
                    g.hand_replay(h.hand).is_ok_and(|r| {
                        r.moves
                            .iter()
                            .any(|(s, a)| *s == g.human && matches!(a, Action::Bury(_)))
                    })
                })
            },
            |_| {},
        );
        let hand = game
            .history
            .iter()
            .map(|h| h.hand)
            .find(|&h| {
                game.hand_replay(h).is_ok_and(|r| {
                    r.moves
                        .iter()
                        .any(|(s, a)| *s == game.human && matches!(a, Action::Bury(_)))
                })
            })
            .unwrap();
        let mut asks = grade_asks(&game.update(Msg::OpenReview(hand)).unwrap());
        let replay = game.review.as_ref().unwrap().replay.clone();
        let bury: Vec<usize> = (0..replay.len())
            .filter(|&i| matches!(replay.moves[i].1, Action::Bury(_)))
            .collect();
        assert_eq!(bury.len(), 3);
        // Tapped in another order than the expert's (reversed): the order
        // of the taps is no decision.
        game.review.as_mut().unwrap().replay.moves[bury[0]..=bury[2]].reverse();
        assert_eq!(
            asks.iter().filter(|a| bury.contains(&a.step)).count(),
            1,
            "only the bury's first card is asked at once"
        );
        let mut answered = Vec::new();
        while let Some(ask) = asks.pop() {
            assert!(
                !answered.contains(&ask.step),
                "step {} asked twice",
                ask.step
            );
            answered.push(ask.step);
            if bury.contains(&ask.step) {
                // Asked with the cards not buried yet, from a view that has
                // buried the ones graded before.
                assert_eq!(ask.among.len(), 3 - (ask.step - bury[0]));
                assert_eq!(ask.view.own.buried.len(), ask.step - bury[0]);
            }
            let more = game.update(worker_grade(ask)).unwrap();
            asks.extend(grade_asks(&more));
        }
        let review = game.review.as_ref().unwrap();
        assert!(review.graded());
        // The grades name the cards buried, each once.
        let mut graded: Vec<Action> = review
            .decisions
            .iter()
            .filter(|d| bury.contains(&d.step))
            .map(|d| d.answer.clone().unwrap().unwrap().chosen)
            .collect();
        let mut buried: Vec<Action> = bury.iter().map(|&i| replay.moves[i].1.clone()).collect();
        graded.sort();
        buried.sort();
        assert_eq!(graded, buried);
        // The review shows the bury in the order graded: the move at each
        // step is the card its grade names.
        for d in review.decisions.iter().filter(|d| bury.contains(&d.step)) {
            let named = &d.answer.as_ref().unwrap().as_ref().unwrap().chosen;
            assert_eq!(&review.replay.moves[d.step].1, named);
        }
    }

    fn effects_par(effects: &[Effect]) -> ParRequest {
        effects
            .iter()
            .find_map(|e| match e {
                Effect::AskPar(r) => Some((**r).clone()),
                _ => None,
            })
            .expect("the par is asked")
    }

    #[test]
    fn a_hand_or_the_game_exports_as_hand_records() {
        let mut game = played(PresetId::Partnership, 2);
        let download = |effects: Vec<Effect>| {
            effects
                .into_iter()
                .find_map(|e| match e {
                    Effect::Download { file_name, text } => Some((file_name, text)),
                    _ => None,
                })
                .expect("a file is offered")
        };
        let (name, text) = download(game.update(Msg::Export(Some(1))).unwrap());
        assert!(name.ends_with("hand-1.jsonl"), "{name}");
        let records = read_records(&text).expect("the records' own codec reads it");
        assert_eq!(records.len(), 1);
        assert_eq!(records[0], game.hand_replay(1).unwrap().record);
        // A record of the file replays on its own to the same hand.
        let again = HandReplay::from_record(&records[0]).unwrap();
        assert_eq!(again.moves, game.hand_replay(1).unwrap().moves);
        let (_, all) = download(game.update(Msg::Export(None)).unwrap());
        assert_eq!(all.lines().count(), game.history.len());
    }

    #[test]
    fn a_hand_not_yet_over_cannot_be_reviewed() {
        let game = played(PresetId::Bison, 1);
        let next = game.history.len() as u32 + 1;
        assert_eq!(game.hand_replay(next), Err(ReviewError::NotFinished(next)));
    }
}
