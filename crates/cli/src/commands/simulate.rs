//! `pinochle simulate`: plays hands with computer players through the engine's
//! [`State`], prints a JSON summary (games won per seat among it) and optionally
//! writes one JSON hand record per line. When a session ends (a target reached) a
//! new one starts with a fresh seed, and with `--random-options` a fresh rule set,
//! and the hand count goes on.
//!
//! Sessions are played in parallel on `--threads` threads (default: every
//! core), each with bots made for it from the seed and the session's number,
//! then counted in order, so the summary and the records are the same for any
//! number of threads. (A ledger game's session never ends, so it plays on one.)

use crate::args::{self, Opt, PRESET, SET};
use crate::bots::{choose, make_bot, mix_seed, Bot};
use crate::common::{overrides_object, rules_from};
use crate::error::CliError;
use crate::Output;
use pinochle_engine::cards::{Card, CardCounts, Rank};
use pinochle_engine::game::play::play_session;
use pinochle_engine::game::tricks::winning_index;
use pinochle_engine::game::{same_side, write_records, HandRecord, State};
use pinochle_engine::Rules;
use rayon::prelude::*;
use serde_json::{json, Map, Value};
use std::collections::BTreeMap;
use std::io::{BufWriter, Write};
use std::ops::ControlFlow;
use std::time::Instant;

pub const USAGE: &str = "simulate --preset ID [--set KEY=VALUE]... --hands N [--seed S] \
[--players N] [--bots NAME,...] [--records FILE] [--check] [--deals-per-session N] [--random-options] \
[--threads N]";
pub const ABOUT: &str = "Play N hands with computer players and print a JSON summary {hands, \
seconds, hands_per_second, outcomes: {made, set, conceded, thrown-in}, sessions_completed, \
games_won (per seat), game_ends (per reason), …}. \
With --records, write one JSON hand record per line to FILE. Bots: random (uniform among the \
legal actions), first (always the first legal action), and the AI levels basic, standard, expert and oracle (sees every card; for measuring). Give one name per seat, or fewer: the names are cycled over the seats (seat i plays name i mod count).";
pub const OPTS: &[Opt] = &[
    PRESET,
    SET,
    Opt::value("hands", "N", "number of hands to play (required)"),
    Opt::value("seed", "S", "seed for the deals and the bots (default 0)"),
    Opt::value(
        "players",
        "N",
        "players at the table (sets the `seats` option where the game allows it)",
    ),
    Opt::value(
        "bots",
        "NAME,...",
        "computer players, cycled over the seats: random, first, basic, standard, expert, oracle (default random)",
    ),
    Opt::value("records", "FILE", "write one JSON hand record per line to FILE"),
    Opt::flag(
        "check",
        "verify every hand: the deal is one deck, cards are conserved, tricks are well formed, card points sum to the deck total, totals follow the changes",
    ),
    Opt::value(
        "deals-per-session",
        "N",
        "end each session after N deals (stake games otherwise never end a session)",
    ),
    Opt::flag(
        "random-options",
        "play every session under a fresh valid option set drawn from the option registry over the preset and --set (the table variants included; the table size stays); the summary counts how often each option was drawn",
    ),
    Opt::value(
        "threads",
        "N",
        "threads playing sessions in parallel (default: every core; the result does not depend on it)",
    ),
];

