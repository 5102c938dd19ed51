//! The app: a pure model ([`AppModel`]: the start screen or a game with its
//! saved session) whose [`AppModel::update`] returns the [`AppEffect`]s to run,
//! and a thin Yew shell that only runs them (crux's pattern): ask the worker,
//! start a timer, write localStorage. The URL parameters
//! (`?game=club&seed=7&pace=instant&level=basic&seats=4&name=Ann` prefill the
//! start screen; `&autostart=1` deals at once; one that cannot be used is
//! named and none applies) and a rule-preset link in the
//! fragment (`#v=2&game=bison&…` preloads the new-game screen) are read at load;
//! a reload resumes the tab's session exactly.

use pinochle_ai::Level;
use pinochle_engine::link::{decode_part, SharedRules};
use pinochle_engine::{PresetId, Rules};

use crate::bot::ImportRequest;
use crate::controller::{seat_choices, Effect, Game, Msg, Pace, Settings};
use crate::import::{ticket as import_ticket, ImportMsg, Imported};
use crate::sessions::setup_of;
use crate::start::read_deal_number;
use crate::storage::choices::Choices;
use crate::storage::stats::{game_end, GameEnd, HandFacts, Statistics};
use crate::storage::{session_key, Library, SavedSession, Tally};
use pinochle_engine::game::ReplayParts;

/// The application's title, shown in the page header (and in `index.html`'s `<title>`).
pub const APP_TITLE: &str = "Pinochle";

/// What the app shows.
#[derive(Clone, Debug, PartialEq)]
pub enum Screen {
    Start,
    Playing(Box<Game>),
    /// Hand records opened from a file, under review.
    Reviewing(Box<Imported>),
}

/// The whole UI state.
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
    /// The in-game rules are open.
    pub show_rules: bool,
    /// Why the last file chosen for review could not be opened.
    pub import_error: Option<String>,
    /// Why the last save of the rules under a name was refused.
    pub preset_error: Option<String>,
    /// Reports of unreadable entries the player dismissed this visit.
    pub dismissed: Vec<crate::storage::Problem>,
    /// The file of hand records being read for review, as the start screen
    /// says it ("“week.jsonl”, 600 hand records"): a big one takes seconds.
    pub importing: Option<String>,
    /// Rules links opened so far: the start screen is drawn afresh for each,
    /// so that it shows the link's rules even where it was already open.
    pub links_opened: u32,
}

/// What can happen to the app.
#[derive(Clone, Debug)]
pub enum AppMsg {
    /// Deal a new game, saved as a new session with this id. `fresh_seed` is
    /// the shell's random draw, used when the settings name no deal number.
    StartGame {
        settings: Box<Settings>,
        session_id: String,
        now_ms: u64,
        fresh_seed: u64,
    },
    /// Put a restored game back on the table.
    Resume(Box<Game>, Box<SavedSession>),
    Game(Msg),
    /// The start screen's lists, read again from storage.
    Library(Box<Library>),
    /// The player has read the report of saved entries that could not be read.
    DismissProblems,
    /// A saved entry found unreadable outside a reading of the lists (the
    /// game the tab resumes): added to that report.
    Unreadable(Box<crate::storage::Problem>),
    Warning(Option<String>),
    Stale(String),
    /// Another tab set the damaged stored copy of this tab's game aside.
    SetAsideElsewhere,
    /// Something went wrong (a saved game could not be resumed): shown, and
    /// the table stays as it was.
    Error(String),
    /// The rules were saved under a name, or why not.
    PresetSaved(Result<(), String>),
    /// The id of the copy the game on the table became ([`AppEffect::NameCopy`]).
    CopyId(String),
    /// The session was written with this revision.
    Saved {
        id: String,
        revision: u64,
    },
    ToggleRules,
    BackToStart,
    /// A file of hand records was read (its name and text): open it for review.
    Import {
        file_name: String,
        text: String,
    },
    /// A file chosen for review could not be read.
    ImportFailed(String),
    /// The imported review's own controls (which hand, which seat).
    Imported(ImportMsg),
    /// A rules link in the address: at load, or put there while the page is
    /// open (pasted into the address bar, which only changes the fragment).
    /// Good, it opens the new-game screen with its rules (a game on the table
    /// stays saved, to resume from there); bad, the message names the
    /// problem and nothing changes.
    OpenLink(Result<Box<SharedRules>, BadLink>),
    /// The page's address parameters could not be used, and none was: the
    /// start screen says why.
    BadQuery(QueryError),
}

/// What the shell must do for the app.
#[derive(Clone, Debug, PartialEq)]
pub enum AppEffect {
    /// The game's own effect (ask the worker, a timer).
    Game(Effect),
    /// Write the session (and the finished game to the history).
    Save,
    /// Write this tab's copy of the session back where another tab set a
    /// damaged stored copy aside.
    WriteBack,
    /// This tab plays no session any more: read the lists again.
    LeaveSession,
    /// The game on the table became a copy (a hand played again): send a new
    /// session id for it ([`AppMsg::CopyId`]), which saves it.
    NameCopy,
    /// A game has started or resumed: take the rules link the page was
    /// opened with off the address, and a request to deal at once
    /// (`autostart`), so a reload resumes the game instead of reopening the
    /// link or dealing another (until then a reload keeps the link's rules).
    ForgetLink,
    /// Take the parameters that could not be used off the address, so a
    /// reload does not report them again.
    ForgetQuery,
    /// Remember on this device whether sounds play.
    RememberSound(bool),
    /// Remember on this device the player's choices for the next new game.
    RememberChoices(Box<Choices>),
    /// Remember on this device that this deal number was dealt in this game
    /// type (dealt again, it makes a practice game).
    RememberDeal { preset: PresetId, seed: u64 },
    /// Add these hands (and the game's end) to the statistics.
    Count(Box<Counted>),
    /// Move the game type's duplicate rating by one deal's comparison.
    Rate {
        game: &'static str,
        player: i64,
        expert: i64,
    },
}

/// Hands newly finished in a session, for the statistics.
#[derive(Clone, Debug, PartialEq)]
pub struct Counted {
    /// The game type (the preset's id).
    pub game: &'static str,
    pub tally: Tally,
    pub hands: Vec<HandFacts>,
    /// The game ended with these hands: how it ended for the human.
    pub ended: Option<GameEnd>,
    pub practice: bool,
}

