//! `pinochle review FILE`: the app's hand review on the command line. Each
//! hand record of FILE (format 3, as `simulate --records` and the app's
//! Export write them) is replayed, and checked, by the engine; every decision
//! of one seat is graded by the coach from that seat's view at that moment
//! (`pinochle_ai::grading`, as the app's review grades the human's), beside
//! the hand's open-cards par and a summary line.

use crate::args::{self, Opt};
use crate::error::{shorten, CliError};
use crate::Output;
use pinochle_ai::coach::Unit;
use pinochle_ai::grading::{self, GradedDecision, Par};
use pinochle_ai::Level;
use pinochle_engine::game::{read_records, HandRecord, HandReplay, Seat};
use pinochle_engine::Rules;
use serde_json::{json, Value};
use std::ops::Range;

pub const USAGE: &str = "review FILE [--seat N] [--json]";
pub const ABOUT: &str = "Replay every hand record of FILE (one JSON record per line, format 3, \
as `simulate --records` and the app's Export write them; the replay must reproduce each record) \
and grade each decision of seat N (default 0, the human's seat in the app) with the coach's \
analysis from that seat's view when it decided (the expert analyses with a seed of the hand's \
number and the seat, against expert opponents, as the app's review of an imported file does; a bury's or a pass's cards are graded as a set, in \
the order the expert would pick them, each line naming the card graded there), \
with the hand's open-cards \
par and a summary. Text: per hand a header, one line per \
decision (step, decision, the expert's choice, cost, grade), the par beside what the sides took, \
the summary. --json prints an array with one object per hand {hand, seat, unit, decisions: \
[{step, action, expert, cost, unit, grade}], par: {from_trick, declarer_par, declarer_took, total, \
contract: {need, made} or null} or null, summary}; the par's contract says whether perfect play from \
the first trick makes the contract, where the play decided it and the solver settled it.";
pub const OPTS: &[Opt] = &[
    Opt::value(
        "seat",
        "N",
        "the seat whose decisions are graded (default 0)",
    ),
    Opt::flag("json", "print one JSON object per hand, in an array"),
];

/// One reviewed hand.
struct Reviewed {
    record: HandRecord,
    /// The hand's rules (a money game's costs say their worth).
    rules: Rules,
    seat: Seat,
    /// Each decision's step (its index among the hand's moves) and grade.
    decisions: Vec<(usize, GradedDecision)>,
    /// The steps a proved claim played out (nobody chose them).
    claimed: Range<usize>,
    par: Option<Par>,
}

pub fn run(argv: &[String]) -> Result<Output, CliError> {
    let p = args::parse(argv, OPTS, Some("FILE"))?;
    if p.help {
        return Ok(Output::Text(args::help_text(USAGE, ABOUT, OPTS)));
    }
    let path = match p.positionals.as_slice() {
        [path] => path,
        [] => {
            return Err(CliError::usage(
                "missing the FILE of hand records to review",
            ))
        }
        [_, extra, ..] => {
            return Err(CliError::usage(format!(
                "unexpected argument '{}' (review one FILE)",
                shorten(extra)
            )))
        }
    };
    let seat: Seat = p.number("seat")?.unwrap_or(0);
    let text = std::fs::read_to_string(path)
        .map_err(|e| CliError::usage(format!("cannot read '{}': {e}", shorten(path))))?;
    let in_file =
        |e: pinochle_engine::game::RecordError| CliError::usage(format!("{}: {e}", shorten(path)));
    let records = read_records(&text).map_err(in_file)?;
    if let Some(r) = records.iter().find(|r| seat >= r.players) {
        return Err(CliError::usage(format!(
            "--seat {seat}: hand {} has seats 0 to {}",
            r.hand,
            r.players.saturating_sub(1)
        )));
    }
    // Every record replays before any is graded: a bad file fails at once.
    let replays = records
        .iter()
        .map(HandReplay::from_record)
        .collect::<Result<Vec<_>, _>>()
        .map_err(in_file)?;
    let reviewed = replays
        .into_iter()
        .map(|replay| review(replay, seat))
        .collect::<Result<Vec<_>, _>>()?;
    if p.flag("json") {
        Ok(Output::Json(Value::Array(
            reviewed.iter().map(to_json).collect(),
        )))
    } else {
        Ok(Output::Text(reviewed.iter().map(to_text).collect()))
    }
}

