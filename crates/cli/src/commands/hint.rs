//! `pinochle hint`: the coach's analysis at a position of a seeded game, as the
//! app's hint panel and bid advisor show it, and the claim the solver proves
//! for that seat's side; with `--timings`, the analysis' latency per decision
//! kind over seeded hands.
//!
//! The position: the preset dealt from `--seed` and `--moves` actions played by
//! computer players, seeded the way `simulate` seeds session 0 (the deal from
//! `mix_seed(S, 0)`, seat `i`'s player from `mix_seed(S ^ 0xB075B075B075B075, i)`).
//! The analysis of the seat to move uses that seat's seed, so its recommended
//! action is what an expert in that seat would play.

use crate::args::{self, Opt, PRESET, SET};
use crate::bots::{choose, level_of, make_bot, mix_seed, Bot, BOT_NAMES};
use crate::commands::tournament::quantile;
use crate::common::rules_from;
use crate::error::CliError;
use crate::Output;
use pinochle_ai::coach::{self, Analysis, Claim, Unit};
use pinochle_ai::{Level, Player};
use pinochle_engine::game::{Phase, Seat, State};
use pinochle_engine::Rules;
use serde_json::{json, Map, Value};
use std::collections::BTreeMap;
use std::time::Instant;

pub const USAGE: &str =
    "hint --preset ID [--set KEY=VALUE]... [--seed S] --moves N [--players LEVEL] \
[--json] | hint --preset ID [--seed S] --timings HANDS";
pub const ABOUT: &str = "Deal the preset from --seed, play --moves actions with computer players \
(seeded as `simulate` seeds its first session), then print the coach's analysis for the seat to \
move: the recommended action, the choices with their values and notes, the unit, the reason, the \
bid advisor in the auction, and the claim the exact solver proves for that seat's side in trick \
play. --json prints one object {seat, phase, recommended, choices: [{action, value, note}], unit, \
reason, value_basis, worlds, advice, claim}. With --timings HANDS, experts play HANDS hands and every decision \
is analysed (claims tried at every card): JSON latency in milliseconds per decision kind {count, \
p50, p95, max} next to the expert's own decision time.";
pub const OPTS: &[Opt] = &[
    PRESET,
    SET,
    Opt::value("seed", "S", "seed of the deal and the players (default 0)"),
    Opt::value("moves", "N", "actions played before the analysis (required without --timings)"),
    Opt::value(
        "players",
        "LEVEL",
        "the computer players of the moves, and the coach's opponents: random, first, basic, standard, expert (default expert)",
    ),
    Opt::flag("json", "print the analysis as one JSON object"),
    Opt::value(
        "timings",
        "HANDS",
        "instead, time the analysis at every decision of HANDS hands played by experts",
    ),
];

/// Search nodes a claim may take (about a second natively at most).
pub const CLAIM_NODES: u64 = 1_000_000;

pub fn run(argv: &[String]) -> Result<Output, CliError> {
    let p = args::parse(argv, OPTS, None)?;
    if p.help {
        return Ok(Output::Text(args::help_text(USAGE, ABOUT, OPTS)));
    }
    let preset = p.require("preset")?;
    let rules = rules_from(preset, &p.all("set"))?;
    let seed: u64 = p.number("seed")?.unwrap_or(0);
    if let Some(hands) = p.number::<u32>("timings")? {
        if p.get("moves").is_some() || p.get("players").is_some() || p.flag("json") {
            return Err(CliError::usage(
                "--timings takes no --moves, --players or --json (it always prints JSON)",
            ));
        }
        if hands == 0 {
            return Err(CliError::usage("--timings must be at least 1"));
        }
        return timings(rules, seed, hands).map(Output::Json);
    }
    let moves: u64 = p
        .number("moves")?
        .ok_or_else(|| CliError::usage("missing required option --moves"))?;
    let level = p.get("players").unwrap_or("expert").trim();
    if !BOT_NAMES.contains(&level) || level == "oracle" {
        return Err(CliError::usage(format!(
            "--players: unknown player '{}' (expected one of random, first, basic, standard, expert)",
            crate::error::shorten(level)
        )));
    }
    let mut state = State::new(rules, mix_seed(seed, 0))
        .map_err(|e| CliError::usage(format!("--preset: {e}")))?;
    let seats = state.rules().table.seats as usize;
    let mut bots: Vec<Box<dyn Bot>> = (0..seats)
        .map(|s| make_bot(level, player_seed(seed, s)))
        .collect::<Result<_, _>>()?;
    for done in 0..moves {
        let Some(seat) = state.current_player() else {
            return Err(CliError::usage(format!(
                "--moves {moves}: the game ended after {done} moves"
            )));
        };
        let legal = state.legal_actions();
        let action = choose(&mut bots, &state, seat, &legal)?;
        state
            .apply(action)
            .map_err(|e| CliError::internal(format!("move {done}: {e}")))?;
    }
    let Some(seat) = state.current_player() else {
        return Err(CliError::usage(format!(
            "--moves {moves}: the game is over, nobody is to move"
        )));
    };
    let view = state.observation(seat);
    // The coach's opponents are the computer players of the moves.
    let analysis = coach::analyse(&view, player_seed(seed, seat), level_of(level))
        .map_err(|e| CliError::internal(format!("analysis: {e}")))?;
    let claim = coach::claim(&state, seat, CLAIM_NODES);
    let value = to_json(seat, view.phase(), &analysis, claim.as_ref());
    if p.flag("json") {
        Ok(Output::Json(value))
    } else {
        Ok(Output::Text(to_text(
            seat,
            view.phase(),
            &analysis,
            claim.as_ref(),
        )))
    }
}

