//! Hand replay: one finished hand rebuilt from the position it started at and
//! every move in it, stepped through move by move with every hand face up —
//! for reviewing a hand in the app or with `pinochle review`. A replay comes
//! from a game's rules, seed and action log ([`HandReplay::of`]) or from a
//! format 3 hand record ([`HandReplay::from_record`]), which it checks: the
//! moves replayed must reproduce the record.

use std::ops::Range;

use serde::{Deserialize, Serialize};

use crate::cards::Card;
use crate::link::{decode_link, encode_link, SharedRules};
use crate::rules::Rules;

use super::action::Action;
use super::record::{HandRecord, RecordError};
use super::seating::Seat;
use super::state::{Standing, State};
use super::view::PlayerView;

/// What rebuilds a recorded hand, and no more: the rules as rule-link text,
/// the deal, the session's standing before the hand and its actions. Small
/// enough to cross from the worker that reads a file of records to the page
/// that shows them (which then needs no record reader of its own).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ReplayParts {
    pub hand: u32,
    /// The exact rules, as rule-link text (`v=2&game=bison&target=1000&check=…`).
    pub rules: String,
    pub dealer: Seat,
    /// Every seat's hand as dealt (seats that sit out hold none).
    pub hands: Vec<Vec<Card>>,
    pub kitty: Vec<Card>,
    pub standing: Standing,
    /// The session ended by its deal limit with this hand.
    pub deal_limit: Option<u32>,
    pub actions: Vec<(Seat, Action)>,
    /// The hand's last cards a claim played (see [`HandRecord::claimed_cards`]).
    #[serde(default)]
    pub claimed_cards: Option<u32>,
}

impl ReplayParts {
    /// The parts of a format 3 record.
    pub fn of(record: &HandRecord) -> Result<ReplayParts, RecordError> {
        let hand = record.hand;
        if record.format < 3 {
            return Err(RecordError::NoActions {
                hand,
                format: record.format,
            });
        }
        let standing = record
            .standing
            .as_ref()
            .ok_or(RecordError::NoStanding { hand })?;
        let settings: Vec<String> = record
            .options
            .iter()
            .map(|(key, value)| format!("{key}={value}"))
            .collect();
        let rules = Rules::preset(record.preset)
            .with_settings(&settings)
            .map_err(|e| RecordError::Rules {
                hand,
                reason: e.to_string(),
            })?;
        let seats = rules.table.seats as usize;
        let mut hands = vec![Vec::new(); seats];
        for (seat, cards) in &record.deal.hands {
            let slot = seat
                .parse::<Seat>()
                .ok()
                .and_then(|s| hands.get_mut(s))
                .ok_or_else(|| RecordError::Deal {
                    hand,
                    reason: format!("'{seat}' is not a seat of the table"),
                })?;
            *slot = cards.clone();
        }
        // The session ends after this hand if it did by the deal limit.
        let deal_limit = record
            .game_end
            .as_ref()
            .filter(|end| end.reason == super::GameEndReason::DealLimit)
            .map(|_| hand);
        Ok(ReplayParts {
            hand,
            rules: encode_link(&SharedRules {
                rules,
                name: None,
                seed: None,
            }),
            dealer: record.dealer,
            hands,
            kitty: record.deal.kitty.clone(),
            standing: standing.clone(),
            deal_limit,
            actions: record.actions.clone(),
            claimed_cards: record.claimed_cards,
        })
    }
}

/// Why a hand of a game cannot be replayed from its action log.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    #[error("hand {0} has not been finished in this game")]
    NotFinished(u32),
    #[error("the game's actions do not replay: {0}")]
    Replay(String),
}

/// One finished hand: the position it started from and every move in it.
#[derive(Clone, Debug, PartialEq)]
pub struct HandReplay {
    pub hand: u32,
    pub start: State,
    pub moves: Vec<(Seat, Action)>,
    /// The hand's record (the deal, the kitty, the tricks), read off the
    /// session once the hand was over.
    pub record: HandRecord,
}

