//! Saved sessions, the history of finished games and custom rule presets, kept in
//! the browser's localStorage.
//!
//! Everything here except `browser` is plain Rust over the [`KeyValueStore`]
//! trait, so it is tested natively with a [`MemoryStore`]; `browser` is the thin
//! web-sys shell (localStorage, `QuotaExceededError`, the `storage` event).
//!
//! Keys (all under `pinochle/`):
//! * `pinochle/session/<id>`: one [`SavedSession`] each. The list of saved
//!   sessions is read from these keys, so there is no separate index to go stale.
//! * `pinochle/history`: [`History`] of finished games.
//! * `pinochle/presets`: [`CustomPresets`].
//! * `pinochle/stats`, `pinochle/choices`, `pinochle/dealt`: the statistics,
//!   the new-game form's choices and the deal numbers dealt (see their modules).
//! * `pinochle/quarantine/<ms>/<key>`: an entry that could not be read, set aside
//!   with the reason, never deleted.
//!
//! Robustness rules: a damaged entry is reported ([`Problem`]) and set aside while
//! the others load; a full quota is a [`SaveError::QuotaExceeded`] the app shows
//! as a warning while play goes on; every save checks the session's revision, so
//! two tabs on one session never silently overwrite each other ([`SaveError::Conflict`],
//! [`other_tab_change`]).

#[cfg(target_arch = "wasm32")]
pub mod browser;
pub mod choices;
pub mod dealt;
pub mod format;
pub mod stats;

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::fmt;

use pinochle_engine::game::{Phase, State};
use pinochle_engine::link::decode_link;
use pinochle_engine::PresetId;

pub use format::{
    decode_session, encode_session, CustomPreset, CustomPresets, DecodeError, FinishedGame,
    History, KeptReview, SavedSession, SessionSetup, Tally, LIST_SCHEMA, SESSION_SCHEMA,
};

/// Prefix of every key this app writes.
pub const KEY_PREFIX: &str = "pinochle/";
/// Prefix of saved-session keys; the session id follows.
pub const SESSION_PREFIX: &str = "pinochle/session/";
pub const HISTORY_KEY: &str = "pinochle/history";
pub const PRESETS_KEY: &str = "pinochle/presets";
/// Prefix of entries set aside because they could not be read.
pub const QUARANTINE_PREFIX: &str = "pinochle/quarantine/";
/// Finished games kept in the history; older ones drop off.
pub const HISTORY_LIMIT: usize = 200;

/// The storage key of a session.
pub fn session_key(id: &str) -> String {
    format!("{SESSION_PREFIX}{id}")
}

/// Why the store refused an operation.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StoreError {
    #[error("the browser's storage is full")]
    QuotaExceeded,
    #[error("the browser's storage is not available: {0}")]
    Unavailable(String),
}

/// A string-to-string store with localStorage's semantics.
pub trait KeyValueStore {
    fn keys(&self) -> Result<Vec<String>, StoreError>;
    fn get(&self, key: &str) -> Result<Option<String>, StoreError>;
    fn set(&self, key: &str, value: &str) -> Result<(), StoreError>;
    fn remove(&self, key: &str) -> Result<(), StoreError>;
}

/// An in-memory store: the fallback when the browser gives no localStorage (the
/// game is then played without saving), and the store of the native tests. An
/// optional quota (bytes of keys and values) makes writes fail like a full
/// localStorage.
#[derive(Debug, Default)]
pub struct MemoryStore {
    entries: RefCell<BTreeMap<String, String>>,
    quota: Option<usize>,
}

impl MemoryStore {
    pub fn with_quota(bytes: usize) -> MemoryStore {
        MemoryStore {
            entries: RefCell::default(),
            quota: Some(bytes),
        }
    }

    fn used_without(&self, key: &str) -> usize {
        self.entries
            .borrow()
            .iter()
            .filter(|(k, _)| k.as_str() != key)
            .map(|(k, v)| k.len() + v.len())
            .sum()
    }
}

impl KeyValueStore for MemoryStore {
    fn keys(&self) -> Result<Vec<String>, StoreError> {
        Ok(self.entries.borrow().keys().cloned().collect())
    }

    fn get(&self, key: &str) -> Result<Option<String>, StoreError> {
        Ok(self.entries.borrow().get(key).cloned())
    }

