//! Cards drawn by the app as inline SVG: faces (rank index, suit pips, a framed
//! centre for court cards) and backs. Nothing is fetched; suits are paths, not
//! font glyphs, so they look the same on every device and stay crisp at any
//! size. Colours come from CSS classes (`suit-S` …), so the four-colour deck is
//! a class on the table.

use pinochle_engine::game::Action;
use pinochle_engine::{Card, Rank, Suit};
use yew::{
    classes, component, html, Callback, Classes, Html, KeyboardEvent, MouseEvent, Properties,
};

use crate::shortcuts::browser_modifier;

/// The suit shapes in a 100×100 box.
fn suit_shape(suit: Suit) -> Html {
    match suit {
        Suit::Hearts => html! {
            <path d="M50 92 C22 68 2 48 2 28 C2 12 14 2 28 2 C39 2 47 9 50 18 C53 9 61 2 72 2 C86 2 98 12 98 28 C98 48 78 68 50 92Z" />
        },
        Suit::Diamonds => html! { <path d="M50 0 L86 50 L50 100 L14 50Z" /> },
        Suit::Spades => html! {
            <path d="M50 2 C64 22 98 40 98 63 C98 77 87 86 74 86 C65 86 58 82 54 76 C55 86 59 93 67 99 L33 99 C41 93 45 86 46 76 C42 82 35 86 26 86 C13 86 2 77 2 63 C2 40 36 22 50 2Z" />
        },
        Suit::Clubs => html! {
            <g>
                <circle cx="50" cy="26" r="23" />
                <circle cx="25" cy="60" r="23" />
                <circle cx="75" cy="60" r="23" />
                <path d="M45 50 L55 50 C55 78 60 90 70 99 L30 99 C40 90 45 78 45 50Z" />
            </g>
        },
    }
}

/// A suit symbol on its own (trump badges, meld previews, suit buttons).
#[derive(Properties, PartialEq)]
pub struct SuitIconProps {
    pub suit: Suit,
}

#[component]
pub fn SuitIcon(props: &SuitIconProps) -> Html {
    let s = props.suit;
    html! {
        <svg class={classes!("suit-icon", format!("suit-{}", s.letter()))}
             viewBox="0 0 100 100" role="img" aria-label={s.name()} focusable="false">
            { suit_shape(s) }
        </svg>
    }
}

/// "queen of spades"
pub fn card_label(card: Card) -> String {
    card.long_name()
}

/// The face of a card as SVG (no interaction).
pub fn card_face_svg(card: Card) -> Html {
    let suit = card.suit;
    let rank = card.rank.face();
    let court = matches!(card.rank, Rank::King | Rank::Queen | Rank::Jack);
    let corner_size = if rank.len() > 1 { "24" } else { "28" };
    html! {
        <svg class={classes!("card-svg", format!("suit-{}", suit.letter()))}
             viewBox="0 0 100 140" aria-hidden="true" focusable="false">
            <rect class="card-paper" x="1.5" y="1.5" width="97" height="137" rx="9" />
            <text class="card-rank" x="9" y="30" font-size={corner_size}>{ rank }</text>
            <g transform="translate(9 36) scale(0.2)">{ suit_shape(suit) }</g>
            if court {
                <rect class="court-frame" x="28" y="30" width="62" height="90" rx="5" />
                <text class="court-letter" x="59" y="103" font-size="34" text-anchor="middle">{ rank }</text>
                <g transform="translate(44 40) scale(0.3)">{ suit_shape(suit) }</g>
            } else {
                <g transform="translate(34 52) scale(0.5)">{ suit_shape(suit) }</g>
            }
            <g transform="rotate(180 50 70)">
                <text class="card-rank" x="9" y="30" font-size={corner_size}>{ rank }</text>
            </g>
        </svg>
    }
}

#[derive(Properties, PartialEq)]
pub struct CardViewProps {
    pub card: Card,
    #[prop_or_default]
    pub small: bool,
    /// Extra classes (animations: `from-left`, `winner` …).
    #[prop_or_default]
    pub class: String,
}

/// A face-up card that is not a control (trick, kitty, meld).
#[component]
pub fn CardView(props: &CardViewProps) -> Html {
    html! {
        <span class={classes!("card", props.small.then_some("small"), props.class.clone())}
              role="img" aria-label={card_label(props.card)} data-card={props.card.to_string()}>
            { card_face_svg(props.card) }
        </span>
    }
}

