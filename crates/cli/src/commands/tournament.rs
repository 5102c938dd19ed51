//! `pinochle tournament`: a duplicate match between two bot levels.
//!
//! Every deal (a one-hand session from a seed) is replayed once per seat
//! arrangement so that the luck of the cards cancels:
//!
//! * partnership games: A holds one team's seats and B the other's, then the
//!   teams swap (2 arrangements);
//! * other games: for each seat, A in that seat against B in all the others, and
//!   B in that seat against A in all the others (2 × seats arrangements).
//!
//! A seat's result is its score plus its ledger (points or stake units /
//! cents, whichever the preset keeps). An arrangement's difference is the mean
//! result of A's seats minus the mean result of B's seats; a deal's difference is
//! the mean over its arrangements, and `mean_diff` with its 95% interval (normal
//! approximation) is over deals.
//!
//! Deals are played in parallel on `--threads` threads (default: every core).
//! Each deal's bots are made for it from the seed, so the result is the same
//! for any number of threads (only the decision times vary, as they do from
//! run to run).

use crate::args::{self, Opt, PRESET, SET};
use crate::bots::{choose, make_bot_against, mix_seed, Bot, BOT_NAMES};
use crate::error::CliError;
use crate::Output;
use pinochle_engine::game::play::play_session;
use pinochle_engine::game::{partner, Outcome, Seat, State};
use pinochle_engine::Rules;
use rayon::prelude::*;
use serde_json::{json, Value};
use std::ops::ControlFlow;
use std::time::Instant;

pub const USAGE: &str =
    "tournament --preset ID [--set KEY=VALUE]... --a LEVEL --b LEVEL --deals N [--seed S] \
[--threads N] [--json]";
pub const ABOUT: &str = "Duplicate match of bot A against bot B: every deal is played in every \
seat arrangement (A alone against B and B alone against A in each seat; for partnerships A as \
one team, then as the other), so the luck of the cards cancels. Prints deals, mean_diff (A minus \
B per deal, in the game's points or stake units), its 95% interval ci_low..ci_high, and per bot \
bids_won, made_rate and decision_ms {p50, p95, max}. Levels: basic, standard, expert, oracle \
(also random and first). Without --json a one-line summary is printed.";
pub const OPTS: &[Opt] = &[
    PRESET,
    SET,
    Opt::value("a", "LEVEL", "bot A (required)"),
    Opt::value("b", "LEVEL", "bot B (required)"),
    Opt::value("deals", "N", "number of deals (required, at least 1)"),
    Opt::value("seed", "S", "seed for the deals and the bots (default 0)"),
    Opt::value(
        "threads",
        "N",
        "threads playing deals in parallel (default: every core; the result does not depend on it)",
    ),
    Opt::flag("json", "print the result as JSON"),
];

pub fn run(argv: &[String]) -> Result<Output, CliError> {
    let p = args::parse(argv, OPTS, None)?;
    if p.help {
        return Ok(Output::Text(args::help_text(USAGE, ABOUT, OPTS)));
    }
    let (rules, _) = crate::common::load_rules(&p)?;
    let a = level(p.require("a")?, "--a")?;
    let b = level(p.require("b")?, "--b")?;
    let deals: u64 = p
        .number("deals")?
        .ok_or_else(|| CliError::usage("missing required option --deals"))?;
    if deals == 0 {
        return Err(CliError::usage("--deals must be at least 1"));
    }
    let seed: u64 = p.number("seed")?.unwrap_or(0);
    let threads: usize = p.number("threads")?.unwrap_or(0);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| CliError::internal(format!("cannot start threads: {e}")))?;
    let result = pool.install(|| play_match(&rules, &a, &b, deals, seed))?;
    let value = result.to_json(&a, &b);
    if p.flag("json") {
        return Ok(Output::Json(value));
    }
    Ok(Output::Text(format!(
        "{} {a} vs {b}: {deals} deals, mean_diff {:.3} [{:.3}, {:.3}]; A bids won {}, made {:.2}, \
decision ms p50 {:.2} p95 {:.2} max {:.2}; B bids won {}, made {:.2}, decision ms p50 {:.2} p95 {:.2} max {:.2}\n",
        rules.preset.id(),
        result.mean,
        result.ci.0,
        result.ci.1,
        result.a.bids_won,
        result.a.made_rate(),
        result.a.quantile(0.5),
        result.a.quantile(0.95),
        result.a.quantile(1.0),
        result.b.bids_won,
        result.b.made_rate(),
        result.b.quantile(0.5),
        result.b.quantile(0.95),
        result.b.quantile(1.0),
    )))
}