    fn set(&self, key: &str, value: &str) -> Result<(), StoreError> {
        if let Some(quota) = self.quota {
            if self.used_without(key) + key.len() + value.len() > quota {
                return Err(StoreError::QuotaExceeded);
            }
        }
        self.entries
            .borrow_mut()
            .insert(key.to_string(), value.to_string());
        Ok(())
    }

    fn remove(&self, key: &str) -> Result<(), StoreError> {
        self.entries.borrow_mut().remove(key);
        Ok(())
    }
}

/// What became of an entry that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Disposition {
    /// Moved to this quarantine key, with the reason; nothing was deleted.
    SetAside(String),
    /// Left where it was (written by a newer version, or no room to move it).
    LeftInPlace(String),
    /// A list of which some entries could not be read: the whole text was
    /// copied to this quarantine key and the `kept` entries that read were
    /// written back.
    PartlySetAside { under: String, kept: usize },
}

/// A stored entry that could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    pub key: String,
    pub error: DecodeError,
    pub disposition: Disposition,
}

impl Problem {
    /// What the entry held, and what its loss means, in the player's words.
    fn subject(&self) -> (&'static str, &'static str) {
        match self.key.as_str() {
            HISTORY_KEY => ("The list of finished games", "The list starts again"),
            PRESETS_KEY => ("Your saved rules", "The list starts again"),
            stats::STATS_KEY => ("Your statistics", "They start again from zero"),
            choices::CHOICES_KEY => (
                "Your choices for a new game",
                "The new-game form opens with its defaults",
            ),
            dealt::DEALT_KEY => (
                "The deal numbers you have played",
                "A deal played only in a deleted game can count again",
            ),
            key if key.starts_with(SESSION_PREFIX) => {
                ("A saved game", "That game cannot be resumed")
            }
            _ => ("A saved entry", "It is no longer used"),
        }
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (what, loss) = self.subject();
        write!(
            f,
            "{what} ('{}') could not be read: {}. ",
            self.key, self.error
        )?;
        match &self.disposition {
            Disposition::SetAside(under) => write!(
                f,
                "{loss}; the unreadable copy is kept in this browser under '{under}'."
            ),
            Disposition::LeftInPlace(why) => write!(f, "It was left as it is ({why})."),
            Disposition::PartlySetAside { under, kept } => {
                let others = match kept {
                    0 => "No entry could be kept".to_string(),
                    1 => "The other entry is kept".to_string(),
                    n => format!("The other {n} entries are kept"),
                };
                write!(
                    f,
                    "{others}; the whole list as it was is kept in this browser under '{under}'."
                )
            }
        }
    }
}

/// One line of the saved-sessions list.
#[derive(Clone, Debug, PartialEq)]
pub struct SessionSummary {
    pub id: String,
    /// The preset's display name (`Bison`).
    pub game: &'static str,
    /// The game type and the deal number the session was dealt from: a new
    /// game from the same number deals the same cards again.
    pub preset: PresetId,
    pub seed: u64,
    pub rules_name: Option<String>,
    pub players: Vec<String>,
    /// What the game keeps count in, and the count per seat: the scores, or
    /// the ledger in the stake and money games.
    pub tally: Tally,
    pub standing: Vec<i64>,
    /// Partners sit opposite and share one count.
    pub partnerships: bool,
    pub hands_completed: u32,
    /// The last hand's result is still open (the player left the table from
    /// it): the game resumes there, not in the next hand.
    pub result_open: bool,
    /// What the game is waiting for, in a player's words ("auction",
    /// "card play", "keep or escape"...).
    pub phase: &'static str,
    pub last_played_ms: u64,
    pub finished: bool,
    /// Undo was used.
    pub practice: bool,
}

impl SessionSummary {
    pub fn of(session: &SavedSession, state: &State) -> SessionSummary {
        let public = state.public();
        SessionSummary {
            id: session.id.clone(),
            game: state.rules().preset.name(),
            preset: state.rules().preset,
            seed: session.setup.seed,
            rules_name: session.setup.rules_name.clone(),
            players: session.setup.players.clone(),
            tally: Tally::of(state.rules()),
            partnerships: state.rules().table.partnerships,
            standing: match Tally::of(state.rules()) {
                Tally::Points => public.session.scores.clone(),
                Tally::Stakes | Tally::Money => public.session.ledger.seats.clone(),
            },
            hands_completed: public.session.hands_completed,
            result_open: !state.is_terminal()
                && session.results_closed < public.session.hands_completed,
            phase: waiting_for(state.phase()),
            last_played_ms: session.last_played_ms,
            finished: state.is_terminal(),
            practice: session.practice,
        }
    }
}

