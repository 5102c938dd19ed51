//! The human's hand: sorted by suit and rank (trump first once named), one
//! button per card with a roving tabindex (arrow keys move, Enter or Space
//! chooses), illegal cards disabled with the reason on hover and focus, and
//! in visible text (read out) when chosen anyway. After every move the focus
//! comes back to the hand, on the next card that may be chosen, unless the
//! player has put it elsewhere.

use pinochle_engine::game::{Action, Phase, PlayerView};
use pinochle_engine::{Card, Suit};
use wasm_bindgen::JsCast;
use web_sys::HtmlElement;
use yew::{
    classes, component, html, use_effect_with, use_node_ref, use_state, Callback, Classes, Html,
    Properties,
};

use crate::cards::HandCard;
use crate::seating::Seating;

/// Suit order for display: trump first, then alternating colours.
pub fn suit_order(trump: Option<Suit>) -> Vec<Suit> {
    let base = [Suit::Spades, Suit::Hearts, Suit::Clubs, Suit::Diamonds];
    let mut order: Vec<Suit> = trump.into_iter().collect();
    order.extend(base.into_iter().filter(|s| Some(*s) != trump));
    order
}

/// The hand sorted for display.
pub fn sorted_hand(cards: &[Card], trump: Option<Suit>) -> Vec<Card> {
    let order = suit_order(trump);
    let mut cards = cards.to_vec();
    pinochle_engine::sort::sort_by_key(&mut cards, |c| {
        (
            order.iter().position(|s| *s == c.suit).unwrap_or(4),
            std::cmp::Reverse(c.rank),
        )
    });
    cards
}

/// What choosing a card does in this phase, and each card's action or reason not to.
pub struct HandChoice {
    /// The verb of the labels ("play", "pass", "bury").
    pub verb: &'static str,
    pub active: bool,
    /// Per card: the engine's legal action for it, when there is one.
    pub actions: Vec<Option<Action>>,
    /// Per card: why it may not be chosen now.
    pub reasons: Vec<Option<String>>,
}

/// The card an action chooses, if it chooses one.
fn chosen_card(action: &Action) -> Option<Card> {
    match action {
        Action::PlayCard(c) | Action::PassCard(c) | Action::Bury(c) => Some(*c),
        _ => None,
    }
}

/// The card decision the view is waiting for (if it is the human's turn).
pub fn hand_choice(view: &PlayerView, cards: &[Card], may_act: bool) -> HandChoice {
    let (verb, reason_if_illegal) = match view.phase() {
        Phase::Tricks => ("play", "this card may not be played now"),
        Phase::PassLeft | Phase::PartnerPass => ("pass", "this card may not be passed"),
        Phase::Bury => ("bury", "this card is used in your shown meld"),
        _ => ("", ""),
    };
    let active = !verb.is_empty() && may_act && view.is_my_turn();
    let legal = if active {
        view.legal_actions()
    } else {
        Vec::new()
    };
    let actions: Vec<Option<Action>> = cards
        .iter()
        .map(|&card| legal.iter().find(|a| chosen_card(a) == Some(card)).cloned())
        .collect();
    let reasons = cards
        .iter()
        .zip(&actions)
        .map(|(&card, action)| {
            (active && action.is_none()).then(|| {
                view.card_reason(card)
                    .unwrap_or_else(|| reason_if_illegal.to_string())
            })
        })
        .collect();
    HandChoice {
        verb,
        active,
        actions,
        reasons,
    }
}

