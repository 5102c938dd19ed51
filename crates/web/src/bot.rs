//! The computer players' Web Worker: the page sends a [`BotRequest`] (a seat's
//! `PlayerView`, the level, a seed and the position's ticket) and gets a
//! [`BotReply`] back, so a long search never freezes the page. Both cross the
//! worker boundary as JS values made by `serde-wasm-bindgen` (structured clone,
//! no JSON text); a message that does not decode is answered with an error
//! naming the problem. The worker is the `bot-worker` binary (index.html builds
//! it with `data-type="worker"` and a loader shim).

use pinochle_ai::{Bot, Player};
use pinochle_engine::game::Action;
use serde::{Deserialize, Serialize};

use crate::controller::{BotRequest, Ticket};

/// File name Trunk gives the worker's loader shim (next to index.html).
pub const WORKER_LOADER: &str = "/bot-worker_loader.js";

/// The worker's answer to one request.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum BotReply {
    Decided {
        ticket: Ticket,
        action: Action,
    },
    /// No decision: why, and for which request when the request could be read.
    Failed {
        ticket: Option<Ticket>,
        reason: String,
    },
}

/// Decides one request (the worker's work; also called directly in tests).
pub fn decide(request: &BotRequest) -> BotReply {
    match Bot::new(request.level, request.seed).decide(&request.view) {
        Ok(action) => BotReply::Decided {
            ticket: request.ticket.clone(),
            action,
        },
        Err(e) => BotReply::Failed {
            ticket: Some(request.ticket.clone()),
            reason: format!("the computer player could not decide: {e}"),
        },
    }
}

#[cfg(target_arch = "wasm32")]
pub use worker::{BotWorker, JsCodec, JsMessage};

#[cfg(target_arch = "wasm32")]
mod worker {
    use gloo_worker::{Codec, HandlerId, Worker, WorkerScope};
    use serde::{Deserialize, Serialize};
    use wasm_bindgen::JsValue;

    use super::{decide, BotReply};
    use crate::controller::BotRequest;

    /// A message as the JS value it crossed as: decoded by its receiver, which
    /// turns a bad one into an error instead of a panic.
    #[derive(Serialize, Deserialize)]
    pub struct JsMessage(#[serde(with = "serde_wasm_bindgen::preserve")] pub JsValue);

    impl JsMessage {
        /// `value` as a JS value (structured-clone friendly).
        pub fn of<T: Serialize>(value: &T) -> Result<JsMessage, String> {
            serde_wasm_bindgen::to_value(value)
                .map(JsMessage)
                .map_err(|e| format!("cannot encode the message: {e}"))
        }

        /// The message read as a `T`, or what is wrong with it.
        pub fn read<T: for<'de> Deserialize<'de>>(self) -> Result<T, String> {
            serde_wasm_bindgen::from_value(self.0).map_err(|e| format!("unreadable message: {e}"))
        }
    }

    /// gloo-worker's envelope as JS values via `serde-wasm-bindgen` (its
    /// default codec is bincode bytes).
    #[derive(Debug)]
    pub struct JsCodec;

    impl Codec for JsCodec {
        fn encode<I: Serialize>(input: I) -> JsValue {
            serde_wasm_bindgen::to_value(&input).unwrap_or_else(|e| {
                wasm_bindgen::throw_str(&format!("cannot encode a worker message: {e}"))
            })
        }

        fn decode<O: for<'de> Deserialize<'de>>(input: JsValue) -> O {
            // Only gloo's own envelope is decoded here; our payload is a
            // `JsMessage`, decoded (with errors) by its receiver.
            serde_wasm_bindgen::from_value(input).unwrap_or_else(|e| {
                wasm_bindgen::throw_str(&format!("not a message of this app's worker: {e}"))
            })
        }
    }

    pub struct BotWorker;

    impl Worker for BotWorker {
        type Message = ();
        type Input = JsMessage;
        type Output = JsMessage;

        fn create(_scope: &WorkerScope<Self>) -> Self {
            BotWorker
        }

        fn update(&mut self, _scope: &WorkerScope<Self>, _msg: Self::Message) {}

        fn received(&mut self, scope: &WorkerScope<Self>, msg: Self::Input, id: HandlerId) {
            let reply = match msg.read::<BotRequest>() {
                Ok(request) => decide(&request),
                Err(reason) => BotReply::Failed {
                    ticket: None,
                    reason: format!("bad request: {reason}"),
                },
            };
            match JsMessage::of(&reply) {
                Ok(message) => scope.respond(id, message),
                Err(reason) => {
                    if let Ok(message) = JsMessage::of(&BotReply::Failed {
                        ticket: None,
                        reason,
                    }) {
                        scope.respond(id, message);
                    }
                }
            }
        }
    }
}
