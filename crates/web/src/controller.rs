//! The game controller: the pure core of the app, with no DOM and no timers.
//!
//! A [`Game`] holds the whole session as the engine's serializable [`State`],
//! the human's seat, the start [`Settings`], the score-sheet history and what the
//! table is showing (a trick just completed, the hand-result panel). It changes
//! only through [`Game::update`] with a [`Msg`] — the human's decision, a
//! computer player's decision, a timer tick — so it can be tested natively and
//! saved whole (it is `Serialize`). The UI renders from [`Game::view`], the
//! human seat's `PlayerView`, never from the state itself: the DOM cannot hold a
//! card the human may not see.

use pinochle_engine::game::{
    tricks, Action, HandSummary, IllegalAction, Phase, PlayedCard, PlayerView, Seat, SetupError,
    State,
};
use pinochle_engine::link::{decode_link, LinkError};
use pinochle_engine::options::{specs, RulesError};
use pinochle_engine::{PresetId, Rules};
use serde::{Deserialize, Serialize};

/// The human always sits at seat 0 (the bottom of the table).
pub const HUMAN: Seat = 0;

/// Names of the computer players, by seat (seat 0 is the human).
const BOT_NAMES: [&str; 5] = ["You", "Ada", "Boris", "Cleo", "Dmitri"];

/// The computer players' strength (the `pinochle_ai` level names).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Level {
    Basic,
    Standard,
    Expert,
}

impl Level {
    pub const ALL: [Level; 3] = [Level::Basic, Level::Standard, Level::Expert];

    /// The name `pinochle_ai::by_name` takes.
    pub fn id(self) -> &'static str {
        match self {
            Level::Basic => "basic",
            Level::Standard => "standard",
            Level::Expert => "expert",
        }
    }

    pub fn from_id(id: &str) -> Option<Level> {
        Level::ALL.into_iter().find(|l| l.id() == id)
    }

    pub fn label(self) -> &'static str {
        match self {
            Level::Basic => "Basic — plays by rules of thumb",
            Level::Standard => "Standard — thinks about the cards out",
            Level::Expert => "Expert — searches deeper, bids carefully",
        }
    }
}

/// How fast the computer players act, so a human can follow the play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Pace {
    /// No delays (tests).
    Instant,
    Fast,
    Normal,
    Slow,
}

impl Pace {
    pub const ALL: [Pace; 4] = [Pace::Instant, Pace::Fast, Pace::Normal, Pace::Slow];

    pub fn id(self) -> &'static str {
        match self {
            Pace::Instant => "instant",
            Pace::Fast => "fast",
            Pace::Normal => "normal",
            Pace::Slow => "slow",
        }
    }

    pub fn from_id(id: &str) -> Option<Pace> {
        Pace::ALL.into_iter().find(|p| p.id() == id)
    }

    /// Least time between a computer player's turn starting and its action showing.
    pub fn bot_delay_ms(self) -> u32 {
        match self {
            Pace::Instant => 0,
            Pace::Fast => 250,
            Pace::Normal => 700,
            Pace::Slow => 1400,
        }
    }

    /// How long a completed trick stays on the table before it goes to its winner.
    pub fn trick_pause_ms(self) -> u32 {
        match self {
            Pace::Instant => 0,
            Pace::Fast => 600,
            Pace::Normal => 1300,
            Pace::Slow => 2500,
        }
    }
}

/// Everything chosen on the start screen: with the seed it determines the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    pub preset: PresetId,
    /// Players at the table, where the game allows a choice (brooklyn, club).
    pub seats: u8,
    /// Brooklyn's pot game.
    pub pot_game: bool,
    pub level: Level,
    pub name: String,
    pub seed: u64,
    pub pace: Pace,
    pub four_color: bool,
    /// Custom or shared rules as link text (`v=1&game=bison&target=1000`): when
    /// set, they are the game's rules and `preset`, `seats` and `pot_game` only
    /// describe them.
    #[serde(default)]
    pub rules_link: Option<String>,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            preset: PresetId::Brooklyn,
            seats: 3,
            pot_game: false,
            level: Level::Standard,
            name: String::new(),
            seed: 1,
            pace: Pace::Normal,
            four_color: false,
            rules_link: None,
        }
    }
}

