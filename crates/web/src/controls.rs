//! The human's decisions other than choosing a card: the bid controls (only
//! legal bids, with P / B / + / − shortcuts), the yes/no prompts (escape,
//! declines, concessions, the club's play or pass and challenges), naming trump
//! with a live meld preview per suit, and the club's choice of meld to show.
//! Every button carries `data-action` with the action's text form.

use gloo_events::EventListener;
use pinochle_engine::game::bidding::bids_among;
use pinochle_engine::game::{same_side, Action, Phase, PlayerView, SideTally};
use pinochle_engine::rules::Scoring;
use pinochle_engine::{best_meld, validate_shown, MeldKey};
use wasm_bindgen::JsCast;
use web_sys::{HtmlElement, HtmlSelectElement, KeyboardEvent};
use yew::{
    component, html, use_effect_with, use_state, Callback, Event, Html, MouseEvent, Properties,
};

use crate::cards::SuitIcon;
use crate::seating::GiveUp;
use crate::shortcuts::shortcut_key;

#[derive(Properties, PartialEq)]
pub struct BidControlsProps {
    /// Legal bids, ascending.
    pub bids: Vec<u32>,
    /// Why the seat may not pass (the rules' words), or `None` when it may.
    pub no_pass: Option<String>,
    pub onaction: Callback<Action>,
}

/// A select over the legal bids, a Bid button and a Pass button (or why the
/// seat may not pass).
#[component]
pub fn BidControls(props: &BidControlsProps) -> Html {
    let chosen = use_state(|| 0usize);
    let index = (*chosen).min(props.bids.len().saturating_sub(1));
    {
        // Keyboard shortcuts while the bid controls are shown.
        let bids = props.bids.clone();
        let may_pass = props.no_pass.is_none();
        let onaction = props.onaction.clone();
        let chosen = chosen.clone();
        use_effect_with((props.bids.clone(), index), move |_| {
            let listener = gloo_utils::document().body().map(|body| {
                EventListener::new(&body, "keydown", move |e| {
                    let Some(key) = e.dyn_ref::<KeyboardEvent>().and_then(shortcut_key) else {
                        return;
                    };
                    match key.as_str() {
                        "p" | "P" if may_pass => onaction.emit(Action::Pass),
                        "b" | "B" => {
                            if let Some(&bid) = bids.get(index) {
                                onaction.emit(Action::Bid(bid))
                            }
                        }
                        "+" | "=" => chosen.set((index + 1).min(bids.len().saturating_sub(1))),
                        "-" => chosen.set(index.saturating_sub(1)),
                        _ => {}
                    }
                })
            });
            move || drop(listener)
        });
    }
    let onchange = {
        let chosen = chosen.clone();
        Callback::from(move |e: Event| {
            let value = e
                .target()
                .and_then(|t| t.dyn_into::<HtmlSelectElement>().ok())
                .map(|s| s.selected_index());
            if let Some(i) = value.filter(|i| *i >= 0) {
                chosen.set(i as usize);
            }
        })
    };
    let bid = props.bids.get(index).copied();
    let on_bid = {
        let onaction = props.onaction.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(b) = bid {
                onaction.emit(Action::Bid(b))
            }
        })
    };
    let on_pass = {
        let onaction = props.onaction.clone();
        Callback::from(move |_: MouseEvent| onaction.emit(Action::Pass))
    };
    html! {
        <div class="bid-controls" data-testid="bid-controls" role="group" aria-label="Your bid">
            if !props.bids.is_empty() {
                <label class="bid-select">
                    <span class="visually-hidden">{ "Bid amount" }</span>
                    <select {onchange} data-testid="bid-amount" aria-keyshortcuts="+ -" data-shortcuts="" data-focus-first="">
                        { for props.bids.iter().enumerate().map(|(i, b)| html! {
                            <option value={b.to_string()} selected={i == index}>{ b }</option>
                        }) }
                    </select>
                </label>
                <button type="button" class="primary" onclick={on_bid} aria-keyshortcuts="B"
                        data-action={bid.map(|b| format!("bid {b}"))} data-testid="bid">
                    { format!("Bid {}", bid.unwrap_or_default()) }
                </button>
            }
            if let Some(reason) = &props.no_pass {
                <p class="no-pass" data-testid="no-pass">{ format!("No pass: {reason}.") }</p>
            } else {
                <button type="button" onclick={on_pass} aria-keyshortcuts="P" data-action="pass" data-testid="pass">
                    { "Pass" }
                </button>
            }
            if let Some(keys) = bid_keys_text(props.bids.len(), props.no_pass.is_none()) {
                <span class="hint" aria-hidden="true">{ keys }</span>
            }
        </div>
    }
}