impl Counted {
    /// Applies the count to the statistics.
    pub fn apply(&self, stats: &mut Statistics) {
        for facts in &self.hands {
            stats.record_hand(self.game, self.tally, *facts, self.practice);
        }
        if let Some(end) = self.ended {
            stats.record_game(self.game, end, self.practice);
        }
    }
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
            show_rules: false,
            import_error: None,
            preset_error: None,
            importing: None,
            dismissed: Vec::new(),
            links_opened: 0,
        }
    }

    pub fn game(&self) -> Option<&Game> {
        match &self.screen {
            Screen::Playing(g) => Some(g),
            Screen::Start | Screen::Reviewing(_) => None,
        }
    }

    /// Handles one message and returns what the shell must do.
    pub fn update(&mut self, msg: AppMsg) -> Vec<AppEffect> {
        match msg {
            AppMsg::StartGame {
                settings,
                session_id,
                now_ms,
                fresh_seed,
            } => {
                let seed = settings.deal.unwrap_or(fresh_seed);
                match Game::start(session_id.clone(), (*settings).clone(), seed) {
                    Ok(mut game) => {
                        let mut session = SavedSession::new(session_id, setup_of(&game), now_ms);
                        let preset = game.rules().preset;
                        // Cards already seen (a deal number played before in
                        // this game type) make a practice game, like undo.
                        if self.library.played_deal(preset, seed) {
                            game.practice = true;
                            session.practice = true;
                            // After the hand's intro, short enough for a
                            // phone's two lines of prompt.
                            if let Some(intro) = game.announcements.last_mut() {
                                intro.push_str(&format!(
                                    " Deal {seed} played before: practice, not counted."
                                ));
                            }
                        }
                        self.session = Some(session);
                        self.library.dealt.add(preset, seed);
                        let choices = Box::new(Choices::of(&settings));
                        self.settings = *settings;
                        self.screen = Screen::Playing(Box::new(game));
                        self.error = None;
                        self.stale = None;
                        let mut effects = vec![
                            AppEffect::Save,
                            AppEffect::ForgetLink,
                            AppEffect::RememberChoices(choices),
                            AppEffect::RememberDeal { preset, seed },
                        ];
                        effects.extend(self.game_update(Msg::Wake));
                        effects
                    }
                    Err(e) => {
                        self.error = Some(e.to_string());
                        Vec::new()
                    }
                }
            }
            AppMsg::Resume(mut game, session) => {
                // Sound is the device's preference, not the saved game's.
                game.settings.sound = self.settings.sound;
                self.settings = game.settings.clone();
                self.screen = Screen::Playing(game);
                self.session = Some(*session);
                self.error = None;
                self.stale = None;
                let mut effects = vec![AppEffect::Save, AppEffect::ForgetLink];
                effects.extend(self.game_update(Msg::Wake));
                effects
            }
            AppMsg::Game(msg) => self.game_update(msg),
            AppMsg::Library(library) => {
                // What could not be read stays reported until dismissed: it
                // was set aside on reading, and the next reading is clean.
                // (An entry left in place, as a newer version's, is found at
                // each reading: once dismissed, it is not reported again.)
                let reported = std::mem::take(&mut self.library.problems);
                self.library = *library;
                let found = std::mem::replace(&mut self.library.problems, reported);
                for problem in found {
                    self.report(problem);
                }
                // A saved game read again (another tab playing it wrote its
                // copy back) can be resumed after all.
                let sessions = &self.library.sessions;
                self.library
                    .problems
                    .retain(|p| !sessions.iter().any(|s| session_key(&s.id) == p.key));
                Vec::new()
            }
            AppMsg::Unreadable(problem) => {
                self.report(*problem);
                Vec::new()
            }
            AppMsg::DismissProblems => {
                let seen = std::mem::take(&mut self.library.problems);
                self.dismissed.extend(seen);
                Vec::new()
            }
            AppMsg::Warning(warning) => {
                self.warning = warning;
                Vec::new()
            }
            AppMsg::Stale(message) => {
                self.stale = Some(message);
                Vec::new()
            }
            AppMsg::SetAsideElsewhere => {
                if self.session.is_some() && self.stale.is_none() {
                    vec![AppEffect::WriteBack]
                } else {
                    Vec::new()
                }
            }
            AppMsg::Error(reason) => {
                self.error = Some(reason);
                Vec::new()
            }
            AppMsg::PresetSaved(saved) => {
                self.preset_error = saved.err();
                Vec::new()
            }
            AppMsg::CopyId(id) => {
                let Some(session) = self.session.as_mut() else {
                    return Vec::new();
                };
                session.id = id;
                session.revision = 0;
                vec![AppEffect::Save]
            }
            AppMsg::Saved { id, revision } => {
                if let Some(session) = self.session.as_mut().filter(|s| s.id == id) {
                    session.revision = revision;
                }
                Vec::new()
            }
            AppMsg::ToggleRules => {
                self.show_rules = !self.show_rules;
                Vec::new()
            }
            AppMsg::Import { file_name, text } => {
                self.import_error = None;
                let records = text.lines().filter(|l| !l.trim().is_empty()).count();
                self.importing = Some(format!(
                    "“{file_name}”, {records} hand record{}",
                    if records == 1 { "" } else { "s" }
                ));
                vec![AppEffect::Game(Effect::AskImport(Box::new(
                    ImportRequest {
                        ticket: import_ticket(),
                        file_name,
                        text,
                    },
                )))]
            }
            AppMsg::ImportFailed(reason) => {
                self.importing = None;
                self.import_error = Some(reason);
                Vec::new()
            }
            AppMsg::Imported(msg) => match &mut self.screen {
                Screen::Reviewing(imported) => imported
                    .control(msg)
                    .into_iter()
                    .map(AppEffect::Game)
                    .collect(),
                _ => Vec::new(),
            },
            AppMsg::OpenLink(Ok(shared)) => {
                let left = self.session.is_some();
                self.settings = settings_from_link(&self.settings, &shared);
                self.show_start();
                self.show_rules = false;
                self.links_opened += 1;
                if left {
                    vec![AppEffect::LeaveSession]
                } else {
                    Vec::new()
                }
            }
            AppMsg::OpenLink(Err(BadLink { problem, game })) => {
                // On the start screen, the new-game form turns to the game the
                // link was for, with its usual rules; a game on the table stays.
                let turned = match game {
                    Some(preset) if self.screen == Screen::Start && self.session.is_none() => {
                        self.settings =
                            Settings::for_rules(Rules::preset(preset), None, &self.settings);
                        // The start screen is drawn afresh, on that game
                        // (a form already shown kept its own choice).
                        self.links_opened += 1;
                        Some(preset)
                    }
                    _ => None,
                };
                let next = turned.map_or_else(
                    || "Choose a game below.".to_string(),
                    |preset| {
                        format!(
                            "Below: {} with its usual rules; set your group's, or choose another game.",
                            preset.name()
                        )
                    },
                );
                // Taken off the address at once, so a reload does not show
                // the problem again.
                self.error = Some(format!("This rules link cannot be used: {problem}. {next}"));
                vec![AppEffect::ForgetLink]
            }
            AppMsg::BadQuery(problem) => {
                let said = format!(
                    "The settings in this address cannot be used: {problem}. Choose a game below."
                );
                // (After a bad rules link's report, where both are bad.)
                self.error = Some(match self.error.take() {
                    Some(before) => format!("{before} {said}"),
                    None => said,
                });
                vec![AppEffect::ForgetQuery]
            }
            AppMsg::BackToStart => {
                // A deal number replays one game: the next deals fresh
                // cards unless it is asked for again.
                self.settings.deal = None;
                self.show_start();
                vec![AppEffect::LeaveSession]
            }
        }
    }

    /// Adds an unreadable entry to the report, unless it is there already
    /// or the player dismissed it.
    fn report(&mut self, problem: crate::storage::Problem) {
        if !self.library.problems.contains(&problem) && !self.dismissed.contains(&problem) {
            self.library.problems.push(problem);
        }
    }

    /// The start screen in place of the table: the game on it (saved, to
    /// resume) leaves it, and so does what was said over it.
    fn show_start(&mut self) {
        self.screen = Screen::Start;
        self.session = None;
        self.error = None;
        self.stale = None;
    }

    /// A file the worker read for review: opened over the start screen, or
    /// why not said there. (A game started meanwhile keeps the table.)
    fn open_import(&mut self, read: Result<(String, Vec<ReplayParts>), String>) -> Vec<AppEffect> {
        self.importing = None;
        if self.screen != Screen::Start {
            return Vec::new();
        }
        let opened = read.and_then(|(file_name, parts)| {
            Imported::open(&file_name, &parts).map_err(|e| e.to_string())
        });
        match opened {
            Ok((imported, effects)) => {
                self.screen = Screen::Reviewing(Box::new(imported));
                self.import_error = None;
                effects.into_iter().map(AppEffect::Game).collect()
            }
            Err(reason) => {
                self.import_error = Some(reason);
                Vec::new()
            }
        }
    }

    /// A message for the game on the table: refused ones change nothing.
    fn game_update(&mut self, msg: Msg) -> Vec<AppEffect> {
        let msg = match msg {
            Msg::ImportRead(read) => return self.open_import(read),
            other => other,
        };
        if let Screen::Reviewing(imported) = &mut self.screen {
            if matches!(msg, Msg::CloseReview) {
                self.screen = Screen::Start;
                return Vec::new();
            }
            return imported
                .update(msg)
                .into_iter()
                .map(AppEffect::Game)
                .collect();
        }
        if self.stale.is_some() {
            return Vec::new();
        }
        let Screen::Playing(game) = &mut self.screen else {
            return Vec::new();
        };
        let Ok(effects) = game.update(msg) else {
            return Vec::new();
        };
        let mut out = Vec::new();
        let mut save = false;
        let mut copying = false;
        for effect in effects {
            match effect {
                Effect::Record(action) => {
                    if let Some(session) = self.session.as_mut() {
                        // The save stamps the time as it writes.
                        session.push(&action, session.last_played_ms);
                    }
                    save = true;
                }
                Effect::SettingsChanged => {
                    let chosen = &game.settings;
                    if chosen.sound != self.settings.sound {
                        self.settings.sound = chosen.sound;
                        out.push(AppEffect::RememberSound(chosen.sound));
                    }
                    self.settings.pace = chosen.pace;
                    self.settings.four_color = chosen.four_color;
                    self.settings.bid_advisor = chosen.bid_advisor;
                    self.settings.auto_play = chosen.auto_play;
                    if let Some(session) = self.session.as_mut() {
                        session.setup.pace = chosen.pace;
                        session.setup.four_color = chosen.four_color;
                        session.setup.bid_advisor = chosen.bid_advisor;
                        session.setup.auto_play = chosen.auto_play;
                    }
                    out.push(AppEffect::RememberChoices(Box::new(Choices::of(
                        &self.settings,
                    ))));
                    save = true;
                }
                Effect::Rate { player, expert } => out.push(AppEffect::Rate {
                    game: game.rules().preset.id(),
                    player,
                    expert,
                }),
                Effect::Rewind { moves, copy } => {
                    if let Some(session) = self.session.as_mut() {
                        session.actions.truncate(moves as usize);
                        session.practice = true;
                        let finished = game.history.len() as u32;
                        keep_finished_hands(&mut session.reviews, finished);
                        keep_finished_hands(&mut session.claims, finished);
                        session.results_closed = session.results_closed.min(finished);
                    }
                    if copy {
                        // Saved under a new id (AppMsg::CopyId): the stored
                        // game as it stood stays, to resume.
                        out.push(AppEffect::NameCopy);
                        copying = true;
                    } else {
                        save = true;
                    }
                }
                Effect::KeepReview { hand, review } => {
                    if let Some(session) = self.session.as_mut() {
                        session.reviews.insert(hand, review);
                    }
                    save = true;
                }
                Effect::KeepClaim { hand, claim } => {
                    if let Some(session) = self.session.as_mut() {
                        session.claims.insert(hand, claim);
                    }
                    save = true;
                }
                Effect::ResultClosed { hand } => {
                    if let Some(session) = self.session.as_mut() {
                        session.results_closed = session.results_closed.max(hand);
                    }
                    save = true;
                }
                other => out.push(AppEffect::Game(other)),
            }
        }
        if let Some(session) = self.session.as_mut() {
            let done = game.history.len() as u32;
            if done > session.counted_hands {
                let tally = Tally::of(game.rules());
                let hands = game.history[session.counted_hands as usize..]
                    .iter()
                    .map(|summary| HandFacts::of(summary, game.human, tally))
                    .collect();
                let ended = game
                    .state()
                    .session_result()
                    .map(|r| game_end(game.rules(), &r.winners, &r.ledger.seats, game.human));
                session.counted_hands = done;
                out.push(AppEffect::Count(Box::new(Counted {
                    game: game.rules().preset.id(),
                    tally,
                    hands,
                    ended,
                    practice: session.practice,
                })));
                save = true;
            }
        }
        // The cards chosen to bury or pass, confirmed or not, are kept: a
        // reload comes back to the same choice.
        if let Some(session) = self.session.as_mut() {
            if session.picks != game.selection {
                session.picks = game.selection.clone();
                save = true;
            }
        }
        if save && !copying {
            out.insert(0, AppEffect::Save);
        }
        out
    }
}

/// What the start screen and the table say of a game dealt from a deal
/// number the player has played before in that game type.
pub fn replayed_deal_note(seed: u64) -> String {
    format!(
        "You have played deal {seed} before: this game is practice, kept out of your statistics and rating."
    )
}

/// Drops what a saved session keeps for hands after `finished` (undone).
/// Rebuilt by inserting: `retain` would link a B-tree removal into the app.
fn keep_finished_hands<T>(kept: &mut std::collections::BTreeMap<u32, T>, finished: u32) {
    let all = std::mem::take(kept);
    kept.extend(all.into_iter().filter(|(hand, _)| *hand <= finished));
}

/// A parameter of the page's address that the start screen cannot use,
/// with its text as written (`key=value`, decoded).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum QueryProblem {
    /// Its `%`-escapes are not text.
    Garbled(String),
    /// The parameter is given twice.
    Twice(String),
    UnknownGame(String),
    /// The deal number is not one (the start screen's reading of it).
    BadDeal(String, String),
    UnknownPace(String),
    UnknownLevel(String),
    /// Not a table size the game is played at.
    BadSeats {
        given: String,
        game: PresetId,
        sizes: Vec<u8>,
    },
    /// Longer than a player's name may be.
    LongName(String),
    /// A switch (`pot`, `autostart`) that is neither on nor off.
    BadSwitch(String),
    /// Colours other than 2 or 4.
    BadColours(String),
}

impl std::fmt::Display for QueryProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            QueryProblem::Garbled(part) => write!(f, "'{part}' is garbled (bad %-encoding)"),
            QueryProblem::Twice(key) => write!(f, "'{key}' is given twice"),
            QueryProblem::UnknownGame(given) => {
                let ids: Vec<&str> = PresetId::ALL.iter().map(|p| p.id()).collect();
                write!(
                    f,
                    "'{given}' is no game here (the games: {})",
                    ids.join(", ")
                )
            }
            // (The Deal bar's sentence, as a clause.)
            QueryProblem::BadDeal(given, why) => {
                write!(f, "'{given}': {}", why.trim_end_matches('.').to_lowercase())
            }
            QueryProblem::UnknownPace(given) => {
                let ids: Vec<&str> = Pace::ALL.iter().map(|p| p.id()).collect();
                write!(f, "'{given}' is no pace (the paces: {})", ids.join(", "))
            }
            QueryProblem::UnknownLevel(given) => {
                let names: Vec<&str> = Level::PLAYABLE.iter().map(|l| l.name()).collect();
                write!(
                    f,
                    "'{given}' is no level of computer player (the levels: {})",
                    names.join(", ")
                )
            }
            QueryProblem::BadSeats { given, game, sizes } => {
                let sizes: Vec<String> = sizes.iter().map(u8::to_string).collect();
                let sizes = match sizes.split_last() {
                    Some((last, rest)) if !rest.is_empty() => {
                        format!("{} or {last}", rest.join(", "))
                    }
                    _ => sizes.join(""),
                };
                write!(f, "'{given}': {} is played by {sizes} players", game.name())
            }
            QueryProblem::LongName(given) => {
                write!(f, "'{given}': a name has at most {NAME_LIMIT} characters")
            }
            QueryProblem::BadSwitch(given) => write!(f, "'{given}': 1 (on) or 0 (off)"),
            QueryProblem::BadColours(given) => write!(f, "'{given}': 2 or 4 colours"),
        }
    }
}

/// Everything wrong with the page's address parameters, in their order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QueryError(pub Vec<QueryProblem>);

impl std::fmt::Display for QueryError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for (i, problem) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{problem}")?;
        }
        Ok(())
    }
}

impl std::error::Error for QueryError {}

/// The address parameters the start screen reads.
const QUERY_KEYS: [&str; 9] = [
    "game",
    "seed",
    "pace",
    "level",
    "seats",
    "pot",
    "name",
    "colors",
    "autostart",
];

/// The most characters of a player's name (the start screen's field).
const NAME_LIMIT: usize = 24;

