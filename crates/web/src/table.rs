//! The card table, rendered from the human seat's `PlayerView` (plus the
//! controller's display state): opponents with card backs, counts, dealer and
//! turn markers, bids and shown meld; the kitty; the trick with who led and the
//! last trick on demand; the decision controls (with a slot for the coach);
//! choosing cards to bury or pass, then confirming; the hand; the auction
//! history and score sheet (drawers on narrow screens); the rules dialog; the
//! hand-result panel, the score sheet and the game-over screen. The layout
//! (www/app.css) keeps the hand, the trick and the prompt on one screen.

use gloo_events::EventListener;
use pinochle_engine::game::{
    Action, Amounts, ConcessionKind, GameEndReason, HandSummary, Ledger, Outcome, Phase,
    PlayedCard, PlayerView, Seat, SessionResult,
};
use pinochle_engine::meld::MeldResult;
use pinochle_engine::rules::{money_text, DefenderNeeds, Scoring};
use pinochle_engine::{best_meld, Card, Rules};
use wasm_bindgen::JsCast;
use yew::{
    classes, component, html, use_effect_with, use_node_ref, use_state, AttrValue, Callback,
    Children, Html, KeyboardEvent, MouseEvent, Properties,
};

use crate::cards::{CardBack, CardView, SuitIcon};
use crate::chart::{line_chart, Chart, Reference, Scale, Series};
use crate::coach_view::{bid_advisor, claim_summary, coach_bar, hint_panel};
use crate::controller::{Choosing, ChosenCard, Game, Msg, Pace, Review, ShownTrick};
use crate::controls::{decision_controls, step_between_buttons};
use crate::hand::{arrivals, hand_choice, sorted_hand, HandView};
use crate::review_view::review_panel;
use crate::rules_text::RulesView;
use crate::seating::plural;

#[derive(Properties, PartialEq)]
struct FocusDecisionProps {
    /// Changes with every position (the game's move count).
    turn: AttrValue,
}

/// Put inside the controls of a decision made with buttons (naming trump,
/// the meld, play or concede…): as each such decision comes, the keyboard
/// focus goes to its first choice, as the hand gives a card play's to the
/// first playable card — when the focus was lost or sat in the hand, whose
/// cards are no choice then, or in the controls, where it was on the last
/// decision's. (At the auction it goes to the bid amount, not to a button:
/// B and P bid and pass, and an Enter meant for something else must not
/// bid; it sat on the page's body after each bid, five Tab stops from the
/// bid.) Put there once a bury or a pass has its
/// cards, it takes the focus from the hand to the confirming button, six Tab
/// stops back from the hand. In the result panel it gives the focus to the
/// button marked `data-focus-first` (the next hand), from the hand under it.
#[component]
fn FocusDecision(props: &FocusDecisionProps) -> Html {
    let marker = use_node_ref();
    {
        let marker = marker.clone();
        use_effect_with(props.turn.clone(), move |_| {
            let controls = marker
                .cast::<web_sys::Element>()
                .and_then(|m| m.parent_element());
            let active = gloo_utils::document().active_element();
            // A focus left in the controls sits on the last decision's
            // button, which the page may have made into one of this
            // decision's: Enter pressed twice confirmed a bury, then threw
            // the hand in.
            let lost = active.as_ref().is_none_or(|a| {
                a.tag_name() == "BODY"
                    || a.closest("[data-testid=\"hand\"]").ok().flatten().is_some()
                    || controls.as_ref().is_some_and(|c| c.contains(Some(a)))
            });
            let first = controls
                .and_then(|c| {
                    c.query_selector(
                        "button[data-action], button[data-focus-first], select[data-focus-first]",
                    )
                    .ok()
                    .flatten()
                })
                .and_then(|b| b.dyn_into::<web_sys::HtmlElement>().ok());
            if let (true, Some(button)) = (lost, first) {
                // Focus can only fail on a detached element; nothing to do then.
                let _ = button.focus();
            }
        });
    }
    html! { <span hidden=true ref={marker}></span> }
}

#[derive(Properties, PartialEq)]
pub struct DisclosureProps {
    pub label: AttrValue,
    pub children: Children,
}

/// Controls that are always shown on wide screens and behind a toggle button
/// on narrow ones (the CSS decides which), so a phone's table bar is one row.
/// While it is open a click closes it unless it falls inside on something
/// other than one of its buttons (a select, a checkbox, the toggle, which
/// toggles), and so does Escape (which takes the focus back to the toggle
/// when it was inside).
#[component]
pub fn Disclosure(props: &DisclosureProps) -> Html {
    let open = use_state(|| false);
    let root = use_node_ref();
    let toggle_ref = use_node_ref();
    {
        let (open, root, toggle_ref) = (open.clone(), root.clone(), toggle_ref.clone());
        use_effect_with(*open, move |&is_open| {
            let listeners = is_open.then(|| {
                let document = gloo_utils::document();
                let contains = move |node: &web_sys::Node| {
                    root.cast::<web_sys::Node>()
                        .is_some_and(|root| root.contains(Some(node)))
                };
                let close = open.setter();
                let inside = contains.clone();
                let click = EventListener::new(&document, "click", move |e| {
                    let target = e
                        .target()
                        .and_then(|t| t.dyn_into::<web_sys::Element>().ok());
                    // (The toggle's own click, which may open it, is its own.)
                    let keeps_open = target.is_some_and(|t| {
                        inside(&t)
                            && t.closest(".disclosure-body button")
                                .ok()
                                .flatten()
                                .is_none()
                    });
                    if !keeps_open {
                        close.set(false);
                    }
                });
                let close = open.setter();
                let keys = document.clone();
                let escape = EventListener::new(&keys, "keydown", move |e| {
                    if e.dyn_ref::<KeyboardEvent>()
                        .is_none_or(|k| k.key() != "Escape")
                    {
                        return;
                    }
                    // A keyboard user inside the menu goes back to its button.
                    let focused = document.active_element();
                    if focused.is_some_and(|f| contains(&f)) {
                        if let Some(button) = toggle_ref.cast::<web_sys::HtmlElement>() {
                            // Focus fails only on a detached button; nothing to do then.
                            let _ = button.focus();
                        }
                    }
                    close.set(false);
                });
                (click, escape)
            });
            move || drop(listeners)
        });
    }
    let toggle = {
        let open = open.clone();
        Callback::from(move |_: MouseEvent| open.set(!*open))
    };
    html! {
        <div class={classes!("disclosure", open.then_some("open"))} ref={root}>
            <button type="button" class="disclosure-toggle" aria-expanded={open.to_string()} onclick={toggle}
                    data-testid="table-options" ref={toggle_ref}>
                { props.label.clone() }
            </button>
            <div class="disclosure-body">{ props.children.clone() }</div>
        </div>
    }
}

/// Where a seat sits around the table, seen from `me` at the bottom.
pub fn position(seat: Seat, me: Seat, seats: usize) -> &'static str {
    let rel = (seat + seats - me) % seats.max(1);
    match (seats, rel) {
        (_, 0) => "bottom",
        (_, 1) => "left",
        (3, _) => "right",
        (4, 2) => "top",
        (4, _) => "right",
        (_, 2) => "top-left",
        (_, 3) => "top-right",
        _ => "right",
    }
}

/// An amount in the game's unit: points, stake units or money.
pub fn amount(rules: &Rules, value: i64, signed: bool) -> String {
    // A true minus sign; a plus only where changes are shown.
    let sign = match value {
        v if v < 0 => "−",
        v if v > 0 && signed => "+",
        _ => "",
    };
    let v = value.unsigned_abs();
    match rules.scoring {
        Scoring::Points(_) => format!("{sign}{v}"),
        Scoring::Stakes(_) => format!("{sign}{v} u"),
        Scoring::Pot(_) | Scoring::Bowl(_) => money_text(value, signed),
    }
}

fn meld_list(meld: &MeldResult) -> Html {
    html! {
        <ul class="meld-list">
            { for meld.melds.iter().map(|m| html! {
                <li>
                    <span class="meld-name">{ format!("{} {}", m.name, m.points) }</span>
                    <span class="meld-cards">
                        { for m.cards.iter().map(|&card| html! { <CardView {card} small=true /> }) }
                    </span>
                </li>
            }) }
            <li class="meld-total">{ format!("Meld {}", meld.total) }</li>
        </ul>
    }
}

fn last_call(view: &PlayerView, seat: Seat) -> Option<String> {
    let h = &view.public.hand;
    h.auction
        .iter()
        .rev()
        .find(|c| c.seat == seat)
        .map(|c| match c.bid {
            Some(b) => format!("bid {b}"),
            None => "passed".to_string(),
        })
}

