//! Hand records (issue 3, "Hand record"): one JSON object per hand with the deal,
//! passes, auction, contract, meld, tricks, card points, outcome and the score or
//! payment changes, and on the hand that ends a game how it ended ([`GameEnd`]);
//! and the public [`HandSummary`] of the last hand.
//!
//! Format 2 added `game_end` and `redeal_by` and dropped the always-empty
//! `options`. Format 3 makes a record replayable ([`super::HandReplay::from_record`]):
//! `options` (the rule options that differ from the preset, as `--set` and share
//! links write them), `standing` (the session before the hand) and `actions`
//! (every decision of the hand in order, with its seat). Records of formats 1
//! and 2 still read, but carry no actions and cannot be replayed; their
//! `options`, when present, is what the writer put there (`simulate` wrote its
//! overrides).
//!
//! A file of records holds one JSON record per line: [`write_records`] writes
//! it and [`read_records`] reads it back, naming the line of any mistake.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::cards::{Card, Suit};
use crate::rules::PresetId;

use super::action::Action;
use super::seating::Seat;
use super::settle::Settlement;
use super::state::{
    Call, ConcessionKind, GameEndReason, HandEnd, Ledger, SessionResult, Standing, State,
    ThrowInReason, FORMAT_VERSION,
};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Outcome {
    Made,
    Set,
    /// A voluntary set, give-up, throw-in by choice, the club bidder's pass, a decline.
    Conceded,
    /// Not played by rule: all passed, bunching, no trump marriage, meld minimum.
    ThrownIn,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PassRecord {
    pub from: Seat,
    pub to: Seat,
    pub cards: Vec<Card>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Concession {
    pub seat: Seat,
    pub kind: ConcessionKind,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TrickRecord {
    pub leader: Seat,
    pub cards: Vec<(Seat, Card)>,
    pub winner: Seat,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DealRecord {
    pub hands: BTreeMap<String, Vec<Card>>,
    pub kitty: Vec<Card>,
}

/// Everything about one hand, for logs and replays (holds every hidden card).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandRecord {
    pub format: u32,
    pub preset: PresetId,
    /// The rule options that differ from the preset, `key` → `value` (format 3;
    /// applied to the preset they rebuild the rules).
    #[serde(default)]
    pub options: BTreeMap<String, String>,
    /// The number of the session in a run of several (`simulate`); absent
    /// otherwise.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub session: Option<u64>,
    pub hand: u32,
    pub players: usize,
    pub dealer: Seat,
    pub active: Vec<Seat>,
    pub deal: DealRecord,
    pub passes: Vec<PassRecord>,
    pub auction: Vec<Call>,
    /// The 300-escape was taken: the dealer took the contract.
    pub escaped: bool,
    pub declarer: Option<Seat>,
    pub bid: Option<u32>,
    pub bury: Vec<Card>,
    pub trump: Option<Suit>,
    pub meld: BTreeMap<String, u32>,
    pub concession: Option<Concession>,
    pub thrown_in: Option<ThrowInReason>,
    /// Club defenders' answers: true = challenge.
    pub challenges: Vec<(Seat, bool)>,
    /// The seat that asked for a redeal on nines (format 2).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub redeal_by: Option<Seat>,
    pub tricks: Vec<TrickRecord>,
    /// The hand's last cards were played out by a proved claim, this many:
    /// their players did not choose them (written by the table that took the
    /// claim; absent otherwise).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub claimed_cards: Option<u32>,
    pub card_points: BTreeMap<String, u32>,
    pub outcome: Outcome,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub delta: Option<BTreeMap<String, i64>>,
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub payments: Option<BTreeMap<String, i64>>,
    /// Scores or ledger after this hand (before any end-of-game settlement).
    pub totals: BTreeMap<String, i64>,
    /// On the hand that ends the game: why, who won and the final settlement.
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub game_end: Option<GameEnd>,
    /// The session before this hand (format 3).
    #[serde(skip_serializing_if = "Option::is_none", default)]
    pub standing: Option<Standing>,
    /// Every action of the hand in order, with the seat that took it (format 3;
    /// empty in older records and for a deal thrown in before any decision).
    #[serde(default)]
    pub actions: Vec<(Seat, Action)>,
}

/// How a game ended, on the record of its last hand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameEnd {
    pub reason: GameEndReason,
    /// The winning seats (both partners of a winning side); empty for a ledger
    /// game, which has no winner.
    pub winners: Vec<Seat>,
    /// The end-of-game settlement per seat (and `bowl` at the club): money play's
    /// game and set stakes, the club's shared high hand bonus; zero when nothing
    /// is paid. Added to the hand's `totals` it gives the final ledger.
    pub payments: BTreeMap<String, i64>,
}

impl GameEnd {
    /// The record form of a session's result.
    pub(super) fn of(result: &SessionResult, with_bowl: bool, with_pot: bool) -> GameEnd {
        GameEnd {
            reason: result.reason.unwrap_or(GameEndReason::DealLimit),
            winners: result.winners.clone(),
            payments: ledger_map(&result.payments, with_bowl, with_pot),
        }
    }
}

/// The public result of a finished hand (no hidden cards).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandSummary {
    pub hand: u32,
    pub dealer: Seat,
    pub declarer: Option<Seat>,
    pub bid: Option<u32>,
    /// The opener made the dealer take the contract (Brooklyn's escape).
    #[serde(default)]
    pub escaped: bool,
    pub trump: Option<Suit>,
    pub outcome: Outcome,
    pub concession: Option<Concession>,
    pub thrown_in: Option<ThrowInReason>,
    /// Meld by seat (`None`: the seat showed none or sat out).
    pub meld: Vec<Option<u32>>,
    /// Card points by seat when the hand was played (all `None` otherwise).
    pub card_points: Vec<Option<u32>>,
    /// Score changes (points games).
    pub delta: Option<Amounts>,
    /// Money or stake payments (ledger games).
    pub payments: Option<Amounts>,
    /// Totals after the hand: scores (in a points game played for money
    /// too, whose money is settled in `game_end`), or the ledger in the
    /// stake and money games.
    pub totals: Amounts,
    pub game_end: Option<GameEnd>,
}

/// Amounts by seat, with the club's bowl and the pot where the game keeps
/// them: the typed form of a record's `"0"`, `"1"`, …, `"bowl"`, `"pot"` keys.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Amounts {
    pub seats: Vec<Option<i64>>,
    pub bowl: Option<i64>,
    pub pot: Option<i64>,
}