pub fn run(argv: &[String]) -> Result<Output, CliError> {
    let p = args::parse(argv, OPTS, None)?;
    if p.help {
        return Ok(Output::Text(args::help_text(USAGE, ABOUT, OPTS)));
    }
    let preset = p.require("preset")?;
    let mut sets = p.all("set");
    let hands: u64 = p
        .number("hands")?
        .ok_or_else(|| CliError::usage("missing required option --hands"))?;
    let seed: u64 = p.number("seed")?.unwrap_or(0);
    let deals_per_session: Option<u32> = p.number("deals-per-session")?;
    if deals_per_session == Some(0) {
        return Err(CliError::usage("--deals-per-session must be at least 1"));
    }
    let mut rules = rules_from(preset, &sets)?;
    if let Some(n) = p.number::<u8>("players")? {
        rules = apply_players(rules, n, &sets)?;
        if !sets.iter().any(|s| s.trim_start().starts_with("seats=")) && n != rules_seats(preset) {
            sets.push(format!("seats={n}"));
        }
    }
    let seats = rules.table.seats as usize;
    let bot_names: Vec<String> = match p.get("bots") {
        None => vec!["random".to_string()],
        Some(list) => list.split(',').map(|s| s.trim().to_string()).collect(),
    };
    if bot_names.len() > seats {
        return Err(CliError::usage(format!(
            "--bots: {} names for {seats} seats (give at most one per seat; fewer are cycled)",
            bot_names.len()
        )));
    }
    // Made here once so a bad name is refused before anything is played.
    let names: Vec<&'static str> = (0..seats)
        .map(|s| make_bot(&bot_names[s % bot_names.len()], 0).map(|b| b.name()))
        .collect::<Result<_, _>>()?;
    let threads: usize = p.number("threads")?.unwrap_or(0);
    let mut records = match p.get("records") {
        None => None,
        Some(path) => Some(BufWriter::new(std::fs::File::create(path).map_err(
            |e| {
                CliError::usage(format!(
                    "--records: cannot create '{}': {e}",
                    crate::error::shorten(path)
                ))
            },
        )?)),
    };
    let options = overrides_object(&sets);
    let config = Config {
        rules,
        seed,
        hands,
        deals_per_session,
        check: p.flag("check"),
        random_options: p.flag("random-options"),
        options,
        bot_names,
    };

    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| CliError::internal(format!("cannot start threads: {e}")))?;
    let started = Instant::now();
    let stats = pool.install(|| play(&config, records.as_mut()))?;
    let seconds = started.elapsed().as_secs_f64();
    if let Some(w) = records.as_mut() {
        w.flush()
            .map_err(|e| CliError::usage(format!("--records: cannot write: {e}")))?;
    }
    let outcomes: Map<String, Value> = OUTCOMES
        .iter()
        .zip(stats.outcomes)
        .map(|(k, n)| (k.to_string(), json!(n)))
        .collect();
    Ok(Output::Json(json!({
        "preset": config.rules.preset,
        "options": config.options,
        "players": seats,
        "bots": names,
        "seed": seed,
        "hands": stats.hands,
        "seconds": seconds,
        "hands_per_second": if seconds > 0.0 { stats.hands as f64 / seconds } else { 0.0 },
        "outcomes": outcomes,
        "sessions_started": stats.sessions_started,
        "sessions_completed": stats.sessions_completed,
        "decisions": stats.decisions,
        "records_written": stats.records_written,
        "games_won": stats.games_won,
        "game_ends": stats.game_ends,
        "random_options": config.random_options,
        "options_drawn": stats.options_drawn,
        "checked": config.check,
    })))
}

fn rules_seats(preset: &str) -> u8 {
    pinochle_engine::PresetId::from_id(preset.trim()).map_or(0, |id| Rules::preset(id).table.seats)
}

/// `--players N`: the `seats` option where the game has it; otherwise N must be the
/// game's own table size.
fn apply_players(mut rules: Rules, n: u8, sets: &[String]) -> Result<Rules, CliError> {
    if let Some(s) = sets.iter().find(|s| s.trim_start().starts_with("seats=")) {
        if s.split_once('=').map(|(_, v)| v.trim()) != Some(n.to_string().as_str()) {
            return Err(CliError::usage(format!(
                "--players {n} contradicts --set {}",
                crate::error::shorten(s)
            )));
        }
    }
    if rules.table.seats == n {
        return Ok(rules);
    }
    let has_seats_option =
        pinochle_engine::options::spec("seats").is_some_and(|spec| spec.applies(&rules));
    if !has_seats_option {
        return Err(CliError::usage(format!(
            "--players {n}: {} is played by exactly {} players",
            rules.preset.id(),
            rules.table.seats
        )));
    }
    rules
        .set_option("seats", &n.to_string())
        .map_err(|e| CliError::usage(format!("--players {n}: {e}")))?;
    Ok(rules)
}

struct Config {
    rules: Rules,
    seed: u64,
    hands: u64,
    deals_per_session: Option<u32>,
    check: bool,
    /// Draw a fresh option set for every session.
    random_options: bool,
    options: Map<String, Value>,
    /// Bot names cycled over the seats.
    bot_names: Vec<String>,
}

const OUTCOMES: [&str; 4] = ["made", "set", "conceded", "thrown-in"];

#[derive(Default)]
struct Stats {
    hands: u64,
    outcomes: [u64; 4],
    sessions_started: u64,
    sessions_completed: u64,
    decisions: u64,
    records_written: u64,
    /// Games won per seat (both partners of a winning side count).
    games_won: Vec<u64>,
    /// Games ended, per reason (target, fixed-deals, floor, …).
    game_ends: BTreeMap<String, u64>,
    /// With --random-options: sessions whose rules changed each option.
    options_drawn: BTreeMap<String, u64>,
}

