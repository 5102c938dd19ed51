//! Legal decisions, computed only from what the deciding seat knows: the rules,
//! the public state and its own private cards. [`crate::game::State`] and
//! [`crate::game::PlayerView`] share these functions, so a view's legal actions
//! are the state's by construction.

use crate::cards::{Card, CardCounts, Rank, Suit};
use crate::meld::{self, MeldKey};
use crate::rules::{AllPass, ConcedeTiming, Rules, TrumpMarriage};

use super::action::{Action, IllegalAction, Phase};
use super::bidding;
use super::seating::Seat;
use super::state::{HandPublic, PublicState, SeatPrivate};
use super::tricks;

/// The cards of the trick under way.
fn trick_cards(h: &HandPublic) -> Vec<Card> {
    h.current_trick().iter().map(|p| p.card).collect()
}

/// Whether the declarer may concede now that all meld is shown.
pub fn may_concede_after_meld(rules: &Rules, h: &HandPublic) -> bool {
    let Some(concede) = &rules.contract.concede else {
        return false;
    };
    if concede.timing != ConcedeTiming::AfterMeld {
        return false;
    }
    match (concede.min_shortfall, h.declarer, h.bid) {
        (Some(min), Some(d), Some(bid)) => bid > h.side_meld(rules, d) + min,
        _ => true,
    }
}

/// The distinct cards of a hand, sorted.
fn distinct(hand: &CardCounts) -> Vec<Card> {
    let mut cards = hand.to_cards();
    cards.dedup();
    cards
}

/// Cards the seat may pass now.
fn passable(rules: &Rules, h: &HandPublic, own: &SeatPrivate) -> Vec<Card> {
    let mut cards = distinct(&own.hand);
    if h.phase == Phase::PassLeft {
        let mut full = own.hand;
        for &c in &own.passing {
            full.add(c);
        }
        if !meld::may_pass_nine(rules, &full) {
            cards.retain(|c| c.rank != Rank::Nine);
        }
    }
    cards
}

/// Cards the declarer may bury now (after meld: not cards the shown meld uses).
fn buryable(rules: &Rules, h: &HandPublic, seat: Seat, own: &SeatPrivate) -> Vec<Card> {
    let mut cards = distinct(&own.hand);
    if rules.contract.bury_after_meld {
        if let Some(Some(shown)) = h.melds.get(seat) {
            let used = meld::used_cards(shown);
            cards.retain(|&c| own.hand.count(c) > used.count(c));
        }
    }
    cards
}

/// Suits the declarer may name.
fn trump_suits(rules: &Rules, own: &SeatPrivate) -> Vec<Suit> {
    let marriage_needed = rules.contract.trump_marriage == TrumpMarriage::Required;
    Suit::ALL
        .into_iter()
        .filter(|&s| !marriage_needed || meld::has_marriage(&own.hand, s))
        .collect()
}

/// The meld sets the declarer may show: subsets of the best meld that leave enough
/// cards outside the meld to bury afterwards.
fn showable(rules: &Rules, h: &HandPublic, own: &SeatPrivate) -> Vec<Vec<MeldKey>> {
    let mut sets = meld::shown_subsets(rules, &own.hand, h.trump);
    sets.retain(|keys| leaves_enough_to_bury(rules, own, h, keys));
    sets
}

/// Whether showing `keys` leaves enough cards out of the meld to bury after it.
fn leaves_enough_to_bury(
    rules: &Rules,
    own: &SeatPrivate,
    h: &HandPublic,
    keys: &[MeldKey],
) -> bool {
    let bury_later = if rules.contract.bury_after_meld {
        rules.contract.bury as usize
    } else {
        0
    };
    meld::validate_shown(rules, &own.hand, h.trump, keys)
        .is_ok_and(|shown| own.hand.len() - meld::used_cards(&shown).len() >= bury_later)
}

/// Whether `seat` may ask for a redeal on nines: the variant is on, this is its
/// first turn in the auction and it was dealt enough nines (cards passed to the
/// left before the auction do not change what was dealt).
pub fn may_ask_redeal(rules: &Rules, h: &HandPublic, seat: Seat, own: &SeatPrivate) -> bool {
    let Some(needed) = rules.auction.redeal_nines else {
        return false;
    };
    if h.phase != Phase::Auction || h.spoken.get(seat) != Some(&0) {
        return false;
    }
    let nines = |cards: &[Card]| cards.iter().filter(|c| c.rank == Rank::Nine).count();
    let dealt = nines(&own.hand.to_cards()) + nines(&own.given);
    dealt.saturating_sub(nines(&own.received)) >= needed as usize
}

/// Whether a pass is allowed for `seat` in the auction.
fn may_pass_in_auction(rules: &Rules, h: &HandPublic, seat: Seat) -> bool {
    let a = &rules.auction;
    if h.auction.is_empty() && a.opener_must_bid {
        return false;
    }
    let others_passed = h.active.iter().all(|&s| s == seat || h.passed[s]);
    !(h.high.is_none() && others_passed && a.all_pass == AllPass::DealerMustBid)
}

