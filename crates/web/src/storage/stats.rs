//! The player's statistics per game type: games played, won and tied, hands, bids
//! won, contracts made and set, meld and result per hand, and the duplicate
//! rating with its trend. Kept under their own key ([`STATS_KEY`], in list
//! schema 1) so that they survive the history's pruning; practice games (undo
//! used) are counted apart and never mixed in.

use std::collections::BTreeMap;

use pinochle_engine::game::{same_side, HandSummary, Outcome, Seat};
use pinochle_engine::Rules;
use serde::{Deserialize, Serialize};

use super::format::{self, DecodeError, Tally, LIST_SCHEMA};
use super::{set_aside, KeyValueStore, Problem, SaveError, StoreError};

pub const STATS_KEY: &str = "pinochle/stats";
/// Rating points kept for the trend chart, oldest dropped first.
pub const TREND_LIMIT: usize = 200;

/// What one hand meant for the human, read off its public summary.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct HandFacts {
    /// The human was the declarer.
    pub declared: bool,
    pub outcome: Outcome,
    /// The human's meld, when shown.
    pub meld: Option<u32>,
    /// The human's score change (points games) or payment (stake and money games).
    pub change: Option<i64>,
}

impl HandFacts {
    pub fn of(summary: &HandSummary, human: Seat, tally: Tally) -> HandFacts {
        let changes = match tally {
            Tally::Points => summary.delta.as_ref(),
            Tally::Stakes | Tally::Money => summary.payments.as_ref(),
        };
        HandFacts {
            declared: summary.declarer == Some(human),
            outcome: summary.outcome,
            meld: summary.meld.get(human).copied().flatten(),
            change: changes.and_then(|c| c.seats.get(human).copied().flatten()),
        }
    }
}

/// How a finished game ended for the human's side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameEnd {
    Won,
    /// Level at the top with a rival: shared, not won.
    Tied,
    Lost,
}

/// How a finished game ended for the human: by its winners (a rival among
/// them is a tie), or, in a game without winners (the ledger games), by
/// whether the human is ahead of everyone, level with a rival at the top, or
/// behind.
pub fn game_end(rules: &Rules, winners: &[Seat], ledger: &[i64], human: Seat) -> GameEnd {
    let rival = |s: Seat| !same_side(rules, s, human);
    let (mine, rival_level) = if winners.is_empty() {
        let Some(&mine) = ledger.get(human) else {
            return GameEnd::Lost;
        };
        if ledger.iter().any(|&v| v > mine) {
            return GameEnd::Lost;
        }
        (
            true,
            (0..ledger.len()).any(|s| rival(s) && ledger[s] == mine),
        )
    } else {
        (
            winners.iter().any(|&w| !rival(w)),
            winners.iter().any(|&w| rival(w)),
        )
    };
    match (mine, rival_level) {
        (true, false) => GameEnd::Won,
        (true, true) => GameEnd::Tied,
        (false, _) => GameEnd::Lost,
    }
}

/// The counts of one game type.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Tallies {
    pub games: u32,
    pub won: u32,
    /// Games ended level at the top with a rival (not counted as won).
    pub tied: u32,
    pub hands: u32,
    /// Contracts the human took.
    pub bids_won: u32,
    pub made: u32,
    /// The human's contracts set or conceded.
    pub set: u32,
    pub meld_total: i64,
    /// Hands in which the human showed meld.
    pub meld_hands: u32,
    /// The human's score changes (or payments) summed over the hands.
    pub result_total: i64,
    /// What the game keeps count in (for reading the result total).
    pub tally: Option<Tally>,
    /// The duplicate rating, when a hand has been rated.
    pub rating: Option<f64>,
    /// The rating after each rated hand, oldest first (rounded).
    pub trend: Vec<i32>,
}

impl Tallies {
    pub fn made_percent(&self) -> Option<u32> {
        (self.bids_won > 0).then(|| (self.made * 100 + self.bids_won / 2) / self.bids_won)
    }

