//! The hand review panel: a finished hand stepped through move by move (buttons,
//! the arrow keys, a slider) with every hand face up, the kitty and what was
//! buried, the auction, each seat's meld and the trick on the table.

use pinochle_engine::game::{same_side, Action, HandReplay, Phase, Seat, State};
use pinochle_engine::{Card, CardCounts, Rules};
use std::ops::Range;
use wasm_bindgen::JsCast;
use web_sys::ScrollLogicalPosition;
use yew::{html, Callback, Event, Html, InputEvent, KeyboardEvent, MouseEvent};

use pinochle_ai::coach::Unit;
use pinochle_ai::grading::{self, Grade, GradedDecision};

use crate::cards::CardView;
use crate::controller::{Msg, Review};
use crate::controls::meld_keys_text;
use crate::hand::sorted_hand;
use crate::import::{ImportMsg, Imported};
use crate::seating::{GiveUp, Seating};
use crate::shortcuts::browser_modifier;
use crate::start::select_value;
use crate::table::ModalFocus;

fn cards_row(cards: &[Card]) -> Html {
    html! {
        <span class="review-cards">
            { for cards.iter().map(|&card| html! { <CardView {card} small=true /> }) }
        </span>
    }
}

/// What was said in the auction, in order ("Ada 250 · Boris pass").
fn auction_text(seating: Seating, state: &State) -> String {
    let auction = &state.public().hand.auction;
    if auction.is_empty() {
        return "no calls yet".to_string();
    }
    auction
        .iter()
        .map(|c| {
            let call = c.bid.map_or_else(|| "pass".to_string(), |b| b.to_string());
            format!("{} {call}", seating.name(c.seat))
        })
        .collect::<Vec<_>>()
        .join(" · ")
}

/// What the expert would have done, as the end of a sentence ("the expert
/// would bid 300", "… would play 9♣", "… would name ♣ trump").
fn expert_would(action: &Action, phase: Phase) -> String {
    let what = match action {
        Action::PlayCard(c) => format!("play {}", c.face()),
        Action::Bury(c) => format!("bury {}", c.face()),
        Action::PassCard(c) => format!("pass {}", c.face()),
        Action::Bid(b) => format!("bid {b}"),
        Action::Pass if phase == Phase::Challenge => "pass: no challenge".to_string(),
        Action::Pass => "pass".to_string(),
        Action::Keep => "keep the contract".to_string(),
        Action::Escape => "make the dealer take it".to_string(),
        Action::DeclineHand => "decline the hand".to_string(),
        Action::Concede => GiveUp::of(phase).verb.to_string(),
        Action::Play => "play the hand out".to_string(),
        Action::Challenge => "challenge".to_string(),
        Action::ChooseTrump(s) => format!("name {} trump", s.symbol()),
        Action::ShowMeld(keys) => format!("show {}", meld_keys_text(keys)),
    };
    format!("the expert would {what}")
}

/// The hand's last card, at the end of a hand that ended on one: the review
/// shows the position before the last move (the engine follows it with the
/// next deal), so that card leaves its player's hand and the last trick goes
/// to its winner here.
struct LastCard {
    seat: Seat,
    card: Card,
    winner: Option<Seat>,
}

impl LastCard {
    /// The last card when the review stands at the end of a hand that ended on one.
    fn at_end(review: &Review) -> Option<LastCard> {
        let replay = &review.replay;
        match replay.moves.last() {
            Some((seat, Action::PlayCard(card))) if review.step >= replay.len() => Some(LastCard {
                seat: *seat,
                card: *card,
                winner: replay.record.tricks.last().map(|t| t.winner),
            }),
            _ => None,
        }
    }
}

/// A seat's cards (sorted for display) and tricks taken at the review's position.
fn seat_cards_and_tricks(state: &State, seat: Seat, last: Option<&LastCard>) -> (Vec<Card>, usize) {
    let h = &state.public().hand;
    let mut cards = state
        .private_of(seat)
        .map(|p| sorted_hand(&p.hand.to_cards(), h.trump))
        .unwrap_or_default();
    let mut tricks = h.trick_winners.iter().filter(|&&w| w == seat).count();
    if let Some(last) = last {
        if last.seat == seat {
            if let Some(at) = cards.iter().position(|&c| c == last.card) {
                cards.remove(at);
            }
        }
        tricks += usize::from(last.winner == Some(seat));
    }
    (cards, tricks)
}

/// One seat's row: its name, its cards face up, its shown meld and tricks.
fn seat_row(seating: Seating, state: &State, seat: Seat, last: Option<&LastCard>) -> Html {
    let h = &state.public().hand;
    let (cards, tricks) = seat_cards_and_tricks(state, seat, last);
    let meld = h.melds.get(seat).cloned().flatten().map(|m| m.total);
    html! {
        <li class={if seat == seating.human { "review-seat me" } else { "review-seat" }} data-seat={seat.to_string()}>
            <span class="review-name">{ seating.name(seat).to_string() }</span>
            { cards_row(&cards) }
            <span class="review-facts">
                { format!("{tricks} {}", if tricks == 1 { "trick" } else { "tricks" }) }
                if let Some(m) = meld { { format!(" · meld {m}") } }
            </span>
        </li>
    }
}

