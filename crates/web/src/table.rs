//! The placeholder table: the game's title over an empty green-felt table.

use yew::{component, html, Html};

/// The application's title, shown in the page header (and in `index.html`'s `<title>`).
pub const APP_TITLE: &str = "Pinochle";

/// Root component: a header with the title and the (still empty) card table.
#[component]
pub fn App() -> Html {
    html! {
        <main class="app" data-testid="app">
            <header class="app-header">
                <h1 data-testid="app-title">{ APP_TITLE }</h1>
            </header>
            <section class="table" data-testid="table" aria-label="Card table">
                <div class="felt" data-testid="felt"></div>
            </section>
        </main>
    }
}
