//! The coach at the table: the Hint, Undo and Claim buttons with the
//! auto-play and bid-advisor switches, the hint panel (the expert's choice and
//! its best alternatives with their values and the reason), the bid advisor
//! (per trump: meld now and a histogram of what the side scores in the
//! sampled deals) and the `H` key. Everything shown comes from the analysis
//! the worker sent for the position on the table.

use gloo_events::EventListener;
use pinochle_ai::coach::{Analysis, BidAdvice, CardSide, Choice, Unit};
use pinochle_ai::expert::stakes_in_money;
use pinochle_engine::game::{partner, same_side, Action, Phase};
use wasm_bindgen::JsCast;
use web_sys::KeyboardEvent;
use yew::{classes, component, html, use_effect_with, Callback, Html, MouseEvent, Properties};

use crate::cards::SuitIcon;
use crate::controller::{Game, Msg};
use crate::controls::meld_keys_text;
use crate::seating::GiveUp;
use crate::shortcuts::shortcut_key;

/// An action as the coach names it in `phase` (giving up the hand as its
/// button says).
pub fn action_text(action: &Action, phase: Phase) -> String {
    match action {
        Action::PlayCard(c) => c.face(),
        Action::Bury(c) => format!("Bury {}", c.face()),
        Action::PassCard(c) => format!("Pass {}", c.face()),
        Action::Bid(b) => format!("Bid {b}"),
        Action::Pass => "Pass".to_string(),
        Action::Keep => "Keep the contract".to_string(),
        Action::Escape => "Make the dealer take it".to_string(),
        Action::DeclineHand => "Decline".to_string(),
        Action::Concede => GiveUp::of(phase).label.to_string(),
        Action::Play => "Play".to_string(),
        Action::Challenge => "Challenge".to_string(),
        Action::ChooseTrump(s) => format!("{} trump", s.symbol()),
        Action::ShowMeld(keys) => format!("Show {}", meld_keys_text(keys)),
    }
}

/// Digits after the point for a set of values in points: none, unless two
/// values that differ would read the same (in the 50-point double deck the
/// alternatives often lie within a point of each other), then one.
fn point_decimals(values: &[f64]) -> usize {
    let blurred = values.iter().enumerate().any(|(i, a)| {
        values[i + 1..]
            .iter()
            .any(|b| (a - b).abs() >= 0.05 && a.round() == b.round())
    });
    usize::from(blurred)
}

/// A value in the analysis' unit, signed: "+31", "+18.7", "−0.40 stakes"
/// (as the reasons count them; "u" read as "you"); one that rounds to
/// nothing has no sign ("0.00 stakes", not "−0.00 stakes").
fn value_text(value: f64, unit: Unit, point_decimals: usize) -> String {
    let decimals = match unit {
        Unit::Points => point_decimals,
        Unit::Stakes => 2,
    };
    let digits = format!("{:.*}", decimals, value.abs());
    let sign = if digits.bytes().all(|b| b == b'0' || b == b'.') {
        ""
    } else if value > 0.0 {
        "+"
    } else {
        "−"
    };
    match unit {
        Unit::Points => format!("{sign}{digits}"),
        Unit::Stakes => format!("{sign}{digits} stakes"),
    }
}

/// The `H` key asks for a hint while it is the human's turn; Escape closes it.
#[derive(Properties, PartialEq)]
pub struct CoachKeysProps {
    pub on_msg: Callback<Msg>,
    pub active: bool,
}

#[component]
pub fn CoachKeys(props: &CoachKeysProps) -> Html {
    let on_msg = props.on_msg.clone();
    use_effect_with(props.active, move |&active| {
        let listener = gloo_utils::document()
            .body()
            .filter(|_| active)
            .map(|body| {
                EventListener::new(&body, "keydown", move |e| {
                    let key = e.dyn_ref::<KeyboardEvent>().and_then(shortcut_key);
                    match key.as_deref() {
                        Some("h" | "H") => on_msg.emit(Msg::ToggleHint),
                        Some("Escape") => on_msg.emit(Msg::CloseHint),
                        _ => {}
                    }
                })
            });
        move || drop(listener)
    });
    html! {}
}