/// What a game in `phase` waits for, as the session list says it.
fn waiting_for(phase: Phase) -> &'static str {
    match phase {
        Phase::PassLeft => "passing cards",
        Phase::Auction => "auction",
        Phase::Escape => "keep or escape",
        Phase::DealerDecline => "stuck dealer: play or decline",
        Phase::DuplicateDecline => "duplicate widow: play or decline",
        Phase::KittyConcede | Phase::MeldConcede => "play or concede",
        Phase::Trump => "naming trump",
        Phase::PartnerPass => "partners' exchange",
        Phase::Bury => "burying",
        Phase::ShowMeld => "meld",
        Phase::BidderDecision => "play or pass",
        Phase::Challenge => "challenge",
        Phase::Tricks => "card play",
        Phase::SessionOver => "finished",
    }
}

/// Everything read at start-up.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Library {
    /// Saved sessions, most recently played first.
    pub sessions: Vec<SessionSummary>,
    pub history: History,
    pub presets: CustomPresets,
    pub stats: stats::Statistics,
    pub dealt: dealt::DealtDeals,
    /// Entries that could not be read (each already set aside or left in place).
    pub problems: Vec<Problem>,
}

impl Library {
    /// Whether the player has been dealt the game of deal number `seed` in
    /// this game type before: a deal number dealt on this device, a saved
    /// session or a finished game of that type dealt from it (a game replayed
    /// from its number, or a friend's link to a deal already played). Such a
    /// game is practice: its cards are known, so it is kept out of the
    /// statistics and the rating.
    pub fn played_deal(&self, preset: PresetId, seed: u64) -> bool {
        self.dealt.contains(preset, seed)
            || self
                .sessions
                .iter()
                .any(|s| s.preset == preset && s.seed == seed)
            || self
                .history
                .games
                .iter()
                .any(|g| g.seed == Some(seed) && g.game == preset.id())
    }
}

/// Copies an unreadable entry's text, with the reason, under the
/// quarantine prefix: the key it went to, or why it stays where it is.
fn copy_aside(
    store: &dyn KeyValueStore,
    key: &str,
    text: &str,
    error: &DecodeError,
    now_ms: u64,
) -> Result<String, String> {
    let under = format!("{QUARANTINE_PREFIX}{now_ms}/{key}");
    let record = serde_json::json!({
        "key": key,
        "problem": error.to_string(),
        "set_aside_ms": now_ms,
        "text": text,
    });
    store
        .set(&under, &record.to_string())
        .map(|()| under)
        .map_err(|e| format!("it could not be copied aside: {e}"))
}

/// Moves an unreadable entry under the quarantine prefix, with the reason.
fn set_aside(
    store: &dyn KeyValueStore,
    key: &str,
    text: &str,
    error: DecodeError,
    now_ms: u64,
) -> Problem {
    let disposition = if error.is_newer_schema() {
        Disposition::LeftInPlace("a newer version of the app can read it".into())
    } else {
        match copy_aside(store, key, text, &error, now_ms) {
            // The copy is safe; only now is the original removed.
            Ok(under) => match store.remove(key) {
                Ok(()) => Disposition::SetAside(under),
                Err(e) => Disposition::LeftInPlace(format!("copied to '{under}' but {e}")),
            },
            Err(why) => Disposition::LeftInPlace(why),
        }
    };
    Problem {
        key: key.to_string(),
        error,
        disposition,
    }
}

