//! The computer players' Web Worker: the page sends a [`WorkerRequest`] — a
//! computer player's decision ([`BotRequest`]: a seat's `PlayerView`, the
//! level, a seed and the position's ticket), the coach's analysis of the
//! human's decision ([`CoachRequest`]), a claim check ([`ClaimRequest`]) or
//! the grade of a reviewed decision ([`GradeRequest`]) or a duplicate replay
//! for the rating ([`DuplicateRequest`]) or a hand's open-cards par
//! ([`ParRequest`]) or a file of hand records to read for review
//! ([`ImportRequest`]) —
//! and gets a [`BotReply`] back, so a long search never freezes the page. Both cross the
//! worker boundary as JS values made by `serde-wasm-bindgen` (structured clone,
//! no JSON text); a message that does not decode is answered with an error
//! naming the problem. The worker is the `bot-worker` binary (index.html builds
//! it with `data-type="worker"` and a loader shim).

use pinochle_ai::coach::{self, Analysis, Claim};
use pinochle_ai::grading::{self, GradedDecision, Par};
use pinochle_ai::{Bot, Player};
use pinochle_engine::game::{Action, ReplayParts};
use serde::{Deserialize, Serialize};

use crate::controller::{
    BotRequest, ClaimRequest, CoachRequest, DuplicateRequest, GradeRequest, ParRequest, Ticket,
};

/// The worker's loader, www/bot-worker_loader.js (next to index.html).
pub const WORKER_LOADER: &str = "/bot-worker_loader.js";

/// What the worker is asked.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum WorkerRequest {
    Decide(BotRequest),
    Analyse(CoachRequest),
    Claim(ClaimRequest),
    Grade(GradeRequest),
    Duplicate(DuplicateRequest),
    Par(ParRequest),
    Import(ImportRequest),
}

/// A file of hand records to read and replay for review (in the worker: the
/// page itself links no record reader).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ImportRequest {
    pub ticket: Ticket,
    pub file_name: String,
    pub text: String,
}

impl WorkerRequest {
    pub fn ticket(&self) -> &Ticket {
        match self {
            WorkerRequest::Decide(r) => &r.ticket,
            WorkerRequest::Analyse(r) => &r.ticket,
            WorkerRequest::Claim(r) => &r.ticket,
            WorkerRequest::Grade(r) => &r.ticket,
            WorkerRequest::Duplicate(r) => &r.ticket,
            WorkerRequest::Par(r) => &r.ticket,
            WorkerRequest::Import(r) => &r.ticket,
        }
    }
}

/// The worker's answer to one request.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum BotReply {
    Decided {
        ticket: Ticket,
        action: Action,
    },
    Analysed {
        ticket: Ticket,
        analysis: Box<Analysis>,
    },
    /// The first side (in the request's order) with a proved claim, if any.
    Claimed {
        ticket: Ticket,
        claim: Option<Claim>,
    },
    /// A reviewed decision of the human, graded.
    Graded {
        ticket: Ticket,
        hand: u32,
        step: usize,
        decision: Box<GradedDecision>,
    },
    /// What the expert gained in the human's seat in a duplicate replay.
    Duplicated {
        ticket: Ticket,
        hand: u32,
        expert: i64,
    },
    /// A reviewed hand's open-cards par (`None`: no card play, or no solve
    /// finished within the budget).
    Parred {
        ticket: Ticket,
        hand: u32,
        par: Option<Par>,
    },
    /// A file of hand records read and checked: each played hand's parts.
    Imported {
        ticket: Ticket,
        file_name: String,
        hands: Vec<ReplayParts>,
    },
    /// No decision: why, and for which request when the request could be read.
    Failed {
        ticket: Option<Ticket>,
        reason: String,
    },
}

/// Answers one request (the worker's work; also called directly in tests).
pub fn answer(request: &WorkerRequest) -> BotReply {
    let ticket = request.ticket().clone();
    match request {
        WorkerRequest::Decide(r) => match Bot::new(r.level, r.seed).decide(&r.view) {
            Ok(action) => BotReply::Decided { ticket, action },
            Err(e) => BotReply::Failed {
                ticket: Some(ticket),
                reason: format!("the computer player could not decide: {e}"),
            },
        },
        WorkerRequest::Analyse(r) => match coach::analyse(&r.view, r.seed, r.opponents) {
            Ok(analysis) => BotReply::Analysed {
                ticket,
                analysis: Box::new(analysis),
            },
            Err(e) => BotReply::Failed {
                ticket: Some(ticket),
                reason: format!("the coach could not analyse this decision: {e}"),
            },
        },
        WorkerRequest::Grade(r) => {
            match grading::grade_step(&r.view, &r.chosen, &r.among, r.seed, r.opponents) {
                Ok(decision) => BotReply::Graded {
                    ticket,
                    hand: r.hand,
                    step: r.step,
                    decision: Box::new(decision),
                },
                Err(e) => BotReply::Failed {
                    ticket: Some(ticket),
                    reason: format!("the coach could not grade this decision: {e}"),
                },
            }
        }
        WorkerRequest::Duplicate(r) => {
            match grading::duplicate_result(&r.start, r.seat, &r.players, r.expert_seed) {
                Ok(expert) => BotReply::Duplicated {
                    ticket,
                    hand: r.hand,
                    expert,
                },
                Err(e) => BotReply::Failed {
                    ticket: Some(ticket),
                    reason: format!("the duplicate replay failed: {e}"),
                },
            }
        }
        WorkerRequest::Par(r) => BotReply::Parred {
            ticket,
            hand: r.hand,
            par: grading::par(&r.start, &r.moves, grading::PAR_NODES),
        },
        WorkerRequest::Import(r) => match crate::import::read_file(&r.file_name, &r.text) {
            Ok(hands) => BotReply::Imported {
                ticket,
                file_name: r.file_name.clone(),
                hands,
            },
            Err(e) => BotReply::Failed {
                ticket: Some(ticket),
                reason: e.to_string(),
            },
        },
        WorkerRequest::Claim(r) => BotReply::Claimed {
            ticket,
            claim: r
                .seats
                .iter()
                .find_map(|&seat| coach::claim(&r.state, seat, r.nodes)),
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

    use super::{answer, BotReply, WorkerRequest};

    /// JS values for our messages: 64-bit numbers (seeds, scores) as BigInts,
    /// since a JS number holds integers exactly only up to 2^53.
    fn to_js<T: Serialize + ?Sized>(value: &T) -> Result<JsValue, serde_wasm_bindgen::Error> {
        value.serialize(
            &serde_wasm_bindgen::Serializer::new().serialize_large_number_types_as_bigints(true),
        )
    }

    /// A message as the JS value it crossed as: decoded by its receiver, which
    /// turns a bad one into an error instead of a panic.
    #[derive(Serialize, Deserialize)]
    pub struct JsMessage(#[serde(with = "serde_wasm_bindgen::preserve")] pub JsValue);

    impl JsMessage {
        /// `value` as a JS value (structured-clone friendly).
        pub fn of<T: Serialize>(value: &T) -> Result<JsMessage, String> {
            to_js(value)
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
            to_js(&input).unwrap_or_else(|e| {
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
            let reply = match msg.read::<WorkerRequest>() {
                Ok(request) => answer(&request),
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