/// The coach's buttons and switches under the decision controls.
pub fn coach_bar(game: &Game, on_msg: &Callback<Msg>) -> Html {
    let send = |m: Msg| {
        let on_msg = on_msg.clone();
        Callback::from(move |_: MouseEvent| on_msg.emit(m.clone()))
    };
    let my_turn = game.human_to_move();
    let in_auction = game.view().phase() == Phase::Auction;
    let hint_shown = game.coaching.as_ref().is_some_and(|c| c.show_hint);
    let thinking = game
        .coaching
        .as_ref()
        .is_some_and(|c| c.show_hint && c.answer.is_none());
    let settings = &game.settings;
    html! {
        <div class="coach-bar" role="group" aria-label="Coach">
            <CoachKeys on_msg={on_msg.clone()} active={my_turn} />
            <button type="button" onclick={send(Msg::ToggleHint)} disabled={!my_turn}
                    aria-keyshortcuts="H" data-testid="hint" aria-busy={thinking.to_string()}
                    aria-pressed={hint_shown.to_string()}>
                { if thinking { "Thinking…" } else { "Hint" } }
            </button>
            <button type="button" onclick={send(Msg::Undo)} disabled={game.undo_point().is_none()}
                    data-testid="undo" title="Back to your previous decision (marks the game as practice)">
                { "Undo" }
            </button>
            if game.claim_offer.is_some() {
                <button type="button" class="primary claim" onclick={send(Msg::Claim)} data-testid="claim"
                        title="The solver proves the rest of the hand cannot change the outcome">
                    { "Claim" }
                </button>
            }
            // Each switch while it matters: the advisor in the auction, the
            // lone card's auto-play after it (a phone's bar then keeps to one line).
            // Keyed apart: the one that takes the other's place is a new
            // element, so a focused advisor's focus does not pass to
            // auto-play, where the next Space would switch it on unseen.
            if in_auction {
                <label class="switch" key="bid-advisor">
                    <input type="checkbox" checked={settings.bid_advisor}
                           onchange={send_change(on_msg, Msg::ToggleBidAdvisor)} data-testid="bid-advisor-toggle" />
                    { " Bid advisor" }
                </label>
            } else {
                <label class="switch" key="auto-play">
                    <input type="checkbox" checked={settings.auto_play}
                           onchange={send_change(on_msg, Msg::SetAutoPlay(!settings.auto_play))} data-testid="auto-play"
                           title="Play my only legal card for me" />
                    { " Auto-play a lone card" }
                </label>
            }
            if game.practice {
                <span class="badge practice" title="Undo was used, a hand played again, or this deal was played before: this game is kept out of your statistics and rating">{ "practice" }</span>
            }
        </div>
    }
}

fn send_change(on_msg: &Callback<Msg>, msg: Msg) -> Callback<yew::Event> {
    let on_msg = on_msg.clone();
    Callback::from(move |_: yew::Event| on_msg.emit(msg.clone()))
}

