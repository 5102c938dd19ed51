//! Pinochle's browser front end: a Yew (client-side rendered) app.
//!
//! For now it renders a placeholder: the title and an empty green-felt
//! table. `cargo xtask serve` builds it with Trunk and serves it locally.

mod table;

pub use table::{App, APP_TITLE};

/// Mounts the [`App`] on the document's `<body>`.
///
/// Only meaningful in a browser (wasm32); natively there is no document.
pub fn start() {
    yew::Renderer::<App>::new().render();
}
