//! The saved-game format: what one localStorage entry holds, its schema version,
//! the migrations from older schemas, and decoding that never panics.
//!
//! A saved session is its setup (the rules as share-link text, the deal seed, the
//! players) plus every action taken so far, in the engine's text form
//! (`bid 300`, `play QH`). Loading replays the actions through
//! [`State::apply`], so a loaded game is always one the engine reached by legal
//! play: a damaged entry is refused with a [`DecodeError`] naming what is wrong,
//! never half-loaded, and the game resumes exactly where it was (mid-auction and
//! mid-trick included) because the deals come from the seed.
//!
//! Every stored document is a JSON object with a `"schema"` number. Documents of
//! an older schema are upgraded step by step by [`migrate`]; a newer schema than
//! this build reads is reported, not touched.

use std::collections::BTreeMap;

use pinochle_ai::grading::{GradedDecision, Par};
use pinochle_ai::Level;
use pinochle_engine::game::{Action, SetupError, State};
use pinochle_engine::link::{decode_link, encode_link, LinkError, SharedRules};
use pinochle_engine::Rules;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use crate::controller::{ChosenCard, Pace, ShownClaim, HUMAN_SEAT};

/// The saved-session schema this build writes (and the newest it reads).
pub const SESSION_SCHEMA: u32 = 8;

/// The schema of the lists (history, custom presets) this build writes and reads.
pub const LIST_SCHEMA: u32 = 1;

/// Longest session id accepted.
const MAX_ID_LEN: usize = 40;

/// Most actions one saved session may hold (a very long session is a few
/// thousand; this only bounds the work a damaged entry can cause).
const MAX_ACTIONS: usize = 200_000;

/// How a saved session was set up: enough to deal it again.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SessionSetup {
    /// The rules as share-link text (`v=2&game=bison&target=1000&check=…`): versioned,
    /// compact and checked by the same codec as links.
    pub rules: String,
    /// A custom preset's name, when the game was started from one.
    pub rules_name: Option<String>,
    /// The deal number: every shuffle of the session comes from it.
    pub seed: u64,
    /// Player names by seat (the human's is empty when they gave none).
    pub players: Vec<String>,
    /// The seat the person at this browser plays.
    pub human_seat: usize,
    /// The computer players' level (`basic`, `expert`...).
    pub opponent_level: Level,
    /// The table's pace of play (`normal`...).
    pub pace: Pace,
    /// The four-colour deck was chosen.
    pub four_color: bool,
    /// The bid advisor is open during the auction.
    pub bid_advisor: bool,
    /// The human's only legal card is played for them.
    pub auto_play: bool,
}

impl SessionSetup {
    /// A setup for these rules: the link text is written by the engine's codec.
    pub fn new(rules: &Rules, seed: u64, players: Vec<String>, human_seat: usize) -> SessionSetup {
        SessionSetup {
            rules: encode_link(&SharedRules {
                rules: rules.clone(),
                name: None,
                seed: None,
            }),
            rules_name: None,
            seed,
            players,
            human_seat,
            opponent_level: Level::Standard,
            pace: Pace::Normal,
            four_color: false,
            bid_advisor: false,
            auto_play: false,
        }
    }

    /// The rule set, decoded and validated.
    pub fn decode_rules(&self) -> Result<Rules, LinkError> {
        decode_link(&self.rules).map(|shared| shared.rules)
    }
}

/// The analyses of a reviewed hand, kept so that its review opens at once
/// after a reload instead of asking the coach again. They are a cache: a kept
/// grade that does not fit the replayed hand is dropped and asked again.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KeptReview {
    /// The human's graded decisions, by the move's index in the hand.
    pub grades: BTreeMap<usize, GradedDecision>,
    /// The open-cards par once found (`Some(None)`: the hand has none).
    pub par: Option<Option<Par>>,
}