/// The table sizes a game allows, from its `seats` option (`None`: fixed).
pub fn seat_choices(preset: PresetId, pot_game: bool) -> Option<Vec<u8>> {
    let mut rules = Rules::preset(preset);
    if pot_game && rules.set_option("pot_game", "true").is_err() {
        return None;
    }
    let spec = specs().iter().find(|s| s.key == "seats")?;
    if !spec.applies(&rules) {
        return None;
    }
    let sizes: Vec<u8> = (3..=5u8)
        .filter(|n| rules.clone().set_option("seats", &n.to_string()).is_ok())
        .collect();
    (sizes.len() > 1).then_some(sizes)
}

/// Whether a game has the pot-game option (brooklyn).
pub fn has_pot_game(preset: PresetId) -> bool {
    let rules = Rules::preset(preset);
    specs()
        .iter()
        .any(|s| s.key == "pot_game" && s.applies(&rules))
}

impl Settings {
    /// The rule set these settings choose.
    pub fn rules(&self) -> Result<Rules, StartError> {
        if let Some(link) = &self.rules_link {
            return Ok(decode_link(link)?.rules);
        }
        let mut settings = Vec::new();
        if self.pot_game && has_pot_game(self.preset) {
            settings.push("pot_game=true".to_string());
        }
        if seat_choices(self.preset, self.pot_game).is_some() {
            settings.push(format!("seats={}", self.seats));
        }
        Ok(Rules::preset(self.preset).with_settings(&settings)?)
    }

    /// The human's name as shown at the table.
    pub fn display_name(&self) -> String {
        let name = self.name.trim();
        if name.is_empty() {
            "You".to_string()
        } else {
            name.chars().take(24).collect()
        }
    }
}

/// Why a game could not start.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StartError {
    #[error("these settings make no valid game: {0}")]
    Rules(#[from] RulesError),
    #[error("these rules cannot be used: {0}")]
    Link(#[from] LinkError),
    #[error("the game cannot be dealt: {0}")]
    Setup(#[from] SetupError),
}

/// Why a message was refused; the game is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    #[error("{0}")]
    Illegal(#[from] IllegalAction),
    #[error("wait: {0}")]
    Busy(&'static str),
}

/// A trick as it lies on the table: cards in play order and who took it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShownTrick {
    pub hand: u32,
    pub cards: Vec<PlayedCard>,
    pub winner: Seat,
}

/// What can happen to a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Msg {
    /// The human's decision.
    Human(Action),
    /// A computer player's decision, for the request with this ticket.
    Bot {
        ticket: u64,
        action: Action,
    },
    /// The completed trick has been shown long enough.
    TrickCleared,
    /// The human closed the hand-result panel.
    CloseResult,
    /// Show or hide the last completed trick.
    ToggleLastTrick,
    SetPace(Pace),
    SetFourColor(bool),
}

/// What a computer player is asked: decide for `view.seat`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BotRequest {
    /// Identifies the position asked about; a late answer to an old ticket is ignored.
    pub ticket: u64,
    pub level: Level,
    pub seed: u64,
    pub view: PlayerView,
}

/// A whole game as the app holds it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Game {
    pub settings: Settings,
    state: State,
    /// Display name per seat.
    pub names: Vec<String>,
    /// Summaries of the completed hands, oldest first (the score sheet).
    pub history: Vec<HandSummary>,
    /// The hand-result panel is open for this hand; play waits until it is closed.
    pub result: Option<HandSummary>,
    /// A trick just completed, shown before it goes to its winner.
    pub trick_pause: Option<ShownTrick>,
    /// The last completed trick (shown on demand).
    pub last_trick: Option<ShownTrick>,
    pub show_last_trick: bool,
    /// Latest plays in words, newest last (the live region reads the last one).
    pub announcements: Vec<String>,
    /// Actions applied so far: the ticket of the next computer decision.
    moves: u64,
}

/// Most announcements kept.
const ANNOUNCEMENTS_KEPT: usize = 8;