/// The move about to be made at this step, in words: the table shows the
/// position before it ("Move 1 of 8, next: You bid 400"; "Move 1 of 8: You
/// bid 400" over the auction before it read as if the bid was in).
fn move_text(seating: Seating, review: &Review, state: &State) -> String {
    let replay = &review.replay;
    match replay.moves.get(review.step) {
        Some((seat, action)) => {
            let said = seating.describe(*seat, action, state.phase());
            format!("Move {} of {}, next: {said}", review.step + 1, replay.len())
        }
        None => format!(
            "The end of hand {}: {} moves in all.",
            replay.hand,
            replay.len()
        ),
    }
}

/// The open-cards par beside what the sides took.
fn par_line(seating: Seating, review: &Review) -> Html {
    let text = par_text(seating, review);
    html! { <p class="review-par" data-testid="par" data-done={review.par.is_some().to_string()}>{ text }</p> }
}

/// The words of [`par_line`].
fn par_text(seating: Seating, review: &Review) -> String {
    // Sides where there are partners; else the declarer alone against the
    // defenders ("your side" read oddly for a Brooklyn bidder playing alone).
    let rules = review.replay.start.rules();
    let partners = rules.table.partnerships;
    let declarer = review.replay.record.declarer.map(|d| {
        // Where the partner bid, the player's own side is still "your side".
        let yours = same_side(rules, seating.human, d);
        let name = match (yours, partners) {
            (true, true) => "your side".to_string(),
            (false, true) => format!("{}'s side", seating.name(d)),
            (true, false) => "you".to_string(),
            (false, false) => seating.name(d).to_string(),
        };
        let others = if partners {
            "the other side"
        } else {
            "the defenders"
        };
        (name, others)
    });
    match (&review.par, declarer) {
        (None, _) => "Open-cards par: solving…".to_string(),
        (Some(None), _) | (_, None) => {
            format!(
                "Open-cards par: none ({}).",
                grading::no_par_reason(&review.replay.record)
            )
        }
        (Some(Some(par)), Some((side, others))) => {
            let from = if par.from_trick <= 1 {
                "perfect play from the first trick".to_string()
            } else {
                format!(
                    "as played up to trick {}, perfect play from there (working out every point from the first trick took too long)",
                    par.from_trick
                )
            };
            let contract = par
                .contract_sentence()
                .map(|c| format!(" {c}"))
                .unwrap_or_default();
            format!(
                "Open-cards par, every card visible, {from}: {side} {} and {others} {}. Taken: {} and {}.{contract}",
                par.declarer_par,
                par.total.saturating_sub(par.declarer_par),
                par.declarer_took,
                par.total.saturating_sub(par.declarer_took)
            )
        }
    }
}

/// A cost in the analysis' unit ("8 points", "0.25 stake units", in a money
/// game "0.25 stake units = $0.03").
fn cost_text(rules: &Rules, cost: f64, unit: Unit) -> String {
    match unit {
        // The double deck counts 50 points a hand: small costs keep a decimal.
        Unit::Points if cost < 9.95 => format!("{cost:.1} points"),
        Unit::Points => format!("{} points", cost.round() as i64),
        Unit::Stakes => grading::stakes_cost_text(rules, cost),
    }
}

/// What the review says of a graded decision after its move: "best" for the
/// expert's own choice; for another choice graded best, the expert's choice
/// and "worth the same here" (or the little it is worth more, where that shows
/// as more than zero), so burying the ace of trump in a hand set whatever is
/// buried reads as a tie, not as praise; else the grade, the expert's choice
/// and the cost; for a decision not valued (a bid), the expert's choice and
/// its grounds. A `forced` move (the only legal one) says so.
fn verdict(rules: &Rules, g: &GradedDecision, phase: Phase, forced: bool) -> String {
    match (g.grade, g.cost) {
        _ if forced && g.chosen == g.expert => {
            let only = if phase == Phase::Tricks {
                "card"
            } else {
                "choice"
            };
            format!("best: the only legal {only}")
        }
        (Some(Grade::Best), _) if g.chosen == g.expert => "best".to_string(),
        (Some(Grade::Best), Some(cost))
            if cost_text(rules, cost, g.unit) != cost_text(rules, 0.0, g.unit) =>
        {
            format!(
                "best, within {}: {}",
                cost_text(rules, cost, g.unit),
                expert_would(&g.expert, phase)
            )
        }
        (Some(Grade::Best), _) => format!(
            "best: {}, worth the same here",
            expert_would(&g.expert, phase)
        ),
        (Some(grade), Some(cost)) => format!(
            "{}: {} (costs {})",
            grade.name(),
            expert_would(&g.expert, phase),
            cost_text(rules, cost, g.unit)
        ),
        // Not valued (a bid without figures): the expert's own grounds say
        // how far off it was.
        _ if g.reason.is_empty() => expert_would(&g.expert, phase),
        _ => format!("{}: {}", expert_would(&g.expert, phase), g.reason),
    }
}

