//! The Yew shell: the app model as a reducer ([`AppModel`], start screen or a
//! game with its saved session), the computer players' Web Worker, the pace
//! timers, the URL parameters (`?game=club&seed=7&pace=instant&level=basic&seats=4&name=Ann`
//! prefill the start screen; `&autostart=1` deals at once), a rule-preset link in
//! the fragment (`#v=1&game=bison&…` preloads the new-game screen), and saving:
//! every action is recorded in the session and an effect writes it to
//! localStorage (a full quota and another tab playing the same session are shown
//! as banners); a reload resumes the tab's session exactly.

use std::rc::Rc;

use pinochle_engine::link::{encode_link, SharedRules};
use pinochle_engine::PresetId;
use yew::Reducible;

use crate::controller::{Game, Level, Msg, Pace, Settings};
use crate::sessions::setup_of;
use crate::storage::{Library, SavedSession};

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
    /// The saved session of the game on the table: its setup and every action.
    pub session: Option<SavedSession>,
    /// Saved sessions, history, custom presets and unreadable entries.
    pub library: Library,
    /// A storage problem that does not stop play (full quota, no storage).
    pub warning: Option<String>,
    /// Another tab played or deleted this session: this tab stops and says so.
    pub stale: Option<String>,
}

/// What the UI can do to the model.
#[derive(Clone, Debug)]
pub enum AppAction {
    /// Deal a new game, saved as a new session with this id.
    StartGame {
        settings: Settings,
        session_id: String,
        now_ms: u64,
    },
    /// Put a restored game back on the table.
    Resume(Box<Game>, Box<SavedSession>),
    Game(Msg),
    /// The start screen's lists, read again from storage.
    Library(Box<Library>),
    Warning(Option<String>),
    Stale(String),
    /// Something went wrong (a computer player could not decide, a saved game
    /// could not be resumed): shown, and the table stays as it was.
    Error(String),
    BackToStart,
}

