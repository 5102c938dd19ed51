//! `pinochle bench`: timings of the AI on seeded deals (a benchmark, not a test;
//! figures depend on the machine and its load).
//!
//! What is measured:
//!
//! * `solve_ms_by_preset`: the exact open-cards solve of whole hands from the
//!   first trick (every card face up), `--deals` hands per preset dealt from
//!   seeds and bid, named and buried by `basic` players. Each solve may visit at
//!   most `--cap` nodes; a capped solve counts with the time and nodes it had
//!   taken when it stopped (a lower bound). `completed` says how many finished
//!   (`completed_share` the fraction), `lower_bound` is true when a quantile
//!   falls on a capped solve, `nodes_p50`/`nodes_p95` are the search nodes.
//!   The solver's table is written once before the clock starts, so the
//!   times are of the search, not of mapping the table's memory.
//! * `solve_ms`: the same for `brooklyn` (the headline figure).
//! * `threshold_ms_by_preset`: the threshold form of those whole-hand solves,
//!   the question the expert's search asks: one zero-window search of
//!   whether the declarer's side, open cards, takes the points its contract
//!   still needs (bid less meld and buried points); same cap, with
//!   `reached` the number answered yes. Not counted in `nodes_per_s`.
//! * `midhand_ms_by_preset`: exact solves of those hands once half the tricks
//!   (or `--mid`) are played (by `basic`), same cap; `midhand_ms` is `brooklyn`'s.
//!
//! `--preset` restricts the solves to some presets (then `solve_ms` and
//! `midhand_ms` are null unless `brooklyn` is among them).
//! * `nodes_per_s`: search nodes per second over all the solves above.
//! * `pimc_worlds_per_s`: sampled worlds solved per second by the expert's card
//!   play (sampling and an exact solve of every card per world) at each
//!   decision of the `brooklyn` hands where the expert searches (at most its
//!   budget's `exact_cards` left).
//! * `expert_decision_ms`: every decision of `expert` players in all seats over
//!   `--expert-deals` `brooklyn` hands; `expert_decision_ms_by_preset` the
//!   same for each preset solved (the same seeds per preset).

use crate::args::{self, Opt};
use crate::bots::mix_seed;
use crate::commands::tournament::quantile;
use crate::error::CliError;
use crate::Output;
use pinochle_ai::knowledge::Knowledge;
use pinochle_ai::pimc::{deal_of, open_values, position_of, Goal};
use pinochle_ai::player::open_position;
use pinochle_ai::position_line::PositionLine;
use pinochle_ai::solver::{Position, Solver};
use pinochle_ai::{by_name, Level, Player};
use pinochle_engine::game::play::play_session;
use pinochle_engine::game::rng::Rng;
use pinochle_engine::game::{Phase, State};
use pinochle_engine::{PresetId, Rules};
use serde_json::{json, Map, Value};
use std::ops::ControlFlow;
use std::time::Instant;

pub const USAGE: &str =
    "bench [--deals N] [--cap N] [--preset ID]... [--expert-deals N] [--seed S] \
[--json] [--positions] [--views N]";
pub const ABOUT: &str = "Benchmarks the AI on seeded deals: exact solves of whole hands from the \
first trick per preset (solve_ms, solve_ms_by_preset; each capped at --cap nodes, with the \
number and share completed and the nodes searched), exact mid-hand solves (midhand_ms, \
midhand_ms_by_preset), nodes_per_s, pimc_worlds_per_s and the expert's decision times \
(expert_decision_ms: brooklyn's; expert_decision_ms_by_preset). Times in milliseconds; they depend on the machine and its load. Without \
--json a short summary is printed.";
pub const OPTS: &[Opt] = &[
    Opt::value("deals", "N", "hands per preset to solve (default 8)"),
    Opt::value("cap", "N", "most search nodes per solve (default 5000000)"),
    Opt::value("node-cap", "N", "the same as --cap (its older name)"),
    Opt::repeated(
        "preset",
        "ID",
        "solve only this preset's hands (repeat for more; default all; solve_ms stays brooklyn's \
when measured)",
    ),
    Opt::value(
        "mid",
        "N",
        "tricks played before the mid-hand solves (default half the hand's)",
    ),
    Opt::value(
        "expert-deals",
        "N",
        "hands per preset played by experts for decision times (default 4)",
    ),
    Opt::value("seed", "S", "seed of the deals (default 0)"),
    Opt::flag("json", "print the result as JSON"),
    Opt::flag(
        "positions",
        "instead, print each preset's mid-hand positions (after --mid tricks; only --preset's when \
given) with their exact values, one per line \
(PRESET TRUMP LEADER SIDES | hand | hand | hand [| hand] | trick | VALUE), to check a solver change",
    ),
    Opt::value(
        "views",
        "N",
        "instead, print as JSON N decision views per preset (evenly spaced over every decision of \
--deals one-hand sessions played by basic players): the positions `cargo xtask bench-web` has the \
browser's worker decide",
    ),
];