/// One saved session (schema 8).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavedSession {
    pub schema: u32,
    pub id: String,
    /// Incremented by every save; a tab that finds a different revision in
    /// storage than the one it last wrote knows another tab played on.
    pub revision: u64,
    /// Milliseconds since the Unix epoch.
    pub created_ms: u64,
    pub last_played_ms: u64,
    pub setup: SessionSetup,
    /// Every action of the session, in order, in the engine's text form.
    pub actions: Vec<String>,
    /// Undo was used: a practice game, kept out of statistics.
    pub practice: bool,
    /// How many of the session's hands the statistics have counted.
    pub counted_hands: u32,
    /// The analyses of the hands reviewed so far, by hand number.
    pub reviews: BTreeMap<u32, KeptReview>,
    /// How the claimed hands would have gone, by hand number.
    pub claims: BTreeMap<u32, ShownClaim>,
    /// The last hand whose result panel the player closed (0: none), so a
    /// reload opens only a result not yet seen.
    pub results_closed: u32,
    /// The cards chosen to bury or pass and not yet confirmed, in the order
    /// chosen: a reload keeps the player's choice.
    pub picks: Vec<ChosenCard>,
}

impl SavedSession {
    /// A new, empty session (revision 0: not saved yet).
    pub fn new(id: String, setup: SessionSetup, now_ms: u64) -> SavedSession {
        SavedSession {
            schema: SESSION_SCHEMA,
            id,
            revision: 0,
            created_ms: now_ms,
            last_played_ms: now_ms,
            setup,
            actions: Vec::new(),
            practice: false,
            counted_hands: 0,
            reviews: BTreeMap::new(),
            claims: BTreeMap::new(),
            results_closed: 0,
            picks: Vec::new(),
        }
    }

    /// Records an action the game has just applied.
    pub fn push(&mut self, action: &Action, now_ms: u64) {
        self.actions.push(action.to_string());
        self.last_played_ms = now_ms;
    }

    /// Deals the session again and applies every action: the exact state it was
    /// saved in, or what stops the replay.
    pub fn replay(&self) -> Result<State, DecodeError> {
        let rules = self.setup.decode_rules().map_err(DecodeError::Rules)?;
        let seats = rules.table.seats as usize;
        if self.setup.players.len() != seats {
            return Err(DecodeError::Invalid(format!(
                "{} player names for {seats} seats",
                self.setup.players.len()
            )));
        }
        if self.setup.human_seat != HUMAN_SEAT {
            return Err(DecodeError::Invalid(format!(
                "the player's seat is {}, where this app seats the player at {HUMAN_SEAT}",
                self.setup.human_seat
            )));
        }
        let mut state = State::new(rules, self.setup.seed).map_err(DecodeError::Setup)?;
        for (index, text) in self.actions.iter().enumerate() {
            let action: Action = text.parse().map_err(|reason| DecodeError::BadAction {
                index,
                text: shorten(text),
                reason,
            })?;
            state
                .apply(action)
                .map_err(|illegal| DecodeError::BadAction {
                    index,
                    text: shorten(text),
                    reason: illegal.to_string(),
                })?;
        }
        Ok(state)
    }
}

/// Why a stored document could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DecodeError {
    #[error("not valid JSON: {0}")]
    NotJson(String),
    #[error("not a saved document (no \"schema\" number)")]
    NoSchema,
    #[error("saved by a newer version of the app (schema {found}; this app reads up to {reads})")]
    NewerSchema { found: u32, reads: u32 },
    #[error("cannot upgrade from schema {from}: {reason}")]
    Migration { from: u32, reason: String },
    #[error("unexpected content: {0}")]
    Shape(String),
    #[error("{0}")]
    Invalid(String),
    #[error("its rules cannot be read: {0}")]
    Rules(LinkError),
    #[error("its game cannot be dealt: {0}")]
    Setup(SetupError),
    #[error("action {} ('{text}') cannot be replayed: {reason}", index + 1)]
    BadAction {
        index: usize,
        text: String,
        reason: String,
    },
}