/// Copies a list of which some entries could not be read under the
/// quarantine prefix, whole, then writes the entries that read (`kept`,
/// serialized as `written`) back in its place.
pub(crate) fn set_aside_keeping(
    store: &dyn KeyValueStore,
    key: &str,
    text: &str,
    error: DecodeError,
    now_ms: u64,
    (kept, written): (usize, String),
) -> Problem {
    let disposition = match copy_aside(store, key, text, &error, now_ms) {
        // The copy is safe; only now is the list rewritten.
        Ok(under) => match store.set(key, &written) {
            Ok(()) => Disposition::PartlySetAside { under, kept },
            Err(e) => Disposition::LeftInPlace(format!("copied to '{under}' but {e}")),
        },
        Err(why) => Disposition::LeftInPlace(why),
    };
    Problem {
        key: key.to_string(),
        error,
        disposition,
    }
}

/// The list stored under `key` as `text` (its entries under `field`),
/// entry by entry: what cannot be read is set aside (the whole text, with
/// the entries that read written back in its place).
fn list_from<T: serde::de::DeserializeOwned, L: serde::Serialize>(
    store: &dyn KeyValueStore,
    (key, text): (&str, &str),
    (field, check): (&str, format::EntryCheck<T>),
    now_ms: u64,
    wrap: fn(Vec<T>) -> L,
) -> (L, Option<Problem>) {
    match format::read_list(text, field, check) {
        Ok(read) => {
            let kept = read.entries.len();
            let list = wrap(read.entries);
            let problem = read.unreadable.map(|error| {
                let written = serde_json::to_string(&list).unwrap_or_default();
                set_aside_keeping(store, key, text, error, now_ms, (kept, written))
            });
            (list, problem)
        }
        Err(error) => (
            wrap(Vec::new()),
            Some(set_aside(store, key, text, error, now_ms)),
        ),
    }
}

/// The history stored as `text` ([`list_from`]).
fn history_from(store: &dyn KeyValueStore, text: &str, now_ms: u64) -> (History, Option<Problem>) {
    let wrap = |games| History {
        schema: LIST_SCHEMA,
        games,
    };
    list_from(
        store,
        (HISTORY_KEY, text),
        ("games", format::check_finished),
        now_ms,
        wrap,
    )
}

/// Whether [`load_library`] reads the entry under `key` (a change to it
/// changes the lists).
pub fn library_reads(key: &str) -> bool {
    key.starts_with(SESSION_PREFIX)
        || [HISTORY_KEY, PRESETS_KEY, stats::STATS_KEY, dealt::DEALT_KEY].contains(&key)
}

/// Reads every saved session, the history, the custom presets, the
/// statistics and the deal numbers dealt. Never fails: what cannot be read
/// is in [`Library::problems`], the rest loads.
pub fn load_library(store: &dyn KeyValueStore, now_ms: u64) -> Result<Library, StoreError> {
    let mut library = Library {
        history: History {
            schema: LIST_SCHEMA,
            games: Vec::new(),
        },
        presets: CustomPresets {
            schema: LIST_SCHEMA,
            presets: Vec::new(),
        },
        ..Library::default()
    };
    for key in store.keys()? {
        let Some(id) = key.strip_prefix(SESSION_PREFIX) else {
            continue;
        };
        let Some(text) = store.get(&key)? else {
            continue;
        };
        match decode_session(id, &text) {
            Ok((session, state)) => library.sessions.push(SessionSummary::of(&session, &state)),
            Err(error) => library
                .problems
                .push(set_aside(store, &key, &text, error, now_ms)),
        }
    }
    pinochle_engine::sort::sort_by(&mut library.sessions, |a, b| {
        b.last_played_ms
            .cmp(&a.last_played_ms)
            .then(a.id.cmp(&b.id))
    });
    if let Some(text) = store.get(HISTORY_KEY)? {
        let (history, problem) = history_from(store, &text, now_ms);
        library.history = history;
        library.problems.extend(problem);
    }
    let (stats, problem) = stats::load_stats(store, now_ms)?;
    library.stats = stats;
    library.problems.extend(problem);
    let (dealt, problem) = dealt::load_dealt(store, now_ms)?;
    library.dealt = dealt;
    library.problems.extend(problem);
    if let Some(text) = store.get(PRESETS_KEY)? {
        let wrap = |presets| CustomPresets {
            schema: LIST_SCHEMA,
            presets,
        };
        let check: format::EntryCheck<_> = format::check_preset;
        let (presets, problem) = list_from(
            store,
            (PRESETS_KEY, &text),
            ("presets", check),
            now_ms,
            wrap,
        );
        library.presets = presets;
        library.problems.extend(problem);
    }
    Ok(library)
}