impl Amounts {
    /// The amounts of a record's map for `seats` seats (other keys, such as a
    /// money game's `score-N`, are not amounts of the ledger).
    pub fn from_map(map: &BTreeMap<String, i64>, seats: usize) -> Amounts {
        Amounts {
            seats: (0..seats)
                .map(|s| map.get(&s.to_string()).copied())
                .collect(),
            bowl: map.get("bowl").copied(),
            pot: map.get("pot").copied(),
        }
    }

    pub fn seat(&self, seat: Seat) -> Option<i64> {
        self.seats.get(seat).copied().flatten()
    }
}

/// A record's per-seat map as a list by seat.
fn by_seat<T: Copy>(map: &BTreeMap<String, T>, seats: usize) -> Vec<Option<T>> {
    (0..seats)
        .map(|s| map.get(&s.to_string()).copied())
        .collect()
}

/// The totals a hand's summary shows: the record's, except in a points game
/// played for money, whose ledger stays empty until the game's end (nothing
/// is paid hand by hand): there the running scores (`score-N`), which the
/// game is played to.
fn summary_totals(totals: &BTreeMap<String, i64>) -> BTreeMap<String, i64> {
    let scores: BTreeMap<String, i64> = totals
        .iter()
        .filter_map(|(k, &v)| Some((k.strip_prefix("score-")?.to_string(), v)))
        .collect();
    if scores.is_empty() {
        totals.clone()
    } else {
        scores
    }
}

impl HandSummary {
    pub fn from_record(r: &HandRecord) -> HandSummary {
        let seats = r.players;
        HandSummary {
            hand: r.hand,
            dealer: r.dealer,
            declarer: r.declarer,
            bid: r.bid,
            escaped: r.escaped,
            trump: r.trump,
            outcome: r.outcome,
            concession: r.concession,
            thrown_in: r.thrown_in,
            meld: by_seat(&r.meld, seats),
            card_points: if r.tricks.is_empty() {
                vec![None; seats]
            } else {
                by_seat(&r.card_points, seats)
            },
            delta: r.delta.as_ref().map(|m| Amounts::from_map(m, seats)),
            payments: r.payments.as_ref().map(|m| Amounts::from_map(m, seats)),
            totals: Amounts::from_map(&summary_totals(&r.totals), seats),
            game_end: r.game_end.clone(),
        }
    }
}

