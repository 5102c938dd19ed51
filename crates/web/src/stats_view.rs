//! The statistics screen: per game type and overall, games played and won,
//! hands, bids won, contracts made, times set, average meld and result per
//! hand, and the duplicate rating with its trend chart; practice games apart;
//! a reset that asks first.

use pinochle_ai::grading::RATING_START;
use pinochle_engine::rules::{money_text, Scoring};
use pinochle_engine::{PresetId, Rules};
use yew::{component, html, use_state, Callback, Html, MouseEvent, Properties};

use crate::chart::{line_chart, Chart, Reference, Scale, Series};
use crate::start::use_scroll_into_view;
use crate::storage::stats::{Statistics, Tallies};
use crate::storage::Tally;
use crate::table::amount;

#[derive(Properties, PartialEq)]
pub struct StatsPanelProps {
    pub stats: Statistics,
    pub onclose: Callback<MouseEvent>,
    /// Forget every count (asked only after the player confirmed).
    pub onreset: Callback<()>,
}

/// A game type's short name for the table ("Bison", "Double deck").
fn game_name(id: &str) -> String {
    match PresetId::from_id(id) {
        Some(PresetId::Brooklyn) => "Brooklyn".into(),
        Some(PresetId::Bison) => "Bison".into(),
        Some(PresetId::Partnership) => "Partnership".into(),
        Some(PresetId::DoubleDeck) => "Double deck".into(),
        Some(PresetId::Club) => "Club".into(),
        None => id.to_string(),
    }
}

/// A result per hand in the game's unit ("+23", "−0.40 $", "+1 u").
fn result_text(id: &str, t: &Tallies) -> String {
    let Some(average) = t.average_result() else {
        return "—".into();
    };
    let rules = PresetId::from_id(id).map(Rules::preset);
    let stakes = match (&rules, t.tally) {
        (Some(rules), _) => matches!(rules.scoring, Scoring::Stakes(_)),
        (None, tally) => tally == Some(Tally::Stakes),
    };
    // Stake units are few a hand: two decimals ("+0.50 u"); points and
    // cents to the nearest one.
    if stakes {
        return format!("{} u", pinochle_ai::coach::signed(average, 2));
    }
    let rounded = average.round() as i64;
    match (rules, t.tally) {
        (Some(rules), _) => amount(&rules, rounded, true),
        (None, Some(Tally::Money)) => money_text(rounded, true),
        (None, _) => rounded.to_string(),
    }
}

/// Whether the game of `id` has no end (Brooklyn's and the club's running
/// ledger): its games and games won mean nothing.
fn endless(id: &str) -> bool {
    PresetId::from_id(id).is_some_and(|p| Rules::preset(p).scoring.is_ledger())
}

/// The scale a game type's meld is counted on: its single pinochle's value
/// (40, or 4 in the double deck, which counts meld in tens).
fn meld_scale(id: &str) -> Option<u32> {
    PresetId::from_id(id).and_then(|p| Rules::preset(p).meld.table.pinochle.first().copied())
}

/// An average meld ("74"), or "—" without melded hands.
fn meld_text(t: &Tallies) -> String {
    t.average_meld()
        .map_or_else(|| "—".into(), |m| m.to_string())
}

/// The All games row's average meld: only where every game type with meld
/// counts it on one scale (a double deck's 22, in tens, and a bison's 250
/// average to nothing a player can read).
fn overall_meld(stats: &Statistics) -> String {
    let mut scales = stats
        .games
        .iter()
        .filter(|(_, t)| t.meld_hands > 0)
        .map(|(id, _)| meld_scale(id));
    match scales.next() {
        Some(first) if first.is_some() && scales.all(|s| s == first) => meld_text(&stats.overall()),
        _ => "—".into(),
    }
}

