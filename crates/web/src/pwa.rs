//! The installable, offline app: registers the service worker (`/sw.js`, written
//! by `cargo xtask dist` with the build's precache list) and shows the
//! "new version — reload" prompt (or put it off till the next load) when a
//! newer worker is installed and waiting.
//!
//! A new worker never takes over by itself: the prompt's button asks it to
//! (`skip-waiting`), and the page reloads once it controls the page, so a game in
//! progress is never switched to new code mid-hand (it resumes from storage).

use std::cell::Cell;
use std::rc::Rc;

use gloo_events::EventListener;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::js_sys::Reflect;
use web_sys::{
    ServiceWorker, ServiceWorkerContainer, ServiceWorkerRegistration, ServiceWorkerState,
};
use yew::{component, html, use_effect_with, use_state, Callback, Html};

/// Where the generated worker is served.
const WORKER_URL: &str = "/sw.js";

/// The page's service-worker container, when the browser has one (it has none on
/// plain http other than localhost).
fn container() -> Option<ServiceWorkerContainer> {
    let navigator = web_sys::window()?.navigator();
    let present = Reflect::has(&navigator, &JsValue::from_str("serviceWorker")).unwrap_or(false);
    present.then(|| navigator.service_worker())
}

/// Calls `on_waiting` with a newer worker that is installed and waiting, now or
/// whenever one arrives. A first install (no worker controls the page yet) is
/// not an update and is not reported.
fn watch_registration(
    registration: ServiceWorkerRegistration,
    container: ServiceWorkerContainer,
    on_waiting: Callback<ServiceWorker>,
) {
    if let (Some(waiting), Some(_)) = (registration.waiting(), container.controller()) {
        on_waiting.emit(waiting);
    }
    let registration_ = registration.clone();
    // Listeners live as long as the page: the registration does too.
    EventListener::new(&registration, "updatefound", move |_| {
        let Some(installing) = registration_.installing() else {
            return;
        };
        let worker = installing.clone();
        let container = container.clone();
        let on_waiting = on_waiting.clone();
        EventListener::new(&installing, "statechange", move |_| {
            if worker.state() == ServiceWorkerState::Installed && container.controller().is_some() {
                on_waiting.emit(worker.clone());
            }
        })
        .forget();
    })
    .forget();
}

/// Registers the worker; failures (no service workers, `trunk serve` without a
/// generated sw.js) only mean no offline support and are logged.
fn register(on_waiting: Callback<ServiceWorker>, reload_requested: Rc<Cell<bool>>) {
    let Some(container) = container() else {
        return;
    };
    // Reload once the new worker controls the page, if the player asked for it
    // (the first install's `clients.claim()` fires this too, without a request).
    EventListener::new(&container, "controllerchange", move |_| {
        if reload_requested.get() {
            if let Some(window) = web_sys::window() {
                let _ = window.location().reload();
            }
        }
    })
    .forget();
    let container_ = container.clone();
    let registered = Closure::<dyn FnMut(JsValue)>::new(move |value: JsValue| {
        if let Ok(registration) = value.dyn_into::<ServiceWorkerRegistration>() {
            watch_registration(registration, container_.clone(), on_waiting.clone());
        }
    });
    let failed = Closure::<dyn FnMut(JsValue)>::new(|error: JsValue| {
        web_sys::console::warn_2(&JsValue::from_str("pinochle: no offline support:"), &error);
    });
    let _ = container.register(WORKER_URL).then2(&registered, &failed);
    // Called at most once each, once per page load.
    registered.forget();
    failed.forget();
}

/// Registers the service worker and, when a new version is waiting, shows
/// "A new version of Pinochle is ready — Later / Reload" (a bar in its own
/// row at the top of the screen, the app below it; it can be put off).
#[component]
pub fn UpdatePrompt() -> Html {
    let waiting = use_state(|| None::<ServiceWorker>);
    let reload_requested = use_state(|| Rc::new(Cell::new(false)));
    {
        let waiting = waiting.clone();
        let reload_requested = (*reload_requested).clone();
        use_effect_with((), move |_| {
            register(
                Callback::from(move |worker| waiting.set(Some(worker))),
                reload_requested,
            );
        });
    }
    let Some(worker) = (*waiting).clone() else {
        return html! {};
    };
    // Later: the prompt goes until the next page load, which shows it again
    // while the new version still waits.
    let on_later = {
        let waiting = waiting.clone();
        Callback::from(move |_| waiting.set(None))
    };
    let on_reload = {
        let reload_requested = (*reload_requested).clone();
        Callback::from(move |_| {
            reload_requested.set(true);
            let _ = worker.post_message(&JsValue::from_str("skip-waiting"));
        })
    };
    html! {
        <div class="update-prompt" role="status" data-testid="update-prompt">
            <span>{ "A new version of Pinochle is ready." }</span>
            <span class="update-actions">
                <button type="button" onclick={on_later} data-testid="update-later">{ "Later" }</button>
                <button type="button" class="primary" onclick={on_reload} data-testid="update-reload">{ "Reload" }</button>
            </span>
        </div>
    }
}

/// Mounts the [`UpdatePrompt`] in its own element at the end of `<body>`, beside
/// the app (it registers the service worker as it mounts).
pub fn mount() {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let (Ok(root), Some(body)) = (document.create_element("div"), document.body()) else {
        return;
    };
    root.set_class_name("update-root");
    if body.append_child(&root).is_ok() {
        yew::Renderer::<UpdatePrompt>::with_root(root).render();
    }
}