fn seat_panel(game: &Game, view: &PlayerView, seat: Seat) -> Html {
    let me = game.human;
    let thinking = game.thinking();
    let h = &view.public.hand;
    let seats = view.public.seats;
    let active = h.active.contains(&seat);
    let to_move = game.to_move() == Some(seat);
    let count = h.hand_sizes.get(seat).copied().unwrap_or(0) as usize;
    let tricks = h.trick_winners.iter().filter(|&&w| w == seat).count();
    let is_dealer = h.dealer == seat;
    let is_declarer = h.declarer == Some(seat);
    // The declarer's buried cards count for it as if taken: the seat's own
    // points show them (the result counts them; "0 pts" after burying 31
    // read as nothing yet).
    let buried = if seat == me && is_declarer {
        view.rules.counting.points(&view.own.buried)
    } else {
        0
    };
    let points = h.trick_points.get(seat).copied().unwrap_or(0) + buried;
    let partner = pinochle_engine::game::partner(&view.rules, me) == Some(seat);
    let pos = position(seat, me, seats);
    let mut status = Vec::new();
    if is_dealer {
        status.push("dealer".to_string());
    }
    if is_declarer {
        status.push(format!("declarer, bid {}", h.bid.unwrap_or_default()));
    }
    if !active {
        status.push("sits out".to_string());
    }
    let label = format!(
        "{}{}: {} cards{}{}",
        game.name(seat),
        if partner { " (your partner)" } else { "" },
        count,
        if status.is_empty() {
            String::new()
        } else {
            format!(", {}", status.join(", "))
        },
        if to_move { ", to move" } else { "" }
    );
    html! {
        <section class={format!("seat seat-{pos}{}{}{}", if to_move { " to-move" } else { "" },
                                if active { "" } else { " out" }, if seat == me { " me" } else { "" })}
                 aria-label={label} data-testid={format!("seat-{seat}")}>
            <header class="seat-head">
                <span class="seat-name">{ game.name(seat) }</span>
                if partner { <span class="badge partner">{ "partner" }</span> }
                if is_dealer { <span class="badge dealer" title="Dealer">{ "D" }</span> }
                if is_declarer { <span class="badge declarer">{ format!("Bid {}", h.bid.unwrap_or_default()) }</span> }
                if to_move && thinking && seat != me {
                    <span class="thinking" data-testid="thinking" role="status">
                        <span class="visually-hidden">{ format!("{} is thinking", game.name(seat)) }</span>
                        <i></i><i></i><i></i>
                    </span>
                }
            </header>
            if seat != me {
                <div class="backs" aria-hidden="true">
                    { for (0..count.min(10)).map(|_| html! { <CardBack /> }) }
                </div>
            }
            <div class="seat-info">
                if seat != me { <span class="card-count">{ plural(count, "card", "cards") }</span> }
                if !active { <span>{ "sits out" }</span> }
                if let Some(call) = (h.phase == Phase::Auction).then(|| last_call(view, seat)).flatten() {
                    <span class="call">{ call }</span>
                }
                if tricks > 0 || h.phase == Phase::Tricks {
                    // (A narrow seat breaks the line after the dot, never inside "40 pts".)
                    <span class="taken"><span>{ plural(tricks, "trick", "tricks") }</span>{ " · " }<span title={(buried > 0).then(|| format!("{buried} of them buried"))}>{ format!("{points} pts") }</span></span>
                }
            </div>
            if let Some(Some(meld)) = h.melds.get(seat) {
                // A pop-over (the browser's own): it opens over the middle
                // of the table and a tap anywhere else, or Escape, closes it,
                // so it never stays over the cards the play needs.
                <div class="meld" data-testid={format!("meld-{seat}")}>
                    <button class="meld-toggle" popovertarget={format!("meld-pop-{seat}")}>
                        { format!("Meld {}", meld.total) }
                    </button>
                    <div class="meld-pop" id={format!("meld-pop-{seat}")} popover="auto">
                        <h3>{ if seat == me { "Your meld".to_string() } else { format!("{}'s meld", game.name(seat)) } }</h3>
                        { meld_list(meld) }
                    </div>
                </div>
            }
        </section>
    }
}

/// The cards on the trick, each with its player's name: on a wide table the
/// card lies on its player's side (the name is for screen readers); on a
/// phone the cards stand in a row in the order played, each under its
/// player's name.
fn trick_cards(
    game: &Game,
    cards: &[PlayedCard],
    seats: usize,
    winner: Option<Seat>,
    gather: bool,
) -> Html {
    let me = game.human;
    html! {
        { for cards.iter().enumerate().map(|(i, p)| {
            let pos = position(p.seat, me, seats);
            let mut class = format!("played from-{pos} at-{pos}");
            if winner == Some(p.seat) { class.push_str(" winner"); }
            if gather { class.push_str(&format!(" gather to-{}", position(winner.unwrap_or(p.seat), me, seats))); }
            if i == 0 { class.push_str(" led"); }
            html! {
                <span class="trick-slot">
                    <span class="trick-who">{ game.name(p.seat).to_string() }</span>
                    <CardView card={p.card} {class} />
                </span>
            }
        }) }
    }
}

fn trick_area(game: &Game, view: &PlayerView) -> Html {
    let h = &view.public.hand;
    let seats = view.public.seats;
    let (cards, winner, gather): (Vec<PlayedCard>, Option<Seat>, bool) = match &game.trick_pause {
        Some(t) => (t.cards.clone(), Some(t.winner), true),
        None => (h.current_trick().to_vec(), None, false),
    };
    let leader = cards.first().map(|p| game.name(p.seat).to_string());
    let label = match (&leader, winner) {
        (Some(l), Some(w)) => format!("Trick led by {l}, taken by {}", game.name(w)),
        (Some(l), None) => format!("Trick led by {l}"),
        _ => "Trick".to_string(),
    };
    html! {
        <div class="trick-box">
            <div class="trick" role="group" aria-label={label.clone()} data-testid="trick">
                { trick_cards(game, &cards, seats, winner, gather) }
                if leader.is_some() { <p class="trick-caption">{ label }</p> }
            </div>
        </div>
    }
}

/// Whether the turned-up kitty is in the declarer's hand and the bury by
/// this phase: a phone gives its place to the prompt and the trick, and
/// shows its cards in the table bar instead (app.css).
fn kitty_taken(phase: Phase) -> bool {
    matches!(
        phase,
        Phase::ShowMeld
            | Phase::MeldConcede
            | Phase::BidderDecision
            | Phase::Challenge
            | Phase::Tricks
    )
}

/// The taken kitty's cards in the table bar during the play (a phone's
/// only, app.css), so a defender can look back at what the declarer took. (The declarer holds them; before the play the bar's line
/// is the prompt's.)
fn kitty_note(view: &PlayerView) -> Html {
    let h = &view.public.hand;
    if h.kitty.is_empty() || h.phase != Phase::Tricks || h.declarer == Some(view.seat) {
        return html! {};
    }
    let names: Vec<String> = h.kitty.iter().map(|c| c.long_name()).collect();
    html! {
        <span class="kitty-note" data-testid="kitty-note" aria-label={format!("Kitty: {}", names.join(", "))}>
            { "Kitty" }
            { for h.kitty.iter().map(|&card| html! {
                <span class="kitty-note-card" aria-hidden="true">{ card.rank.face() }<SuitIcon suit={card.suit} /></span>
            }) }
        </span>
    }
}

fn kitty_area(view: &PlayerView) -> Html {
    let h = &view.public.hand;
    if view.rules.deal.kitty == 0 || h.phase == Phase::Tricks && h.kitty.is_empty() {
        return html! {};
    }
    let taken = kitty_taken(h.phase);
    html! {
        <div class={classes!("kitty", taken.then_some("taken"))} role="group" aria-label={if h.kitty.is_empty() { "Kitty, face down".to_string() } else { "Kitty, turned up".to_string() }} data-testid="kitty">
            <span class="kitty-label">{ "Kitty" }</span>
            if h.kitty.is_empty() {
                { for (0..h.kitty_size).map(|_| html! { <CardBack /> }) }
            } else {
                { for h.kitty.iter().map(|&card| html! { <CardView {card} small=true /> }) }
            }
        </div>
    }
}

fn shown_trick(game: &Game, trick: &ShownTrick) -> Html {
    html! {
        <div class="last-trick" role="group" aria-label="Last trick" data-testid="last-trick">
            <span>{ format!("Last trick, taken by {}:", game.seating().name_in_sentence(trick.winner)) }</span>
            { for trick.cards.iter().map(|p| html! {
                <span class="last-card">
                    <CardView card={p.card} small=true />
                    <span class="who">{ game.name(p.seat) }</span>
                </span>
            }) }
        </div>
    }
}

fn auction_history(game: &Game, view: &PlayerView) -> Html {
    let h = &view.public.hand;
    if h.auction.is_empty() {
        return html! {};
    }
    html! {
        <details class="auction" open={h.phase == Phase::Auction} data-testid="auction">
            <summary>{ "Auction" }</summary>
            // On a phone a box of the last rows of calls, the newest in view.
            <div class="auction-bids">
                <ol>
                    { for h.auction.iter().map(|c| html! {
                        <li>{ format!("{}: {}", game.name(c.seat), c.bid.map_or("pass".to_string(), |b| b.to_string())) }</li>
                    }) }
                    // A contract nobody bid for (a dealer stuck with it, or
                    // made to take it): the record ends with who took it.
                    if let (Some(d), Some(b), true) = (h.declarer, h.bid, h.escaped || h.stuck) {
                        <li>{ format!("{}: {}", game.name(d), if h.escaped { format!("made to take it at {b}") } else { format!("stuck with {b}") }) }</li>
                    }
                </ol>
            </div>
        </details>
    }
}

/// The amounts kept beside the players': the club's bowl, the pot.
#[derive(Clone, Copy, PartialEq)]
enum Extra {
    Bowl,
    Pot,
}

impl Extra {
    fn of(self, amounts: &Amounts) -> Option<i64> {
        match self {
            Extra::Bowl => amounts.bowl,
            Extra::Pot => amounts.pot,
        }
    }

    fn row_name(self) -> &'static str {
        match self {
            Extra::Bowl => "Kitty bowl",
            Extra::Pot => "Pot",
        }
    }

    /// The score sheet's name for what the players put in besides the hands'
    /// payments.
    fn put_in_name(self) -> &'static str {
        match self {
            Extra::Bowl => "Buy-in",
            Extra::Pot => "Antes",
        }
    }

    fn column_name(self) -> &'static str {
        match self {
            Extra::Bowl => "Bowl",
            Extra::Pot => "Pot",
        }
    }
}

/// What the hands' rows of a bowl or pot game leave out of the totals — the
/// buy-in to the kitty bowl, the first antes to the pot (a later ante is in
/// the amounts of the hand that won the pot) — per column (seats, then the
/// bowl or pot), so the rows add up to the totals; `None` when nothing was
/// put in.
fn put_in(game: &Game, cols: &[(String, Seat)], extra: &[Extra]) -> Option<Vec<i64>> {
    let opening = Ledger::opening(game.rules());
    let put_in: Vec<i64> = cols
        .iter()
        .map(|(_, seat)| opening.seats.get(*seat).copied().unwrap_or(0))
        .chain(extra.iter().map(|k| match k {
            Extra::Bowl => opening.bowl,
            Extra::Pot => opening.pot,
        }))
        .collect();
    put_in.iter().any(|&v| v != 0).then_some(put_in)
}