fn choice_row(
    choice: &Choice,
    unit: Unit,
    point_decimals: usize,
    recommended: bool,
    phase: Phase,
) -> Html {
    let value = choice
        .value
        .map(|v| value_text(v, unit, point_decimals))
        .unwrap_or_default();
    // The recommended choice shows its fact; the others with a value fold
    // theirs (kept for screen readers), so five choices fit beside the
    // prompt, and show it while hovered or focused: a tap on a phone, which
    // has no hover, focuses the row. A choice without a value (a meld, a
    // bid the coach has no figure for) shows its fact: it is the only
    // figure the choice has.
    let note = (!choice.note.is_empty()).then(|| choice.note.clone());
    let note_hidden = !recommended && choice.value.is_some();
    let folded = note_hidden && note.is_some();
    let class = match (recommended, folded) {
        (true, _) => "coach-choice best",
        (false, true) => "coach-choice folded",
        (false, false) => "coach-choice",
    };
    html! {
        <li {class}
            data-action={recommended.then(|| choice.action.to_string())}
            tabindex={folded.then_some("0")}>
            <span class="choice-action">{ action_text(&choice.action, phase) }</span>
            <span class="choice-value">{ value }</span>
            if let Some(note) = note {
                <span class={if note_hidden { "choice-note visually-hidden" } else { "choice-note" }}>{ note }</span>
            }
        </li>
    }
}

/// The hint panel: the expert's choice first, then the alternatives.
pub fn hint_panel(game: &Game, on_msg: &Callback<Msg>) -> Html {
    let Some(coaching) = game.coaching.as_ref().filter(|c| c.show_hint) else {
        return html! {};
    };
    let close = {
        let on_msg = on_msg.clone();
        Callback::from(move |_: MouseEvent| on_msg.emit(Msg::CloseHint))
    };
    let body = match &coaching.answer {
        None => html! { <p class="coach-wait" role="status">{ "The expert is thinking…" }</p> },
        Some(Err(reason)) => html! { <p class="error" role="alert">{ reason.clone() }</p> },
        Some(Ok(analysis)) => {
            let phase = game.state().phase();
            let unit = unit_name(game, phase, analysis.unit, analysis.side);
            analysis_view(analysis, phase, &unit)
        }
    };
    html! {
        <section class="hint-panel" data-testid="hint-panel" aria-label="Hint" aria-live="polite">
            <header>
                <h3>{ "Hint" }</h3>
                <button type="button" class="close" onclick={close} aria-label="Close the hint">{ "×" }</button>
            </header>
            { body }
        </section>
    }
}

/// Whose points a hint's values count: in card play the analysis's own
/// side (`CardSide`: partners, a declarer alone, or a three-handed game's
/// defenders together, or one of them on its own once a bison contract is
/// decided), as the analysis says where it does (`said`); before it a side
/// with partners, else the player.
fn points_for(game: &Game, phase: Phase, said: Option<CardSide>) -> String {
    let view = game.view();
    let side = match (said, view.public.hand.declarer) {
        (Some(side), _) if phase == Phase::Tricks => side,
        (_, Some(declarer)) if phase == Phase::Tricks => {
            CardSide::of(&view, same_side(&view.rules, declarer, game.human))
        }
        _ if partner(&view.rules, game.human).is_some() => CardSide::Partners,
        _ => CardSide::Alone,
    };
    format!("points for {}", side.name())
}

/// What a hint's values count, for its foot: whose points, or stake units
/// for you, in a money game with what a unit is worth ("stake units of $0.10
/// for you": its results are in dollars).
fn unit_name(game: &Game, phase: Phase, unit: Unit, side: Option<CardSide>) -> String {
    match (unit, stakes_in_money(game.rules(), 1.0, false)) {
        (Unit::Points, _) => points_for(game, phase, side),
        (Unit::Stakes, Some(worth)) => format!("stake units of {worth} for you"),
        (Unit::Stakes, None) => "stake units for you".to_string(),
    }
}

