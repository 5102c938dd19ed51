//! The computer players' Web Worker: the page sends a [`BotRequest`] (a seat's
//! `PlayerView`, the level and a seed) as JSON and gets a [`BotReply`] back, so
//! a long search never freezes the page. The worker is the `bot-worker` binary
//! (index.html builds it with `data-type="worker"` and a loader shim).

use gloo_worker::{HandlerId, Worker, WorkerScope};
use pinochle_engine::game::Action;
use serde::{Deserialize, Serialize};

use crate::controller::BotRequest;

/// File name Trunk gives the worker's loader shim (next to index.html).
pub const WORKER_LOADER: &str = "/bot-worker_loader.js";

/// The worker's answer to one request.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BotReply {
    pub ticket: u64,
    /// The decision, or why there is none.
    pub decision: Result<Action, String>,
}

/// Decides one request (also used directly where no worker is available).
pub fn decide(request: &BotRequest) -> BotReply {
    let decision = pinochle_ai::by_name(request.level.id(), request.seed)
        .and_then(|mut bot| bot.decide(&request.view))
        .map_err(|e| e.to_string());
    BotReply {
        ticket: request.ticket,
        decision,
    }
}

/// Messages cross the worker boundary as JSON text (the engine's types are
/// serde-friendly; JSON keeps them readable in the browser's devtools).
pub struct BotWorker;

impl Worker for BotWorker {
    type Message = ();
    type Input = String;
    type Output = String;

    fn create(_scope: &WorkerScope<Self>) -> Self {
        BotWorker
    }

    fn update(&mut self, _scope: &WorkerScope<Self>, _msg: Self::Message) {}

    fn received(&mut self, scope: &WorkerScope<Self>, msg: Self::Input, id: HandlerId) {
        let reply = match serde_json::from_str::<BotRequest>(&msg) {
            Ok(request) => decide(&request),
            Err(e) => BotReply {
                ticket: u64::MAX,
                decision: Err(format!("bad request: {e}")),
            },
        };
        let text = serde_json::to_string(&reply).unwrap_or_default();
        scope.respond(id, text);
    }
}