/// What the totals hold besides the hands' amounts, in the money games whose
/// players put money in before the first deal: the club's buy-in, the pot's
/// first ante (a later ante is in the amounts of the hand that won the pot).
fn put_in_note(rules: &Rules) -> Option<String> {
    match &rules.scoring {
        Scoring::Bowl(b) if b.buy_in > 0 => Some(format!(
            "Totals include the {} each player put into the kitty bowl at the start.",
            amount(rules, i64::from(b.buy_in), false)
        )),
        Scoring::Pot(p) if p.ante > 0 => Some(format!(
            "Totals include the {} ante each player put into the pot at the start.",
            amount(rules, i64::from(p.ante), false)
        )),
        _ => None,
    }
}

/// The columns of the score sheet: one per seat, or one per side (named by
/// its players, keyed by its first seat), as the rules seat the partners.
fn columns(game: &Game) -> Vec<(String, Seat)> {
    let rules = game.rules();
    let seats = rules.table.seats as usize;
    (0..seats)
        .filter(|&s| (0..s).all(|o| !pinochle_engine::game::same_side(rules, s, o)))
        .map(|s| {
            let side: Vec<&str> = (0..seats)
                .filter(|&o| pinochle_engine::game::same_side(rules, s, o))
                .map(|o| game.name(o))
                .collect();
            // "You & Boris" may wrap after the "&", never before it.
            (side.join("\u{a0}& "), s)
        })
        .collect()
}

/// A row's name on the hand's result: a seat dealt out of the hand (the
/// dealer of a four-handed Brooklyn, two at five in the club) says so, where
/// its meld and card points read "—".
fn result_row_name(game: &Game, s: &HandSummary, name: &str, side: &[Seat]) -> String {
    let dealt = pinochle_engine::game::active_seats(game.rules(), s.dealer);
    if side.iter().all(|seat| !dealt.contains(seat)) {
        format!("{name} (sits out)")
    } else {
        name.to_string()
    }
}

/// "1st", "2nd", "3rd", "4th"…
fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// The final placing of `entries` (a player's or side's name, final count,
/// and whether it won): the winners first (a bison bidder goes out ahead of
/// a higher score), then by the count; a level count shares its place, said
/// as a tie, and the next place counts those before it ("1st Boris 1510 ·
/// 2nd, tied: You and Ada, 1320 each · 4th Cleo 900").
fn placing_text(mut entries: Vec<(String, i64, bool)>, format: &dyn Fn(i64) -> String) -> String {
    entries.sort_by(|a, b| b.2.cmp(&a.2).then(b.1.cmp(&a.1)));
    let mut places: Vec<String> = Vec::new();
    let mut at = 0;
    while at < entries.len() {
        let (_, count, won) = &entries[at];
        let level = entries[at..]
            .iter()
            .take_while(|(_, c, w)| c == count && w == won)
            .count();
        let names: Vec<&str> = entries[at..at + level]
            .iter()
            .map(|(n, _, _)| n.as_str())
            .collect();
        let place = ordinal(at + 1);
        places.push(match names.split_last() {
            Some((last, first)) if !first.is_empty() => format!(
                "{place}, tied: {} and {last}, {}\u{a0}each",
                first.join(", "),
                format(*count)
            ),
            // A place, its player and count keep to one line.
            _ => format!("{place}\u{a0}{}\u{a0}{}", names.concat(), format(*count)),
        });
        at += level;
    }
    places.join(" · ")
}

/// The game-over screen's placing of every player or side, by the game's
/// final count (points, or the ledger of a stake or money game).
fn final_placing(game: &Game, result: &pinochle_engine::game::SessionResult) -> String {
    let rules = game.rules();
    let counts = if rules.scoring.is_ledger() {
        &result.ledger.seats
    } else {
        &result.scores
    };
    let entries = columns(game)
        .into_iter()
        .filter_map(|(name, seat)| {
            let count = *counts.get(seat)?;
            Some((name, count, result.winners.contains(&seat)))
        })
        .collect();
    placing_text(entries, &|v| amount(rules, v, false))
}

fn hand_changes(s: &HandSummary) -> Option<&Amounts> {
    s.delta.as_ref().or(s.payments.as_ref())
}

fn outcome_text(game: &Game, s: &HandSummary) -> String {
    let who = s
        .declarer
        .map_or("Nobody".to_string(), |d| game.name(d).to_string());
    let bid = s.bid.map_or(String::new(), |b| format!(" {b}"));
    let trump = s
        .trump
        .map_or(String::new(), |t| format!(" in {}", t.name()));
    let was = if s.declarer.is_some_and(|d| game.is_you(d)) {
        "were"
    } else {
        "was"
    };
    let played = s.card_points.iter().any(Option::is_some);
    let pot = matches!(game.rules().scoring, Scoring::Pot(_));
    let outcome = outcome_words(s, &who, &bid, &trump, was, played, pot);
    if s.escaped {
        // Not the declarer's own bid: say how it came by the contract.
        format!("{outcome} (The opener made the dealer take the contract at{bid}.)")
    } else {
        outcome
    }
}

/// [`outcome_text`]'s sentence on the contract, as the hand ended.
fn outcome_words(
    s: &HandSummary,
    who: &str,
    bid: &str,
    trump: &str,
    was: &str,
    played: bool,
    pot: bool,
) -> String {
    match s.outcome {
        // Made without play: the club's defenders let the bid stand.
        Outcome::Made if !played => {
            format!("{who} made the bid of{bid}{trump}: nobody challenged.")
        }
        Outcome::Made => format!("{who} made the bid of{bid}{trump}."),
        Outcome::Set => format!("{who} {was} set: the bid of{bid}{trump} was not made."),
        Outcome::Conceded => match s.concession.map(|c| c.kind) {
            Some(ConcessionKind::BidderPass) => {
                format!("{who} passed the bid of{bid}{trump} and paid the stake.")
            }
            Some(ConcessionKind::DealerDecline) => {
                format!("{who} declined the bid of{bid} without the widow and paid the fee.")
            }
            Some(ConcessionKind::DuplicateWidow) => {
                format!("{who} declined a widow of duplicates: the others pay the bowl.")
            }
            // The pot game's name for it (RULES.md), else Brooklyn's.
            Some(ConcessionKind::VoluntarySet) if pot => {
                format!("{who} conceded the bid of{bid} after seeing the kitty: a single set.")
            }
            Some(ConcessionKind::VoluntarySet) => {
                format!("{who} conceded the bid of{bid} after seeing the kitty: a voluntary set.")
            }
            Some(ConcessionKind::ThrowIn) => {
                format!("{who} threw the hand in at the bid of{bid}{trump}.")
            }
            Some(ConcessionKind::AutomaticSet) => {
                format!("{who} could not reach the bid of{bid}{trump}: set without play.")
            }
            _ => format!("{who} conceded the bid of{bid}{trump}."),
        },
        Outcome::ThrownIn => match s.thrown_in {
            Some(pinochle_engine::game::ThrowInReason::AllPassed) => {
                "Everyone passed: the hand was thrown in.".to_string()
            }
            Some(pinochle_engine::game::ThrowInReason::NoTrumpMarriage) => {
                format!("{who} had no marriage for trump: the hand was not played.")
            }
            _ => "The hand was thrown in.".to_string(),
        },
    }
}

/// The seats of the side whose first seat is `first`.
fn side_of(game: &Game, first: Seat) -> Vec<Seat> {
    let rules = game.rules();
    (0..rules.table.seats as usize)
        .filter(|&o| pinochle_engine::game::same_side(rules, first, o))
        .collect()
}

/// A per-seat figure summed over a side (`None` when no seat of it has one).
fn side_sum(values: &[Option<u32>], side: &[Seat]) -> Option<u32> {
    side.iter()
        .filter_map(|&s| values.get(s).copied().flatten())
        .reduce(|a, b| a + b)
}

/// Why a defending side with meld scored nothing this hand, by the rule that
/// took it (the rules' minimum of card points, a bison defender's counter
/// card, the partnership defenders' trick points), when the hand says so.
fn why_nothing(game: &Game, s: &HandSummary, name: &str, side: &[Seat]) -> Option<String> {
    let first = *side.first()?;
    let meld = side_sum(&s.meld, side).filter(|&m| m > 0)?;
    let played = s.card_points.iter().any(Option::is_some);
    let scored = s.delta.as_ref().and_then(|d| d.seat(first));
    if !played || scored != Some(0) || s.declarer.is_some_and(|d| side.contains(&d)) {
        return None;
    }
    let Scoring::Points(p) = &game.rules().scoring else {
        return None;
    };
    // "took" agrees with "You", a name and a side alike.
    let subject = if side.len() == 1 && game.is_you(first) {
        "You"
    } else {
        name
    };
    let points = side_sum(&s.card_points, side).unwrap_or(0);
    let lost = if points == 0 {
        format!("so the meld of {meld} does not count")
    } else {
        format!("so neither the meld of {meld} nor the {points} card points count")
    };
    match (p.meld_minimum, p.defender_needs) {
        (Some(minimum), _) if points < minimum => Some(format!(
            "{subject} took {points} card points, fewer than the {minimum} needed, {lost}."
        )),
        (_, DefenderNeeds::CounterCard) => Some(format!(
            "{subject} took no counter card (an ace, ten or king), {lost}."
        )),
        (_, DefenderNeeds::TrickPoints(_)) if points == 0 => {
            Some(format!("{subject} took no trick points, {lost}."))
        }
        (_, DefenderNeeds::TrickPoints(needed)) if points < needed => Some(format!(
            "{subject} took {points} trick points, fewer than the {needed} needed, {lost}."
        )),
        _ => None,
    }
}

