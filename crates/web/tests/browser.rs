//! wasm-bindgen-test suite, run in headless Chromium by `cargo xtask test --only wasm`.
//! Compiled only for wasm32, so native `cargo test --workspace` skips it.
#![cfg(target_arch = "wasm32")]

use std::time::Duration;

use pinochle_web::{App, APP_TITLE};
use wasm_bindgen_test::{wasm_bindgen_test, wasm_bindgen_test_configure};

wasm_bindgen_test_configure!(run_in_browser);

fn document() -> web_sys::Document {
    web_sys::window()
        .expect("no window")
        .document()
        .expect("no document")
}

/// Mounts the app into a fresh element and lets Yew's scheduler render it.
async fn mount() -> web_sys::Element {
    mount_with::<App>(()).await
}

#[wasm_bindgen_test]
async fn renders_title() {
    let root = mount().await;
    let title = select(&root, "[data-testid=app-title]").expect("title element rendered");
    assert_eq!(title.text_content().as_deref(), Some(APP_TITLE));
}

#[wasm_bindgen_test]
async fn renders_empty_felt_table() {
    let root = mount().await;
    let felt = select(&root, "[data-testid=table] [data-testid=felt]")
        .expect("felt rendered inside the table");
    assert_eq!(felt.child_element_count(), 0, "the table starts empty");
}

/// The first element under `root` that `selector` matches (the selectors are
/// the tests' own literals: one that does not parse is a bug in the test).
fn select(root: &web_sys::Element, selector: &str) -> Option<web_sys::Element> {
    root.query_selector(selector).expect("valid selector")
}

/// Mounts any component into a fresh element.
async fn mount_with<C: yew::BaseComponent>(props: C::Properties) -> web_sys::Element {
    let doc = document();
    let root = doc.create_element("div").expect("create root");
    doc.body()
        .expect("no body")
        .append_child(&root)
        .expect("append root");
    yew::Renderer::<C>::with_root_and_props(root.clone(), props).render();
    // Rendering is scheduled; yield to the event loop once.
    yew::platform::time::sleep(Duration::from_millis(10)).await;
    root
}

#[wasm_bindgen_test]
async fn a_card_is_an_svg_with_a_spoken_name() {
    use pinochle_web::cards::{CardView, CardViewProps};
    let card: pinochle_engine::Card = "QS".parse().expect("a card");
    let root = mount_with::<CardView>(CardViewProps {
        card,
        small: false,
        class: String::new(),
    })
    .await;
    let el = select(&root, "[data-card=QS]").expect("card rendered");
    assert_eq!(
        el.get_attribute("aria-label").as_deref(),
        Some("queen of spades")
    );
    assert!(select(&root, "svg").is_some());
}

#[wasm_bindgen_test]
async fn bid_controls_offer_only_the_legal_bids() {
    use pinochle_web::controls::{BidControls, BidControlsProps};
    let root = mount_with::<BidControls>(BidControlsProps {
        bids: vec![310, 320, 330, 350],
        no_pass: Some("the first player must bid".into()),
        onaction: yew::Callback::noop(),
    })
    .await;
    assert_eq!(root.inner_html().matches("<option").count(), 4);
    assert!(select(&root, "[data-action=pass]").is_none());
    // In place of the Pass button, why there is none.
    let no_pass = select(&root, "[data-testid=no-pass]").expect("the reason for no pass");
    assert_eq!(
        no_pass.text_content().as_deref(),
        Some("No pass: the first player must bid.")
    );
    let bid = select(&root, "[data-testid=bid]").expect("bid button");
    assert_eq!(bid.get_attribute("data-action").as_deref(), Some("bid 310"));
}

/// A key press as the browser sends it, to `target`.
fn press(target: &web_sys::EventTarget, key: &str, ctrl: bool) {
    let init = web_sys::KeyboardEventInit::new();
    init.set_key(key);
    init.set_ctrl_key(ctrl);
    init.set_bubbles(true);
    let event = web_sys::KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init)
        .expect("a keydown event");
    target.dispatch_event(&event).expect("dispatched");
}

