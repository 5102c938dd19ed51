//! The start screen: choose a game (with its one-line description and its rules),
//! the table size where the game allows one, the computer players' level, your
//! name, the pace and the deck colours; the seed makes a deal repeatable. Rules
//! opened from a link (or a saved preset) are summed up in plain words, with a
//! Change button that opens the rules editor; "share these rules" writes the
//! link, with a Copy button. Below: the saved sessions (resume / delete), the
//! finished games and any saved entry that could not be read.

use pinochle_ai::Level;
use pinochle_engine::link::{decode_link, encode_link, SharedRules};
use pinochle_engine::rules::money_text;
use pinochle_engine::{PresetId, Rules};
use wasm_bindgen::JsCast;
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::{
    component, hook, html, use_effect_with, use_node_ref, use_state, Callback, Event, Html,
    InputEvent, MouseEvent, NodeRef, Properties, SubmitEvent,
};

use crate::app::replayed_deal_note;
use crate::controller::{has_pot_game, level_label, seat_choices, CustomRules, Pace, Settings};
use crate::rule_forms::summary;
use crate::rules_editor::RulesEditor;
use crate::rules_text::RulesView;
use crate::seating::YOU;
use crate::share::{open_share_sheet, share_url, CopyButton};
use crate::stats_view::StatsPanel;
use crate::storage::{CustomPresets, Library, SessionSummary, Tally};

#[derive(Properties, PartialEq)]
pub struct StartScreenProps {
    pub initial: Settings,
    pub onstart: Callback<Settings>,
    #[prop_or_default]
    pub error: Option<String>,
    /// Saved sessions, finished games and unreadable entries.
    #[prop_or_default]
    pub library: Library,
    #[prop_or_default]
    pub onresume: Callback<String>,
    #[prop_or_default]
    pub ondelete: Callback<String>,
    /// The page's URL without fragment: where share links point.
    #[prop_or_default]
    pub share_base: String,
    /// Save a custom preset: its name and its rules as link text.
    #[prop_or_default]
    pub onsavepreset: Callback<(String, String)>,
    /// Delete the custom preset of this name.
    #[prop_or_default]
    pub ondeletepreset: Callback<String>,
    /// Forget the statistics (the player has confirmed).
    #[prop_or_default]
    pub onresetstats: Callback<()>,
    /// Open this file of hand records for review.
    #[prop_or_default]
    pub onimport: Callback<web_sys::File>,
    /// Why the last file chosen for review could not be opened.
    #[prop_or_default]
    pub import_error: Option<String>,
    /// Why the last save of rules under a name was refused.
    #[prop_or_default]
    pub preset_error: Option<String>,
    /// The file being read for review, while it is.
    #[prop_or_default]
    pub importing: Option<String>,
}

/// Link text for `rules`, carrying `name` (a custom preset's).
fn link_text(rules: Rules, name: Option<String>) -> String {
    encode_link(&SharedRules {
        rules,
        name,
        seed: None,
    })
}

/// The name of the custom rules chosen: their own, or else the name they
/// were saved under (just saved, they are not yet renamed until Use).
fn link_name(settings: &Settings, saved: &CustomPresets) -> Option<String> {
    let custom = settings.custom.as_ref()?;
    custom.name.clone().or_else(|| {
        saved
            .presets
            .iter()
            .rev()
            .find(|p| decode_link(&p.rules).is_ok_and(|shared| shared.rules == custom.rules))
            .map(|p| p.name.clone())
    })
}

/// The rules in plain words: the game and what differs from its preset.
fn rules_summary(rules: &Rules) -> Html {
    let (heading, changes) = summary(rules);
    html! {
        <div class="shared-summary" data-testid="shared-summary">
            <p>{ heading }</p>
            if !changes.is_empty() {
                <ul>{ for changes.into_iter().map(|line| html! { <li>{ line }</li> }) }</ul>
            }
        </div>
    }
}