/// Transposition-table size of the bench's solvers (2^20 entries).
const TABLE_BITS: u32 = 20;

pub fn run(argv: &[String]) -> Result<Output, CliError> {
    let p = args::parse(argv, OPTS, None)?;
    if p.help {
        return Ok(Output::Text(args::help_text(USAGE, ABOUT, OPTS)));
    }
    let deals: u64 = p.number("deals")?.unwrap_or(8);
    let cap: u64 = match p.number("cap")? {
        Some(cap) => cap,
        None => p.number("node-cap")?.unwrap_or(5_000_000),
    };
    let expert_deals: u64 = p.number("expert-deals")?.unwrap_or(4);
    let mid: Option<usize> = p.number("mid")?;
    let seed: u64 = p.number("seed")?.unwrap_or(0);
    if deals == 0 || cap == 0 {
        return Err(CliError::usage("--deals and --cap must be at least 1"));
    }

    let mut presets = Vec::new();
    for id in p.all("preset") {
        presets.push(
            PresetId::from_id(&id)
                .ok_or_else(|| CliError::usage(format!("unknown preset `{id}`")))?,
        );
    }
    if presets.is_empty() {
        presets = PresetId::ALL.to_vec();
    }
    if let Some(mid) = mid {
        let tricks = |preset: PresetId| Rules::preset(preset).hand_size();
        if let Some(&short) = presets.iter().find(|&&preset| mid >= tricks(preset)) {
            return Err(CliError::usage(format!(
                "--mid {mid} leaves no trick to solve: a hand of {} has {} tricks",
                short.id(),
                tricks(short)
            )));
        }
    }
    if p.flag("positions") {
        return positions(&presets, seed, deals, mid).map(Output::Text);
    }
    if let Some(per_preset) = p.number::<usize>("views")? {
        return decision_views(seed, deals, per_preset).map(Output::Json);
    }
    let mut totals = Totals::default();
    let mut by_preset = Map::new();
    let mut midhand_by_preset = Map::new();
    let mut threshold_by_preset = Map::new();
    let mut pimc = (0u64, 0.0f64);
    for &preset in &presets {
        let rules = Rules::preset(preset);
        let mut full = Timings::default();
        let mut midhand = Timings::default();
        let mut threshold = Timings::default();
        let mut reached = 0;
        for state in first_tricks(&rules, seed, deals)? {
            full.push(solve(&state, cap, &mut totals)?);
            let (reach_solve, reach) = solve_threshold(&state, cap)?;
            threshold.push(reach_solve);
            reached += usize::from(reach == Some(true));
            let mid = play_until_half(state.clone(), mid)?;
            midhand.push(solve(&mid, cap, &mut totals)?);
            if preset == PresetId::Brooklyn {
                let (worlds, secs) = pimc_rate(state)?;
                pimc.0 += worlds;
                pimc.1 += secs;
            }
        }
        by_preset.insert(preset.id().to_string(), full.to_json(cap));
        midhand_by_preset.insert(preset.id().to_string(), midhand.to_json(cap));
        let mut threshold = threshold.to_json(cap);
        threshold["reached"] = json!(reached);
        threshold_by_preset.insert(preset.id().to_string(), threshold);
    }
    let brooklyn = PresetId::Brooklyn.id();
    let mut decisions_by_preset = Map::new();
    let mut decisions = None;
    for &preset in &presets {
        let times = expert_decisions(preset, seed, expert_deals)?;
        decisions_by_preset.insert(preset.id().to_string(), decision_json(&times));
        if preset == PresetId::Brooklyn {
            decisions = Some(times);
        }
    }
    let decisions = match decisions {
        Some(times) => times,
        None => expert_decisions(PresetId::Brooklyn, seed, expert_deals)?,
    };
    let nodes_per_s = rate(totals.nodes as f64, totals.seconds);
    let worlds_per_s = rate(pimc.0 as f64, pimc.1);
    let value = json!({
        "solve_ms": by_preset.get(brooklyn).cloned().unwrap_or(Value::Null),
        "midhand_ms": midhand_by_preset.get(brooklyn).cloned().unwrap_or(Value::Null),
        "solve_ms_by_preset": by_preset,
        "midhand_ms_by_preset": midhand_by_preset,
        "threshold_ms_by_preset": threshold_by_preset,
        "nodes_per_s": nodes_per_s,
        "pimc_worlds_per_s": worlds_per_s,
        "expert_decision_ms": decision_json(&decisions),
        "expert_decision_ms_by_preset": decisions_by_preset,
        "deals": deals,
        "node_cap": cap,
        "seed": seed,
    });
    if p.flag("json") {
        return Ok(Output::Json(value));
    }
    let mut text = String::new();
    for (id, v) in &by_preset {
        let m = &value["midhand_ms_by_preset"][id];
        text.push_str(&format!(
            "{id:12} full-hand solve ms p50 {:.2} p95 {:.2} ({} of {} completed); \
mid-hand ms p50 {:.2} p95 {:.2}\n",
            v["p50"].as_f64().unwrap_or(0.0),
            v["p95"].as_f64().unwrap_or(0.0),
            v["completed"],
            v["solves"],
            m["p50"].as_f64().unwrap_or(0.0),
            m["p95"].as_f64().unwrap_or(0.0),
        ));
    }
    text.push_str(&format!(
        "nodes/s {nodes_per_s:.0}; pimc worlds/s {worlds_per_s:.0}; \
expert decision ms p50 {:.2} p95 {:.2}\n",
        quantile(&decisions, 0.5),
        quantile(&decisions, 0.95),
    ));
    Ok(Output::Text(text))
}

