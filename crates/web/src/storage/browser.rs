//! The browser shell of the storage core: localStorage as a [`KeyValueStore`]
//! (a `QuotaExceededError` becomes [`StoreError::QuotaExceeded`]), the clock, new
//! session ids, the tab's current session (sessionStorage, so a reload resumes
//! it) and the `storage` event that tells a tab another tab changed an entry.

use gloo_events::EventListener;
use wasm_bindgen::JsCast;
use web_sys::js_sys::{Date, Math};
use web_sys::{DomException, Storage, StorageEvent};

use super::{KeyValueStore, MemoryStore, StoreError};

/// sessionStorage key of the session this tab is playing.
const CURRENT_KEY: &str = "pinochle/current-session";

/// The page's localStorage.
#[derive(Debug)]
pub struct LocalStorage(Storage);

/// Why the browser refused: a full quota, or anything else with its message.
fn classify(error: wasm_bindgen::JsValue) -> StoreError {
    match error.dyn_into::<DomException>() {
        // Chromium and Firefox name it QuotaExceededError (legacy code 22; old
        // Firefox: NS_ERROR_DOM_QUOTA_REACHED, code 1014).
        Ok(e)
            if e.name() == "QuotaExceededError"
                || e.name() == "NS_ERROR_DOM_QUOTA_REACHED"
                || e.code() == 22
                || e.code() == 1014 =>
        {
            StoreError::QuotaExceeded
        }
        Ok(e) => StoreError::Unavailable(format!("{}: {}", e.name(), e.message())),
        Err(other) => StoreError::Unavailable(format!("{other:?}")),
    }
}

impl KeyValueStore for LocalStorage {
    fn keys(&self) -> Result<Vec<String>, StoreError> {
        let count = self.0.length().map_err(classify)?;
        let mut keys = Vec::with_capacity(count as usize);
        for i in 0..count {
            if let Some(key) = self.0.key(i).map_err(classify)? {
                keys.push(key);
            }
        }
        Ok(keys)
    }

    fn get(&self, key: &str) -> Result<Option<String>, StoreError> {
        self.0.get_item(key).map_err(classify)
    }

    fn set(&self, key: &str, value: &str) -> Result<(), StoreError> {
        self.0.set_item(key, value).map_err(classify)
    }

    fn remove(&self, key: &str) -> Result<(), StoreError> {
        self.0.remove_item(key).map_err(classify)
    }
}

/// The store the app uses: localStorage, or, when the browser gives none
/// (disabled storage, some private modes), an in-memory store and a warning that
/// games will not be kept.
pub fn open_store() -> (Box<dyn KeyValueStore>, Option<String>) {
    let local = web_sys::window()
        .ok_or("no window".to_string())
        .and_then(|w| {
            w.local_storage()
                .map_err(|e| classify(e).to_string())?
                .ok_or_else(|| "the browser gives this page no localStorage".to_string())
        });
    match local {
        Ok(storage) => (Box::new(LocalStorage(storage)), None),
        Err(why) => (
            Box::new(MemoryStore::default()),
            Some(format!(
                "Games cannot be saved in this browser ({why}); you can still play."
            )),
        ),
    }
}

/// Milliseconds since the Unix epoch.
pub fn now_ms() -> u64 {
    Date::now() as u64
}

/// A new session id: the time and a random part, in `a-z0-9-`.
pub fn new_session_id() -> String {
    format!(
        "{:x}-{:06x}",
        now_ms(),
        (Math::random() * 16_777_216.0) as u32
    )
}

fn session_storage() -> Option<Storage> {
    web_sys::window()?.session_storage().ok()?
}

/// The session this tab was playing before a reload.
pub fn current_session() -> Option<String> {
    session_storage()?.get_item(CURRENT_KEY).ok()?
}

/// Remembers (or forgets) the session this tab is playing.
pub fn set_current_session(id: Option<&str>) {
    if let Some(storage) = session_storage() {
        // Best effort: without sessionStorage a reload shows the saved-games list.
        let _ = match id {
            Some(id) => storage.set_item(CURRENT_KEY, id),
            None => storage.remove_item(CURRENT_KEY),
        };
    }
}

/// Calls `on_change(key, new_value)` for every `storage` event: a change made
/// by another tab of this site (`key` is `None` when it cleared the storage).
/// The listener stops when the returned value is dropped.
pub fn watch_other_tabs(
    on_change: impl Fn(Option<String>, Option<String>) + 'static,
) -> Option<EventListener> {
    let window = web_sys::window()?;
    Some(EventListener::new(&window, "storage", move |event| {
        if let Some(event) = event.dyn_ref::<StorageEvent>() {
            on_change(event.key(), event.new_value());
        }
    }))
}
