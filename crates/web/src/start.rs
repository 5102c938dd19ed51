//! The start screen: choose a game (with its one-line description and its rules),
//! the table size where the game allows one, the computer players' level, your
//! name, the pace and the deck colours; the seed makes a deal repeatable.

use pinochle_engine::{PresetId, Rules};
use wasm_bindgen::JsCast;
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::{component, html, use_state, Callback, Event, Html, InputEvent, Properties, SubmitEvent};

use crate::controller::{has_pot_game, seat_choices, Level, Pace, Settings};
use crate::rules_text::RulesView;

#[derive(Properties, PartialEq)]
pub struct StartScreenProps {
    pub initial: Settings,
    pub onstart: Callback<Settings>,
    #[prop_or_default]
    pub error: Option<String>,
}

fn select_value(e: &Event) -> Option<String> {
    e.target()
        .and_then(|t| t.dyn_into::<HtmlSelectElement>().ok())
        .map(|s| s.value())
}

fn input_value(e: &InputEvent) -> Option<String> {
    e.target()
        .and_then(|t| t.dyn_into::<HtmlInputElement>().ok())
        .map(|s| s.value())
}

fn checked(e: &Event) -> bool {
    e.target()
        .and_then(|t| t.dyn_into::<HtmlInputElement>().ok())
        .is_some_and(|i| i.checked())
}

#[component]
pub fn StartScreen(props: &StartScreenProps) -> Html {
    let settings = use_state(|| props.initial.clone());
    let show_rules = use_state(|| false);
    let s = (*settings).clone();
    let update = |f: fn(&mut Settings, String)| {
        let settings = settings.clone();
        move |value: String| {
            let mut next = (*settings).clone();
            f(&mut next, value);
            settings.set(next);
        }
    };
    let sizes = seat_choices(s.preset, s.pot_game);
    let on_submit = {
        let onstart = props.onstart.clone();
        let settings = settings.clone();
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let mut chosen = (*settings).clone();
            match seat_choices(chosen.preset, chosen.pot_game) {
                Some(sizes) if !sizes.contains(&chosen.seats) => chosen.seats = sizes[0],
                None => chosen.seats = Rules::preset(chosen.preset).table.seats,
                _ => {}
            }
            onstart.emit(chosen)
        })
    };
    let pick_game = |preset: PresetId| {
        let settings = settings.clone();
        Callback::from(move |_: Event| {
            let mut next = (*settings).clone();
            next.preset = preset;
            next.seats = Rules::preset(preset).table.seats;
            next.pot_game = false;
            settings.set(next);
        })
    };
    let on_seats = {
        let set = update(|s, v| s.seats = v.parse().unwrap_or(3));
        Callback::from(move |e: Event| set(select_value(&e).unwrap_or_default()))
    };
    let on_level = {
        let set = update(|s, v| s.level = Level::from_id(&v).unwrap_or(Level::Standard));
        Callback::from(move |e: Event| set(select_value(&e).unwrap_or_default()))
    };
    let on_pace = {
        let set = update(|s, v| s.pace = Pace::from_id(&v).unwrap_or(Pace::Normal));
        Callback::from(move |e: Event| set(select_value(&e).unwrap_or_default()))
    };
    let on_name = {
        let set = update(|s, v| s.name = v);
        Callback::from(move |e: InputEvent| set(input_value(&e).unwrap_or_default()))
    };
    let on_seed = {
        let set = update(|s, v| s.seed = v.trim().parse().unwrap_or(s.seed));
        Callback::from(move |e: InputEvent| set(input_value(&e).unwrap_or_default()))
    };
    let on_pot = {
        let settings = settings.clone();
        Callback::from(move |e: Event| {
            let mut next = (*settings).clone();
            next.pot_game = checked(&e);
            settings.set(next);
        })
    };
    let on_colors = {
        let settings = settings.clone();
        Callback::from(move |e: Event| {
            let mut next = (*settings).clone();
            next.four_color = checked(&e);
            settings.set(next);
        })
    };
    let toggle_rules = {
        let show_rules = show_rules.clone();
        Callback::from(move |_| show_rules.set(!*show_rules))
    };
    let rules = s.rules().ok();
    html! {
        <form class="start" data-testid="start" onsubmit={on_submit} aria-labelledby="start-title">
            <h2 id="start-title">{ "New game" }</h2>
            if let Some(err) = &props.error {
                <p class="error" role="alert">{ err.clone() }</p>
            }
            <fieldset class="games">
                <legend>{ "Game" }</legend>
                { for PresetId::ALL.into_iter().map(|p| html! {
                    <label class={if p == s.preset { "game chosen" } else { "game" }}>
                        <input type="radio" name="game" value={p.id()} checked={p == s.preset}
                               onchange={pick_game(p)} data-testid={format!("game-{}", p.id())} />
                        <span class="game-name">{ p.name() }</span>
                        <span class="game-desc">{ p.description() }</span>
                    </label>
                }) }
            </fieldset>
            <button type="button" class="link" onclick={toggle_rules} aria-expanded={show_rules.to_string()}
                    data-testid="show-rules">
                { if *show_rules { "Hide the rules" } else { "Read the rules of this game" } }
            </button>
            if *show_rules {
                if let Some(rules) = rules.clone() { <RulesView {rules} /> }
            }
            <div class="fields">
                if let Some(sizes) = sizes {
                    <label>{ "Players at the table" }
                        <select onchange={on_seats} data-testid="seats">
                            { for sizes.iter().map(|n| html! {
                                <option value={n.to_string()} selected={*n == s.seats}>
                                    { format!("{n}{}", if *n > 3 { " (three play each hand)" } else { "" }) }
                                </option>
                            }) }
                        </select>
                    </label>
                }
                if has_pot_game(s.preset) {
                    <label class="check"><input type="checkbox" checked={s.pot_game} onchange={on_pot} data-testid="pot-game" />
                        { "Pot game (25¢ antes, bids from 250)" }</label>
                }
                <label>{ "Computer players" }
                    <select onchange={on_level} data-testid="level">
                        { for Level::ALL.into_iter().map(|l| html! {
                            <option value={l.id()} selected={l == s.level}>{ l.label() }</option>
                        }) }
                    </select>
                </label>
                <label>{ "Your name" }
                    <input type="text" value={s.name.clone()} oninput={on_name} maxlength="24"
                           placeholder="You" autocomplete="nickname" data-testid="name" />
                </label>
                <label>{ "Pace of play" }
                    <select onchange={on_pace} data-testid="pace">
                        { for Pace::ALL.into_iter().map(|p| html! {
                            <option value={p.id()} selected={p == s.pace}>{ p.id() }</option>
                        }) }
                    </select>
                </label>
                <label>{ "Deal number (the same number deals the same cards)" }
                    <input type="text" inputmode="numeric" value={s.seed.to_string()} oninput={on_seed} data-testid="seed" />
                </label>
                <label class="check"><input type="checkbox" checked={s.four_color} onchange={on_colors} data-testid="four-color" />
                    { "Four-colour deck (♠ black, ♥ red, ♦ blue, ♣ green)" }</label>
            </div>
            <button type="submit" class="primary" data-testid="start-game">{ "Deal" }</button>
        </form>
    }
}
