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
use super::state::{
    pass_cards_wanted, pick_bury_card, pick_pass_card, PublicState, SeatPrivate, State,
};

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

    /// This seat's view after its own pick `action` of a card to pass or to
    /// bury where the choice goes on (more cards to pick): equal to
    /// [`State::observation`] after the pick is applied. `None` for an
    /// illegal action, any other kind, or the choice's last card (which
    /// moves the hand on). What the coach asks to value a choice of several
    /// cards as the expert would go on making it.
    pub fn after_own_pick(&self, action: &Action) -> Option<PlayerView> {
        if self.refusal(action).is_some() {
            return None;
        }
        let mut next = self.clone();
        let (seat, h, own) = (self.seat, &mut next.public.hand, &mut next.own);
        match (h.phase, action) {
            (Phase::PassLeft | Phase::PartnerPass, &Action::PassCard(card))
                if h.chosen[seat] + 1 < pass_cards_wanted(&self.rules, h.phase) =>
            {
                pick_pass_card(h, own, seat, card);
            }
            (Phase::Bury, &Action::Bury(card)) if h.buried + 1 < self.rules.contract.bury => {
                pick_bury_card(&self.rules, h, own, seat, card);
            }
            _ => return None,
        }
        Some(next)
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

    /// A pick of a pass or bury that leaves more to pick gives, from the
    /// seat's view alone, the view the state gives after it; other actions
    /// and a choice's last card give none.
    #[test]
    fn a_view_after_its_own_pick_is_the_states_observation_after_it() {
        let mut picks = 0;
        for preset in PresetId::ALL {
            for seed in 0..12 {
                let mut state = State::new(Rules::preset(preset), seed).unwrap();
                let mut rng = crate::game::rng::Rng::new(seed);
                for _ in 0..80 {
                    let Some(seat) = state.current_player() else {
                        break;
                    };
                    let view = state.observation(seat);
                    let legal = view.legal_actions();
                    let action = legal[rng.below(legal.len())].clone();
                    let predicted = view.after_own_pick(&action);
                    let picking = matches!(
                        (view.phase(), &action),
                        (Phase::PassLeft | Phase::PartnerPass, Action::PassCard(_))
                            | (Phase::Bury, Action::Bury(_))
                    );
                    state.apply(action.clone()).unwrap();
                    let goes_on =
                        state.current_player() == Some(seat) && state.phase() == view.phase();
                    match predicted {
                        Some(next) => {
                            assert!(picking && goes_on, "{preset:?} {seed}: {action}");
                            assert_eq!(
                                next,
                                state.observation(seat),
                                "{preset:?} {seed}: {action}"
                            );
                            picks += 1;
                        }
                        None => assert!(!(picking && goes_on), "{preset:?} {seed}: {action}"),
                    }
                }
            }
        }
        assert!(picks > 50, "{picks} picks checked");
    }

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