fn result_panel(
    game: &Game,
    s: &HandSummary,
    on_close: Callback<MouseEvent>,
    on_review: Callback<MouseEvent>,
    on_leave: Callback<MouseEvent>,
) -> Html {
    let rules = game.rules();
    let cols = columns(game);
    let changes = hand_changes(s);
    let notes: Vec<String> = cols
        .iter()
        .filter_map(|(name, first)| why_nothing(game, s, name, &side_of(game, *first)))
        .collect();
    let extra: Vec<Extra> = [Extra::Bowl, Extra::Pot]
        .into_iter()
        .filter(|k| k.of(&s.totals).is_some())
        .collect();
    let over = game.is_over();
    html! {
        <div class="overlay opaque">
            <section class="result-panel" role="dialog" aria-modal="true" aria-labelledby="result-title" data-testid="result-panel">
                <h2 id="result-title">{ format!("Hand {} result", s.hand) }</h2>
                <p class={format!("outcome outcome-{}", match s.outcome { Outcome::Made => "made", Outcome::Set => "set", _ => "other" })}
                   data-testid="outcome">{ outcome_text(game, s) }</p>
                { claim_summary(game) }
                <div class="table-scroll">
                <table class="result-table">
                    <thead><tr>
                        <th scope="col">{ if rules.table.partnerships { "Side" } else { "Player" } }</th><th scope="col">{ "Meld" }</th><th scope="col">{ "Card points" }</th>
                        <th scope="col">{ "This hand" }</th><th scope="col">{ "Total" }</th>
                    </tr></thead>
                    <tbody>
                        { for cols.iter().map(|(name, seat)| {
                            let side = side_of(game, *seat);
                            html! {
                                <tr>
                                    <th scope="row">{ result_row_name(game, s, name, &side) }</th>
                                    <td>{ side_sum(&s.meld, &side).map_or("—".to_string(), |v| v.to_string()) }</td>
                                    <td>{ side_sum(&s.card_points, &side).map_or("—".to_string(), |v| v.to_string()) }</td>
                                    <td>{ changes.and_then(|c| c.seat(*seat)).map_or("—".to_string(), |v| amount(rules, v, true)) }</td>
                                    <td>{ s.totals.seat(*seat).map_or("—".to_string(), |v| amount(rules, v, false)) }</td>
                                </tr>
                            }
                        }) }
                        { for extra.iter().map(|k| html! {
                            <tr>
                                <th scope="row">{ k.row_name() }</th>
                                <td>{ "—" }</td><td>{ "—" }</td>
                                <td>{ changes.and_then(|c| k.of(c)).map_or("—".to_string(), |v| amount(rules, v, true)) }</td>
                                <td>{ k.of(&s.totals).map_or("—".to_string(), |v| amount(rules, v, false)) }</td>
                            </tr>
                        }) }
                    </tbody>
                </table>
                </div>
                if matches!(rules.scoring, Scoring::Stakes(_)) {
                    <p class="result-note">{ "Amounts in stake units (u); the rules' Scoring says who pays what." }</p>
                }
                if let Some(note) = put_in_note(rules) {
                    <p class="result-note" data-testid="put-in-note">{ note }</p>
                }
                { for notes.into_iter().map(|n| html! { <p class="why-nothing" data-testid="why-nothing">{ n }</p> }) }
                // The table bar's deal number has no room on a phone: it shows
                // here. It deals the session's hands in order, so a later hand
                // comes again at its own number.
                <p class="deal-note" data-testid="deal-note">
                    { if s.hand == 1 {
                        format!("Deal {}: enter it as the deal number on the start screen to play these cards again.", game.seed)
                    } else {
                        format!("Deal {}: enter it as the deal number on the start screen, and its hand {} deals these cards again.", game.seed, s.hand)
                    } }
                    if game.practice {
                        { " This game is practice: kept out of your statistics and rating." }
                    }
                </p>
                <div class="result-actions">
                    <button type="button" onclick={on_review} data-testid="review">{ "Review this hand" }</button>
                    // Stopping after a hand needs no deal of the next one
                    // first: the game stays saved on the start screen.
                    if !over {
                        <button type="button" onclick={on_leave} data-testid="leave-table"
                                title="Back to the start screen; this game stays saved there to resume">{ "New game" }</button>
                    }
                    <button type="button" class="primary" onclick={on_close} data-testid="next-hand" data-focus-first="">
                        { if over { "See the final result" } else { "Next hand" } }
                    </button>
                    <FocusDecision turn={game.ticket().moves.to_string()} />
                </div>
            </section>
        </div>
    }
}

/// The running totals per player or side across the hands, with the target
/// line in target games and the running money in ledger games.
fn score_chart(game: &Game, cols: &[(String, Seat)]) -> Html {
    let rules = game.rules();
    let series = chart_series(game, cols);
    let target = match &rules.scoring {
        Scoring::Points(p) if p.fixed_deals.is_none() => Some(Reference {
            value: p.sheet_target(),
            label: format!("target {}", amount(rules, p.sheet_target(), false)),
        }),
        _ => None,
    };
    let caption = if rules.scoring.is_ledger() {
        "Running ledger after each hand"
    } else {
        "Running scores after each hand"
    };
    html! {
        <div data-testid="score-chart">{ line_chart(&Chart {
            series: &series,
            reference: target,
            scale: Scale::FromZero,
            first_step: 0,
            caption,
        }, &|v| amount(rules, v, false)) }</div>
    }
}

/// Each column's totals from before the first hand (the buy-in or ante
/// already paid in the money games) to after the last.
fn chart_series(game: &Game, cols: &[(String, Seat)]) -> Vec<Series> {
    let opening = Ledger::opening(game.rules());
    cols.iter()
        .map(|(name, seat)| Series {
            name: name.clone(),
            values: std::iter::once(opening.seats.get(*seat).copied().unwrap_or(0))
                .chain(
                    game.history
                        .iter()
                        .map(|h| h.totals.seat(*seat).unwrap_or(0)),
                )
                .collect(),
        })
        .collect()
}

/// A score sheet's cell: `amount`, with a money amount's dollar sign in a
/// span of its own, which a phone leaves out for room (the chart above the
/// sheet shows it on its axis); "—" where the seat has no figure.
fn sheet_cell(rules: &Rules, value: Option<i64>, signed: bool) -> Html {
    let Some(value) = value else {
        return html! { <td>{ "—" }</td> };
    };
    let text = amount(rules, value, signed);
    match text.split_once('$') {
        Some((sign, figure)) => html! {
            <td>{ sign }<span class="currency">{ "$" }</span>{ figure }</td>
        },
        None => html! { <td>{ text }</td> },
    }
}

/// The score sheet (the ledger in the money games); `open` shows it unfolded.
fn score_sheet(game: &Game, open: bool) -> Html {
    let rules = game.rules();
    let cols = columns(game);
    let extra: Vec<Extra> = match rules.scoring {
        Scoring::Bowl(_) => vec![Extra::Bowl],
        Scoring::Pot(_) => vec![Extra::Pot],
        _ => vec![],
    };
    let last_totals = game.history.last().map(|s| s.totals.clone());
    // (From the first deal: before any hand is scored it says what the pot
    // or the bowl already holds.)
    let put_in = put_in(game, &cols, &extra);
    html! {
        <details class="score-sheet" data-testid="score-sheet" {open}>
            <summary>{ if rules.scoring.is_ledger() { "Ledger" } else { "Scores" } }</summary>
            { score_chart(game, &cols) }
            <div class="table-scroll">
            <table>
                <thead><tr>
                    <th scope="col"><abbr title="Hand">{ "#" }</abbr></th><th scope="col">{ "Bid" }</th>
                    { for cols.iter().map(|(name, _)| html! { <th scope="col">{ name.clone() }</th> }) }
                    { for extra.iter().map(|k| html! { <th scope="col">{ k.column_name() }</th> }) }
                </tr></thead>
                <tbody>
                    if let (Some(amounts), Some(kind)) = (&put_in, extra.first()) {
                        <tr data-testid="score-put-in">
                            <th scope="row" colspan="2">{ kind.put_in_name() }</th>
                            { for amounts.iter().map(|&v| sheet_cell(rules, Some(v), true)) }
                        </tr>
                    }
                    if game.history.is_empty() {
                        <tr class="score-empty" data-testid="score-empty">
                            <td colspan={(2 + cols.len() + extra.len()).to_string()}>{ "No hand scored yet." }</td>
                        </tr>
                    }
                    { for game.history.iter().map(|s| {
                        let changes = hand_changes(s);
                        html! {
                            <tr data-testid="score-row">
                                <th scope="row">{ s.hand }</th>
                                // (A narrow sheet wraps the bid under its
                                // bidder's name, a short outcome kept with
                                // the bid.)
                                <td class="score-bid">{ match (s.declarer, s.bid) {
                                    (Some(d), Some(b)) => format!("{} {b}{}", game.name(d), match s.outcome { Outcome::Made => "\u{a0}✓", Outcome::Set => "\u{a0}set", Outcome::Conceded => " conceded", Outcome::ThrownIn => "" }),
                                    _ => "thrown in".to_string(),
                                } }</td>
                                { for cols.iter().map(|(_, seat)| sheet_cell(rules, changes.and_then(|c| c.seat(*seat)), true)) }
                                { for extra.iter().map(|k| sheet_cell(rules, changes.and_then(|c| k.of(c)), true)) }
                            </tr>
                        }
                    }) }
                </tbody>
                if let Some(totals) = last_totals {
                    <tfoot><tr data-testid="score-totals">
                        <th scope="row" colspan="2">{ "Total" }</th>
                        { for cols.iter().map(|(_, seat)| sheet_cell(rules, totals.seat(*seat), false)) }
                        { for extra.iter().map(|k| sheet_cell(rules, k.of(&totals), false)) }
                    </tr></tfoot>
                }
            </table>
            </div>
            if let Some(high) = &game.view().public.session.high_hand {
                <p>{ format!("High hand: {} in {} by {}", high.bid, high.trump.name(),
                    high.seats.iter().map(|s| game.name(*s)).collect::<Vec<_>>().join(" & ")) }</p>
            }
        </details>
    }
}