impl Game {
    /// A new game: the entry point for the start screen (and for saved settings).
    pub fn start(settings: Settings) -> Result<Game, StartError> {
        let rules = settings.rules()?;
        let seats = rules.table.seats as usize;
        let state = State::new(rules, settings.seed)?;
        let names = (0..seats)
            .map(|s| {
                if s == HUMAN {
                    settings.display_name()
                } else {
                    BOT_NAMES[s % BOT_NAMES.len()].to_string()
                }
            })
            .collect();
        let mut game = Game {
            settings,
            state,
            names,
            history: Vec::new(),
            result: None,
            trick_pause: None,
            last_trick: None,
            show_last_trick: false,
            announcements: Vec::new(),
            moves: 0,
        };
        let intro = game.hand_intro();
        game.announce(intro);
        Ok(game)
    }

    /// The engine state (what a saved session's summary and history read).
    pub fn state(&self) -> &State {
        &self.state
    }

    /// What the human may know: the only thing the table renders from.
    pub fn view(&self) -> PlayerView {
        self.state.observation(HUMAN)
    }

    pub fn rules(&self) -> &Rules {
        self.state.rules()
    }

    pub fn name(&self, seat: Seat) -> &str {
        self.names.get(seat).map_or("?", String::as_str)
    }

    pub fn is_over(&self) -> bool {
        self.state.is_terminal()
    }