impl DecodeError {
    /// Data written by a newer build is left where it is instead of being set aside.
    pub fn is_newer_schema(&self) -> bool {
        matches!(self, DecodeError::NewerSchema { .. })
    }
}

/// A string as it may appear in a message: at most 40 characters.
fn shorten(text: &str) -> String {
    let mut out: String = text.chars().take(40).collect();
    if text.chars().count() > 40 {
        out.push('…');
    }
    out
}

/// Reads the `"schema"` of a stored document; documents from before schemas
/// existed (a JSON object without one) are schema 0.
fn schema_of(doc: &Value) -> Result<u32, DecodeError> {
    let object = doc.as_object().ok_or(DecodeError::NoSchema)?;
    match object.get("schema") {
        None => Ok(0),
        Some(v) => v
            .as_u64()
            .and_then(|n| u32::try_from(n).ok())
            .ok_or(DecodeError::NoSchema),
    }
}

/// Upgrades a saved-session document to [`SESSION_SCHEMA`], one schema at a time.
///
/// Schema 0 (the prototype's format, before versioning) had no `schema` or
/// `revision`, kept the rules link under `"game"`, named the actions `"moves"`
/// and had one `"played_ms"` timestamp; the player's seat was always 0 and the
/// opponents were `basic`. Schema 1 kept the level and pace as free text (an
/// empty pace meaning `normal`) and an unused `deal_limit`; schema 2 keeps
/// them as names that must be known, and an unknown one is reported. Schema 3
/// adds the coach's settings (bid advisor, auto-play) and the practice mark
/// of a game in which undo was used. Schema 4 counts the hands already in the
/// statistics (none, for a session saved before there were statistics).
/// Schema 5 keeps the analyses of reviewed hands (none before); schema 6 how
/// the claimed hands would have gone (none before); schema 7 the last hand
/// whose result the player closed (none before: a result open when such a
/// session was saved opens again); schema 8 the cards chosen to bury or pass
/// and not yet confirmed (none before).
pub fn migrate(mut doc: Value) -> Result<Value, DecodeError> {
    let mut schema = schema_of(&doc)?;
    if schema > SESSION_SCHEMA {
        return Err(DecodeError::NewerSchema {
            found: schema,
            reads: SESSION_SCHEMA,
        });
    }
    while schema < SESSION_SCHEMA {
        doc = match schema {
            0 => v0_to_v1(doc)?,
            1 => v1_to_v2(doc)?,
            2 => v2_to_v3(doc)?,
            3 => v3_to_v4(doc)?,
            4 => v4_to_v5(doc)?,
            5 => v5_to_v6(doc)?,
            6 => v6_to_v7(doc)?,
            7 => v7_to_v8(doc)?,
            other => {
                return Err(DecodeError::Migration {
                    from: other,
                    reason: "no upgrade is known from this schema".into(),
                })
            }
        };
        schema += 1;
    }
    Ok(doc)
}

fn v0_to_v1(doc: Value) -> Result<Value, DecodeError> {
    let fail = |reason: &str| DecodeError::Migration {
        from: 0,
        reason: reason.to_string(),
    };
    let Value::Object(mut old) = doc else {
        return Err(fail("not a JSON object"));
    };
    let mut take = |key: &str| {
        old.remove(key)
            .ok_or_else(|| fail(&format!("no \"{key}\"")))
    };
    let id = take("id")?;
    let rules = take("game")?;
    let seed = take("seed")?;
    let players = take("players")?;
    let moves = take("moves")?;
    let played = take("played_ms")?;
    Ok(serde_json::json!({
        "schema": 1,
        "id": id,
        "revision": 0,
        "created_ms": played,
        "last_played_ms": played,
        "setup": {
            "rules": rules,
            "rules_name": null,
            "seed": seed,
            "deal_limit": null,
            "players": players,
            "human_seat": 0,
            "opponent_level": "basic",
            "pace": "normal",
            "four_color": false,
        },
        "actions": moves,
    }))
}