impl HandReplay {
    /// Hand `hand` of the game dealt from `seed` under `rules` whose actions
    /// are `log`.
    pub fn of(
        rules: &Rules,
        seed: u64,
        log: &[(Seat, Action)],
        hand: u32,
    ) -> Result<HandReplay, ReplayError> {
        let replay = |e: String| ReplayError::Replay(e);
        let mut state = State::new(rules.clone(), seed).map_err(|e| replay(e.to_string()))?;
        let mut start = None;
        let mut moves = Vec::new();
        let mut record = None;
        for (seat, action) in log {
            let number = state.public().hand.number;
            if number > hand {
                break;
            }
            if number == hand {
                start.get_or_insert_with(|| state.clone());
                moves.push((*seat, action.clone()));
            }
            state
                .apply_for(*seat, action.clone())
                .map_err(|e| replay(e.to_string()))?;
            // The records of the hands the move completed.
            if let Some(r) = state.recent_records().iter().find(|r| r.hand == hand) {
                record = Some(r.clone());
            }
        }
        match (start, record) {
            (Some(start), Some(record)) if !moves.is_empty() => Ok(HandReplay {
                hand,
                start,
                moves,
                record,
            }),
            _ => Err(ReplayError::NotFinished(hand)),
        }
    }

    /// The hand of a format 3 record: its deal under its rules, from the
    /// session's standing before it, with its actions replayed; refused when
    /// an action is not legal or the replay does not reproduce the record (its
    /// tricks, outcome, card points, scores...). A hand thrown in before any
    /// decision (a bunched deal) has no moves.
    pub fn from_record(record: &HandRecord) -> Result<HandReplay, RecordError> {
        let replay = HandReplay::from_parts(&ReplayParts::of(record)?)?;
        let fields = differing_fields(record, &replay.record);
        if !fields.is_empty() {
            return Err(RecordError::Differs {
                hand: record.hand,
                fields,
            });
        }
        Ok(HandReplay {
            record: record.clone(),
            ..replay
        })
    }

    /// The hand described by `parts`: dealt, and every action replayed; its
    /// record is the one the replay writes.
    pub fn from_parts(parts: &ReplayParts) -> Result<HandReplay, RecordError> {
        let hand = parts.hand;
        let rules = decode_link(&parts.rules)
            .map_err(|e| RecordError::Rules {
                hand,
                reason: e.to_string(),
            })?
            .rules;
        let mut state = State::from_deal_at(
            rules,
            0,
            Some(&parts.standing),
            parts.dealer,
            &parts.hands,
            &parts.kitty,
        )
        .map_err(|e| RecordError::Deal {
            hand,
            reason: e.to_string(),
        })?
        .with_deal_limit(parts.deal_limit);
        let start = state.clone();
        let recorded = |state: &State| {
            state
                .recent_records()
                .iter()
                .find(|r| r.hand == hand)
                .cloned()
        };
        let mut replayed = recorded(&state);
        for (index, (seat, action)) in parts.actions.iter().enumerate() {
            if replayed.is_some() {
                return Err(RecordError::EndedEarly {
                    hand,
                    at: index,
                    actions: parts.actions.len(),
                });
            }
            state
                .apply_for(*seat, action.clone())
                .map_err(|e| RecordError::IllegalAction {
                    hand,
                    index,
                    seat: *seat,
                    action: action.clone(),
                    reason: e.to_string(),
                })?;
            replayed = recorded(&state);
        }
        let replayed = replayed.ok_or(RecordError::Unfinished {
            hand,
            actions: parts.actions.len(),
        })?;
        let played: usize = replayed.tricks.iter().map(|t| t.cards.len()).sum();
        if let Some(claimed) = parts.claimed_cards.filter(|&c| c as usize > played) {
            return Err(RecordError::ClaimTooLong {
                hand,
                claimed,
                played,
            });
        }
        let record = HandRecord {
            claimed_cards: parts.claimed_cards,
            ..replayed
        };
        Ok(HandReplay {
            hand,
            start,
            moves: parts.actions.clone(),
            record,
        })
    }

