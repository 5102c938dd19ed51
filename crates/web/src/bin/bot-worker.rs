//! The computer players' Web Worker entry point (see `pinochle_web::bot`).

#[cfg(target_arch = "wasm32")]
fn main() {
    use gloo_worker::Registrable;
    use pinochle_web::bot::{BotWorker, JsCodec};
    BotWorker::registrar().encoding::<JsCodec>().register();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!("bot-worker runs as a Web Worker in the browser: `cargo xtask serve`");
    std::process::exit(2);
}