/// Grades `seat`'s decisions in a replayed hand and finds its par.
fn review(replay: HandReplay, seat: Seat) -> Result<Reviewed, CliError> {
    // The same seed as the browser's review of an imported file.
    let seed = grading::review_seed(replay.hand, seat);
    // A record does not say who the other players were: the expert grades
    // against its equals, as the browser's import does.
    let decisions =
        grading::grade_decisions(&replay, seat, seed, Level::Expert).map_err(|(step, e)| {
            CliError::internal(format!(
                "hand {}, step {step}: the coach could not grade the decision: {e}",
                replay.hand
            ))
        })?;
    let par = grading::par(&replay.start, &replay.moves, grading::PAR_NODES);
    let claimed = replay.claimed_steps();
    Ok(Reviewed {
        rules: replay.start.rules().clone(),
        record: replay.record,
        seat,
        decisions,
        claimed,
        par,
    })
}

fn unit_name(unit: Unit) -> &'static str {
    match unit {
        Unit::Points => "points",
        Unit::Stakes => "stakes",
    }
}

fn graded_list(r: &Reviewed) -> Vec<GradedDecision> {
    r.decisions.iter().map(|(_, d)| d.clone()).collect()
}

fn to_json(r: &Reviewed) -> Value {
    let decisions: Vec<Value> = r
        .decisions
        .iter()
        .map(|(step, d)| {
            json!({
                "step": step,
                "action": d.chosen.to_string(),
                "expert": d.expert.to_string(),
                "cost": d.cost,
                "unit": unit_name(d.unit),
                "grade": d.grade.map(|g| g.name()),
            })
        })
        .collect();
    // The game's unit: stake units where any decision is in them (the club
    // values its pass to the left in points, the rest in stake units).
    let unit = if r.decisions.iter().any(|(_, d)| d.unit == Unit::Stakes) {
        Unit::Stakes
    } else {
        Unit::Points
    };
    json!({
        "hand": r.record.hand,
        "seat": r.seat,
        "unit": unit_name(unit),
        "decisions": decisions,
        "par": r.par,
        "summary": grading::summary(&r.rules, &graded_list(r)),
    })
}

/// A cost in its unit ("8.0 points", "0.25 stake units", in a money game
/// "0.25 stake units = $0.03").
fn cost_text(rules: &Rules, cost: f64, unit: Unit) -> String {
    match unit {
        Unit::Points => format!("{cost:.1} points"),
        Unit::Stakes => grading::stakes_cost_text(rules, cost),
    }
}

fn to_text(r: &Reviewed) -> String {
    let record = &r.record;
    let contract = match (record.declarer, record.bid) {
        (Some(declarer), Some(bid)) => format!("seat {declarer} bid {bid}"),
        _ => "no contract".to_string(),
    };
    let outcome = serde_json::to_value(record.outcome)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default();
    let mut out = format!(
        "hand {} · {} · {contract} · {outcome} · seat {}'s decisions\n",
        record.hand,
        record.preset.id(),
        r.seat
    );
    if r.decisions.is_empty() {
        out += "  (none)\n";
    }
    for (step, d) in &r.decisions {
        let cost = d
            .cost
            .map_or("—".to_string(), |c| cost_text(&r.rules, c, d.unit));
        let grade = d.grade.map_or("—", |g| g.name());
        out += &format!(
            "  step {step:>3}  {:<24} expert: {:<24} {cost:>18}  {grade}\n",
            d.chosen.to_string(),
            d.expert.to_string()
        );
    }
    if !r.claimed.is_empty() {
        out += &format!(
            "  steps {}–{}: played out by a claim, chosen by nobody (not graded)\n",
            r.claimed.start,
            r.claimed.end - 1
        );
    }
    match &r.par {
        Some(par) => {
            let from = if par.from_trick <= 1 {
                "perfect play from the first trick".to_string()
            } else {
                format!("as played to trick {}, perfect from there", par.from_trick)
            };
            out += &format!(
                "par ({from}): declarer's side {}, the others {}; taken: {} and {}\n",
                par.declarer_par,
                par.total.saturating_sub(par.declarer_par),
                par.declarer_took,
                par.total.saturating_sub(par.declarer_took)
            );
            if let Some(contract) = par.contract_sentence() {
                out += &format!("  {contract}\n");
            }
        }
        None => {
            out += &format!("par: none ({})\n", grading::no_par_reason(&r.record));
        }
    }
    out += &format!(
        "summary: {}\n\n",
        grading::summary(&r.rules, &graded_list(r))
    );
    out
}