/// A map of the entries, built by inserting them (`collect` into a `BTreeMap`
/// sorts them first: the browser would download a sort per map type).
fn map_of<T>(entries: impl IntoIterator<Item = (String, T)>) -> BTreeMap<String, T> {
    let mut map = BTreeMap::new();
    map.extend(entries);
    map
}

fn ledger_map(l: &Ledger, with_bowl: bool, with_pot: bool) -> BTreeMap<String, i64> {
    let mut m = map_of(l.seats.iter().enumerate().map(|(s, &v)| (s.to_string(), v)));
    if with_bowl {
        m.insert("bowl".to_string(), l.bowl);
    }
    if with_pot {
        m.insert("pot".to_string(), l.pot);
    }
    m
}

impl State {
    pub(super) fn build_record(&self, end: HandEnd, s: &Settlement) -> HandRecord {
        use crate::rules::Scoring;
        let h = &self.public.hand;
        let rules = &self.rules;
        let n = h.active.len().max(1);
        let tricks = h
            .plays
            .chunks(n)
            .zip(&h.trick_winners)
            .map(|(cards, &winner)| TrickRecord {
                leader: cards[0].seat,
                cards: cards.iter().map(|p| (p.seat, p.card)).collect(),
                winner,
            })
            .collect();
        let concession = match end {
            HandEnd::Conceded(kind) => h.declarer.map(|seat| Concession { seat, kind }),
            HandEnd::Played if h.surrendered => h.declarer.map(|seat| Concession {
                seat,
                kind: ConcessionKind::ThrowIn,
            }),
            _ => None,
        };
        let (bowl, pot) = (
            matches!(rules.scoring, Scoring::Bowl(_)),
            matches!(rules.scoring, Scoring::Pot(_)),
        );
        let session = &self.public.session;
        let totals = match &rules.scoring {
            Scoring::Points(p) if p.money.is_none() => map_of(
                session
                    .scores
                    .iter()
                    .enumerate()
                    .map(|(x, &v)| (x.to_string(), v)),
            ),
            Scoring::Points(_) => {
                let mut m = ledger_map(&session.ledger, false, false);
                for (x, v) in session.scores.iter().enumerate() {
                    m.insert(format!("score-{x}"), *v);
                }
                m
            }
            _ => ledger_map(&session.ledger, bowl, pot),
        };
        HandRecord {
            format: FORMAT_VERSION,
            preset: rules.preset,
            options: map_of(
                rules
                    .differences()
                    .into_iter()
                    .map(|(key, value)| (key.to_string(), value)),
            ),
            session: None,
            hand: h.number,
            players: self.public.seats,
            dealer: h.dealer,
            active: h.active.clone(),
            deal: DealRecord {
                hands: map_of(
                    h.active
                        .iter()
                        .map(|&x| (x.to_string(), self.hidden.dealt[x].to_cards())),
                ),
                kitty: self.hidden.dealt_kitty.clone(),
            },
            passes: self.hidden.passes.clone(),
            auction: h.auction.clone(),
            escaped: h.escaped,
            declarer: h.declarer,
            bid: h.bid,
            bury: h
                .declarer
                .map(|d| self.private[d].buried.clone())
                .unwrap_or_default(),
            trump: h.trump,
            meld: map_of(
                h.melds
                    .iter()
                    .enumerate()
                    .filter_map(|(x, m)| m.as_ref().map(|m| (x.to_string(), m.total))),
            ),
            concession,
            thrown_in: match end {
                HandEnd::ThrownIn(reason) => Some(reason),
                _ => None,
            },
            challenges: h.challenges.clone(),
            redeal_by: h.redeal_by,
            tricks,
            claimed_cards: None,
            card_points: map_of(h.active.iter().map(|&x| (x.to_string(), s.card_points[x]))),
            outcome: s.outcome,
            delta: s
                .delta
                .as_ref()
                .map(|d| map_of(d.iter().enumerate().map(|(x, &v)| (x.to_string(), v)))),
            payments: s.payments.as_ref().map(|p| ledger_map(p, bowl, pot)),
            totals,
            game_end: None,
            standing: Some(self.hidden.standing.clone()),
            actions: self.hidden.actions.to_vec(),
        }
    }