/// A face-down card (no information about the card at all).
#[component]
pub fn CardBack() -> Html {
    html! { <span class="card back" aria-hidden="true"></span> }
}

#[derive(Properties, PartialEq)]
pub struct HandCardProps {
    pub card: Card,
    /// The engine's legal action for this card now (`None`: not choosable).
    pub action: Option<Action>,
    /// Why it may not be chosen now (shown on hover and focus).
    pub reason: Option<String>,
    /// Whether choosing cards is what the table is waiting for.
    pub active: bool,
    /// Position in the hand (for the describedby id and roving focus).
    pub index: usize,
    /// Roving tabindex: the one card reachable with Tab.
    pub focusable: bool,
    /// Receives this card's index and its action when it is chosen.
    pub onchoose: Callback<(usize, Action)>,
    /// Arrow-key navigation: receives the key and this card's index.
    pub onnavigate: Callback<(String, usize)>,
    /// What choosing does, for the label ("play", "bury", "pass").
    pub verb: &'static str,
    /// Chosen to bury or pass (not yet confirmed): choosing it again puts it back.
    #[prop_or_default]
    pub selected: bool,
    /// Receives this card's index when a chosen card is chosen again.
    #[prop_or_default]
    pub onunselect: Callback<usize>,
    /// Receives the reason when a card that may not be chosen is chosen.
    #[prop_or_default]
    pub onrefuse: Callback<String>,
    /// Where the card lies among the hand's rows, for the CSS (see
    /// `hand::row_classes`).
    #[prop_or_default]
    pub rows: Classes,
    /// Where the card came from when it joined the hand ("passed to you by
    /// Boris"): marked on its face and read out.
    #[prop_or_default]
    pub arrival: Option<String>,
}

/// A card of the human's hand: a button, disabled with the reason when
/// illegal (choosing it then says why).
#[component]
pub fn HandCard(props: &HandCardProps) -> Html {
    let selected = props.selected && props.active;
    let action = props.action.clone().filter(|_| props.active && !selected);
    let enabled = action.is_some() || selected;
    let card = props.card;
    let onclick = {
        let (choose, unselect, refuse) = (
            props.onchoose.clone(),
            props.onunselect.clone(),
            props.onrefuse.clone(),
        );
        let action = action.clone();
        let reason = props.reason.clone();
        let index = props.index;
        Callback::from(move |_: MouseEvent| match (&action, &reason) {
            _ if selected => unselect.emit(index),
            (Some(action), _) => choose.emit((index, action.clone())),
            (None, Some(reason)) => refuse.emit(reason.clone()),
            (None, None) => {}
        })
    };
    let onkeydown = {
        let nav = props.onnavigate.clone();
        let index = props.index;
        Callback::from(move |e: KeyboardEvent| {
            let key = e.key();
            if !browser_modifier(&e)
                && matches!(
                    key.as_str(),
                    "ArrowLeft" | "ArrowRight" | "ArrowUp" | "ArrowDown" | "Home" | "End"
                )
            {
                e.prevent_default();
                nav.emit((key, index));
            }
        })
    };
    let reason_id = format!("why-{}", props.index);
    let label = if selected {
        format!(
            "{}, chosen to {}: choose again to put it back",
            card_label(card),
            props.verb
        )
    } else if props.active && enabled {
        format!("{} {}", props.verb, card_label(card))
    } else {
        card_label(card)
    };
    let label = match &props.arrival {
        Some(arrival) => format!("{label}, {arrival}"),
        None => label,
    };
    html! {
        <button type="button"
                class={classes!("card", "in-hand", enabled.then_some("playable"),
                                (props.active && !enabled).then_some("illegal"),
                                selected.then_some("selected"), props.rows.clone(),
                                props.arrival.is_some().then_some("arrived"))}
                data-card={card.to_string()}
                data-selected={selected.then_some("true")}
                aria-pressed={selected.then_some("true")}
                data-action={action.as_ref().map(ToString::to_string)}
                aria-disabled={(!enabled).then_some("true")}
                aria-describedby={props.reason.as_ref().map(|_| reason_id.clone())}
                title={props.reason.clone().or_else(|| props.arrival.clone())}
                tabindex={if props.focusable { "0" } else { "-1" }}
                style={format!("--i: {}", props.index)}
                {onclick} {onkeydown}>
            { card_face_svg(card) }
            <span class="visually-hidden">{ label }</span>
            if let Some(reason) = &props.reason {
                <span id={reason_id} class="visually-hidden">{ reason.clone() }</span>
            }
        </button>
    }
}