fn rate(count: f64, seconds: f64) -> f64 {
    if seconds > 0.0 {
        count / seconds
    } else {
        0.0
    }
}

#[derive(Default)]
struct Totals {
    nodes: u64,
    seconds: f64,
}

/// One solve: its time, nodes, and whether it completed under the cap.
#[derive(Clone, Copy, Default)]
struct Solve {
    ms: f64,
    nodes: u64,
    completed: bool,
}

/// The solves of one kind.
#[derive(Default)]
struct Timings {
    solves: Vec<Solve>,
}

impl Timings {
    fn push(&mut self, solve: Solve) {
        self.solves.push(solve);
    }

    fn to_json(&self, cap: u64) -> Value {
        // A capped solve ranks above every completed one (its true cost is higher).
        let quantiles = |measure: &dyn Fn(&Solve) -> f64| {
            let mut order: Vec<(bool, f64)> = self
                .solves
                .iter()
                .map(|s| (!s.completed, measure(s)))
                .collect();
            order.sort_by(|x, y| x.0.cmp(&y.0).then(x.1.total_cmp(&y.1)));
            let at = |q: f64| {
                let rank = ((order.len() as f64 * q).ceil() as usize).clamp(1, order.len().max(1));
                order.get(rank - 1).copied().unwrap_or((false, 0.0))
            };
            (at(0.5), at(0.95))
        };
        let ((p50_capped, p50), (p95_capped, p95)) = quantiles(&|s| s.ms);
        let ((_, nodes_p50), (_, nodes_p95)) = quantiles(&|s| s.nodes as f64);
        let completed = self.solves.iter().filter(|s| s.completed).count();
        json!({
            "p50": p50,
            "p95": p95,
            "nodes_p50": nodes_p50,
            "nodes_p95": nodes_p95,
            "solves": self.solves.len(),
            "completed": completed,
            "completed_share": completed as f64 / self.solves.len().max(1) as f64,
            "node_cap": cap,
            "lower_bound": p50_capped || p95_capped,
        })
    }
}

/// Up to `deals` states at the first card of trick play, from seeded one-hand
/// sessions bid and prepared by `basic` players (hands conceded or thrown in
/// are skipped; at most 4 × `deals` seeds are tried).
fn first_tricks(rules: &Rules, seed: u64, deals: u64) -> Result<Vec<State>, CliError> {
    let mut out = Vec::new();
    for k in 0..deals * 4 {
        if out.len() as u64 >= deals {
            break;
        }
        let mut state = State::new(rules.clone(), mix_seed(seed, k))
            .map_err(|e| CliError::internal(format!("cannot deal: {e}")))?
            .with_deal_limit(Some(1));
        let mut bots = basic_bots(rules, mix_seed(seed ^ 0xBE4C, k))?;
        drive(
            &mut state,
            &mut bots,
            |_, _, _| {},
            |s| s.phase() == Phase::Tricks,
        )?;
        if state.phase() == Phase::Tricks {
            out.push(state);
        }
    }
    Ok(out)
}