/// Why a points game ended and why its winner won, in a sentence: who
/// reached the target (and, when several did on the last hand, the tie
/// rule that decided), who fell to the losing score, or the rule that ended
/// it. `None` for a ledger game or without a recorded reason.
fn game_end_text(game: &Game, result: &SessionResult) -> Option<String> {
    let rules = game.rules();
    let Scoring::Points(p) = &rules.scoring else {
        return None;
    };
    // Each side's name, first seat and score (partners carry the same score).
    let sides: Vec<(String, Seat, i64)> = columns(game)
        .into_iter()
        .map(|(name, first)| {
            let score = result.scores.get(first).copied().unwrap_or(0);
            (name, first, score)
        })
        .collect();
    let names = |keep: &dyn Fn(Seat, i64) -> bool| {
        sides
            .iter()
            .filter(|&&(_, first, score)| keep(first, score))
            .map(|(name, _, _)| name.as_str())
            .collect::<Vec<_>>()
            .join(" and ")
    };
    let won_by = *result.winners.first()?;
    let (won, winner, _) = sides
        .iter()
        .find(|&&(_, first, _)| pinochle_engine::game::same_side(rules, first, won_by))?;
    Some(match result.reason? {
        GameEndReason::Target => {
            let target = p.sheet_target();
            let others = names(&|first, score| score >= target && first != *winner);
            let held_bid = game
                .history
                .last()
                .and_then(|h| h.declarer)
                .is_some_and(|d| pinochle_engine::game::same_side(rules, d, *winner));
            if others.is_empty() {
                format!("{won} reached {target} first.")
            } else if held_bid {
                format!(
                    "{others} reached {target} too, but {won} held the bid, and the bidding side goes out first."
                )
            } else {
                format!("{others} reached {target} too; {won} scored more.")
            }
        }
        GameEndReason::LoseAt => {
            let floor = -p.sheet_lose_at()?;
            format!(
                "{} fell to {}, which ends the game: the highest score wins.",
                names(&|_, score| score <= floor),
                amount(rules, floor, false)
            )
        }
        GameEndReason::Floor => {
            let floor = p.sheet_floor()?;
            format!(
                "{} fell below {}, which ends the game: the highest score wins.",
                names(&|_, score| score < floor),
                amount(rules, floor, false)
            )
        }
        GameEndReason::Mercy => format!(
            "The scores drew {} apart, which ends the game: the highest score wins.",
            p.sheet_target()
        ),
        GameEndReason::FixedDeals => format!(
            "After {}, the highest score wins.",
            plural(result.hands as usize, "deal", "deals")
        ),
        GameEndReason::DealLimit => return None,
    })
}

/// A points game played for money: what each player pays or receives at its
/// end ("Settled in money: Boris receives $2.50; you pay $1.25 and Ada pays
/// $1.25."), the game stake and the set stakes its rules say.
fn money_settled(game: &Game, result: &SessionResult) -> Option<String> {
    let rules = game.rules();
    let Scoring::Points(p) = &rules.scoring else {
        return None;
    };
    p.money.as_ref()?;
    let seating = game.seating();
    let paid = |seat: Seat| result.payments.seats.get(seat).copied().unwrap_or(0);
    // "you receive $2.50", "Ada pays $1.25": the seats whose payment has
    // `sign`, each with the amount.
    let clauses = |sign: i64, (you, other): (&str, &str)| -> Vec<String> {
        (0..result.payments.seats.len())
            .filter(|&s| paid(s).signum() == sign)
            .map(|s| {
                let verb = if seating.is_you(s) { you } else { other };
                let amount = money_text(paid(s).abs(), false);
                format!("{} {verb} {amount}", seating.name_in_sentence(s))
            })
            .collect()
    };
    let receive = clauses(1, ("receive", "receives"));
    let pay = clauses(-1, ("pay", "pays"));
    if receive.is_empty() && pay.is_empty() {
        return Some("Settled in money: nobody pays anything.".to_string());
    }
    let mut text = format!("Settled in money: {}", receive.join(" and "));
    if !pay.is_empty() {
        text += &format!("; {}", pay.join(" and "));
    }
    Some(text + ".")
}

fn game_over(game: &Game, cb: &TableCallbacks) -> Html {
    let view = game.view();
    let result = view.public.session.result.clone();
    let winners: Vec<String> = result
        .as_ref()
        .map(|r| {
            r.winners
                .iter()
                .map(|s| game.name(*s).to_string())
                .collect()
        })
        .unwrap_or_default();
    let won = result
        .as_ref()
        .is_some_and(|r| r.winners.contains(&game.human));
    // Rivals level at the top share the game (a fixed number of deals can end
    // so); partners winning together are one winner.
    let tied = result.as_ref().is_some_and(|r| {
        r.winners
            .iter()
            .any(|&s| !pinochle_engine::game::same_side(game.rules(), s, r.winners[0]))
    });
    let (title, winner_line) = match (tied, won) {
        (true, _) => {
            let names = match winners.split_last() {
                Some((last, first)) if !first.is_empty() => {
                    format!("{} and {last}", first.join(", "))
                }
                _ => winners.concat(),
            };
            ("A tie", format!("Level at the top: {names}."))
        }
        (false, true) => ("You win!", format!("Winner: {}", winners.join(" & "))),
        (false, false) => ("Game over", format!("Winner: {}", winners.join(" & "))),
    };
    html! {
        <section class="game-over" data-testid="game-over" aria-labelledby="over-title">
            <h2 id="over-title">{ title }</h2>
            if !winners.is_empty() {
                <p>{ winner_line }</p>
            }
            if let Some(r) = result.as_ref() {
                <p class="final-placing" data-testid="final-placing">{ format!("Final placing: {}.", final_placing(game, r)) }</p>
            }
            if let Some(why) = result.as_ref().and_then(|r| game_end_text(game, r)) {
                <p class="game-end-reason" data-testid="game-end-reason">{ why }</p>
            }
            if let Some(money) = result.as_ref().and_then(|r| money_settled(game, r)) {
                <p class="game-end-money" data-testid="game-end-money">{ money }</p>
            }
            { score_sheet(game, true) }
            <p class="review-hands">
                { "Review a hand: " }
                { for game.history.iter().filter(|s| game.hand_replay(s.hand).is_ok()).map(|s| {
                    let on_msg = cb.on_msg.clone();
                    let hand = s.hand;
                    html! {
                        <button type="button" data-testid="review" data-hand={hand.to_string()}
                                onclick={move |_: MouseEvent| on_msg.emit(Msg::OpenReview(hand))}>
                            { format!("Hand {hand}") }
                        </button>
                    }
                }) }
            </p>
            <p class="review-hands">
                <button type="button" data-testid="export-game"
                        onclick={{ let on_msg = cb.on_msg.clone(); move |_: MouseEvent| on_msg.emit(Msg::Export(None)) }}>
                    { "Export the game's hand records" }
                </button>
            </p>
            <button type="button" class="primary" onclick={cb.on_new_game.clone()} data-testid="new-game">{ "New game" }</button>
            if let Some(review) = &game.review {
                { review_panel(game.seating(), review, &cb.on_msg, Html::default()) }
            }
        </section>
    }
}

/// Under the title of the review of the hand whose result is open: deal its
/// cards again and play it once more, or play on from the decision of yours
/// the review shows (the game becomes a practice game).
fn play_again(game: &Game, review: &Review, on_msg: &Callback<Msg>) -> Html {
    let this_hand = game
        .result
        .as_ref()
        .is_some_and(|r| r.hand == review.replay.hand);
    let Some(start) = game.replay_point(0).filter(|_| this_hand) else {
        return Html::default();
    };
    let play_from = |from: usize| {
        let on_msg = on_msg.clone();
        Callback::from(move |_: MouseEvent| on_msg.emit(Msg::PlayAgain { from }))
    };
    // The decision the review shows, if it is one of the human's.
    let here = game
        .replay_point(review.step)
        .filter(|&point| point > start)
        .map(|point| point - start + 1);
    html! {
        <p class="review-play-again">
            <button type="button" onclick={play_from(0)} data-testid="play-again"
                    title="The same cards to the same seats, from the first bid, in a practice copy kept out of your statistics; this game stays saved as it is">
                { "Play these cards again" }
            </button>
            if let Some(number) = here {
                <button type="button" onclick={play_from(review.step)} data-testid="play-from-here"
                        title="The hand as it stood at this decision of yours, to decide it again in a practice copy; this game stays saved as it is">
                    { format!("Play on from move {number}") }
                </button>
            }
        </p>
    }
}