fn analysis_view(analysis: &Analysis, phase: Phase, unit_name: &str) -> Html {
    let unit = analysis.unit;
    // Card play searches each sampled deal open, which is why a contract
    // can read as hopeless that fallible defenders would let through; in the
    // first tricks it looks one trick ahead and estimates the rest. Its deals
    // are drawn again for each card (an auction's or a bury's are kept), so a
    // share can move from one trick to the next: say so.
    let card_play = analysis
        .choices
        .iter()
        .any(|c| matches!(c.action, Action::PlayCard(_)));
    let deals = if !card_play {
        "sampled deals"
    } else if analysis.budget_cut {
        // Fewer than the usual deals: say why, or "3 of 3" reads as a slip.
        "deals drawn for this card (as many as the search had time for)"
    } else {
        "deals drawn for this card"
    };
    let open = if !card_play {
        ""
    } else if analysis.estimated {
        ", each seen open one trick ahead and estimated from there"
    } else {
        ", each played out with every card seen"
    };
    // Melds, and bids without figures, carry facts, not values.
    let (label, basis) = if analysis.choices.iter().any(|c| c.value.is_some()) {
        // What a value is, where the unit alone does not say (a call's).
        let what = analysis
            .value_basis
            .as_ref()
            .map_or(String::new(), |what| format!(": {what},"));
        (
            format!("Choices, best first, in {unit_name}"),
            format!(
                "Values in {unit_name}{what} over {} {deals}{open}.",
                analysis.worlds
            ),
        )
    } else {
        (
            "Choices, best first".to_string(),
            format!("Figures from {} {deals}.", analysis.worlds),
        )
    };
    let values: Vec<f64> = analysis.choices.iter().filter_map(|c| c.value).collect();
    let decimals = point_decimals(&values);
    html! {
        <>
            <ol class="choices" aria-label={label}>
                { for analysis.choices.iter().map(|c| choice_row(c, unit, decimals, c.action == analysis.recommended, phase)) }
            </ol>
            <p class="reason">{ sentence(&analysis.reason) }</p>
            if analysis.worlds > 0 {
                <p class="coach-basis">{ basis }</p>
            }
        </>
    }
}

/// The score range the histogram of `scores` (sorted) spans: from the
/// lowest to the highest score short of a few deals far above the rest (at
/// most a tenth of them, apart from the others by a gap wider than all the
/// others span), which go in the last band: a deal dealt a double run must
/// not squeeze every other deal into the first bars, while a second
/// cluster (an exchange that brings a run) keeps its place. The flag says
/// some deals were put in the last band so.
fn histogram_range(scores: &[i32]) -> Option<(i32, i32, bool)> {
    let (&low, &high) = (scores.first()?, scores.last()?);
    let few = (scores.len() / 10).max(1);
    let gap = (scores.len().saturating_sub(few).max(1)..scores.len())
        .map(|i| (scores[i] - scores[i - 1], i))
        .max();
    match gap {
        Some((gap, i)) if gap > scores[i - 1] - low => Some((low, scores[i - 1], true)),
        _ => Some((low, high, false)),
    }
}

/// Bars of the scores in one trump's sampled deals (`scores`, sorted), in
/// score bands, with the bid to go to (`highest_bid`) marked; outliers
/// above the rest fall in the last band, whose end reads "460+".
fn histogram(scores: &[i32], highest_bid: Option<u32>) -> Html {
    const BANDS: usize = 12;
    const W: f64 = 180.0;
    // (Low enough that with the labels under it a row stays as tall as when
    // they were drawn inside: a sideways phone shows all four trumps.)
    const H: f64 = 34.0;
    let (Some((low, shown, clipped)), Some(&high)) = (histogram_range(scores), scores.last())
    else {
        return html! {};
    };
    let span = (shown - low).max(1) as f64;
    let mut counts = [0usize; BANDS];
    for &score in scores {
        let band = (((score - low) as f64 / span) * (BANDS as f64 - 1.0)).round() as usize;
        counts[band.min(BANDS - 1)] += 1;
    }
    let most = counts.iter().copied().max().unwrap_or(1).max(1) as f64;
    let bar = W / BANDS as f64;
    let marker = highest_bid
        .map(|b| ((f64::from(b) - low as f64) / span).clamp(0.0, 1.0) * (W - bar) + bar / 2.0);
    let label = format!(
        "Scores from {low} to {high} over {} deals{}",
        scores.len(),
        highest_bid
            .map(|b| format!("; bid up to {b}"))
            .unwrap_or_default()
    );
    let right_end = if clipped {
        format!("{shown}+")
    } else {
        high.to_string()
    };
    // The end labels are text beside the drawing, not in it: the drawing
    // shrinks to fit a phone's advisor (8rem), where text drawn inside it
    // shrank with it to about 8 px.
    html! {
        <div class="histogram" role="img" aria-label={label}>
            <svg viewBox={format!("0 0 {W} {H}")} aria-hidden="true">
                { for counts.iter().enumerate().map(|(i, &n)| {
                    let h = n as f64 / most * H;
                    html! { <rect x={format!("{:.1}", i as f64 * bar + 1.0)} y={format!("{:.1}", H - h)}
                                  width={format!("{:.1}", bar - 2.0)} height={format!("{h:.1}")} /> }
                }) }
                if let Some(x) = marker {
                    <line class="bid-line" x1={format!("{x:.1}")} x2={format!("{x:.1}")} y1="0" y2={H.to_string()} />
                }
            </svg>
            <div class="histogram-ends" aria-hidden="true"><span>{ low }</span><span>{ right_end }</span></div>
        </div>
    }
}