fn level(name: &str, flag: &str) -> Result<String, CliError> {
    let name = name.trim();
    if BOT_NAMES.contains(&name) {
        Ok(name.to_string())
    } else {
        Err(CliError::usage(format!(
            "{flag}: unknown level '{}' (expected one of {})",
            crate::error::shorten(name),
            BOT_NAMES.join(", ")
        )))
    }
}

/// One bot's tallies over the match.
#[derive(Default)]
struct Side {
    bids_won: u64,
    made: u64,
    decision_ms: Vec<f64>,
}

impl Side {
    fn made_rate(&self) -> f64 {
        if self.bids_won == 0 {
            0.0
        } else {
            self.made as f64 / self.bids_won as f64
        }
    }

    /// Nearest-rank quantile of the decision times (0 when there were none).
    fn quantile(&self, q: f64) -> f64 {
        quantile(&self.decision_ms, q)
    }

    fn to_json(&self) -> Value {
        json!({
            "bids_won": self.bids_won,
            "made_rate": self.made_rate(),
            "decision_ms": {
                "p50": self.quantile(0.5),
                "p95": self.quantile(0.95),
                "max": self.quantile(1.0),
            },
            "decisions": self.decision_ms.len(),
        })
    }
}

/// Nearest-rank quantile of `values` (sorted or not); 0 for no values.
pub fn quantile(values: &[f64], q: f64) -> f64 {
    if values.is_empty() {
        return 0.0;
    }
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    let rank = ((sorted.len() as f64 * q).ceil() as usize).clamp(1, sorted.len());
    sorted[rank - 1]
}

struct MatchResult {
    deals: u64,
    mean: f64,
    ci: (f64, f64),
    arrangements: usize,
    a: Side,
    b: Side,
}

impl MatchResult {
    fn to_json(&self, a: &str, b: &str) -> Value {
        json!({
            "deals": self.deals,
            "mean_diff": self.mean,
            "ci_low": self.ci.0,
            "ci_high": self.ci.1,
            "arrangements_per_deal": self.arrangements,
            "a": merge(json!({"level": a}), self.a.to_json()),
            "b": merge(json!({"level": b}), self.b.to_json()),
        })
    }
}

fn merge(mut first: Value, second: Value) -> Value {
    if let (Value::Object(m), Value::Object(n)) = (&mut first, second) {
        m.extend(n);
    }
    first
}

/// The seat arrangements: `true` where A sits.
fn arrangements(rules: &Rules) -> Vec<Vec<bool>> {
    let seats = rules.table.seats as usize;
    if partner(rules, 0).is_some() {
        let team: Vec<bool> = (0..seats)
            .map(|s| s == 0 || partner(rules, 0) == Some(s))
            .collect();
        let other = team.iter().map(|&x| !x).collect();
        return vec![team, other];
    }
    let mut out = Vec::new();
    for s in 0..seats {
        out.push((0..seats).map(|t| t == s).collect());
        out.push((0..seats).map(|t| t != s).collect());
    }
    out
}