/// The prompt for choosing cards to bury or pass: what is chosen, the meld
/// that remains (and what it loses), and the confirm button.
fn selection_prompt(game: &Game, kind: Choosing, needed: usize, on_msg: &Callback<Msg>) -> Html {
    let view = game.view();
    let rules = &view.rules;
    let trump = view.public.hand.trump;
    let now = best_meld(rules, &view.own.hand, trump).total;
    let after = best_meld(rules, &game.hand_without_selection(), trump).total;
    let chosen = game.selection.len();
    let task = match kind {
        Choosing::Bury => format!(
            "Choose {} to bury (their points count for you; buried cards cannot meld).",
            plural(needed, "card", "cards")
        ),
        Choosing::Pass => {
            let cards = plural(needed, "card", "cards");
            let h = &view.public.hand;
            match h.pass_recipient(rules, view.seat) {
                Some(to) if h.phase == Phase::PartnerPass => {
                    format!("Choose {cards} to pass to your partner, {}.", game.name(to))
                }
                Some(to) => format!("Choose {cards} to pass to {}, on your left.", game.name(to)),
                None => format!("Choose {cards} to pass."),
            }
        }
    };
    let meld = if chosen == 0 {
        format!("Your meld: {now}.")
    } else if after == now {
        format!("Your meld stays {now}.")
    } else {
        format!("Your meld: {now} → {after} (loses {}).", now - after)
    };
    // By their faces ("K♠, K♠, Q♦"), so the line fits a phone's prompt; a
    // bury with the card points it puts aside for the declarer.
    let names: Vec<String> = game.selection.iter().map(|c| c.card.face()).collect();
    let buried_points = rules.counting.points(&game.selected_cards());
    let points = if kind == Choosing::Bury && !names.is_empty() {
        format!(" ({})", plural(buried_points as usize, "point", "points"))
    } else {
        String::new()
    };
    let on_confirm = {
        let on_msg = on_msg.clone();
        Callback::from(move |_: MouseEvent| on_msg.emit(Msg::ConfirmSelection))
    };
    html! {
        <div class="choice selection" role="group" aria-label={format!("Cards to {}", kind.verb())} data-testid="selection">
            <p class="prompt">{ task }</p>
            <p data-testid="selection-meld" aria-live="polite">
                { format!("Chosen {chosen} of {needed}{}{points}. ", if names.is_empty() { String::new() } else { format!(": {}", names.join(", ")) }) }
                { meld }
            </p>
            <button type="button" class="primary" onclick={on_confirm} disabled={chosen != needed}
                    data-testid="confirm-selection" data-action={(chosen == needed).then_some("confirm")}>
                { format!("{} {}", if kind == Choosing::Bury { "Bury" } else { "Pass" }, plural(needed, "card", "cards")) }
            </button>
        </div>
    }
}

/// The rules of the game on the table, as a dialog over it.
#[derive(Properties, PartialEq)]
struct CloseOnEscapeProps {
    on_close: Callback<MouseEvent>,
}

/// While shown, Escape anywhere on the page closes the window it sits in
/// (a listener on the document: with the focus left on the page's body,
/// a listener on the window's own element heard nothing).
#[component]
fn CloseOnEscape(props: &CloseOnEscapeProps) -> Html {
    let on_close = props.on_close.clone();
    use_effect_with((), move |_| {
        let listener = EventListener::new(&gloo_utils::document(), "keydown", move |e| {
            let escape = e
                .dyn_ref::<KeyboardEvent>()
                .is_some_and(|k| k.key() == "Escape");
            if escape {
                if let Ok(click) = web_sys::MouseEvent::new("click") {
                    on_close.emit(click);
                }
            }
        });
        move || drop(listener)
    });
    Html::default()
}

/// Put first inside a window over the page (`role="dialog"`): as it opens
/// the keyboard focus goes to the window itself (made focusable), unless
/// something in it already took it, so arrow keys and Page Down scroll it
/// and Tab starts in it; as it closes the focus goes back to what had it
/// before (the button that opened it), where that can still take it.
#[component]
pub fn ModalFocus() -> Html {
    let marker = use_node_ref();
    // Read as the window is first drawn, before anything in it takes the focus.
    let before = use_state(|| {
        gloo_utils::document()
            .active_element()
            .and_then(|a| a.dyn_into::<web_sys::HtmlElement>().ok())
    });
    {
        let marker = marker.clone();
        let before = (*before).clone();
        use_effect_with((), move |_| {
            let document = gloo_utils::document();
            let window = marker
                .cast::<web_sys::Element>()
                .and_then(|m| m.closest("[role=\"dialog\"]").ok().flatten())
                .and_then(|w| w.dyn_into::<web_sys::HtmlElement>().ok());
            if let Some(window) = &window {
                let inside = document
                    .active_element()
                    .is_some_and(|a| window.contains(Some(&a)));
                if !inside {
                    if !window.has_attribute("tabindex") {
                        let _ = window.set_attribute("tabindex", "-1");
                    }
                    let _ = window.focus();
                }
            }
            move || {
                // After the page has drawn itself without the window (the
                // table behind it is inert until then).
                if let Some(before) = before {
                    gloo_timers::callback::Timeout::new(0, move || {
                        if before.is_connected() {
                            let _ = before.focus();
                        }
                    })
                    .forget();
                }
            }
        });
    }
    html! { <span hidden=true ref={marker}></span> }
}

fn rules_dialog(game: &Game, on_close: &Callback<MouseEvent>) -> Html {
    html! {
        <div class="overlay">
            <CloseOnEscape on_close={on_close.clone()} />
            <section class="rules-dialog" role="dialog" aria-modal="true" aria-labelledby="rules-dialog-title"
                     data-testid="rules-dialog">
                <ModalFocus />
                <header>
                    <h2 id="rules-dialog-title">{ format!("Rules: {}", game.rules().preset.name()) }</h2>
                    <button type="button" onclick={on_close.clone()} data-testid="close-rules">{ "Close" }</button>
                </header>
                <RulesView rules={game.rules().clone()} />
            </section>
        </div>
    }
}

/// Callbacks the table needs from the app.
#[derive(Clone)]
pub struct TableCallbacks {
    pub on_msg: Callback<Msg>,
    pub on_new_game: Callback<MouseEvent>,
    pub on_toggle_rules: Callback<MouseEvent>,
}