/// The advisor's table; its scores are the seat's own, or its side's where
/// partners score together.
fn advice_view(advice: &BidAdvice, partners: bool) -> Html {
    let scores = if partners {
        "Side scores"
    } else {
        "Your scores"
    };
    // The row the caption's limit rests on is marked: the expert's trump,
    // or where the deals name different suits, the suit chosen deal by deal.
    let expert_trump = advice.expert_trump().filter(|_| advice.by_deal.is_none());
    let bid_to = |bid: Option<u32>| bid.map_or("pass".to_string(), |b| b.to_string());
    html! {
        <>
            <table class="advice">
                <thead><tr><th scope="col">{ "Trump" }</th><th scope="col">{ "Meld" }</th>
                    <th scope="col" class="scores">{ scores }</th><th scope="col">{ "Bid to" }</th></tr></thead>
                <tbody>
                    { for advice.trumps.iter().map(|t| {
                        let experts = expert_trump == Some(t.trump);
                        html! {
                        <tr class={classes!(experts.then_some("expert-trump"))}>
                            <th scope="row"><SuitIcon suit={t.trump} /><span class="visually-hidden">{ t.trump.name() }{ if experts { ", the expert's trump" } else { "" } }</span></th>
                            <td>{ t.meld }</td>
                            if t.no_marriage {
                                <td class="no-marriage">{ "No marriage" }<span class="visually-hidden">{ format!(" in {}: it cannot be trump", t.trump.name()) }</span></td>
                            } else {
                                <td>{ histogram(&t.scores, t.highest_bid) }</td>
                            }
                            <td>{ match (t.highest_bid, t.no_marriage) {
                                (Some(b), _) => b.to_string(),
                                (None, true) => "—".to_string(),
                                (None, false) => "pass".to_string(),
                            } }</td>
                        </tr>
                    }}) }
                    if let Some(d) = &advice.by_deal {
                        <tr class="expert-trump" data-testid="advice-by-deal">
                            <th scope="row" title={format!("The suit that does best in each deal once {} is seen", d.after)}>
                                { "Best" }<span class="visually-hidden">{ format!(" suit in each deal, once {} is seen: the expert's choice", d.after) }</span>
                            </th>
                            <td>{ "—" }</td>
                            <td>{ histogram(&d.scores, d.highest_bid) }</td>
                            <td>{ bid_to(d.highest_bid) }</td>
                        </tr>
                    }
                </tbody>
            </table>
            <p class="coach-basis">{ advice.caption() }</p>
        </>
    }
}