/// One count for reading: points "−280", stake units "+3 units" or money "−$0.60".
fn amount_text(tally: Tally, v: i64) -> String {
    let minus = if v < 0 { "−" } else { "" };
    let a = v.unsigned_abs();
    match tally {
        Tally::Points => format!("{minus}{a}"),
        Tally::Stakes => format!(
            "{}{a} {}",
            if v > 0 { "+" } else { minus },
            if a == 1 { "unit" } else { "units" }
        ),
        Tally::Money => money_text(v, false),
    }
}

/// Each seat's count beside its name, "You 120 · Ada −40 · Boris 620", or
/// with partners (seats opposite, one count per side) each side's once,
/// "You & Boris 87 · Ada & Cleo 42".
pub fn standing_text(tally: Tally, names: &[String], values: &[i64], partnerships: bool) -> String {
    let name = |seat: usize| match names.get(seat).map(String::as_str) {
        Some("") => YOU.to_string(),
        Some(n) => n.to_string(),
        None => format!("Seat {}", seat + 1),
    };
    let sides = if partnerships && values.len() == 4 {
        2
    } else {
        values.len()
    };
    (0..sides)
        .map(|seat| {
            let who = if sides < values.len() {
                format!("{}\u{a0}& {}", name(seat), name(seat + sides))
            } else {
                name(seat)
            };
            format!("{who} {}", amount_text(tally, values[seat]))
        })
        .collect::<Vec<_>>()
        .join(" · ")
}

/// One line of the finished-games list.
pub fn finished_text(g: &crate::storage::FinishedGame) -> String {
    let preset = PresetId::from_id(&g.game);
    let name: &str = preset.map_or(&g.game, |p| p.name());
    let tally = g
        .tally
        .or_else(|| preset.map(|p| Tally::of(&Rules::preset(p))))
        .unwrap_or(Tally::Points);
    let partnerships = preset.is_some_and(|p| Rules::preset(p).table.partnerships);
    let values = match tally {
        Tally::Points => &g.scores,
        Tally::Stakes | Tally::Money => &g.ledger,
    };
    let result = standing_text(tally, &g.players, values, partnerships);
    let won = if g.winners.is_empty() {
        String::new()
    } else {
        format!(" · won by {}", g.winners.join(" and "))
    };
    format!(
        "{name}{} · {result}{won}{}",
        g.rules_name
            .as_ref()
            .map(|n| format!(" ({n})"))
            .unwrap_or_default(),
        g.seed.map(|d| format!(" · deal {d}")).unwrap_or_default(),
    )
}

/// The button that deletes a saved game, once the player confirms it.
fn delete_session_button(ondelete: &Callback<String>, id: &str) -> Html {
    let (delete, id) = (ondelete.clone(), id.to_string());
    html! {
        <button type="button" data-testid="delete-session"
                onclick={move |_: MouseEvent| {
                    let sure = web_sys::window()
                        .and_then(|w| w.confirm_with_message("Delete this saved game? It cannot be resumed afterwards.").ok())
                        .unwrap_or(true);
                    if sure { delete.emit(id.clone()) }
                }}>{ "Delete" }</button>
    }
}

/// "Bison Auction Pinochle · You 120 · Ada 80 · Boris 45 · hand 3 (auction)"
/// (or "hand 2 (result)" where the player left at a hand's result).
fn describe(s: &SessionSummary) -> String {
    let scores = standing_text(s.tally, &s.players, &s.standing, s.partnerships);
    let state = if s.finished {
        "finished".to_string()
    } else if s.result_open {
        format!("hand {} (result)", s.hands_completed)
    } else {
        format!("hand {} ({})", s.hands_completed + 1, s.phase)
    };
    format!(
        "{}{} · {} · {}",
        s.game,
        s.rules_name
            .as_ref()
            .map(|n| format!(" ({n})"))
            .unwrap_or_default(),
        scores,
        state
    ) + if s.practice { " · practice" } else { "" }
}