/// The whole table for a game in progress.
pub fn table(game: &Game, show_rules: bool, cb: &TableCallbacks) -> Html {
    if game.is_over() && game.result.is_none() {
        return game_over(game, cb);
    }
    let view = game.view();
    let h = &view.public.hand;
    let seats = view.public.seats;
    let may_act = game.human_to_move();
    let own: Vec<Card> = sorted_hand(&view.own.hand.to_cards(), h.trump);
    let mut choice = hand_choice(&view, &own, may_act);
    let choosing = game.choosing();
    // Choosing cards to bury or pass: the copies chosen show as chosen; the
    // others may be chosen unless the game says why not.
    let mut selected = vec![false; own.len()];
    if choosing.is_some() {
        for (i, shown) in selected.iter_mut().enumerate() {
            let Some(copy) = ChosenCard::at(&own, i) else {
                continue;
            };
            if game.selection.contains(&copy) {
                *shown = true;
            } else {
                let refusal = game.select_refusal(copy);
                if refusal.is_some() {
                    choice.actions[i] = None;
                }
                choice.reasons[i] = refusal;
            }
        }
    }
    let on_action = {
        let on_msg = cb.on_msg.clone();
        Callback::from(move |a: Action| on_msg.emit(Msg::Human(a)))
    };
    let on_card = {
        let (on_msg, own) = (cb.on_msg.clone(), own.clone());
        Callback::from(move |(i, a): (usize, Action)| {
            let msg = match (choosing, ChosenCard::at(&own, i)) {
                (Some(_), Some(copy)) => Msg::Select(copy),
                _ => Msg::Human(a),
            };
            on_msg.emit(msg)
        })
    };
    let on_unselect = {
        let (on_msg, own) = (cb.on_msg.clone(), own.clone());
        Callback::from(move |i: usize| {
            if let Some(copy) = ChosenCard::at(&own, i) {
                on_msg.emit(Msg::Unselect(copy))
            }
        })
    };
    let msg = |m: Msg| {
        let on_msg = cb.on_msg.clone();
        Callback::from(move |_: MouseEvent| on_msg.emit(m.clone()))
    };
    let on_pace = {
        let on_msg = cb.on_msg.clone();
        Callback::from(move |e: yew::Event| {
            use wasm_bindgen::JsCast;
            if let Some(p) = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::HtmlSelectElement>().ok())
                .and_then(|s| Pace::from_id(&s.value()))
            {
                on_msg.emit(Msg::SetPace(p))
            }
        })
    };
    let four = game.settings.four_color;
    let announcement = game.announcements.last().cloned().unwrap_or_default();
    let waiting_for = game
        .to_move()
        .filter(|&s| s != game.human)
        .map(|s| game.name(s).to_string());
    let seat_order: Vec<Seat> = (1..seats).map(|k| (game.human + k) % seats).collect();
    let visible_faces = own.len()
        + h.kitty.len()
        + game
            .trick_pause
            .as_ref()
            .map_or(h.current_trick().len(), |t| t.cards.len());
    let game_title = game.title();
    // A window over the whole table (the rules, the hand's result, its
    // review) keeps the keyboard: the table behind it takes no focus (Tab
    // from the rules reached the bid button behind them, and Enter bid).
    let covered = show_rules || game.result.is_some() || game.review.is_some();
    html! {
        <div class={format!("game{}", if four { " four-color" } else { "" })} data-testid="game"
             data-phase={h.phase.name()} data-hand={h.number.to_string()} data-hands-done={game.history.len().to_string()} data-tricks-done={h.trick_winners.len().to_string()} data-ticket={game.ticket().moves.to_string()}
             data-own-cards={view.own.hand.len().to_string()} data-visible-faces={visible_faces.to_string()}>
            // (`display: contents`: the table's parts stay items of its grid.)
            <div class="table-layer" inert={covered}>
            <header class="table-bar">
                <div class="title">
                    <h2 data-testid="game-name" title={game_title.1}>{ game_title.0 }</h2>
                    <span class="hand-no">{ format!("Hand {}", h.number) }</span>
                    <span class="deal-no" data-testid="deal-number" data-seed={game.seed.to_string()}
                          data-practice={game.practice.to_string()}
                          title={if game.practice {
                              "A practice game (its cards were seen before, or undo was used): kept out of your statistics and rating"
                          } else {
                              "Enter this deal number on the start screen to deal this game's hands again, in order"
                          }}>
                        { format!("Deal {}{}", game.seed, if game.practice { " · practice" } else { "" }) }
                    </span>
                    if let Some(t) = h.trump {
                        <span class="trump-badge" data-testid="trump">{ "Trump " }<SuitIcon suit={t} /><span class="visually-hidden">{ t.name() }</span></span>
                    }
                    if let (Some(d), Some(b)) = (h.declarer, h.bid) {
                        <span class="contract">{ format!("{} bid {b}", game.name(d)) }</span>
                    }
                    { kitty_note(&view) }
                </div>
                <div class="tools">
                    <button type="button" onclick={msg(Msg::ToggleLastTrick)} disabled={game.hands_last_trick().is_none()}
                            aria-pressed={game.show_last_trick.to_string()} data-testid="last-trick-button">{ "Last trick" }</button>
                    <Disclosure label="Menu">
                        // (Where the bar has no room for the deal number.)
                        <p class="menu-deal" data-testid="menu-deal">
                            { format!("Deal {}{}", game.seed, if game.practice { " · practice" } else { "" }) }
                        </p>
                        <label class="pace">{ "Pace " }
                            <select onchange={on_pace} aria-label="Pace of play">
                                { for Pace::ALL.into_iter().map(|p| html! {
                                    <option value={p.id()} selected={p == game.settings.pace}>{ p.id() }</option>
                                }) }
                            </select>
                        </label>
                        <button type="button" onclick={msg(Msg::SetFourColor(!four))} aria-pressed={four.to_string()}>{ "4 colours" }</button>
                        <button type="button" onclick={msg(Msg::SetSound(!game.settings.sound))} aria-pressed={game.settings.sound.to_string()}
                                data-testid="sound">{ "Sound" }</button>
                        <button type="button" onclick={cb.on_toggle_rules.clone()} aria-haspopup="dialog" data-testid="rules-button">{ "Rules" }</button>
                        <button type="button" onclick={cb.on_new_game.clone()} data-testid="quit">{ "New game" }</button>
                    </Disclosure>
                </div>
            </header>
            <div class="opponents">
                { for seat_order.iter().map(|&s| seat_panel(game, &view, s)) }
            </div>
            <div class="center">
                { kitty_area(&view) }
                { trick_area(game, &view) }
                if let (true, Some(t)) = (game.show_last_trick, game.hands_last_trick()) {
                    { shown_trick(game, t) }
                }
            </div>
            <div class="status">
                <p class="announce" aria-live="polite" data-testid="announcement">{ announcement }</p>
                if let Some(reason) = game.bot_error.clone() {
                    <p class="error" role="alert" data-testid="bot-error">
                        { reason }{ " " }
                        <button type="button" onclick={msg(Msg::RetryBot)} data-testid="retry-bot">{ "Try again" }</button>
                    </p>
                } else if let Some(name) = waiting_for {
                    <p class="waiting">{ format!("Waiting for {name}…") }</p>
                }
            </div>
            <div class="controls" data-testid="controls"
                 onkeydown={Callback::from(|e: KeyboardEvent| step_between_buttons(&e))}>
                if let (true, Some((kind, needed))) = (may_act, choosing) {
                    { selection_prompt(game, kind, needed, &cb.on_msg) }
                    if game.selection.len() == needed {
                        <FocusDecision turn={game.ticket().moves.to_string()} />
                    }
                } else if may_act {
                    { decision_controls(&view, &on_action) }
                    <FocusDecision turn={game.ticket().moves.to_string()} />
                } else if !h.active.contains(&game.human) {
                    <p class="prompt">{ if game.rules().scoring.is_ledger() {
                        "You sit out this hand, and pay or are paid as one of the declarer's opponents."
                    } else {
                        "You sit out this hand."
                    } }</p>
                }
            </div>
            // The coach's place: under the prompt on narrow screens; on wide
            // ones the side column's free height, under the auction and the
            // score sheet, with its buttons at the foot.
            <div class="side-column">
                <div class="coach-slot coach" data-testid="coach-slot">
                    { coach_bar(game, &cb.on_msg) }
                    <div class="coach-panels">
                        { hint_panel(game, &cb.on_msg) }
                        { bid_advisor(game) }
                    </div>
                </div>
                <aside class="side">
                    { auction_history(game, &view) }
                    { score_sheet(game, false) }
                </aside>
            </div>
            { seat_panel(game, &view, game.human) }
            if !view.own.passing.is_empty() || !view.own.buried.is_empty() {
                <div class="set-aside" aria-label="Cards set aside">
                    if !view.own.passing.is_empty() { <span>{ "Passing: " }</span> }
                    { for view.own.passing.iter().map(|&card| html! { <CardView {card} small=true /> }) }
                    if !view.own.buried.is_empty() { <span>{ "Your bury: " }</span> }
                    { for view.own.buried.iter().map(|&card| html! { <CardView {card} small=true /> }) }
                </div>
            }
            <HandView arrivals={arrivals(&view, &own, &game.seating())} cards={own} actions={choice.actions}
                      reasons={choice.reasons} active={choice.active}
                      verb={choice.verb} onchoose={on_card} {selected} onunselect={on_unselect}
                      turn={format!("{}-{}", game.ticket().moves, game.result.is_some())} />
            </div>
            if let Some(s) = &game.result {
                { result_panel(game, s, msg(Msg::CloseResult), msg(Msg::OpenReview(s.hand)), cb.on_new_game.clone()) }
            }
            if let Some(review) = &game.review {
                { review_panel(game.seating(), review, &cb.on_msg, play_again(game, review, &cb.on_msg)) }
            }
            if show_rules {
                { rules_dialog(game, &cb.on_toggle_rules) }
            }
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::controller::testing::{basic_settings, drive};
    use pinochle_engine::PresetId;

    #[test]
    fn the_club_ledger_shows_the_buy_in_so_its_rows_add_up_to_the_totals() {
        let mut game =
            Game::start("g1".into(), basic_settings(PresetId::Club), 5).expect("game starts");
        drive(&mut game, |g| g.history.len() >= 2 || g.is_over(), |_| {});
        let cols = columns(&game);
        let extra = [Extra::Bowl];
        let totals = game
            .history
            .last()
            .expect("a hand was played")
            .totals
            .clone();
        let buy_in = put_in(&game, &cols, &extra).expect("the players bought in");
        // Each player bought in $2.00; the bowl holds it.
        assert_eq!(buy_in, vec![-200, -200, -200, 600]);
        // With the hands' rows it makes the totals, column by column.
        let column = |amounts: &Amounts, i: usize| match cols.get(i) {
            Some((_, seat)) => amounts.seat(*seat),
            None => extra[i - cols.len()].of(amounts),
        };
        for (i, put) in buy_in.iter().enumerate() {
            let rows: i64 = game
                .history
                .iter()
                .map(|h| column(hand_changes(h).expect("the hand paid"), i).unwrap_or(0))
                .sum();
            assert_eq!(Some(put + rows), column(&totals, i), "column {i}");
        }

        let mut points = Game::start("g2".into(), basic_settings(PresetId::Bison), 5).unwrap();
        drive(&mut points, |g| !g.history.is_empty(), |_| {});
        assert_eq!(put_in(&points, &columns(&points), &[]), None);
    }

    /// Four at a Brooklyn table: the seat dealt out of a hand says "(sits
    /// out)" on its result, where its meld and card points read "—"; the
    /// three dealt in do not.
    #[test]
    fn a_seat_sitting_out_says_so_on_the_result() {
        let mut settings = basic_settings(PresetId::Brooklyn);
        settings.seats = 4;
        let mut game = Game::start("g".into(), settings, 3).expect("game starts");
        drive(&mut game, |g| g.history.len() >= 2, |_| {});
        assert_eq!(game.rules().table.seats, 4);
        for s in &game.history {
            let names: Vec<String> = columns(&game)
                .iter()
                .map(|(name, seat)| result_row_name(&game, s, name, &side_of(&game, *seat)))
                .collect();
            let out: Vec<&String> = names
                .iter()
                .filter(|n| n.ends_with(" (sits out)"))
                .collect();
            assert_eq!(out.len(), 1, "hand {}: {names:?}", s.hand);
            let seat = names
                .iter()
                .position(|n| n.ends_with(" (sits out)"))
                .unwrap();
            assert_eq!(s.meld[seat], None, "{names:?}");
            assert_eq!(
                out[0].as_str(),
                format!("{} (sits out)", game.name(seat)),
                "{names:?}"
            );
        }
        // Three at the table, nobody sits out.
        let mut three = Game::start("h".into(), basic_settings(PresetId::Bison), 3).unwrap();
        drive(&mut three, |g| !g.history.is_empty(), |_| {});
        let s = &three.history[0];
        for (name, seat) in columns(&three) {
            assert_eq!(
                result_row_name(&three, s, &name, &side_of(&three, seat)),
                name
            );
        }
    }

    /// The game over's placing lists everyone by final count, the winner
    /// first, ties said as such and the next place after them counted on.
    #[test]
    fn the_final_placing_lists_everyone_and_says_ties() {
        let entries = |e: &[(&str, i64, bool)]| {
            e.iter()
                .map(|(n, c, w)| ((*n).to_string(), *c, *w))
                .collect::<Vec<_>>()
        };
        let plain = |v: i64| v.to_string();
        // Each player's name, final count and whether it won.
        type Players<'a> = &'a [(&'a str, i64, bool)];
        let cases: [(Players, &str); 4] = [
            (
                &[
                    ("You", 1320, false),
                    ("Ada", 980, false),
                    ("Boris", 1510, true),
                ],
                "1st Boris 1510 · 2nd You 1320 · 3rd Ada 980",
            ),
            (
                &[
                    ("You", 1320, false),
                    ("Ada", 1320, false),
                    ("Boris", 1510, true),
                    ("Cleo", -40, false),
                ],
                "1st Boris 1510 · 2nd, tied: You and Ada, 1320 each · 4th Cleo -40",
            ),
            // The bidder went out first with fewer points than a rival.
            (
                &[
                    ("You", 520, false),
                    ("Ada", 505, true),
                    ("Boris", 300, false),
                ],
                "1st Ada 505 · 2nd You 520 · 3rd Boris 300",
            ),
            // Level at the top: both won.
            (
                &[
                    ("You", 1500, true),
                    ("Ada", 1500, true),
                    ("Boris", 20, false),
                ],
                "1st, tied: You and Ada, 1500 each · 3rd Boris 20",
            ),
        ];
        for (players, expected) in cases {
            let text = placing_text(entries(players), &plain).replace('\u{a0}', " ");
            assert_eq!(text, expected);
        }
        assert_eq!(ordinal(11), "11th");
        assert_eq!(ordinal(22), "22nd");
        // A finished bison game: everyone placed, the winner first.
        let mut game = Game::start("g".into(), basic_settings(PresetId::Bison), 5).unwrap();
        drive(&mut game, |_| false, |_| {});
        let result = game.state().session_result().expect("the game ended");
        let text = final_placing(&game, result).replace('\u{a0}', " ");
        assert!(
            text.starts_with(&format!("1st {}", game.name(result.winners[0]))),
            "{text}"
        );
        for seat in 0..3 {
            assert!(text.contains(game.name(seat)), "{text}");
        }
    }

    /// A defender whose meld did not count is told by which rule: a bison
    /// defender took no counter card, the partnership's defenders no trick
    /// points (or fewer than the 10 they need); a side that scored says
    /// nothing.
    #[test]
    fn a_defender_whose_meld_did_not_count_is_told_why() {
        for (preset, said) in [
            (
                PresetId::Bison,
                "took no counter card (an ace, ten or king), so",
            ),
            (PresetId::Partnership, "trick points"),
        ] {
            let mut found = 0;
            for seed in 1..40 {
                let mut game =
                    Game::start("g".into(), basic_settings(preset), seed).expect("game starts");
                drive(&mut game, |g| g.history.len() >= 4, |_| {});
                for s in &game.history {
                    for (name, first) in columns(&game) {
                        let side = side_of(&game, first);
                        let scored = s.delta.as_ref().and_then(|d| d.seat(first));
                        let why = why_nothing(&game, s, &name, &side);
                        let defending = s.declarer.is_some_and(|d| !side.contains(&d));
                        let meld = side_sum(&s.meld, &side).unwrap_or(0);
                        let played = s.card_points.iter().any(Option::is_some);
                        if defending && played && meld > 0 && scored == Some(0) {
                            let why = why.expect("a reason");
                            assert!(why.contains(said), "{preset:?} seed {seed}: {why}");
                            assert!(why.contains(&format!("the meld of {meld}")), "{why}");
                            found += 1;
                        } else {
                            assert_eq!(why, None, "{preset:?} seed {seed}");
                        }
                    }
                }
            }
            assert!(found > 0, "{preset:?}: no defender lost its meld");
        }
    }

    /// A bison game under `change`d points scoring, played by basic
    /// players to its end, and its result.
    fn bison_played_out(
        seed: u64,
        change: impl FnOnce(&mut pinochle_engine::rules::PointsScoring),
    ) -> (Game, SessionResult) {
        let mut rules = Rules::preset(PresetId::Bison);
        if let Scoring::Points(p) = &mut rules.scoring {
            change(p);
        }
        let settings =
            crate::controller::Settings::for_rules(rules, None, &basic_settings(PresetId::Bison));
        let mut game = Game::start("g".into(), settings, seed).expect("game starts");
        drive(&mut game, |_| false, |_| {});
        let result = game
            .view()
            .public
            .session
            .result
            .clone()
            .expect("the game ended");
        (game, result)
    }

    /// The game-over screen says why the winner won: the first to the
    /// target, or, when others reached it too, the rule that
    /// decided between them.
    #[test]
    fn the_game_over_says_why_the_winner_won() {
        let (mut first, mut same_hand) = (0, 0);
        for seed in 1..16 {
            let (game, result) = bison_played_out(seed, |p| p.target = 500);
            let text = game_end_text(&game, &result).expect("a points game says why");
            let winner = game.name(result.winners[0]).to_string();
            if text.contains(" too") {
                assert!(
                    text.ends_with(&format!(
                        "but {winner} held the bid, and the bidding side goes out first."
                    )) || text.ends_with(&format!("; {winner} scored more.")),
                    "{text}"
                );
                same_hand += 1;
            } else {
                assert_eq!(text, format!("{winner} reached 500 first."));
                first += 1;
            }
        }
        assert!(
            first > 0 && same_hand > 0,
            "{first} first, {same_hand} with others over the target"
        );
    }

    /// Bison for money with every score divided by 10: the sheet's totals
    /// are the running scores (the money ledger stays empty until the end),
    /// the game ends at the target divided as the scores are (150), and the
    /// game-over screen says who pays what.
    #[test]
    fn a_money_game_at_a_tenth_keeps_its_scores_and_settles_at_its_end() {
        let (game, result) = bison_played_out(21, |p| {
            p.divisor = 10;
            p.money = Some(pinochle_engine::rules::MoneyPlay {
                game_stake: 100,
                set_stake: 25,
            });
        });
        let last = game.history.last().expect("hands were played");
        let scores: Vec<i64> = (0..3).map(|s| last.totals.seat(s).unwrap()).collect();
        assert_eq!(scores, result.scores, "the totals are the scores");
        assert!(scores.iter().any(|&s| s >= 150), "{scores:?}");
        assert!(scores.iter().all(|&s| s < 1500), "{scores:?}");
        let before: i64 = game.history[game.history.len() - 2]
            .totals
            .seats
            .iter()
            .map(|s| s.unwrap())
            .max()
            .unwrap();
        assert!(before < 150, "the game went on past the target: {before}");
        let text = money_settled(&game, &result).expect("a money game says who pays");
        let winner = game
            .seating()
            .name_in_sentence(result.winners[0])
            .to_string();
        assert!(
            text.starts_with(&format!("Settled in money: {winner} receive")),
            "{text}"
        );
        assert!(text.contains(" pay"), "{text}");
    }

    #[test]
    fn the_result_says_how_a_bid_was_made_or_given_up() {
        let mut game =
            Game::start("g1".into(), basic_settings(PresetId::Club), 5).expect("game starts");
        drive(&mut game, |g| !g.history.is_empty(), |_| {});
        let mut s = game.history[0].clone();
        s.declarer = Some(1);
        s.bid = Some(310);
        s.trump = Some(pinochle_engine::Suit::Diamonds);
        s.outcome = Outcome::Made;
        s.concession = None;
        s.card_points = vec![None; 3];
        assert_eq!(
            outcome_text(&game, &s),
            "Ada made the bid of 310 in diamonds: nobody challenged."
        );
        s.card_points = vec![Some(100), Some(150), Some(0)];
        assert_eq!(
            outcome_text(&game, &s),
            "Ada made the bid of 310 in diamonds."
        );
        s.card_points = vec![None; 3];
        s.outcome = Outcome::Conceded;
        s.concession = Some(pinochle_engine::game::Concession {
            seat: 1,
            kind: ConcessionKind::BidderPass,
        });
        assert_eq!(
            outcome_text(&game, &s),
            "Ada passed the bid of 310 in diamonds and paid the stake."
        );
        // Brooklyn's concession after the kitty; a hand thrown in after meld.
        s.trump = None;
        s.concession = Some(pinochle_engine::game::Concession {
            seat: 1,
            kind: ConcessionKind::VoluntarySet,
        });
        assert_eq!(
            outcome_text(&game, &s),
            "Ada conceded the bid of 310 after seeing the kitty: a voluntary set."
        );
        // The dealer made to take the opener's contract: the sentence says so.
        s.escaped = true;
        s.bid = Some(250);
        assert_eq!(
            outcome_text(&game, &s),
            "Ada conceded the bid of 250 after seeing the kitty: a voluntary set. (The opener made the dealer take the contract at 250.)"
        );
        s.escaped = false;
        s.bid = Some(310);
        s.trump = Some(pinochle_engine::Suit::Hearts);
        s.concession = Some(pinochle_engine::game::Concession {
            seat: 1,
            kind: ConcessionKind::ThrowIn,
        });
        assert_eq!(
            outcome_text(&game, &s),
            "Ada threw the hand in at the bid of 310 in hearts."
        );
    }

    #[test]
    fn money_totals_say_and_chart_what_was_put_in_before_the_first_hand() {
        let mut club =
            Game::start("g1".into(), basic_settings(PresetId::Club), 5).expect("game starts");
        drive(&mut club, |g| !g.history.is_empty(), |_| {});
        let cols = columns(&club);
        // The chart starts from the buy-in, so its first step is the hand's payment.
        let hand = hand_changes(&club.history[0]).expect("the hand paid");
        for (series, (_, seat)) in chart_series(&club, &cols).iter().zip(&cols) {
            assert_eq!(series.values[0], -200, "{}", series.name);
            assert_eq!(
                series.values[1] - series.values[0],
                hand.seat(*seat).unwrap()
            );
        }
        let note = put_in_note(club.rules()).expect("the club's totals hold the buy-in");
        assert!(
            note.contains("$2.00") && note.contains("kitty bowl"),
            "{note}"
        );

        let pot = Rules::preset(PresetId::Brooklyn)
            .with_settings(&["pot_game=true"])
            .expect("Brooklyn plays for a pot");
        let note = put_in_note(&pot).expect("the pot's totals hold the first ante");
        assert!(note.contains("$0.25 ante"), "{note}");

        let mut points = Game::start("g2".into(), basic_settings(PresetId::Bison), 5).unwrap();
        drive(&mut points, |g| !g.history.is_empty(), |_| {});
        assert_eq!(put_in_note(points.rules()), None);
        let cols = columns(&points);
        assert!(chart_series(&points, &cols)
            .iter()
            .all(|s| s.values[0] == 0));
    }
}
