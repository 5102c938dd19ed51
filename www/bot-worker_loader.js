// Starts the computer players' Web Worker: loads the wasm-bindgen glue Trunk
// builds for the `bot-worker` binary, then its wasm (crates/web/src/bot.rs
// spawns this file). Written by hand rather than by Trunk's loader shim, which
// calls the glue with deprecated arguments (a console warning on every start).
importScripts('./bot-worker.js');
wasm_bindgen({ module_or_path: './bot-worker_bg.wasm' });
