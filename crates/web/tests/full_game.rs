//! A whole game to its end through the page's controller, for each game that ends
//! by itself (the points games): what a newcomer sees from the first deal to the
//! game-over screen, with computer players deciding for the human seat too.
#![cfg(not(target_arch = "wasm32"))]

use pinochle_ai::by_name;
use pinochle_engine::PresetId;
use pinochle_web::controller::{Game, Level, Msg, Pace, Settings};

fn play_to_the_end(preset: PresetId, seed: u64) -> Game {
    let settings = Settings {
        preset,
        seats: 4.min(pinochle_engine::Rules::preset(preset).table.seats),
        level: Level::Basic,
        seed,
        pace: Pace::Instant,
        ..Settings::default()
    };
    let mut game = Game::start(settings).expect("the game starts");
    let mut steps = 0u32;
    while !game.is_over() {
        steps += 1;
        assert!(steps < 200_000, "{preset:?}: the game does not end");
        if game.result.is_some() {
            game.update(Msg::CloseResult).expect("result closes");
        } else if game.trick_pause.is_some() {
            game.update(Msg::TrickCleared).expect("trick clears");
        } else if game.human_to_move() {
            let view = game.view();
            let action = by_name("basic", seed)
                .unwrap()
                .decide(&view)
                .expect("a decision");
            game.update(Msg::Human(action))
                .expect("a legal human action");
        } else {
            let req = game.bot_request().expect("a computer player is to move");
            let action = by_name(req.level.id(), req.seed)
                .unwrap()
                .decide(&req.view)
                .expect("a decision");
            game.update(Msg::Bot {
                ticket: req.ticket,
                action,
            })
            .expect("a legal computer action");
        }
    }
    game
}

#[test]
fn points_games_play_to_the_game_over_screen() {
    for preset in [PresetId::Bison, PresetId::Partnership, PresetId::DoubleDeck] {
        let game = play_to_the_end(preset, 11);
        let result = game.state().session_result().expect("a session result");
        assert!(!game.history.is_empty(), "{preset:?}");
        assert!(!format!("{result:?}").is_empty());
    }
}