/// Why a session could not be resumed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LoadError {
    #[error("there is no saved session '{0}'")]
    Missing(String),
    #[error("{0}")]
    Unreadable(Problem),
    #[error("{0}")]
    Store(#[from] StoreError),
}

/// Loads a session to resume it; an unreadable one is set aside and reported.
pub fn load_session(
    store: &dyn KeyValueStore,
    id: &str,
    now_ms: u64,
) -> Result<(SavedSession, State), LoadError> {
    let key = session_key(id);
    let text = store
        .get(&key)?
        .ok_or_else(|| LoadError::Missing(id.to_string()))?;
    decode_session(id, &text)
        .map_err(|error| LoadError::Unreadable(set_aside(store, &key, &text, error, now_ms)))
}

/// Why a save did not happen.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SaveError {
    #[error(
        "this game was continued in another tab (saved revision {stored}, this tab has {ours})"
    )]
    Conflict { stored: u64, ours: u64 },
    #[error("this game was deleted in another tab")]
    DeletedElsewhere,
    #[error("the browser's storage is full: this game is not being saved (delete old games to make room)")]
    QuotaExceeded,
    /// The entry was written by a newer version of the app, which can read
    /// it: this version leaves it unchanged rather than write over it.
    #[error("your {0} were saved by a newer version of this app, and this version leaves them as they are")]
    NewerVersion(&'static str),
    #[error("{0}")]
    Store(StoreError),
}

impl From<StoreError> for SaveError {
    fn from(e: StoreError) -> SaveError {
        match e {
            StoreError::QuotaExceeded => SaveError::QuotaExceeded,
            other => SaveError::Store(other),
        }
    }
}

/// Saves a session if storage still holds the revision this tab last saved or
/// loaded; on success the session's revision goes up by one. On any error the
/// session is unchanged (so the next action tries again).
pub fn save_session(
    store: &dyn KeyValueStore,
    session: &mut SavedSession,
    now_ms: u64,
) -> Result<(), SaveError> {
    let key = session_key(&session.id);
    match store.get(&key)? {
        None if session.revision > 0 => return Err(SaveError::DeletedElsewhere),
        None => {}
        Some(text) => match format::stored_revision(&text) {
            Some(stored) if stored != session.revision => {
                return Err(SaveError::Conflict {
                    stored,
                    ours: session.revision,
                })
            }
            Some(_) => {}
            // Unreadable: keep a copy aside, then write ours.
            None => {
                let error = format::parse_document(&text)
                    .err()
                    .unwrap_or(DecodeError::Invalid("it has no revision".into()));
                set_aside(store, &key, &text, error, now_ms);
            }
        },
    }
    write_next_revision(store, &key, session)
}

/// Writes `session` under `key` as its next revision; on success the
/// session takes that revision (on an error it is unchanged).
fn write_next_revision(
    store: &dyn KeyValueStore,
    key: &str,
    session: &mut SavedSession,
) -> Result<(), SaveError> {
    let mut next = session.clone();
    next.revision += 1;
    store.set(key, &encode_session(&next))?;
    *session = next;
    Ok(())
}

/// Deletes a saved session (the player asked to).
pub fn delete_session(store: &dyn KeyValueStore, id: &str) -> Result<(), StoreError> {
    store.remove(&session_key(id))
}

/// The history entry of a finished session.
pub fn finished_game(session: &SavedSession, state: &State, now_ms: u64) -> Option<FinishedGame> {
    let result = state.session_result()?;
    let name = |seat: usize| match session.setup.players.get(seat) {
        Some(name) if name.is_empty() => crate::seating::YOU.to_string(),
        Some(name) => name.clone(),
        None => format!("Seat {}", seat + 1),
    };
    Some(FinishedGame {
        session_id: session.id.clone(),
        game: state.rules().preset.id().to_string(),
        rules_name: session.setup.rules_name.clone(),
        players: (0..session.setup.players.len()).map(name).collect(),
        scores: result.scores.clone(),
        ledger: result.ledger.seats.clone(),
        winners: result.winners.iter().map(|&s| name(s)).collect(),
        hands: result.hands,
        finished_ms: now_ms,
        seed: Some(session.setup.seed),
        practice: session.practice,
        tally: Some(Tally::of(state.rules())),
    })
}