/// Where the cards that joined the hand before the play came from, per card
/// of `cards` (the hand as shown): "passed to you by Boris", or "from the
/// kitty" for the declarer once the kitty is turned up; `None` for a card as
/// dealt. Marked until the player's first card is played: while it decides
/// what to pass back, bury or meld with them, and what to lead. A copy that
/// leaves the hand is taken to be an arrived one, so the copies as dealt never
/// carry the mark.
pub fn arrivals(view: &PlayerView, cards: &[Card], seating: &Seating) -> Vec<Option<String>> {
    let h = &view.public.hand;
    let mut notes = vec![None; cards.len()];
    let played = h.plays.iter().any(|p| p.seat == view.seat);
    if played || view.phase() == Phase::SessionOver {
        return notes;
    }
    let mut sources: Vec<(Card, String)> = Vec::new();
    for (_, from, cards) in view.passes_received() {
        let from = format!("passed to you by {}", seating.name(from));
        sources.extend(cards.iter().map(|&card| (card, from.clone())));
    }
    if h.declarer == Some(view.seat) {
        sources.extend(h.kitty.iter().map(|&c| (c, "from the kitty".to_string())));
    }
    // Copies that have left the hand since (buried, or passed on after they
    // came) are taken to be the arrivals: the copies as dealt stay unmarked.
    let mut departed = view.own.buried.clone();
    let came = h.passes.iter().position(|n| n.to == view.seat);
    if came.is_some() {
        departed.extend(&view.own.passing);
    }
    let went = h.passes.iter().rposition(|n| n.from == view.seat);
    if matches!((came, went), (Some(came), Some(went)) if went > came) {
        departed.extend(&view.own.given);
    }
    for (card, note) in sources {
        if let Some(i) = departed.iter().position(|&c| c == card) {
            departed.swap_remove(i);
            continue;
        }
        // The copies still in hand that no earlier arrival has claimed.
        let slot = cards
            .iter()
            .zip(&notes)
            .position(|(&c, n)| c == card && n.is_none());
        if let Some(i) = slot {
            notes[i] = Some(note);
        }
    }
    notes
}

#[derive(Properties, PartialEq)]
pub struct HandViewProps {
    /// The cards, already sorted for display.
    pub cards: Vec<Card>,
    pub actions: Vec<Option<Action>>,
    pub reasons: Vec<Option<String>>,
    pub active: bool,
    pub verb: &'static str,
    /// Receives the chosen card's index in `cards` and its action.
    pub onchoose: Callback<(usize, Action)>,
    /// Per card: chosen to bury or pass, not yet confirmed.
    #[prop_or_default]
    pub selected: Vec<bool>,
    /// Per card: where it came from, when it joined the hand (see [`arrivals`]).
    #[prop_or_default]
    pub arrivals: Vec<Option<String>>,
    /// Receives the index of a chosen card chosen again (to put it back).
    #[prop_or_default]
    pub onunselect: Callback<usize>,
    /// Changes with every move and with the result panel: the focus comes
    /// back to the hand then.
    pub turn: String,
}

/// Where card `i` lies among the hand's rows, by `per_row` (a phone's rows)
/// and `per_row_tall` (a tall narrow phone's): the last card of a row
/// (`row-end`, `tall-row-end`) and a card below the first row (`later-row`,
/// `tall-later-row`). The CSS picks the set its screen uses.
fn row_classes(i: usize, per_row: usize, per_row_tall: usize) -> Classes {
    classes!(
        ((i + 1) % per_row == 0).then_some("row-end"),
        (i >= per_row).then_some("later-row"),
        ((i + 1) % per_row_tall == 0).then_some("tall-row-end"),
        (i >= per_row_tall).then_some("tall-later-row"),
    )
}

/// Whether the page is used without a hovering pointer (a phone, a tablet):
/// there nobody moves through the hand by keys.
fn touch_only() -> bool {
    gloo_utils::window()
        .match_media("(hover: none)")
        .ok()
        .flatten()
        .is_some_and(|m| m.matches())
}

/// The card to focus after a move: `from` if it may be chosen, else the next
/// one that may (wrapping), else `from` itself.
fn next_choosable(actions: &[Option<Action>], from: usize) -> usize {
    let n = actions.len();
    (0..n)
        .map(|k| (from + k) % n.max(1))
        .find(|&i| actions[i].is_some())
        .unwrap_or(from)
}