fn outcome_index(record: &HandRecord) -> usize {
    use pinochle_engine::game::Outcome;
    match record.outcome {
        Outcome::Made => 0,
        Outcome::Set => 1,
        Outcome::Conceded => 2,
        Outcome::ThrownIn => 3,
    }
}

/// The rules of session `index`: the configured ones, or a fresh random draw.
fn session_rules(config: &Config, index: u64) -> Rules {
    if config.random_options {
        crate::random_options::draw(&config.rules, mix_seed(config.seed ^ 0x0B71_0250, index))
    } else {
        config.rules.clone()
    }
}

fn new_session(config: &Config, index: u64) -> Result<State, CliError> {
    let state = State::new(session_rules(config, index), mix_seed(config.seed, index))
        .map_err(|e| CliError::usage(format!("these rules cannot be dealt: {e}")))?;
    Ok(state.with_deal_limit(config.deals_per_session))
}

/// What one session produced, up to a number of hands.
struct SessionRun {
    rules: Rules,
    /// Its hands in order, each with the decisions taken when it was counted.
    hands: Vec<(HandRecord, u64)>,
    /// Hands already over when the session started (a bunched first deal).
    at_start: usize,
    decisions: u64,
    /// The session ended (its last hand counted is its last).
    ended: bool,
}

/// Plays session `index` until it ends or `limit` hands are over, with bots
/// seeded from the seed, the session and the seat.
fn run_session(config: &Config, index: u64, limit: usize) -> Result<SessionRun, CliError> {
    let mut state = new_session(config, index)?;
    let mut bots: Vec<Box<dyn Bot>> = (0..config.rules.table.seats as u64)
        .map(|s| {
            let name = &config.bot_names[s as usize % config.bot_names.len()];
            make_bot(
                name,
                mix_seed(config.seed ^ 0xB075_B075_B075_B075, index * 64 + s),
            )
        })
        .collect::<Result<_, _>>()?;
    let hands: Vec<(HandRecord, u64)> = state
        .recent_records()
        .iter()
        .map(|r| (r.clone(), 0))
        .collect();
    let mut run = SessionRun {
        rules: state.rules().clone(),
        at_start: hands.len(),
        hands,
        decisions: 0,
        ended: false,
    };
    if run.hands.len() < limit {
        play_session(
            &mut state,
            |state, seat, legal| choose(&mut bots, state, seat, legal),
            |state, step| {
                run.decisions += 1;
                if step.ended_a_hand() {
                    for record in state.recent_records() {
                        run.hands.push((record.clone(), run.decisions));
                    }
                }
                Ok(if run.hands.len() >= limit {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                })
            },
        )
        .map_err(CliError::from)?;
        run.ended = state.is_terminal();
    }
    Ok(run)
}

/// Plays sessions, as many at a time as there are threads, and counts their
/// hands in session order until `config.hands` are over.
fn play(
    config: &Config,
    mut records: Option<&mut BufWriter<std::fs::File>>,
) -> Result<Stats, CliError> {
    let mut stats = Stats {
        games_won: vec![0; config.rules.table.seats as usize],
        ..Stats::default()
    };
    let mut next = 0u64;
    let batch = rayon::current_num_threads().max(1) as u64;
    while stats.hands < config.hands {
        // Each session of the batch plays at most the hands still wanted.
        let limit = (config.hands - stats.hands) as usize;
        let runs = (next..next + batch)
            .into_par_iter()
            .map(|index| run_session(config, index, limit))
            .collect::<Result<Vec<_>, CliError>>()?;
        for (session_index, run) in (next..).zip(runs) {
            if stats.hands >= config.hands {
                break;
            }
            stats.sessions_started += 1;
            if config.random_options {
                for (key, _) in run.rules.differences() {
                    *stats.options_drawn.entry(key.to_string()).or_default() += 1;
                }
            }
            let wanted = (config.hands - stats.hands) as usize;
            let counted = run.hands.len().min(wanted);
            let mut checker = Checker::new(&run.rules);
            for (record, _) in &run.hands[..counted] {
                stats.hands += 1;
                stats.outcomes[outcome_index(record)] += 1;
                if let Some(end) = &record.game_end {
                    for &w in &end.winners {
                        if let Some(won) = stats.games_won.get_mut(w) {
                            *won += 1;
                        }
                    }
                    let reason = serde_json::to_value(end.reason)
                        .ok()
                        .and_then(|v| v.as_str().map(str::to_string))
                        .unwrap_or_default();
                    *stats.game_ends.entry(reason).or_default() += 1;
                }
                if config.check {
                    checker.check(record).map_err(|m| {
                        CliError::internal(format!(
                            "check failed in session {session_index}, hand {}: {m}",
                            record.hand
                        ))
                    })?;
                }
                if let Some(w) = records.as_deref_mut() {
                    write_record(w, record, session_index)?;
                    stats.records_written += 1;
                }
            }
            if counted <= run.at_start && counted == wanted {
                // Enough hands before the first decision: nothing is played.
                continue;
            }
            if counted < run.hands.len() || (counted == wanted && run.hands.len() == limit) {
                // Play stops at the hand that made the count.
                stats.decisions += run.hands[counted - 1].1;
                stats.sessions_completed += u64::from(counted == run.hands.len() && run.ended);
            } else {
                stats.decisions += run.decisions;
                stats.sessions_completed += u64::from(run.ended);
            }
        }
        next += batch;
    }
    Ok(stats)
}