impl AppModel {
    pub fn new(settings: Settings) -> AppModel {
        AppModel {
            settings,
            screen: Screen::Start,
            error: None,
            session: None,
            library: Library::default(),
            warning: None,
            stale: None,
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
            AppAction::StartGame {
                settings,
                session_id,
                now_ms,
            } => match Game::start(settings.clone()) {
                Ok(game) => {
                    next.session = Some(SavedSession::new(session_id, setup_of(&game), now_ms));
                    next.settings = settings;
                    next.screen = Screen::Playing(Box::new(game));
                    next.error = None;
                    next.stale = None;
                }
                Err(e) => next.error = Some(e.to_string()),
            },
            AppAction::Resume(game, session) => {
                next.settings = game.settings.clone();
                next.screen = Screen::Playing(game);
                next.session = Some(*session);
                next.error = None;
                next.stale = None;
            }
            AppAction::Game(msg) => {
                if next.stale.is_some() {
                    return self;
                }
                let Screen::Playing(game) = &mut next.screen else {
                    return self;
                };
                let action = match &msg {
                    Msg::Human(action) | Msg::Bot { action, .. } => Some(action.clone()),
                    _ => None,
                };
                // A refused message (stale decision, paused table) changes nothing.
                if game.update(msg).is_err() {
                    return self;
                }
                if let (Some(action), Some(session)) = (action, next.session.as_mut()) {
                    // The autosave effect stamps the time as it writes.
                    session.push(&action, session.last_played_ms);
                }
                next.settings.pace = game.settings.pace;
                next.settings.four_color = game.settings.four_color;
            }
            AppAction::Library(library) => next.library = *library,
            AppAction::Warning(warning) => next.warning = warning,
            AppAction::Stale(message) => next.stale = Some(message),
            AppAction::Error(reason) => next.error = Some(reason),
            AppAction::BackToStart => {
                next.screen = Screen::Start;
                next.session = None;
                next.error = None;
                next.stale = None;
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

/// New-game settings preloaded from a rule-preset link: exactly its rules (as
/// link text, with the link's name) and its seed when it carries one.
pub fn settings_from_link(base: &Settings, shared: &SharedRules) -> Settings {
    Settings {
        preset: shared.rules.preset,
        seats: shared.rules.table.seats,
        pot_game: false,
        seed: shared.seed.unwrap_or(base.seed),
        rules_link: Some(encode_link(&SharedRules {
            rules: shared.rules.clone(),
            name: shared.name.clone(),
            seed: None,
        })),
        ..base.clone()
    }
}

/// The browser side of the shell: storage, the page's URL and the component.
#[cfg(target_arch = "wasm32")]
mod shell {
    use std::cell::{Cell, RefCell};
    use std::rc::Rc;

    use gloo_timers::callback::Timeout;
    use gloo_worker::{Spawnable, WorkerBridge};
    use yew::{
        component, html, use_effect_with, use_memo, use_mut_ref, use_reducer, use_state, Callback,
        Html, MouseEvent, Reducible, UseReducerDispatcher,
    };

    use super::{settings_from_link, settings_from_query, AppAction, AppModel, APP_TITLE};
    use crate::bot::{BotReply, BotWorker, WORKER_LOADER};
    use crate::controller::{Game, Msg, Settings};
    use crate::sessions::restore;
    use crate::share::{clear_fragment, page_fragment, page_url, read_fragment, Fragment};
    use crate::start::StartScreen;
    use crate::storage::browser::{
        current_session, new_session_id, now_ms, open_store, set_current_session, watch_other_tabs,
    };
    use crate::storage::{
        delete_preset, delete_session, finished_game, load_library, load_session, other_tab_change,
        record_finished, save_preset, save_session, CustomPreset, KeyValueStore, Library, OtherTab,
        SaveError, SavedSession,
    };
    use crate::table::{table, TableCallbacks};

    /// The session id and revision this tab last wrote.
    type Written = RefCell<Option<(String, u64)>>;

    fn page_query() -> String {
        web_sys::window()
            .and_then(|w| w.location().search().ok())
            .unwrap_or_default()
    }

    /// The saved session `id` rebuilt as a game, or why it cannot be.
    fn resume(store: &dyn KeyValueStore, id: &str) -> Result<(Game, SavedSession), String> {
        let (session, _) = load_session(store, id, now_ms()).map_err(|e| e.to_string())?;
        let game =
            restore(&session).map_err(|e| format!("The saved game could not be resumed: {e}"))?;
        Ok((game, session))
    }

    fn library(store: &dyn KeyValueStore) -> AppAction {
        match load_library(store, now_ms()) {
            Ok(library) => AppAction::Library(Box::new(library)),
            Err(e) => AppAction::Warning(Some(format!("Saved games cannot be read: {e}"))),
        }
    }

    fn start_game(settings: Settings) -> AppAction {
        AppAction::StartGame {
            settings,
            session_id: new_session_id(),
            now_ms: now_ms(),
        }
    }

    /// The model at page load: a link in the fragment opens the new-game screen
    /// with its rules (a bad one is reported); else `autostart` deals; else the
    /// tab's session resumes; else the start screen.
    fn initial_model(store: &dyn KeyValueStore, warning: Option<String>) -> AppModel {
        let (settings, autostart) = settings_from_query(&page_query());
        let mut model = Rc::new(AppModel::new(settings.clone()));
        if let Some(w) = warning {
            model = model.reduce(AppAction::Warning(Some(w)));
        }
        model = model.reduce(library(store));
        let fragment = read_fragment(&page_fragment());
        if fragment != Fragment::None {
            clear_fragment();
        }
        let mut model = (*model).clone();
        match fragment {
            Fragment::Rules(shared) => {
                model.settings = settings_from_link(&model.settings, &shared);
                return model;
            }
            Fragment::Bad(e) => {
                model.error = Some(format!(
                    "This rules link cannot be used: {e}. Choose a game below."
                ));
                return model;
            }
            Fragment::None => {}
        }
        let model = Rc::new(model);
        if autostart {
            return (*model.reduce(start_game(settings))).clone();
        }
        if let Some(id) = current_session() {
            return match resume(store, &id) {
                Ok((game, session)) => {
                    (*model.reduce(AppAction::Resume(Box::new(game), Box::new(session)))).clone()
                }
                Err(e) => {
                    set_current_session(None);
                    let model = model.reduce(library(store));
                    (*model.reduce(AppAction::Error(e))).clone()
                }
            };
        }
        (*model).clone()
    }

    /// Writes the session after an action; a finished game goes to the history.
    fn autosave(
        store: &dyn KeyValueStore,
        model: &AppModel,
        written: &Written,
        dispatcher: &UseReducerDispatcher<AppModel>,
    ) {
        let (Some(session), Some(game)) = (&model.session, model.game()) else {
            return;
        };
        let mut session = session.clone();
        if let Some((id, revision)) = &*written.borrow() {
            if *id == session.id {
                session.revision = *revision;
            }
        }
        let now = now_ms();
        session.last_played_ms = now;
        match save_session(store, &mut session, now) {
            Ok(()) => {
                *written.borrow_mut() = Some((session.id.clone(), session.revision));
                set_current_session(Some(&session.id));
                let full = SaveError::QuotaExceeded.to_string();
                if model.warning.as_deref() == Some(full.as_str()) {
                    dispatcher.dispatch(AppAction::Warning(None));
                }
                if let Some(done) = finished_game(&session, game.state(), now) {
                    if let Err(e) = record_finished(store, done, now) {
                        dispatcher.dispatch(AppAction::Warning(Some(e.to_string())));
                    }
                }
            }
            Err(e @ (SaveError::Conflict { .. } | SaveError::DeletedElsewhere)) => dispatcher
                .dispatch(AppAction::Stale(format!(
                    "Not saved: {e}. Reload to see the game as it is now."
                ))),
            Err(e) => dispatcher.dispatch(AppAction::Warning(Some(e.to_string()))),
        }
    }

    #[component]
    pub fn App() -> Html {
        let store = use_memo((), |_| open_store());
        let model = {
            let store = store.clone();
            use_reducer(move || initial_model(&*store.0, store.1.clone()))
        };
        let written = use_mut_ref(|| None::<(String, u64)>);
        let show_rules = use_state(|| false);
        // The bot delay of the current pace, read when a worker reply arrives.
        let bot_delay = use_mut_ref(|| Rc::new(Cell::new(0u32)));
        let bridge = use_mut_ref(|| None::<WorkerBridge<BotWorker>>);
        let thinking = use_state(|| false);

        let game = model.game();
        if let Some(g) = game {
            bot_delay.borrow().set(g.settings.pace.bot_delay_ms());
        }

        // Save after every action (and when a game starts or resumes).
        {
            let key = model
                .session
                .as_ref()
                .map(|s| (s.id.clone(), s.actions.len()));
            let (store, model, written) = (store.clone(), model.clone(), written.clone());
            use_effect_with(key, move |key| {
                if key.is_some() && model.stale.is_none() {
                    autosave(&*store.0, &model, &written, &model.dispatcher());
                }
            });
        }

        // Another tab saving or deleting this session makes this tab stale.
        {
            let id = model.session.as_ref().map(|s| s.id.clone());
            let (dispatcher, written) = (model.dispatcher(), written.clone());
            use_effect_with(id, move |id| {
                let listener = id.clone().and_then(|id| {
                    watch_other_tabs(move |key, value| {
                        let ours = written
                            .borrow()
                            .as_ref()
                            .filter(|(s, _)| *s == id)
                            .map_or(0, |(_, r)| *r);
                        let change = other_tab_change(key.as_deref(), value.as_deref(), &id, ours);
                        let message = match change {
                            None => return,
                            Some(OtherTab::PlayedOn { .. }) => {
                                "This game continued in another tab. Reload to continue it here."
                            }
                            Some(OtherTab::Deleted) => "This game was deleted in another tab.",
                        };
                        dispatcher.dispatch(AppAction::Stale(message.to_string()));
                    })
                });
                move || drop(listener)
            });
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
                                    }) => AppAction::Error(format!("computer player: {e}")),
                                    Err(e) => AppAction::Error(format!("computer player: {e}")),
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
                        Err(e) => dispatcher.dispatch(AppAction::Error(e.to_string())),
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
                let (dispatcher, store) = (model.dispatcher(), store.clone());
                Callback::from(move |_: MouseEvent| {
                    set_current_session(None);
                    dispatcher.dispatch(library(&*store.0));
                    dispatcher.dispatch(AppAction::BackToStart)
                })
            },
            on_toggle_rules: {
                let show_rules = show_rules.clone();
                Callback::from(move |_: MouseEvent| show_rules.set(!*show_rules))
            },
        };
        let on_start = {
            let dispatcher = model.dispatcher();
            Callback::from(move |s: Settings| dispatcher.dispatch(start_game(s)))
        };
        let on_resume = {
            let (dispatcher, store) = (model.dispatcher(), store.clone());
            Callback::from(move |id: String| match resume(&*store.0, &id) {
                Ok((game, session)) => {
                    dispatcher.dispatch(AppAction::Resume(Box::new(game), Box::new(session)))
                }
                Err(e) => {
                    dispatcher.dispatch(library(&*store.0));
                    dispatcher.dispatch(AppAction::Error(e));
                }
            })
        };
        let on_delete = {
            let (dispatcher, store) = (model.dispatcher(), store.clone());
            Callback::from(move |id: String| {
                if let Err(e) = delete_session(&*store.0, &id) {
                    dispatcher.dispatch(AppAction::Warning(Some(e.to_string())));
                }
                dispatcher.dispatch(library(&*store.0));
            })
        };
        let on_save_preset = {
            let (dispatcher, store, presets) = (
                model.dispatcher(),
                store.clone(),
                model.library.presets.clone(),
            );
            Callback::from(move |(name, rules): (String, String)| {
                match save_preset(&*store.0, presets.clone(), CustomPreset { name, rules }) {
                    Ok(_) => dispatcher.dispatch(library(&*store.0)),
                    Err(e) => dispatcher.dispatch(AppAction::Error(e.to_string())),
                }
            })
        };
        let on_delete_preset = {
            let (dispatcher, store, presets) = (
                model.dispatcher(),
                store.clone(),
                model.library.presets.clone(),
            );
            Callback::from(move |name: String| {
                if let Err(e) = delete_preset(&*store.0, presets.clone(), &name) {
                    dispatcher.dispatch(AppAction::Warning(Some(e.to_string())));
                }
                dispatcher.dispatch(library(&*store.0));
            })
        };
        let reload = Callback::from(|_: MouseEvent| {
            if let Some(w) = web_sys::window() {
                let _ = w.location().reload();
            }
        });
        let library: Library = model.library.clone();
        html! {
            <main class="app" data-testid="app">
                <header class="app-header">
                    <h1 data-testid="app-title">{ APP_TITLE }</h1>
                </header>
                if let Some(warning) = model.warning.clone() {
                    <p class="warning" role="status" data-testid="storage-warning">{ warning }</p>
                }
                if let Some(stale) = model.stale.clone() {
                    <p class="warning" role="alert" data-testid="stale-banner">
                        { stale }{ " " }
                        <button type="button" onclick={reload} data-testid="stale-reload">{ "Reload" }</button>
                    </p>
                }
                <section class="table" data-testid="table" aria-label="Card table">
                    <div class="felt" data-testid="felt" aria-hidden="true"></div>
                    <div class="table-content">
                        if let Some(err) = model.error.clone().filter(|_| game.is_some()) {
                            <p class="error" role="alert">{ err }</p>
                        }
                        { match game {
                            Some(g) => table(g, *thinking, *show_rules, &callbacks),
                            None => html! {
                                <StartScreen initial={model.settings.clone()} onstart={on_start}
                                    error={model.error.clone()} {library} onresume={on_resume}
                                    ondelete={on_delete} share_base={page_url()}
                                    onsavepreset={on_save_preset} ondeletepreset={on_delete_preset} />
                            },
                        } }
                    </div>
                </section>
            </main>
        }
    }
}

#[cfg(target_arch = "wasm32")]
pub use shell::App;

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
        let model = model.reduce(AppAction::StartGame {
            settings: Settings {
                preset: PresetId::Bison,
                ..Settings::default()
            },
            session_id: "s1".into(),
            now_ms: 5,
        });
        assert_eq!(model.session.as_ref().map(|s| s.actions.len()), Some(0));
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
        assert!(back.session.is_none());
    }

    #[test]
    fn every_applied_action_is_recorded_in_the_session() {
        let mut model = Rc::new(AppModel::new(Settings::default())).reduce(AppAction::StartGame {
            settings: Settings::default(),
            session_id: "s".into(),
            now_ms: 1,
        });
        let mut bot = pinochle_ai::by_name("basic", 1).unwrap();
        for _ in 0..3 {
            let game = model.game().unwrap();
            let msg = match game.bot_request() {
                Some(r) => Msg::Bot {
                    ticket: r.ticket,
                    action: bot.decide(&r.view).unwrap(),
                },
                None => Msg::Human(bot.decide(&game.view()).unwrap()),
            };
            model = model.reduce(AppAction::Game(msg));
        }
        let session = model.session.as_ref().unwrap();
        assert_eq!(session.actions.len(), 3);
        assert_eq!(
            &crate::sessions::restore(session).unwrap(),
            model.game().unwrap()
        );
        let stale = model.reduce(AppAction::Stale("another tab".into()));
        let same = Rc::clone(&stale).reduce(AppAction::Game(Msg::TrickCleared));
        assert!(Rc::ptr_eq(&same, &stale), "a stale tab does not play on");
    }

    #[test]
    fn a_link_preloads_exactly_its_rules_and_seed() {
        let shared =
            pinochle_engine::link::decode_link("v=1&game=bison&name=Friday&seed=9&target=1000")
                .unwrap();
        let s = settings_from_link(&Settings::default(), &shared);
        assert_eq!((s.preset, s.seed), (PresetId::Bison, 9));
        assert_eq!(s.rules().unwrap(), shared.rules);
        assert!(s.rules_link.unwrap().contains("name=Friday"));
    }
}