    /// The mean meld, rounded to the nearest point.
    pub fn average_meld(&self) -> Option<i64> {
        (self.meld_hands > 0)
            .then(|| (self.meld_total as f64 / f64::from(self.meld_hands)).round() as i64)
    }

    /// The mean result per hand, unrounded (a stake game's +0.5 u was cut
    /// to 0, a points game's 56.7 to 56).
    pub fn average_result(&self) -> Option<f64> {
        (self.hands > 0).then(|| self.result_total as f64 / f64::from(self.hands))
    }
}

/// Practice games, counted apart.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct PracticeTallies {
    pub games: u32,
    pub hands: u32,
}

/// Everything counted, by game type (the preset's id).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Statistics {
    pub schema: u32,
    pub games: BTreeMap<String, Tallies>,
    pub practice: BTreeMap<String, PracticeTallies>,
}

impl Default for Statistics {
    fn default() -> Statistics {
        Statistics {
            schema: LIST_SCHEMA,
            games: BTreeMap::new(),
            practice: BTreeMap::new(),
        }
    }
}

impl Statistics {
    pub fn record_hand(&mut self, game: &str, tally: Tally, facts: HandFacts, practice: bool) {
        if practice {
            self.practice.entry(game.to_string()).or_default().hands += 1;
            return;
        }
        let t = self.games.entry(game.to_string()).or_default();
        t.tally = Some(tally);
        t.hands += 1;
        if facts.declared {
            t.bids_won += 1;
            match facts.outcome {
                Outcome::Made => t.made += 1,
                Outcome::Set | Outcome::Conceded => t.set += 1,
                Outcome::ThrownIn => {}
            }
        }
        if let Some(meld) = facts.meld {
            t.meld_total += i64::from(meld);
            t.meld_hands += 1;
        }
        t.result_total += facts.change.unwrap_or(0);
    }

    pub fn record_game(&mut self, game: &str, end: GameEnd, practice: bool) {
        if practice {
            self.practice.entry(game.to_string()).or_default().games += 1;
            return;
        }
        let t = self.games.entry(game.to_string()).or_default();
        t.games += 1;
        match end {
            GameEnd::Won => t.won += 1,
            GameEnd::Tied => t.tied += 1,
            GameEnd::Lost => {}
        }
    }

    /// A new duplicate rating for a game type, kept with its trend.
    pub fn record_rating(&mut self, game: &str, rating: f64) {
        let t = self.games.entry(game.to_string()).or_default();
        t.rating = Some(rating);
        t.trend.push(rating.round() as i32);
        if t.trend.len() > TREND_LIMIT {
            t.trend.remove(0);
        }
    }

    /// The totals over every game type (the result total mixes units, so it
    /// is left out).
    pub fn overall(&self) -> Tallies {
        self.games.values().fold(Tallies::default(), |mut all, t| {
            all.games += t.games;
            all.won += t.won;
            all.tied += t.tied;
            all.hands += t.hands;
            all.bids_won += t.bids_won;
            all.made += t.made;
            all.set += t.set;
            all.meld_total += t.meld_total;
            all.meld_hands += t.meld_hands;
            all
        })
    }

    pub fn is_empty(&self) -> bool {
        self.games.is_empty() && self.practice.is_empty()
    }
}

/// Reads the statistics; unreadable ones are set aside (reported) and the
/// count starts again.
pub fn load_stats(
    store: &dyn KeyValueStore,
    now_ms: u64,
) -> Result<(Statistics, Option<Problem>), StoreError> {
    let Some(text) = store.get(STATS_KEY)? else {
        return Ok((Statistics::default(), None));
    };
    match decode_stats(&text) {
        Ok(mut stats) => match stats.drop_faulty() {
            None => Ok((stats, None)),
            // The others are kept: written back, the whole text kept aside.
            Some((first, dropped)) => {
                let error = DecodeError::Invalid(format!(
                    "{dropped} of its counts cannot be right ({first})"
                ));
                let kept = stats.games.len() + stats.practice.len();
                let written = serde_json::to_string(&stats).unwrap_or_default();
                let problem = super::set_aside_keeping(
                    store,
                    STATS_KEY,
                    &text,
                    error,
                    now_ms,
                    (kept, written),
                );
                Ok((stats, Some(problem)))
            }
        },
        Err(error) => {
            let problem = set_aside(store, STATS_KEY, &text, error, now_ms);
            Ok((Statistics::default(), Some(problem)))
        }
    }
}