/// Writes a hand record (which names the rule options that differ from the
/// preset) as a line of the records file, with the session it belongs to.
fn write_record(
    w: &mut BufWriter<std::fs::File>,
    record: &HandRecord,
    session: u64,
) -> Result<(), CliError> {
    let record = HandRecord {
        session: Some(session),
        ..record.clone()
    };
    w.write_all(write_records(&[record]).as_bytes())
        .map_err(|e| CliError::usage(format!("--records: cannot write: {e}")))
}

// ---------------------------------------------------------------------------
// --check

/// Cheap per-hand invariants, from the hand record alone.
struct Checker {
    rules: Rules,
    deck: CardCounts,
    /// The totals after the previous hand of this session, if it was checked.
    prev_totals: Option<BTreeMap<String, i64>>,
}

fn counts(cards: impl IntoIterator<Item = Card>) -> CardCounts {
    let mut c = CardCounts::EMPTY;
    for card in cards {
        let slot = &mut c.0[card.index()];
        *slot = slot.saturating_add(1);
    }
    c
}

fn sub(a: &CardCounts, b: &CardCounts) -> Option<CardCounts> {
    let mut out = *a;
    for (x, y) in out.0.iter_mut().zip(b.0.iter()) {
        *x = x.checked_sub(*y)?;
    }
    Some(out)
}

fn add(a: &CardCounts, b: &CardCounts) -> CardCounts {
    let mut out = *a;
    for (x, y) in out.0.iter_mut().zip(b.0.iter()) {
        *x = x.saturating_add(*y);
    }
    out
}

impl Checker {
    fn new(rules: &Rules) -> Checker {
        let deck = counts(Card::all().flat_map(|card| {
            let n = if card.rank == Rank::Nine && !rules.deck.has_nines() {
                0
            } else {
                rules.deck.copies()
            };
            std::iter::repeat_n(card, n as usize)
        }));
        Checker {
            rules: rules.clone(),
            deck,
            prev_totals: None,
        }
    }

    /// Checks one hand, and that its totals follow the previous hand's.
    fn check(&mut self, r: &HandRecord) -> Result<(), String> {
        let rules = &self.rules;
        let hand_size = rules.hand_size();
        // The deal is exactly one deck.
        let mut dealt = counts(r.deal.kitty.iter().copied());
        if r.deal.kitty.len() != rules.deal.kitty as usize {
            return Err(format!("kitty of {} cards", r.deal.kitty.len()));
        }
        for &seat in &r.active {
            let hand = r
                .deal
                .hands
                .get(&seat.to_string())
                .ok_or_else(|| format!("no dealt hand for active seat {seat}"))?;
            if hand.len() != hand_size {
                return Err(format!("seat {seat} dealt {} cards", hand.len()));
            }
            dealt = add(&dealt, &counts(hand.iter().copied()));
        }
        if r.deal.hands.len() != r.active.len() {
            return Err("dealt hands do not match the active seats".into());
        }
        if dealt != self.deck {
            return Err("the deal is not exactly one deck".into());
        }
        if !r.tricks.is_empty() {
            self.check_tricks(r)?;
        }
        // Money changes are zero-sum; totals follow the changes.
        if let Some(p) = &r.payments {
            let sum: i64 = p.values().sum();
            if sum != 0 {
                return Err(format!("payments sum to {sum}, not 0"));
            }
        }
        let change = r.payments.as_ref().or(r.delta.as_ref());
        let money_points = r.totals.keys().any(|k| k.starts_with("score-"));
        if let (Some(prev), Some(change), false) = (&self.prev_totals, change, money_points) {
            for (key, total) in &r.totals {
                let before = prev.get(key).copied().unwrap_or(0);
                let delta = change.get(key).copied().unwrap_or(0);
                if before + delta != *total {
                    return Err(format!(
                        "total of {key} is {total}, but {before} + {delta} = {}",
                        before + delta
                    ));
                }
            }
        }
        self.prev_totals = Some(r.totals.clone());
        Ok(())
    }