fn v1_to_v2(doc: Value) -> Result<Value, DecodeError> {
    let fail = |reason: &str| DecodeError::Migration {
        from: 1,
        reason: reason.to_string(),
    };
    let Value::Object(mut session) = doc else {
        return Err(fail("not a JSON object"));
    };
    let Some(Value::Object(setup)) = session.get_mut("setup") else {
        return Err(fail("no \"setup\" object"));
    };
    match setup.remove("deal_limit") {
        None | Some(Value::Null) => {}
        Some(_) => {
            return Err(fail(
                "it ends after a number of deals, which the app never set",
            ))
        }
    }
    let pace = setup.get("pace").and_then(Value::as_str).unwrap_or("");
    if pace.is_empty() {
        setup.insert("pace".into(), Value::from("normal"));
    }
    setup.entry("four_color").or_insert(Value::Bool(false));
    session.insert("schema".into(), Value::from(2));
    Ok(Value::Object(session))
}

fn v3_to_v4(doc: Value) -> Result<Value, DecodeError> {
    with_new_field(doc, 3, "counted_hands", Value::from(0))
}

fn v4_to_v5(doc: Value) -> Result<Value, DecodeError> {
    with_empty_map(doc, 4, "reviews")
}

fn v5_to_v6(doc: Value) -> Result<Value, DecodeError> {
    with_empty_map(doc, 5, "claims")
}

fn v6_to_v7(doc: Value) -> Result<Value, DecodeError> {
    with_new_field(doc, 6, "results_closed", Value::from(0))
}

fn v7_to_v8(doc: Value) -> Result<Value, DecodeError> {
    with_new_field(doc, 7, "picks", Value::Array(Vec::new()))
}

/// Schema `from` + 1: the session gains an empty map under `key`.
fn with_empty_map(doc: Value, from: u32, key: &str) -> Result<Value, DecodeError> {
    with_new_field(doc, from, key, Value::Object(Default::default()))
}

/// Schema `from` + 1: the session gains `value` under `key`.
fn with_new_field(doc: Value, from: u32, key: &str, value: Value) -> Result<Value, DecodeError> {
    let Value::Object(mut session) = doc else {
        return Err(DecodeError::Migration {
            from,
            reason: "the session is not a JSON object".into(),
        });
    };
    session.insert(key.into(), value);
    session.insert("schema".into(), Value::from(from + 1));
    Ok(Value::Object(session))
}

fn v2_to_v3(doc: Value) -> Result<Value, DecodeError> {
    let fail = |reason: &str| DecodeError::Migration {
        from: 2,
        reason: reason.to_string(),
    };
    let Value::Object(mut session) = doc else {
        return Err(fail("not a JSON object"));
    };
    let Some(Value::Object(setup)) = session.get_mut("setup") else {
        return Err(fail("no \"setup\" object"));
    };
    setup.insert("bid_advisor".into(), Value::Bool(false));
    setup.insert("auto_play".into(), Value::Bool(false));
    session.insert("practice".into(), Value::Bool(false));
    session.insert("schema".into(), Value::from(3));
    Ok(Value::Object(session))
}

/// Checks that a session id is short and made of `a-z`, `0-9` and `-`.
pub fn check_id(id: &str) -> Result<(), DecodeError> {
    let ok = !id.is_empty()
        && id.len() <= MAX_ID_LEN
        && id
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
    if ok {
        Ok(())
    } else {
        Err(DecodeError::Invalid(format!(
            "the session id '{}' is not 1 to {MAX_ID_LEN} characters of a-z, 0-9 and -",
            shorten(id)
        )))
    }
}

/// Parses stored text as JSON and upgrades it to the current schema.
pub fn parse_document(text: &str) -> Result<Value, DecodeError> {
    let doc: Value = serde_json::from_str(text).map_err(|e| DecodeError::NotJson(e.to_string()))?;
    migrate(doc)
}