/// The seed of seat `seat`'s player, as `simulate` seeds its first session.
fn player_seed(seed: u64, seat: Seat) -> u64 {
    mix_seed(seed ^ 0xB075_B075_B075_B075, seat as u64)
}

fn unit_name(unit: Unit) -> &'static str {
    match unit {
        Unit::Points => "points",
        Unit::Stakes => "stakes",
    }
}

fn to_json(seat: Seat, phase: Phase, analysis: &Analysis, claim: Option<&Claim>) -> Value {
    let choices: Vec<Value> = analysis
        .choices
        .iter()
        .map(|c| json!({"action": c.action.to_string(), "value": c.value, "note": c.note}))
        .collect();
    let advice = analysis.advice.as_ref().map(|a| {
        let trumps: Vec<Value> = a
            .trumps
            .iter()
            .map(|t| {
                json!({
                    "trump": t.trump.to_string(),
                    "meld": t.meld,
                    "scores": t.scores,
                    "highest_bid": t.highest_bid,
                    "no_marriage": t.no_marriage,
                })
            })
            .collect();
        let by_deal = a
            .by_deal
            .as_ref()
            .map(|d| json!({"scores": d.scores, "highest_bid": d.highest_bid, "after": d.after}));
        json!({
            "trumps": trumps,
            "confidence": a.confidence,
            "value": a.value,
            "expert_bid": a.expert_bid,
            "by_deal": by_deal,
        })
    });
    let claim = claim.map(|c| {
        json!({
            "seats": c.seats,
            "kind": c.kind,
            "line": c.line.iter().map(|a| a.to_string()).collect::<Vec<_>>(),
        })
    });
    json!({
        "seat": seat,
        "phase": phase.name(),
        "recommended": analysis.recommended.to_string(),
        "choices": choices,
        "unit": unit_name(analysis.unit),
        "reason": analysis.reason,
        "value_basis": analysis.value_basis,
        "worlds": analysis.worlds,
        "advice": advice,
        "claim": claim,
    })
}