    fn check_tricks(&self, r: &HandRecord) -> Result<(), String> {
        let rules = &self.rules;
        let active = r.active.len();
        let mut played: BTreeMap<usize, CardCounts> = BTreeMap::new();
        let mut points: BTreeMap<usize, u32> = BTreeMap::new();
        let mut leader = None;
        for (i, t) in r.tricks.iter().enumerate() {
            if t.cards.len() != active {
                return Err(format!("trick {} has {} cards", i + 1, t.cards.len()));
            }
            let mut seats: Vec<usize> = t.cards.iter().map(|(s, _)| *s).collect();
            seats.sort_unstable();
            seats.dedup();
            if seats.len() != active || seats.iter().any(|s| !r.active.contains(s)) {
                return Err(format!("trick {} is not one card per active seat", i + 1));
            }
            if t.cards[0].0 != t.leader || leader.is_some_and(|l| l != t.leader) {
                return Err(format!("trick {} led by the wrong seat", i + 1));
            }
            let cards: Vec<Card> = t.cards.iter().map(|(_, c)| *c).collect();
            let w = winning_index(&cards, r.trump).unwrap_or(0);
            if t.cards[w].0 != t.winner {
                return Err(format!("trick {} won by the wrong seat", i + 1));
            }
            leader = Some(t.winner);
            for &(seat, card) in &t.cards {
                played.entry(seat).or_insert(CardCounts::EMPTY).add(card);
                *points.entry(t.winner).or_insert(0) += rules.counting.value(card.rank);
            }
        }
        if r.tricks.len() != rules.hand_size() {
            // Play stopped early (a claim): only the well-formedness above applies.
            return Ok(());
        }
        if let Some(last) = r.tricks.last() {
            *points.entry(last.winner).or_insert(0) += rules.counting.last_trick();
        }
        let buried = counts(r.bury.iter().copied());
        if let Some(d) = r.declarer {
            *points.entry(d).or_insert(0) += rules.counting.points(&r.bury);
        }
        // Every card is played or buried exactly once.
        let all_played = played
            .values()
            .fold(CardCounts::EMPTY, |acc, c| add(&acc, c));
        if add(&all_played, &buried) != self.deck {
            return Err("played and buried cards are not exactly one deck".into());
        }
        // Each seat played what it was dealt, passed and received (and the kitty,
        // less the buried cards, for the declarer).
        for &seat in &r.active {
            let mut holding = counts(r.deal.hands[&seat.to_string()].iter().copied());
            for pass in &r.passes {
                let cards = counts(pass.cards.iter().copied());
                if pass.from == seat {
                    holding = sub(&holding, &cards)
                        .ok_or_else(|| format!("seat {seat} passed cards it did not hold"))?;
                }
                if pass.to == seat {
                    holding = add(&holding, &cards);
                }
            }
            if Some(seat) == r.declarer {
                holding = add(&holding, &counts(r.deal.kitty.iter().copied()));
                holding = sub(&holding, &buried)
                    .ok_or_else(|| "the declarer buried cards it did not hold".to_string())?;
            }
            let mine = played.get(&seat).copied().unwrap_or(CardCounts::EMPTY);
            if mine != holding {
                return Err(format!(
                    "seat {seat} did not play exactly the cards it held"
                ));
            }
        }
        // Card points sum to the deck total and match the tricks, side by side.
        let total: u32 = r.card_points.values().sum();
        if total != rules.counting.total() {
            return Err(format!(
                "card points sum to {total}, not {}",
                rules.counting.total()
            ));
        }
        for &seat in &r.active {
            let side = |m: &dyn Fn(usize) -> u32| -> u32 {
                r.active
                    .iter()
                    .filter(|&&o| same_side(rules, seat, o))
                    .map(|&o| m(o))
                    .sum()
            };
            let recorded = side(&|o| r.card_points.get(&o.to_string()).copied().unwrap_or(0));
            let counted = side(&|o| points.get(&o).copied().unwrap_or(0));
            if recorded != counted {
                return Err(format!(
                    "seat {seat}'s side has {recorded} card points recorded but {counted} in its tricks"
                ));
            }
        }
        Ok(())
    }
}