/// Reads a saved session stored under `expected_id` and replays it.
pub fn decode_session(expected_id: &str, text: &str) -> Result<(SavedSession, State), DecodeError> {
    let doc = parse_document(text)?;
    let session: SavedSession =
        serde_json::from_value(doc).map_err(|e| DecodeError::Shape(e.to_string()))?;
    check_id(&session.id)?;
    if session.id != expected_id {
        return Err(DecodeError::Invalid(format!(
            "it holds session '{}', not '{expected_id}'",
            shorten(&session.id)
        )));
    }
    if session.actions.len() > MAX_ACTIONS {
        return Err(DecodeError::Invalid(format!(
            "{} actions (at most {MAX_ACTIONS})",
            session.actions.len()
        )));
    }
    let state = session.replay()?;
    Ok((session, state))
}

/// Writes a saved session as JSON.
pub fn encode_session(session: &SavedSession) -> String {
    // Plain data (strings, numbers, lists): serialization cannot fail.
    serde_json::to_string(session).unwrap_or_default()
}

/// Only the revision of a stored session, for the two-tab check: `None` when the
/// text is not a readable session document.
pub fn stored_revision(text: &str) -> Option<u64> {
    let doc: Value = serde_json::from_str(text).ok()?;
    doc.get("revision")?.as_u64()
}

/// What a game keeps count in: points, stake units or money (cents).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Tally {
    Points,
    Stakes,
    Money,
}

impl Tally {
    pub fn of(rules: &pinochle_engine::Rules) -> Tally {
        use pinochle_engine::rules::Scoring;
        match rules.scoring {
            Scoring::Points(_) => Tally::Points,
            Scoring::Stakes(_) => Tally::Stakes,
            Scoring::Pot(_) | Scoring::Bowl(_) => Tally::Money,
        }
    }
}

/// A finished game, as kept in the history.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FinishedGame {
    pub session_id: String,
    /// The preset's id (`bison`).
    pub game: String,
    pub rules_name: Option<String>,
    pub players: Vec<String>,
    /// Final points per seat.
    pub scores: Vec<i64>,
    /// Final money or stake units per seat (ledger games); empty otherwise.
    pub ledger: Vec<i64>,
    /// Names of the winners (empty for a ledger game).
    pub winners: Vec<String>,
    pub hands: u32,
    pub finished_ms: u64,
    /// The deal number, to replay the game (entries written before it was kept
    /// have none).
    #[serde(default)]
    pub seed: Option<u64>,
    /// Undo was used: kept out of statistics (entries written before it was
    /// kept are not practice games).
    #[serde(default)]
    pub practice: bool,
    /// What the game kept count in (entries written before it was kept: the
    /// preset's).
    #[serde(default)]
    pub tally: Option<Tally>,
}

/// The history of finished games (list schema 1), newest first.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct History {
    pub schema: u32,
    pub games: Vec<FinishedGame>,
}

/// A named rule set saved by the players (schema 1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CustomPreset {
    pub name: String,
    /// The rules as share-link text (the name is not repeated in it).
    pub rules: String,
}

/// The custom presets ("our Friday rules").
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CustomPresets {
    pub schema: u32,
    pub presets: Vec<CustomPreset>,
}

/// Reads a list document (history or presets) of the current schema. Neither had
/// an older schema, so only the version check applies.
pub fn decode_list<T: serde::de::DeserializeOwned>(text: &str) -> Result<T, DecodeError> {
    let doc = list_document(text)?;
    serde_json::from_value(doc).map_err(|e| DecodeError::Shape(e.to_string()))
}

