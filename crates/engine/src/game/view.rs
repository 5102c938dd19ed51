//! What one seat may know ([`PlayerView`]): the rules, the public state (auction,
//! exposed kitty, shown melds, tricks, announced buried trumps, scores) and its
//! own private cards — never another seat's hand, the undealt kitty or cards
//! buried by someone else. Computer players and the UI only ever get a view.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::cards::Card;
use crate::rules::Rules;

use super::action::{Action, Phase};
use super::legal;
use super::seating::Seat;
use super::state::{PublicState, SeatPrivate, State};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerView {
    /// The observing seat (a seat number past the table: a spectator).
    pub seat: Seat,
    pub rules: Rules,
    pub public: PublicState,
    /// This seat's own hand, passed and received cards, buried cards.
    pub own: SeatPrivate,
}

impl PlayerView {
    pub fn phase(&self) -> Phase {
        self.public.hand.phase
    }

    pub fn is_my_turn(&self) -> bool {
        self.public.hand.to_move == Some(self.seat)
    }

    /// This seat's legal actions (empty when it is not to move); equal to
    /// [`State::legal_actions`] when it is.
    pub fn legal_actions(&self) -> Vec<Action> {
        legal::legal_actions(&self.rules, &self.public, self.seat, &self.own)
    }

    /// The cards handed to this seat so far in the hand, one entry per pass
    /// notice addressed to it: the notice's index in the hand's `passes`, who
    /// passed them and the cards (`own.received` holds them in that order).
    pub fn passes_received(&self) -> Vec<(usize, Seat, &[Card])> {
        let mut taken = 0;
        let mut passes = Vec::new();
        for (i, notice) in self.public.hand.passes.iter().enumerate() {
            if notice.to != self.seat {
                continue;
            }
            let end = (taken + usize::from(notice.count)).min(self.own.received.len());
            passes.push((i, notice.from, &self.own.received[taken..end]));
            taken = end;
        }
        passes
    }

    /// Why this seat may not take `action` now, in the rules' words ("the
    /// first player must bid"); `None` when it may.
    pub fn refusal(&self, action: &Action) -> Option<String> {
        if !self.is_my_turn() {
            return Some("it is not your turn".to_string());
        }
        legal::check(&self.rules, &self.public, self.seat, &self.own, action)
            .err()
            .map(|e| e.to_string())
    }

    /// Why this seat may not play `card` now (`None`: legal, or not its turn).
    pub fn card_reason(&self, card: Card) -> Option<String> {
        legal::card_reason(&self.rules, &self.public, self.seat, &self.own, card)
    }
}

impl State {
    /// What `seat` may know.
    pub fn observation(&self, seat: Seat) -> PlayerView {
        PlayerView {
            seat,
            rules: Rules::clone(&self.rules),
            public: self.public.clone(),
            own: self.private.get(seat).cloned().unwrap_or_default(),
        }
    }

    /// The shared rules, cheap to clone.
    pub fn shared_rules(&self) -> Arc<Rules> {
        Arc::clone(&self.rules)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::PresetId;

    #[test]
    fn a_refusal_gives_the_rules_reason_and_agrees_with_the_legal_actions() {
        // Brooklyn: the first player must bid.
        let state = State::new(Rules::preset(PresetId::Brooklyn), 3).unwrap();
        let seat = state.current_player().unwrap();
        let view = state.observation(seat);
        assert_eq!(
            view.refusal(&Action::Pass).as_deref(),
            Some("the first player must bid")
        );
        for action in view.legal_actions() {
            assert_eq!(view.refusal(&action), None, "{action}");
        }
        assert!(view.passes_received().is_empty());
        let other = state.observation((seat + 1) % 3);
        assert_eq!(
            other.refusal(&Action::Bid(300)).as_deref(),
            Some("it is not your turn")
        );
    }
}
