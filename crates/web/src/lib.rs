//! Pinochle's browser front end: a Yew (client-side rendered) app and the Web
//! Worker that runs the computer players.
//!
//! * [`controller`]: the pure game controller (no DOM; native tests);
//! * [`app`]: the Yew shell — the reducer, the worker bridge, the pace timers;
//! * [`start`], [`table`], [`hand`], [`controls`], [`cards`], [`rules_text`]:
//!   the screens and components, rendered from the human seat's view only;
//! * [`chart`]: SVG line charts (the score sheet's running totals, the rating trend);
//! * [`stats_view`]: the statistics screen;
//! * [`sound`]: the table's synthesized sounds;
//! * [`coach_view`]: the hint, bid-advisor, undo and claim controls;
//! * [`bot`]: the worker's protocol and the worker itself.

pub mod app;
pub mod bot;
pub mod cards;
pub mod chart;
pub mod coach_view;
pub mod controller;
pub mod controls;
pub mod hand;
pub mod import;
pub mod pwa;
pub mod review;
pub mod review_view;
pub mod rule_forms;
pub mod rules_editor;
pub mod rules_text;
pub mod seating;
pub mod sessions;
pub mod share;
pub mod shortcuts;
pub mod small_map;
pub mod sound;
pub mod start;
pub mod stats_view;
pub mod storage;
pub mod table;

#[cfg(target_arch = "wasm32")]
pub use app::App;
pub use app::APP_TITLE;

/// Mounts the [`App`] on the document's `<body>`.
///
/// Only meaningful in a browser (wasm32); natively there is no document.
#[cfg(target_arch = "wasm32")]
pub fn start() {
    // The page's loading message leaves in the same task as the first render,
    // so that no frame is painted without either.
    if let Some(boot) = gloo_utils::document().get_element_by_id("boot") {
        boot.remove();
    }
    yew::Renderer::<App>::new().render();
    pwa::mount();
}