/// Milliseconds since the epoch as a short date and time where the player
/// is (the browser's time zone at that moment).
fn local_when(ms: u64) -> String {
    #[allow(clippy::cast_precision_loss)] // milliseconds since 1970 fit in f64 exactly
    let offset =
        js_sys::Date::new(&wasm_bindgen::JsValue::from_f64(ms as f64)).get_timezone_offset();
    #[allow(clippy::cast_possible_truncation)] // whole minutes, at most a day
    when(ms, -(offset as i64))
}

/// Milliseconds since the epoch as a short date and time, `ahead_minutes`
/// ahead of UTC.
fn when(ms: u64, ahead_minutes: i64) -> String {
    let secs = (ms / 1000) as i64 + ahead_minutes * 60;
    let days = secs.div_euclid(86_400);
    // Civil date from days since 1970-01-01 (Howard Hinnant's algorithm).
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year}-{month:02}-{day:02} {:02}:{:02}",
        secs.rem_euclid(86_400) / 3600,
        secs.rem_euclid(3600) / 60
    )
}

/// The chosen option's value of a `<select>`.
pub fn select_value(e: &Event) -> Option<String> {
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

/// A node that scrolls into view, its top at the top of the screen, when
/// the screen first shows it with `shown` true and whenever `shown` turns
/// true (a panel opened below the fold).
#[hook]
pub fn use_scroll_into_view(shown: bool) -> NodeRef {
    let node = use_node_ref();
    {
        let node = node.clone();
        use_effect_with(shown, move |&shown| {
            if let Some(element) = node.cast::<web_sys::Element>().filter(|_| shown) {
                element.scroll_into_view_with_bool(true);
            }
        });
    }
    node
}

/// A node brought just into view (the least scroll that shows it whole)
/// when `shown` turns true: a message under the button that raised it.
#[hook]
fn use_scroll_into_view_nearest(shown: bool) -> NodeRef {
    let node = use_node_ref();
    {
        let node = node.clone();
        use_effect_with(shown, move |&shown| {
            if let Some(element) = node.cast::<web_sys::Element>().filter(|_| shown) {
                let options = web_sys::ScrollIntoViewOptions::new();
                options.set_block(web_sys::ScrollLogicalPosition::Nearest);
                element.scroll_into_view_with_scroll_into_view_options(&options);
            }
        });
    }
    node
}

#[component]
pub fn StartScreen(props: &StartScreenProps) -> Html {
    let settings = use_state(|| props.initial.clone());
    let deal_text = use_state(|| {
        props
            .initial
            .deal
            .map(|d| d.to_string())
            .unwrap_or_default()
    });
    let show_rules = use_state(|| false);
    let show_stats = use_state(|| false);
    let toggle_stats = {
        let show_stats = show_stats.clone();
        Callback::from(move |_: MouseEvent| show_stats.set(!*show_stats))
    };
    let on_import = {
        let onimport = props.onimport.clone();
        Callback::from(move |e: Event| {
            let input = e
                .target()
                .and_then(|t| t.dyn_into::<HtmlInputElement>().ok());
            if let Some(input) = input {
                if let Some(file) = input.files().and_then(|files| files.get(0)) {
                    onimport.emit(file);
                }
                // The same file chosen again is a new change.
                input.set_value("");
            }
        })
    };
    // Custom rules show in the editor (else as a summary with a Change button).
    let editing = use_state(|| false);
    // Rules from a link (or the last game's own) are what the player came
    // for: on a phone they lie below the game list, so the screen opens on
    // them, the Deal button below them.
    let custom_rules = use_scroll_into_view(true);
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
        let (settings, deal_text) = (settings.clone(), deal_text.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            if read_deal_number(&deal_text).is_err() {
                return;
            }
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
            next.custom = None;
            settings.set(next);
        })
    };
    let on_seats = {
        let set = update(|s, v| s.seats = v.parse().unwrap_or(3));
        Callback::from(move |e: Event| set(select_value(&e).unwrap_or_default()))
    };
    let on_level = {
        let set = update(|s, v| s.level = Level::from_name(&v).unwrap_or(Level::Standard));
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
    // The field keeps what was typed; the settings take the number it reads
    // as, and a text that is no number is named and deals nothing.
    let on_seed = {
        let (settings, deal_text) = (settings.clone(), deal_text.clone());
        Callback::from(move |e: InputEvent| {
            let text = input_value(&e).unwrap_or_default();
            if let Ok(deal) = read_deal_number(&text) {
                let mut next = (*settings).clone();
                next.deal = deal;
                settings.set(next);
            }
            deal_text.set(text);
        })
    };
    let deal_problem = read_deal_number(&deal_text).err();
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
    let on_auto_play = {
        let settings = settings.clone();
        Callback::from(move |e: Event| {
            let mut next = (*settings).clone();
            next.auto_play = checked(&e);
            settings.set(next);
        })
    };
    let toggle_rules = {
        let show_rules = show_rules.clone();
        Callback::from(move |_| show_rules.set(!*show_rules))
    };
    // The rules open under the game list, on a phone below the screen's
    // edge: opened, they come into view (else the tap seemed to do nothing).
    let rules_text = use_scroll_into_view(*show_rules);
    let rules = s.rules().ok();
    // Once asked for, the link follows the choices below as they change (a
    // link made before a change would share the old rules).
    let share_open = use_state(|| false);
    let rules_name = link_name(&s, &props.library.presets);
    let link = rules.clone().map(|rules| {
        share_url(
            &props.share_base,
            &SharedRules {
                rules,
                name: rules_name.clone(),
                seed: s.deal,
            },
        )
    });
    let shared_url = (*share_open).then(|| link.clone()).flatten();
    let on_rules = {
        let settings = settings.clone();
        Callback::from(move |rules: Rules| {
            let mut next = (*settings).clone();
            next.custom = Some(CustomRules { rules, name: None });
            settings.set(next);
        })
    };
    let preset_name = use_state(String::new);
    let on_preset_name = {
        let preset_name = preset_name.clone();
        Callback::from(move |e: InputEvent| preset_name.set(input_value(&e).unwrap_or_default()))
    };
    // The name and rules of the last save asked for: its refusal is said by
    // the Save button while they are what the player sees, and goes once
    // either changes.
    let save_asked = use_state(|| None::<(String, String)>);
    let on_save_preset = {
        let (save, name, rules, asked) = (
            props.onsavepreset.clone(),
            preset_name.clone(),
            rules.clone(),
            save_asked.clone(),
        );
        Callback::from(move |_: MouseEvent| {
            if let Some(rules) = rules.clone() {
                let request = ((*name).clone(), link_text(rules, None));
                asked.set(Some(request.clone()));
                save.emit(request);
            }
        })
    };
    let save_refused = props.preset_error.clone().filter(|_| {
        let shown = rules
            .clone()
            .map(|rules| ((*preset_name).clone(), link_text(rules, None)));
        save_asked.as_ref() == shown.as_ref()
    });
    let save_refusal = use_scroll_into_view_nearest(save_refused.is_some());
    let use_preset = |name: String, text: String| {
        let (settings, editing) = (settings.clone(), editing.clone());
        Callback::from(move |_: MouseEvent| {
            if let Ok(shared) = decode_link(&text) {
                editing.set(false);
                let mut next = (*settings).clone();
                next.preset = shared.rules.preset;
                next.seats = shared.rules.table.seats;
                next.pot_game = false;
                next.custom = Some(CustomRules {
                    rules: shared.rules,
                    name: Some(name.clone()),
                });
                settings.set(next);
            }
        })
    };
    let customize = {
        let (settings, editing) = (settings.clone(), editing.clone());
        Callback::from(move |_: MouseEvent| {
            editing.set(true);
            let mut next = (*settings).clone();
            next.custom = match &next.custom {
                Some(_) => None,
                None => next
                    .rules()
                    .ok()
                    .map(|rules| CustomRules { rules, name: None }),
            };
            settings.set(next);
        })
    };
    let change_rules = {
        let editing = editing.clone();
        Callback::from(move |_: MouseEvent| editing.set(true))
    };
    // The link shows under the button (to copy, or to read what is shared)
    // and, on a phone, the system's share sheet opens with it.
    let on_share = {
        let share_open = share_open.clone();
        let title = rules_name
            .clone()
            .unwrap_or_else(|| s.preset.name().to_string());
        Callback::from(move |_: MouseEvent| {
            share_open.set(true);
            if let Some(url) = &link {
                open_share_sheet(&title, url);
            }
        })
    };
    let library = &props.library;
    // Cards the player has seen: said by the Deal button before it deals
    // them, as the game they start is practice.
    let replayed = s
        .deal
        .zip(rules.as_ref())
        .filter(|(deal, rules)| library.played_deal(rules.preset, *deal))
        .map(|(deal, _)| replayed_deal_note(deal));
    // The game last played, if unfinished: the way back to it sits on top
    // (it was only under "Saved games" at the page's foot, so a player who
    // left the table by "New game" thought the game lost).
    // It is not listed again under the other saved games below.
    let latest = library.sessions.iter().find(|s| !s.finished);
    let others: Vec<&SessionSummary> = library
        .sessions
        .iter()
        .filter(|s| !s.finished && latest.is_none_or(|l| l.id != s.id))
        .collect();
    html! {
        <>
        if let Some(session) = latest {
            <div class="resume-latest" data-testid="resume-latest">
                <p>
                    <span data-testid="resume-latest-text">{ format!("Your game in progress: {}", describe(session)) }</span>
                    <span class="when">{ format!("last played {}", local_when(session.last_played_ms)) }</span>
                </p>
                <span class="resume-actions">
                    { delete_session_button(&props.ondelete, &session.id) }
                    <button type="button" class="primary" data-testid="resume-latest-button"
                            onclick={{ let (resume, id) = (props.onresume.clone(), session.id.clone()); move |_: MouseEvent| resume.emit(id.clone()) }}>
                        { "Back to the game" }
                    </button>
                </span>
            </div>
        }
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
            <div class="rules-actions">
                <button type="button" class="link" onclick={toggle_rules} aria-expanded={show_rules.to_string()}
                        data-testid="show-rules">
                    { if *show_rules { "Hide the rules" } else { "Read the rules of this game" } }
                </button>
                <button type="button" class="link" onclick={customize} data-testid="customize-rules">
                    { if s.custom.is_some() { "Use this game's standard rules" } else { "Change the rules" } }
                </button>
                <button type="button" onclick={on_share} data-testid="share-rules">{ "Share these rules" }</button>
            </div>
            if let Some(url) = shared_url {
                <div class="share-link">
                    <label>{ if s.deal.is_some() { "Link to these rules and this deal number" } else { "Link to these rules" } }
                        <input type="text" readonly=true value={url.clone()} data-testid="share-url" />
                    </label>
                    <CopyButton text={url} />
                </div>
            }
            if *show_rules {
                if let Some(rules) = rules.clone() { <div ref={rules_text}><RulesView {rules} /></div> }
            }
            if s.custom.is_some() {
                if let Some(rules) = rules.clone() {
                    <section class="custom-rules" data-testid="custom-rules" aria-label="These rules" ref={custom_rules.clone()}>
                        if let Some(name) = rules_name.clone() {
                            <h3 data-testid="rules-name">{ name }</h3>
                        }
                        if *editing {
                            <RulesEditor {rules} onchange={on_rules} />
                        } else {
                            { rules_summary(&rules) }
                            <button type="button" onclick={change_rules} data-testid="change-rules">{ "Change" }</button>
                        }
                        <div class="save-preset">
                            <label>{ "Save these rules as" }
                                <input type="text" value={(*preset_name).clone()} oninput={on_preset_name}
                                       maxlength="60" placeholder="Our Friday rules" data-testid="preset-name" />
                            </label>
                            <button type="button" onclick={on_save_preset} data-testid="save-preset">{ "Save" }</button>
                        </div>
                        if let Some(refusal) = save_refused.clone() {
                            <p class="error" role="alert" data-testid="preset-error" ref={save_refusal.clone()}>{ refusal }</p>
                        }
                    </section>
                }
            }
            <div class="fields">
                if let (Some(sizes), None) = (sizes, &s.custom) {
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
                if has_pot_game(s.preset) && s.custom.is_none() {
                    <label class="check"><input type="checkbox" checked={s.pot_game} onchange={on_pot} data-testid="pot-game" />
                        { "Pot game (25¢ antes, bids from 250)" }</label>
                }
                <label>{ "Computer players" }
                    <select onchange={on_level} data-testid="level">
                        { for Level::PLAYABLE.into_iter().map(|l| html! {
                            <option value={l.name()} selected={l == s.level}>{ level_label(l) }</option>
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
                <label>{ "Deal number (empty: new cards; a number deals the same cards again)" }
                    <input type="text" inputmode="numeric" value={(*deal_text).clone()}
                           placeholder="random" oninput={on_seed} data-testid="seed"
                           aria-invalid={deal_problem.is_some().to_string()}
                           aria-describedby={deal_problem.is_some().then_some("deal-problem")} />
                </label>
                <label class="check"><input type="checkbox" checked={s.four_color} onchange={on_colors} data-testid="four-color" />
                    { "Four-colour deck (♠ black, ♥ red, ♦ blue, ♣ green)" }</label>
                <label class="check"><input type="checkbox" checked={s.auto_play} onchange={on_auto_play} data-testid="start-auto-play" />
                    { "Auto-play a lone card (play my only legal card for me)" }</label>
            </div>
            <div class="start-deal">
                // In the bar with the Deal button it waits for, always in view
                // (under the field, the sticky bar hid it).
                if let Some(problem) = &deal_problem {
                    <p class="error" role="alert" id="deal-problem" data-testid="deal-problem">{ problem.clone() }</p>
                } else if let Some(note) = replayed {
                    <p class="deal-replayed" role="status" data-testid="deal-replayed">{ note }</p>
                }
                <button type="submit" class="primary" data-testid="start-game"
                        disabled={deal_problem.is_some()}>{ "Deal" }</button>
            </div>
        </form>
        if *show_stats {
            <StatsPanel stats={library.stats.clone()} onclose={toggle_stats.clone()} onreset={props.onresetstats.clone()} />
        } else {
            <p class="start-links">
                <button type="button" onclick={toggle_stats} data-testid="stats">{ "Statistics" }</button>
            </p>
        }
        <p class="start-links">
            <label class="file-button" title="Open hand records (a .jsonl file saved by Export, or written by pinochle simulate --records) to review them">
                { "Review a saved hand…" }
                <input type="file" accept=".jsonl,.json,application/json,text/plain" onchange={on_import}
                       class="visually-hidden" data-testid="import" />
            </label>
        </p>
        if let Some(file) = &props.importing {
            <p class="start-links" role="status" data-testid="import-status">
                { format!("Opening {file} for review…") }
            </p>
        }
        if let Some(err) = &props.import_error {
            <p class="error start-links" role="alert" data-testid="import-error">{ err.clone() }</p>
        }
        if !library.presets.presets.is_empty() {
            <section class="saved" data-testid="custom-presets" aria-labelledby="presets-title">
                <h2 id="presets-title">{ "Your rules" }</h2>
                <ul>
                { for library.presets.presets.iter().map(|p| {
                    let delete = props.ondeletepreset.clone();
                    let name = p.name.clone();
                    html! {
                        <li data-testid="custom-preset">
                            <span>{ p.name.clone() }</span>
                            <button type="button" onclick={use_preset(p.name.clone(), p.rules.clone())}
                                    data-testid="use-preset">{ "Use" }</button>
                            <button type="button" onclick={move |_: MouseEvent| delete.emit(name.clone())}
                                    data-testid="delete-preset">{ "Delete" }</button>
                        </li>
                    }
                }) }
                </ul>
            </section>
        }
        if !others.is_empty() {
            <section class="saved" data-testid="saved-sessions" aria-labelledby="saved-title">
                <h2 id="saved-title">{ "Other saved games" }</h2>
                <ul>
                { for others.into_iter().map(|session| {
                    let (resume, id) = (props.onresume.clone(), session.id.clone());
                    html! {
                        <li data-testid="saved-session" data-session={session.id.clone()}>
                            <span>{ describe(session) }</span>
                            <span class="when">{ format!("last played {}", local_when(session.last_played_ms)) }</span>
                            <button type="button" onclick={move |_: MouseEvent| resume.emit(id.clone())}
                                    data-testid="resume-session">{ "Resume" }</button>
                            { delete_session_button(&props.ondelete, &session.id) }
                        </li>
                    }
                }) }
                </ul>
            </section>
        }
        if !library.history.games.is_empty() {
            <section class="history" data-testid="history" aria-labelledby="history-title">
                <h2 id="history-title">{ "Finished games" }</h2>
                <ul>
                { for library.history.games.iter().map(|g| {
                    // A finished game whose saved session is still kept can be opened to review its hands.
                    let kept = library.sessions.iter().any(|s| s.id == g.session_id);
                    let (open, id) = (props.onresume.clone(), g.session_id.clone());
                    html! {
                        <li>
                            <span>{ format!("{} · {}{}", finished_text(g), local_when(g.finished_ms), if g.practice { " · practice" } else { "" }) }</span>
                            if kept {
                                <button type="button" onclick={move |_: MouseEvent| open.emit(id.clone())}
                                        data-testid="review-game">{ "Review" }</button>
                            }
                        </li>
                    }
                }) }
                </ul>
            </section>
        }
        </>
    }
}

/// The deal number in the start screen's field: empty for new cards, else
/// the number, written with or without spaces, commas or a leading "Deal"
/// (as the result panel names it). Anything else is named (in a line short
/// enough for the Deal bar), never read as "new cards".
pub(crate) fn read_deal_number(text: &str) -> Result<Option<u64>, String> {
    let trimmed = text.trim();
    // "Deal", "deal", "DEAL" (as the table and the lists write it, or typed).
    let number = trimmed
        .get(..4)
        .filter(|word| word.eq_ignore_ascii_case("deal"))
        .map_or(trimmed, |_| &trimmed[4..])
        .trim_start_matches(|c: char| c == ':' || c.is_whitespace())
        .trim_start_matches('#');
    let digits: String = number
        .chars()
        .filter(|c| !c.is_whitespace() && !matches!(c, ',' | '_' | '\''))
        .collect();
    if trimmed.is_empty() {
        return Ok(None);
    }
    if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
        return Err("A deal number has digits only (empty: new cards).".to_string());
    }
    digits
        .parse::<u64>()
        .map(Some)
        .map_err(|_| "That deal number is too large.".to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::FinishedGame;

    /// Rules just saved under a name are shared under it before Use names
    /// them; rules changed since are not.
    #[test]
    fn saved_rules_share_under_their_name() {
        let rules = Rules::from_preset_id("bison", &["target=1000"]).unwrap();
        let saved = CustomPresets {
            schema: crate::storage::LIST_SCHEMA,
            presets: vec![crate::storage::CustomPreset {
                name: "Friday".into(),
                rules: link_text(rules.clone(), None),
            }],
        };
        let mut settings = Settings::for_rules(rules, None, &Settings::default());
        assert_eq!(link_name(&settings, &saved).as_deref(), Some("Friday"));
        settings.custom = settings.custom.map(|c| CustomRules {
            rules: Rules::from_preset_id("bison", &["target=1500"]).unwrap(),
            ..c
        });
        assert_eq!(link_name(&settings, &saved), None);
        settings.custom = settings.custom.map(|c| CustomRules {
            name: Some("Own".into()),
            ..c
        });
        assert_eq!(link_name(&settings, &saved).as_deref(), Some("Own"));
    }

    #[test]
    fn a_deal_number_reads_as_written_or_is_named() {
        assert_eq!(read_deal_number(""), Ok(None));
        assert_eq!(read_deal_number("  "), Ok(None));
        for text in [
            "617995316",
            " 617 995 316 ",
            "617,995,316",
            "Deal 617995316",
            "deal #617995316",
            "DEAL 617995316",
            "Deal: 617995316",
        ] {
            assert_eq!(read_deal_number(text), Ok(Some(617_995_316)), "{text}");
        }
        assert_eq!(read_deal_number("0"), Ok(Some(0)));
        for text in ["617 995x316", "-1", "abc", "1.5", "Deal", "#"] {
            let e = read_deal_number(text).unwrap_err();
            assert!(e.contains("digits only"), "{text}: {e}");
        }
        let e = read_deal_number("18446744073709551616").unwrap_err();
        assert!(e.contains("too large"), "{e}");
    }

    fn finished(game: &str, scores: Vec<i64>, ledger: Vec<i64>) -> FinishedGame {
        FinishedGame {
            session_id: "s".into(),
            game: game.into(),
            rules_name: None,
            players: vec!["You".into(), "Ada".into(), "Boris".into()],
            scores,
            ledger,
            winners: vec![],
            hands: 4,
            finished_ms: 0,
            seed: Some(7),
            practice: false,
            tally: None,
        }
    }

    #[test]
    fn each_seat_or_side_is_named_beside_its_count() {
        let names = |n: &[&str]| n.iter().map(|s| (*s).to_string()).collect::<Vec<_>>();
        assert_eq!(
            standing_text(
                Tally::Points,
                &names(&["", "Ada", "Boris"]),
                &[-280, 130, 0],
                false
            ),
            "You −280 · Ada 130 · Boris 0"
        );
        assert_eq!(standing_text(Tally::Points, &[], &[], false), "");
        assert_eq!(
            standing_text(
                Tally::Stakes,
                &names(&["You", "Ada", "Boris"]),
                &[3, -1, 0],
                false
            ),
            "You +3 units · Ada −1 unit · Boris 0 units"
        );
        assert_eq!(
            standing_text(Tally::Money, &names(&["You", "Ada"]), &[120, -5], false),
            "You $1.20 · Ada −$0.05"
        );
        // Partners share one count: each side is named once.
        assert_eq!(
            standing_text(
                Tally::Points,
                &names(&["", "Ada", "Boris", "Cleo"]),
                &[87, 42, 87, 42],
                true
            ),
            "You\u{a0}& Boris 87 · Ada\u{a0}& Cleo 42"
        );
        // A name missing from a damaged entry still leaves the count readable.
        assert_eq!(standing_text(Tally::Points, &[], &[5], false), "Seat 1 5");
    }

    #[test]
    fn dates_read_in_the_players_time_zone() {
        // 2026-11-27 04:24 UTC.
        let ms = 1_795_753_440_000;
        assert_eq!(when(ms, 0), "2026-11-27 04:24");
        assert_eq!(when(ms, -300), "2026-11-26 23:24");
        assert_eq!(when(ms, 330), "2026-11-27 09:54");
    }

    #[test]
    fn finished_games_have_proper_names_and_their_ledger() {
        let mut bison = finished("bison", vec![1510, -40, 620], vec![]);
        bison.winners = vec!["You".into()];
        assert_eq!(
            finished_text(&bison),
            "Bison Auction Pinochle · You 1510 · Ada −40 · Boris 620 · won by You · deal 7"
        );
        let club = finished("club", vec![0, 0, 0], vec![120, -60, -60]);
        let text = finished_text(&club);
        assert!(
            text.starts_with("Club Pinochle for the Kitty Bowl · "),
            "{text}"
        );
        assert!(
            text.contains("You $1.20 · Ada −$0.60 · Boris −$0.60"),
            "{text}"
        );
        // Brooklyn keeps stake units, not money.
        let brooklyn = finished("brooklyn", vec![0, 0, 0], vec![4, -2, -2]);
        assert!(finished_text(&brooklyn).contains("You +4 units · Ada −2 units · Boris −2 units"));
    }
}