fn to_text(seat: Seat, phase: Phase, analysis: &Analysis, claim: Option<&Claim>) -> String {
    let mut out = format!(
        "seat {seat} · {} · {} · {} sampled deals\nrecommended: {}\n",
        phase.name(),
        unit_name(analysis.unit),
        analysis.worlds,
        analysis.recommended
    );
    for c in &analysis.choices {
        let value = c.value.map_or("—".to_string(), |v| format!("{v:+.1}"));
        out += &format!("  {:<22} {value:>8}  {}\n", c.action.to_string(), c.note);
    }
    out += &format!("reason: {}\n", analysis.reason);
    if let Some(what) = &analysis.value_basis {
        out += &format!("values: {what}\n");
    }
    if let Some(a) = &analysis.advice {
        let limit = if a.no_trump() {
            "no marriage in any suit".to_string()
        } else {
            format!("the expert's limit {:.0}", a.value)
        };
        out += &format!(
            "bid advisor (made in at least {:.0}% of deals; {limit}: {}):\n",
            a.confidence * 100.0,
            match (a.expert_bid, a.forced_bid) {
                (Some(b), _) => format!("it bids up to {b}"),
                (None, Some(b)) => format!("it bids {b}, as it may not pass"),
                (None, None) => "it passes".to_string(),
            }
        );
        for t in &a.trumps {
            if t.no_marriage {
                out += &format!(
                    "  {} meld {:>4} · no marriage in {}: cannot be trump\n",
                    t.trump,
                    t.meld,
                    t.trump.name()
                );
                continue;
            }
            let median = t.scores.get(t.scores.len() / 2).copied().unwrap_or(0);
            let low = t.scores.first().copied().unwrap_or(0);
            let high = t.scores.last().copied().unwrap_or(0);
            let bid = t.highest_bid.map_or("none".to_string(), |b| b.to_string());
            out += &format!(
                "  {} meld {:>4} · side scores {low}..{high} (median {median}) · highest bid {bid}\n",
                t.trump, t.meld
            );
        }
    }
    if let Some(d) = analysis.advice.as_ref().and_then(|a| a.by_deal.as_ref()) {
        let low = d.scores.first().copied().unwrap_or(0);
        let high = d.scores.last().copied().unwrap_or(0);
        let bid = d.highest_bid.map_or("none".to_string(), |b| b.to_string());
        out += &format!(
            "  best suit in each deal after {} · side scores {low}..{high} · highest bid {bid}\n",
            d.after
        );
    }
    if let Some(c) = claim {
        let line: Vec<String> = c.line.iter().map(|a| a.to_string()).collect();
        out += &format!(
            "claim ({}) for seats {:?}: {}\n",
            serde_json::to_value(c.kind)
                .ok()
                .and_then(|v| v.as_str().map(str::to_string))
                .unwrap_or_default(),
            c.seats,
            line.join(", ")
        );
    }
    out
}

/// Latencies of one kind of request, in milliseconds.
#[derive(Default)]
struct Latencies(Vec<f64>);

impl Latencies {
    fn to_json(&self) -> Value {
        let mut sorted = self.0.clone();
        sorted.sort_by(f64::total_cmp);
        json!({
            "count": sorted.len(),
            "p50": quantile(&sorted, 0.5),
            "p95": quantile(&sorted, 0.95),
            "max": sorted.last().copied().unwrap_or(0.0),
        })
    }
}

/// Experts play `hands` hands; at every decision the analysis of the seat to
/// move is timed (by phase), next to the expert's own decision, and in trick
/// play the claim for that seat's side.
fn timings(rules: Rules, seed: u64, hands: u32) -> Result<Value, CliError> {
    let mut analysis: BTreeMap<&'static str, Latencies> = BTreeMap::new();
    let mut decision: BTreeMap<&'static str, Latencies> = BTreeMap::new();
    let mut claims = Latencies::default();
    let mut state = State::new(rules, mix_seed(seed, 0))
        .map_err(|e| CliError::usage(format!("--preset: {e}")))?
        .with_deal_limit(Some(hands));
    let seats = state.rules().table.seats as usize;
    let mut experts: Vec<pinochle_ai::Bot> = (0..seats)
        .map(|s| pinochle_ai::Bot::new(Level::Expert, player_seed(seed, s)))
        .collect();
    while let Some(seat) = state.current_player() {
        let view = state.observation(seat);
        let phase = view.phase().name();
        let clock = Instant::now();
        coach::analyse(&view, player_seed(seed, seat), Level::Expert)
            .map_err(|e| CliError::internal(format!("analysis: {e}")))?;
        let ms = |clock: Instant| clock.elapsed().as_secs_f64() * 1000.0;
        analysis.entry(phase).or_default().0.push(ms(clock));
        if view.phase() == Phase::Tricks {
            let clock = Instant::now();
            coach::claim(&state, seat, CLAIM_NODES);
            claims.0.push(ms(clock));
        }
        let clock = Instant::now();
        let action = experts[seat]
            .decide(&view)
            .map_err(|e| CliError::internal(format!("expert: {e}")))?;
        decision.entry(phase).or_default().0.push(ms(clock));
        state
            .apply(action)
            .map_err(|e| CliError::internal(format!("expert move: {e}")))?;
    }
    let by_phase = |m: &BTreeMap<&'static str, Latencies>| -> Map<String, Value> {
        m.iter()
            .map(|(k, v)| (k.to_string(), v.to_json()))
            .collect()
    };
    Ok(json!({
        "preset": state.rules().preset.id(),
        "hands": hands,
        "analysis_ms": by_phase(&analysis),
        "expert_decision_ms": by_phase(&decision),
        "claim_ms": claims.to_json(),
    }))
}