fn action_button(
    label: String,
    action: Action,
    primary: bool,
    onaction: &Callback<Action>,
) -> Html {
    let text = action.to_string();
    let onaction = onaction.clone();
    let onclick = Callback::from(move |_: MouseEvent| onaction.emit(action.clone()));
    html! {
        <button type="button" class={if primary { "primary" } else { "" }} data-action={text} {onclick}>
            { label }
        </button>
    }
}

/// The auction's keys for what the player may do now ("Keys: B bid · + −
/// change" when the first player must bid): B with a bid to make, + and −
/// with more than one amount, P when passing is allowed.
fn bid_keys_text(amounts: usize, may_pass: bool) -> Option<String> {
    let keys: Vec<&str> = [
        (amounts > 0, "B bid"),
        (may_pass, "P pass"),
        (amounts > 1, "+ − change"),
    ]
    .into_iter()
    .filter_map(|(shown, key)| shown.then_some(key))
    .collect();
    (!keys.is_empty()).then(|| format!("Keys: {}", keys.join(" · ")))
}

/// Text of a shown-meld choice, e.g. "run in spades, pinochle ×2" ("no
/// meld" for none).
pub fn meld_keys_text(keys: &[MeldKey]) -> String {
    if keys.is_empty() {
        return "no meld".to_string();
    }
    keys.iter()
        .map(|k| {
            let mut s = k.kind.label().to_string();
            if let Some(suit) = k.suit {
                s.push_str(&format!(" in {}", suit.name()));
            }
            if k.copies > 1 {
                s.push_str(&format!(" ×{}", k.copies));
            }
            s
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The meld a seat has shown this hand, if any.
fn shown_meld(view: &PlayerView, seat: usize) -> Option<u32> {
    view.public
        .hand
        .melds
        .get(seat)
        .and_then(|m| m.as_ref())
        .map(|m| m.total)
}

/// What the declarer's side needs from the play, for the prompt to play or
/// give up.
struct PlayNeed {
    /// "Your meld is 180: you need 120 from the play to make 300."
    text: String,
    /// The bid needs every point of the play, or more than it holds: playing
    /// on wins only by a sweep of every trick's points or cannot win at
    /// all, so giving up is the highlighted choice (a fact of the
    /// arithmetic, not the coach's advice).
    needs_every_point: bool,
}

/// What the declarer's side needs from the play: "Your meld is 180: you need
/// 120 from the play to make 300." (the meld shown, else the best the hand
/// holds). With partners whose meld is shown it is the side's meld, as the
/// rules count it ("Your side's meld is 73: the bid of 58 is made before the
/// play."). Cards the declarer buried count for it, so the need is less
/// their points: "Your meld is 140 and your bury 16: you need 144 from the
/// play to make 300.". A need of every point says so ("you need all 250
/// points of the play"), and one beyond them by how far.
fn play_need(view: &PlayerView) -> PlayNeed {
    let h = &view.public.hand;
    let Some(bid) = h.bid else {
        return PlayNeed {
            text: String::new(),
            needs_every_point: false,
        };
    };
    let me = view.seat;
    let own = shown_meld(view, me).unwrap_or_else(|| match h.trump {
        Some(t) => best_meld(&view.rules, &view.own.hand, Some(t)).total,
        None => pinochle_engine::Suit::ALL
            .iter()
            .map(|&t| best_meld(&view.rules, &view.own.hand, Some(t)).total)
            .max()
            .unwrap_or(0),
    });
    let partners: Vec<Option<u32>> = h
        .active
        .iter()
        .filter(|&&s| s != me && same_side(&view.rules, s, me))
        .map(|&s| shown_meld(view, s))
        .collect();
    let partner_meld: Option<u32> = partners.iter().copied().sum();
    let (meld, meld_words) = match partner_meld {
        Some(theirs) if !partners.is_empty() => {
            let side = own + theirs;
            (side, format!("Your side's meld is {side}"))
        }
        _ if h.trump.is_some() => (own, format!("Your meld is {own}")),
        _ => (own, format!("Your best meld is {own}")),
    };
    let buried = view.rules.counting.points(&view.own.buried);
    let meld_words = if buried > 0 {
        format!("{meld_words} and your bury {buried}")
    } else {
        meld_words
    };
    let (counted, minimum, needs_a_point) = match &view.rules.scoring {
        Scoring::Points(p) => (
            p.counted_meld(SideTally {
                meld,
                ..SideTally::default()
            }),
            p.meld_minimum.unwrap_or(0),
            p.bidder_needs_trick_points,
        ),
        _ => (i64::from(meld), 0, false),
    };
    let need = (i64::from(bid) - counted - i64::from(buried)).max(i64::from(minimum));
    // Every point still to be taken, the last trick's too.
    let in_play = i64::from(view.rules.counting.total()) - i64::from(buried);
    let text = if need > in_play {
        let short = i64::from(bid) - counted - i64::from(buried) - in_play;
        format!(
            "{meld_words}: even all {in_play} points of the play leave it {short} short of {bid}."
        )
    } else if need == in_play && partners.is_empty() {
        format!("{meld_words}: you need all {in_play} points of the play to make {bid}.")
    } else if need == in_play {
        format!("{meld_words}: all {in_play} points of the play make {bid}.")
    } else if need > 0 && partners.is_empty() {
        format!("{meld_words}: you need {need} from the play to make {bid}.")
    } else if need > 0 {
        // (Short: the prompt shares a phone's landscape screen with the table.)
        format!("{meld_words}: {need} from the play makes {bid}.")
    } else if needs_a_point {
        format!("{meld_words}: the bid of {bid} is made, and scores once your side takes a point.")
    } else {
        format!("{meld_words}: the bid of {bid} is made before the play.")
    };
    PlayNeed {
        text,
        needs_every_point: need >= in_play,
    }
}

/// A labelled way of showing meld: "290: run in diamonds, pinochle".
type MeldChoice = (String, Action);

/// The ways the declarer may show meld, labelled with their totals: the one
/// showing the most, and every other, most first (showing less keeps its
/// cards free for the discard).
fn meld_choices(view: &PlayerView) -> (Option<MeldChoice>, Vec<MeldChoice>) {
    let h = &view.public.hand;
    let mut options: Vec<(u32, Vec<MeldKey>)> = view
        .legal_actions()
        .into_iter()
        .filter_map(|a| match a {
            Action::ShowMeld(keys) => Some(keys),
            _ => None,
        })
        .map(|keys| {
            let total = validate_shown(&view.rules, &view.own.hand, h.trump, &keys)
                .map(|r| r.total)
                .unwrap_or(0);
            (total, keys)
        })
        .collect();
    pinochle_engine::sort::sort_by_key(&mut options, |o| std::cmp::Reverse(o.0));
    let mut choices = options.into_iter().map(|(total, keys)| {
        let label = format!("{total}: {}", meld_keys_text(&keys));
        (label, Action::ShowMeld(keys))
    });
    let most = choices.next();
    (most, choices.collect())
}

/// The arrow keys move the focus between the buttons of a decision's group
/// (the trumps, Play and Concede, Bid and Pass…) as they move it along the
/// hand; Tab still goes through them too. Buttons out of sight (the meld
/// shown less, folded) and disabled ones are passed over; the bid's select
/// keeps its own arrows.
pub fn step_between_buttons(e: &KeyboardEvent) {
    let step: i32 = match e.key().as_str() {
        "ArrowLeft" | "ArrowUp" => -1,
        "ArrowRight" | "ArrowDown" => 1,
        _ => return,
    };
    let Some(button) = e
        .target()
        .and_then(|t| t.dyn_into::<HtmlElement>().ok())
        .filter(|t| t.tag_name() == "BUTTON")
    else {
        return;
    };
    let Some(group) = button.closest("[role=group]").ok().flatten() else {
        return;
    };
    let found = group.get_elements_by_tag_name("button");
    let buttons: Vec<HtmlElement> = (0..found.length())
        .filter_map(|i| found.item(i)?.dyn_into::<HtmlElement>().ok())
        .filter(|b| !b.has_attribute("disabled") && b.offset_parent().is_some())
        .collect();
    let Some(at) = buttons.iter().position(|b| *b == button) else {
        return;
    };
    let next = (at as i32 + step).rem_euclid(buttons.len() as i32) as usize;
    e.prevent_default();
    // Focus can only fail on a detached element; nothing to do then.
    let _ = buttons[next].focus();
}

/// The controls for the decision the human is asked now (not the card choices).
pub fn decision_controls(view: &PlayerView, onaction: &Callback<Action>) -> Html {
    let legal = view.legal_actions();
    let has = |a: &Action| legal.contains(a);
    let rules = &view.rules;
    let h = &view.public.hand;
    match view.phase() {
        Phase::Auction => {
            let bids = bids_among(&legal);
            html! {
                <>
                    <BidControls {bids} no_pass={view.refusal(&Action::Pass)} onaction={onaction.clone()} />
                    if has(&Action::DeclineHand) {
                        <div class="choice" role="group" aria-label="Redeal">
                            <p>{ format!("You hold {} nines: you may ask for a new deal.",
                                view.own.hand.to_cards().iter().filter(|c| c.rank == pinochle_engine::Rank::Nine).count()) }</p>
                            { action_button("Ask for a redeal".into(), Action::DeclineHand, false, onaction) }
                        </div>
                    }
                </>
            }
        }
        Phase::Escape => html! {
            <div class="choice" role="group" aria-label="Keep or escape">
                <p>{ format!("Both others passed your {}. Keep the contract, or make the dealer take it at {}?",
                    h.bid.or(h.high.map(|x| x.1)).unwrap_or_default(),
                    rules.auction.escape_to.unwrap_or_default()) }</p>
                { action_button("Keep it".into(), Action::Keep, true, onaction) }
                { action_button("Dealer takes it".into(), Action::Escape, false, onaction) }
            </div>
        },
        Phase::DealerDecline | Phase::DuplicateDecline => html! {
            <div class="choice" role="group" aria-label="Play or decline">
                <p>{ if view.phase() == Phase::DealerDecline {
                    format!("You are stuck with the bid of {}. Play it, or decline before seeing the widow (you pay the fee into the bowl instead of risking a set)?",
                        h.bid.unwrap_or_default())
                } else {
                    "The widow duplicates your cards. Decline the hand, or play?".to_string()
                } }</p>
                { action_button("Play".into(), Action::Play, true, onaction) }
                { action_button("Decline".into(), Action::DeclineHand, false, onaction) }
            </div>
        },
        Phase::KittyConcede | Phase::MeldConcede | Phase::BidderDecision => {
            let question = match (view.phase(), &rules.scoring) {
                // In stake units, what a newcomer does not know a "set" costs.
                (Phase::KittyConcede, Scoring::Stakes(s)) => {
                    let units = s.schedule.win_units(h.bid.unwrap_or_default());
                    let doubles = match (s.spades > 1, s.hearts > 1) {
                        (true, true) => "; more in spades or hearts",
                        (true, false) => "; double in spades",
                        _ => "",
                    };
                    let count = |n: u32| format!("{n} unit{}", if n == 1 { "" } else { "s" });
                    &format!(
                        "You have seen the kitty. Play (made: each pays you {}; set: you pay each {}{doubles}) or concede (you pay each {})?",
                        count(units),
                        count(2 * units),
                        count(units)
                    )
                }
                (Phase::KittyConcede, _) => "You have seen the kitty. Play the hand (a loss is a double set), or concede now (a single set)?",
                (Phase::MeldConcede, _) => "All meld is shown. Play the hand, or throw it in (you lose the bid, the others score their meld)?",
                _ => "Play the hand (the others may challenge), or pass and pay the stake?",
            };
            let concede_label = GiveUp::of(view.phase()).label;
            let need = play_need(view);
            html! {
                <div class="choice" role="group" aria-label="Play or concede">
                    <p>{ question }</p>
                    <p data-testid="needs">{ need.text }</p>
                    { action_button("Play".into(), Action::Play, !need.needs_every_point, onaction) }
                    { action_button(concede_label.into(), Action::Concede, need.needs_every_point, onaction) }
                </div>
            }
        }
        Phase::Challenge => html! {
            <div class="choice" role="group" aria-label="Challenge">
                <p>{ format!("The bidder says play at {}{}. Challenge (play it out: the side that fails pays), or pass?",
                    h.bid.unwrap_or_default(),
                    match h.declarer.and_then(|d| shown_meld(view, d)) {
                        // (Its bury counts for it: the defenders cannot see how much.)
                        Some(m) => format!(" with {m} meld, needing {} from the bury and the play", h.bid.unwrap_or_default().saturating_sub(m)),
                        None => String::new(),
                    }) }</p>
                // Passing is the highlighted (usual) answer: a challenge
                // doubles what the losing side pays.
                { action_button("Challenge".into(), Action::Challenge, false, onaction) }
                { action_button("Pass".into(), Action::Pass, true, onaction) }
            </div>
        },
        Phase::Trump => html! {
            <div class="choice trump-choice" role="group" aria-label="Name trump" data-testid="trump-choice">
                // Where the rules leave out suits (the double deck's trump
                // needs a marriage), say why they are missing.
                <p>{ if legal.iter().filter(|a| matches!(a, Action::ChooseTrump(_))).count() < 4 {
                    "Name trump, a suit in which you hold a marriage. Your meld with each as trump:"
                } else {
                    "Name trump. Your meld with each suit as trump:"
                } }</p>
                <div class="suit-buttons">
                { for legal.iter().filter_map(|a| match a { Action::ChooseTrump(s) => Some(*s), _ => None }).map(|suit| {
                    let meld = best_meld(rules, &view.own.hand, Some(suit)).total;
                    let action = Action::ChooseTrump(suit);
                    let text = action.to_string();
                    let onaction = onaction.clone();
                    let onclick = Callback::from(move |_: MouseEvent| onaction.emit(action.clone()));
                    html! {
                        <button type="button" class="suit-button" data-action={text} {onclick}
                                aria-label={format!("{}: meld {meld}", suit.name())}>
                            <SuitIcon {suit} />
                            // A short screen shows the suit's sign and its meld only.
                            <span><span class="suit-word">{ format!("{}: ", suit.name()) }</span>{ meld }</span>
                        </button>
                    }
                }) }
                </div>
            </div>
        },
        Phase::ShowMeld => {
            let (most, less) = meld_choices(view);
            html! {
                <div class="choice meld-choice" role="group" aria-label="Meld to show">
                    <p>{ "Choose the meld to show:" }</p>
                    { for most.map(|(label, action)| action_button(label, action, true, onaction)) }
                    if !less.is_empty() {
                        <details class="meld-less">
                            <summary>{ format!("Show less, to keep cards free for the discard ({} ways)", less.len()) }</summary>
                            <div class="meld-less-list">
                                { for less.into_iter().map(|(label, action)| action_button(label, action, false, onaction)) }
                            </div>
                        </details>
                    }
                </div>
            }
        }
        // The table asks for these: choose the cards, then confirm.
        Phase::PassLeft | Phase::PartnerPass | Phase::Bury => html! {},
        Phase::Tricks => {
            let text = if h.current_trick().is_empty() {
                "Your lead: play any card."
            } else {
                "Your turn: play a card."
            };
            html! { <p class="prompt">{ text }</p> }
        }
        Phase::SessionOver => html! {},
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_auction_keys_are_those_of_the_moves_allowed() {
        assert_eq!(
            bid_keys_text(5, true).as_deref(),
            Some("Keys: B bid · P pass · + − change")
        );
        // The first player must bid: no P.
        assert_eq!(
            bid_keys_text(5, false).as_deref(),
            Some("Keys: B bid · + − change")
        );
        // One amount left: nothing to change.
        assert_eq!(
            bid_keys_text(1, true).as_deref(),
            Some("Keys: B bid · P pass")
        );
        assert_eq!(bid_keys_text(0, true).as_deref(), Some("Keys: P pass"));
    }
    use pinochle_engine::game::State;
    use pinochle_engine::rules::{PresetId, Rules};

    /// The club bidder's meld decision in the first deal (from seed 0) where
    /// the hand can show its meld in more than `ways` ways, the seats playing
    /// by the rules of thumb.
    fn show_meld_with_more_than(ways: usize) -> PlayerView {
        first_decision(PresetId::Club, Phase::ShowMeld, |v| {
            v.legal_actions().len() > ways
        })
    }

    #[test]
    fn every_way_of_showing_meld_is_offered_the_most_first() {
        let view = show_meld_with_more_than(12);
        let (most, less) = meld_choices(&view);
        let (label, most) = most.expect("a way to show meld");
        let legal = view.legal_actions();
        assert_eq!(1 + less.len(), legal.len(), "every legal way, once");
        let mut offered: Vec<&Action> = less.iter().map(|(_, a)| a).collect();
        offered.push(&most);
        assert!(legal.iter().all(|a| offered.contains(&a)));
        let total = |label: &str| -> u32 { label.split(':').next().unwrap().parse().unwrap() };
        assert!(less.iter().all(|(l, _)| total(l) <= total(&label)));
    }

    /// The first decision of `phase` in deals of `preset` from seed 0 on, the
    /// seats playing by the rules of thumb, for which `pick` holds.
    fn first_decision(
        preset: PresetId,
        phase: Phase,
        pick: impl Fn(&PlayerView) -> bool,
    ) -> PlayerView {
        for seed in 0..300 {
            let mut state = State::new(Rules::preset(preset), seed).expect("a deal");
            while let Some(seat) = state.current_player() {
                let view = state.observation(seat);
                if view.phase() == phase && pick(&view) {
                    return view;
                }
                if view.phase() == Phase::Tricks {
                    break;
                }
                let legal = view.legal_actions();
                let action = pinochle_ai::basic::decide(&view, &legal).expect("a legal action");
                state.apply(action).expect("the bot's action is legal");
            }
        }
        panic!("no {preset:?} deal of 300 reaches {phase:?} as asked");
    }

    /// The declarer's side's meld shown, and its declarer's own.
    fn side_and_own_meld(view: &PlayerView) -> (u32, u32) {
        let h = &view.public.hand;
        let declarer = h.declarer.expect("a declarer");
        let own = h.melds[declarer].as_ref().expect("meld shown").total;
        (h.side_meld(&view.rules, declarer), own)
    }

    #[test]
    fn the_double_decks_prompt_counts_the_partners_meld() {
        // Covered by the side's meld though not by the bidder's own: made
        // before the play, whatever the bidder's own meld would need.
        let covered = first_decision(PresetId::DoubleDeck, Phase::MeldConcede, |v| {
            let (side, own) = side_and_own_meld(v);
            own < v.public.hand.bid.unwrap() && side >= v.public.hand.bid.unwrap()
        });
        let (side, _) = side_and_own_meld(&covered);
        let bid = covered.public.hand.bid.unwrap();
        assert_eq!(
            play_need(&covered).text,
            format!("Your side's meld is {side}: the bid of {bid} is made before the play.")
        );
        let short = first_decision(PresetId::DoubleDeck, Phase::MeldConcede, |v| {
            let (side, own) = side_and_own_meld(v);
            own < side && side < v.public.hand.bid.unwrap()
        });
        let (side, _) = side_and_own_meld(&short);
        let bid = short.public.hand.bid.unwrap();
        assert_eq!(
            play_need(&short).text,
            format!(
                "Your side's meld is {side}: {} from the play makes {bid}.",
                bid - side
            )
        );
    }

    #[test]
    fn a_contract_out_of_reach_says_so() {
        // A side whose meld and every point of the play come short of its
        // bid is told how far, not what the play would need.
        let mut view = first_decision(PresetId::DoubleDeck, Phase::MeldConcede, |_| true);
        let (side, _) = side_and_own_meld(&view);
        // The double deck's play has 50 points.
        let bid = side + 60;
        view.public.hand.bid = Some(bid);
        let need = play_need(&view);
        assert_eq!(
            need.text,
            format!("Your side's meld is {side}: even all 50 points of the play leave it 10 short of {bid}.")
        );
        assert!(
            need.needs_every_point,
            "giving up is the highlighted choice"
        );
        // Every point of the play, no more: only a sweep makes it.
        view.public.hand.bid = Some(side + 50);
        let need = play_need(&view);
        assert_eq!(
            need.text,
            format!(
                "Your side's meld is {side}: all 50 points of the play make {}.",
                side + 50
            )
        );
        assert!(need.needs_every_point);
        view.public.hand.bid = Some(side + 49);
        assert!(
            !play_need(&view).needs_every_point,
            "a point to spare: Play is highlighted"
        );
    }

    #[test]
    fn a_lone_declarer_who_needs_every_point_is_told_so() {
        // Brooklyn after the kitty (seen in play: "Your best meld is 60: you
        // need 250 from the play to make 310", with Play highlighted).
        let mut view = first_decision(PresetId::Brooklyn, Phase::KittyConcede, |_| true);
        let meld = pinochle_engine::Suit::ALL
            .iter()
            .map(|&t| best_meld(&view.rules, &view.own.hand, Some(t)).total)
            .max()
            .unwrap();
        // Brooklyn's play has 250 points (240 in the cards, 10 for the last trick).
        view.public.hand.bid = Some(meld + 250);
        let need = play_need(&view);
        assert_eq!(
            need.text,
            format!(
                "Your best meld is {meld}: you need all 250 points of the play to make {}.",
                meld + 250
            )
        );
        assert!(
            need.needs_every_point,
            "only a sweep makes it: giving up is highlighted"
        );
        view.public.hand.bid = Some(meld + 260);
        let need = play_need(&view);
        assert!(
            need.text
                .ends_with(&format!("leave it 10 short of {}.", meld + 260)),
            "{}",
            need.text
        );
        assert!(
            need.needs_every_point,
            "beyond every point, giving up is highlighted"
        );
    }

    #[test]
    fn a_lone_declarers_prompt_counts_its_own_meld() {
        let view = first_decision(PresetId::Club, Phase::BidderDecision, |_| true);
        let (side, own) = side_and_own_meld(&view);
        assert_eq!(side, own);
        let bid = view.public.hand.bid.unwrap();
        // The club's bidder has buried: those points count for it.
        let buried = view.rules.counting.points(&view.own.buried);
        let meld = if buried > 0 {
            format!("Your meld is {own} and your bury {buried}: ")
        } else {
            format!("Your meld is {own}: ")
        };
        assert!(
            play_need(&view).text.starts_with(&meld),
            "{}",
            play_need(&view).text
        );
        if own + buried < bid {
            assert!(play_need(&view).text.ends_with(&format!(
                "you need {} from the play to make {bid}.",
                bid - own - buried
            )));
        }
    }

    #[test]
    fn a_declarers_bury_counts_toward_the_bid() {
        let buried = |v: &PlayerView| v.rules.counting.points(&v.own.buried);
        // A bury with points, and a contract the play decides.
        let view = first_decision(PresetId::Club, Phase::BidderDecision, |v| {
            let (_, own) = side_and_own_meld(v);
            buried(v) > 0 && own + buried(v) < v.public.hand.bid.unwrap()
        });
        let (_, own) = side_and_own_meld(&view);
        let bid = view.public.hand.bid.unwrap();
        let buried = buried(&view);
        assert_eq!(
            play_need(&view).text,
            format!(
                "Your meld is {own} and your bury {buried}: you need {} from the play to make {bid}.",
                bid - own - buried
            )
        );
    }
}
