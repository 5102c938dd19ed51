//! Saved sessions for the app's game controller: the [`SessionSetup`] of a
//! [`Game`], and a game rebuilt from a saved session by replaying its actions
//! through the controller's own messages (so the score sheet, the open
//! hand-result panel and the trick on the table come back exactly as they were).

use pinochle_engine::game::Action;
use pinochle_engine::link::decode_link;
use pinochle_engine::options::spec;
use pinochle_engine::Rules;

use crate::controller::{Game, GameError, Level, Msg, Pace, Settings, StartError};
use crate::storage::{DecodeError, SavedSession, SessionSetup};

/// The name the table shows for a player who gave none.
const DEFAULT_NAME: &str = "You";

/// Why a saved session could not be turned back into a game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RestoreError {
    #[error("{0}")]
    Decode(#[from] DecodeError),
    #[error("{0}")]
    Start(#[from] StartError),
    #[error("action {} cannot be replayed: {reason}", index + 1)]
    Replay { index: usize, reason: String },
}

/// The setup to save for a game just started.
pub fn setup_of(game: &Game) -> SessionSetup {
    let mut setup = SessionSetup::new(
        game.rules(),
        game.settings.seed,
        game.names.clone(),
        crate::controller::HUMAN,
    );
    setup.opponent_level = game.settings.level.id().to_string();
    setup.pace = game.settings.pace.id().to_string();
    setup.four_color = game.settings.four_color;
    setup.rules_name = game
        .settings
        .rules_link
        .as_deref()
        .and_then(|link| decode_link(link).ok())
        .and_then(|shared| shared.name);
    setup
}

/// The new-game settings that deal these rules: the start screen's choices when
/// they make exactly these rules, else the rules' link text (custom rules).
fn settings_for(rules: &Rules, setup: &SessionSetup) -> Settings {
    let pot_game = spec("pot_game").is_some_and(|s| s.applies(rules) && s.get(rules) == "true");
    let settings = Settings {
        preset: rules.preset,
        seats: rules.table.seats,
        pot_game,
        level: Level::from_id(&setup.opponent_level).unwrap_or(Level::Standard),
        // The start screen shows an empty name as "You": keep it empty.
        name: setup
            .players
            .get(crate::controller::HUMAN)
            .filter(|name| name.as_str() != DEFAULT_NAME)
            .cloned()
            .unwrap_or_default(),
        seed: setup.seed,
        pace: Pace::from_id(&setup.pace).unwrap_or(Pace::Normal),
        four_color: setup.four_color,
        rules_link: None,
    };
    match settings.rules() {
        Ok(dealt) if &dealt == rules => settings,
        _ => Settings {
            rules_link: Some(setup.rules.clone()),
            ..settings
        },
    }
}

/// Rebuilds the game of a saved session.
pub fn restore(session: &SavedSession) -> Result<Game, RestoreError> {
    let rules = session.setup.decode_rules().map_err(DecodeError::Rules)?;
    let mut game = Game::start(settings_for(&rules, &session.setup))?;
    for (index, text) in session.actions.iter().enumerate() {
        let replay = |reason: String| RestoreError::Replay { index, reason };
        let action: Action = text.parse().map_err(replay)?;
        // What the player had dismissed before this action.
        if game.result.is_some() {
            game.update(Msg::CloseResult)
                .map_err(|e| replay(e.to_string()))?;
        }
        if game.trick_pause.is_some() {
            game.update(Msg::TrickCleared)
                .map_err(|e| replay(e.to_string()))?;
        }
        let msg = if game.human_to_move() {
            Msg::Human(action)
        } else {
            Msg::Bot {
                ticket: game.ticket(),
                action,
            }
        };
        game.update(msg)
            .map_err(|e: GameError| replay(e.to_string()))?;
    }
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::storage::{load_session, save_session, MemoryStore};
    use pinochle_ai::by_name;
    use pinochle_engine::PresetId;

    /// Plays a game with basic computer players in every seat, recording every
    /// action in `session`, until `stop` holds.
    fn play(game: &mut Game, session: &mut SavedSession, stop: impl Fn(&Game) -> bool) {
        let mut bot = by_name("basic", 1).unwrap();
        for step in 0..5000 {
            if stop(game) || game.is_over() {
                return;
            }
            if game.result.is_some() {
                game.update(Msg::CloseResult).unwrap();
                continue;
            }
            if game.trick_pause.is_some() {
                game.update(Msg::TrickCleared).unwrap();
                continue;
            }
            let seat = game.to_move().unwrap();
            let action = if seat == crate::controller::HUMAN {
                let action = bot.decide(&game.view()).unwrap();
                game.update(Msg::Human(action.clone())).unwrap();
                action
            } else {
                let request = game.bot_request().unwrap();
                let action = bot.decide(&request.view).unwrap();
                game.update(Msg::Bot {
                    ticket: request.ticket,
                    action: action.clone(),
                })
                .unwrap();
                action
            };
            session.push(&action, step);
        }
    }

    #[test]
    fn a_game_comes_back_exactly_from_storage() {
        for preset in PresetId::ALL {
            let settings = Settings {
                preset,
                seed: 17,
                level: Level::Basic,
                ..Settings::default()
            };
            let mut settings = settings;
            settings.seats = Rules::preset(preset).table.seats;
            let mut game = Game::start(settings).unwrap();
            let mut session = SavedSession::new("s".into(), setup_of(&game), 0);
            // Mid-trick of the second hand, then right at a hand's result panel.
            play(&mut game, &mut session, |g| {
                g.history.len() == 1
                    && g.trick_pause.is_none()
                    && !g.view().public.hand.current_trick().is_empty()
            });
            let store = MemoryStore::default();
            save_session(&store, &mut session, 0).unwrap();
            let (loaded, _) = load_session(&store, "s", 0).unwrap();
            assert_eq!(restore(&loaded).unwrap(), game, "{preset:?} mid-trick");
            play(&mut game, &mut session, |g| g.result.is_some());
            assert_eq!(restore(&session).unwrap(), game, "{preset:?} at the result");
        }
    }

    #[test]
    fn custom_rules_come_back_exactly() {
        let link = "v=1&game=brooklyn&min_bid=350";
        let settings = Settings {
            rules_link: Some(link.into()),
            ..Settings::default()
        };
        let game = Game::start(settings).unwrap();
        let session = SavedSession::new("c".into(), setup_of(&game), 0);
        let back = restore(&session).unwrap();
        assert_eq!(back.rules(), game.rules());
        assert!(back.settings.rules_link.is_some());
    }
}