    /// Whether the table is showing something play waits for.
    fn paused(&self) -> Option<&'static str> {
        if self.result.is_some() {
            Some("the hand result is open")
        } else if self.trick_pause.is_some() {
            Some("the trick is being gathered")
        } else {
            None
        }
    }

    /// The seat to move, if play is not paused.
    pub fn to_move(&self) -> Option<Seat> {
        match self.paused() {
            Some(_) => None,
            None => self.state.current_player(),
        }
    }

    pub fn human_to_move(&self) -> bool {
        self.to_move() == Some(HUMAN)
    }

    /// The computer decision the app should ask its worker for now, if any.
    pub fn bot_request(&self) -> Option<BotRequest> {
        let seat = self.to_move().filter(|&s| s != HUMAN)?;
        Some(BotRequest {
            ticket: self.moves,
            level: self.settings.level,
            seed: self
                .settings
                .seed
                .wrapping_mul(0x9E37_79B9_7F4A_7C15)
                .wrapping_add(seat as u64 + 1),
            view: self.state.observation(seat),
        })
    }

    /// Ticket of the position now on the table.
    pub fn ticket(&self) -> u64 {
        self.moves
    }

    pub fn update(&mut self, msg: Msg) -> Result<(), GameError> {
        match msg {
            Msg::Human(action) => {
                if self.result.is_some() {
                    return Err(GameError::Busy("the hand result is open"));
                }
                // The human may go on at once rather than wait for the trick to clear.
                self.trick_pause = None;
                self.perform(HUMAN, action)
            }
            Msg::Bot { ticket, action } => {
                if ticket != self.moves {
                    return Err(GameError::Busy("that decision is out of date"));
                }
                if let Some(reason) = self.paused() {
                    return Err(GameError::Busy(reason));
                }
                match self.state.current_player() {
                    Some(seat) if seat != HUMAN => self.perform(seat, action),
                    _ => Err(GameError::Busy("no computer player is to move")),
                }
            }
            Msg::TrickCleared => {
                self.trick_pause = None;
                Ok(())
            }
            Msg::CloseResult => {
                self.result = None;
                self.trick_pause = None;
                self.show_last_trick = false;
                if !self.is_over() {
                    let intro = self.hand_intro();
                    self.announce(intro);
                }
                Ok(())
            }
            Msg::ToggleLastTrick => {
                self.show_last_trick = !self.show_last_trick && self.last_trick.is_some();
                Ok(())
            }
            Msg::SetPace(pace) => {
                self.settings.pace = pace;
                Ok(())
            }
            Msg::SetFourColor(on) => {
                self.settings.four_color = on;
                Ok(())
            }
        }
    }

    fn perform(&mut self, seat: Seat, action: Action) -> Result<(), GameError> {
        let before = self.state.public().clone();
        let completed = match &action {
            Action::PlayCard(card) if before.hand.phase == Phase::Tricks => {
                let mut cards = before.hand.current_trick().to_vec();
                cards.push(PlayedCard { seat, card: *card });
                (cards.len() == before.hand.active.len()).then(|| {
                    let faces: Vec<_> = cards.iter().map(|p| p.card).collect();
                    let winner = tricks::winning_index(&faces, before.hand.trump)
                        .map_or(seat, |i| cards[i].seat);
                    ShownTrick {
                        hand: before.hand.number,
                        cards,
                        winner,
                    }
                })
            }
            _ => None,
        };
        self.state.apply_for(seat, action.clone())?;
        self.moves += 1;
        let text = self.describe(seat, &action);
        self.announce(text);
        if let Some(trick) = completed {
            let text = format!("{} takes the trick.", self.name(trick.winner));
            self.announce(text);
            self.last_trick = Some(trick.clone());
            self.trick_pause = Some(trick);
            self.show_last_trick = false;
        }
        let after = &self.state.public().session;
        if after.hands_completed > before.session.hands_completed {
            if let Some(summary) = after.last_hand.clone() {
                self.history.push(summary.clone());
                self.result = Some(summary);
                self.trick_pause = None;
            }
            let text = if self.is_over() {
                "The game is over.".to_string()
            } else {
                "The hand is over: see the result.".to_string()
            };
            self.announce(text);
        }
        Ok(())
    }

    fn announce(&mut self, text: String) {
        self.announcements.push(text);
        if self.announcements.len() > ANNOUNCEMENTS_KEPT {
            self.announcements.remove(0);
        }
    }

    fn hand_intro(&self) -> String {
        let h = &self.state.public().hand;
        let sitting_out = !h.active.contains(&HUMAN);
        format!(
            "Hand {}: {} deals.{}",
            h.number,
            self.name(h.dealer),
            if sitting_out {
                " You sit out this hand."
            } else {
                ""
            }
        )
    }

    /// An action in words, as the table announces it. Cards passed or buried by
    /// another seat stay hidden.
    pub fn describe(&self, seat: Seat, action: &Action) -> String {
        let who = self.name(seat).to_string();
        let mine = seat == HUMAN;
        match action {
            Action::PassCard(c) if mine => format!("{who} pass the {}.", c.long_name()),
            Action::PassCard(_) => format!("{who} passes a card."),
            Action::Bid(b) => format!("{who} bids {b}."),
            Action::Pass => format!("{who} passes."),
            Action::Keep => format!("{who} keeps the contract."),
            Action::Escape => format!("{who} makes the dealer take it."),
            Action::DeclineHand => format!("{who} declines the hand."),
            Action::Concede => format!("{who} concedes."),
            Action::Play => format!("{who} plays on."),
            Action::Challenge => format!("{who} challenges: play it out."),
            Action::ChooseTrump(s) => format!("{who} names {} trump.", s.name()),
            Action::Bury(c) if mine => format!("{who} bury the {}.", c.long_name()),
            Action::Bury(_) => format!("{who} buries a card."),
            Action::ShowMeld(keys) => format!("{who} shows {} melds.", keys.len()),
            Action::PlayCard(c) => format!("{who} plays the {}.", c.long_name()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pinochle_ai::by_name;
    use pinochle_engine::Card;

    fn settings(preset: PresetId, seed: u64) -> Settings {
        Settings {
            preset,
            level: Level::Basic,
            seed,
            pace: Pace::Instant,
            ..Settings::default()
        }
    }

    /// Every card the table may show face up: the human's hand, the exposed
    /// kitty, shown melds, the trick under way and the tricks kept by the UI.
    fn visible_cards(game: &Game) -> Vec<Card> {
        let view = game.view();
        let h = &view.public.hand;
        let mut cards = view.own.hand.to_cards();
        cards.extend(&h.kitty);
        for m in h.melds.iter().flatten() {
            for item in &m.melds {
                cards.extend(&item.cards);
            }
        }
        cards.extend(h.plays.iter().map(|p| p.card));
        for t in game.trick_pause.iter().chain(&game.last_trick) {
            cards.extend(t.cards.iter().map(|p| p.card));
        }
        cards
    }

    /// Drives a game with computer players for every seat, the human's included
    /// (through `Msg::Human`), until `hands` hands are done.
    fn play_hands(preset: PresetId, seed: u64, hands: usize) -> Game {
        let mut game = Game::start(settings(preset, seed)).expect("game starts");
        let mut human_bot = by_name("basic", seed).expect("level exists");
        let mut steps = 0;
        while game.history.len() < hands && !game.is_over() {
            steps += 1;
            assert!(steps < 5000, "{preset:?}: the game does not progress");
            if game.result.is_some() {
                game.update(Msg::CloseResult).unwrap();
                continue;
            }
            if game.trick_pause.is_some() {
                game.update(Msg::TrickCleared).unwrap();
                continue;
            }
            // The human's view never holds another seat's private cards.
            let view = game.view();
            assert_eq!(&view.own, game.state.private_of(HUMAN).unwrap());
            assert!(visible_cards(&game).len() >= view.own.hand.len());
            if game.human_to_move() {
                let action = human_bot.decide(&view).expect("a decision");
                game.update(Msg::Human(action)).unwrap();
            } else {
                let req = game.bot_request().expect("a computer player is to move");
                let mut bot = by_name(req.level.id(), req.seed).unwrap();
                let action = bot.decide(&req.view).expect("a decision");
                game.update(Msg::Bot {
                    ticket: req.ticket,
                    action,
                })
                .unwrap();
            }
        }
        game
    }

    #[test]
    fn every_preset_plays_two_hands_through_the_controller() {
        for preset in PresetId::ALL {
            let game = play_hands(preset, 7, 2);
            assert!(game.history.len() >= 2 || game.is_over(), "{preset:?}");
            assert!(!game.announcements.is_empty());
        }
    }

    #[test]
    fn the_game_round_trips_through_json() {
        let game = play_hands(PresetId::Bison, 3, 1);
        let text = serde_json::to_string(&game).unwrap();
        let back: Game = serde_json::from_str(&text).unwrap();
        assert_eq!(back, game);
    }

    #[test]
    fn the_view_holds_no_hidden_cards() {
        let game = Game::start(settings(PresetId::Partnership, 5)).unwrap();
        let view = game.view();
        let text = serde_json::to_string(&view).unwrap();
        // Only the human's 12 cards appear; no other seat's hand is in the view.
        assert_eq!(view.own.hand.len(), 12);
        for seat in 1..4 {
            let theirs = game.state.hand_of(seat).unwrap();
            assert_ne!(theirs, &view.own.hand);
        }
        assert!(!text.contains("hidden"));
        assert!(view.public.hand.kitty.is_empty());
    }

    #[test]
    fn stale_or_early_decisions_are_refused() {
        let mut game = Game::start(settings(PresetId::Brooklyn, 11)).unwrap();
        let stale = Msg::Bot {
            ticket: game.ticket() + 1,
            action: Action::Pass,
        };
        assert!(matches!(game.update(stale), Err(GameError::Busy(_))));
        if !game.human_to_move() {
            assert!(game.update(Msg::Human(Action::Pass)).is_err());
        }
    }

    #[test]
    fn table_sizes_follow_the_seats_option() {
        assert_eq!(seat_choices(PresetId::Brooklyn, false), Some(vec![3, 4]));
        assert_eq!(seat_choices(PresetId::Brooklyn, true), Some(vec![3, 4, 5]));
        assert_eq!(seat_choices(PresetId::Club, false), Some(vec![3, 4, 5]));
        assert_eq!(seat_choices(PresetId::Bison, false), None);
        assert_eq!(seat_choices(PresetId::Partnership, false), None);
        let s = Settings {
            preset: PresetId::Club,
            seats: 5,
            ..Settings::default()
        };
        assert_eq!(s.rules().unwrap().table.seats, 5);
        let game = Game::start(s).unwrap();
        assert_eq!(game.names.len(), 5);
    }
}