/// The sorted, distinct legal actions of `seat` (empty if it is not to move).
pub fn legal_actions(
    rules: &Rules,
    public: &PublicState,
    seat: Seat,
    own: &SeatPrivate,
) -> Vec<Action> {
    let h = &public.hand;
    if h.to_move != Some(seat) {
        return Vec::new();
    }
    let mut out = match h.phase {
        Phase::PassLeft | Phase::PartnerPass => passable(rules, h, own)
            .into_iter()
            .map(Action::PassCard)
            .collect(),
        Phase::Auction => {
            let mut v: Vec<Action> = bidding::legal_bids(rules, h.high.map(|(_, b)| b))
                .into_iter()
                .map(Action::Bid)
                .collect();
            if may_pass_in_auction(rules, h, seat) {
                v.push(Action::Pass);
            }
            if may_ask_redeal(rules, h, seat, own) {
                v.push(Action::DeclineHand);
            }
            v
        }
        Phase::Escape => vec![Action::Keep, Action::Escape],
        Phase::DealerDecline | Phase::DuplicateDecline => vec![Action::DeclineHand, Action::Play],
        Phase::KittyConcede | Phase::MeldConcede | Phase::BidderDecision => {
            vec![Action::Concede, Action::Play]
        }
        Phase::Challenge => vec![Action::Pass, Action::Challenge],
        Phase::Trump => trump_suits(rules, own)
            .into_iter()
            .map(Action::ChooseTrump)
            .collect(),
        Phase::Bury => buryable(rules, h, seat, own)
            .into_iter()
            .map(Action::Bury)
            .collect(),
        Phase::ShowMeld => showable(rules, h, own)
            .into_iter()
            .map(Action::ShowMeld)
            .collect(),
        Phase::Tricks => tricks::legal_cards(&own.hand, &trick_cards(h), h.trump, rules.play.head)
            .into_iter()
            .map(Action::PlayCard)
            .collect(),
        Phase::SessionOver => Vec::new(),
    };
    crate::sort::sort(&mut out);
    out.dedup();
    out
}

/// Why `card` may not be played by `seat` now (`None` if it may, or if no card
/// play is pending).
pub fn card_reason(
    rules: &Rules,
    public: &PublicState,
    seat: Seat,
    own: &SeatPrivate,
    card: Card,
) -> Option<String> {
    let h = &public.hand;
    if h.phase != Phase::Tricks || h.to_move != Some(seat) {
        return None;
    }
    tricks::illegal_reason(&own.hand, &trick_cards(h), h.trump, rules.play.head, card)
}

/// Checks `action` for `seat`, who is to move. `Ok` exactly when the action is
/// among [`legal_actions`]; otherwise a human-readable reason.
pub fn check(
    rules: &Rules,
    public: &PublicState,
    seat: Seat,
    own: &SeatPrivate,
    action: &Action,
) -> Result<(), IllegalAction> {
    let h = &public.hand;
    let wrong = || IllegalAction::WrongPhase {
        phase: h.phase,
        action: action.clone(),
    };
    let rule = |r: String| IllegalAction::rule(r);
    let not_held = |c: &Card| rule(format!("you don't hold the {}", c.long_name()));
    match (h.phase, action) {
        (Phase::PassLeft | Phase::PartnerPass, Action::PassCard(c)) => {
            if own.hand.count(*c) == 0 {
                return Err(not_held(c));
            }
            if !passable(rules, h, own).contains(c) {
                return Err(rule(
                    "a nine may be passed only if every other card of the hand is part of a complete meld"
                        .to_string(),
                ));
            }
        }
        (Phase::Auction, Action::Bid(b)) => {
            if let Some(reason) = bidding::bid_error(rules, *b, h.high.map(|(_, b)| b)) {
                return Err(rule(reason));
            }
        }
        (Phase::Auction, Action::Pass) => {
            if !may_pass_in_auction(rules, h, seat) {
                return Err(rule(if h.auction.is_empty() {
                    "the first player must bid".to_string()
                } else {
                    "the dealer must bid when everybody else has passed".to_string()
                }));
            }
        }
        (Phase::Auction, Action::DeclineHand) => {
            if !may_ask_redeal(rules, h, seat, own) {
                return Err(rule(match rules.auction.redeal_nines {
                    None => "these rules have no redeal on nines".to_string(),
                    Some(n) => format!(
                        "a redeal may be asked only at your first turn, with {n} or more nines dealt"
                    ),
                }));
            }
        }
        (Phase::Escape, Action::Keep | Action::Escape)
        | (Phase::DealerDecline | Phase::DuplicateDecline, Action::DeclineHand | Action::Play)
        | (
            Phase::KittyConcede | Phase::MeldConcede | Phase::BidderDecision,
            Action::Concede | Action::Play,
        )
        | (Phase::Challenge, Action::Pass | Action::Challenge) => {}
        (Phase::Trump, Action::ChooseTrump(s)) => {
            if !trump_suits(rules, own).contains(s) {
                return Err(rule(format!(
                    "trump must be a suit in which you hold a marriage; you have no marriage in {}",
                    s.name()
                )));
            }
        }
        (Phase::Bury, Action::Bury(c)) => {
            if own.hand.count(*c) == 0 {
                return Err(not_held(c));
            }
            if !buryable(rules, h, seat, own).contains(c) {
                return Err(rule(format!(
                    "the {} is part of your shown meld and cannot be discarded",
                    c.long_name()
                )));
            }
        }
        (Phase::ShowMeld, Action::ShowMeld(keys)) => {
            let mut sorted = keys.clone();
            crate::sort::sort(&mut sorted);
            if sorted != *keys || !showable(rules, h, own).contains(keys) {
                return Err(rule(
                    match meld::validate_shown(rules, &own.hand, h.trump, keys) {
                        Err(e) => e.to_string(),
                        Ok(_) if !leaves_enough_to_bury(rules, own, h, keys) => format!(
                            "show less: {} cards must stay out of the meld to be discarded",
                            rules.contract.bury
                        ),
                        Ok(_) => "show melds of your best meld, listed once each in sorted order"
                            .to_string(),
                    },
                ));
            }
        }
        (Phase::Tricks, Action::PlayCard(c)) => {
            if let Some(reason) =
                tricks::illegal_reason(&own.hand, &trick_cards(h), h.trump, rules.play.head, *c)
            {
                return Err(rule(reason));
            }
        }
        _ => return Err(wrong()),
    }
    Ok(())
}