    /// The record form of the session's result, for the record of its last hand.
    pub(super) fn game_end_record(&self, result: &SessionResult) -> GameEnd {
        use crate::rules::Scoring;
        let scoring = &self.rules.scoring;
        GameEnd::of(
            result,
            matches!(scoring, Scoring::Bowl(_)),
            matches!(scoring, Scoring::Pot(_)),
        )
    }
}

/// Why a file of hand records was refused, or a record does not replay.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    #[error("the file holds no hand records")]
    Empty,
    #[error("line {line}: not JSON: {reason} (a file of hand records holds one record per line, as the app and `pinochle simulate --records` write them)")]
    NotJson { line: usize, reason: String },
    #[error("line {line}: not a hand record: {reason}")]
    NotARecord { line: usize, reason: String },
    #[error("line {line}: unknown record format {format} (this version reads formats 1 to {FORMAT_VERSION})")]
    UnknownFormat { line: usize, format: u32 },
    #[error("hand {hand}: format {format} records carry no actions; only format 3 records can be replayed")]
    NoActions { hand: u32, format: u32 },
    #[error("hand {hand}: the record has no `standing` to start the replay from")]
    NoStanding { hand: u32 },
    #[error("hand {hand}: the record's rules do not load: {reason}")]
    Rules { hand: u32, reason: String },
    #[error("hand {hand}: the record's deal does not set up: {reason}")]
    Deal { hand: u32, reason: String },
    #[error("hand {hand}: action {index} (seat {seat}: {action}) is not legal: {reason}")]
    IllegalAction {
        hand: u32,
        index: usize,
        seat: Seat,
        action: Action,
        reason: String,
    },
    #[error("hand {hand}: the hand ended at action {at} of the record's {actions}")]
    EndedEarly {
        hand: u32,
        at: usize,
        actions: usize,
    },
    #[error("hand {hand}: the hand is not over after the record's {actions} actions")]
    Unfinished { hand: u32, actions: usize },
    #[error("hand {hand}: the record has a claim play out its last {claimed} cards, but only {played} cards were played")]
    ClaimTooLong {
        hand: u32,
        claimed: u32,
        played: usize,
    },
    #[error("hand {hand}: the replay differs from the record in {}", fields.join(", "))]
    Differs { hand: u32, fields: Vec<String> },
}

/// Reads a file of hand records, one JSON object per line (blank lines are
/// ignored), of any format up to [`FORMAT_VERSION`].
pub fn read_records(text: &str) -> Result<Vec<HandRecord>, RecordError> {
    let mut records = Vec::new();
    for (index, text) in text.lines().enumerate() {
        let line = index + 1;
        if text.trim().is_empty() {
            continue;
        }
        // The format first, so that a newer record is named as such rather
        // than as a shape this version does not know. (Read straight from the
        // text, not through `serde_json::Value`: the app links this.)
        let head: FormatOnly = serde_json::from_str(text).map_err(|e| {
            let reason = reason_of(&e);
            if e.is_syntax() || e.is_eof() {
                RecordError::NotJson { line, reason }
            } else {
                RecordError::NotARecord { line, reason }
            }
        })?;
        if let Some(format) = head
            .format
            .filter(|&f| f == 0 || f > u64::from(FORMAT_VERSION))
        {
            return Err(RecordError::UnknownFormat {
                line,
                format: u32::try_from(format).unwrap_or(u32::MAX),
            });
        }
        let record = serde_json::from_str(text).map_err(|e| RecordError::NotARecord {
            line,
            reason: reason_of(&e),
        })?;
        records.push(record);
    }
    if records.is_empty() {
        return Err(RecordError::Empty);
    }
    Ok(records)
}

/// What serde says is wrong, without its position in the line (the error
/// names the line; one record is one line).
fn reason_of(e: &serde_json::Error) -> String {
    let text = e.to_string();
    let position = format!(" at line {} column {}", e.line(), e.column());
    text.strip_suffix(&position).unwrap_or(&text).to_string()
}

/// A record's `format`, read before the rest.
#[derive(Deserialize)]
struct FormatOnly {
    format: Option<u64>,
}

/// Writes hand records as a file: one JSON object per line, each line ended.
pub fn write_records(records: &[HandRecord]) -> String {
    let mut text = String::new();
    for record in records {
        // Plain data with string keys: serialization cannot fail.
        if let Ok(line) = serde_json::to_string(record) {
            text.push_str(&line);
            text.push('\n');
        }
    }
    text
}
