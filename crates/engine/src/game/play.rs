//! The one loop that plays a session with given players: the simulator, the
//! duplicate tournament and the tests all drive whole games through
//! [`play_session`]. It asks the seat to move for a decision, applies it, and
//! reports every step (with its [`Event`]s) to an observer that may stop the
//! play; a player's error, an illegal choice and a hand that never ends are
//! typed errors, never panics.

use std::ops::ControlFlow;

use super::{Action, Event, IllegalAction, Phase, Seat, State};

/// Actions in one hand before the loop calls it an engine bug.
pub const MAX_ACTIONS_PER_HAND: u32 = 100_000;

/// One applied decision, as the observer sees it.
#[derive(Debug)]
pub struct Step<'a> {
    pub seat: Seat,
    pub action: &'a Action,
    /// What the action did (tricks taken, hands ended, the session over).
    pub events: &'a [Event],
}

impl Step<'_> {
    /// Whether a hand ended with this step.
    pub fn ended_a_hand(&self) -> bool {
        self.events.iter().any(|e| matches!(e, Event::HandEnded(_)))
    }
}

/// Why a session could not be played on.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayError<E> {
    /// A player or the observer failed.
    #[error("{0}")]
    Driver(E),
    #[error("engine: seat {seat} to move in phase '{phase}' has no legal action")]
    NoLegalAction { seat: Seat, phase: Phase },
    #[error("seat {seat} chose '{action}', which the engine refused: {reason}")]
    Refused {
        seat: Seat,
        action: Action,
        reason: IllegalAction,
    },
    #[error("engine: hand {hand} did not end after {MAX_ACTIONS_PER_HAND} actions")]
    Endless { hand: u32 },
}

/// Plays `state` until the session is over or `observe` breaks. `choose` gets
/// the state, the seat to move and its sorted, non-empty legal actions, and
/// returns that seat's decision (a player that may only see its view builds it
/// with [`State::observation`]).
pub fn play_session<E>(
    state: &mut State,
    mut choose: impl FnMut(&State, Seat, &[Action]) -> Result<Action, E>,
    mut observe: impl FnMut(&State, &Step<'_>) -> Result<ControlFlow<()>, E>,
) -> Result<(), PlayError<E>> {
    let mut actions_this_hand = 0u32;
    while let Some(seat) = state.current_player() {
        let legal = state.legal_actions();
        if legal.is_empty() {
            return Err(PlayError::NoLegalAction {
                seat,
                phase: state.phase(),
            });
        }
        let action = choose(state, seat, &legal).map_err(PlayError::Driver)?;
        let events =
            state
                .apply_for(seat, action.clone())
                .map_err(|reason| PlayError::Refused {
                    seat,
                    action: action.clone(),
                    reason,
                })?;
        let step = Step {
            seat,
            action: &action,
            events: &events,
        };
        actions_this_hand = if step.ended_a_hand() {
            0
        } else {
            actions_this_hand + 1
        };
        if actions_this_hand > MAX_ACTIONS_PER_HAND {
            return Err(PlayError::Endless {
                hand: state.public().hand.number,
            });
        }
        if observe(state, &step).map_err(PlayError::Driver)?.is_break() {
            break;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{PresetId, Rules};

    #[test]
    fn a_session_plays_to_its_end_and_reports_every_hand() {
        let mut state = State::new(Rules::preset(PresetId::Bison), 3)
            .unwrap()
            .with_deal_limit(Some(2));
        let (mut steps, mut hands, mut tricks) = (0, 0, 0);
        let mut rng = crate::game::rng::Rng::new(5);
        play_session::<()>(
            &mut state,
            |_, _, legal| Ok(legal[rng.below(legal.len())].clone()),
            |_, step| {
                steps += 1;
                hands += usize::from(step.ended_a_hand());
                tricks += step
                    .events
                    .iter()
                    .filter(|e| matches!(e, Event::TrickTaken { .. }))
                    .count();
                Ok(ControlFlow::Continue(()))
            },
        )
        .unwrap();
        assert!(state.is_terminal());
        assert!(steps > 0);
        assert_eq!(hands as u32, state.public().session.hands_completed);
        assert!(tricks > 0);
    }

    #[test]
    fn the_observer_stops_the_play_and_errors_are_typed() {
        let mut state = State::new(Rules::preset(PresetId::Brooklyn), 1).unwrap();
        let mut seen = 0;
        play_session::<()>(
            &mut state,
            |_, _, legal| Ok(legal[0].clone()),
            |_, _| {
                seen += 1;
                Ok(if seen == 3 {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                })
            },
        )
        .unwrap();
        assert_eq!(seen, 3);
        let before = state.clone();
        let err = play_session::<()>(
            &mut state,
            |_, _, _| Ok(Action::ChooseTrump(crate::Suit::Hearts)),
            |_, _| Ok(ControlFlow::Continue(())),
        );
        assert!(matches!(err, Err(PlayError::Refused { .. })));
        assert_eq!(state, before, "a refused choice changes nothing");
        let err = play_session(
            &mut state,
            |_, _, _| Err("no idea"),
            |_, _| Ok(ControlFlow::Continue(())),
        );
        assert_eq!(err, Err(PlayError::Driver("no idea")));
    }
}