#[component]
pub fn HandView(props: &HandViewProps) -> Html {
    let focus = use_state(|| 0usize);
    let container = use_node_ref();
    let n = props.cards.len();
    let onnavigate = {
        let focus = focus.clone();
        let container = container.clone();
        Callback::from(move |(key, index): (String, usize)| {
            if n == 0 {
                return;
            }
            let next = match key.as_str() {
                "ArrowLeft" | "ArrowUp" => (index + n - 1) % n,
                "ArrowRight" | "ArrowDown" => (index + 1) % n,
                "Home" => 0,
                _ => n - 1,
            };
            focus.set(next);
            let target = container
                .cast::<HtmlElement>()
                .and_then(|c| c.children().item(next as u32))
                .and_then(|e| e.dyn_into::<HtmlElement>().ok());
            if let Some(el) = target {
                // Focus can only fail on a detached element; nothing to do then.
                let _ = el.focus();
            }
        })
    };
    let focused = (*focus).min(n.saturating_sub(1));
    // Why the last card chosen could not be: shown until the next move.
    let refusal = use_state(|| None::<String>);
    {
        let (focus, container, refusal) = (focus.clone(), container.clone(), refusal.clone());
        let actions = props.actions.clone();
        use_effect_with(props.turn.clone(), move |_| {
            refusal.set(None);
            let target = next_choosable(&actions, focused);
            if target != focused {
                focus.set(target);
            }
            let hand = container.cast::<HtmlElement>();
            let active = gloo_utils::document().active_element();
            // Only a focus that was lost (on the page itself) or in the hand
            // moves, to a card that can be chosen now, and not on a touch
            // screen, where a ring on a card nobody reached by keys reads as
            // a card chosen.
            let lost = active.as_ref().is_none_or(|a| {
                a.tag_name() == "BODY" || hand.as_ref().is_some_and(|h| h.contains(Some(a)))
            });
            let choosable = actions.get(target).is_some_and(Option::is_some);
            let card = hand
                .and_then(|h| h.children().item(target as u32))
                .and_then(|e| e.dyn_into::<HtmlElement>().ok());
            if let (true, true, false, Some(card)) = (lost, choosable, touch_only(), card) {
                // Focus can only fail on a detached element; nothing to do then.
                let _ = card.focus();
            }
        });
    }
    let onrefuse = {
        let refusal = refusal.clone();
        Callback::from(move |reason: String| refusal.set(Some(reason)))
    };
    // A card chosen by a click or a tap becomes the hand's Tab stop, as one
    // reached by the arrow keys does.
    let onchoose = {
        let (focus, choose) = (focus.clone(), props.onchoose.clone());
        Callback::from(move |(i, action): (usize, Action)| {
            focus.set(i);
            choose.emit((i, action));
        })
    };
    let onunselect = {
        let (focus, unselect) = (focus.clone(), props.onunselect.clone());
        Callback::from(move |i: usize| {
            focus.set(i);
            unselect.emit(i);
        })
    };
    // Cards per row: big hands take two rows on a phone (the CSS uses one row
    // on a desktop); on a narrow phone tall enough for them, any hand of more
    // than six (the CSS picks `--per-row-tall` and the `tall-` classes there).
    let per_row = if n > 12 { n.div_ceil(2) } else { n.max(1) };
    let per_row_tall = if n > 6 { n.div_ceil(2) } else { n.max(1) };
    let style = format!(
        "--n: {}; --per-row: {per_row}; --per-row-tall: {per_row_tall}",
        n.max(1)
    );
    html! {
        <div class="hand-area">
            <p class="card-reason" aria-live="polite" data-testid="card-reason">{ (*refusal).clone().unwrap_or_default() }</p>
            <div class={if props.active { "hand active" } else { "hand" }} role="group"
                 aria-label={format!("Your hand, {n} cards")} data-testid="hand" data-count={n.to_string()}
                 {style} ref={container}>
                { for props.cards.iter().enumerate().map(|(i, &card)| html! {
                    <HandCard {card} index={i} action={props.actions.get(i).cloned().flatten()}
                              reason={props.reasons.get(i).cloned().flatten()}
                              selected={props.selected.get(i).copied().unwrap_or(false)}
                              arrival={props.arrivals.get(i).cloned().flatten()}
                              rows={row_classes(i, per_row, per_row_tall)}
                              active={props.active} focusable={i == focused} verb={props.verb}
                              onchoose={onchoose.clone()} onnavigate={onnavigate.clone()}
                              onunselect={onunselect.clone()} onrefuse={onrefuse.clone()} />
                }) }
            </div>
        </div>
    }
}