fn row(name: &str, t: &Tallies, (meld, result): (String, String), endless: bool) -> Html {
    let or_dash = |v: Option<String>| v.unwrap_or_else(|| "—".into());
    let games = |n: u32| {
        if endless {
            "—".to_string()
        } else {
            n.to_string()
        }
    };
    // A tie at the top is shared, not won: said beside the games won.
    let won = if endless || t.tied == 0 {
        games(t.won)
    } else {
        format!("{} + {} tied", t.won, t.tied)
    };
    html! {
        <tr>
            <th scope="row">{ name.to_string() }</th>
            <td data-label="Games">{ games(t.games) }</td>
            <td data-label="Won">{ won }</td>
            <td data-label="Hands">{ t.hands }</td>
            <td data-label="Bids won">{ t.bids_won }</td>
            <td data-label="Made">{ or_dash(t.made_percent().map(|p| format!("{p}%"))) }</td>
            <td data-label="Set">{ t.set }</td>
            <td data-label="Avg meld">{ meld }</td>
            <td data-label="Per hand">{ result }</td>
            <td data-label="Rating" class="rating">{ or_dash(t.rating.map(|r| format!("{}", r.round() as i64))) }</td>
        </tr>
    }
}

#[component]
pub fn StatsPanel(props: &StatsPanelProps) -> Html {
    let confirming = use_state(|| false);
    // Opened from under the new-game form, the panel starts below the
    // fold: it comes into view with its heading at the top.
    let panel = use_scroll_into_view(true);
    let stats = &props.stats;
    let ask = {
        let confirming = confirming.clone();
        Callback::from(move |_: MouseEvent| confirming.set(true))
    };
    let cancel = {
        let confirming = confirming.clone();
        Callback::from(move |_: MouseEvent| confirming.set(false))
    };
    let reset = {
        let (confirming, onreset) = (confirming.clone(), props.onreset.clone());
        Callback::from(move |_: MouseEvent| {
            confirming.set(false);
            onreset.emit(());
        })
    };
    let trends: Vec<Series> = stats
        .games
        .iter()
        .filter(|(_, t)| t.trend.len() >= 2)
        .map(|(id, t)| Series {
            name: game_name(id),
            values: t.trend.iter().map(|&v| i64::from(v)).collect(),
        })
        .collect();
    let expert = RATING_START.round() as i64;
    let practice: (u32, u32) = stats
        .practice
        .values()
        .fold((0, 0), |(g, h), p| (g + p.games, h + p.hands));
    html! {
        <section class="stats-panel" aria-labelledby="stats-title" data-testid="stats-panel" ref={panel}>
            <div class="stats-head">
                <h2 id="stats-title">{ "Statistics" }</h2>
                <button type="button" onclick={props.onclose.clone()} data-testid="stats-close">{ "Close" }</button>
            </div>
            if stats.games.is_empty() {
                <p data-testid="stats-empty">{ "No hands yet: finish a hand and it is counted here." }</p>
            } else {
                <div class="stats-scroll">
                    <table class="stats-table">
                        <caption class="visually-hidden">{ "Your results per game type" }</caption>
                        <thead>
                            <tr>
                                <th scope="col">{ "Game" }</th>
                                <th scope="col">{ "Games" }</th>
                                <th scope="col">{ "Won" }</th>
                                <th scope="col">{ "Hands" }</th>
                                <th scope="col">{ "Bids won" }</th>
                                <th scope="col">{ "Made" }</th>
                                <th scope="col">{ "Set" }</th>
                                <th scope="col">{ "Avg meld" }</th>
                                <th scope="col">{ "Per hand" }</th>
                                <th scope="col">{ "Rating" }</th>
                            </tr>
                        </thead>
                        <tbody>
                            { for stats.games.iter().map(|(id, t)| row(&game_name(id), t, (meld_text(t), result_text(id, t)), endless(id))) }
                        </tbody>
                        if stats.games.len() > 1 {
                            <tfoot>{ row("All games", &stats.overall(), (overall_meld(stats), "—".into()), stats.games.keys().all(|id| endless(id))) }</tfoot>
                        }
                    </table>
                </div>
            }
            if !trends.is_empty() {
                <figure class="rating-trend" data-testid="rating-trend">
                    // Names what the steps along the bottom count: rated hands.
                    <figcaption class="chart-title">{ "Your rating after each rated hand" }</figcaption>
                    // Fitted to the ratings, with the expert's level across:
                    // above the line, the player beats the expert.
                    { line_chart(&Chart {
                        series: &trends,
                        reference: Some(Reference {
                            value: expert,
                            label: format!("expert {expert}"),
                        }),
                        scale: Scale::Fitted,
                        first_step: 1,
                        caption: "Duplicate rating after each rated hand, the expert's level marked",
                    }, &|v| v.to_string()) }
                </figure>
            }
            if practice != (0, 0) {
                <p class="practice-note" data-testid="stats-practice">
                    { format!("Practice (undo used, or cards dealt before), not counted above: {} {}, {} {}.",
                        practice.0, if practice.0 == 1 { "game" } else { "games" },
                        practice.1, if practice.1 == 1 { "hand" } else { "hands" }) }
                </p>
            }
            <p class="stats-basis">
                { format!("Bids won are your own contracts; made is the share of them you made; per hand is your average score change (or payment). \
                    The rating compares each hand with the expert's result on the same cards from your seat: \
                    it rises when you do better, falls when you do worse; {expert} is the expert's level.") }
            </p>
            if !stats.is_empty() {
                if *confirming {
                    <p class="confirm" role="alert">
                        { "Forget every count and rating? " }
                        <button type="button" class="danger" onclick={reset} data-testid="stats-reset-confirm">{ "Reset" }</button>
                        { " " }
                        <button type="button" onclick={cancel}>{ "Keep them" }</button>
                    </p>
                } else {
                    <button type="button" onclick={ask} data-testid="stats-reset">{ "Reset statistics…" }</button>
                }
            }
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A result per hand is the mean, not the mean cut toward zero: stake
    /// units keep two decimals, points round to the nearest.
    #[test]
    fn a_result_per_hand_is_rounded_not_cut() {
        let tallies = |hands, result_total| Tallies {
            hands,
            result_total,
            ..Tallies::default()
        };
        assert_eq!(result_text("brooklyn", &tallies(2, 1)), "+0.50 u");
        assert_eq!(result_text("brooklyn", &tallies(3, -2)), "−0.67 u");
        assert_eq!(result_text("partnership", &tallies(6, 340)), "+57");
        assert_eq!(result_text("bison", &tallies(0, 0)), "—");
    }

    /// The All games row averages meld only over game types counted on one
    /// scale: the double deck's meld, in tens, mixed with a single deck's
    /// reads "—".
    #[test]
    fn all_games_average_meld_only_on_one_scale() {
        let melded = |meld_hands, meld_total| Tallies {
            hands: meld_hands,
            meld_hands,
            meld_total,
            ..Tallies::default()
        };
        let stats = |games: &[(&str, Tallies)]| Statistics {
            games: games
                .iter()
                .map(|(id, t)| ((*id).to_string(), t.clone()))
                .collect(),
            ..Statistics::default()
        };
        let single = stats(&[("bison", melded(2, 200)), ("partnership", melded(2, 100))]);
        assert_eq!(overall_meld(&single), "75");
        let mixed = stats(&[("bison", melded(2, 200)), ("double-deck", melded(10, 220))]);
        assert_eq!(meld_text(&mixed.games["double-deck"]), "22");
        assert_eq!(overall_meld(&mixed), "—");
        // A game type without melded hands does not mix its scale in.
        let unmelded = stats(&[("bison", melded(2, 200)), ("double-deck", melded(0, 0))]);
        assert_eq!(overall_meld(&unmelded), "100");
        assert_eq!(overall_meld(&stats(&[])), "—");
        assert_eq!(overall_meld(&stats(&[("poker", melded(1, 9))])), "—");
    }
}