/// The human's graded decisions: each with the expert's choice, the cost and
/// the grade, a button that shows its position, and the summary once all are in.
/// How far the grading of the human's decisions has got: "Grading… 3 of 9
/// done." until every answer is in, then the summary ("2 inaccuracies; cost
/// 17 points"); `None` for a hand without decisions.
fn grading_state(review: &Review) -> Option<String> {
    if review.decisions.is_empty() {
        return None;
    }
    let pending = review
        .decisions
        .iter()
        .filter(|d| d.answer.is_none())
        .count();
    if pending > 0 {
        let all = review.decisions.len();
        return Some(format!("Grading… {} of {all} done.", all - pending));
    }
    let done: Vec<GradedDecision> = review
        .decisions
        .iter()
        .filter_map(|d| d.answer.clone()?.ok())
        .collect();
    Some(grading::summary(review.replay.start.rules(), &done))
}

/// The grading's verdict at the head of the review, where a phone shows it
/// before the hands: the list it sums up lies below them, one tap away.
/// Scrolls the review's element matching `selector` into view, its top to
/// the top (`Start`) or as little as it takes (`Nearest`: not at all where
/// it is in view).
fn scroll_to(selector: &str, block: ScrollLogicalPosition) {
    let element = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector(selector).ok().flatten());
    if let Some(element) = element {
        let options = web_sys::ScrollIntoViewOptions::new();
        options.set_block(block);
        element.scroll_into_view_with_scroll_into_view_options(&options);
    }
}

fn verdict_line(grading: Option<&str>) -> Html {
    let Some(state) = grading else {
        return Html::default();
    };
    let to_list =
        Callback::from(|_: MouseEvent| scroll_to(".review-grades", ScrollLogicalPosition::Start));
    html! {
        <p class="review-verdict" data-testid="review-verdict">
            { format!("Your decisions: {state} ") }
            <button type="button" class="link" onclick={to_list}>{ "See them" }</button>
        </p>
    }
}

/// The line that heads the graded cards of a bury or a pass of several, at
/// its first move: the cards in the order the player picked them, and that
/// they are graded as a set, card by card in the order the expert picks them
/// ("Moves 5–7: You bury Q♦, 9♠ and 10♥. Graded as a set, the expert's pick
/// first:"); None at any other move. `steps`: the moves of the choice
/// `step` belongs to ([`grading::choice_steps`]).
fn set_heading(
    seating: Seating,
    replay: &HandReplay,
    steps: &Range<usize>,
    step: usize,
) -> Option<String> {
    if steps.len() < 2 || steps.start != step {
        return None;
    }
    let (seat, first) = &replay.moves[step];
    let bury = matches!(first, Action::Bury(_));
    let moved: Vec<Card> = replay.moves[steps.clone()]
        .iter()
        .filter_map(|(_, a)| match a {
            Action::Bury(c) | Action::PassCard(c) => Some(*c),
            _ => None,
        })
        .collect();
    // The review's moves follow the grading's order once graded (see
    // `Review::follow_graded_order`); the record keeps the order picked.
    let record = &replay.record;
    let picked = if bury {
        Some(record.bury.clone())
    } else {
        record
            .passes
            .iter()
            .find(|p| p.from == *seat)
            .map(|p| p.cards.clone())
    };
    let same_cards =
        |cards: &[Card]| CardCounts::from_cards(cards) == CardCounts::from_cards(&moved);
    let cards = picked.filter(|p| same_cards(p)).unwrap_or(moved);
    let said = seating.describe_cards(*seat, bury, &cards, cards.len());
    Some(format!(
        "Moves {}–{}: {said} Graded as a set, the expert's pick first:",
        steps.start + 1,
        steps.end
    ))
}

/// A graded decision in words: the move ("You bid 250"), or for a card of a
/// bury or a pass of several, which [`set_heading`] introduces, the card the
/// set was graded by at that point ("the nine of spades"). `steps`: the
/// moves of its choice ([`grading::choice_steps`]).
fn graded_text(
    seating: Seating,
    seat: Seat,
    steps: &Range<usize>,
    graded_as: &Action,
    phase: Phase,
) -> String {
    match graded_as {
        Action::Bury(c) | Action::PassCard(c) if steps.len() > 1 => {
            format!("the {}", c.long_name())
        }
        _ => seating
            .describe(seat, graded_as, phase)
            .trim_end_matches('.')
            .to_string(),
    }
}