/// Start-screen settings from the page's URL parameters, over `base`, and
/// whether they ask to deal at once (`autostart`). Parameters of other
/// names (a sharing site's tracking tags) are left alone; a known one with
/// a value it cannot have is named, and then none of them applies.
pub fn settings_from_query(query: &str, base: Settings) -> Result<(Settings, bool), QueryError> {
    let mut s = base;
    let mut autostart = false;
    let mut problems = Vec::new();
    let mut seen: Vec<String> = Vec::new();
    let mut seats = None;
    let switch = |value: &str| match value {
        "1" | "true" => Some(true),
        "0" | "false" => Some(false),
        _ => None,
    };
    for pair in query.trim_start_matches('?').split('&') {
        if pair.is_empty() {
            continue;
        }
        let (key, value) = pair.split_once('=').unwrap_or((pair, ""));
        let (Ok(key), Ok(value)) = (decode_part(key), decode_part(value)) else {
            problems.push(QueryProblem::Garbled(pair.to_string()));
            continue;
        };
        if !QUERY_KEYS.contains(&key.as_str()) {
            continue;
        }
        if seen.contains(&key) {
            problems.push(QueryProblem::Twice(key));
            continue;
        }
        seen.push(key.clone());
        let given = format!("{key}={value}");
        match key.as_str() {
            "game" => match PresetId::from_id(&value) {
                Some(p) => {
                    s.preset = p;
                    s.seats = Rules::preset(p).table.seats;
                }
                None => problems.push(QueryProblem::UnknownGame(given)),
            },
            "seed" => match read_deal_number(&value) {
                Ok(deal) => s.deal = deal,
                Err(why) => problems.push(QueryProblem::BadDeal(given, why)),
            },
            "pace" => match Pace::from_id(&value) {
                Some(pace) => s.pace = pace,
                None => problems.push(QueryProblem::UnknownPace(given)),
            },
            "level" => match Level::from_name(&value).filter(|l| Level::PLAYABLE.contains(l)) {
                Some(level) => s.level = level,
                None => problems.push(QueryProblem::UnknownLevel(given)),
            },
            // (Checked against the game once every parameter is read.)
            "seats" => seats = Some((value.parse::<u8>().ok(), given)),
            "pot" => match switch(&value) {
                Some(on) => s.pot_game = on,
                None => problems.push(QueryProblem::BadSwitch(given)),
            },
            "name" if value.chars().count() > NAME_LIMIT => {
                problems.push(QueryProblem::LongName(given));
            }
            "name" => s.name = value,
            "colors" => match value.as_str() {
                "2" | "4" => s.four_color = value == "4",
                _ => problems.push(QueryProblem::BadColours(given)),
            },
            // ("autostart", the last of `QUERY_KEYS`.)
            _ => match switch(&value) {
                Some(on) => autostart = on,
                None => problems.push(QueryProblem::BadSwitch(given)),
            },
        }
    }
    if let Some((size, given)) = seats {
        let sizes = seat_choices(s.preset, s.pot_game)
            .unwrap_or_else(|| vec![Rules::preset(s.preset).table.seats]);
        match size.filter(|n| sizes.contains(n)) {
            Some(n) => s.seats = n,
            None => problems.push(QueryProblem::BadSeats {
                given,
                game: s.preset,
                sizes,
            }),
        }
    }
    if problems.is_empty() {
        Ok((s, autostart))
    } else {
        Err(QueryError(problems))
    }
}

/// A rules link that cannot be used: what is wrong with it, and the game it
/// names, where it names one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadLink {
    pub problem: String,
    pub game: Option<PresetId>,
}

/// New-game settings preloaded from a rule-preset link: exactly its rules
/// (with the link's name) and its deal number when it carries one.
pub fn settings_from_link(base: &Settings, shared: &SharedRules) -> Settings {
    Settings {
        deal: shared.seed.or(base.deal),
        ..Settings::for_rules(shared.rules.clone(), shared.name.clone(), base)
    }
}

/// The largest file of hand records opened for review (a whole game's records
/// take some tens of kilobytes).
pub const IMPORT_MAX_BYTES: u64 = 4 << 20;

/// The browser side of the shell: it runs the model's effects and feeds their
/// results back as messages; it decides nothing about the game.
#[cfg(target_arch = "wasm32")]
mod shell {
    use std::cell::{Cell, RefCell};
    use std::collections::VecDeque;
    use std::rc::Rc;

    use gloo_timers::callback::Timeout;
    use gloo_worker::{Spawnable, WorkerBridge};
    use yew::{classes, component, html, use_force_update, use_memo, Callback, Html, MouseEvent};

    use super::{
        settings_from_query, AppEffect, AppModel, AppMsg, BadLink, QueryError, Screen, APP_TITLE,
        IMPORT_MAX_BYTES,
    };
    use crate::bot::{BotReply, BotWorker, JsCodec, JsMessage, WorkerRequest, WORKER_LOADER};
    use crate::controller::{Effect, Game, Msg, Settings, Ticket};
    use crate::import::ImportMsg;
    use crate::review_view::{import_tools, review_panel};
    use crate::sessions::restore;
    use crate::share::{
        forget_link, forget_query, link_problem, page_fragment, page_url, read_fragment, Fragment,
    };
    use crate::start::StartScreen;
    use crate::storage::browser::{
        current_session, new_session_id, now_ms, open_store, set_current_session, watch_other_tabs,
    };
    use crate::storage::choices::{load_choices, save_choices};
    use crate::storage::dealt::record_dealt;
    use crate::storage::stats::{reset_stats, update_stats};
    use crate::storage::{
        delete_preset, delete_session, finished_game, library_reads, load_library, load_session,
        other_tab_change, record_finished, save_preset, save_session, session_key,
        set_aside_lately, write_back_session, CustomPreset, KeyValueStore, OtherTab, SaveError,
        SavedSession, SESSION_PREFIX,
    };
    use crate::table::{table, TableCallbacks};
    use pinochle_ai::grading::{rating_update, RATING_START};

