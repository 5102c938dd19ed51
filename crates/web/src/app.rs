//! The Yew shell: the app model as a reducer ([`AppModel`], start screen or a
//! game), the computer players' Web Worker, the pace timers and the URL
//! parameters (`?game=club&seed=7&pace=instant&level=basic&seats=4&name=Ann`
//! prefill the start screen; `&autostart=1` deals at once).

use std::cell::Cell;
use std::rc::Rc;

use gloo_timers::callback::Timeout;
use gloo_worker::{Spawnable, WorkerBridge};
use pinochle_engine::PresetId;
use yew::{
    component, html, use_effect_with, use_mut_ref, use_reducer, use_state, Callback, Html,
    MouseEvent, Reducible,
};

use crate::bot::{BotReply, BotWorker, WORKER_LOADER};
use crate::controller::{Game, Level, Msg, Pace, Settings};
use crate::start::StartScreen;
use crate::table::{table, TableCallbacks};

/// The application's title, shown in the page header (and in `index.html`'s `<title>`).
pub const APP_TITLE: &str = "Pinochle";

/// What the app shows.
#[derive(Clone, Debug, PartialEq)]
pub enum Screen {
    Start,
    Playing(Box<Game>),
}

/// The whole UI state: the reducer's value.
#[derive(Clone, Debug, PartialEq)]
pub struct AppModel {
    /// The start screen's settings (kept for the next game).
    pub settings: Settings,
    pub screen: Screen,
    pub error: Option<String>,
}

/// What the UI can do to the model.
#[derive(Clone, Debug)]
pub enum AppAction {
    StartGame(Settings),
    Game(Msg),
    /// The computer player could not decide (should not happen).
    BotFailed(String),
    BackToStart,
}

impl AppModel {
    pub fn new(settings: Settings) -> AppModel {
        AppModel {
            settings,
            screen: Screen::Start,
            error: None,
        }
    }

    pub fn game(&self) -> Option<&Game> {
        match &self.screen {
            Screen::Playing(g) => Some(g),
            Screen::Start => None,
        }
    }
}

impl Reducible for AppModel {
    type Action = AppAction;

    fn reduce(self: Rc<Self>, action: AppAction) -> Rc<Self> {
        let mut next = (*self).clone();
        match action {
            AppAction::StartGame(settings) => match Game::start(settings.clone()) {
                Ok(game) => {
                    next.settings = settings;
                    next.screen = Screen::Playing(Box::new(game));
                    next.error = None;
                }
                Err(e) => next.error = Some(e.to_string()),
            },
            AppAction::Game(msg) => {
                let Screen::Playing(game) = &mut next.screen else {
                    return self;
                };
                // A refused message (stale decision, paused table) changes nothing.
                if game.update(msg).is_err() {
                    return self;
                }
                next.settings.pace = game.settings.pace;
                next.settings.four_color = game.settings.four_color;
            }
            AppAction::BotFailed(reason) => next.error = Some(reason),
            AppAction::BackToStart => {
                next.screen = Screen::Start;
                next.error = None;
            }
        }
        Rc::new(next)
    }
}

/// Start-screen settings from the page's URL parameters.
pub fn settings_from_query(query: &str) -> (Settings, bool) {
    let mut s = Settings::default();
    let mut autostart = false;
    for pair in query.trim_start_matches('?').split('&') {
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        match key {
            "game" => {
                if let Some(p) = PresetId::from_id(value) {
                    s.preset = p;
                    s.seats = pinochle_engine::Rules::preset(p).table.seats;
                }
            }
            "seed" => s.seed = value.parse().unwrap_or(s.seed),
            "pace" => s.pace = Pace::from_id(value).unwrap_or(s.pace),
            "level" => s.level = Level::from_id(value).unwrap_or(s.level),
            "seats" => s.seats = value.parse().unwrap_or(s.seats),
            "pot" => s.pot_game = value == "1" || value == "true",
            "name" => s.name = value.replace('+', " ").chars().take(24).collect(),
            "colors" => s.four_color = value == "4",
            "autostart" => autostart = value == "1" || value == "true",
            _ => {}
        }
    }
    (s, autostart)
}

fn page_query() -> String {
    web_sys::window()
        .and_then(|w| w.location().search().ok())
        .unwrap_or_default()
}