/// The bid advisor, while it is open and the human bids.
pub fn bid_advisor(game: &Game) -> Html {
    if !game.settings.bid_advisor || game.view().phase() != Phase::Auction {
        return html! {};
    }
    let body = match game.coaching.as_ref().map(|c| &c.answer) {
        _ if !game.human_to_move() => {
            html! { <p class="coach-wait">{ "The advisor looks at your hand when it is your turn to bid." }</p> }
        }
        None | Some(None) => {
            html! { <p class="coach-wait" role="status">{ "Sampling deals…" }</p> }
        }
        Some(Some(Err(reason))) => html! { <p class="error" role="alert">{ reason.clone() }</p> },
        Some(Some(Ok(analysis))) => match &analysis.advice {
            Some(advice) => advice_view(advice, partner(game.rules(), game.human).is_some()),
            None => html! { <p class="reason">{ sentence(&analysis.reason) }</p> },
        },
    };
    html! {
        <section class="bid-advisor" data-testid="bid-advisor" aria-label="Bid advisor">
            <h3>{ "Bid advisor" }</h3>
            { body }
        </section>
    }
}

/// How a claimed hand went, for the result panel: the claim, and folded
/// under it (so that the scores stay in view on a phone) each trick's cards
/// in the order played, each with its player ("Ada K♠ · Boris 10♠ · you 9♠").
pub fn claim_summary(game: &Game) -> Html {
    let Some(claimed) = &game.claimed else {
        return html! {};
    };
    let rest = match claimed.tricks.len() {
        1 => "How the last trick would have gone".to_string(),
        n => format!("How the last {n} tricks would have gone"),
    };
    html! {
        <section class="claim-summary" data-testid="claim-summary">
            <p>{ claimed.words.clone() }</p>
            <details class="claim-play">
            <summary>{ rest }</summary>
            <ol class="claim-tricks">
                { for claimed.tricks.iter().map(|t| html! {
                    <li>
                        { t.cards.iter().map(|p| {
                            let who = game.seating().name_in_sentence(p.seat);
                            format!("{who}\u{a0}{}", p.card.face())
                        }).collect::<Vec<_>>().join(" · ") }
                        { if game.is_you(t.winner) {
                            " — you take it".to_string()
                        } else {
                            format!(" — {} takes it", game.name(t.winner))
                        } }
                    </li>
                }) }
            </ol>
            </details>
        </section>
    }
}

/// The coach's reason as a sentence: a capital first letter and a full stop.
fn sentence(reason: &str) -> String {
    let mut chars = reason.trim().chars();
    let Some(first) = chars.next() else {
        return String::new();
    };
    let mut text: String = first.to_uppercase().chain(chars).collect();
    if !text.ends_with(['.', '!', '?']) {
        text.push('.');
    }
    text
}

#[cfg(test)]
mod tests {
    use super::{histogram_range, point_decimals, points_for, sentence, unit_name, value_text};
    use crate::controller::testing::{basic_settings, drive};
    use crate::controller::{Game, Settings};
    use pinochle_ai::coach::{CardSide, Unit};
    use pinochle_engine::game::Phase;
    use pinochle_engine::PresetId;

    /// A deal far above the rest (a double run) goes in the last band
    /// instead of stretching the scale; scores without one span their range.
    #[test]
    fn the_histogram_keeps_an_outlier_out_of_its_scale() {
        let mut scores = vec![200, 220, 240, 250, 260, 270, 280, 300, 320, 340, 360, 1250];
        assert_eq!(histogram_range(&scores), Some((200, 360, true)));
        scores.pop();
        assert_eq!(histogram_range(&scores), Some((200, 360, false)));
        // Two clusters (a run from the exchange in some deals) both stay.
        let bimodal = [140, 160, 170, 180, 200, 210, 220, 380, 390, 400, 410, 420];
        assert_eq!(histogram_range(&bimodal), Some((140, 420, false)));
        assert_eq!(histogram_range(&[310]), Some((310, 310, false)));
        assert_eq!(histogram_range(&[]), None);
    }