    /// The number of moves; the steps run from 0 (the deal) to this (the end).
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The position before move `step` (`step` < [`len`](Self::len)).
    pub fn before(&self, step: usize) -> State {
        let mut state = self.start.clone();
        for (seat, action) in self
            .moves
            .iter()
            .take(step.min(self.len().saturating_sub(1)))
        {
            // The moves replayed once already when the replay was built.
            let _ = state.apply_for(*seat, action.clone());
        }
        state
    }

    /// The seat's view before move `step`: what it knew when it decided.
    pub fn view_before(&self, step: usize, seat: Seat) -> PlayerView {
        self.before(step).observation(seat)
    }

    /// The indices of the moves `seat` made.
    pub fn decisions_of(&self, seat: Seat) -> Vec<usize> {
        (0..self.len())
            .filter(|&i| self.moves[i].0 == seat)
            .collect()
    }

    /// The indices of the moves `seat` chose: its moves but the cards a
    /// claim played out for it at the end of the hand (see
    /// [`HandRecord::claimed_cards`]).
    pub fn chosen_by(&self, seat: Seat) -> Vec<usize> {
        let before_claim = self.claimed_steps().start;
        self.decisions_of(seat)
            .into_iter()
            .filter(|&step| step < before_claim)
            .collect()
    }

    /// The moves a proved claim played out at the end of the hand (empty
    /// when the hand was not claimed).
    pub fn claimed_steps(&self) -> Range<usize> {
        let claimed = self.record.claimed_cards.unwrap_or(0) as usize;
        self.len().saturating_sub(claimed)..self.len()
    }
}

/// The fields (by their JSON names, in alphabetical order) in which a
/// replayed record differs from the recorded one; the run's session number is
/// the writer's, not the hand's. (Compared field by field rather than through
/// JSON values: the app links this, and every byte of it is downloaded.)
fn differing_fields(recorded: &HandRecord, replayed: &HandRecord) -> Vec<String> {
    // Destructured whole, so that a new field cannot be left out unnoticed.
    let HandRecord {
        format,
        preset,
        options,
        session: _,
        // A claim is the table's note of who chose the cards, not of play.
        claimed_cards: _,
        hand,
        players,
        dealer,
        active,
        deal,
        passes,
        auction,
        escaped,
        declarer,
        bid,
        bury,
        trump,
        meld,
        concession,
        thrown_in,
        challenges,
        redeal_by,
        tricks,
        card_points,
        outcome,
        delta,
        payments,
        totals,
        game_end,
        standing,
        actions,
    } = recorded;
    let r = replayed;
    let same = [
        ("actions", *actions == r.actions),
        ("active", *active == r.active),
        ("auction", *auction == r.auction),
        ("bid", *bid == r.bid),
        ("bury", *bury == r.bury),
        ("card_points", *card_points == r.card_points),
        ("challenges", *challenges == r.challenges),
        ("concession", *concession == r.concession),
        ("deal", *deal == r.deal),
        ("dealer", *dealer == r.dealer),
        ("declarer", *declarer == r.declarer),
        ("delta", *delta == r.delta),
        ("escaped", *escaped == r.escaped),
        ("format", *format == r.format),
        ("game_end", *game_end == r.game_end),
        ("hand", *hand == r.hand),
        ("meld", *meld == r.meld),
        ("options", *options == r.options),
        ("outcome", *outcome == r.outcome),
        ("passes", *passes == r.passes),
        ("payments", *payments == r.payments),
        ("players", *players == r.players),
        ("preset", *preset == r.preset),
        ("redeal_by", *redeal_by == r.redeal_by),
        ("standing", *standing == r.standing),
        ("thrown_in", *thrown_in == r.thrown_in),
        ("totals", *totals == r.totals),
        ("tricks", *tricks == r.tricks),
        ("trump", *trump == r.trump),
    ];
    same.iter()
        .filter(|(_, same)| !same)
        .map(|(field, _)| field.to_string())
        .collect()
}