    /// Offers `text` as a file named `file_name` (the browser saves it).
    fn download(file_name: &str, text: &str) -> Result<(), wasm_bindgen::JsValue> {
        use wasm_bindgen::JsCast;
        let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(text));
        let options = web_sys::BlobPropertyBag::new();
        options.set_type("application/x-ndjson");
        let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options)?;
        let url = web_sys::Url::create_object_url_with_blob(&blob)?;
        let anchor: web_sys::HtmlAnchorElement = gloo_utils::document()
            .create_element("a")?
            .dyn_into()
            .map_err(|_| wasm_bindgen::JsValue::from_str("no link element"))?;
        anchor.set_href(&url);
        anchor.set_download(file_name);
        anchor.click();
        web_sys::Url::revoke_object_url(&url)
    }

    fn page_query() -> String {
        web_sys::window()
            .and_then(|w| w.location().search().ok())
            .unwrap_or_default()
    }

    /// A random deal number for a game whose settings name none: up to nine
    /// digits, short enough to note down and type again.
    fn fresh_seed() -> u64 {
        // Without the platform's randomness the clock still varies the deal.
        let draw =
            getrandom::u64().unwrap_or_else(|_| now_ms().wrapping_mul(0x9E37_79B9_7F4A_7C15));
        1 + draw % 999_999_999
    }

    /// The saved session `id` rebuilt as a game, or why it cannot be.
    /// The tab's game from storage, or what to say instead: an unreadable
    /// entry joins the report of saved entries (named there once), another
    /// failure is an error.
    fn resume(store: &dyn KeyValueStore, id: &str) -> Result<(Game, SavedSession), AppMsg> {
        let (session, _) = load_session(store, id, now_ms()).map_err(|e| match e {
            crate::storage::LoadError::Unreadable(problem) => AppMsg::Unreadable(Box::new(problem)),
            other => AppMsg::Error(other.to_string()),
        })?;
        let game = restore(&session)
            .map_err(|e| AppMsg::Error(format!("The saved game could not be resumed: {e}")))?;
        Ok((game, session))
    }

    fn library(store: &dyn KeyValueStore) -> AppMsg {
        match load_library(store, now_ms()) {
            Ok(library) => AppMsg::Library(Box::new(library)),
            Err(e) => AppMsg::Warning(Some(format!("Saved games cannot be read: {e}"))),
        }
    }

    fn start_game(settings: Settings) -> AppMsg {
        AppMsg::StartGame {
            settings: Box::new(settings),
            session_id: new_session_id(),
            now_ms: now_ms(),
            fresh_seed: fresh_seed(),
        }
    }

    /// The message of a rules link in the address's fragment (None: no link).
    fn link_message(fragment: &str) -> Option<AppMsg> {
        match read_fragment(fragment) {
            Fragment::Rules(shared) => Some(AppMsg::OpenLink(Ok(shared))),
            Fragment::Bad(e, game) => Some(AppMsg::OpenLink(Err(BadLink {
                problem: link_problem(&e),
                game,
            }))),
            Fragment::None => None,
        }
    }

    /// The messages of page load: a link in the fragment opens the new-game
    /// screen with its rules (a bad one is reported); else address
    /// parameters that cannot be used are reported (`query`: whether they
    /// ask to deal at once, or what is wrong with them); else `autostart`
    /// deals; else the tab's session resumes; else the start screen.
    fn initial_messages(
        store: &dyn KeyValueStore,
        model: &AppModel,
        query: Result<bool, QueryError>,
    ) -> Vec<AppMsg> {
        // A good link stays in the address until a game starts, so a tab
        // the phone reloads meanwhile opens it again; a bad one goes at once.
        let (autostart, bad_query) = match query {
            Ok(autostart) => (autostart, None),
            Err(e) => (false, Some(AppMsg::BadQuery(e))),
        };
        if let Some(link) = link_message(&page_fragment()) {
            return std::iter::once(link).chain(bad_query).collect();
        }
        if let Some(bad) = bad_query {
            return vec![bad];
        }
        if autostart {
            return vec![start_game(model.settings.clone())];
        }
        match current_session().map(|id| resume(store, &id)) {
            Some(Ok((game, session))) => vec![AppMsg::Resume(Box::new(game), Box::new(session))],
            Some(Err(said)) => {
                set_current_session(None);
                vec![library(store), said]
            }
            None => Vec::new(),
        }
    }

    /// What a worker request was, so that its answer — or its failure, or an
    /// answer that cannot be read — goes back as the right message.
    #[derive(Clone)]
    struct Asked {
        ticket: Ticket,
        kind: Kind,
        /// When it was asked (ms) and the least time before its answer shows.
        at_ms: u64,
        min_ms: u32,
    }

    #[derive(Clone, Copy, PartialEq)]
    enum Kind {
        Decide,
        Analyse,
        Claim,
        Grade { hand: u32, step: usize },
        Duplicate { hand: u32 },
        Par { hand: u32 },
        Import,
    }

    /// One Web Worker and its requests in the order asked: a worker answers
    /// one request at a time, in order, so the oldest is the one answered.
    /// One request at a time is posted and the rest wait here, each encoded
    /// as it goes: the review's 27 grade requests of a double-deck hand,
    /// encoded at once, held the page still for 400 ms on a slow phone.
    #[derive(Default)]
    struct WorkerLink {
        bridge: RefCell<Option<WorkerBridge<BotWorker>>>,
        asked: RefCell<VecDeque<Asked>>,
        waiting: RefCell<VecDeque<(Asked, WorkerRequest)>>,
    }

    /// The start screen reads its lists again at most this often while
    /// another tab writes (a game played on there saves at every card, and a
    /// reading rebuilds every saved game from its moves).
    const LIST_REREAD_MS: u32 = 2_000;

    /// Which worker: the computer players' (decisions and claim checks, in
    /// turn), the coach's (hints, which never hold up play) or the review's
    /// (a finished hand's duplicate replay, grades and par, and imports,
    /// which never hold up a hint: a hint asked just after a review waited
    /// about a second for the par).
    #[derive(Clone, Copy)]
    enum Link {
        Players,
        Coach,
        Review,
    }

    /// The app's core and what runs its effects: messages are queued and
    /// handled one at a time, each effect is run, and the page renders after.
    struct Shell {
        model: RefCell<AppModel>,
        queue: RefCell<VecDeque<AppMsg>>,
        running: Cell<bool>,
        store: Box<dyn KeyValueStore>,
        players: WorkerLink,
        coach: WorkerLink,
        review: WorkerLink,
        render: RefCell<Callback<()>>,
        speaker: crate::sound::speaker::Speaker,
        /// Keeps the other-tab listener: of the session on the table, or
        /// (`None`) of the lists the start screen shows.
        listener: RefCell<Option<(Option<String>, gloo_events::EventListener)>>,
        /// Keeps the listener for a rules link put in the address while the
        /// page is open.
        links: RefCell<Option<gloo_events::EventListener>>,
        /// Keeps the reading of a file of hand records to import.
        reading: RefCell<Option<gloo_file::callbacks::FileReader>>,
    }

    impl Shell {
        fn send(self: &Rc<Self>, msg: AppMsg) {
            self.queue.borrow_mut().push_back(msg);
            if self.running.replace(true) {
                return;
            }
            loop {
                let Some(msg) = self.queue.borrow_mut().pop_front() else {
                    break;
                };
                let effects = self.model.borrow_mut().update(msg);
                for effect in effects {
                    self.run(effect);
                }
            }
            self.running.set(false);
            self.watch_session();
            self.render.borrow().emit(());
        }

        fn run(self: &Rc<Self>, effect: AppEffect) {
            match effect {
                AppEffect::Game(Effect::AskBot { request, min_ms }) => {
                    self.ask(Link::Players, WorkerRequest::Decide(*request), min_ms)
                }
                AppEffect::Game(Effect::AskClaim(request)) => {
                    self.ask(Link::Players, WorkerRequest::Claim(*request), 0)
                }
                AppEffect::Game(Effect::AskCoach(request)) => {
                    self.ask(Link::Coach, WorkerRequest::Analyse(*request), 0)
                }
                AppEffect::Game(Effect::StartCoach) => self.start(Link::Coach),
                AppEffect::Game(Effect::After { ms, msg }) => {
                    let shell = Rc::clone(self);
                    Timeout::new(ms, move || shell.send(AppMsg::Game(msg))).forget();
                }
                AppEffect::Game(Effect::AskGrade(request)) => {
                    self.ask(Link::Review, WorkerRequest::Grade(*request), 0)
                }
                AppEffect::Game(Effect::Download { file_name, text }) => {
                    if let Err(e) = download(&file_name, &text) {
                        let reason = e.as_string().unwrap_or_else(|| format!("{e:?}"));
                        self.queue
                            .borrow_mut()
                            .push_back(AppMsg::Warning(Some(format!(
                                "The file could not be saved: {reason}"
                            ))));
                    }
                }
                AppEffect::Game(Effect::AskPar(request)) => {
                    self.ask(Link::Review, WorkerRequest::Par(*request), 0)
                }
                AppEffect::Game(Effect::AskImport(request)) => {
                    self.ask(Link::Review, WorkerRequest::Import(*request), 0)
                }
                AppEffect::Game(Effect::AskDuplicate(request)) => {
                    self.ask(Link::Review, WorkerRequest::Duplicate(*request), 0)
                }
                AppEffect::Rate {
                    game,
                    player,
                    expert,
                } => {
                    let rated = update_stats(&*self.store, now_ms(), |s| {
                        let now = s.games.get(game).and_then(|t| t.rating);
                        let next = rating_update(now.unwrap_or(RATING_START), player, expert);
                        s.record_rating(game, next);
                    });
                    if let Err(e) = rated {
                        self.queue
                            .borrow_mut()
                            .push_back(AppMsg::Warning(Some(format!("Rating not saved: {e}."))));
                    }
                }
                AppEffect::Game(Effect::Sound(cue)) => self.speaker.play(cue),
                AppEffect::RememberSound(on) => crate::sound::speaker::remember(on),
                AppEffect::Count(counted) => {
                    if let Err(e) = update_stats(&*self.store, now_ms(), |s| counted.apply(s)) {
                        self.queue
                            .borrow_mut()
                            .push_back(AppMsg::Warning(Some(format!(
                                "Statistics not saved: {e}."
                            ))));
                    }
                }
                // The model keeps these; nothing to run.
                AppEffect::Game(
                    Effect::Record(_)
                    | Effect::SettingsChanged
                    | Effect::Rewind { .. }
                    | Effect::Rate { .. }
                    | Effect::KeepReview { .. }
                    | Effect::KeepClaim { .. }
                    | Effect::ResultClosed { .. },
                ) => {}
                // A full storage, or a newer version's choices, only
                // leaves them unremembered (as the sound's preference).
                AppEffect::RememberChoices(choices) => {
                    let _ = save_choices(&*self.store, &choices);
                }
                // Unremembered (a full storage), the deal can count again
                // only once the game is gone from the saved and finished ones.
                AppEffect::RememberDeal { preset, seed } => {
                    let _ = record_dealt(&*self.store, preset, seed, now_ms());
                }
                AppEffect::Save => self.save(false),
                AppEffect::WriteBack => self.save(true),
                AppEffect::NameCopy => self
                    .queue
                    .borrow_mut()
                    .push_back(AppMsg::CopyId(new_session_id())),
                AppEffect::LeaveSession => {
                    set_current_session(None);
                    self.queue.borrow_mut().push_back(library(&*self.store));
                }
                AppEffect::ForgetLink => forget_link(),
                AppEffect::ForgetQuery => forget_query(),
            }
        }

        fn link(&self, link: Link) -> &WorkerLink {
            match link {
                Link::Players => &self.players,
                Link::Coach => &self.coach,
                Link::Review => &self.review,
            }
        }

        /// The message a worker's answer (or its failure) becomes.
        fn reply_msg(asked: &Asked, reply: Result<BotReply, String>) -> Msg {
            let failed = |ticket: Option<Ticket>, reason: String| {
                let ticket = ticket.unwrap_or_else(|| asked.ticket.clone());
                match asked.kind {
                    Kind::Decide => Msg::BotFailed { ticket, reason },
                    Kind::Analyse => Msg::CoachFailed { ticket, reason },
                    // Play goes on as if nothing were proved.
                    Kind::Claim => Msg::Claimable {
                        ticket,
                        claim: None,
                    },
                    Kind::Grade { hand, step } => Msg::GradeFailed { hand, step, reason },
                    Kind::Duplicate { hand } => Msg::Duplicated { hand, expert: None },
                    Kind::Par { hand } => Msg::ParFound { hand, par: None },
                    Kind::Import => Msg::ImportRead(Err(reason)),
                }
            };
            match reply {
                Ok(BotReply::Decided { ticket, action }) => Msg::Bot { ticket, action },
                Ok(BotReply::Analysed { ticket, analysis }) => Msg::Analysed { ticket, analysis },
                Ok(BotReply::Claimed { ticket, claim }) => Msg::Claimable {
                    ticket,
                    claim: claim.map(Box::new),
                },
                Ok(BotReply::Graded {
                    hand,
                    step,
                    decision,
                    ..
                }) => Msg::Graded {
                    hand,
                    step,
                    decision,
                },
                Ok(BotReply::Duplicated { hand, expert, .. }) => Msg::Duplicated {
                    hand,
                    expert: Some(expert),
                },
                Ok(BotReply::Parred { hand, par, .. }) => Msg::ParFound { hand, par },
                Ok(BotReply::Imported {
                    file_name, hands, ..
                }) => Msg::ImportRead(Ok((file_name, hands))),
                Ok(BotReply::Failed { ticket, reason }) => failed(ticket, reason),
                Err(reason) => failed(None, reason),
            }
        }

        /// Sends a request to a worker; its answer comes back as a message no
        /// sooner than `min_ms` after asking.
        fn ask(self: &Rc<Self>, link: Link, request: WorkerRequest, min_ms: u32) {
            let kind = match &request {
                WorkerRequest::Decide(_) => Kind::Decide,
                WorkerRequest::Analyse(_) => Kind::Analyse,
                WorkerRequest::Claim(_) => Kind::Claim,
                WorkerRequest::Grade(r) => Kind::Grade {
                    hand: r.hand,
                    step: r.step,
                },
                WorkerRequest::Duplicate(r) => Kind::Duplicate { hand: r.hand },
                WorkerRequest::Par(r) => Kind::Par { hand: r.hand },
                WorkerRequest::Import(_) => Kind::Import,
            };
            let asked = Asked {
                ticket: request.ticket().clone(),
                kind,
                at_ms: now_ms(),
                min_ms,
            };
            let worker = self.link(link);
            if worker.asked.borrow().is_empty() {
                self.post(link, asked, &request);
            } else {
                let mut waiting = worker.waiting.borrow_mut();
                // Only the newest position's analysis is wanted: one asked
                // before it (a bury hint before another card was picked)
                // would only keep this one waiting.
                if asked.kind == Kind::Analyse {
                    waiting.retain(|(waiting, _)| waiting.kind != Kind::Analyse);
                }
                waiting.push_back((asked, request));
            }
        }

        /// Encodes a request and posts it to its worker, which is idle.
        fn post(self: &Rc<Self>, link: Link, asked: Asked, request: &WorkerRequest) {
            let message = match JsMessage::of(request) {
                Ok(message) => message,
                Err(reason) => {
                    let shell = Rc::clone(self);
                    let msg = Self::reply_msg(&asked, Err(reason));
                    Timeout::new(0, move || {
                        shell.send(AppMsg::Game(msg));
                        shell.post_next(link);
                    })
                    .forget();
                    return;
                }
            };
            let worker = self.link(link);
            worker.asked.borrow_mut().push_back(asked);
            self.start(link);
            if let Some(bridge) = worker.bridge.borrow().as_ref() {
                bridge.send(message);
            }
        }

        /// Starts a worker unless it runs: loading its code takes a while
        /// (about 130 ms on a desktop), which a request waits for.
        fn start(self: &Rc<Self>, link: Link) {
            let mut slot = self.link(link).bridge.borrow_mut();
            if slot.is_some() {
                return;
            }
            let shell = Rc::clone(self);
            let mut spawner = BotWorker::spawner();
            let mut spawner = spawner.encoding::<JsCodec>();
            spawner.callback(move |reply: JsMessage| {
                let Some(asked) = shell.link(link).asked.borrow_mut().pop_front() else {
                    return;
                };
                let msg = Self::reply_msg(&asked, reply.read::<BotReply>());
                let wait = asked.at_ms.saturating_add(asked.min_ms as u64);
                let left = wait.saturating_sub(now_ms()) as u32;
                match left {
                    0 => shell.send(AppMsg::Game(msg)),
                    ms => {
                        let shell = Rc::clone(&shell);
                        Timeout::new(ms, move || shell.send(AppMsg::Game(msg))).forget();
                    }
                }
                shell.post_next(link);
            });
            *slot = Some(spawner.spawn_with_loader(WORKER_LOADER));
        }

        /// Posts the next waiting request of an idle worker.
        fn post_next(self: &Rc<Self>, link: Link) {
            let worker = self.link(link);
            if !worker.asked.borrow().is_empty() {
                return;
            }
            let next = worker.waiting.borrow_mut().pop_front();
            if let Some((asked, request)) = next {
                self.post(link, asked, &request);
            }
        }

        /// Writes the session after an action (or, `back`, after another tab
        /// set a damaged stored copy aside); a finished game goes to the history.
        fn save(&self, back: bool) {
            let model = self.model.borrow();
            let (Some(session), Some(game)) = (&model.session, model.game()) else {
                return;
            };
            if model.stale.is_some() {
                return;
            }
            let mut session = session.clone();
            let now = now_ms();
            session.last_played_ms = now;
            let store = &*self.store;
            let written = if back {
                write_back_session(store, &mut session, now)
            } else {
                save_session(store, &mut session, now)
            };
            let msg = match written {
                Ok(()) => {
                    set_current_session(Some(&session.id));
                    let mut msgs = vec![AppMsg::Saved {
                        id: session.id.clone(),
                        revision: session.revision,
                    }];
                    let full = SaveError::QuotaExceeded.to_string();
                    if model.warning.as_deref() == Some(full.as_str()) {
                        msgs.push(AppMsg::Warning(None));
                    }
                    if let Some(done) = finished_game(&session, game.state(), now) {
                        if let Err(e) = record_finished(store, done, now) {
                            msgs.push(AppMsg::Warning(Some(e.to_string())));
                        }
                    }
                    msgs
                }
                Err(e @ (SaveError::Conflict { .. } | SaveError::DeletedElsewhere)) => {
                    vec![AppMsg::Stale(format!(
                        "Not saved: {e}. Reload to see the game as it is now."
                    ))]
                }
                Err(e) => vec![AppMsg::Warning(Some(e.to_string()))],
            };
            drop(model);
            self.queue.borrow_mut().extend(msg);
        }

        /// Listens for other tabs saving or deleting the session on the table,
        /// or, with none on it, changing the saved lists.
        fn watch_session(self: &Rc<Self>) {
            let id = self.model.borrow().session.as_ref().map(|s| s.id.clone());
            let mut slot = self.listener.borrow_mut();
            if slot.as_ref().map(|(watched, _)| watched) == Some(&id) {
                return;
            }
            let Some(id) = id else {
                *slot = self.watch_lists().map(|listener| (None, listener));
                return;
            };
            *slot = {
                let shell = Rc::clone(self);
                let watched = id.clone();
                watch_other_tabs(move |key, value| {
                    let ours = shell
                        .model
                        .borrow()
                        .session
                        .as_ref()
                        .filter(|s| s.id == watched)
                        .map_or(0, |s| s.revision);
                    // (Read only for a removal.)
                    let stored_now = || shell.store.get(&session_key(&watched)).ok().flatten();
                    let change = other_tab_change(
                        key.as_deref(),
                        value.as_deref(),
                        stored_now,
                        &watched,
                        ours,
                    );
                    // The removal that ends another tab's setting aside of
                    // a damaged copy can land after this tab wrote its copy
                    // back, and remove it: write it back again.
                    let change = match change {
                        Some(OtherTab::Deleted)
                            if set_aside_lately(&*shell.store, &watched, now_ms()) =>
                        {
                            Some(OtherTab::SetAside)
                        }
                        other => other,
                    };
                    let message = match change {
                        None => return,
                        Some(OtherTab::SetAside) => {
                            shell.send(AppMsg::SetAsideElsewhere);
                            return;
                        }
                        Some(OtherTab::PlayedOn { .. }) => {
                            "This game was opened or played on in another tab. Reload to continue it here."
                        }
                        Some(OtherTab::Deleted) => "This game was deleted in another tab.",
                    };
                    shell.send(AppMsg::Stale(message.to_string()));
                })
                .map(|listener| (Some(id), listener))
            };
        }

        /// Reads the lists again when another tab changes a saved entry (a
        /// game saved, played on, written back or deleted; the history, the
        /// statistics, the saved rules, the deals dealt), every
        /// [`LIST_REREAD_MS`] at most while a game plays on there.
        fn watch_lists(self: &Rc<Self>) -> Option<gloo_events::EventListener> {
            let pending = Rc::new(Cell::new(false));
            let reread = {
                let shell = Rc::clone(self);
                move || {
                    if pending.replace(true) {
                        return;
                    }
                    let shell = Rc::clone(&shell);
                    let pending = Rc::clone(&pending);
                    Timeout::new(LIST_REREAD_MS, move || {
                        pending.set(false);
                        if shell.model.borrow().session.is_none() {
                            shell.send(library(&*shell.store));
                        }
                    })
                    .forget();
                }
            };
            // A game this tab found unreadable and set aside may be written
            // back by the tab playing it before this listener is there to
            // hear it (a CI run's second tab missed it so): read once more.
            let game_set_aside = self
                .model
                .borrow()
                .library
                .problems
                .iter()
                .any(|p| p.key.starts_with(SESSION_PREFIX));
            if game_set_aside {
                reread();
            }
            watch_other_tabs(move |key, _| {
                if key.as_deref().is_none_or(library_reads) {
                    reread();
                }
            })
        }
    }

    #[component]
    pub fn App() -> Html {
        let render = use_force_update();
        let shell = use_memo((), |_| {
            let (store, warning) = open_store();
            // The query's choices (a test's, a bookmark's) over those
            // remembered, over the defaults.
            let (remembered, unreadable) = load_choices(&*store, now_ms()).unwrap_or((None, None));
            let base =
                remembered.map_or_else(Settings::default, |c| c.applied_to(Settings::default()));
            // (Parameters that cannot be used leave the settings as they
            // were; the first messages report them.)
            let query = settings_from_query(&page_query(), base.clone());
            let (mut settings, query) = match query {
                Ok((settings, autostart)) => (settings, Ok(autostart)),
                Err(e) => (base, Err(e)),
            };
            settings.sound = crate::sound::speaker::preference();
            let mut model = AppModel::new(settings);
            model.warning = warning;
            if let Some(problem) = unreadable {
                model.update(AppMsg::Unreadable(Box::new(problem)));
            }
            let first = initial_messages(&*store, &model, query);
            let shell = Rc::new(Shell {
                model: RefCell::new(model),
                queue: RefCell::new(VecDeque::new()),
                running: Cell::new(false),
                store,
                players: WorkerLink::default(),
                coach: WorkerLink::default(),
                review: WorkerLink::default(),
                render: RefCell::new(Callback::noop()),
                speaker: crate::sound::speaker::Speaker::new(),
                listener: RefCell::new(None),
                links: RefCell::new(None),
                reading: RefCell::new(None),
            });
            // A link pasted into the address bar of the open page changes
            // only its fragment: no reload, so it is read here.
            let on_link = {
                let shell = Rc::clone(&shell);
                move |_: &web_sys::Event| {
                    if let Some(link) = link_message(&page_fragment()) {
                        shell.send(link);
                    }
                }
            };
            *shell.links.borrow_mut() = web_sys::window()
                .map(|w| gloo_events::EventListener::new(&w, "hashchange", on_link));
            let lists = library(&*shell.store);
            for msg in std::iter::once(lists).chain(first) {
                shell.send(msg);
            }
            shell
        });
        *shell.render.borrow_mut() = Callback::from(move |()| render.force_update());
        let shell: Rc<Shell> = Rc::clone(&shell);
        let send = |make: fn() -> AppMsg| {
            let shell = Rc::clone(&shell);
            Callback::from(move |_: MouseEvent| shell.send(make()))
        };
        let callbacks = TableCallbacks {
            on_msg: {
                let shell = Rc::clone(&shell);
                Callback::from(move |m: Msg| shell.send(AppMsg::Game(m)))
            },
            on_new_game: send(|| AppMsg::BackToStart),
            on_toggle_rules: send(|| AppMsg::ToggleRules),
        };
        let on_start = {
            let shell = Rc::clone(&shell);
            Callback::from(move |s: Settings| shell.send(start_game(s)))
        };
        let on_resume = {
            let shell = Rc::clone(&shell);
            Callback::from(move |id: String| match resume(&*shell.store, &id) {
                Ok((game, session)) => {
                    shell.send(AppMsg::Resume(Box::new(game), Box::new(session)))
                }
                Err(said) => {
                    shell.send(library(&*shell.store));
                    shell.send(said);
                }
            })
        };
        let on_delete = {
            let shell = Rc::clone(&shell);
            Callback::from(move |id: String| {
                if let Err(e) = delete_session(&*shell.store, &id) {
                    shell.send(AppMsg::Warning(Some(e.to_string())));
                }
                shell.send(library(&*shell.store));
            })
        };
        let presets = shell.model.borrow().library.presets.clone();
        let on_save_preset = {
            let (shell, presets) = (Rc::clone(&shell), presets.clone());
            Callback::from(move |(name, rules): (String, String)| {
                match save_preset(&*shell.store, presets.clone(), CustomPreset { name, rules }) {
                    Ok(_) => {
                        shell.send(AppMsg::PresetSaved(Ok(())));
                        shell.send(library(&*shell.store));
                    }
                    Err(e) => shell.send(AppMsg::PresetSaved(Err(e.to_string()))),
                }
            })
        };
        let on_delete_preset = {
            let shell = Rc::clone(&shell);
            Callback::from(move |name: String| {
                if let Err(e) = delete_preset(&*shell.store, presets.clone(), &name) {
                    shell.send(AppMsg::Warning(Some(e.to_string())));
                }
                shell.send(library(&*shell.store));
            })
        };
        let on_reset_stats = {
            let shell = Rc::clone(&shell);
            Callback::from(move |()| {
                if let Err(e) = reset_stats(&*shell.store) {
                    shell.send(AppMsg::Warning(Some(format!("Statistics not reset: {e}"))));
                }
                shell.send(library(&*shell.store));
            })
        };
        let on_import = {
            let shell = Rc::clone(&shell);
            Callback::from(move |file: web_sys::File| {
                let file = gloo_file::File::from(file);
                let name = file.name();
                if file.size() > IMPORT_MAX_BYTES {
                    shell.send(AppMsg::ImportFailed(format!(
                        "“{name}” cannot be opened: it holds {} bytes, more than hand records take (at most {IMPORT_MAX_BYTES}).",
                        file.size()
                    )));
                    return;
                }
                let reader = {
                    let shell = Rc::clone(&shell);
                    gloo_file::callbacks::read_as_text(&file, move |read| match read {
                        Ok(text) => shell.send(AppMsg::Import {
                            file_name: name,
                            text,
                        }),
                        Err(e) => {
                            shell.send(AppMsg::Error(format!("“{name}” cannot be read: {e}")))
                        }
                    })
                };
                *shell.reading.borrow_mut() = Some(reader);
            })
        };
        let on_import_control = {
            let shell = Rc::clone(&shell);
            Callback::from(move |m: ImportMsg| shell.send(AppMsg::Imported(m)))
        };
        let reload = Callback::from(|_: MouseEvent| {
            if let Some(w) = web_sys::window() {
                let _ = w.location().reload();
            }
        });
        let model = shell.model.borrow();
        let game = model.game();
        let stale = game.is_some() && model.stale.is_some();
        html! {
            <main class={if game.is_some() { "app in-game" } else { "app" }} data-testid="app">
                <header class="app-header">
                    <h1 data-testid="app-title">{ APP_TITLE }</h1>
                </header>
                if let Some(warning) = model.warning.clone() {
                    <p class="warning" role="status" data-testid="storage-warning">
                        { warning }{ " " }
                        <button type="button" onclick={send(|| AppMsg::Warning(None))}
                                data-testid="dismiss-warning">{ "OK" }</button>
                    </p>
                }
                // Shown over the start screen and the table alike (a tab
                // that resumed straight into its game had never shown it).
                if !model.library.problems.is_empty() {
                    <section class="problems" data-testid="storage-problems" role="alert"
                             aria-label="Saved entries that could not be read">
                        { for model.library.problems.iter().map(|p| html! { <p>{ p.to_string() }</p> }) }
                        <button type="button" onclick={send(|| AppMsg::DismissProblems)}
                                data-testid="dismiss-problems">{ "OK" }</button>
                    </section>
                }
                if let Some(stale) = model.stale.clone() {
                    <p class="warning" role="alert" data-testid="stale-banner">
                        { stale }{ " " }
                        <button type="button" onclick={reload} data-testid="stale-reload">{ "Reload" }</button>
                    </p>
                }
                <section class="table" data-testid="table" aria-label="Card table">
                    <div class="felt" data-testid="felt" aria-hidden="true"></div>
                    // A game another tab took over is shown, dimmed, and
                    // cannot be played here (its cards looked playable).
                    <div class={classes!("table-content", stale.then_some("stale"))} inert={stale}>
                        if let Some(err) = model.error.clone().filter(|_| game.is_some()) {
                            <p class="error" role="alert" data-testid="app-error">{ err }</p>
                        }
                        { match &model.screen {
                            Screen::Playing(g) => table(g, model.show_rules, &callbacks),
                            Screen::Reviewing(imported) => review_panel(
                                imported.seating(),
                                &imported.review,
                                &callbacks.on_msg,
                                import_tools(imported, &on_import_control),
                            ),
                            Screen::Start => html! {
                                <StartScreen key={model.links_opened.to_string()}
                                    initial={model.settings.clone()} onstart={on_start}
                                    error={model.error.clone()} library={model.library.clone()} onresume={on_resume}
                                    ondelete={on_delete} share_base={page_url()}
                                    onsavepreset={on_save_preset} ondeletepreset={on_delete_preset}
                                    onresetstats={on_reset_stats} onimport={on_import}
                                    import_error={model.import_error.clone()}
                                    preset_error={model.preset_error.clone()}
                                    importing={model.importing.clone()} />
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
    use crate::controller::{ChosenCard, DuplicateRequest, Ticket};
    use pinochle_ai::{Bot, Player};

    #[test]
    fn query_parameters_prefill_the_settings() {
        let (s, auto) = settings_from_query(
            "?game=club&seed=42&pace=instant&level=basic&seats=5&name=Ann+B&autostart=1",
            Settings::default(),
        )
        .unwrap();
        assert_eq!(s.preset, PresetId::Club);
        assert_eq!(
            (s.deal, s.seats, s.pace, s.level),
            (Some(42), 5, Pace::Instant, Level::Basic)
        );
        assert_eq!(s.name, "Ann B");
        assert!(auto);
        // %-escapes are read (a space typed in the address bar, an accent),
        // the deal number as the start screen reads it, other parameters
        // (a sharing site's tags) are left alone.
        let (s, auto) = settings_from_query(
            "?name=Ren%C3%A9e%20K&seed=Deal%2048%2C213%2C377&utm_source=chat&colors=4",
            Settings::default(),
        )
        .unwrap();
        assert_eq!(
            (s.name.as_str(), s.deal, s.four_color),
            ("Renée K", Some(48_213_377), true)
        );
        assert!(!auto);
        assert_eq!(
            settings_from_query("", Settings::default()),
            Ok((Settings::default(), false))
        );
    }

    /// Parameters the start screen cannot use are each named, and then none
    /// of the others applies either (nor deals at once).
    #[test]
    fn query_parameters_that_cannot_be_used_are_named_and_none_applies() {
        let said = |query: &str| {
            settings_from_query(query, Settings::default())
                .expect_err(query)
                .to_string()
        };
        let e = said("?game=chess&seed=5&autostart=1");
        assert_eq!(
            e,
            "'game=chess' is no game here (the games: brooklyn, bison, partnership, double-deck, club)"
        );
        assert_eq!(
            said("?seed=12abc&pace=warp&level=oracle"),
            "'seed=12abc': a deal number has digits only (empty: new cards); \
             'pace=warp' is no pace (the paces: instant, fast, normal, slow); \
             'level=oracle' is no level of computer player (the levels: basic, standard, expert)"
        );
        // Seats are checked against the game, whichever comes first.
        assert_eq!(
            said("?seats=3&game=partnership"),
            "'seats=3': Partnership Pinochle is played by 4 players"
        );
        assert_eq!(
            said("?game=club&seats=x"),
            "'seats=x': Club Pinochle for the Kitty Bowl is played by 3, 4 or 5 players"
        );
        assert_eq!(said("?game=bison&game=club"), "'game' is given twice");
        assert_eq!(said("?name=%E9"), "'name=%E9' is garbled (bad %-encoding)");
        assert_eq!(
            said(&format!("?name={}", "a".repeat(25))),
            format!(
                "'name={}': a name has at most 24 characters",
                "a".repeat(25)
            )
        );
        assert_eq!(said("?pot=maybe"), "'pot=maybe': 1 (on) or 0 (off)");
        assert_eq!(said("?colors=7"), "'colors=7': 2 or 4 colours");
        assert_eq!(said("?autostart=yes"), "'autostart=yes': 1 (on) or 0 (off)");
    }

    /// The start screen says what was wrong with the address, and the shell
    /// takes the parameters off it.
    #[test]
    fn a_bad_address_is_reported_on_the_start_screen() {
        let mut model = AppModel::new(Settings::default());
        let e = settings_from_query("?level=god", Settings::default()).unwrap_err();
        assert_eq!(model.update(AppMsg::BadQuery(e)), [AppEffect::ForgetQuery]);
        assert_eq!(model.screen, Screen::Start);
        assert_eq!(model.settings, Settings::default());
        assert_eq!(
            model.error.as_deref(),
            Some(
                "The settings in this address cannot be used: 'level=god' is no level of \
                 computer player (the levels: basic, standard, expert). Choose a game below."
            )
        );
    }

    /// A saved entry that could not be read is reported until the player
    /// dismisses the report, over later readings (which no longer find it,
    /// as it was set aside) and over a game.
    #[test]
    fn problems_stay_reported_until_dismissed() {
        use crate::storage::{format::DecodeError, Disposition, Problem};
        let problem = Problem {
            key: "pinochle/stats".into(),
            error: DecodeError::NotJson("EOF".into()),
            disposition: Disposition::SetAside("pinochle/quarantine/1/pinochle/stats".into()),
        };
        let reading = |problems: Vec<Problem>| {
            AppMsg::Library(Box::new(Library {
                problems,
                ..Library::default()
            }))
        };
        let (mut model, _) = started(Settings::default(), 11);
        model.update(reading(vec![problem.clone()]));
        model.update(reading(vec![problem.clone()]));
        model.update(reading(Vec::new()));
        assert_eq!(model.library.problems, std::slice::from_ref(&problem));
        assert!(model.game().is_some());
        model.update(AppMsg::DismissProblems);
        assert!(model.library.problems.is_empty());
        // Found again at the next reading (left in place), it stays dismissed.
        model.update(reading(vec![problem]));
        assert!(model.library.problems.is_empty());
    }

    /// A saved game reported unreadable (set aside by this tab) and then
    /// written back by the tab playing it is no longer reported once the
    /// lists read it again; other reports stay.
    #[test]
    fn a_game_written_back_elsewhere_is_no_longer_reported_unreadable() {
        use crate::storage::{format::DecodeError, Disposition, Problem, SessionSummary};
        let unreadable = |key: &str| Problem {
            key: key.into(),
            error: DecodeError::NotJson("EOF".into()),
            disposition: Disposition::SetAside(format!("pinochle/quarantine/1/{key}")),
        };
        let (playing, _) = started(Settings::default(), 11);
        let session = playing.session.clone().unwrap();
        let written_back = SessionSummary::of(&session, playing.game().unwrap().state());
        let game = unreadable(&session_key(&session.id));
        let stats = unreadable("pinochle/stats");
        let mut model = AppModel::new(Settings::default());
        model.update(AppMsg::Library(Box::new(Library {
            problems: vec![game.clone(), stats.clone()],
            ..Library::default()
        })));
        assert_eq!(model.library.problems, [game, stats.clone()]);
        model.update(AppMsg::Library(Box::new(Library {
            sessions: vec![written_back],
            ..Library::default()
        })));
        assert_eq!(model.library.problems, [stats]);
    }

    fn started(settings: Settings, fresh_seed: u64) -> (AppModel, Vec<AppEffect>) {
        let mut model = AppModel::new(Settings::default());
        let effects = model.update(AppMsg::StartGame {
            settings: Box::new(settings),
            session_id: "s1".into(),
            now_ms: 5,
            fresh_seed,
        });
        (model, effects)
    }

    /// The rules link the page was opened with leaves the address only when
    /// a game starts: a reload before keeps its rules, one after resumes.
    #[test]
    fn a_started_game_forgets_the_link() {
        let (_, effects) = started(Settings::default(), 11);
        assert!(effects.contains(&AppEffect::ForgetLink), "{effects:?}");
        let mut model = AppModel::new(Settings::default());
        assert!(!model
            .update(AppMsg::Warning(Some("x".into())))
            .contains(&AppEffect::ForgetLink));
    }

    /// The choices of a game started are remembered for the next new-game
    /// form (after a reload too), and a query's choices go over them.
    #[test]
    fn a_started_game_remembers_the_players_choices() {
        let chosen = Settings {
            name: "Tess".into(),
            level: Level::Expert,
            pace: Pace::Slow,
            four_color: true,
            ..Settings::default()
        };
        let (_, effects) = started(chosen.clone(), 11);
        let remembered = effects
            .iter()
            .find_map(|e| match e {
                AppEffect::RememberChoices(c) => Some((**c).clone()),
                _ => None,
            })
            .expect("the choices are remembered");
        assert_eq!(remembered, Choices::of(&chosen));
        let next = remembered.applied_to(Settings::default());
        assert_eq!(
            (next.name.as_str(), next.level, next.pace, next.four_color),
            ("Tess", Level::Expert, Pace::Slow, true)
        );
        let (s, _) = settings_from_query("?pace=instant", next).unwrap();
        assert_eq!((s.level, s.pace), (Level::Expert, Pace::Instant));
    }

    #[test]
    fn a_new_game_deals_fresh_cards_unless_a_deal_number_is_given() {
        let (a, _) = started(Settings::default(), 11);
        let (b, _) = started(Settings::default(), 12);
        let (ga, gb) = (a.game().unwrap(), b.game().unwrap());
        assert_eq!((ga.seed, gb.seed), (11, 12));
        assert_ne!(ga.view().own.hand, gb.view().own.hand);
        // The deal number replays the same cards, whatever the fresh draw.
        let replay = Settings {
            deal: Some(11),
            ..Settings::default()
        };
        let (mut c, _) = started(replay, 999);
        assert_eq!(c.game().unwrap().view().own.hand, ga.view().own.hand);
        // Back at the start screen the number is gone: the next game is fresh.
        c.update(AppMsg::BackToStart);
        assert_eq!(c.settings.deal, None);
        // The saved session keeps the deal number.
        assert_eq!(a.session.as_ref().unwrap().setup.seed, 11);
    }

    /// A deal number already played in that game type (a finished game or
    /// a saved one) deals cards the player has seen: the game is practice,
    /// said as it starts, and kept out of the statistics. A number not
    /// played (a friend's link), or played in another game type, counts.
    #[test]
    fn a_deal_number_played_before_in_that_game_starts_a_practice_game() {
        use crate::storage::{FinishedGame, History, SessionSummary};
        let bison = |deal: Option<u64>| Settings {
            preset: PresetId::Bison,
            seats: 3,
            deal,
            pace: Pace::Instant,
            level: Level::Basic,
            ..Settings::default()
        };
        let finished = |game: &str, seed: u64| FinishedGame {
            session_id: "old".into(),
            game: game.into(),
            rules_name: None,
            players: vec!["You".into(), "Ada".into(), "Boris".into()],
            scores: vec![1500, 200, 100],
            ledger: vec![],
            winners: vec!["You".into()],
            hands: 9,
            finished_ms: 1,
            seed: Some(seed),
            practice: false,
            tally: None,
        };
        let start_with = |library: Library, settings: Settings| {
            let mut model = AppModel::new(Settings::default());
            model.update(AppMsg::Library(Box::new(library)));
            let effects = model.update(AppMsg::StartGame {
                settings: Box::new(settings),
                session_id: "s2".into(),
                now_ms: 5,
                fresh_seed: 999,
            });
            (model, effects)
        };
        let history = |games| Library {
            history: History { schema: 1, games },
            ..Library::default()
        };
        // Deal 454104547 of bison, finished before: entered again, practice.
        let played = history(vec![finished("bison", 454_104_547)]);
        let (model, _) = start_with(played.clone(), bison(Some(454_104_547)));
        let game = model.game().unwrap();
        assert!(game.practice && model.session.as_ref().unwrap().practice);
        let said = game.announcements.last().unwrap();
        assert!(
            said.ends_with(" deals. Deal 454104547 played before: practice, not counted."),
            "{said}"
        );
        // A friend's link to a deal not played, or the same number in
        // another game type, counts.
        for (library, settings) in [
            (played.clone(), bison(Some(7))),
            (played.clone(), bison(None)),
            (
                history(vec![finished("club", 454_104_547)]),
                bison(Some(454_104_547)),
            ),
            (Library::default(), bison(Some(454_104_547))),
        ] {
            let (model, _) = start_with(library, settings.clone());
            assert!(!model.game().unwrap().practice, "{settings:?}");
            assert!(!model.session.as_ref().unwrap().practice);
            let said = model.game().unwrap().announcements.last().unwrap();
            assert!(!said.contains("practice"), "{said}");
        }
        // A saved game (unfinished, not yet in the history) dealt from it.
        let (first, _) = started(bison(Some(31)), 1);
        let (session, game) = (first.session.unwrap(), first.screen);
        let Screen::Playing(game) = game else {
            panic!("no game")
        };
        let saved = Library {
            sessions: vec![SessionSummary::of(&session, game.state())],
            ..Library::default()
        };
        let (mut model, effects) = start_with(saved, bison(Some(31)));
        assert!(model.game().unwrap().practice);
        // Its hands and its end go to the practice counts, and no hand is
        // replayed for the rating.
        let seen = play_to_the_end(&mut model, effects);
        let counted: Vec<bool> = seen
            .iter()
            .filter_map(|e| match e {
                AppEffect::Count(c) => Some(c.practice),
                _ => None,
            })
            .collect();
        assert!(
            !counted.is_empty() && counted.iter().all(|&p| p),
            "{counted:?}"
        );
        assert!(!seen
            .iter()
            .any(|e| matches!(e, AppEffect::Game(Effect::AskDuplicate(_)))));
    }

    /// Every game started remembers its deal number on the device; one dealt
    /// before (its game since deleted, or gone from the history) is practice.
    #[test]
    fn a_deal_number_dealt_before_is_practice_even_with_its_game_gone() {
        let club = |deal: Option<u64>| Settings {
            preset: PresetId::Club,
            seats: 3,
            deal,
            ..Settings::default()
        };
        let (first, effects) = started(club(None), 77);
        assert!(!first.game().unwrap().practice);
        assert!(effects.contains(&AppEffect::RememberDeal {
            preset: PresetId::Club,
            seed: 77
        }));
        assert!(first.library.dealt.contains(PresetId::Club, 77));
        // The game deleted: only the list of deal numbers knows it.
        let mut dealt = crate::storage::dealt::DealtDeals::default();
        dealt.add(PresetId::Club, 77);
        let mut model = AppModel::new(Settings::default());
        model.update(AppMsg::Library(Box::new(Library {
            dealt,
            ..Library::default()
        })));
        model.update(AppMsg::StartGame {
            settings: Box::new(club(Some(77))),
            session_id: "s2".into(),
            now_ms: 5,
            fresh_seed: 1,
        });
        assert!(model.game().unwrap().practice);
        assert!(model.session.as_ref().unwrap().practice);
    }

    /// A hand played again from the review goes on as a copy saved under a
    /// new id (the game as it stood stays stored, to resume); undo goes on
    /// in the same saved game.
    #[test]
    fn a_hand_played_again_is_a_copy_and_the_game_is_kept() {
        let (mut model, effects) = started(
            Settings {
                preset: PresetId::Bison,
                pace: Pace::Instant,
                level: Level::Basic,
                ..Settings::default()
            },
            12,
        );
        play_until(&mut model, effects, |g| g.result.is_some());
        let original = model.session.clone().unwrap();
        let effects = model.update(AppMsg::Game(Msg::PlayAgain { from: 0 }));
        assert!(effects.contains(&AppEffect::NameCopy), "{effects:?}");
        assert!(
            !effects.contains(&AppEffect::Save),
            "not saved over the game: {effects:?}"
        );
        let effects = model.update(AppMsg::CopyId("copy-1".into()));
        assert_eq!(effects, [AppEffect::Save]);
        let copy = model.session.as_ref().unwrap();
        assert_eq!((copy.id.as_str(), copy.revision), ("copy-1", 0));
        assert!(copy.practice && !original.practice);
        assert!(copy.actions.len() < original.actions.len());
        assert!(model.game().unwrap().practice);
    }

    #[test]
    fn starting_saves_and_asks_for_the_first_move_then_goes_back() {
        let (mut model, effects) = started(
            Settings {
                preset: PresetId::Bison,
                ..Settings::default()
            },
            5,
        );
        assert_eq!(effects[0], AppEffect::Save);
        let game = model.game().unwrap();
        let asks = effects
            .iter()
            .any(|e| matches!(e, AppEffect::Game(Effect::AskBot { .. })));
        assert_eq!(asks, !game.human_to_move());
        assert_eq!(model.session.as_ref().map(|s| s.actions.len()), Some(0));
        let before = model.clone();
        let refused = model.update(AppMsg::Game(Msg::Bot {
            ticket: Ticket {
                game: "s1".into(),
                moves: 999,
                rewinds: 0,
            },
            action: pinochle_engine::game::Action::Pass,
        }));
        assert!(refused.is_empty());
        assert_eq!(model, before, "a refused message changes nothing");
        assert_eq!(
            model.update(AppMsg::BackToStart),
            vec![AppEffect::LeaveSession]
        );
        assert!(model.game().is_none() && model.session.is_none());
    }

    #[test]
    fn every_applied_action_is_recorded_in_the_session() {
        let (mut model, mut effects) = started(Settings::default(), 1);
        let mut applied = 0;
        while applied < 3 {
            let ask = effects.iter().find_map(|e| match e {
                AppEffect::Game(Effect::AskBot { request, .. }) => Some((**request).clone()),
                _ => None,
            });
            let game = model.game().unwrap();
            let msg = match ask {
                Some(r) => Msg::Bot {
                    ticket: r.ticket,
                    action: Bot::new(r.level, r.seed).decide(&r.view).unwrap(),
                },
                None => Msg::Human(Bot::new(Level::Basic, 1).decide(&game.view()).unwrap()),
            };
            effects = model.update(AppMsg::Game(msg));
            assert_eq!(effects[0], AppEffect::Save, "every action is saved");
            applied += 1;
        }
        let session = model.session.as_ref().unwrap();
        assert_eq!(session.actions.len(), 3);
        let mut restored = crate::sessions::restore(session).unwrap();
        restored.update(Msg::Wake).unwrap();
        // Loaded, the game's first decision is analysed unasked: the page's
        // doing, not the game's.
        assert!(restored.coaching.is_some());
        restored.coaching = model.game().unwrap().coaching.clone();
        assert_eq!(&restored, model.game().unwrap());
        model.update(AppMsg::Stale("another tab".into()));
        let before = model.clone();
        assert!(model.update(AppMsg::Game(Msg::ToggleLastTrick)).is_empty());
        assert_eq!(model, before, "a stale tab does not play on");
    }

    /// The cards chosen to bury and not yet confirmed are saved as each is
    /// chosen: a reload shows the same copies chosen, and the confirmed bury
    /// leaves none.
    #[test]
    fn a_bury_chosen_and_not_confirmed_comes_back_after_a_reload() {
        let burying =
            |g: &Game| g.human_to_move() && g.view().phase() == pinochle_engine::game::Phase::Bury;
        let settings = Settings {
            preset: PresetId::Brooklyn,
            level: Level::Basic,
            pace: Pace::Instant,
            ..Settings::default()
        };
        let model = (0..40).find_map(|seed| {
            let (mut model, effects) = started(settings.clone(), seed);
            play_until(&mut model, effects, |g| burying(g) || !g.history.is_empty());
            burying(model.game().unwrap()).then_some(model)
        });
        let mut model = model.expect("the human buries in some deal");
        let hand = model.game().unwrap().view().own.hand;
        let shown = crate::hand::sorted_hand(&hand.to_cards(), None);
        // The later copy of a pair where there is one, else the first card.
        let index = (1..shown.len())
            .find(|&i| shown[i] == shown[i - 1])
            .unwrap_or(0);
        let copy = ChosenCard::at(&shown, index).unwrap();
        let effects = model.update(AppMsg::Game(Msg::Select(copy)));
        assert_eq!(effects.first(), Some(&AppEffect::Save), "{effects:?}");
        let session = model.session.clone().unwrap();
        assert_eq!(session.picks, vec![copy]);
        let mut restored = crate::sessions::restore(&session).unwrap();
        restored.update(Msg::Wake).unwrap();
        assert_eq!(restored.selection, vec![copy]);
        // Picks that do not fit the hand are dropped, not half kept.
        let mut stale = session.clone();
        stale.picks.push(ChosenCard {
            card: copy.card,
            copy: 3,
        });
        assert!(crate::sessions::restore(&stale)
            .unwrap()
            .selection
            .is_empty());
        // Put back, then confirmed: nothing is left chosen in the save.
        model.update(AppMsg::Game(Msg::Unselect(copy)));
        assert!(model.session.as_ref().unwrap().picks.is_empty());
        let (_, needed) = model.game().unwrap().choosing().unwrap();
        for i in 0..shown.len() {
            let game = model.game().unwrap();
            let copy = ChosenCard::at(&shown, i).unwrap();
            if game.selection.len() < needed && game.select_refusal(copy).is_none() {
                model.update(AppMsg::Game(Msg::Select(copy)));
            }
        }
        assert_eq!(model.session.as_ref().unwrap().picks.len(), needed);
        model.update(AppMsg::Game(Msg::ConfirmSelection));
        let session = model.session.as_ref().unwrap();
        assert!(session.picks.is_empty());
        assert!(
            session.actions.iter().any(|a| a.starts_with("bury")),
            "{:?}",
            session.actions
        );
    }

    #[test]
    fn undo_cuts_the_saved_actions_back_and_marks_the_session_practice() {
        let (mut model, mut effects) = started(Settings::default(), 1);
        let mut human_acted = false;
        while !(human_acted && model.game().unwrap().human_to_move()) {
            let ask = effects.iter().find_map(|e| match e {
                AppEffect::Game(Effect::AskBot { request, .. }) => Some((**request).clone()),
                _ => None,
            });
            let game = model.game().unwrap();
            let msg = match ask {
                Some(r) => Msg::Bot {
                    ticket: r.ticket,
                    action: Bot::new(r.level, r.seed).decide(&r.view).unwrap(),
                },
                None => {
                    human_acted = true;
                    Msg::Human(Bot::new(Level::Basic, 1).decide(&game.view()).unwrap())
                }
            };
            effects = model.update(AppMsg::Game(msg));
        }
        let point = model.game().unwrap().undo_point().unwrap();
        let effects = model.update(AppMsg::Game(Msg::Undo));
        assert_eq!(effects.first(), Some(&AppEffect::Save));
        let session = model.session.as_ref().unwrap();
        assert!(session.practice);
        assert_eq!(session.actions.len(), point);
        // What is saved resumes to the same table.
        let mut restored = crate::sessions::restore(session).unwrap();
        restored.update(Msg::Wake).unwrap();
        assert!(restored.practice);
        assert_eq!(restored.state(), model.game().unwrap().state());
    }

    #[test]
    fn a_file_is_read_in_the_worker_then_opened_for_review_and_closed() {
        use crate::bot::{answer, BotReply, WorkerRequest};
        use crate::controller::testing::{basic_settings, drive};
        let mut game = Game::start("g".into(), basic_settings(PresetId::Bison), 5).unwrap();
        drive(&mut game, |g| !g.history.is_empty(), |_| {});
        let Some(Effect::Download { text, .. }) = game.update(Msg::Export(None)).unwrap().pop()
        else {
            panic!("no export");
        };
        let mut model = AppModel::new(Settings::default());
        let effects = model.update(AppMsg::Import {
            file_name: "bison.jsonl".into(),
            text: "not a record".into(),
        });
        let [AppEffect::Game(Effect::AskImport(bad))] = &effects[..] else {
            panic!("the worker reads the file: {effects:?}");
        };
        // Meanwhile the start screen says what is being read.
        assert_eq!(
            model.importing.as_deref(),
            Some("“bison.jsonl”, 1 hand record")
        );
        let BotReply::Failed { reason, .. } = answer(&WorkerRequest::Import((**bad).clone()))
        else {
            panic!("a bad file is refused");
        };
        model.update(AppMsg::Game(Msg::ImportRead(Err(reason))));
        assert_eq!(model.screen, Screen::Start, "nothing opens");
        assert_eq!(model.importing, None);
        assert!(model
            .import_error
            .as_deref()
            .unwrap()
            .contains("bison.jsonl"));
        let effects = model.update(AppMsg::Import {
            file_name: "bison.jsonl".into(),
            text,
        });
        let [AppEffect::Game(Effect::AskImport(good))] = &effects[..] else {
            panic!("the worker reads the file: {effects:?}");
        };
        let BotReply::Imported {
            file_name, hands, ..
        } = answer(&WorkerRequest::Import((**good).clone()))
        else {
            panic!("an exported game is read");
        };
        let effects = model.update(AppMsg::Game(Msg::ImportRead(Ok((file_name, hands)))));
        assert!(matches!(model.screen, Screen::Reviewing(_)));
        assert_eq!(model.importing, None);
        assert!(model.import_error.is_none());
        assert!(effects
            .iter()
            .any(|e| matches!(e, AppEffect::Game(Effect::AskGrade(_)))));
        model.update(AppMsg::Game(Msg::CloseReview));
        assert_eq!(model.screen, Screen::Start);
    }

    #[test]
    fn a_link_preloads_exactly_its_rules_and_seed() {
        let shared =
            pinochle_engine::link::decode_link("v=1&game=bison&name=Friday&seed=9&target=1000")
                .unwrap();
        let s = settings_from_link(&Settings::default(), &shared);
        assert_eq!((s.preset, s.deal), (PresetId::Bison, Some(9)));
        assert_eq!(s.rules().unwrap(), shared.rules);
        assert_eq!(s.custom.and_then(|c| c.name).as_deref(), Some("Friday"));
    }

    /// A rules link put in the address of the open page: good, it opens the
    /// new-game screen with its rules, also over a game (which stays saved,
    /// to resume); bad, it is named, taken off the address, and nothing else
    /// changes.
    #[test]
    fn a_link_opened_in_the_open_page_takes_effect_or_is_named() {
        let link = |text: &str| {
            AppMsg::OpenLink(
                pinochle_engine::link::decode_link(text)
                    .map(Box::new)
                    .map_err(|e| BadLink {
                        problem: e.to_string(),
                        game: pinochle_engine::link::linked_game(text),
                    }),
            )
        };
        let mut model = AppModel::new(Settings::default());
        assert_eq!(model.update(link("v=1&game=bison&seed=9&target=1000")), []);
        assert_eq!(
            (model.settings.preset, model.settings.deal),
            (PresetId::Bison, Some(9))
        );
        assert_eq!(model.links_opened, 1);
        // Over a game: back to the start screen with the link's rules.
        let (mut model, _) = started(Settings::default(), 11);
        let effects = model.update(link("v=1&game=club&name=Friday"));
        assert_eq!(effects, [AppEffect::LeaveSession]);
        assert_eq!(model.screen, Screen::Start);
        assert!(model.session.is_none());
        assert_eq!(model.settings.preset, PresetId::Club);
        assert_eq!(
            model.settings.custom.and_then(|c| c.name).as_deref(),
            Some("Friday")
        );
        // A bad one leaves the game on the table and says why.
        let (mut model, _) = started(Settings::default(), 11);
        let before = model.clone();
        let effects = model.update(link("v=1&game=poker"));
        assert_eq!(effects, [AppEffect::ForgetLink]);
        assert_eq!(
            (&model.screen, &model.session),
            (&before.screen, &before.session)
        );
        let error = model.error.unwrap();
        assert!(
            error.starts_with("This rules link cannot be used: ") && error.contains("poker"),
            "{error}"
        );
        // On the start screen, a link refused for an option turns the form
        // to the game it was for.
        let mut model = AppModel::new(Settings::default());
        assert_eq!(
            model.update(link("v=1&game=club&bogus=1")),
            [AppEffect::ForgetLink]
        );
        assert_eq!(
            (model.settings.preset, model.settings.custom.is_none()),
            (PresetId::Club, true)
        );
        assert_eq!(model.links_opened, 1, "the start screen is drawn afresh");
        let error = model.error.unwrap();
        assert!(
            error.contains("Below: Club Pinochle for the Kitty Bowl with its usual rules"),
            "{error}"
        );
    }

    /// A refused save of the rules is kept apart from the form's errors
    /// (said by the Save button, not at the form's head); a save that works
    /// clears it.
    #[test]
    fn a_refused_rules_save_is_its_own_message() {
        let mut model = AppModel::new(Settings::default());
        let refusal = "The rules were not saved: no room.".to_string();
        assert_eq!(model.update(AppMsg::PresetSaved(Err(refusal.clone()))), []);
        assert_eq!(
            (model.preset_error.as_ref(), model.error.as_ref()),
            (Some(&refusal), None)
        );
        model.update(AppMsg::PresetSaved(Ok(())));
        assert_eq!(model.preset_error, None);
    }

    /// Another tab set aside a damaged stored copy of the game on the table:
    /// this tab writes its copy back; a stale tab (or no game) does not.
    #[test]
    fn a_copy_set_aside_elsewhere_is_written_back_unless_stale() {
        let (mut model, _) = started(Settings::default(), 11);
        assert_eq!(
            model.update(AppMsg::SetAsideElsewhere),
            [AppEffect::WriteBack]
        );
        model.update(AppMsg::Stale("played on elsewhere".into()));
        assert_eq!(model.update(AppMsg::SetAsideElsewhere), []);
        let mut start = AppModel::new(Settings::default());
        assert_eq!(start.update(AppMsg::SetAsideElsewhere), []);
    }

    /// Plays on through the model (basic players in every seat, timers and
    /// claim checks answered at once) until the game is over; every effect
    /// seen is returned.
    fn play_to_the_end(model: &mut AppModel, effects: Vec<AppEffect>) -> Vec<AppEffect> {
        play_until(model, effects, Game::is_over)
    }

    /// Plays the game on (the human by the rules of thumb, each result
    /// closed) until `stop` holds; every effect seen, in order.
    fn play_until(
        model: &mut AppModel,
        mut effects: Vec<AppEffect>,
        stop: impl Fn(&Game) -> bool,
    ) -> Vec<AppEffect> {
        let mut seen = Vec::new();
        for _ in 0..50_000 {
            let game = model.game().unwrap();
            if stop(game) {
                seen.extend(effects);
                return seen;
            }
            let mut queue: Vec<Msg> = effects
                .iter()
                .filter_map(|e| match e {
                    AppEffect::Game(Effect::AskBot { request, .. }) => Some(Msg::Bot {
                        ticket: request.ticket.clone(),
                        action: Bot::new(request.level, request.seed)
                            .decide(&request.view)
                            .unwrap(),
                    }),
                    AppEffect::Game(Effect::After { msg, .. }) => Some(msg.clone()),
                    AppEffect::Game(Effect::AskClaim(request)) => Some(Msg::Claimable {
                        ticket: request.ticket.clone(),
                        claim: None,
                    }),
                    _ => None,
                })
                .collect();
            seen.extend(effects);
            if queue.is_empty() {
                queue.push(if game.result.is_some() {
                    Msg::CloseResult
                } else {
                    Msg::Human(Bot::new(Level::Basic, 3).decide(&game.view()).unwrap())
                });
            }
            effects = Vec::new();
            for msg in queue {
                effects.extend(model.update(AppMsg::Game(msg)));
            }
        }
        panic!("the game does not end");
    }

    #[test]
    fn each_hand_and_the_games_end_are_counted_once() {
        let settings = Settings {
            preset: PresetId::Bison,
            pace: Pace::Instant,
            level: Level::Basic,
            ..Settings::default()
        };
        let (mut model, effects) = started(settings, 8);
        let seen = play_to_the_end(&mut model, effects);
        let counted: Vec<&Counted> = seen
            .iter()
            .filter_map(|e| match e {
                AppEffect::Count(c) => Some(&**c),
                _ => None,
            })
            .collect();
        let game = model.game().unwrap();
        let hands: usize = counted.iter().map(|c| c.hands.len()).sum();
        assert_eq!(hands, game.history.len(), "every hand once");
        let ends: Vec<GameEnd> = counted.iter().filter_map(|c| c.ended).collect();
        assert_eq!(ends.len(), 1, "the game's end once");
        assert_eq!(
            model.session.as_ref().unwrap().counted_hands as usize,
            hands
        );

        let mut stats = Statistics::default();
        for c in &counted {
            c.apply(&mut stats);
        }
        let bison = &stats.games["bison"];
        assert_eq!((bison.games, bison.hands as usize), (1, hands));
        assert_eq!(bison.won, u32::from(ends[0] == GameEnd::Won));
        assert_eq!(bison.tied, u32::from(ends[0] == GameEnd::Tied));
        let human = game.human;
        let total: i64 = game.state().public().session.scores[human];
        assert_eq!(
            bison.result_total, total,
            "the score changes add up to the final score"
        );
        assert!(bison.made + bison.set <= bison.bids_won);

        // Each hand the human played in is replayed in the worker for the rating.
        let duplicates: Vec<&DuplicateRequest> = seen
            .iter()
            .filter_map(|e| match e {
                AppEffect::Game(Effect::AskDuplicate(r)) => Some(&**r),
                _ => None,
            })
            .collect();
        assert!(!duplicates.is_empty() && duplicates.len() <= hands);
        let first = duplicates[0];
        let reply = crate::bot::answer(&crate::bot::WorkerRequest::Duplicate(first.clone()));
        let crate::bot::BotReply::Duplicated { hand, expert, .. } = reply else {
            panic!("{reply:?}");
        };
        let effects = model.update(AppMsg::Game(Msg::Duplicated {
            hand,
            expert: Some(expert),
        }));
        let summary = game_history_of(&model, hand);
        let player = HandFacts::of(&summary, 0, Tally::Points)
            .change
            .unwrap_or(0);
        assert!(
            effects.contains(&AppEffect::Rate {
                game: "bison",
                player,
                expert
            }),
            "{effects:?}"
        );
    }

    fn game_history_of(model: &AppModel, hand: u32) -> pinochle_engine::game::HandSummary {
        let game = model.game().unwrap();
        game.history
            .iter()
            .find(|s| s.hand == hand)
            .unwrap()
            .clone()
    }
}
