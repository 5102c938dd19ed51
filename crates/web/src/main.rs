//! Entry point Trunk builds to WebAssembly (`index.html` names this binary).

#[cfg(target_arch = "wasm32")]
fn main() {
    pinochle_web::start();
}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    eprintln!(
        "pinochle-web runs in a browser: build and serve it with `cargo xtask serve`, \
         then open http://127.0.0.1:8080/"
    );
    std::process::exit(2);
}