/// What the list of decisions leaves out of a claimed hand: the moves the
/// claim played out, which nobody chose.
fn claimed_note(replay: &HandReplay) -> Option<String> {
    let claimed = replay.claimed_steps();
    match claimed.len() {
        0 => None,
        1 => Some(format!(
            "Move {} was played out by a claim: nobody chose that card, so it is not graded.",
            claimed.end
        )),
        _ => Some(format!(
            "Moves {}–{} were played out by a claim: nobody chose those cards, so they are not graded.",
            claimed.start + 1,
            claimed.end
        )),
    }
}

/// `grading`: the review's [`grading_state`].
fn grades_list(
    seating: Seating,
    review: &Review,
    grading: Option<&str>,
    on_msg: &Callback<Msg>,
) -> Html {
    let replay = &review.replay;
    let graded = review.decisions.iter().all(|d| d.answer.is_some());
    html! {
        <section class="review-grades" aria-label="Your decisions">
            <h3>{ "Your decisions" }</h3>
            if let Some(state) = grading {
                <p class="review-summary" data-testid={graded.then_some("review-summary")} role="status">{ state }</p>
            } else {
                <p>{ "You made no decision in this hand." }</p>
            }
            <ol class="grade-list">
                { for review.decisions.iter().map(|d| {
                    let go = {
                        let (on_msg, step) = (on_msg.clone(), d.step);
                        Callback::from(move |_: MouseEvent| {
                            on_msg.emit(Msg::ReviewStep(step));
                            // The position shows above the list: on a phone
                            // it is scrolled out of sight.
                            scroll_to(".review-steps", ScrollLogicalPosition::Nearest);
                        })
                    };
                    let (seat, chosen) = &replay.moves[d.step];
                    let before = replay.before(d.step);
                    let phase = before.phase();
                    let forced = before.observation(*seat).legal_actions().len() == 1;
                    // A graded card of a bury or a pass is the one the set was
                    // graded by at this point of it (see `grading_view`).
                    let graded_as = match &d.answer {
                        Some(Ok(g)) => &g.chosen,
                        _ => chosen,
                    };
                    let steps = grading::choice_steps(replay, d.step);
                    let what = graded_text(seating, *seat, &steps, graded_as, phase);
                    let heading = set_heading(seating, replay, &steps, d.step).map(|h| html! {
                        <li class="grade-set">{ h }</li>
                    });
                    let entry = match &d.answer {
                        None => html! {
                            <li class="grade-pending">
                                <button type="button" class="link" onclick={go}>{ format!("Move {}", d.step + 1) }</button>
                                { format!(" {what} — grading…") }
                            </li>
                        },
                        Some(Err(reason)) => html! {
                            <li class="grade-failed">
                                <button type="button" class="link" onclick={go}>{ format!("Move {}", d.step + 1) }</button>
                                { format!(" {what} — not graded: {reason}") }
                            </li>
                        },
                        Some(Ok(g)) => {
                            let grade = g.grade.map_or("ungraded", Grade::name);
                            let cost = g.cost.map(|c| c.to_string()).unwrap_or_default();
                            let verdict = verdict(review.replay.start.rules(), g, phase, forced);
                            html! {
                                <li class={format!("grade grade-{grade}")} data-testid="grade" data-grade={grade} data-cost={cost}>
                                    <button type="button" class="link" onclick={go}>{ format!("Move {}", d.step + 1) }</button>
                                    { format!(" {what} — {verdict}") }
                                </li>
                            }
                        }
                    };
                    html! { <>{ for heading }{ entry }</> }
                }) }
            </ol>
            if let Some(note) = claimed_note(replay) {
                <p class="review-claimed" data-testid="review-claimed">{ note }</p>
            }
        </section>
    }
}

/// The controls of a review of imported records: which hand of the file, and
/// whose decisions are graded.
pub fn import_tools(imported: &Imported, on_import: &Callback<ImportMsg>) -> Html {
    let on_hand = {
        let on_import = on_import.clone();
        Callback::from(move |e: Event| {
            if let Some(i) = select_value(&e).and_then(|v| v.parse().ok()) {
                on_import.emit(ImportMsg::ShowHand(i));
            }
        })
    };
    let on_seat = {
        let on_import = on_import.clone();
        Callback::from(move |e: Event| {
            if let Some(s) = select_value(&e).and_then(|v| v.parse().ok()) {
                on_import.emit(ImportMsg::GradeSeat(s));
            }
        })
    };
    html! {
        <div class="import-tools" data-testid="import-tools">
            <span class="import-file">{ imported.file_name.clone() }</span>
            if imported.hands.len() > 1 {
                <label>{ "Hand " }
                    <select onchange={on_hand} data-testid="import-hand">
                        { for imported.hands.iter().enumerate().map(|(i, h)| html! {
                            <option value={i.to_string()} selected={i == imported.index}>
                                { format!("{} of {}: hand {} ({})", i + 1, imported.hands.len(), h.hand, h.start.rules().preset.id()) }
                            </option>
                        }) }
                    </select>
                </label>
            }
            <label>{ "Grade the decisions of " }
                <select onchange={on_seat} data-testid="import-seat">
                    { for (0..imported.seats()).map(|s| html! {
                        <option value={s.to_string()} selected={s == imported.seat}>
                            // The graded seat is "You" in the review below.
                            { if s == imported.seat { format!("Seat {} (you)", s + 1) } else { format!("Seat {}", s + 1) } }
                        </option>
                    }) }
                </select>
            </label>
        </div>
    }
}