fn decode_stats(text: &str) -> Result<Statistics, DecodeError> {
    format::decode_list::<Statistics>(text)
}

/// Most of any one count a device can have played to (a count past it is
/// damage, and would overflow as it grows).
const MAX_COUNT: u32 = 10_000_000;

/// Whether one game type's counts can be what this app counted: no more
/// games won than played nor contracts made than taken, sums and a rating
/// in range; what is wrong if not.
fn tallies_fault(t: &Tallies) -> Option<&'static str> {
    if [t.games, t.hands, t.meld_hands]
        .iter()
        .any(|&n| n > MAX_COUNT)
    {
        Some("a count is too large")
    } else if u64::from(t.won) + u64::from(t.tied) > u64::from(t.games) {
        Some("more games won or tied than played")
    } else if t.bids_won > t.hands || u64::from(t.made) + u64::from(t.set) > u64::from(t.bids_won) {
        Some("more contracts made or set than taken, or taken than hands played")
    } else if t.meld_hands > t.hands {
        Some("meld in more hands than played")
    } else if t.meld_total.unsigned_abs() > 1_000 * u64::from(MAX_COUNT)
        || t.result_total.unsigned_abs() > 1_000 * u64::from(MAX_COUNT)
    {
        Some("a total is too large")
    } else if t.rating.is_some_and(|r| !(0.0..=10_000.0).contains(&r))
        || t.trend.iter().any(|&r| !(0..=10_000).contains(&r))
    {
        Some("a rating out of range")
    } else {
        None
    }
}

impl Statistics {
    /// Drops the counts that cannot be what this app counted (an unknown
    /// game, counts that do not add up, see [`tallies_fault`]): a hand-edited
    /// or damaged entry showed "made 300%". Returns what was wrong with the
    /// first dropped, and how many game types were dropped; the others stay.
    fn drop_faulty(&mut self) -> Option<(String, usize)> {
        let known = |game: &str| pinochle_engine::PresetId::from_id(game).is_some();
        let mut faults: Vec<String> = Vec::new();
        self.games.retain(|game, t| {
            let fault = if known(game) {
                tallies_fault(t).map(|f| format!("the counts for {game} do not add up: {f}"))
            } else {
                Some(format!("counts for an unknown game '{game}'"))
            };
            faults.extend(fault.clone());
            fault.is_none()
        });
        self.practice.retain(|game, p| {
            let fault = if !known(game) {
                Some(format!("practice counts for an unknown game '{game}'"))
            } else if p.games > MAX_COUNT || p.hands > MAX_COUNT {
                Some(format!("the practice counts for {game} are too large"))
            } else {
                None
            };
            faults.extend(fault.clone());
            fault.is_none()
        });
        let dropped = faults.len();
        faults.into_iter().next().map(|first| (first, dropped))
    }
}

/// Reads, changes and writes the statistics in one go; nothing is written
/// when the change cannot be (a full storage leaves the old counts).
pub fn update_stats(
    store: &dyn KeyValueStore,
    now_ms: u64,
    change: impl FnOnce(&mut Statistics),
) -> Result<Statistics, SaveError> {
    super::keep_newer(store, STATS_KEY, "statistics")?;
    let (mut stats, _) = load_stats(store, now_ms)?;
    change(&mut stats);
    // Plain data: serialization cannot fail.
    store.set(
        STATS_KEY,
        &serde_json::to_string(&stats).unwrap_or_default(),
    )?;
    Ok(stats)
}

/// Forgets every count.
pub fn reset_stats(store: &dyn KeyValueStore) -> Result<(), SaveError> {
    Ok(store.remove(STATS_KEY)?)
}