fn basic_bots(rules: &Rules, seed: u64) -> Result<Vec<Box<dyn Player>>, CliError> {
    (0..rules.table.seats as u64)
        .map(|s| by_name("basic", mix_seed(seed, s)).map_err(|e| CliError::internal(e.to_string())))
        .collect()
}

/// Plays `state` with these players until `reached` holds after a step (or the
/// session ends). `decided` sees each decision's state, seat and time in ms.
fn drive(
    state: &mut State,
    bots: &mut [Box<dyn Player>],
    mut decided: impl FnMut(&State, usize, f64),
    reached: impl Fn(&State) -> bool,
) -> Result<(), CliError> {
    play_session(
        state,
        |state, seat, _| {
            let bot = bots
                .get_mut(seat)
                .ok_or_else(|| CliError::internal(format!("seat {seat} is not at the table")))?;
            let started = Instant::now();
            let action = bot
                .decide_in(state, seat)
                .map_err(|e| CliError::internal(format!("{} bot: {e}", bot.name())))?;
            decided(state, seat, started.elapsed().as_secs_f64() * 1000.0);
            Ok(action)
        },
        |state, _| {
            Ok(if reached(state) {
                ControlFlow::Break(())
            } else {
                ControlFlow::Continue(())
            })
        },
    )
    .map_err(CliError::from)
}

/// The state once `tricks` (default half the hand's) are played by `basic` players.
fn play_until_half(mut state: State, tricks: Option<usize>) -> Result<State, CliError> {
    let mut bots = basic_bots(state.rules(), 0x4A1F)?;
    let target = tricks.unwrap_or(state.rules().hand_size() / 2);
    drive(
        &mut state,
        &mut bots,
        |_, _, _| {},
        |s| {
            let h = &s.public().hand;
            h.current_trick().is_empty() && h.completed_tricks().count() >= target
        },
    )?;
    Ok(state)
}

/// The mid-hand positions of these presets (after `mid` tricks, default half
/// the hand's) with their exact values (see `--positions`).
fn positions(
    presets: &[PresetId],
    seed: u64,
    deals: u64,
    mid: Option<usize>,
) -> Result<String, CliError> {
    let mut text = String::new();
    for &preset in presets {
        for state in first_tricks(&Rules::preset(preset), seed, deals)? {
            let mid = play_until_half(state, mid)?;
            let seat = mid
                .current_player()
                .ok_or_else(|| CliError::internal("nobody to move"))?;
            let deal = deal_of(&mid.observation(seat))
                .ok_or_else(|| CliError::internal("no trick play to solve"))?;
            let pos = open_position(&mid).ok_or_else(|| CliError::internal("no open position"))?;
            let value = Solver::new(deal.clone(), TABLE_BITS).solve(&pos);
            let line = PositionLine {
                preset,
                deal,
                position: pos,
                value,
            };
            text.push_str(&format!("{line}\n"));
        }
    }
    Ok(text)
}

/// `per_preset` views of the seat to move, evenly spaced over every decision
/// (auction, meld, trick play...) of `deals` seeded one-hand sessions of each
/// preset played by `basic` players: `{"brooklyn": [view, ...], ...}`.
fn decision_views(seed: u64, deals: u64, per_preset: usize) -> Result<Value, CliError> {
    let mut by_preset = Map::new();
    for preset in PresetId::ALL {
        let rules = Rules::preset(preset);
        let mut views = Vec::new();
        for k in 0..deals {
            let mut state = State::new(rules.clone(), mix_seed(seed, k))
                .map_err(|e| CliError::internal(format!("cannot deal: {e}")))?
                .with_deal_limit(Some(1));
            let mut bots = basic_bots(&rules, mix_seed(seed ^ 0x71E5, k))?;
            drive(
                &mut state,
                &mut bots,
                |state, seat, _| views.push(state.observation(seat)),
                |_| false,
            )?;
        }
        let step = views.len() as f64 / per_preset.max(1) as f64;
        let picked: Vec<Value> = (0..per_preset.min(views.len()))
            .map(|i| {
                serde_json::to_value(&views[(i as f64 * step) as usize])
                    .map_err(|e| CliError::internal(format!("cannot write a view: {e}")))
            })
            .collect::<Result<_, _>>()?;
        by_preset.insert(preset.id().to_string(), Value::Array(picked));
    }
    Ok(Value::Object(by_preset))
}