    /// A bison defender's card values are the two defenders' points (the
    /// analysis plays them as one side); the declarer's are its own, and in
    /// the auction everyone's are.
    #[test]
    fn a_hint_says_whose_points_its_values_count() {
        let (mut defending, mut declaring) = (0, 0);
        for seed in 1..6 {
            let mut game = Game::start("g".into(), basic_settings(PresetId::Bison), seed).unwrap();
            drive(
                &mut game,
                |g| !g.history.is_empty(),
                |g| {
                    let phase = g.state().phase();
                    let declarer = g.view().public.hand.declarer;
                    let words = points_for(g, phase, None);
                    match (phase, declarer) {
                        (Phase::Tricks, Some(d)) if d != g.human => {
                            assert_eq!(words, "points for you and the other defender");
                            defending += 1;
                        }
                        (Phase::Tricks, Some(_)) => {
                            assert_eq!(words, "points for you");
                            declaring += 1;
                        }
                        _ => assert_eq!(words, "points for you"),
                    }
                },
            );
        }
        assert!(defending > 0 && declaring > 0, "{defending} {declaring}");
        let partnership =
            Game::start("p".into(), basic_settings(PresetId::Partnership), 1).unwrap();
        let phase = partnership.state().phase();
        assert_eq!(
            points_for(&partnership, phase, None),
            "points for your side"
        );
        // In card play, the analysis's word is final: a bison defender on its own.
        let mut bison = Game::start("b".into(), basic_settings(PresetId::Bison), 1).unwrap();
        drive(&mut bison, |g| g.state().phase() == Phase::Tricks, |_| {});
        assert_eq!(
            points_for(&bison, Phase::Tricks, Some(CardSide::Alone)),
            "points for you"
        );
    }

    #[test]
    fn a_money_games_stake_unit_says_what_it_is_worth() {
        let name = |preset, pot_game| {
            let settings = Settings {
                pot_game,
                ..basic_settings(preset)
            };
            let game = Game::start("g".into(), settings, 1).unwrap();
            unit_name(&game, game.state().phase(), Unit::Stakes, None)
        };
        assert_eq!(name(PresetId::Club, false), "stake units of $0.10 for you");
        assert_eq!(
            name(PresetId::Brooklyn, true),
            "stake units of $0.25 for you"
        );
        assert_eq!(name(PresetId::Brooklyn, false), "stake units for you");
    }

    #[test]
    fn values_that_differ_read_differently() {
        // Whole points where that tells them apart (single-deck counting).
        assert_eq!(point_decimals(&[124.4, 96.0, 88.7]), 0);
        assert_eq!(point_decimals(&[34.0, 34.0, 34.02]), 0);
        // The double deck's alternatives within a point of each other.
        let close = [19.04, 18.96, 18.71];
        assert_eq!(point_decimals(&close), 1);
        let shown: Vec<String> = close
            .iter()
            .map(|&v| value_text(v, Unit::Points, 1))
            .collect();
        assert_eq!(shown, ["+19.0", "+19.0", "+18.7"]);
        assert_eq!(value_text(-12.0, Unit::Points, 0), "−12");
        assert_eq!(value_text(-0.4, Unit::Stakes, 0), "−0.40 stakes");
        assert_eq!(value_text(-0.001, Unit::Stakes, 0), "0.00 stakes");
        assert_eq!(value_text(-0.3, Unit::Points, 0), "0");
        assert_eq!(value_text(0.3, Unit::Points, 1), "+0.3");
    }

    #[test]
    fn a_reason_reads_as_a_sentence() {
        assert_eq!(
            sentence("the nine of hearts does not beat the ace of hearts"),
            "The nine of hearts does not beat the ace of hearts."
        );
        assert_eq!(sentence("Already one."), "Already one.");
        assert_eq!(sentence("  "), "");
    }
}