#[component]
pub fn App() -> Html {
    let model = use_reducer(|| {
        let (settings, autostart) = settings_from_query(&page_query());
        let model = AppModel::new(settings.clone());
        if autostart {
            (*Rc::new(model).reduce(AppAction::StartGame(settings))).clone()
        } else {
            model
        }
    });
    let show_rules = use_state(|| false);
    // The bot delay of the current pace, read when a worker reply arrives.
    let bot_delay = use_mut_ref(|| Rc::new(Cell::new(0u32)));
    let bridge = use_mut_ref(|| None::<WorkerBridge<BotWorker>>);
    let thinking = use_state(|| false);

    let game = model.game();
    if let Some(g) = game {
        bot_delay.borrow().set(g.settings.pace.bot_delay_ms());
    }

    // Ask the worker for the computer player's decision when one is to move.
    let request = game.and_then(Game::bot_request);
    {
        let dispatcher = model.dispatcher();
        let bridge = bridge.clone();
        let delay = bot_delay.borrow().clone();
        let thinking = thinking.clone();
        let key = request.as_ref().map(|r| (r.ticket, r.view.seat));
        use_effect_with(key, move |_| {
            if let Some(req) = request {
                thinking.set(true);
                let mut slot = bridge.borrow_mut();
                let worker = slot.get_or_insert_with(|| {
                    let dispatcher = dispatcher.clone();
                    let thinking = thinking.clone();
                    BotWorker::spawner()
                        .callback(move |text: String| {
                            let reply: Result<BotReply, _> = serde_json::from_str(&text);
                            let dispatcher = dispatcher.clone();
                            let thinking = thinking.clone();
                            let action = match reply {
                                Ok(BotReply {
                                    ticket,
                                    decision: Ok(action),
                                }) => AppAction::Game(Msg::Bot { ticket, action }),
                                Ok(BotReply {
                                    decision: Err(e), ..
                                }) => AppAction::BotFailed(format!("computer player: {e}")),
                                Err(e) => AppAction::BotFailed(format!("computer player: {e}")),
                            };
                            let run = move || {
                                thinking.set(false);
                                dispatcher.dispatch(action);
                            };
                            match delay.get() {
                                0 => run(),
                                ms => {
                                    Timeout::new(ms, run).forget();
                                }
                            }
                        })
                        .spawn_with_loader(WORKER_LOADER)
                });
                match serde_json::to_string(&req) {
                    Ok(text) => worker.send(text),
                    Err(e) => dispatcher.dispatch(AppAction::BotFailed(e.to_string())),
                }
            } else {
                thinking.set(false);
            }
        });
    }

    // Gather a completed trick after the pace's pause.
    {
        let dispatcher = model.dispatcher();
        let pause = game.and_then(|g| {
            g.trick_pause
                .as_ref()
                .map(|t| (g.ticket(), t.hand, g.settings.pace.trick_pause_ms()))
        });
        use_effect_with(pause, move |pause| {
            let timer = pause.map(|(_, _, ms)| {
                Timeout::new(ms, move || {
                    dispatcher.dispatch(AppAction::Game(Msg::TrickCleared))
                })
            });
            move || drop(timer)
        });
    }

    let callbacks = TableCallbacks {
        on_msg: {
            let dispatcher = model.dispatcher();
            Callback::from(move |m: Msg| dispatcher.dispatch(AppAction::Game(m)))
        },
        on_new_game: {
            let dispatcher = model.dispatcher();
            Callback::from(move |_: MouseEvent| dispatcher.dispatch(AppAction::BackToStart))
        },
        on_toggle_rules: {
            let show_rules = show_rules.clone();
            Callback::from(move |_: MouseEvent| show_rules.set(!*show_rules))
        },
    };
    let on_start = {
        let dispatcher = model.dispatcher();
        Callback::from(move |s: Settings| dispatcher.dispatch(AppAction::StartGame(s)))
    };
    html! {
        <main class="app" data-testid="app">
            <header class="app-header">
                <h1 data-testid="app-title">{ APP_TITLE }</h1>
            </header>
            <section class="table" data-testid="table" aria-label="Card table">
                <div class="felt" data-testid="felt" aria-hidden="true"></div>
                <div class="table-content">
                    if let Some(err) = model.error.clone().filter(|_| game.is_some()) {
                        <p class="error" role="alert">{ err }</p>
                    }
                    { match game {
                        Some(g) => table(g, *thinking, *show_rules, &callbacks),
                        None => html! { <StartScreen initial={model.settings.clone()} onstart={on_start} error={model.error.clone()} /> },
                    } }
                </div>
            </section>
        </main>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn query_parameters_prefill_the_settings() {
        let (s, auto) = settings_from_query(
            "?game=club&seed=42&pace=instant&level=basic&seats=5&name=Ann+B&autostart=1",
        );
        assert_eq!(s.preset, PresetId::Club);
        assert_eq!(
            (s.seed, s.seats, s.pace, s.level),
            (42, 5, Pace::Instant, Level::Basic)
        );
        assert_eq!(s.name, "Ann B");
        assert!(auto);
        let (s, auto) = settings_from_query("?game=nope&seed=x");
        assert_eq!(s, Settings::default());
        assert!(!auto);
    }

    #[test]
    fn the_reducer_starts_a_game_and_goes_back() {
        let model = Rc::new(AppModel::new(Settings::default()));
        let model = model.reduce(AppAction::StartGame(Settings {
            preset: PresetId::Bison,
            ..Settings::default()
        }));
        assert!(model.game().is_some());
        let same = Rc::clone(&model).reduce(AppAction::Game(Msg::Bot {
            ticket: 999,
            action: pinochle_engine::game::Action::Pass,
        }));
        assert!(
            Rc::ptr_eq(&same, &model),
            "a refused message does not re-render"
        );
        let back = model.reduce(AppAction::BackToStart);
        assert!(back.game().is_none());
    }
}