/// Times one exact solve of the open position of `state` under the node cap.
/// The threshold solve of `state`: whether the declarer's side takes the
/// points its contract still needs (None: capped).
fn solve_threshold(state: &State, cap: u64) -> Result<(Solve, Option<bool>), CliError> {
    let declarer = state
        .public()
        .hand
        .declarer
        .ok_or_else(|| CliError::internal("no declarer"))?;
    let goal = Goal::of(&state.observation(declarer))
        .ok_or_else(|| CliError::internal("no contract to reach"))?;
    let target = i32::try_from(goal.target(None))
        .map_err(|_| CliError::internal("the contract's target is out of range"))?;
    timed_solve(state, cap, |solver, pos| solver.reaches_within(pos, target))
}

/// The exact solve of `state`, its time and nodes added to `totals`.
fn solve(state: &State, cap: u64, totals: &mut Totals) -> Result<Solve, CliError> {
    let (solve, _) = timed_solve(state, cap, |solver, pos| solver.solve_within(pos))?;
    totals.nodes += solve.nodes;
    totals.seconds += solve.ms / 1000.0;
    Ok(solve)
}

/// Runs `search` on the open position of `state` with a fresh solver capped
/// at `cap` nodes, timing only the search (`None` from it: capped).
fn timed_solve<T>(
    state: &State,
    cap: u64,
    search: impl FnOnce(&mut Solver, &Position) -> Option<T>,
) -> Result<(Solve, Option<T>), CliError> {
    let seat = state
        .current_player()
        .ok_or_else(|| CliError::internal("nobody to move"))?;
    let deal = deal_of(&state.observation(seat))
        .ok_or_else(|| CliError::internal("no trick play to solve"))?;
    let pos = open_position(state).ok_or_else(|| CliError::internal("no open position"))?;
    let mut solver = Solver::new(deal, TABLE_BITS);
    // Writes the whole table, so its pages are mapped before the clock starts.
    solver.clear();
    solver.set_node_limit(Some(cap));
    let started = Instant::now();
    let found = search(&mut solver, &pos);
    let seconds = started.elapsed().as_secs_f64();
    let solve = Solve {
        ms: seconds * 1000.0,
        nodes: solver.stats().nodes,
        completed: found.is_some(),
    };
    Ok((solve, found))
}

/// Plays a hand out with `basic` players; at every card decision, samples and
/// solves worlds as the expert does. Returns (worlds solved, seconds).
fn pimc_rate(mut state: State) -> Result<(u64, f64), CliError> {
    let budget = Level::Expert.budget();
    let mut bots = basic_bots(state.rules(), 0x91AC)?;
    let mut rng = Rng::new(0x5EED);
    let (mut worlds, mut seconds) = (0u64, 0.0);
    let mut measure = |state: &State, seat: usize, _ms: f64| {
        let view = state.observation(seat);
        if view.phase() == Phase::Tricks {
            if let Some(deal) = deal_of(&view) {
                let knowledge = Knowledge::from_view(&view);
                let mut solver = Solver::new(deal, 18);
                let started = Instant::now();
                for _ in 0..budget.worlds {
                    let world = knowledge.sample(&view.own.hand, &mut rng);
                    let Some(pos) = position_of(&view, &world) else {
                        continue;
                    };
                    if pos.cards_left() > budget.exact_cards {
                        continue;
                    }
                    if open_values(&mut solver, &pos, &budget, true, budget.nodes, None).is_some() {
                        worlds += 1;
                    }
                }
                seconds += started.elapsed().as_secs_f64();
            }
        }
    };
    drive(&mut state, &mut bots, &mut measure, |_| false)?;
    Ok((worlds, seconds))
}

/// Quantiles of decision times (ms).
fn decision_json(times: &[f64]) -> Value {
    json!({
        "p50": quantile(times, 0.5),
        "p95": quantile(times, 0.95),
        "max": quantile(times, 1.0),
        "decisions": times.len(),
    })
}

/// Every decision time (ms) of `expert` players in all seats of `deals`
/// seeded hands of `preset`.
fn expert_decisions(preset: PresetId, seed: u64, deals: u64) -> Result<Vec<f64>, CliError> {
    let rules = Rules::preset(preset);
    let mut out = Vec::new();
    for k in 0..deals {
        let mut state = State::new(rules.clone(), mix_seed(seed ^ 0xE4E4, k))
            .map_err(|e| CliError::internal(format!("cannot deal: {e}")))?
            .with_deal_limit(Some(1));
        let mut bots: Vec<Box<dyn Player>> = (0..rules.table.seats as u64)
            .map(|s| {
                by_name("expert", mix_seed(seed, k * 8 + s))
                    .map_err(|e| CliError::internal(e.to_string()))
            })
            .collect::<Result<_, _>>()?;
        drive(&mut state, &mut bots, |_, _, ms| out.push(ms), |_| false)?;
    }
    Ok(out)
}
