//! Saved sessions for the app's game controller: the [`SessionSetup`] of a
//! [`Game`], and a game rebuilt from a saved session.

use pinochle_engine::game::Action;

use crate::controller::{Game, ReplayError, Settings};
use crate::storage::{DecodeError, SavedSession, SessionSetup};

/// Why a saved session could not be turned back into a game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RestoreError {
    #[error("{0}")]
    Decode(#[from] DecodeError),
    #[error("{0}")]
    Replay(#[from] ReplayError),
}

/// The setup to save for a game just started.
pub fn setup_of(game: &Game) -> SessionSetup {
    let mut setup = SessionSetup::new(game.rules(), game.seed, game.names.clone(), game.human);
    setup.opponent_level = game.settings.level;
    setup.pace = game.settings.pace;
    setup.four_color = game.settings.four_color;
    setup.bid_advisor = game.settings.bid_advisor;
    setup.auto_play = game.settings.auto_play;
    setup.rules_name = game.settings.custom.as_ref().and_then(|c| c.name.clone());
    setup
}

/// Rebuilds the game of a saved session: dealt again from its deal number,
/// and every action replayed through the controller's own messages (so the
/// score sheet, the open hand-result panel and the trick on the table come
/// back exactly as they were).
pub fn restore(session: &SavedSession) -> Result<Game, RestoreError> {
    let setup = &session.setup;
    let rules = setup.decode_rules().map_err(DecodeError::Rules)?;
    let base = Settings {
        level: setup.opponent_level,
        name: setup
            .players
            .get(setup.human_seat)
            .cloned()
            .unwrap_or_default(),
        // The next game from the start screen deals fresh cards.
        deal: None,
        pace: setup.pace,
        four_color: setup.four_color,
        bid_advisor: setup.bid_advisor,
        auto_play: setup.auto_play,
        ..Settings::default()
    };
    let settings = Settings::for_rules(rules, setup.rules_name.clone(), &base);
    let actions = session.actions.iter().map(|text| text.parse::<Action>());
    let mut game = Game::replay(session.id.clone(), settings, setup.seed, actions)?;
    game.practice = session.practice;
    Ok(game)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::controller::testing::{basic_settings, drive};
    use crate::controller::Msg;
    use crate::storage::{load_session, save_session, MemoryStore};
    use pinochle_engine::{PresetId, Rules};

    /// Drives `game` until `stop`, recording every action in `session`.
    fn play(game: &mut Game, session: &mut SavedSession, stop: impl Fn(&Game) -> bool) {
        for action in drive(game, stop, |_| {}).actions {
            session.push(&action, 0);
        }
    }

    /// The restored game as the table shows it once resumed.
    fn restored(session: &SavedSession) -> Game {
        let mut game = restore(session).unwrap();
        game.update(Msg::Wake).unwrap();
        game
    }

    #[test]
    fn a_game_comes_back_exactly_from_storage() {
        for preset in PresetId::ALL {
            let mut game = Game::start("s".into(), basic_settings(preset), 17).unwrap();
            let mut session = SavedSession::new("s".into(), setup_of(&game), 0);
            // Mid-trick of a later hand, then right at a hand's result panel.
            play(&mut game, &mut session, |g| {
                !g.history.is_empty()
                    && g.trick_pause.is_none()
                    && !g.view().public.hand.current_trick().is_empty()
            });
            let store = MemoryStore::default();
            save_session(&store, &mut session, 0).unwrap();
            let (loaded, _) = load_session(&store, "s", 0).unwrap();
            let mut now = game.clone();
            now.update(Msg::Wake).unwrap();
            assert_eq!(restored(&loaded), now, "{preset:?} mid-trick");
            play(&mut game, &mut session, |g| g.result.is_some());
            let mut now = game.clone();
            now.update(Msg::Wake).unwrap();
            assert_eq!(restored(&session), now, "{preset:?} at the result");
        }
    }

    #[test]
    fn custom_rules_come_back_exactly() {
        let rules = Rules::preset(PresetId::Brooklyn)
            .with_settings(&["min_bid=350".to_string()])
            .unwrap();
        let settings = Settings::for_rules(rules, Some("Friday".into()), &Settings::default());
        let game = Game::start("c".into(), settings, 4).unwrap();
        let session = SavedSession::new("c".into(), setup_of(&game), 0);
        let back = restore(&session).unwrap();
        assert_eq!(back.rules(), game.rules());
        assert_eq!(back.settings.custom, game.settings.custom);
        assert_eq!(back.seed, 4);
    }
}