/// The review panel (a dialog over the table); `tools` go under its title (the
/// controls of an imported file's review).
pub fn review_panel(
    seating: Seating,
    review: &Review,
    on_msg: &Callback<Msg>,
    tools: Html,
) -> Html {
    let replay = &review.replay;
    let last = replay.len();
    // The end shows the position before the last move, with the last card played.
    let state = replay.before(review.step.min(last.saturating_sub(1)));
    let h = &state.public().hand;
    let seats = state.public().seats;
    let order: Vec<Seat> = (0..seats).map(|k| (seating.human + k) % seats).collect();
    let mut trick: Vec<(Seat, Card)> = h.current_trick().iter().map(|p| (p.seat, p.card)).collect();
    let last_card = LastCard::at_end(review);
    if let Some(l) = &last_card {
        trick.push((l.seat, l.card));
    }
    let step_by = |delta: isize| {
        let on_msg = on_msg.clone();
        Callback::from(move |_: MouseEvent| on_msg.emit(Msg::ReviewStepBy(delta)))
    };
    let on_key = {
        let on_msg = on_msg.clone();
        Callback::from(move |e: KeyboardEvent| {
            if browser_modifier(&e) {
                return;
            }
            let msg = match e.key().as_str() {
                "ArrowLeft" => Msg::ReviewStepBy(-1),
                "ArrowRight" => Msg::ReviewStepBy(1),
                "Home" => Msg::ReviewStep(0),
                "End" => Msg::ReviewStep(last),
                "Escape" => {
                    on_msg.emit(Msg::CloseReview);
                    return;
                }
                _ => return,
            };
            e.prevent_default();
            on_msg.emit(msg);
        })
    };
    let on_slide = {
        let on_msg = on_msg.clone();
        Callback::from(move |e: InputEvent| {
            let value = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
                .and_then(|i| i.value().parse::<usize>().ok());
            if let Some(to) = value {
                on_msg.emit(Msg::ReviewStep(to));
            }
        })
    };
    let close = {
        let on_msg = on_msg.clone();
        Callback::from(move |_: MouseEvent| on_msg.emit(Msg::CloseReview))
    };
    let export = {
        let (on_msg, hand) = (on_msg.clone(), replay.hand);
        Callback::from(move |_: MouseEvent| on_msg.emit(Msg::Export(Some(hand))))
    };
    let record = &replay.record;
    // One verdict for the head and the list.
    let grading = grading_state(review);
    html! {
        <div class="overlay opaque">
            <section class="review-panel" role="dialog" aria-modal="true" aria-labelledby="review-title"
                     data-testid="review-panel" data-step={review.step.to_string()} onkeydown={on_key}>
              <ModalFocus />
                <div class="review-head">
                    <h2 id="review-title">{ format!("Hand {} review", replay.hand) }</h2>
                    <span class="review-tools">
                        <button type="button" onclick={export} data-testid="export"
                                title="Save this hand's record (JSON, as pinochle simulate --records writes)">{ "Export" }</button>
                        <button type="button" onclick={close} data-testid="review-close">{ "Close" }</button>
                    </span>
                </div>
                { tools }
                { verdict_line(grading.as_deref()) }
                <div class="review-steps">
                    <button type="button" onclick={step_by(-1)} disabled={review.step == 0}
                            data-testid="review-step-prev" aria-label="Previous move">{ "◀" }</button>
                    <input type="range" min="0" max={last.to_string()} value={review.step.to_string()}
                           oninput={on_slide} aria-label="Move" data-testid="review-slider" />
                    <button type="button" onclick={step_by(1)} disabled={review.step >= last}
                            data-testid="review-step-next" aria-label="Next move">{ "▶" }</button>
                </div>
                <p class="review-move" aria-live="polite" data-testid="review-move">{ move_text(seating, review, &state) }</p>
                <p class="review-auction">
                    { "Auction: " }{ auction_text(seating, &state) }
                    if let (Some(d), Some(b)) = (h.declarer, h.bid) {
                        { if seating.is_you(d) { format!(" — you play {b}") } else { format!(" — {} plays {b}", seating.name(d)) } }
                        if let Some(t) = h.trump { { format!(" in {}", t.name()) } }
                    }
                </p>
                <ul class="review-seats">
                    { for order.iter().map(|&seat| seat_row(seating, &state, seat, last_card.as_ref())) }
                </ul>
                if !record.deal.kitty.is_empty() {
                    <p class="review-kitty">{ "Kitty: " }{ cards_row(&record.deal.kitty) }</p>
                }
                if !record.bury.is_empty() && review.step >= last {
                    <p class="review-kitty">{ "Buried: " }{ cards_row(&record.bury) }</p>
                }
                <div class="review-trick" aria-label="The trick on the table">
                    { for trick.iter().map(|(seat, card)| html! {
                        <span class="review-played">
                            <small>{ seating.name(*seat).to_string() }</small>
                            <CardView card={*card} small=true />
                        </span>
                    }) }
                </div>
                { par_line(seating, review) }
                { grades_list(seating, review, grading.as_deref(), on_msg) }
            </section>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::controller::testing::{basic_settings, drive};
    use crate::controller::{Game, Msg};
    use pinochle_engine::PresetId;

    #[test]
    fn the_end_of_a_played_out_hand_shows_empty_hands_and_every_trick() {
        let mut checked = 0;
        for preset in PresetId::ALL {
            let mut game = Game::start("r".into(), basic_settings(preset), 31).unwrap();
            drive(&mut game, |g| !g.history.is_empty(), |_| {});
            game.update(Msg::OpenReview(1)).unwrap();
            let len = game.review.as_ref().unwrap().replay.len();
            game.update(Msg::ReviewStep(len)).unwrap();
            let review = game.review.as_ref().unwrap();
            let Some(last) = LastCard::at_end(review) else {
                continue; // thrown in, conceded or claimed: no last card
            };
            let state = review.replay.before(len - 1);
            let seats = state.public().seats;
            let mut tricks = 0;
            for seat in 0..seats {
                let (cards, taken) = seat_cards_and_tricks(&state, seat, Some(&last));
                assert!(
                    cards.is_empty(),
                    "{preset:?}: seat {seat} still holds {cards:?}"
                );
                tricks += taken;
            }
            assert_eq!(tricks, review.replay.record.tricks.len(), "{preset:?}");
            checked += 1;
        }
        assert!(
            checked >= 3,
            "only {checked} presets played their first hand out"
        );
    }

    #[test]
    fn a_claimed_hand_says_which_moves_the_claim_played_out() {
        let mut game = Game::start("r".into(), basic_settings(PresetId::Partnership), 33).unwrap();
        drive(&mut game, |g| !g.history.is_empty(), |_| {});
        game.update(Msg::OpenReview(1)).unwrap();
        let mut replay = game.review.as_ref().unwrap().replay.clone();
        let len = replay.len();
        assert_eq!(claimed_note(&replay), None);
        replay.record.claimed_cards = Some(8);
        assert_eq!(
            claimed_note(&replay).unwrap(),
            format!(
                "Moves {}–{len} were played out by a claim: nobody chose those cards, so they are not graded.",
                len - 7
            )
        );
        replay.record.claimed_cards = Some(1);
        assert_eq!(
            claimed_note(&replay).unwrap(),
            format!("Move {len} was played out by a claim: nobody chose that card, so it is not graded.")
        );
    }

    /// A lone declarer's par is "you … and the defenders …" (or the
    /// declarer's name); with partners it is sides, "your side" whichever
    /// partner bid.
    #[test]
    fn the_par_names_a_lone_declarer_or_a_side() {
        use pinochle_ai::grading::{ContractPar, Par};
        for preset in [PresetId::Brooklyn, PresetId::Bison, PresetId::Partnership] {
            let mut game = (3..40)
                .find_map(|seed| {
                    let mut game = Game::start("r".into(), basic_settings(preset), seed).unwrap();
                    drive(&mut game, |g| !g.history.is_empty(), |_| {});
                    game.update(Msg::OpenReview(1)).unwrap();
                    game.review.as_ref()?.replay.record.declarer?;
                    Some(game)
                })
                .expect("a hand with a declarer");
            let seats = game.state().rules().table.seats as usize;
            let review = game.review.as_mut().unwrap();
            review.par = Some(Some(Par {
                from_trick: 1,
                declarer_par: 100,
                declarer_took: 90,
                total: 250,
                contract: None,
            }));
            let names: Vec<String> = ["", "Ada", "Boris", "Cleo"].map(String::from).to_vec();
            let seating = Seating {
                names: &names,
                human: 0,
            };
            // Every seat as the declarer, the record's own among them.
            for declarer in 0..seats {
                review.replay.record.declarer = Some(declarer);
                let text = par_text(seating, review);
                let side = match (declarer, preset) {
                    // The human (seat 0) and the partner opposite are one side.
                    (0 | 2, PresetId::Partnership) => "your side".to_string(),
                    (d, PresetId::Partnership) => format!("{}'s side", names[d]),
                    (0, _) => "you".to_string(),
                    (d, _) => names[d].clone(),
                };
                let others = if preset == PresetId::Partnership {
                    "the other side"
                } else {
                    "the defenders"
                };
                assert!(
                    text.ends_with(&format!(
                        "from the first trick: {side} 100 and {others} 150. Taken: 90 and 160."
                    )),
                    "{preset:?}, declarer {declarer}: {text}"
                );
            }
            // Where the play decided the contract, the par says what perfect
            // play from the first trick does to it.
            if let Some(Some(par)) = review.par.as_mut() {
                par.contract = Some(ContractPar {
                    need: 85,
                    made: false,
                    buried: 0,
                });
            }
            assert!(par_text(seating, review)
                .ends_with("Taken: 90 and 160. So the contract is set (it needed 85 card points from the play)."));
            if let Some(Some(par)) = review.par.as_mut() {
                par.from_trick = 4;
            }
            assert!(par_text(seating, review).ends_with(
                "Taken: 90 and 160. Whether the contract is made was worked out from the first trick: with perfect play \
from there it is set (it needed 85 card points from the play)."
            ));
            if let Some(Some(par)) = review.par.as_mut() {
                par.contract = Some(ContractPar {
                    need: 262,
                    made: false,
                    buried: 0,
                });
            }
            assert!(par_text(seating, review).ends_with(
                "it is set (it needed 262 card points from the play, more than the hand's 250)."
            ));
            // A bury counts for the declarer in the par's figures, and in
            // the need it states.
            if let Some(Some(par)) = review.par.as_mut() {
                par.contract = Some(ContractPar {
                    need: 68,
                    made: true,
                    buried: 32,
                });
            }
            assert!(par_text(seating, review)
                .ends_with("it is made (it needed 100 card points, the 32 buried included)."));
        }
    }

    /// A bury's cards are graded as a set in the expert's order: the list
    /// heads them with the cards in the order they were picked, and each
    /// graded line names its card alone.
    #[test]
    fn a_bury_is_listed_as_a_set_in_the_order_picked() {
        let names = ["".to_string(), "Ada".to_string(), "Boris".to_string()];
        let (replay, start) = (1..60)
            .find_map(|seed| {
                let mut game =
                    Game::start("r".into(), basic_settings(PresetId::Bison), seed).unwrap();
                drive(&mut game, |g| !g.history.is_empty(), |_| {});
                game.update(Msg::OpenReview(1)).unwrap();
                let replay = game.review.as_ref()?.replay.clone();
                let start = replay
                    .moves
                    .iter()
                    .position(|(seat, a)| *seat == 0 && matches!(a, Action::Bury(_)))?;
                Some((replay, start))
            })
            .expect("a hand where the human buries");
        let seating = Seating {
            names: &names,
            human: 0,
        };
        let steps = grading::choice_steps(&replay, start);
        assert!(steps.len() > 1, "bison buries several cards");
        let picked: Vec<Card> = replay.moves[steps.clone()]
            .iter()
            .map(|(_, a)| match a {
                Action::Bury(c) => *c,
                other => panic!("not a bury: {other:?}"),
            })
            .collect();
        assert_eq!(
            set_heading(seating, &replay, &steps, start).unwrap(),
            format!(
                "Moves {}–{}: You bury {}. Graded as a set, the expert's pick first:",
                start + 1,
                steps.end,
                Card::faces(&picked)
            )
        );
        // Graded, the moves follow the grading's order: the heading keeps
        // the order picked.
        let mut graded = replay.clone();
        graded.moves[steps.clone()].reverse();
        assert_eq!(
            set_heading(seating, &graded, &steps, start),
            set_heading(seating, &replay, &steps, start)
        );
        assert_eq!(set_heading(seating, &replay, &steps, start + 1), None);
        // Each line names the card it was graded by, whichever it is.
        let other = Action::Bury(picked[picked.len() - 1]);
        assert_eq!(
            graded_text(seating, 0, &steps, &other, Phase::Bury),
            format!("the {}", picked[picked.len() - 1].long_name())
        );
        // A move of its own reads as the table says it.
        assert_eq!(
            graded_text(
                seating,
                replay.moves[0].0,
                &grading::choice_steps(&replay, 0),
                &replay.moves[0].1,
                Phase::Auction
            ),
            seating
                .describe(replay.moves[0].0, &replay.moves[0].1, Phase::Auction)
                .trim_end_matches('.')
        );
    }

    #[test]
    fn the_auction_line_reads_before_the_first_call() {
        let mut game = Game::start("r".into(), basic_settings(PresetId::Bison), 31).unwrap();
        drive(&mut game, |g| !g.history.is_empty(), |_| {});
        game.update(Msg::OpenReview(1)).unwrap();
        let review = game.review.as_ref().unwrap();
        let names = ["".to_string(), "Ada".to_string(), "Boris".to_string()];
        let seating = Seating {
            names: &names,
            human: 0,
        };
        assert_eq!(
            auction_text(seating, &review.replay.before(0)),
            "no calls yet"
        );
        let after_one = auction_text(seating, &review.replay.before(1));
        assert!(
            after_one.ends_with(" 250") || after_one.ends_with(" pass"),
            "{after_one}"
        );
    }

    #[test]
    fn a_verdict_says_whose_choice_was_best() {
        use pinochle_engine::{PresetId, Rank, Suit};
        let rules = Rules::preset(PresetId::Bison);
        let [ace, ten] = [Rank::Ace, Rank::Ten].map(|r| Card::new(r, Suit::Spades));
        let graded = |chosen: Card, cost: f64, grade: Grade| GradedDecision {
            chosen: Action::Bury(chosen),
            expert: Action::Bury(ten),
            cost: Some(cost),
            grade: Some(grade),
            unit: Unit::Points,
            reason: String::new(),
            expert_value: None,
        };
        assert_eq!(
            verdict(&rules, &graded(ten, 0.0, Grade::Best), Phase::Bury, false),
            "best"
        );
        // A forced move is no choice: the verdict says so.
        let only = GradedDecision {
            chosen: Action::PlayCard(ten),
            expert: Action::PlayCard(ten),
            ..graded(ten, 0.0, Grade::Best)
        };
        assert_eq!(
            verdict(&rules, &only, Phase::Tricks, true),
            "best: the only legal card"
        );
        assert_eq!(
            verdict(&rules, &graded(ace, 0.0, Grade::Best), Phase::Bury, false),
            "best: the expert would bury 10♠, worth the same here"
        );
        assert_eq!(
            verdict(&rules, &graded(ace, 0.4, Grade::Best), Phase::Bury, false),
            "best, within 0.4 points: the expert would bury 10♠"
        );
        // A cost that shows as zero is the same.
        assert_eq!(
            verdict(&rules, &graded(ace, 0.01, Grade::Best), Phase::Bury, false),
            "best: the expert would bury 10♠, worth the same here"
        );
        assert_eq!(
            verdict(
                &rules,
                &graded(ace, 12.0, Grade::Mistake),
                Phase::Bury,
                false
            ),
            "mistake: the expert would bury 10♠ (costs 12 points)"
        );
        // The club's stakes are money: a cost in them says its worth.
        let club = Rules::preset(PresetId::Club);
        let staked = GradedDecision {
            unit: Unit::Stakes,
            ..graded(ace, 0.4, Grade::Mistake)
        };
        assert_eq!(
            verdict(&club, &staked, Phase::Bury, false),
            "mistake: the expert would bury 10♠ (costs 0.40 stake units = $0.04)"
        );
        // One that rounds to no money says so (not "= $0.00").
        let small = GradedDecision {
            unit: Unit::Stakes,
            ..graded(ace, 0.04, Grade::Inaccuracy)
        };
        assert_eq!(
            verdict(&club, &small, Phase::Bury, false),
            "inaccuracy: the expert would bury 10♠ (costs 0.04 stake units, under a cent)"
        );
        // A bid is not valued: its verdict gives the expert's grounds.
        let bid = GradedDecision {
            chosen: Action::Bid(310),
            expert: Action::Pass,
            cost: None,
            grade: None,
            unit: Unit::Stakes,
            reason:
                "your side scores 300 or more in 16 of 24 sampled deals; the expert's limit is 295 (10 to spare), so it bids up to 290"
                    .into(),
            expert_value: None,
        };
        assert_eq!(
            verdict(&rules, &bid, Phase::Auction, false),
            "the expert would pass: your side scores 300 or more in 16 of 24 sampled deals; \
             the expert's limit is 295 (10 to spare), so it bids up to 290"
        );
    }

    #[test]
    fn the_expert_choice_reads_as_a_sentence() {
        use pinochle_engine::{Rank, Suit};
        let nine = Card::new(Rank::Nine, Suit::Clubs);
        // Each action in the phase it is taken in; giving up the hand is
        // named as its phase's button names it.
        let cases = [
            (
                Action::PlayCard(nine),
                Phase::Tricks,
                "the expert would play 9♣",
            ),
            (Action::Bury(nine), Phase::Bury, "the expert would bury 9♣"),
            (Action::Bid(300), Phase::Auction, "the expert would bid 300"),
            (Action::Pass, Phase::Auction, "the expert would pass"),
            (
                Action::Pass,
                Phase::Challenge,
                "the expert would pass: no challenge",
            ),
            (
                Action::Concede,
                Phase::BidderDecision,
                "the expert would pass and pay the stake",
            ),
            (
                Action::Concede,
                Phase::MeldConcede,
                "the expert would throw the hand in",
            ),
            (
                Action::Concede,
                Phase::KittyConcede,
                "the expert would concede",
            ),
            (
                Action::ChooseTrump(Suit::Clubs),
                Phase::Trump,
                "the expert would name ♣ trump",
            ),
            (
                Action::ShowMeld(Vec::new()),
                Phase::ShowMeld,
                "the expert would show no meld",
            ),
        ];
        for (action, phase, said) in cases {
            assert_eq!(
                expert_would(&action, phase),
                said,
                "{action:?} in {phase:?}"
            );
        }
    }
}