fn play_match(
    rules: &Rules,
    a: &str,
    b: &str,
    deals: u64,
    seed: u64,
) -> Result<MatchResult, CliError> {
    let layouts = arrangements(rules);
    // Per deal (in parallel): its difference and both sides' tallies.
    let per_deal = (0..deals)
        .into_par_iter()
        .map(|deal| {
            let deal_seed = mix_seed(seed, deal);
            let mut sides = [Side::default(), Side::default()];
            let mut sum = 0.0;
            for (k, layout) in layouts.iter().enumerate() {
                let bot_seed = mix_seed(seed ^ 0x70C4_4A3E_0000_0000, deal * 64 + k as u64);
                sum += play_one(rules, deal_seed, bot_seed, layout, a, b, &mut sides)?;
            }
            Ok((sum / layouts.len() as f64, sides))
        })
        .collect::<Result<Vec<_>, CliError>>()?;
    let mut sides = [Side::default(), Side::default()];
    let mut diffs = Vec::with_capacity(per_deal.len());
    for (diff, deal_sides) in per_deal {
        diffs.push(diff);
        for (side, tally) in sides.iter_mut().zip(deal_sides) {
            side.bids_won += tally.bids_won;
            side.made += tally.made;
            side.decision_ms.extend(tally.decision_ms);
        }
    }
    let n = diffs.len() as f64;
    let mean = diffs.iter().sum::<f64>() / n;
    let var = if diffs.len() > 1 {
        diffs.iter().map(|d| (d - mean).powi(2)).sum::<f64>() / (n - 1.0)
    } else {
        0.0
    };
    let half = 1.96 * (var / n).sqrt();
    let [sa, sb] = sides;
    Ok(MatchResult {
        deals,
        mean,
        ci: (mean - half, mean + half),
        arrangements: layouts.len(),
        a: sa,
        b: sb,
    })
}

/// Plays one deal in one arrangement; returns A's mean result minus B's.
fn play_one(
    rules: &Rules,
    deal_seed: u64,
    bot_seed: u64,
    layout: &[bool],
    a: &str,
    b: &str,
    sides: &mut [Side; 2],
) -> Result<f64, CliError> {
    let mut state = State::new(rules.clone(), deal_seed)
        .map_err(|e| CliError::usage(format!("these rules cannot be dealt: {e}")))?
        .with_deal_limit(Some(1));
    let mut bots: Vec<Box<dyn Bot>> = layout
        .iter()
        .enumerate()
        .map(|(s, &is_a)| {
            let (me, them) = if is_a { (a, b) } else { (b, a) };
            make_bot_against(me, mix_seed(bot_seed, s as u64), them)
        })
        .collect::<Result<_, _>>()?;
    let side_of = |seat: Seat| usize::from(!layout[seat]);
    let mut decision_ms = [Vec::new(), Vec::new()];
    play_session(
        &mut state,
        |state, seat, legal| {
            let started = Instant::now();
            let action = choose(&mut bots, state, seat, legal)?;
            decision_ms[side_of(seat)].push(started.elapsed().as_secs_f64() * 1000.0);
            Ok(action)
        },
        |_, _| Ok(ControlFlow::Continue(())),
    )
    .map_err(CliError::from)?;
    for (side, times) in sides.iter_mut().zip(decision_ms) {
        side.decision_ms.extend(times);
    }
    if let Some(record) = state.last_record() {
        if let Some(declarer) = record.declarer {
            let side = &mut sides[side_of(declarer)];
            side.bids_won += 1;
            side.made += u64::from(record.outcome == Outcome::Made);
        }
    }
    let session = &state.public().session;
    let result = |seat: usize| {
        session.scores.get(seat).copied().unwrap_or(0)
            + session.ledger.seats.get(seat).copied().unwrap_or(0)
    };
    let mean = |want_a: bool| {
        let seats: Vec<usize> = (0..layout.len()).filter(|&s| layout[s] == want_a).collect();
        seats.iter().map(|&s| result(s) as f64).sum::<f64>() / seats.len().max(1) as f64
    };
    Ok(mean(true) - mean(false))
}

#[cfg(test)]
mod tests {
    use super::*;
    use pinochle_engine::PresetId;

    #[test]
    fn arrangements_cover_every_seat_both_ways() {
        let three = arrangements(&Rules::preset(PresetId::Brooklyn));
        assert_eq!(three.len(), 6);
        for layout in &three {
            let a = layout.iter().filter(|&&x| x).count();
            assert!(a == 1 || a == 2, "{layout:?}");
        }
        let teams = arrangements(&Rules::preset(PresetId::Partnership));
        assert_eq!(
            teams,
            vec![
                vec![true, false, true, false],
                vec![false, true, false, true]
            ]
        );
    }

    #[test]
    fn quantiles_are_nearest_rank() {
        let v = [5.0, 1.0, 3.0, 2.0, 4.0];
        assert_eq!(quantile(&v, 0.5), 3.0);
        assert_eq!(quantile(&v, 1.0), 5.0);
        assert_eq!(quantile(&[], 0.5), 0.0);
    }
}