/// B and P bid and pass, from the page or from the bid amount's list, but a
/// press with Ctrl held is the browser's: Ctrl+P prints and must not pass.
#[wasm_bindgen_test]
async fn bid_keys_leave_the_browsers_own_presses_alone() {
    use pinochle_engine::game::Action;
    use pinochle_web::controls::{BidControls, BidControlsProps};
    use std::{cell::RefCell, rc::Rc};
    let actions = Rc::new(RefCell::new(Vec::new()));
    let root = mount_with::<BidControls>(BidControlsProps {
        bids: vec![310, 320],
        no_pass: None,
        onaction: {
            let actions = actions.clone();
            yew::Callback::from(move |a: Action| actions.borrow_mut().push(a))
        },
    })
    .await;
    let body = document().body().expect("no body");
    press(&body, "p", true);
    press(&body, "b", true);
    assert_eq!(
        *actions.borrow(),
        vec![],
        "Ctrl+P and Ctrl+B are the browser's"
    );
    press(&body, "p", false);
    let amount = select(&root, "[data-testid=bid-amount]").expect("the bid amount");
    press(&amount, "b", false);
    assert_eq!(*actions.borrow(), vec![Action::Pass, Action::Bid(310)]);
}

/// The club's challenge highlights the pass, the usual answer (a newcomer
/// takes the highlighted button for it): a challenge doubles what the losing
/// side pays.
#[wasm_bindgen_test]
async fn a_club_challenge_highlights_the_pass() {
    use pinochle_engine::game::{Phase, PlayerView, State};
    use pinochle_engine::{PresetId, Rules};

    #[derive(yew::Properties, PartialEq)]
    struct DecisionProps {
        view: PlayerView,
    }
    #[yew::component]
    fn Decision(props: &DecisionProps) -> yew::Html {
        pinochle_web::controls::decision_controls(&props.view, &yew::Callback::noop())
    }

    let view = (0..40)
        .find_map(|seed| {
            let mut state = State::new(Rules::preset(PresetId::Club), seed).ok()?;
            for _ in 0..100 {
                let view = state.observation(state.current_player()?);
                if view.phase() == Phase::Challenge {
                    return Some(view);
                }
                let action = pinochle_ai::basic::decide(&view, &view.legal_actions())?;
                state.apply(action).ok()?;
            }
            None
        })
        .expect("a club deal with a challenge");
    let root = mount_with::<Decision>(DecisionProps { view }).await;
    let primary = select(&root, "button.primary").expect("a highlighted button");
    assert_eq!(
        primary.get_attribute("data-action").as_deref(),
        Some("pass")
    );
    assert!(select(&root, "[data-action=challenge]").is_some());
}

/// A request crosses to the worker as a JS value and comes back equal, seeds
/// above 2^53 included (they cross as BigInts); a value that is no request is
/// an error naming the problem, not a panic.
#[wasm_bindgen_test]
fn worker_messages_cross_as_js_values() {
    use pinochle_web::bot::{answer, BotReply, JsMessage, WorkerRequest};
    use pinochle_web::controller::{BotRequest, Game, Settings, Ticket};

    let game = Game::start("t".into(), Settings::default(), 5).expect("a game");
    let request = BotRequest {
        ticket: Ticket {
            game: "t".into(),
            moves: 0,
            rewinds: 0,
        },
        level: pinochle_ai::Level::Basic,
        seed: u64::MAX - 3,
        view: game
            .state()
            .observation(game.state().current_player().expect("a seat to move")),
    };
    let request = WorkerRequest::Decide(request);
    let back: WorkerRequest = JsMessage::of(&request)
        .expect("encodes")
        .read()
        .expect("decodes");
    assert_eq!(back, request);
    assert!(matches!(answer(&back), BotReply::Decided { .. }));
    let bad = JsMessage(wasm_bindgen::JsValue::from_str("not a request")).read::<WorkerRequest>();
    assert!(bad.unwrap_err().starts_with("unreadable message"));
}