/// Refuses to write over a list entry (history, presets, statistics) that a
/// newer version of the app saved: it was left in place for that version to
/// read, and this one would replace it with its own, shorter list.
pub(crate) fn keep_newer(
    store: &dyn KeyValueStore,
    key: &str,
    what: &'static str,
) -> Result<(), SaveError> {
    let Some(text) = store.get(key)? else {
        return Ok(());
    };
    match format::decode_list::<serde::de::IgnoredAny>(&text) {
        Err(e) if e.is_newer_schema() => Err(SaveError::NewerVersion(what)),
        _ => Ok(()),
    }
}

/// Adds a finished game to the history (once per session), newest first.
pub fn record_finished(
    store: &dyn KeyValueStore,
    game: FinishedGame,
    now_ms: u64,
) -> Result<History, SaveError> {
    keep_newer(store, HISTORY_KEY, "finished games")?;
    let mut history = match store.get(HISTORY_KEY)? {
        None => History {
            schema: LIST_SCHEMA,
            games: Vec::new(),
        },
        Some(text) => history_from(store, &text, now_ms).0,
    };
    if history
        .games
        .iter()
        .any(|g| g.session_id == game.session_id)
    {
        return Ok(history);
    }
    history.games.insert(0, game);
    history.games.truncate(HISTORY_LIMIT);
    // Plain data: serialization cannot fail.
    store.set(
        HISTORY_KEY,
        &serde_json::to_string(&history).unwrap_or_default(),
    )?;
    Ok(history)
}

/// Why a custom preset was not saved.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PresetError {
    #[error(
        "give the rules a name (1 to {} characters)",
        pinochle_engine::link::MAX_NAME_LEN
    )]
    BadName,
    #[error("the rules cannot be shared: {0}")]
    BadRules(String),
    #[error("The rules were not saved: {0}.")]
    Save(#[from] SaveError),
}

/// Saves (or replaces, by name) a custom preset; returns the new list.
pub fn save_preset(
    store: &dyn KeyValueStore,
    mut presets: CustomPresets,
    preset: CustomPreset,
) -> Result<CustomPresets, PresetError> {
    let name = preset.name.trim();
    if name.is_empty()
        || name.chars().count() > pinochle_engine::link::MAX_NAME_LEN
        || name.chars().any(char::is_control)
    {
        return Err(PresetError::BadName);
    }
    decode_link(&preset.rules).map_err(|e| PresetError::BadRules(e.to_string()))?;
    let preset = CustomPreset {
        name: name.to_string(),
        rules: preset.rules,
    };
    presets.schema = LIST_SCHEMA;
    presets.presets.retain(|p| p.name != preset.name);
    presets.presets.push(preset);
    write_presets(store, &presets)?;
    Ok(presets)
}

/// Deletes a custom preset by name; returns the new list.
pub fn delete_preset(
    store: &dyn KeyValueStore,
    mut presets: CustomPresets,
    name: &str,
) -> Result<CustomPresets, SaveError> {
    presets.presets.retain(|p| p.name != name);
    write_presets(store, &presets)?;
    Ok(presets)
}

fn write_presets(store: &dyn KeyValueStore, presets: &CustomPresets) -> Result<(), SaveError> {
    write_document(store, PRESETS_KEY, "saved rules", presets)
}

/// Reads the document under `key` (none yet: `None`) that `fault` finds
/// nothing wrong with; an unreadable one is set aside, a newer version's
/// left in place, either reported.
pub(crate) fn read_document<T: serde::de::DeserializeOwned>(
    store: &dyn KeyValueStore,
    key: &str,
    now_ms: u64,
    fault: impl FnOnce(&T) -> Option<String>,
) -> Result<(Option<T>, Option<Problem>), StoreError> {
    let Some(text) = store.get(key)? else {
        return Ok((None, None));
    };
    let read = format::decode_list::<T>(&text).and_then(|document| {
        fault(&document).map_or(Ok(document), |fault| Err(DecodeError::Invalid(fault)))
    });
    match read {
        Ok(document) => Ok((Some(document), None)),
        Err(error) => Ok((None, Some(set_aside(store, key, &text, error, now_ms)))),
    }
}