/// A list document's JSON, once its schema is the current one.
fn list_document(text: &str) -> Result<Value, DecodeError> {
    let doc: Value = serde_json::from_str(text).map_err(|e| DecodeError::NotJson(e.to_string()))?;
    match schema_of(&doc)? {
        LIST_SCHEMA => {}
        found if found > LIST_SCHEMA => {
            return Err(DecodeError::NewerSchema {
                found,
                reads: LIST_SCHEMA,
            })
        }
        other => {
            return Err(DecodeError::Migration {
                from: other,
                reason: "this list has no older schema".into(),
            })
        }
    }
    Ok(doc)
}

/// A list document (history or presets) read entry by entry: the entries
/// that read and pass their check, and what was wrong with the others.
#[derive(Debug)]
pub struct ReadList<T> {
    pub entries: Vec<T>,
    /// How many entries could not be read, of how many, and the first one's
    /// fault; `None` when every entry read.
    pub unreadable: Option<DecodeError>,
}

/// What an entry of a list must be beyond its shape, given the entries read
/// before it: `Err` names what is wrong.
pub type EntryCheck<T> = fn(&T, &[T]) -> Result<(), String>;

/// Reads the list `field` of a list document, each entry on its own: one bad
/// entry no longer hides the others. A document that is not such a list
/// (not JSON, another schema, no list under `field`) is an error as a whole.
pub fn read_list<T: serde::de::DeserializeOwned>(
    text: &str,
    field: &str,
    check: EntryCheck<T>,
) -> Result<ReadList<T>, DecodeError> {
    let Value::Object(map) = list_document(text)? else {
        return Err(DecodeError::Shape("not a list document".into()));
    };
    if let Some(key) = map.keys().find(|k| *k != "schema" && *k != field) {
        return Err(DecodeError::Shape(format!(
            "unknown field `{}`",
            shorten(key)
        )));
    }
    let Some(Value::Array(items)) = map.get(field) else {
        return Err(DecodeError::Shape(format!("no list `{field}`")));
    };
    let mut entries: Vec<T> = Vec::with_capacity(items.len());
    let mut bad = Vec::new();
    for (index, item) in items.iter().enumerate() {
        let entry = serde_json::from_value::<T>(item.clone())
            .map_err(|e| e.to_string())
            .and_then(|entry| check(&entry, &entries).map(|()| entry));
        match entry {
            Ok(entry) => entries.push(entry),
            Err(reason) => bad.push(format!("entry {}: {reason}", index + 1)),
        }
    }
    let unreadable = bad.first().map(|first| {
        DecodeError::Invalid(format!(
            "{} of its {} entries cannot be read ({first})",
            bad.len(),
            items.len()
        ))
    });
    Ok(ReadList {
        entries,
        unreadable,
    })
}

/// A history entry as this app writes it: a known game, a count per player
/// and one entry per session.
pub fn check_finished(game: &FinishedGame, before: &[FinishedGame]) -> Result<(), String> {
    if pinochle_engine::PresetId::from_id(&game.game).is_none() {
        return Err(format!("unknown game '{}'", shorten(&game.game)));
    }
    let seats = game.players.len();
    if seats == 0
        || [&game.scores, &game.ledger]
            .iter()
            .any(|c| !c.is_empty() && c.len() != seats)
    {
        return Err(format!("{seats} players with counts of another length"));
    }
    if before.iter().any(|g| g.session_id == game.session_id) {
        return Err("the same game twice".into());
    }
    Ok(())
}

/// A saved rule set as this app writes it: a name, rules that read, and one
/// rule set per name.
pub fn check_preset(preset: &CustomPreset, before: &[CustomPreset]) -> Result<(), String> {
    if preset.name.trim().is_empty() {
        return Err("rules without a name".into());
    }
    decode_link(&preset.rules).map_err(|e| {
        format!(
            "the rules '{}': {}",
            shorten(&preset.name),
            crate::share::link_problem(&e)
        )
    })?;
    if before.iter().any(|p| p.name == preset.name) {
        return Err(format!("the name '{}' twice", shorten(&preset.name)));
    }
    Ok(())
}