/// Writes a document (saved rules, the new-game choices, the deal numbers
/// dealt) under `key`, never over a newer version's (`what` names it in
/// that refusal).
pub(crate) fn write_document(
    store: &dyn KeyValueStore,
    key: &str,
    what: &'static str,
    document: &impl serde::Serialize,
) -> Result<(), SaveError> {
    keep_newer(store, key, what)?;
    // Plain data: serialization cannot fail.
    store.set(key, &serde_json::to_string(document).unwrap_or_default())?;
    Ok(())
}

/// What another tab did to the session this tab is playing.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OtherTab {
    /// It saved a newer revision: this tab is stale.
    PlayedOn { revision: u64 },
    /// It deleted the session (or cleared storage).
    Deleted,
    /// It found the stored copy unreadable (damaged) and set it aside: this
    /// tab's copy is the good one, to be written back ([`write_back_session`])
    /// before a reload finds the game gone.
    SetAside,
}

/// Reads a `storage` event (fired only in the tabs that did not make the change):
/// does it concern the session this tab plays at `our_revision`?
/// `stored_now` reads what the session's key holds as the event is read
/// (only for a removal): a removal this tab has already written back over
/// is no news.
pub fn other_tab_change(
    event_key: Option<&str>,
    new_value: Option<&str>,
    stored_now: impl FnOnce() -> Option<String>,
    session_id: &str,
    our_revision: u64,
) -> Option<OtherTab> {
    let ours = session_key(session_id);
    let deleted = || {
        let written_back =
            stored_now().as_deref().and_then(format::stored_revision) == Some(our_revision);
        (!written_back).then_some(OtherTab::Deleted)
    };
    match event_key {
        // `localStorage.clear()` in another tab.
        None => deleted(),
        Some(key) if key == ours => match new_value {
            None => deleted(),
            Some(text) => match format::stored_revision(text) {
                Some(revision) if revision == our_revision => None,
                Some(revision) => Some(OtherTab::PlayedOn { revision }),
                // Unreadable: no game played on elsewhere. This tab's good
                // copy stays playable, and its next save sets the damaged
                // text aside and writes over it (it had locked this tab,
                // and a reload then lost the game to the damaged copy).
                None => None,
            },
        },
        // The damaged copy copied aside (`copy_aside`'s key), just before
        // its removal.
        Some(key)
            if new_value.is_some()
                && key.starts_with(QUARANTINE_PREFIX)
                && key.ends_with(&format!("/{ours}")) =>
        {
            Some(OtherTab::SetAside)
        }
        Some(_) => None,
    }
}

/// How recent a copy of a session set aside must be for its key's removal
/// to be read as that setting aside (see [`set_aside_lately`]).
pub const SET_ASIDE_NEWS_MS: u64 = 10_000;

/// Whether another tab set a damaged copy of session `id` aside in the last
/// [`SET_ASIDE_NEWS_MS`]: its key's removal is then the end of that setting
/// aside, which can land after this tab's copy was written back (and remove
/// it), not a deletion.
pub fn set_aside_lately(store: &dyn KeyValueStore, id: &str, now_ms: u64) -> bool {
    let ours = format!("/{}", session_key(id));
    store.keys().is_ok_and(|keys| {
        keys.iter().any(|key| {
            key.strip_prefix(QUARANTINE_PREFIX)
                .and_then(|rest| rest.strip_suffix(&ours))
                .and_then(|ms| ms.parse::<u64>().ok())
                .is_some_and(|at| at + SET_ASIDE_NEWS_MS >= now_ms)
        })
    })
}

/// Writes this tab's copy of a session back after another tab set the
/// damaged stored copy aside ([`OtherTab::SetAside`]): where the key is
/// empty, or still holds the damaged text already copied aside (its removal
/// not yet heard here), ours goes there as the next revision; a readable
/// copy is saved over as [`save_session`] does.
pub fn write_back_session(
    store: &dyn KeyValueStore,
    session: &mut SavedSession,
    now_ms: u64,
) -> Result<(), SaveError> {
    let key = session_key(&session.id);
    if store
        .get(&key)?
        .is_some_and(|text| format::stored_revision(&text).is_some())
    {
        return save_session(store, session, now_ms);
    }
    write_next_revision(store, &key, session)
}

#[cfg(test)]
mod tests;
