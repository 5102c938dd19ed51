//! The game controller: the pure core of the table, with no DOM and no timers.
//!
//! A [`Game`] holds the whole session as the engine's serializable [`State`],
//! the human's seat, the start [`Settings`], the score-sheet history and what the
//! table is showing (a trick just completed, the hand-result panel). It changes
//! only through [`Game::update`] with a [`Msg`] — the human's decision, a
//! computer player's decision or failure, a timer firing — and returns the
//! [`Effect`]s the shell must carry out: ask the worker, wait and send a message
//! back, record an action in the saved session (crux's pattern: the core decides,
//! the shell only does). The UI renders from [`Game::view`], the human seat's
//! `PlayerView`, never from the state itself: the DOM cannot hold a card the
//! human may not see.

use std::collections::BTreeMap;

use pinochle_ai::coach::{Analysis, Claim, ClaimKind};
use pinochle_ai::grading::{self, GradedDecision, Par};
use pinochle_ai::Level;
use pinochle_engine::game::{
    Action, Event, HandSummary, IllegalAction, Outcome, Phase, PlayedCard, PlayerView, ReplayParts,
    Seat, SetupError, State,
};
use pinochle_engine::options::{specs, RulesError};
use pinochle_engine::{Card, CardCounts, PresetId, Rules};
use serde::{Deserialize, Serialize};

use crate::bot::ImportRequest;
use crate::review::{HandReplay, ReviewError};
use crate::seating::{plural, Seating};
use crate::small_map::SmallMap;
use crate::sound::Cue;
use crate::storage::stats::HandFacts;
use crate::storage::{KeptReview, Tally};

/// Names of the computer players, by seat.
const BOT_NAMES: [&str; 5] = ["North", "Ada", "Boris", "Cleo", "Dmitri"];

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

    /// Least time from a computer player's turn starting to its action showing
    /// (its thinking time counts toward it).
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

/// How the start screen describes a level (short enough for the select to
/// show it whole in its third of the wide form).
pub fn level_label(level: Level) -> &'static str {
    match level {
        Level::Basic => "Basic — plays by rules of thumb",
        Level::Standard => "Standard — searches the last tricks",
        Level::Expert | Level::Oracle => "Expert — bids and plays by search",
    }
}

/// Rules that are not one of the start screen's choices: edited, opened from
/// a link or a saved custom preset (with its name).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CustomRules {
    pub rules: Rules,
    pub name: Option<String>,
}

/// Everything chosen on the start screen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    pub preset: PresetId,
    /// Players at the table, where the game allows a choice (brooklyn, club).
    pub seats: u8,
    /// Brooklyn's pot game.
    pub pot_game: bool,
    /// When set, these are the game's rules and `preset`, `seats` and
    /// `pot_game` only describe them.
    pub custom: Option<CustomRules>,
    pub level: Level,
    pub name: String,
    /// The deal number to replay; `None` deals fresh cards.
    pub deal: Option<u64>,
    pub pace: Pace,
    pub four_color: bool,
    /// The bid advisor is open during the auction.
    pub bid_advisor: bool,
    /// A card that is the only legal one is played for the human.
    pub auto_play: bool,
    /// The table's sounds play (a device preference, not saved with the game).
    pub sound: bool,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            preset: PresetId::Brooklyn,
            seats: 3,
            pot_game: false,
            custom: None,
            level: Level::Standard,
            name: String::new(),
            deal: None,
            pace: Pace::Normal,
            four_color: false,
            bid_advisor: false,
            auto_play: false,
            sound: false,
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
    pub fn rules(&self) -> Result<Rules, RulesError> {
        if let Some(custom) = &self.custom {
            return Ok(custom.rules.clone());
        }
        let mut settings = Vec::new();
        if self.pot_game && has_pot_game(self.preset) {
            settings.push("pot_game=true".to_string());
        }
        if seat_choices(self.preset, self.pot_game).is_some() {
            settings.push(format!("seats={}", self.seats));
        }
        Rules::preset(self.preset).with_settings(&settings)
    }

    /// Settings that deal exactly `rules`: the start screen's choices when they
    /// make these rules, else the rules as custom ones.
    pub fn for_rules(rules: Rules, name: Option<String>, base: &Settings) -> Settings {
        let pot_game = specs()
            .iter()
            .any(|s| s.key == "pot_game" && s.applies(&rules) && s.get(&rules) == "true");
        let plain = Settings {
            preset: rules.preset,
            seats: rules.table.seats,
            pot_game,
            custom: None,
            ..base.clone()
        };
        match plain.rules() {
            Ok(dealt) if dealt == rules && name.is_none() => plain,
            _ => Settings {
                custom: Some(CustomRules { rules, name }),
                ..plain
            },
        }
    }
}

/// Why a game could not start.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StartError {
    #[error("these settings make no valid game: {0}")]
    Rules(#[from] RulesError),
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
    /// A claim's line, checked before anything of it was applied.
    #[error("the claim cannot be played out: {0}")]
    BadClaim(IllegalAction),
    #[error("this hand cannot be reviewed: {0}")]
    Review(ReviewError),
}

/// Why a list of actions could not be replayed (a saved session, or the
/// moves before an undo).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    #[error("{0}")]
    Start(#[from] StartError),
    #[error("action {} cannot be replayed: {reason}", index + 1)]
    Action { index: usize, reason: String },
}

/// Names one position of one game: a computer player's answer or a timer
/// carries it, and is ignored unless it still names the position on the table.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Ticket {
    /// The game's id (its saved session's id).
    pub game: String,
    /// Actions applied in the game so far.
    pub moves: u64,
    /// Undos so far: an answer about a position before an undo never matches
    /// a position after it, even at the same move count.
    pub rewinds: u32,
}

/// A trick as it lies on the table: cards in play order and who took it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShownTrick {
    pub hand: u32,
    pub cards: Vec<PlayedCard>,
    pub winner: Seat,
}

/// A claim that finished a hand: who claimed and the tricks as they went.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ShownClaim {
    pub seats: Vec<Seat>,
    pub kind: ClaimKind,
    /// The claim in words, as announced.
    pub words: String,
    pub tricks: Vec<ShownTrick>,
}

impl ShownClaim {
    /// The cards of the claimed tricks.
    pub fn cards(&self) -> usize {
        self.tricks.iter().map(|t| t.cards.len()).sum()
    }
}

/// The coach's analysis of the human's decision on the table.
#[derive(Clone, Debug, PartialEq)]
pub struct Coaching {
    /// The position analysed.
    pub ticket: Ticket,
    /// `None` while the worker is working on it.
    pub answer: Option<Result<Analysis, String>>,
    /// The hint panel is open (the analysis may be there only for the bid advisor).
    pub show_hint: bool,
}

/// A claim check asked about one position.
#[derive(Clone, Debug, PartialEq, Eq)]
struct ClaimCheck {
    ticket: Ticket,
    answered: bool,
}

/// Tricks left in a hand from which the table checks for a claim.
const CLAIM_TRICKS: usize = 8;

/// Search nodes a claim check may spend.
const CLAIM_NODES: u64 = 400_000;

/// What can happen to a game.
#[derive(Clone, Debug, PartialEq)]
pub enum Msg {
    /// The table is on screen (a new or resumed game): ask whoever is to move.
    Wake,
    /// The human's decision.
    Human(Action),
    /// A computer player's decision, for the request with this ticket.
    Bot {
        ticket: Ticket,
        action: Action,
    },
    /// The worker could not answer the request with this ticket.
    BotFailed {
        ticket: Ticket,
        reason: String,
    },
    /// The human asked to try the failed computer player again.
    RetryBot,
    /// The completed trick of this position has been shown long enough.
    TrickCleared(Ticket),
    /// The human closed the hand-result panel.
    CloseResult,
    /// Show or hide the last completed trick.
    ToggleLastTrick,
    SetPace(Pace),
    SetFourColor(bool),
    /// Turn the table's sounds on or off.
    SetSound(bool),
    /// The human pressed Hint (or the `H` key): the hint shows, or closes
    /// when it is showing.
    ToggleHint,
    CloseHint,
    /// The coach's analysis of the position with this ticket.
    Analysed {
        ticket: Ticket,
        analysis: Box<Analysis>,
    },
    CoachFailed {
        ticket: Ticket,
        reason: String,
    },
    ToggleBidAdvisor,
    SetAutoPlay(bool),
    /// Play the human's only legal card (auto-play), if the position is still this one.
    AutoPlay(Ticket),
    /// Take the human back to their previous decision.
    Undo,
    /// Play the hand whose result is open again from the position before its
    /// move `from` (0: its deal, the same cards to the same seats), which is
    /// one of the human's decisions (see [`Game::replay_point`]).
    PlayAgain {
        from: usize,
    },
    /// The claim check of the position with this ticket: the first side with
    /// a proved claim, if any.
    Claimable {
        ticket: Ticket,
        claim: Option<Box<Claim>>,
    },
    /// The human claims the rest of the hand (offered only when proved).
    Claim,
    /// Add a copy of a card to the cards the human is choosing to bury or pass.
    Select(ChosenCard),
    /// Take that copy back out of the choice.
    Unselect(ChosenCard),
    /// Bury or pass the chosen cards, one action per card, all or none.
    ConfirmSelection,
    /// Open the review of this finished hand.
    OpenReview(u32),
    /// Show the review's position before this move (the number of moves: the end).
    ReviewStep(usize),
    /// Step the review this many moves back (negative) or on, within the hand:
    /// relative, so two taps before a redraw step twice.
    ReviewStepBy(isize),
    CloseReview,
    /// The grade of the human's decision at move `step` of hand `hand`.
    Graded {
        hand: u32,
        step: usize,
        decision: Box<GradedDecision>,
    },
    GradeFailed {
        hand: u32,
        step: usize,
        reason: String,
    },
    /// What the expert took in the human's seat in the duplicate replay of
    /// hand `hand` (`None`: the worker could not replay it).
    Duplicated {
        hand: u32,
        expert: Option<i64>,
    },
    /// The open-cards par of hand `hand` (`None`: no card play, or no solve
    /// finished).
    ParFound {
        hand: u32,
        par: Option<Par>,
    },
    /// Save the records of one finished hand, or of every finished hand of
    /// the game (`None`).
    Export(Option<u32>),
    /// The worker read a file of hand records for review: its name and the
    /// hands' parts, or why it cannot be opened (the app opens it; a game
    /// has nothing to do with it).
    ImportRead(Result<(String, Vec<ReplayParts>), String>),
}

/// The review of a finished hand, open over the table.
#[derive(Clone, Debug, PartialEq)]
pub struct Review {
    pub replay: HandReplay,
    /// The position shown: before this move (`replay.len()`: the hand's end).
    pub step: usize,
    /// The human's decisions in the hand, graded as the worker answers.
    pub decisions: Vec<ReviewedDecision>,
    /// The hand's open-cards par once the worker has answered.
    pub par: Option<Option<Par>>,
}

impl Review {
    /// The review of `replay` from its start, grading what `seat` chose
    /// (not the cards a claim played for it): with the grades and par already
    /// found, if any.
    pub fn of(
        replay: HandReplay,
        seat: Seat,
        grades: Option<Vec<ReviewedDecision>>,
        par: Option<Option<Par>>,
    ) -> Review {
        let decisions = grades.unwrap_or_else(|| {
            replay
                .chosen_by(seat)
                .into_iter()
                .map(|step| ReviewedDecision { step, answer: None })
                .collect()
        });
        let mut review = Review {
            replay,
            step: 0,
            decisions,
            par,
        };
        review.follow_graded_order();
        review
    }

    /// Puts the cards of each bury or pass whose cards are all graded in the
    /// order they were graded (the expert's, see [`grading::grading_view`]),
    /// so that the move shown at a step is the card its grade names: the
    /// set is what was chosen, its order in the hand only that of the taps.
    pub fn follow_graded_order(&mut self) {
        let graded: Vec<(usize, Action)> = self
            .decisions
            .iter()
            .filter_map(|d| match &d.answer {
                Some(Ok(g)) => Some((d.step, g.chosen.clone())),
                _ => None,
            })
            .collect();
        for &(step, _) in &graded {
            let steps = grading::choice_steps(&self.replay, step);
            if steps.len() < 2 || steps.start != step {
                continue;
            }
            let mut order: Vec<Action> = steps
                .clone()
                .filter_map(|s| graded.iter().find(|(g, _)| *g == s).map(|(_, a)| a.clone()))
                .collect();
            let mut made: Vec<Action> = self.replay.moves[steps.clone()]
                .iter()
                .map(|(_, a)| a.clone())
                .collect();
            let in_order = order.clone();
            order.sort();
            made.sort();
            if order != made {
                continue;
            }
            for (i, action) in steps.zip(in_order) {
                self.replay.moves[i].1 = action;
            }
        }
    }

    /// Steps `delta` moves back (negative) or on, stopping at the hand's start
    /// and end.
    pub fn step_by(&mut self, delta: isize) {
        self.step = self
            .step
            .saturating_add_signed(delta)
            .min(self.replay.len());
    }

    /// What to ask the review's worker for what is not known yet: a grade per
    /// decision graded (a bury's or a pass's later cards once the earlier
    /// ones are graded, see [`Review::next_request`]) and the par.
    pub fn requests(&self, ask: &ReviewAsk) -> Vec<Effect> {
        let replay = &self.replay;
        let mut effects: Vec<Effect> = self
            .decisions
            .iter()
            .filter(|d| d.answer.is_none())
            .filter_map(|d| self.grade_request(d.step, ask))
            .collect();
        if self.par.is_none() {
            effects.push(Effect::AskPar(Box::new(ParRequest {
                ticket: ask.ticket.clone(),
                hand: ask.hand,
                start: replay.start.clone(),
                moves: replay.moves.clone(),
            })));
        }
        effects
    }

    /// The request grading the decision at `step`, once it can be asked: a
    /// card of a bury or a pass is graded after the choice's cards before it
    /// (the set in the expert's order), so it waits for their grades.
    fn grade_request(&self, step: usize, ask: &ReviewAsk) -> Option<Effect> {
        let steps = grading::choice_steps(&self.replay, step);
        let placed = self
            .decisions
            .iter()
            .filter(|d| steps.contains(&d.step) && d.step < step)
            .map(|d| match &d.answer {
                Some(Ok(g)) => Some(Some(g.chosen.clone())),
                Some(Err(_)) => Some(None),
                None => None,
            })
            .collect::<Option<Vec<_>>>()?;
        let (view, among) = grading::grading_view(&self.replay, step, &placed)?;
        Some(Effect::AskGrade(Box::new(GradeRequest {
            ticket: ask.ticket.clone(),
            hand: ask.hand,
            step,
            seed: ask.seed,
            opponents: ask.opponents,
            view,
            chosen: self.replay.moves.get(step)?.1.clone(),
            among,
        })))
    }

    /// The request for the next card of the bury or pass whose card at
    /// `step` was just graded, if it waits for one.
    pub fn next_request(&self, step: usize, ask: &ReviewAsk) -> Option<Effect> {
        let next = step + 1;
        grading::choice_steps(&self.replay, step)
            .contains(&next)
            .then_some(())?;
        self.decisions
            .iter()
            .any(|d| d.step == next && d.answer.is_none())
            .then(|| self.grade_request(next, ask))?
    }

    /// Every decision has its answer.
    pub fn graded(&self) -> bool {
        self.decisions.iter().all(|d| d.answer.is_some())
    }
}

/// Settles the costs of the bury or pass that the decision at `step`
/// belongs to, once every card of it is graded (see
/// [`grading::settle_choice`]); `decisions` are the seat's, in order.
pub fn settle_choice(replay: &HandReplay, decisions: &mut [ReviewedDecision], step: usize) {
    let steps = grading::choice_steps(replay, step);
    if steps.len() < 2 {
        return;
    }
    let mut graded: Vec<&mut GradedDecision> = decisions
        .iter_mut()
        .filter(|d| steps.contains(&d.step))
        .filter_map(|d| d.answer.as_mut()?.as_mut().ok())
        .collect();
    if graded.len() == steps.len() {
        grading::settle_choice(replay.start.rules(), &mut graded);
    }
}

/// Whom a review's requests are for: the game's position when asked, the
/// hand as the answers name it, and the expert grading with `seed` against
/// players of the level `opponents`.
#[derive(Clone, Debug, PartialEq)]
pub struct ReviewAsk {
    pub ticket: Ticket,
    pub hand: u32,
    pub seed: u64,
    pub opponents: Level,
}

/// One of the human's decisions in a reviewed hand and its grade, once known.
#[derive(Clone, Debug, PartialEq)]
pub struct ReviewedDecision {
    /// The move's index in the hand.
    pub step: usize,
    pub answer: Option<Result<GradedDecision, String>>,
}

/// What the coach is asked for a review: grade the human's decision at move
/// `step` of hand `hand`, from the human's view then.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GradeRequest {
    /// The game's position when asked (answers for another game are ignored).
    pub ticket: Ticket,
    pub hand: u32,
    pub step: usize,
    /// The seed the expert decides with in the human's seat.
    pub seed: u64,
    /// The level of the other players (the computer players of the game).
    pub opponents: Level,
    pub view: PlayerView,
    pub chosen: Action,
    /// For a card of a bury or a pass, the choice's cards not placed yet
    /// (graded as a set, see [`grading::grading_view`]); empty otherwise.
    #[serde(default)]
    pub among: Vec<Action>,
}

/// One card of a bury or pass not yet confirmed: the card, and which of the
/// hand's copies of it (0: the first in the hand's order) the player chose,
/// so that the copy tapped or reached by keys is the one shown chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChosenCard {
    pub card: Card,
    pub copy: u8,
}

impl ChosenCard {
    /// The copy of the card at `index` of the hand as shown (`cards`, copies
    /// side by side): how many copies come before it.
    pub fn at(cards: &[Card], index: usize) -> Option<ChosenCard> {
        let card = *cards.get(index)?;
        let copy = cards[..index].iter().filter(|&&c| c == card).count();
        Some(ChosenCard {
            card,
            copy: u8::try_from(copy).ok()?,
        })
    }
}

/// A choice of several cards made one at a time and confirmed together.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choosing {
    Bury,
    Pass,
}

/// How many cards a seat buries or passes in one go in `phase`, as the
/// rules say (`None`: the phase chooses no cards).
fn run_length(rules: &Rules, phase: Phase) -> Option<usize> {
    let passing = &rules.passing;
    let count = match phase {
        Phase::Bury => rules.contract.bury,
        Phase::PassLeft => passing.to_left.as_ref().map_or(1, |p| p.cards),
        Phase::PartnerPass => passing.partner.as_ref().map_or(0, |p| p.cards),
        _ => return None,
    };
    Some(usize::from(count))
}

impl Choosing {
    /// The verb of the prompt and the labels ("bury", "pass").
    pub fn verb(self) -> &'static str {
        match self {
            Choosing::Bury => "bury",
            Choosing::Pass => "pass",
        }
    }

    /// The engine's action for one chosen card.
    pub fn action(self, card: Card) -> Action {
        match self {
            Choosing::Bury => Action::Bury(card),
            Choosing::Pass => Action::PassCard(card),
        }
    }
}

/// What the shell must do for the game.
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    /// Ask the worker for this decision and answer with [`Msg::Bot`] or
    /// [`Msg::BotFailed`], no sooner than `min_ms` after asking.
    AskBot {
        request: Box<BotRequest>,
        min_ms: u32,
    },
    /// Send `msg` back after `ms` milliseconds.
    After { ms: u32, msg: Msg },
    /// This action was applied: append it to the saved session and save.
    Record(Action),
    /// Settings that outlive the game changed (pace, deck colours): save them.
    SettingsChanged,
    /// Ask the worker for the coach's analysis; answer with [`Msg::Analysed`]
    /// or [`Msg::CoachFailed`].
    AskCoach(Box<CoachRequest>),
    /// The human is to move and may ask for a hint: start the coach's
    /// worker unless it runs, so that the first hint does not wait while it
    /// loads (a bison bury hint took
    /// 240–400 ms in desktop Chromium from a worker not yet started,
    /// 136–234 ms from one started).
    StartCoach,
    /// Ask the worker whether a side can claim; answer with [`Msg::Claimable`]
    /// (no claim when the worker fails). No computer player moves until then.
    AskClaim(Box<ClaimRequest>),
    /// Undo, or a hand played again: the saved session keeps only its first
    /// `moves` actions and becomes a practice game; with `copy` (a hand
    /// played again from the review) as a copy saved apart, the game as it
    /// stood kept as it was.
    Rewind { moves: u64, copy: bool },
    /// Play this sound (only asked for while sounds are on).
    Sound(Cue),
    /// Ask the review's worker to grade a reviewed decision; answer with
    /// [`Msg::Graded`] or [`Msg::GradeFailed`].
    AskGrade(Box<GradeRequest>),
    /// Ask the review's worker to replay a finished hand with
    /// the expert in the human's seat; answer with [`Msg::Duplicated`].
    AskDuplicate(Box<DuplicateRequest>),
    /// A duplicate comparison to add to the rating: the human's result on a
    /// deal and the expert's in the same seat.
    Rate { player: i64, expert: i64 },
    /// Ask the review's worker for a reviewed hand's open-cards par; answer
    /// with [`Msg::ParFound`].
    AskPar(Box<ParRequest>),
    /// Offer a file to save: hand records, one JSON object per line (the
    /// format `pinochle simulate --records` writes).
    Download { file_name: String, text: String },
    /// Every decision of this reviewed hand is graded and its par known:
    /// keep the analyses with the saved session.
    KeepReview { hand: u32, review: KeptReview },
    /// A claim finished this hand: keep how the rest would have gone with the
    /// saved session, so the hand's result shows it again after a reload.
    KeepClaim { hand: u32, claim: ShownClaim },
    /// The player closed this hand's result panel: keep that with the saved
    /// session, so a reload does not open it again.
    ResultClosed { hand: u32 },
    /// Ask the review's worker to read a file of hand records for review;
    /// answer with [`Msg::ImportRead`].
    AskImport(Box<ImportRequest>),
}

/// A reviewed hand, for its open-cards par.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ParRequest {
    pub ticket: Ticket,
    pub hand: u32,
    pub start: State,
    pub moves: Vec<(Seat, Action)>,
}

/// The duplicate replay of a finished hand: the same cards and computer
/// players (levels and seeds), the expert in the human's seat.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DuplicateRequest {
    pub ticket: Ticket,
    pub hand: u32,
    /// The position the hand started from.
    pub start: State,
    pub seat: Seat,
    /// Each seat's level and seed.
    pub players: Vec<(Level, u64)>,
    pub expert_seed: u64,
}

/// What the coach is asked: analyse the human's decision in `view`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CoachRequest {
    pub ticket: Ticket,
    /// The seed the expert would decide with in this seat.
    pub seed: u64,
    /// The level of the other players (the computer players at the table).
    pub opponents: Level,
    pub view: PlayerView,
}

/// A claim check: the table's referee looks at every hand (the answer is
/// only whether a side has a proved claim and how the rest would go).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClaimRequest {
    pub ticket: Ticket,
    pub state: State,
    /// One seat of each side, in the order to check (the human's side first).
    pub seats: Vec<Seat>,
    pub nodes: u64,
}

/// What a computer player is asked: decide for `view.seat`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BotRequest {
    /// Identifies the position asked about; a late answer to an old ticket is ignored.
    pub ticket: Ticket,
    pub level: Level,
    pub seed: u64,
    pub view: PlayerView,
}

/// What happened to a game since this page started or loaded it: not part
/// of the game (a game saved and loaded again is the same game), so every
/// two are equal.
#[derive(Clone, Copy, Debug, Default)]
struct SinceLoad(bool);

impl PartialEq for SinceLoad {
    fn eq(&self, _: &SinceLoad) -> bool {
        true
    }
}

/// A whole game as the app holds it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Game {
    /// The game's id: its saved session's id, and part of every ticket.
    pub id: String,
    pub settings: Settings,
    /// The deal number: every shuffle of the session comes from it.
    pub seed: u64,
    /// The seat the person at this browser plays.
    pub human: Seat,
    state: State,
    /// Player names by seat; the human's is empty when they gave none.
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
    /// Cards chosen to bury or pass, not yet confirmed, in the order chosen
    /// (saved with the session, see [`Game::keep_picks`]).
    #[serde(skip)]
    pub selection: Vec<ChosenCard>,
    /// Actions applied so far.
    moves: u64,
    /// Every action applied, with the seat that took it (undo replays a prefix).
    log: Vec<(Seat, Action)>,
    /// For each action in `log`: whether its seat had more than one legal
    /// action (undo skips the human's forced moves).
    choices: Vec<bool>,
    /// Where each hand of `history` ends in `log` (the log's length then).
    hand_ends: Vec<usize>,
    /// Undo was used: a practice game, kept out of statistics.
    pub practice: bool,
    /// Undos so far (part of every ticket).
    rewinds: u32,
    /// The claim that finished the hand in the result panel.
    pub claimed: Option<ShownClaim>,
    /// Cards a claim played at the end of a hand, by hand: the human did not
    /// choose them, so the review does not grade them (and the hand's record
    /// says so).
    #[serde(skip)]
    claimed_cards: SmallMap<u32, usize>,
    /// The review of a finished hand, open over the table (UI state only).
    #[serde(skip)]
    pub review: Option<Review>,
    /// The grades of the hands reviewed so far, by hand.
    #[serde(skip)]
    grades: SmallMap<u32, Vec<ReviewedDecision>>,
    /// The open-cards pars found so far, by hand.
    #[serde(skip)]
    pars: SmallMap<u32, Option<Par>>,
    /// The coach's analysis of the human's decision on the table.
    #[serde(skip)]
    pub coaching: Option<Coaching>,
    /// The last position whose hint the human opened.
    #[serde(skip)]
    hinted: Option<Ticket>,
    /// The coach has been asked about some position of this game since it
    /// was started or loaded.
    #[serde(skip)]
    coached: SinceLoad,
    /// A claim the human's side may make in the position on the table.
    #[serde(skip)]
    pub claim_offer: Option<Claim>,
    #[serde(skip)]
    claim_check: Option<ClaimCheck>,
    /// The position whose only legal card was scheduled to be auto-played.
    #[serde(skip)]
    auto_played: Option<Ticket>,
    /// The position on the table, when the worker was asked about it.
    #[serde(skip)]
    asked: Option<Ticket>,
    /// Failed answers for the position on the table.
    #[serde(skip)]
    failures: u32,
    /// Why the computer player could not decide, after a retry: shown with a
    /// "try again" control.
    #[serde(skip)]
    pub bot_error: Option<String>,
}

/// Most announcements kept.
/// The seat the player takes in every game (the foot of the table).
pub const HUMAN_SEAT: Seat = 0;

const ANNOUNCEMENTS_KEPT: usize = 8;

/// Failed answers for one position that are retried before the human is asked.
const AUTOMATIC_RETRIES: u32 = 1;

impl Game {
    /// A new game with this id, dealt from `seed`; the human sits at
    /// [`HUMAN_SEAT`].
    pub fn start(id: String, settings: Settings, seed: u64) -> Result<Game, StartError> {
        let rules = settings.rules()?;
        let seats = rules.table.seats as usize;
        let state = State::new(rules, seed)?;
        let human = HUMAN_SEAT;
        let names = (0..seats)
            .map(|s| {
                if s == human {
                    settings.name.trim().chars().take(24).collect()
                } else {
                    BOT_NAMES[s % BOT_NAMES.len()].to_string()
                }
            })
            .collect();
        let mut game = Game {
            id,
            settings,
            seed,
            human,
            state,
            names,
            history: Vec::new(),
            result: None,
            trick_pause: None,
            last_trick: None,
            show_last_trick: false,
            announcements: Vec::new(),
            selection: Vec::new(),
            moves: 0,
            log: Vec::new(),
            choices: Vec::new(),
            hand_ends: Vec::new(),
            practice: false,
            rewinds: 0,
            claimed: None,
            claimed_cards: SmallMap::default(),
            review: None,
            grades: SmallMap::default(),
            pars: SmallMap::default(),
            coaching: None,
            hinted: None,
            coached: SinceLoad(false),
            claim_offer: None,
            claim_check: None,
            auto_played: None,
            asked: None,
            failures: 0,
            bot_error: None,
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
        self.state.observation(self.human)
    }

    pub fn rules(&self) -> &Rules {
        self.state.rules()
    }

    /// The game's name at the table and its longer tooltip: custom rules'
    /// own name (from a link or a saved preset), else the game's.
    pub fn title(&self) -> (String, String) {
        let game = self.rules().preset.name();
        match &self.settings.custom {
            Some(CustomRules {
                name: Some(name), ..
            }) => (name.clone(), format!("{name}: {game} with its own rules")),
            Some(_) => (game.to_string(), format!("{game} with custom rules")),
            None => (game.to_string(), game.to_string()),
        }
    }

    /// Who sits where, in words.
    pub fn seating(&self) -> Seating<'_> {
        Seating {
            names: &self.names,
            human: self.human,
        }
    }

    /// A seat's name as the table shows it ("You" for a human with no name).
    pub fn name(&self, seat: Seat) -> &str {
        self.seating().name(seat)
    }

    /// Whether the table speaks to this seat as "you".
    pub fn is_you(&self, seat: Seat) -> bool {
        self.seating().is_you(seat)
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
        self.to_move() == Some(self.human)
    }

    /// Whether a computer player is working on the position on the table.
    pub fn thinking(&self) -> bool {
        self.asked.as_ref() == Some(&self.ticket()) && self.bot_error.is_none()
    }

    /// Ticket of the position now on the table.
    /// The last trick taken in the hand on the table: none before its first
    /// (the hand before's last trick, or the end of its claim, is not this
    /// hand's).
    pub fn hands_last_trick(&self) -> Option<&ShownTrick> {
        let hand = self.state.public().hand.number;
        self.last_trick.as_ref().filter(|t| t.hand == hand)
    }

    pub fn ticket(&self) -> Ticket {
        Ticket {
            game: self.id.clone(),
            moves: self.moves,
            rewinds: self.rewinds,
        }
    }

    /// The seed of a seat's computer decisions (the coach uses the human's).
    fn seat_seed(&self, seat: Seat) -> u64 {
        self.seed
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .wrapping_add(seat as u64 + 1)
    }

    /// The computer decision to ask for now, if any.
    fn bot_request(&self) -> Option<BotRequest> {
        let seat = self.to_move().filter(|&s| s != self.human)?;
        Some(BotRequest {
            ticket: self.ticket(),
            level: self.settings.level,
            seed: self.seat_seed(seat),
            view: self.state.observation(seat),
        })
    }

    /// A game dealt from `seed` with `actions` replayed through the
    /// controller's own messages (the score sheet, an open hand-result panel
    /// and the trick on the table come back as they were).
    pub fn replay(
        id: String,
        settings: Settings,
        seed: u64,
        actions: impl IntoIterator<Item = Result<Action, String>>,
    ) -> Result<Game, ReplayError> {
        let mut game = Game::start(id, settings, seed)?;
        for (index, action) in actions.into_iter().enumerate() {
            let replay = |reason: String| ReplayError::Action { index, reason };
            let action = action.map_err(replay)?;
            // What the player had dismissed before this action.
            if game.result.is_some() {
                game.update(Msg::CloseResult)
                    .map_err(|e| replay(e.to_string()))?;
            }
            if game.trick_pause.is_some() {
                game.update(Msg::TrickCleared(game.ticket()))
                    .map_err(|e| replay(e.to_string()))?;
            }
            let msg = if game.state.current_player() == Some(game.human) {
                Msg::Human(action)
            } else {
                Msg::Bot {
                    ticket: game.ticket(),
                    action,
                }
            };
            game.update(msg).map_err(|e| replay(e.to_string()))?;
        }
        // Nothing has been asked for the rebuilt game yet.
        game.asked = None;
        game.claim_check = None;
        Ok(game)
    }

    /// The duplicate replay of a hand just finished (none in practice games
    /// or for a hand the human sat out).
    fn ask_duplicate(&self, hand: u32) -> Option<Effect> {
        if self.practice {
            return None;
        }
        let replay = self.hand_replay(hand).ok()?;
        if replay.decisions_of(self.human).is_empty() {
            return None;
        }
        let seats = self.rules().table.seats as usize;
        Some(Effect::AskDuplicate(Box::new(DuplicateRequest {
            ticket: self.ticket(),
            hand,
            start: replay.start,
            seat: self.human,
            players: (0..seats)
                .map(|s| (self.settings.level, self.seat_seed(s)))
                .collect(),
            expert_seed: self.seat_seed(self.human),
        })))
    }

    /// What the review of hand `hand` asks for: the expert grades from the
    /// human's seat with its seed, against the game's computer players.
    fn review_ask(&self, hand: u32) -> ReviewAsk {
        ReviewAsk {
            ticket: self.ticket(),
            hand,
            seed: self.seat_seed(self.human),
            opponents: self.settings.level,
        }
    }

    /// Keeps a grade for its decision, in the open review and for later.
    fn grade_answer(
        &mut self,
        hand: u32,
        step: usize,
        answer: Result<GradedDecision, String>,
    ) -> Result<Vec<Effect>, GameError> {
        let ask = self.review_ask(hand);
        let review = self
            .review
            .as_mut()
            .filter(|r| r.replay.hand == hand)
            .ok_or(GameError::Busy("that review is closed"))?;
        let decision = review
            .decisions
            .iter_mut()
            .find(|d| d.step == step)
            .ok_or(GameError::Busy("no such decision in this hand"))?;
        decision.answer = Some(answer);
        settle_choice(&review.replay, &mut review.decisions, step);
        review.follow_graded_order();
        let next = review.next_request(step, &ask);
        if review.graded() {
            self.grades.insert(hand, review.decisions.clone());
        }
        let mut effects: Vec<Effect> = next.into_iter().collect();
        effects.extend(self.keep_review(hand));
        Ok(effects)
    }

    /// The analyses of hand `hand` to keep with the saved session, once every
    /// decision is graded (none failed) and the par is known.
    fn keep_review(&self, hand: u32) -> Vec<Effect> {
        let (Some(decisions), Some(par)) = (self.grades.get(&hand), self.pars.get(&hand)) else {
            return Vec::new();
        };
        // Inserted one by one: `collect` into a map would link a sort.
        let mut grades = BTreeMap::new();
        for decision in decisions {
            let Some(Ok(graded)) = &decision.answer else {
                return Vec::new();
            };
            grades.insert(decision.step, graded.clone());
        }
        vec![Effect::KeepReview {
            hand,
            review: KeptReview {
                grades,
                par: Some(par.clone()),
            },
        }]
    }

    /// Closes the open hand-result panel when the player had already closed
    /// it (its hand is at most `closed_through`) before the game was saved.
    pub fn close_seen_result(&mut self, closed_through: u32) {
        if self
            .result
            .as_ref()
            .is_some_and(|r| r.hand <= closed_through)
        {
            // The panel is open, so closing it cannot fail; of its effects,
            // the deal's sound and the save were had when the player closed it.
            let _ = self.update(Msg::CloseResult);
        }
    }

    /// Takes back the claims kept with the saved session, each when its
    /// tricks are the last ones its replayed hand played (a damaged or stale
    /// entry is left out); the one of the hand whose result is open shows
    /// there again.
    pub fn keep_claims(&mut self, kept: &BTreeMap<u32, ShownClaim>) {
        let open = self.result.as_ref().map(|r| r.hand);
        for (&hand, claim) in kept {
            let Ok(replay) = self.hand_replay(hand) else {
                continue;
            };
            let played = &replay.record.tricks;
            let Some(tail) = played
                .len()
                .checked_sub(claim.tricks.len())
                .map(|k| &played[k..])
            else {
                continue;
            };
            let fits = claim.tricks.iter().zip(tail).all(|(shown, trick)| {
                shown.hand == hand
                    && shown.winner == trick.winner
                    && shown
                        .cards
                        .iter()
                        .map(|p| (p.seat, p.card))
                        .eq(trick.cards.iter().copied())
            });
            if fits {
                self.claimed_cards.insert(hand, claim.cards());
                if open == Some(hand) {
                    self.claimed = Some(claim.clone());
                }
            }
        }
    }

    /// Takes back the analyses kept with the saved session. A hand's grades
    /// are taken only when they are exactly the human's decisions in the
    /// replayed hand (a damaged or stale entry is left out, and asked for again
    /// when the hand is reviewed).
    pub fn keep_reviews(&mut self, kept: &BTreeMap<u32, KeptReview>) {
        for (&hand, review) in kept {
            let Ok(replay) = self.hand_replay(hand) else {
                continue;
            };
            if let Some(par) = &review.par {
                self.pars.insert(hand, par.clone());
            }
            let steps = replay.chosen_by(self.human);
            // Each grade names the move made there, or for a bury or a pass
            // (graded as a set, in the expert's order) the set's grades name
            // its cards.
            let graded = |s: usize| review.grades.get(&s).map(|g| &g.chosen);
            let fits = steps.len() == review.grades.len()
                && steps.iter().all(|&step| {
                    let choice = grading::choice_steps(&replay, step);
                    let mut named: Vec<Option<&Action>> = choice.clone().map(graded).collect();
                    let mut made: Vec<Option<&Action>> =
                        replay.moves[choice].iter().map(|(_, a)| Some(a)).collect();
                    named.sort();
                    made.sort();
                    named == made
                });
            if fits {
                let decisions = steps
                    .into_iter()
                    .map(|step| ReviewedDecision {
                        step,
                        answer: review.grades.get(&step).cloned().map(Ok),
                    })
                    .collect();
                self.grades.insert(hand, decisions);
            }
        }
    }

    /// Finished hand `hand` of this game, to review, its record saying how
    /// many cards a claim played at its end.
    pub fn hand_replay(&self, hand: u32) -> Result<HandReplay, ReviewError> {
        let mut replay = HandReplay::of(self.rules(), self.seed, &self.log, hand)?;
        replay.record.claimed_cards = self.claimed_cards.get(&hand).map(|&n| n as u32);
        Ok(replay)
    }

    /// Where undo goes back to: the number of actions before the human's
    /// latest decision (a bury or pass of several cards is one decision).
    /// A forced move (one legal action) and the cards a claim played for the
    /// human are no decisions: undo goes past them. Undo stays within the
    /// hand under way, or the hand whose result is open: a hand scored and
    /// closed is not taken back by an undo at the next hand's first call
    /// (its result withdrawn without a word); its review offers playing it
    /// again.
    pub fn undo_point(&self) -> Option<usize> {
        let ends = &self.hand_ends;
        let closed = if self.result.is_some() {
            ends.len().checked_sub(2).map_or(0, |i| ends[i])
        } else {
            ends.last().copied().unwrap_or(0)
        };
        let last = (closed..self.log.len())
            .rev()
            .find(|&i| self.human_decided(i))?;
        Some(self.decision_start(last))
    }

    /// The first action of the human's decision that the `i`th action of the
    /// log is part of (a bury or pass of several cards is one decision).
    fn decision_start(&self, mut i: usize) -> usize {
        let same_kind = |a: &Action, b: &Action| {
            matches!(
                (a, b),
                (Action::Bury(_), Action::Bury(_)) | (Action::PassCard(_), Action::PassCard(_))
            )
        };
        while i > 0 {
            let (seat, before) = &self.log[i - 1];
            if *seat != self.human || !same_kind(before, &self.log[i].1) {
                break;
            }
            i -= 1;
        }
        i
    }

    /// Where playing the hand whose result is open again from its move
    /// `from` goes back to (0: the hand's first action; else the start of
    /// the human's decision that move is part of): only for the hand just
    /// finished (the next is dealt but not begun) with a decision of the
    /// human's, and only from the deal or one of those decisions.
    pub fn replay_point(&self, from: usize) -> Option<usize> {
        let open = self.result.as_ref()?;
        let (last, &end) = (self.history.last()?, self.hand_ends.last()?);
        let start = self
            .hand_ends
            .len()
            .checked_sub(2)
            .map_or(0, |i| self.hand_ends[i]);
        let decided = (start..end).any(|i| self.human_decided(i));
        if open.hand != last.hand || self.log.len() != end || !decided {
            return None;
        }
        match from {
            0 => Some(start),
            step => {
                let at = start.checked_add(step).filter(|&at| at < end)?;
                self.human_decided(at).then(|| self.decision_start(at))
            }
        }
    }

    /// Rebuilds the game from its first `point` actions, a practice game from
    /// then on (undo, playing a hand again); the effect that has the saved
    /// session forget the rest.
    fn rewind(&mut self, point: usize, copy: bool) -> Result<Effect, GameError> {
        let actions: Vec<Result<Action, String>> = self.log[..point]
            .iter()
            .map(|(_, a)| Ok(a.clone()))
            .collect();
        let mut earlier = Game::replay(self.id.clone(), self.settings.clone(), self.seed, actions)
            .map_err(|_| GameError::Busy("the earlier position cannot be rebuilt"))?;
        earlier.practice = true;
        earlier.rewinds = self.rewinds + 1;
        // The analyses of the hands still finished stay.
        let finished = earlier.history.len() as u32;
        earlier.grades = std::mem::take(&mut self.grades);
        earlier.grades.retain_keys(|&hand| hand <= finished);
        earlier.pars = std::mem::take(&mut self.pars);
        earlier.pars.retain_keys(|&hand| hand <= finished);
        earlier.claimed_cards = std::mem::take(&mut self.claimed_cards);
        earlier.claimed_cards.retain_keys(|&hand| hand <= finished);
        // Straight back to the decision: no trick left to gather.
        earlier.trick_pause = None;
        // A result the player had closed stays closed: going back to a
        // hand's first action would open the hand before's again.
        let closed_through = self.history.len() as u32 - u32::from(self.result.is_some());
        earlier.close_seen_result(closed_through);
        // Nothing has been asked for the rebuilt position yet.
        earlier.asked = None;
        earlier.claim_check = None;
        earlier.coaching = None;
        *self = earlier;
        Ok(Effect::Rewind {
            moves: point as u64,
            copy,
        })
    }

    /// Whether the `i`th action of the log was a choice of the human's.
    fn human_decided(&self, i: usize) -> bool {
        let claim_played = self.history.iter().zip(&self.hand_ends).any(|(s, &end)| {
            self.claimed_cards
                .get(&s.hand)
                .is_some_and(|&cards| (end.saturating_sub(cards)..end).contains(&i))
        });
        self.log[i].0 == self.human && self.choices.get(i) != Some(&false) && !claim_played
    }

    /// The sides' seats to check for a claim, the human's side first.
    fn claim_sides(&self) -> Vec<Seat> {
        let h = &self.state.public().hand;
        let rules = self.state.rules();
        let mut seats: Vec<Seat> = Vec::new();
        let order = std::iter::once(self.human).chain(h.active.iter().copied());
        for seat in order.filter(|s| h.active.contains(s)) {
            if !seats
                .iter()
                .any(|&s| pinochle_engine::game::same_side(rules, s, seat))
            {
                seats.push(seat);
            }
        }
        seats
    }

    /// Whether the table checks for a claim before anyone moves: in the last
    /// tricks of a hand, or at any trick once the contract is decided (a
    /// game that pays on it alone), at the start of a trick and at the
    /// human's turns.
    fn claim_due(&self) -> bool {
        let h = &self.state.public().hand;
        if self.paused().is_some() || h.phase != Phase::Tricks {
            return false;
        }
        let Some(to_move) = self.state.current_player() else {
            return false;
        };
        let left: usize = h.active.iter().map(|&s| h.hand_sizes[s] as usize).sum();
        left > 0
            && (left <= CLAIM_TRICKS * h.active.len() || self.state.contract_decided().is_some())
            && (h.current_trick().is_empty() || to_move == self.human)
    }

    /// Handles one message: on `Ok` the effects to run, on `Err` nothing changed.
    pub fn update(&mut self, msg: Msg) -> Result<Vec<Effect>, GameError> {
        let mut effects = Vec::new();
        match msg {
            Msg::Wake => {
                // Whatever was asked before (a replay's requests, another
                // page's worker) is asked again.
                self.asked = None;
                if self.claim_check.as_ref().is_some_and(|c| !c.answered) {
                    self.claim_check = None;
                }
                // So is the coach's analysis (the bid advisor's, asked as the
                // replay reached the human's bid, or a hint): unanswered, it
                // would wait for ever, and a hint asked meanwhile with it.
                if let Some(pending) = self.coaching.take_if(|c| c.answer.is_none()) {
                    if pending.ticket == self.ticket() {
                        effects.push(self.ask_coach(pending.show_hint));
                    }
                }
                // A new game's first hand is being dealt.
                if self.log.is_empty() {
                    effects.extend(self.sound(Cue::Deal));
                }
                // A trick left on the table goes to its winner in its time.
                if self.trick_pause.is_some() {
                    effects.push(Effect::After {
                        ms: self.settings.pace.trick_pause_ms(),
                        msg: Msg::TrickCleared(self.ticket()),
                    });
                }
            }
            Msg::Human(action) => {
                if self.result.is_some() {
                    return Err(GameError::Busy("the hand result is open"));
                }
                // The human may go on at once rather than wait for the trick to clear.
                self.trick_pause = None;
                let human = self.human;
                effects.extend(self.perform(human, action)?);
            }
            Msg::Bot { ticket, action } => {
                if ticket != self.ticket() {
                    return Err(GameError::Busy("that decision is out of date"));
                }
                if let Some(reason) = self.paused() {
                    return Err(GameError::Busy(reason));
                }
                match self.state.current_player() {
                    Some(seat) if seat != self.human => effects.extend(self.perform(seat, action)?),
                    _ => return Err(GameError::Busy("no computer player is to move")),
                }
            }
            Msg::BotFailed { ticket, reason } => {
                if ticket != self.ticket() {
                    return Err(GameError::Busy("that answer is out of date"));
                }
                self.failures += 1;
                if self.failures > AUTOMATIC_RETRIES {
                    self.bot_error = Some(reason);
                    return Ok(effects);
                }
                self.asked = None;
            }
            Msg::RetryBot => {
                if self.bot_error.take().is_none() {
                    return Err(GameError::Busy("no computer player needs another try"));
                }
                self.failures = 0;
                self.asked = None;
            }
            Msg::TrickCleared(ticket) => {
                if ticket != self.ticket() || self.trick_pause.is_none() {
                    return Err(GameError::Busy("that trick is already gathered"));
                }
                self.trick_pause = None;
            }
            Msg::CloseResult => {
                let Some(closed) = self.result.take() else {
                    return Err(GameError::Busy("no hand result is open"));
                };
                effects.push(Effect::ResultClosed { hand: closed.hand });
                self.trick_pause = None;
                self.show_last_trick = false;
                self.claimed = None;
                if !self.is_over() {
                    let intro = self.hand_intro();
                    self.announce(intro);
                    effects.extend(self.sound(Cue::Deal));
                }
            }
            Msg::OpenReview(hand) => {
                let replay = self.hand_replay(hand).map_err(GameError::Review)?;
                let known = self.grades.get(&hand).cloned();
                let par = self.pars.get(&hand).cloned();
                let review = Review::of(replay, self.human, known, par);
                effects.extend(review.requests(&self.review_ask(hand)));
                self.review = Some(review);
            }
            Msg::Export(which) => {
                let hands: Vec<u32> = match which {
                    Some(hand) => vec![hand],
                    None => self.history.iter().map(|s| s.hand).collect(),
                };
                // A hand without moves (a bunched deal thrown in) has no replay.
                let records: Vec<_> = hands
                    .iter()
                    .filter_map(|hand| self.hand_replay(*hand).ok())
                    .map(|replay| replay.record)
                    .collect();
                let text = pinochle_engine::game::write_records(&records);
                if text.is_empty() {
                    return Err(GameError::Busy("no finished hand to export"));
                }
                let what = match which {
                    Some(hand) => format!("hand-{hand}"),
                    None => "game".to_string(),
                };
                effects.push(Effect::Download {
                    file_name: format!(
                        "pinochle-{}-deal-{}-{what}.jsonl",
                        self.rules().preset.id(),
                        self.seed
                    ),
                    text,
                });
            }
            Msg::ParFound { hand, par } => {
                self.pars.insert(hand, par.clone());
                if let Some(review) = self.review.as_mut().filter(|r| r.replay.hand == hand) {
                    review.par = Some(par);
                }
                effects.extend(self.keep_review(hand));
            }
            Msg::Graded {
                hand,
                step,
                decision,
            } => effects.extend(self.grade_answer(hand, step, Ok(*decision))?),
            Msg::GradeFailed { hand, step, reason } => {
                effects.extend(self.grade_answer(hand, step, Err(reason))?)
            }
            Msg::Duplicated { hand, expert } => {
                let summary = self.history.iter().find(|s| s.hand == hand);
                if let (Some(summary), Some(expert), false) = (summary, expert, self.practice) {
                    let tally = Tally::of(self.rules());
                    let player = HandFacts::of(summary, self.human, tally)
                        .change
                        .unwrap_or(0);
                    effects.push(Effect::Rate { player, expert });
                }
            }
            Msg::ReviewStep(step) => {
                let review = self
                    .review
                    .as_mut()
                    .ok_or(GameError::Busy("no review is open"))?;
                review.step = step.min(review.replay.len());
            }
            Msg::ReviewStepBy(delta) => self
                .review
                .as_mut()
                .ok_or(GameError::Busy("no review is open"))?
                .step_by(delta),
            Msg::CloseReview => self.review = None,
            Msg::ImportRead(_) => {
                return Err(GameError::Busy(
                    "files are opened for review from the start screen",
                ))
            }
            Msg::ToggleLastTrick => {
                self.show_last_trick = !self.show_last_trick && self.hands_last_trick().is_some();
            }
            Msg::SetPace(pace) => {
                self.settings.pace = pace;
                effects.push(Effect::SettingsChanged);
            }
            Msg::SetFourColor(on) => {
                self.settings.four_color = on;
                effects.push(Effect::SettingsChanged);
            }
            Msg::SetSound(on) => {
                self.settings.sound = on;
                effects.push(Effect::SettingsChanged);
            }
            Msg::ToggleHint => {
                if !self.human_to_move() {
                    return Err(GameError::Busy("it is not your turn"));
                }
                let ticket = self.ticket();
                // The button (and H) toggles: asked again, the hint closes.
                match self.coaching.as_mut().filter(|c| c.ticket == ticket) {
                    Some(coaching) => coaching.show_hint = !coaching.show_hint,
                    None => effects.push(self.ask_coach(true)),
                }
                self.hinted = Some(ticket);
            }
            Msg::CloseHint => {
                if let Some(c) = self.coaching.as_mut() {
                    c.show_hint = false;
                }
            }
            Msg::Analysed { ticket, analysis } => {
                self.coach_answer(&ticket, Ok(*analysis))?;
            }
            Msg::CoachFailed { ticket, reason } => {
                self.coach_answer(&ticket, Err(reason))?;
            }
            Msg::ToggleBidAdvisor => {
                self.settings.bid_advisor = !self.settings.bid_advisor;
                effects.push(Effect::SettingsChanged);
            }
            Msg::SetAutoPlay(on) => {
                self.settings.auto_play = on;
                effects.push(Effect::SettingsChanged);
            }
            Msg::AutoPlay(ticket) => {
                if ticket != self.ticket() || !self.human_to_move() {
                    return Err(GameError::Busy("that position has passed"));
                }
                let legal = self.view().legal_actions();
                let [only] = legal.as_slice() else {
                    return Err(GameError::Busy("there is a choice to make"));
                };
                let (human, only) = (self.human, only.clone());
                effects.extend(self.perform(human, only)?);
            }
            Msg::Undo => {
                let point = self
                    .undo_point()
                    .ok_or(GameError::Busy("you have made no decision to undo yet"))?;
                effects.push(self.rewind(point, false)?);
                self.announce("Undone: your decision again.".to_string());
            }
            Msg::PlayAgain { from } => {
                let point = self.replay_point(from).ok_or(GameError::Busy(
                    "only a hand just finished can be played again, from its deal or a decision of yours",
                ))?;
                let start = self.replay_point(0).unwrap_or(point);
                effects.push(self.rewind(point, true)?);
                let hand = self.state.public().hand.number;
                self.announce(if point == start {
                    format!("Hand {hand} again: the same cards, in a practice copy; your game stays saved.")
                } else {
                    format!(
                        "Hand {hand} again from move {}: your decision, in a practice copy; your game stays saved.",
                        point - start + 1
                    )
                });
            }
            Msg::Claimable { ticket, claim } => {
                let current = self.ticket();
                match self.claim_check.as_mut() {
                    Some(check) if check.ticket == ticket && ticket == current => {
                        check.answered = true
                    }
                    _ => return Err(GameError::Busy("that claim check is out of date")),
                }
                match claim {
                    Some(claim) if claim.seats.contains(&self.human) => {
                        self.claim_offer = Some(*claim)
                    }
                    Some(claim) => effects.extend(self.play_claim(*claim)?),
                    None => {}
                }
            }
            Msg::Claim => {
                let claim = self
                    .claim_offer
                    .clone()
                    .ok_or(GameError::Busy("no claim is proved here"))?;
                effects.extend(self.play_claim(claim)?);
            }
            Msg::Select(chosen) => {
                self.select(chosen)?;
                self.coaching = None;
            }
            Msg::Unselect(chosen) => {
                let at = self.selection.iter().position(|&c| c == chosen);
                let Some(at) = at else {
                    return Err(GameError::Busy("that card is not chosen"));
                };
                self.selection.remove(at);
                self.coaching = None;
            }
            Msg::ConfirmSelection => effects.extend(self.confirm_selection()?),
        }
        effects.extend(self.follow_up());
        Ok(effects)
    }

    /// The coach's request for the human's decision on the table.
    fn ask_coach(&mut self, show_hint: bool) -> Effect {
        let ticket = self.ticket();
        self.coached = SinceLoad(true);
        self.coaching = Some(Coaching {
            ticket: ticket.clone(),
            answer: None,
            show_hint,
        });
        Effect::AskCoach(Box::new(CoachRequest {
            ticket,
            seed: self.seat_seed(self.human),
            opponents: self.settings.level,
            view: self.coach_view(),
        }))
    }

    /// The state with the cards chosen so far buried or passed (`None` when
    /// nothing is chosen or the choice does not apply).
    fn after_selection(&self) -> Option<State> {
        let (kind, _) = self.choosing()?;
        if self.selection.is_empty() {
            return None;
        }
        let mut state = self.state.clone();
        for chosen in &self.selection {
            state.apply_for(self.human, kind.action(chosen.card)).ok()?;
        }
        Some(state)
    }

    /// The human's view as the coach is asked about it: with the cards chosen
    /// so far to bury or pass set aside, so that the hint names the next card
    /// to choose. A complete choice is not set aside (that would ask about
    /// the decision after it): the hint then ranks the whole choice's cards.
    fn coach_view(&self) -> PlayerView {
        match self.after_selection() {
            Some(state)
                if state.current_player() == Some(self.human)
                    && state.phase() == self.state.phase() =>
            {
                state.observation(self.human)
            }
            _ => self.view(),
        }
    }

    fn coach_answer(
        &mut self,
        ticket: &Ticket,
        answer: Result<Analysis, String>,
    ) -> Result<(), GameError> {
        let current = self.ticket();
        match self.coaching.as_mut() {
            Some(c) if &c.ticket == ticket && ticket == &current => {
                c.answer = Some(answer);
                Ok(())
            }
            _ => Err(GameError::Busy("that analysis is out of date")),
        }
    }

    /// Plays out a proved claim: the line is checked on a copy first, so a
    /// line that does not fit changes nothing.
    fn play_claim(&mut self, claim: Claim) -> Result<Vec<Effect>, GameError> {
        let mut trial = self.state.clone();
        for action in &claim.line {
            let seat = trial
                .current_player()
                .ok_or(GameError::Busy("the hand is already over"))?;
            trial
                .apply_for(seat, action.clone())
                .map_err(GameError::BadClaim)?;
        }
        let set = trial
            .last_record()
            .is_some_and(|r| r.outcome == Outcome::Set);
        let words = self.claim_words(&claim, set);
        self.announce(words.clone());
        let mut effects = Vec::new();
        let mut tricks = Vec::new();
        for action in claim.line {
            let Some(seat) = self.state.current_player() else {
                break;
            };
            let before = self.last_trick.clone();
            effects.extend(self.perform(seat, action)?);
            self.trick_pause = None;
            if self.last_trick != before {
                tricks.extend(self.last_trick.clone());
            }
        }
        effects.retain(|e| {
            !matches!(
                e,
                Effect::After {
                    msg: Msg::TrickCleared(_),
                    ..
                }
            )
        });
        let shown = ShownClaim {
            seats: claim.seats,
            kind: claim.kind,
            words,
            tricks,
        };
        if let Some(result) = &self.result {
            self.claimed_cards.insert(result.hand, shown.cards());
            effects.push(Effect::KeepClaim {
                hand: result.hand,
                claim: shown.clone(),
            });
        }
        self.claimed = Some(shown);
        Ok(effects)
    }

    /// "Ada claims every remaining point." and the like; `set`: the hand
    /// ends with the contract set (a declaring side that takes the rest and
    /// still falls short says so).
    pub fn claim_words(&self, claim: &Claim, set: bool) -> String {
        let h = &self.state.public().hand;
        let declarers = h.declarer.is_some_and(|d| claim.seats.contains(&d));
        let you = claim.seats.contains(&self.human);
        let others: Vec<&str> = claim
            .seats
            .iter()
            .filter(|&&s| s != self.human)
            .map(|&s| self.name(s))
            .collect();
        let who = match (you, others.as_slice()) {
            (true, []) => "You claim".to_string(),
            (true, [partner]) => format!("You and {partner} claim"),
            (false, [one]) => format!("{one} claims"),
            (_, names) => format!("{} claim", names.join(" and ")),
        };
        match (claim.kind, declarers) {
            (ClaimKind::AllTheRest, true) if set => {
                format!("{who} every remaining point, still short of the bid.")
            }
            (ClaimKind::AllTheRest, _) => format!("{who} every remaining point."),
            (ClaimKind::Contract, true) => {
                format!("{who}: the contract is made whatever is played.")
            }
            (ClaimKind::Contract, false) => {
                format!("{who}: the contract is set whatever is played.")
            }
        }
    }

    /// What follows any message: a claim check where one is due (no computer
    /// player moves before its answer), then the computer player's request,
    /// the human's automatic play and the bid advisor's analysis.
    fn follow_up(&mut self) -> Vec<Effect> {
        let mut effects = Vec::new();
        let ticket = self.ticket();
        if self.claim_due() {
            match &self.claim_check {
                Some(check) if check.ticket == ticket && check.answered => {}
                Some(check) if check.ticket == ticket => return effects,
                _ => {
                    self.claim_offer = None;
                    self.claim_check = Some(ClaimCheck {
                        ticket: ticket.clone(),
                        answered: false,
                    });
                    effects.push(Effect::AskClaim(Box::new(ClaimRequest {
                        ticket,
                        state: self.state.clone(),
                        seats: self.claim_sides(),
                        nodes: CLAIM_NODES,
                    })));
                    return effects;
                }
            }
        } else {
            self.claim_check = None;
        }
        effects.extend(self.ask_bot());
        let mut auto_play = None;
        if self.human_to_move() {
            let view = self.view();
            let lone = view.legal_actions().len() == 1;
            let auto = self.settings.auto_play && view.phase() == Phase::Tricks && lone;
            if auto {
                if self.auto_played.as_ref() != Some(&ticket) {
                    effects.push(Effect::After {
                        ms: self.settings.pace.bot_delay_ms(),
                        msg: Msg::AutoPlay(ticket.clone()),
                    });
                }
                auto_play = Some(ticket.clone());
            }
            let analysed = self.coaching.as_ref().is_some_and(|c| c.ticket == ticket);
            if !analysed {
                // Asked here before the choice so far changed (a card picked
                // for the bury), or at the decision before; and the first
                // decision after a start or a reload, whose answer also
                // readies the worker's code (its first analysis takes twice
                // as long). A lone card played for the human is not asked.
                let streak = !auto
                    && (self.hinted.as_ref() == Some(&ticket)
                        || !self.coached.0
                        || self.hint_streak());
                let advised = self.settings.bid_advisor && view.phase() == Phase::Auction;
                effects.push(if advised || streak {
                    self.ask_coach(false)
                } else {
                    Effect::StartCoach
                });
            }
        }
        self.auto_played = auto_play;
        effects
    }

    /// Whether the coach analyses the human's decision on the table unasked,
    /// so that its hint opens at once: the human opened the hint at their
    /// decision before this one (the forced cards between are no decisions).
    fn hint_streak(&self) -> bool {
        let Some(hinted) = self
            .hinted
            .as_ref()
            .filter(|t| t.game == self.id && t.rewinds == self.rewinds && t.moves < self.moves)
        else {
            return false;
        };
        let Some(since) = self.log.get(hinted.moves as usize..) else {
            return false;
        };
        let from = hinted.moves as usize;
        // The hinted decision's own actions: a bury's or a pass's cards.
        let kind = since
            .first()
            .map(|(_, action)| std::mem::discriminant(action));
        let own = since
            .iter()
            .take_while(|(seat, action)| {
                *seat == self.human && Some(std::mem::discriminant(action)) == kind
            })
            .count();
        !(from + own..self.log.len()).any(|i| self.human_decided(i))
    }

    /// Asks the worker when a computer player is to move and was not asked yet.
    fn ask_bot(&mut self) -> Option<Effect> {
        let request = self.bot_request().filter(|_| self.bot_error.is_none());
        let Some(request) = request else {
            // Only the position on the table can have been asked about.
            self.asked = None;
            return None;
        };
        if self.asked.as_ref() == Some(&request.ticket) {
            return None;
        }
        self.asked = Some(request.ticket.clone());
        let min_ms = if self.continues_a_choice() {
            0
        } else {
            self.settings.pace.bot_delay_ms()
        };
        Some(Effect::AskBot {
            request: Box::new(request),
            min_ms,
        })
    }

    /// Whether the player to move is choosing the next card of a bury or a
    /// pass it has begun: the pace waits once per choice, not per card (a
    /// partnership's two four-card passes took 5.6 s at the normal pace,
    /// face down, with nothing to watch).
    fn continues_a_choice(&self) -> bool {
        let phase = self.state.phase();
        let (Some(seat), Some(&(last, ref action))) = (self.to_move(), self.log.last()) else {
            return false;
        };
        matches!(phase, Phase::Bury | Phase::PartnerPass | Phase::PassLeft)
            && last == seat
            && matches!(action, Action::Bury(_) | Action::PassCard(_))
    }

    /// What the human is choosing cards for now, and how many are still to
    /// choose (before the selection), if that is the decision on the table.
    pub fn choosing(&self) -> Option<(Choosing, usize)> {
        if !self.human_to_move() {
            return None;
        }
        let view = self.view();
        let h = &view.public.hand;
        let (kind, chosen) = match view.phase() {
            Phase::Bury => (Choosing::Bury, usize::from(h.buried)),
            Phase::PassLeft | Phase::PartnerPass => (Choosing::Pass, view.own.passing.len()),
            _ => return None,
        };
        let whole = run_length(&view.rules, view.phase())?;
        Some((kind, whole.saturating_sub(chosen)))
    }

    /// Why this copy of a card cannot be added to the selection now, if it
    /// cannot.
    pub fn select_refusal(&self, chosen: ChosenCard) -> Option<String> {
        let Some((kind, needed)) = self.choosing() else {
            return Some("there is nothing to choose now".to_string());
        };
        let card = chosen.card;
        let held = self.view().own.hand.count(card);
        if u32::from(chosen.copy) >= u32::from(held) || self.selection.contains(&chosen) {
            return Some("that card is already chosen".to_string());
        }
        if self.selection.len() >= needed {
            return Some(format!(
                "You have chosen {}: tap a chosen card to put it back first.",
                plural(needed, "card", "cards")
            ));
        }
        // Legal after the cards already chosen (some rules limit the set);
        // the rules say why not (the club's nines).
        let mut state = self.after_selection().unwrap_or_else(|| self.state.clone());
        match state.apply_for(self.human, kind.action(card)) {
            Ok(_) => None,
            Err(IllegalAction::RuleViolation { reason }) => {
                Some(format!("You may not {} this card: {reason}.", kind.verb()))
            }
            Err(_) => Some(format!("You may not {} this card.", kind.verb())),
        }
    }

    fn select(&mut self, chosen: ChosenCard) -> Result<(), GameError> {
        if self.select_refusal(chosen).is_some() {
            return Err(GameError::Busy("that card cannot be chosen now"));
        }
        self.selection.push(chosen);
        Ok(())
    }

    /// The chosen cards, in the order chosen.
    pub fn selected_cards(&self) -> Vec<Card> {
        self.selection.iter().map(|c| c.card).collect()
    }

    /// Takes back the cards a saved session had chosen to bury or pass and
    /// not yet confirmed: all of them, or none where they do not fit the
    /// decision on the table (a damaged or stale entry).
    pub fn keep_picks(&mut self, picks: &[ChosenCard]) {
        let mut next = self.clone();
        next.selection.clear();
        if picks.iter().all(|&chosen| next.select(chosen).is_ok()) {
            self.selection = next.selection;
        }
    }

    /// The human's hand without the chosen cards (what its meld would be).
    pub fn hand_without_selection(&self) -> CardCounts {
        let mut hand = self.view().own.hand;
        for chosen in &self.selection {
            hand.remove(chosen.card);
        }
        hand
    }

    /// Applies the chosen cards in turn; if any is refused nothing changes.
    fn confirm_selection(&mut self) -> Result<Vec<Effect>, GameError> {
        let Some((kind, needed)) = self.choosing() else {
            return Err(GameError::Busy("there is nothing to choose now"));
        };
        if self.selection.len() != needed {
            return Err(GameError::Busy("choose the cards first"));
        }
        let mut next = self.clone();
        let mut effects = Vec::new();
        let human = self.human;
        for chosen in std::mem::take(&mut next.selection) {
            effects.extend(next.perform(human, kind.action(chosen.card))?);
        }
        *self = next;
        Ok(effects)
    }

    fn perform(&mut self, seat: Seat, action: Action) -> Result<Vec<Effect>, GameError> {
        let phase = self.state.phase();
        let declarer_before = self.state.public().hand.declarer;
        let notices_before = self.state.public().hand.passes.len();
        let choice = seat != self.human || self.view().legal_actions().len() > 1;
        let events = self.state.apply_for(seat, action.clone())?;
        self.selection.clear();
        self.moves += 1;
        self.log.push((seat, action.clone()));
        self.choices.push(choice);
        self.failures = 0;
        self.coaching = None;
        self.claim_offer = None;
        let mut effects = vec![Effect::Record(action.clone())];
        if let Action::PlayCard(_) = action {
            effects.extend(self.sound(Cue::Card));
        }
        let text = match self.card_run(seat) {
            Some((bury, cards)) => {
                let total = run_length(self.state.rules(), phase)
                    .unwrap_or(0)
                    .max(cards.len());
                let seating = self.seating();
                let before = (cards.len() > 1)
                    .then(|| seating.describe_cards(seat, bury, &cards[..cards.len() - 1], total));
                let whole = seating.describe_cards(seat, bury, &cards, total);
                // The run's announcement so far gives way to the whole run.
                if before.is_some() && self.announcements.last() == before.as_ref() {
                    self.announcements.pop();
                }
                whole
            }
            _ => self.describe(seat, &action, phase),
        };
        self.announce(text);
        for (from, cards) in self.passed_to_you(notices_before) {
            // "Boris passes 4 cards." gives way to the cards by name.
            let count = self
                .seating()
                .describe_cards(from, false, &cards, cards.len());
            if self.announcements.last() == Some(&count) {
                self.announcements.pop();
            }
            self.announce(self.seating().describe_received(from, &cards));
        }
        self.announce_declarer_without_bidding(declarer_before);
        for event in events {
            match event {
                Event::TrickTaken {
                    hand,
                    cards,
                    winner,
                    ..
                } => {
                    let text = if self.is_you(winner) {
                        "You take the trick.".to_string()
                    } else {
                        format!("{} takes the trick.", self.name(winner))
                    };
                    self.announce(text);
                    effects.extend(self.sound(Cue::Trick));
                    let trick = ShownTrick {
                        hand,
                        cards,
                        winner,
                    };
                    self.last_trick = Some(trick.clone());
                    self.trick_pause = Some(trick);
                    self.show_last_trick = false;
                }
                Event::HandEnded(summary) => {
                    if summary.outcome == Outcome::Set {
                        effects.extend(self.sound(Cue::Set));
                    }
                    effects.extend(self.ask_duplicate(summary.hand));
                    self.history.push(summary.clone());
                    self.hand_ends.push(self.log.len());
                    self.result = Some(summary);
                    self.trick_pause = None;
                    self.announce("The hand is over: see the result.".to_string());
                }
                Event::SessionOver(_) => self.announce("The game is over.".to_string()),
            }
        }
        // A trick that ended the hand goes with the result panel instead.
        if self.trick_pause.is_some() {
            effects.push(Effect::After {
                ms: self.settings.pace.trick_pause_ms(),
                msg: Msg::TrickCleared(self.ticket()),
            });
        }
        Ok(effects)
    }

    /// What made a declarer of a seat that never bid, when the last action
    /// did: Brooklyn's escape, which puts the dealer in at the escape bid in
    /// place of the opener ("Ada makes you take it at 250.", in place of "Ada
    /// makes the dealer take it."), or the dealer stuck with the bid when all
    /// the others passed ("You are stuck with the bid at 300."). Short enough
    /// for a phone's status line, which shows only the last announcement.
    fn announce_declarer_without_bidding(&mut self, declarer_before: Option<Seat>) {
        let h = &self.state.public().hand;
        let Some(declarer) = h.declarer.filter(|&d| Some(d) != declarer_before) else {
            return;
        };
        let bid_by_declarer = h
            .auction
            .iter()
            .any(|c| c.seat == declarer && c.bid.is_some());
        if bid_by_declarer && !h.escaped && !h.stuck {
            return;
        }
        let at = h.bid.map_or(String::new(), |b| format!(" at {b}"));
        let dealer = self.seating().name_in_sentence(declarer).to_string();
        let escape = self.log.last().filter(|(_, a)| *a == Action::Escape);
        let text = match escape {
            Some(&(opener, _)) => {
                let escaped = self.describe(opener, &Action::Escape, Phase::Escape);
                if self.announcements.last() == Some(&escaped) {
                    self.announcements.pop();
                }
                let makes = if self.is_you(opener) { "make" } else { "makes" };
                format!("{} {makes} {dealer} take it{at}.", self.name(opener))
            }
            None if self.is_you(declarer) => format!("You are stuck with the bid{at}."),
            None => format!("{dealer} is stuck with the bid{at}."),
        };
        self.announce(text);
    }

    /// The effect that plays `cue`, while sounds are on.
    fn sound(&self, cue: Cue) -> Option<Effect> {
        self.settings.sound.then_some(Effect::Sound(cue))
    }

    /// The cards `seat` passed (`false`) or buried (`true`) in a row up to
    /// the last action logged, when that action passed or buried one.
    fn card_run(&self, seat: Seat) -> Option<(bool, Vec<Card>)> {
        let card_of = |action: &Action| match action {
            Action::Bury(c) => Some((true, *c)),
            Action::PassCard(c) => Some((false, *c)),
            _ => None,
        };
        let (bury, _) = self
            .log
            .last()
            .filter(|(s, _)| *s == seat)
            .and_then(|(_, a)| card_of(a))?;
        let mut cards: Vec<Card> = self
            .log
            .iter()
            .rev()
            .map_while(|(s, a)| {
                card_of(a)
                    .filter(|&(b, _)| *s == seat && b == bury)
                    .map(|(_, c)| c)
            })
            .collect();
        cards.reverse();
        Some((bury, cards))
    }

    /// The cards handed to the human since the hand had `notices_before`
    /// pass notices, with who passed them.
    fn passed_to_you(&self, notices_before: usize) -> Vec<(Seat, Vec<Card>)> {
        self.view()
            .passes_received()
            .into_iter()
            .filter(|&(i, _, _)| i >= notices_before)
            .map(|(_, from, cards)| (from, cards.to_vec()))
            .collect()
    }

    fn announce(&mut self, text: String) {
        self.announcements.push(text);
        if self.announcements.len() > ANNOUNCEMENTS_KEPT {
            self.announcements.remove(0);
        }
    }

    fn hand_intro(&self) -> String {
        let h = &self.state.public().hand;
        let dealer = if self.is_you(h.dealer) {
            "you deal".to_string()
        } else {
            format!("{} deals", self.name(h.dealer))
        };
        format!(
            "Hand {}: {dealer}.{}",
            h.number,
            if h.active.contains(&self.human) {
                ""
            } else {
                " You sit out this hand."
            }
        )
    }

    /// An action taken in `phase`, in words, as the table announces it.
    pub fn describe(&self, seat: Seat, action: &Action, phase: Phase) -> String {
        self.seating().describe(seat, action, phase)
    }
}

#[cfg(test)]
pub mod testing {
    //! The test shell: runs a game's effects synchronously with `basic`
    //! computer players (the human's seat too), the one loop every web test
    //! drives games with. Claim checks are answered "no claim" (the solver's
    //! claims have their own tests) and the coach is not asked.

    use super::*;
    use pinochle_ai::{Bot, Player};

    /// Every copy of every card of the human's hand, as the table offers them.
    pub fn hand_copies(g: &Game) -> Vec<ChosenCard> {
        let cards = g.view().own.hand.to_cards();
        (0..cards.len())
            .filter_map(|i| ChosenCard::at(&cards, i))
            .collect()
    }

    /// A game's settings for tests: `preset` at its usual table size, basic
    /// computer players, instant pace.
    pub fn basic_settings(preset: PresetId) -> Settings {
        Settings {
            preset,
            seats: Rules::preset(preset).table.seats,
            level: Level::Basic,
            pace: Pace::Instant,
            ..Settings::default()
        }
    }

    /// The grades `effects` ask the worker for.
    pub fn grade_asks(effects: &[Effect]) -> Vec<GradeRequest> {
        effects
            .iter()
            .filter_map(|e| match e {
                Effect::AskGrade(r) => Some((**r).clone()),
                _ => None,
            })
            .collect()
    }

    /// The worker's grade for `ask`, as the message the shell passes on.
    pub fn worker_grade(ask: GradeRequest) -> Msg {
        use crate::bot::{answer, BotReply, WorkerRequest};
        match answer(&WorkerRequest::Grade(ask)) {
            BotReply::Graded {
                hand,
                step,
                decision,
                ..
            } => Msg::Graded {
                hand,
                step,
                decision,
            },
            other => panic!("no grade: {other:?}"),
        }
    }

    /// What happened while driving.
    #[derive(Debug, Default)]
    pub struct Driven {
        /// Every action applied, in order (what the saved session records).
        pub actions: Vec<Action>,
        /// Every sound asked for, in order.
        pub sounds: Vec<Cue>,
        /// Each computer decision asked for: its phase and the least wait
        /// before its answer shows.
        pub bot_waits: Vec<(Phase, u32)>,
        /// Each start of the coach's worker asked for: the phase, and whether
        /// the human was then to move.
        pub coach_starts: Vec<(Phase, bool)>,
        /// The coach's requests: the position's ticket, and whether the
        /// hint panel opens with the answer.
        pub coach_asks: Vec<(Ticket, bool)>,
    }

    /// Runs `game` with `basic` players until `stop` holds (checked before each
    /// step) or the game is over; `check` sees the game before every step.
    pub fn drive(
        game: &mut Game,
        stop: impl Fn(&Game) -> bool,
        mut check: impl FnMut(&Game),
    ) -> Driven {
        let mut driven = Driven::default();
        let mut queue: std::collections::VecDeque<Msg> = [Msg::Wake].into();
        for _ in 0..20_000 {
            if stop(game) || game.is_over() {
                return driven;
            }
            check(game);
            let msg = match queue.pop_front() {
                Some(msg) => msg,
                None if game.result.is_some() => Msg::CloseResult,
                None if game.human_to_move() => {
                    let action = Bot::new(Level::Basic, game.seed)
                        .decide(&game.view())
                        .expect("the human's stand-in decides");
                    Msg::Human(action)
                }
                None => panic!("the game waits for nothing: {:?}", game.state().phase()),
            };
            let effects = game.update(msg).expect("the message is accepted");
            for effect in effects {
                match effect {
                    Effect::AskBot { request, min_ms } => {
                        driven.bot_waits.push((request.view.phase(), min_ms));
                        let action = Bot::new(request.level, request.seed)
                            .decide(&request.view)
                            .expect("a computer player decides");
                        queue.push_back(Msg::Bot {
                            ticket: request.ticket,
                            action,
                        });
                    }
                    Effect::After { msg, .. } => queue.push_back(msg),
                    Effect::Record(action) => driven.actions.push(action),
                    Effect::AskClaim(request) => queue.push_back(Msg::Claimable {
                        ticket: request.ticket,
                        claim: None,
                    }),
                    Effect::Sound(cue) => driven.sounds.push(cue),
                    Effect::AskGrade(_)
                    | Effect::AskPar(_)
                    | Effect::KeepReview { .. }
                    | Effect::KeepClaim { .. }
                    | Effect::ResultClosed { .. }
                    | Effect::AskImport(_)
                    | Effect::Download { .. }
                    | Effect::AskDuplicate(_)
                    | Effect::Rate { .. } => {}
                    Effect::StartCoach => driven
                        .coach_starts
                        .push((game.state().phase(), game.human_to_move())),
                    Effect::AskCoach(request) => driven.coach_asks.push((
                        request.ticket,
                        game.coaching.as_ref().is_some_and(|c| c.show_hint),
                    )),
                    Effect::SettingsChanged | Effect::Rewind { .. } => {}
                }
            }
        }
        panic!("the game does not progress");
    }
}

#[cfg(test)]
mod tests {
    use super::testing::{drive, hand_copies};
    use super::*;
    use crate::hand::{arrivals, sorted_hand};
    use pinochle_engine::Card;

    fn settings(preset: PresetId) -> Settings {
        super::testing::basic_settings(preset)
    }

    fn game(preset: PresetId, seed: u64) -> Game {
        Game::start("g1".into(), settings(preset), seed).expect("game starts")
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

    #[test]
    fn every_preset_plays_two_hands_through_the_controller() {
        for preset in PresetId::ALL {
            let mut g = game(preset, 7);
            drive(
                &mut g,
                |g| g.history.len() >= 2,
                |g| {
                    // The human's view never holds another seat's private cards.
                    let view = g.view();
                    assert_eq!(&view.own, g.state.private_of(g.human).unwrap());
                    assert!(visible_cards(g).len() >= view.own.hand.len());
                },
            );
            assert!(g.history.len() >= 2 || g.is_over(), "{preset:?}");
            assert!(!g.announcements.is_empty());
        }
    }

    #[test]
    fn sounds_follow_the_play_only_while_on() {
        let mut quiet = game(PresetId::Bison, 5);
        let driven = drive(&mut quiet, |g| g.history.len() >= 2, |_| {});
        assert!(driven.sounds.is_empty(), "sounds are off by default");

        let mut g = Game::start(
            "g1".into(),
            Settings {
                sound: true,
                ..settings(PresetId::Bison)
            },
            5,
        )
        .unwrap();
        let driven = drive(&mut g, |g| g.history.len() >= 2, |_| {});
        let count = |cue: Cue| driven.sounds.iter().filter(|&&c| c == cue).count();
        let cards = driven
            .actions
            .iter()
            .filter(|a| matches!(a, Action::PlayCard(_)))
            .count();
        let tricks: usize = g
            .history
            .iter()
            .filter(|h| h.card_points.iter().any(Option::is_some))
            .count()
            * 15;
        assert_eq!(count(Cue::Card), cards);
        assert_eq!(count(Cue::Trick), tricks, "bison plays 15 tricks a hand");
        assert_eq!(driven.sounds.first(), Some(&Cue::Deal), "the first deal");
        assert_eq!(
            count(Cue::Deal),
            2,
            "the first deal and the one after hand 1"
        );
        let sets = g
            .history
            .iter()
            .filter(|h| h.outcome == Outcome::Set)
            .count();
        assert_eq!(count(Cue::Set), sets);

        g.update(Msg::SetSound(false)).unwrap();
        assert!(!g.settings.sound);
    }

    /// What a newcomer sees from the first deal to the game-over screen, in
    /// each game that ends by itself (the points games).
    #[test]
    fn points_games_play_to_the_game_over_screen() {
        for preset in [PresetId::Bison, PresetId::Partnership, PresetId::DoubleDeck] {
            let mut g = game(preset, 11);
            drive(&mut g, |_| false, |_| {});
            assert!(g.is_over(), "{preset:?}");
            assert!(g.state().session_result().is_some());
            assert!(!g.history.is_empty(), "{preset:?}");
            assert!(!g.thinking() && g.to_move().is_none());
        }
    }

    #[test]
    fn the_game_round_trips_through_json() {
        let mut g = game(PresetId::Bison, 3);
        drive(&mut g, |g| g.history.len() == 1, |_| {});
        let text = serde_json::to_string(&g).unwrap();
        let back: Game = serde_json::from_str(&text).unwrap();
        assert_eq!(back, g);
    }

    #[test]
    fn the_view_holds_no_hidden_cards() {
        let g = game(PresetId::Partnership, 5);
        let view = g.view();
        let text = serde_json::to_string(&view).unwrap();
        // Only the human's 12 cards appear; no other seat's hand is in the view.
        assert_eq!(view.own.hand.len(), 12);
        for seat in 1..4 {
            let theirs = g.state.hand_of(seat).unwrap();
            assert_ne!(theirs, &view.own.hand);
        }
        assert!(!text.contains("hidden"));
        assert!(view.public.hand.kitty.is_empty());
    }

    /// A game in which a computer player is to move, and the request for it.
    fn waiting_for_a_bot() -> (Game, BotRequest) {
        for seed in 0..50 {
            let mut g = game(PresetId::Brooklyn, seed);
            let effects = g.update(Msg::Wake).unwrap();
            if let Some(Effect::AskBot { request, .. }) = effects.into_iter().next() {
                return (g, *request);
            }
        }
        panic!("no deal starts with a computer player to move");
    }

    #[test]
    fn a_computer_player_is_asked_once_per_position() {
        let (mut g, request) = waiting_for_a_bot();
        assert_eq!(request.ticket, g.ticket());
        assert!(g.thinking());
        assert_eq!(g.update(Msg::ToggleLastTrick).unwrap(), vec![]);
        let action = Bot::new(Level::Basic, request.seed)
            .decide(&request.view)
            .unwrap();
        let effects = g
            .update(Msg::Bot {
                ticket: request.ticket,
                action: action.clone(),
            })
            .unwrap();
        assert_eq!(effects[0], Effect::Record(action));
    }

    #[test]
    fn the_last_trick_is_the_hand_on_the_tables() {
        let mut g = game(PresetId::Brooklyn, 3);
        drive(&mut g, |g| g.hands_last_trick().is_some(), |_| {});
        g.update(Msg::ToggleLastTrick).unwrap();
        assert!(g.show_last_trick);
        g.update(Msg::ToggleLastTrick).unwrap();
        // The next hand dealt: the last hand's last trick is not shown.
        drive(
            &mut g,
            |g| !g.history.is_empty() && g.result.is_none(),
            |_| {},
        );
        assert!(g.last_trick.is_some());
        assert_eq!(g.hands_last_trick(), None);
        g.update(Msg::ToggleLastTrick).unwrap();
        assert!(!g.show_last_trick);
    }

    use pinochle_ai::{Bot, Player};

    #[test]
    fn an_answer_with_another_games_ticket_is_ignored() {
        let (mut g, request) = waiting_for_a_bot();
        let action = Bot::new(Level::Basic, request.seed)
            .decide(&request.view)
            .unwrap();
        let before = g.clone();
        // Same move number, another game: the game just left.
        let foreign = Ticket {
            game: "another game".into(),
            moves: request.ticket.moves,
            rewinds: 0,
        };
        let refused = g.update(Msg::Bot {
            ticket: foreign.clone(),
            action: action.clone(),
        });
        assert!(matches!(refused, Err(GameError::Busy(_))));
        let refused = g.update(Msg::BotFailed {
            ticket: foreign,
            reason: "late".into(),
        });
        assert!(matches!(refused, Err(GameError::Busy(_))));
        assert_eq!(g, before, "nothing changed");
        // An old ticket of this game is refused too.
        let mut stale = request.ticket.clone();
        stale.moves += 1;
        assert!(g
            .update(Msg::Bot {
                ticket: stale,
                action
            })
            .is_err());
    }

    #[test]
    fn a_worker_error_is_retried_once_then_shown_with_try_again() {
        let (mut g, request) = waiting_for_a_bot();
        let failed = |g: &mut Game| {
            g.update(Msg::BotFailed {
                ticket: g.ticket(),
                reason: "the worker crashed".into(),
            })
            .unwrap()
        };
        // The first failure asks again at once.
        let effects = failed(&mut g);
        assert!(
            matches!(&effects[..], [Effect::AskBot { request: r, .. }] if r.ticket == request.ticket)
        );
        assert!(g.bot_error.is_none());
        // The second is shown, and nothing is asked until the human says so.
        assert_eq!(failed(&mut g), vec![]);
        assert_eq!(g.bot_error.as_deref(), Some("the worker crashed"));
        assert!(!g.thinking());
        let effects = g.update(Msg::RetryBot).unwrap();
        assert!(matches!(&effects[..], [Effect::AskBot { .. }]));
        assert!(g.bot_error.is_none() && g.thinking());
        // The game is never stuck: the answer now lands.
        let action = Bot::new(Level::Basic, request.seed)
            .decide(&request.view)
            .unwrap();
        assert!(g
            .update(Msg::Bot {
                ticket: request.ticket,
                action
            })
            .is_ok());
    }

    #[test]
    fn a_completed_trick_pauses_then_clears_with_its_own_ticket() {
        let mut g = game(PresetId::Bison, 11);
        drive(&mut g, |g| g.trick_pause.is_some(), |_| {});
        let ticket = g.ticket();
        let mut stale = ticket.clone();
        stale.moves -= 1;
        assert!(g.update(Msg::TrickCleared(stale)).is_err());
        assert!(g.trick_pause.is_some());
        g.update(Msg::TrickCleared(ticket)).unwrap();
        assert!(g.trick_pause.is_none());
    }

    #[test]
    fn an_opener_who_makes_the_dealer_take_it_hands_the_dealer_the_contract_at_250() {
        // Brooklyn: the opener's 300 is passed out and it escapes; the table
        // says in one line who made whom declarer, and at what. It said only
        // "Ada makes the dealer take it.", and the player who had passed found
        // themselves declarer; then a second line, "You become declarer at
        // 250 without bidding.", that a phone cut short and that hid the first.
        let escaped = (1..400).find_map(|seed| {
            let mut g = game(PresetId::Brooklyn, seed);
            drive(
                &mut g,
                |g| g.log.iter().any(|(_, a)| *a == Action::Escape) || !g.history.is_empty(),
                |_| {},
            );
            g.log.iter().any(|(_, a)| *a == Action::Escape).then_some(g)
        });
        let g = escaped.expect("some opener escapes");
        let dealer = g.state().public().hand.dealer;
        let (opener, _) = *g.log.last().expect("the escape");
        let expected = match (g.is_you(opener), g.is_you(dealer)) {
            (true, _) => format!("You make {} take it at 250.", g.name(dealer)),
            (false, true) => format!("{} makes you take it at 250.", g.name(opener)),
            (false, false) => format!(
                "{} makes {} take it at 250.",
                g.name(opener),
                g.name(dealer)
            ),
        };
        let n = g.announcements.len();
        assert_eq!(g.announcements[n - 1], expected);
        assert!(
            !g.announcements[n - 2].ends_with("the dealer take it."),
            "{:?}",
            g.announcements
        );
    }

    #[test]
    fn a_dealer_stuck_with_the_bid_is_told_so() {
        // The club: the two others pass, and the dealer has the contract at
        // 300 without a bid of its own.
        let stuck = (1..400).find_map(|seed| {
            let mut g = game(PresetId::Club, seed);
            drive(
                &mut g,
                |g| g.state().public().hand.declarer.is_some() || !g.history.is_empty(),
                |_| {},
            );
            g.state().public().hand.stuck.then_some(g)
        });
        let g = stuck.expect("some dealer is stuck");
        let h = &g.state().public().hand;
        let dealer = h.declarer.expect("a declarer");
        let bid = h.bid.expect("a bid");
        let expected = if g.is_you(dealer) {
            format!("You are stuck with the bid at {bid}.")
        } else {
            format!("{} is stuck with the bid at {bid}.", g.name(dealer))
        };
        assert_eq!(g.announcements.last(), Some(&expected));
    }

    #[test]
    fn the_human_is_spoken_to_in_the_second_person() {
        let g = game(PresetId::Bison, 2);
        assert_eq!(g.name(0), "You");
        let tricks = Phase::Tricks;
        assert_eq!(g.describe(0, &Action::Play, tricks), "You play on.");
        assert_eq!(g.describe(1, &Action::Play, tricks), "Ada plays on.");
        assert_eq!(
            g.describe(2, &Action::DeclineHand, Phase::Auction),
            "Boris asks for a redeal."
        );
        assert_eq!(
            g.describe(0, &Action::ShowMeld(vec![]), Phase::ShowMeld),
            "You show no meld."
        );
        assert_eq!(plural(1, "trick", "tricks"), "1 trick");
        assert_eq!(plural(2, "trick", "tricks"), "2 tricks");
        let ace = Card::new(pinochle_engine::Rank::Ace, pinochle_engine::Suit::Spades);
        assert_eq!(
            g.describe(0, &Action::PlayCard(ace), tricks),
            "You play the ace of spades."
        );
        assert_eq!(
            g.describe(
                0,
                &Action::ChooseTrump(pinochle_engine::Suit::Hearts),
                Phase::Trump
            ),
            "You name hearts trump."
        );
        assert_eq!(
            g.describe(0, &Action::Escape, Phase::Escape),
            "You make the dealer take it."
        );
        assert!(g.hand_intro().contains("deal"));
        let named = Game::start(
            "g".into(),
            Settings {
                name: "Ann".into(),
                ..settings(PresetId::Bison)
            },
            2,
        )
        .unwrap();
        assert_eq!(
            named.describe(0, &Action::Pass, Phase::Auction),
            "You pass."
        );
        assert_eq!(named.name(0), "Ann");
    }

    #[test]
    fn cards_passed_to_the_human_are_named_and_marked_in_hand() {
        // Partnership: partner to declarer and back; club: everyone passes
        // one card to the left before the auction.
        for preset in [PresetId::Partnership, PresetId::Club] {
            let mut seen = false;
            for seed in 0..40 {
                let mut g = game(preset, seed);
                drive(
                    &mut g,
                    |g| !g.view().own.received.is_empty() || g.history.len() > 1,
                    |_| {},
                );
                let view = g.view();
                let received = view.own.received.clone();
                let Some(notice) = view.public.hand.passes.iter().find(|n| n.to == g.human) else {
                    continue;
                };
                let said = g.seating().describe_received(notice.from, &received);
                assert!(g.announcements.contains(&said), "{preset:?}: {said}");
                // Partner's cards arrive as it passes them: the count gives
                // way to the names. (The club's arrive once all have passed.)
                let count =
                    g.seating()
                        .describe_cards(notice.from, false, &received, received.len());
                if preset == PresetId::Partnership {
                    assert!(!g.announcements.contains(&count), "{count}");
                }
                let hand = sorted_hand(&view.own.hand.to_cards(), view.public.hand.trump);
                let marks = arrivals(&view, &hand, &g.seating());
                let mut marked: Vec<Card> = hand
                    .iter()
                    .zip(&marks)
                    .filter(|(_, m)| m.is_some())
                    .map(|(&c, _)| c)
                    .collect();
                let mut expected = received.clone();
                pinochle_engine::sort::sort(&mut marked);
                pinochle_engine::sort::sort(&mut expected);
                assert_eq!(marked, expected, "{preset:?} seed {seed}");
                let from = format!("passed to you by {}", g.name(notice.from));
                assert!(marks.iter().flatten().all(|m| *m == from), "{marks:?}");
                seen = true;
                break;
            }
            assert!(seen, "{preset:?}: no cards were passed to the human");
        }
    }

    #[test]
    fn a_card_that_may_not_be_passed_says_which_rule_forbids_it() {
        // The club: a nine may not be passed while other cards lie outside meld.
        let mut g = choosing(PresetId::Club);
        let refusals: Vec<String> = hand_copies(&g)
            .into_iter()
            .filter(|c| c.card.rank == pinochle_engine::Rank::Nine)
            .filter_map(|c| g.select_refusal(c))
            .collect();
        for refusal in &refusals {
            assert_eq!(
                refusal,
                "You may not pass this card: a nine may be passed only if every other \
                 card of the hand is part of a complete meld."
            );
        }
        assert!(!refusals.is_empty(), "no nine was held back");
        // A card the rules allow is chosen as before.
        let free = hand_copies(&g)
            .into_iter()
            .find(|c| c.card.rank != pinochle_engine::Rank::Nine);
        assert_eq!(free.and_then(|c| g.select_refusal(c)), None);
        g.update(Msg::Select(free.unwrap())).unwrap();
    }

    #[test]
    fn the_declarers_kitty_cards_are_marked_until_the_play() {
        let mut seen = false;
        for seed in 0..40 {
            let mut g = game(PresetId::Brooklyn, seed);
            drive(
                &mut g,
                |g| {
                    let h = &g.view().public.hand;
                    !h.kitty.is_empty() || g.history.len() > 1
                },
                |_| {},
            );
            let view = g.view();
            let h = &view.public.hand;
            if h.declarer != Some(g.human) || h.kitty.is_empty() {
                continue;
            }
            let hand = sorted_hand(&view.own.hand.to_cards(), h.trump);
            let marks = arrivals(&view, &hand, &g.seating());
            let marked = marks.iter().flatten().count();
            assert_eq!(marked, h.kitty.len());
            assert!(marks.iter().flatten().all(|m| m == "from the kitty"));
            // A buried copy is taken to be the kitty's: the rest stay marked.
            drive(
                &mut g,
                |g| g.view().phase() != Phase::Bury && !g.view().own.buried.is_empty(),
                |_| {},
            );
            let view = g.view();
            let hand = sorted_hand(&view.own.hand.to_cards(), view.public.hand.trump);
            let mut kept = view.public.hand.kitty.clone();
            kept.retain(|c| view.own.hand.count(*c) > 0);
            for buried in &view.own.buried {
                if let Some(i) = kept.iter().position(|c| c == buried) {
                    kept.swap_remove(i);
                }
            }
            let marked: Vec<Card> = hand
                .iter()
                .zip(arrivals(&view, &hand, &g.seating()))
                .filter_map(|(&c, m)| m.map(|_| c))
                .collect();
            assert_eq!(marked.len(), kept.len(), "{marked:?} against {kept:?}");
            // Once the human has played a card, the hand is just the hand.
            drive(
                &mut g,
                |g| g.view().public.hand.plays.iter().any(|p| p.seat == g.human),
                |_| {},
            );
            let view = g.view();
            let hand = sorted_hand(&view.own.hand.to_cards(), view.public.hand.trump);
            assert!(arrivals(&view, &hand, &g.seating())
                .iter()
                .all(Option::is_none));
            seen = true;
            break;
        }
        assert!(seen, "the human never took the kitty");
    }

    /// A game in which the human is choosing cards to bury or pass.
    fn choosing(preset: PresetId) -> Game {
        for seed in 0..40 {
            let mut g = game(preset, seed);
            drive(
                &mut g,
                |g| g.choosing().is_some() || g.history.len() > 3,
                |_| {},
            );
            if g.choosing().is_some() {
                return g;
            }
        }
        panic!("the human never chooses cards in {preset:?}");
    }

    #[test]
    fn burying_and_passing_are_chosen_then_confirmed_all_at_once() {
        for preset in [PresetId::Brooklyn, PresetId::Partnership, PresetId::Club] {
            let mut g = choosing(preset);
            let (kind, needed) = g.choosing().unwrap();
            // The first card that may be chosen now, given the cards chosen.
            let next = |g: &Game| {
                hand_copies(g)
                    .into_iter()
                    .find(|&c| g.select_refusal(c).is_none())
                    .expect("a card may be chosen")
            };
            // Too few cannot be confirmed; a chosen card can be put back.
            for _ in 1..needed {
                g.update(Msg::Select(next(&g))).unwrap();
            }
            assert!(g.update(Msg::ConfirmSelection).is_err());
            g.update(Msg::Select(next(&g))).unwrap();
            // A full selection takes no more, and says why.
            let other = hand_copies(&g);
            assert!(other.iter().all(|&c| g.select_refusal(c).is_some()));
            let first = g.selection[0];
            g.update(Msg::Unselect(first)).unwrap();
            g.update(Msg::Select(next(&g))).unwrap();
            let chosen = g.selected_cards();
            let moves = g.ticket().moves;
            let effects = g.update(Msg::ConfirmSelection).unwrap();
            let recorded: Vec<Effect> = effects
                .into_iter()
                .filter(|e| matches!(e, Effect::Record(_)))
                .collect();
            let expected: Vec<Effect> = chosen
                .iter()
                .map(|&c| Effect::Record(kind.action(c)))
                .collect();
            assert_eq!(recorded, expected, "{preset:?}: one action per card");
            assert_eq!(g.ticket().moves, moves + needed as u64);
            assert!(g.selection.is_empty());
            // One announcement names every card, not one per card.
            let bury = matches!(kind.action(chosen[0]), Action::Bury(_));
            let whole = g
                .seating()
                .describe_cards(g.human, bury, &chosen, chosen.len());
            assert!(g.announcements.contains(&whole), "{preset:?}: {whole}");
            if needed > 1 {
                assert!(whole.ends_with(&format!(" and {}.", {
                    let last = chosen[needed - 1];
                    format!("{}{}", last.rank.face(), last.suit.symbol())
                })));
                let last_alone =
                    g.describe(g.human, &kind.action(chosen[needed - 1]), g.view().phase());
                assert!(!g.announcements.contains(&last_alone));
            }
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
        let g = Game::start("g".into(), s, 1).unwrap();
        assert_eq!(g.names.len(), 5);
    }

    /// Named custom rules (a shared link's, a saved preset's) give the table
    /// its title; unnamed ones and the presets show the game's name.
    #[test]
    fn the_table_is_titled_by_the_rules_name() {
        let titled = |name: Option<&str>| {
            let mut s = settings(PresetId::Partnership);
            s.custom = Some(CustomRules {
                rules: Rules::preset(PresetId::Partnership),
                name: name.map(str::to_string),
            });
            Game::start("g1".into(), s, 3).unwrap().title()
        };
        let (title, tooltip) = titled(Some("Kitchen-table partnership"));
        assert_eq!(title, "Kitchen-table partnership");
        assert!(tooltip.contains("Partnership Pinochle"), "{tooltip}");
        assert_eq!(titled(None).0, "Partnership Pinochle");
        assert_eq!(
            game(PresetId::Club, 3).title().0,
            "Club Pinochle for the Kitty Bowl"
        );
    }

    #[test]
    fn settings_for_rules_prefer_the_start_screens_choices() {
        let pot = Rules::preset(PresetId::Brooklyn)
            .with_settings(&["pot_game=true".to_string(), "seats=5".to_string()])
            .unwrap();
        let s = Settings::for_rules(pot.clone(), None, &Settings::default());
        assert!(s.custom.is_none() && s.pot_game && s.seats == 5);
        assert_eq!(s.rules().unwrap(), pot);
        let custom = Rules::preset(PresetId::Bison)
            .with_settings(&["target=1000".to_string()])
            .unwrap();
        let s = Settings::for_rules(custom.clone(), None, &Settings::default());
        assert_eq!(s.custom.as_ref().map(|c| &c.rules), Some(&custom));
    }
}

#[cfg(test)]
mod coach_tests {
    //! The coach's messages: hints for the position on the table only, undo
    //! back to the human's previous decision, claims, auto-play.

    use super::testing::{basic_settings, drive, hand_copies};
    use super::*;
    use pinochle_ai::coach::Unit;
    use pinochle_ai::{Bot, Player};

    fn game(preset: PresetId, seed: u64) -> Game {
        Game::start("g1".into(), basic_settings(preset), seed).expect("game starts")
    }

    fn analysis(recommended: Action) -> Box<Analysis> {
        Box::new(Analysis {
            reason: "a reason".into(),
            ..Analysis::new(recommended, Unit::Points)
        })
    }

    /// The human's decision as the test shell's stand-in makes it.
    fn human_choice(g: &Game) -> Action {
        Bot::new(Level::Basic, g.seed).decide(&g.view()).unwrap()
    }

    /// The pace waits once per computer choice of cards to bury or pass,
    /// not once per card.
    #[test]
    fn the_pace_waits_once_per_bury_or_pass() {
        let normal = |preset| Settings {
            pace: Pace::Normal,
            ..basic_settings(preset)
        };
        let delay = Pace::Normal.bot_delay_ms();
        for (preset, phase, cards) in [
            (PresetId::Partnership, Phase::PartnerPass, 4),
            (PresetId::Club, Phase::PassLeft, 1),
            (PresetId::Brooklyn, Phase::Bury, 3),
        ] {
            let mut choices = 0;
            for seed in 0..12 {
                let mut g = Game::start("g1".into(), normal(preset), seed).unwrap();
                let driven = drive(&mut g, |g| !g.history.is_empty(), |_| {});
                let waits: Vec<u32> = driven
                    .bot_waits
                    .iter()
                    .filter(|(p, _)| *p == phase)
                    .map(|&(_, ms)| ms)
                    .collect();
                for choice in waits.chunks(cards) {
                    let mut expected = vec![0; choice.len()];
                    expected[0] = delay;
                    assert_eq!(choice, expected, "{preset:?} seed {seed}: {waits:?}");
                    choices += 1;
                }
                let choosing = [Phase::Bury, Phase::PartnerPass, Phase::PassLeft];
                let mut elsewhere = driven
                    .bot_waits
                    .iter()
                    .filter(|(p, _)| !choosing.contains(p));
                assert!(elsewhere.all(|&(_, ms)| ms == delay), "{preset:?}");
            }
            assert!(choices > 0, "{preset:?}: no computer chose cards");
        }
    }

    /// The coach's worker is started while the human is to move, so that a
    /// hint does not wait for it to load; with the bid advisor on, the
    /// auction's analysis is asked for instead.
    #[test]
    fn the_coach_starts_while_the_human_is_to_move() {
        for bid_advisor in [false, true] {
            let settings = Settings {
                bid_advisor,
                ..basic_settings(PresetId::Bison)
            };
            let mut g = Game::start("g1".into(), settings, 4).unwrap();
            let driven = drive(&mut g, |g| !g.history.is_empty(), |_| {});
            let starts = &driven.coach_starts;
            assert!(starts.iter().all(|&(_, human)| human), "{starts:?}");
            assert!(
                starts.iter().any(|&(phase, _)| phase == Phase::Tricks),
                "{starts:?}"
            );
            let in_auction = starts.iter().any(|&(phase, _)| phase == Phase::Auction);
            assert_eq!(in_auction, !bid_advisor, "{starts:?}");
        }
    }

    /// The first decision is analysed unasked, and after a hint the next
    /// one, so its hint opens at once; a decision taken without one ends that.
    #[test]
    fn the_coach_analyses_the_next_decision_after_a_hint() {
        let decision = |g: &Game| g.human_to_move() && g.view().legal_actions().len() > 1;
        let mut g = game(PresetId::Bison, 4);
        // The first decision of a game started (or loaded) is analysed
        // unasked: the answer readies the worker's code too.
        let driven = drive(&mut g, decision, |_| {});
        assert_eq!(driven.coach_asks, [(g.ticket(), false)]);
        let effects = g.update(Msg::ToggleHint).unwrap();
        assert!(
            !effects.iter().any(|e| matches!(e, Effect::AskCoach(_))),
            "{effects:?}"
        );
        let hinted = g.ticket();
        let stand_in = |g: &Game| Bot::new(Level::Basic, g.seed).decide(&g.view()).unwrap();
        g.update(Msg::Human(stand_in(&g))).unwrap();
        let driven = drive(&mut g, |g| decision(g) && g.ticket() != hinted, |_| {});
        assert_eq!(
            driven.coach_asks,
            [(g.ticket(), false)],
            "asked unasked, panel shut"
        );
        // The hint opens on the analysis asked already.
        let effects = g.update(Msg::ToggleHint).unwrap();
        assert!(
            !effects.iter().any(|e| matches!(e, Effect::AskCoach(_))),
            "{effects:?}"
        );
        assert!(g
            .coaching
            .as_ref()
            .is_some_and(|c| c.show_hint && c.ticket == g.ticket()));
        // Once more: still a run of hints (this one was opened).
        let opened = g.ticket();
        g.update(Msg::Human(stand_in(&g))).unwrap();
        let driven = drive(&mut g, |g| decision(g) && g.ticket() != opened, |_| {});
        assert_eq!(driven.coach_asks, [(g.ticket(), false)]);
        // Decided without the hint: the decision after is not analysed.
        let unhinted = g.ticket();
        g.update(Msg::Human(stand_in(&g))).unwrap();
        let driven = drive(&mut g, |g| decision(g) && g.ticket() != unhinted, |_| {});
        assert!(driven.coach_asks.is_empty(), "{:?}", driven.coach_asks);
        assert!(g.coaching.is_none());
    }

    /// A lone legal card inside a run of hints is analysed too (its hint
    /// opens at once), but not where auto-play plays it for the human.
    #[test]
    fn a_lone_card_in_a_run_of_hints_is_analysed_unless_played_for_the_human() {
        let lone = |g: &Game| g.human_to_move() && g.view().legal_actions().len() == 1;
        for auto_play in [false, true] {
            let mut g = game(PresetId::Bison, 4);
            g.settings.auto_play = auto_play;
            // Every decision of the human hinted, up to their first lone card.
            let mut driven = drive(&mut g, Game::human_to_move, |_| {});
            while !lone(&g) && !g.is_over() {
                g.update(Msg::ToggleHint).unwrap();
                let action = Bot::new(Level::Basic, g.seed).decide(&g.view()).unwrap();
                g.update(Msg::Human(action)).unwrap();
                driven = drive(&mut g, Game::human_to_move, |_| {});
            }
            let asks = driven.coach_asks;
            assert!(lone(&g), "the human meets a lone card in deal 4");
            let asked = asks.iter().any(|(t, _)| *t == g.ticket());
            assert_eq!(asked, !auto_play, "auto-play {auto_play}: {asks:?}");
        }
    }

    /// A bury's cards are one decision: a hint opened at its first card
    /// is asked again for the rest as each card is picked, and carries on
    /// past all of them to the decision after.
    #[test]
    fn a_hint_at_a_bury_carries_on_to_the_decision_after_it() {
        let decision = |g: &Game| g.human_to_move() && g.view().legal_actions().len() > 1;
        let mut g = (0..40)
            .map(|seed| {
                let mut g = game(PresetId::Bison, seed);
                drive(
                    &mut g,
                    |g| g.choosing().is_some() || !g.history.is_empty(),
                    |_| {},
                );
                g
            })
            .find(|g| g.choosing().is_some())
            .expect("the human buries in one of 40 deals");
        g.update(Msg::ToggleHint).unwrap();
        // Chosen and confirmed as the table does.
        while g
            .choosing()
            .is_some_and(|(_, needed)| needed > g.selection.len())
        {
            let card = hand_copies(&g)
                .into_iter()
                .find(|&c| g.select_refusal(c).is_none())
                .expect("a card may be buried");
            // Each card picked: the hint for the rest is asked at once too,
            // its panel shut (a changed choice closes the hint).
            let effects = g.update(Msg::Select(card)).unwrap();
            let asked: Vec<_> = effects
                .iter()
                .filter_map(|e| match e {
                    Effect::AskCoach(request) => Some(&request.ticket),
                    _ => None,
                })
                .collect();
            assert_eq!(asked, [&g.ticket()], "{effects:?}");
            assert!(g.coaching.as_ref().is_some_and(|c| !c.show_hint));
        }
        let effects = g.update(Msg::ConfirmSelection).unwrap();
        let mut asked: Vec<Ticket> = effects
            .into_iter()
            .filter_map(|e| match e {
                Effect::AskCoach(request) => Some(request.ticket),
                _ => None,
            })
            .collect();
        let driven = drive(&mut g, decision, |_| {});
        asked.extend(driven.coach_asks.into_iter().map(|(ticket, _)| ticket));
        assert_eq!(asked, [g.ticket()], "{:?}", g.view().phase());
    }

    #[test]
    fn a_hint_is_for_the_position_it_was_asked_about() {
        let mut g = game(PresetId::Bison, 5);
        drive(&mut g, |g| g.human_to_move(), |_| {});
        let effects = g.update(Msg::ToggleHint).unwrap();
        let Some(Effect::AskCoach(request)) = effects.first() else {
            panic!("no analysis asked: {effects:?}");
        };
        assert_eq!(
            request.view,
            g.view(),
            "the coach sees the human's view only"
        );
        let ticket = request.ticket.clone();
        assert!(g
            .coaching
            .as_ref()
            .is_some_and(|c| c.show_hint && c.answer.is_none()));
        // Answered in time: shown.
        let mut answered = g.clone();
        answered
            .update(Msg::Analysed {
                ticket: ticket.clone(),
                analysis: analysis(Action::Pass),
            })
            .unwrap();
        assert!(matches!(
            answered.coaching.as_ref().and_then(|c| c.answer.as_ref()),
            Some(Ok(a)) if a.recommended == Action::Pass
        ));
        // Hint again closes it, and once more shows it without asking again.
        assert_eq!(answered.update(Msg::ToggleHint).unwrap(), []);
        assert!(answered.coaching.as_ref().is_some_and(|c| !c.show_hint));
        assert_eq!(answered.update(Msg::ToggleHint).unwrap(), []);
        assert!(answered
            .coaching
            .as_ref()
            .is_some_and(|c| c.show_hint && c.answer.is_some()));
        // The human played first: the late hint is dropped.
        let action = human_choice(&g);
        g.update(Msg::Human(action)).unwrap();
        assert!(g.coaching.is_none());
        let before = g.clone();
        let late = g.update(Msg::Analysed {
            ticket,
            analysis: analysis(Action::Pass),
        });
        assert!(late.is_err());
        assert_eq!(g, before);
    }

    #[test]
    fn a_hint_during_a_bury_is_about_the_next_card_to_choose() {
        let burying = |g: &Game| g.human_to_move() && g.view().phase() == Phase::Bury;
        let mut g = (0..40)
            .map(|seed| {
                let mut g = game(PresetId::Brooklyn, seed);
                drive(&mut g, |g| burying(g) || g.history.len() > 2, |_| {});
                g
            })
            .find(|g| burying(g))
            .expect("the human buries in some deal");
        let card = g
            .view()
            .legal_actions()
            .into_iter()
            .find_map(|a| match a {
                Action::Bury(c) => Some(c),
                _ => None,
            })
            .unwrap();
        let first = ChosenCard { card, copy: 0 };
        g.update(Msg::Select(first)).unwrap();
        let effects = g.update(Msg::ToggleHint).unwrap();
        let Some(Effect::AskCoach(request)) = effects.first() else {
            panic!("no analysis asked");
        };
        assert_eq!(request.view.own.hand.len() + 1, g.view().own.hand.len());
        assert!(
            !request.view.legal_actions().contains(&Action::Bury(card))
                || g.view().own.hand.count(card) > 1
        );
        // Changing the choice closes the hint; the new choice's is asked at
        // once (the player has asked here).
        let asked = |effects: Vec<Effect>| {
            effects.into_iter().find_map(|e| match e {
                Effect::AskCoach(request) => Some(request),
                _ => None,
            })
        };
        let request = asked(g.update(Msg::Unselect(first)).unwrap()).expect("asked again");
        assert_eq!(request.view.own.hand, g.view().own.hand);
        assert!(g
            .coaching
            .as_ref()
            .is_some_and(|c| !c.show_hint && c.answer.is_none()));
        // With the whole choice made (not yet confirmed) the hint is still
        // about the bury, from the hand as it is, not about what comes next.
        let (_, needed) = g.choosing().unwrap();
        let mut last = None;
        for chosen in hand_copies(&g) {
            if g.selection.len() < needed && g.select_refusal(chosen).is_none() {
                last = asked(g.update(Msg::Select(chosen)).unwrap());
            }
        }
        assert_eq!(g.selection.len(), needed);
        let request = last.expect("asked at the last card");
        assert_eq!(request.view.phase(), Phase::Bury);
        assert_eq!(request.view.own.hand, g.view().own.hand);
        // The hint opens on it.
        let effects = g.update(Msg::ToggleHint).unwrap();
        assert!(asked(effects).is_none());
        assert!(g.coaching.as_ref().is_some_and(|c| c.show_hint));
    }

    /// Whatever cards the table lets the human choose, in any order, the
    /// choice can be confirmed: each card is checked after the ones before it.
    #[test]
    fn every_choice_the_table_accepts_can_be_confirmed() {
        let cases = [
            (PresetId::Club, Phase::Bury),
            (PresetId::Brooklyn, Phase::Bury),
            (PresetId::Partnership, Phase::PartnerPass),
        ];
        for (preset, phase) in cases {
            let mut confirmed = 0;
            for seed in 0..60 {
                let mut g = game(preset, seed);
                drive(
                    &mut g,
                    |g| g.human_to_move() && g.view().phase() == phase || g.history.len() > 3,
                    |_| {},
                );
                let Some((_, needed)) = g.choosing().filter(|_| g.human_to_move()) else {
                    continue;
                };
                // Both copies of a card first (a shown meld may hold one of
                // them), then from the highest cards down.
                let hand = g.view().own.hand;
                let mut cards = hand_copies(&g);
                cards.reverse();
                cards.sort_by_key(|&c| std::cmp::Reverse(hand.count(c.card)));
                for chosen in cards {
                    if g.selection.len() == needed {
                        break;
                    }
                    if g.select_refusal(chosen).is_none() {
                        g.update(Msg::Select(chosen)).unwrap();
                    }
                }
                assert_eq!(g.selection.len(), needed, "{preset:?} seed {seed}");
                g.update(Msg::ConfirmSelection)
                    .unwrap_or_else(|e| panic!("{preset:?} seed {seed}: {e}"));
                confirmed += 1;
            }
            assert!(confirmed > 0, "{preset:?}: no choice came up");
        }
    }

    #[test]
    fn a_hint_is_only_asked_at_the_humans_turn() {
        let mut g = game(PresetId::Club, 2);
        drive(
            &mut g,
            |g| !g.human_to_move() && g.to_move().is_some(),
            |_| {},
        );
        assert!(g.update(Msg::ToggleHint).is_err());
    }

    #[test]
    fn undo_goes_back_to_the_humans_previous_decision_and_marks_practice() {
        for preset in PresetId::ALL {
            let mut g = game(preset, 9);
            // The table as it was at each of the human's decisions.
            let mut at_decision: Vec<(u64, State)> = Vec::new();
            drive(
                &mut g,
                |g| g.view().public.hand.trick_winners.len() >= 2 && g.human_to_move(),
                |g| {
                    if g.human_to_move() {
                        at_decision.push((g.moves, g.state.clone()));
                    }
                },
            );
            let point = g.undo_point().expect("the human has decided") as u64;
            let effects = g.update(Msg::Undo).unwrap();
            assert!(
                effects.contains(&Effect::Rewind {
                    moves: point,
                    copy: false
                }),
                "{preset:?}"
            );
            let (_, expected) = at_decision
                .iter()
                .find(|(moves, _)| *moves == point)
                .expect("undo lands on a decision of the human");
            assert_eq!(&g.state, expected, "{preset:?}");
            assert!(g.practice && g.human_to_move(), "{preset:?}");
            if g.claim_due() {
                assert!(
                    effects.iter().any(|e| matches!(e, Effect::AskClaim(_))),
                    "{preset:?}"
                );
            }
            assert_eq!(g.ticket().rewinds, 1);
        }
    }

    #[test]
    fn a_hand_just_finished_is_played_again_from_its_deal() {
        for preset in PresetId::ALL {
            let mut g = game(preset, 9);
            // The table as hand 2 was dealt (hand 1's result still open).
            let mut dealt: Option<State> = None;
            drive(
                &mut g,
                |g| g.history.len() == 2,
                |g| {
                    if dealt.is_none() && g.state.public().hand.number == 2 {
                        dealt = Some(g.state.clone());
                    }
                },
            );
            let dealt = dealt.expect("hand 2 was dealt");
            assert_eq!(g.result.as_ref().map(|r| r.hand), Some(2), "{preset:?}");
            let start = g.hand_ends[0];
            assert_eq!(g.replay_point(0), Some(start), "{preset:?}");
            let effects = g.update(Msg::PlayAgain { from: 0 }).unwrap();
            assert!(
                effects.contains(&Effect::Rewind {
                    moves: start as u64,
                    copy: true
                }),
                "{preset:?}"
            );
            // Hand 2's deal again, hand 1's result not opened again, and a
            // practice game from now on.
            assert_eq!(g.state, dealt, "{preset:?}");
            assert!(g.result.is_none() && g.history.len() == 1, "{preset:?}");
            assert!(g.practice, "{preset:?}");
            assert!(g.announcements.last().unwrap().starts_with("Hand 2 again"));
            // The hand plays to its end again, and only a result still open
            // offers it.
            drive(&mut g, |g| g.history.len() == 2, |_| {});
            assert!(g.replay_point(0).is_some(), "{preset:?}");
            g.update(Msg::CloseResult).unwrap();
            assert_eq!(g.replay_point(0), None, "{preset:?}");
            assert!(g.update(Msg::PlayAgain { from: 0 }).is_err(), "{preset:?}");
        }
    }

    #[test]
    fn a_hand_just_finished_is_played_on_from_a_decision_of_the_humans() {
        let mut checked = 0;
        for preset in PresetId::ALL {
            let mut g = game(preset, 4);
            // The table at each of the human's choices in hand 2, by log index.
            let mut at_decision: Vec<(usize, State)> = Vec::new();
            drive(
                &mut g,
                |g| g.history.len() == 2,
                |g| {
                    let h = &g.state.public().hand;
                    let choice = g.view().legal_actions().len() > 1;
                    if h.number == 2 && g.human_to_move() && g.result.is_none() && choice {
                        at_decision.push((g.log.len(), g.state.clone()));
                    }
                },
            );
            let start = g.hand_ends[0];
            let Some((at, expected)) = at_decision.iter().rev().find(|(at, _)| {
                // (A card of a bury or pass: its decision starts earlier.)
                !matches!(g.log[*at].1, Action::Bury(_) | Action::PassCard(_))
            }) else {
                continue;
            };
            let step = at - start;
            // A computer player's move is none of the human's decisions.
            if let Some(bot_step) =
                (1..g.hand_ends[1] - start).find(|&s| g.log[start + s].0 != g.human)
            {
                assert_eq!(g.replay_point(bot_step), None, "{preset:?}");
            }
            assert_eq!(g.replay_point(step), Some(*at), "{preset:?}");
            g.update(Msg::PlayAgain { from: step }).unwrap();
            assert_eq!(&g.state, expected, "{preset:?}");
            assert!(
                g.human_to_move() && g.result.is_none() && g.practice,
                "{preset:?}"
            );
            assert_eq!(
                g.announcements.last().unwrap(),
                &format!(
                    "Hand 2 again from move {}: your decision, in a practice copy; your game stays saved.",
                    step + 1
                )
            );
            checked += 1;
        }
        assert_eq!(checked, PresetId::ALL.len());
    }

    #[test]
    fn undo_to_a_hands_first_action_keeps_the_result_before_closed() {
        // A deal whose second hand the human opens: undoing that first call
        // goes back to the end of hand 1, whose result was closed.
        let mut found = false;
        for seed in 0..40 {
            let mut g = game(PresetId::Bison, seed);
            drive(
                &mut g,
                |g| g.history.len() == 1 && g.result.is_none() && g.human_to_move(),
                |_| {},
            );
            if g.history.len() != 1 || g.log.len() != g.hand_ends[0] {
                continue;
            }
            // Before the hand's first call, nothing of it to undo: hand 1,
            // scored and closed, is not taken back.
            assert_eq!(g.undo_point(), None, "seed {seed}");
            let human = g.human;
            let action = Bot::new(Level::Basic, seed).decide(&g.view()).unwrap();
            g.update(Msg::Human(action)).unwrap();
            assert_eq!(g.log[g.hand_ends[0]].0, human);
            g.update(Msg::Undo).unwrap();
            assert!(
                g.result.is_none(),
                "seed {seed}: hand 1's result opened again"
            );
            assert!(g.human_to_move() && g.log.len() == g.hand_ends[0]);
            found = true;
            break;
        }
        assert!(found, "no deal whose second hand the human opens");
    }

    #[test]
    fn undo_takes_a_bury_of_several_cards_back_as_one_decision() {
        let mut g = game(PresetId::Brooklyn, 3);
        drive(
            &mut g,
            |g| {
                g.log
                    .iter()
                    .filter(|(s, a)| *s == g.human && matches!(a, Action::Bury(_)))
                    .count()
                    == 3
            },
            |_| {},
        );
        if g.log
            .iter()
            .any(|(s, a)| *s == g.human && matches!(a, Action::Bury(_)))
        {
            let point = g.undo_point().unwrap();
            assert!(
                !matches!(g.log[point - 1].1, Action::Bury(_)) || g.log[point - 1].0 != g.human
            );
            assert!(g.log[point..]
                .iter()
                .filter(|(s, _)| *s == g.human)
                .all(|(_, a)| matches!(a, Action::Bury(_))));
        }
    }

    #[test]
    fn a_replayed_game_asks_again_when_woken() {
        for preset in PresetId::ALL {
            let mut g = game(preset, 10);
            drive(
                &mut g,
                |g| g.claim_due() && !g.human_to_move() && g.to_move().is_some(),
                |_| {},
            );
            if g.is_over() {
                continue;
            }
            let actions = g.log.iter().map(|(_, a)| Ok(a.clone()));
            let mut back = Game::replay(g.id.clone(), g.settings.clone(), g.seed, actions).unwrap();
            assert_eq!(back.state, g.state);
            let effects = back.update(Msg::Wake).unwrap();
            assert!(
                effects.iter().any(|e| matches!(
                    e,
                    Effect::AskClaim(_)
                        | Effect::AskBot { .. }
                        | Effect::After {
                            msg: Msg::TrickCleared(_),
                            ..
                        }
                )),
                "{preset:?}: {effects:?}"
            );
        }
    }

    #[test]
    fn a_replayed_bid_advisor_and_hint_are_asked_again_when_woken() {
        // The advisor is asked as the replay reaches the human's bid; the
        // replay's requests are never sent, so waking must send it again,
        // with a hint asked before the reload, else both wait for ever.
        for show_hint in [false, true] {
            let mut g = game(PresetId::Partnership, 3);
            g.settings.bid_advisor = true;
            drive(
                &mut g,
                |g| g.human_to_move() && g.view().phase() == Phase::Auction,
                |_| {},
            );
            if show_hint {
                g.update(Msg::ToggleHint).unwrap();
            }
            let actions = g.log.iter().map(|(_, a)| Ok(a.clone()));
            let mut back = Game::replay(g.id.clone(), g.settings.clone(), g.seed, actions).unwrap();
            if show_hint {
                back.update(Msg::ToggleHint).unwrap();
            }
            assert!(back.coaching.as_ref().is_some_and(|c| c.answer.is_none()));
            let effects = back.update(Msg::Wake).unwrap();
            let asked: Vec<&CoachRequest> = effects
                .iter()
                .filter_map(|e| match e {
                    Effect::AskCoach(request) => Some(&**request),
                    _ => None,
                })
                .collect();
            assert_eq!(asked.len(), 1, "{effects:?}");
            assert_eq!(asked[0].ticket, back.ticket());
            assert_eq!(back.coaching.as_ref().map(|c| c.show_hint), Some(show_hint));
        }
    }

    #[test]
    fn an_answer_from_before_an_undo_is_refused() {
        let mut g = game(PresetId::Bison, 4);
        drive(
            &mut g,
            |g| g.undo_point().is_some() && !g.human_to_move() && g.to_move().is_some(),
            |_| {},
        );
        let old = g.ticket();
        g.update(Msg::Undo).unwrap();
        assert_ne!(g.ticket(), old);
        assert!(g
            .update(Msg::Bot {
                ticket: Ticket {
                    moves: g.moves,
                    ..old
                },
                action: Action::Pass
            })
            .is_err());
    }

    /// Drives to a trick-play position where a claim check is due.
    fn at_claim_check(preset: PresetId, seed: u64) -> (Game, Box<ClaimRequest>) {
        let mut g = game(preset, seed);
        let mut queue: std::collections::VecDeque<Msg> = [Msg::Wake].into();
        for _ in 0..5_000 {
            let msg = queue.pop_front().unwrap_or_else(|| {
                if g.result.is_some() {
                    Msg::CloseResult
                } else {
                    Msg::Human(human_choice(&g))
                }
            });
            for effect in g.update(msg).unwrap() {
                match effect {
                    Effect::AskClaim(request) => return (g, request),
                    Effect::AskBot { request, .. } => queue.push_back(Msg::Bot {
                        ticket: request.ticket.clone(),
                        action: Bot::new(Level::Basic, 1).decide(&request.view).unwrap(),
                    }),
                    Effect::After { msg, .. } => queue.push_back(msg),
                    _ => {}
                }
            }
        }
        panic!("no claim check");
    }

    /// The rest of the hand as basic players play it, from `state`.
    fn line_from(state: &State) -> Vec<Action> {
        let mut state = state.clone();
        let hand = state.public().hand.number;
        let mut line = Vec::new();
        while state.public().hand.number == hand && state.phase() == Phase::Tricks {
            let Some(seat) = state.current_player() else {
                break;
            };
            let action = Bot::new(Level::Basic, 1)
                .decide(&state.observation(seat))
                .unwrap();
            state.apply_for(seat, action.clone()).unwrap();
            line.push(action);
        }
        line
    }

    /// The side playing against the human claims the rest of the tricks by
    /// `line`.
    fn others_claim(g: &Game, line: Vec<Action>) -> Box<Claim> {
        let seats = g
            .state
            .public()
            .hand
            .active
            .iter()
            .copied()
            .filter(|&s| !pinochle_engine::game::same_side(g.rules(), s, g.human))
            .collect();
        Box::new(Claim {
            seats,
            kind: ClaimKind::AllTheRest,
            line,
        })
    }

    #[test]
    fn no_computer_player_moves_before_the_claim_check_answers() {
        let (mut g, request) = at_claim_check(PresetId::Bison, 6);
        assert_eq!(
            request.seats.first(),
            Some(&g.human)
                .filter(|_| g.state.public().hand.active.contains(&g.human))
                .or(request.seats.first())
        );
        assert!(!g.thinking(), "nobody is asked before the check answers");
        let effects = g
            .update(Msg::Claimable {
                ticket: request.ticket.clone(),
                claim: None,
            })
            .unwrap();
        assert!(!effects.iter().any(|e| matches!(e, Effect::AskClaim(_))));
        assert_eq!(
            effects.iter().any(|e| matches!(e, Effect::AskBot { .. })),
            !g.human_to_move()
        );
    }

    #[test]
    fn undo_goes_past_the_cards_a_claim_played_and_forced_moves() {
        let (mut g, request) = at_claim_check(PresetId::Bison, 6);
        let line = line_from(&g.state);
        let claim = others_claim(&g, line.clone());
        g.update(Msg::Claimable {
            ticket: request.ticket,
            claim: Some(claim),
        })
        .unwrap();
        let before_claim = g.log.len() - line.len();
        assert!(
            g.log[before_claim..].iter().any(|(s, _)| *s == g.human),
            "the claim played for the human"
        );
        let point = g.undo_point().expect("the human has decided");
        assert!(point < before_claim, "undo goes back before the claim");
        // The same after a reload, once the kept claim is taken back.
        let hand = g.result.as_ref().unwrap().hand;
        let actions = g.log.iter().map(|(_, a)| Ok(a.clone()));
        let mut back = Game::replay(g.id.clone(), g.settings.clone(), g.seed, actions).unwrap();
        back.keep_claims(&BTreeMap::from([(hand, g.claimed.clone().unwrap())]));
        assert_eq!(back.undo_point(), Some(point));
        // Undo lands on a choice: never on a forced move.
        for _ in 0..3 {
            if g.undo_point().is_none() {
                break;
            }
            g.update(Msg::Undo).unwrap();
            assert!(g.human_to_move() && g.view().legal_actions().len() > 1);
        }
    }

    #[test]
    fn a_computer_sides_claim_finishes_the_hand_and_a_bad_one_changes_nothing() {
        let (mut g, request) = at_claim_check(PresetId::Bison, 6);
        let line = line_from(&g.state);
        // A line that does not fit the hand is refused whole.
        let mut bad = line.clone();
        bad.swap(0, 1);
        let before = g.clone();
        let refused = g.update(Msg::Claimable {
            ticket: request.ticket.clone(),
            claim: Some(others_claim(&g, bad)),
        });
        if refused.is_err() {
            assert_eq!(g.state, before.state);
            g = before;
        }
        let hands = g.history.len();
        let effects = g
            .update(Msg::Claimable {
                ticket: request.ticket,
                claim: Some(others_claim(&g, line.clone())),
            })
            .unwrap();
        assert_eq!(g.history.len(), hands + 1, "the hand is over");
        assert!(g.result.is_some() && g.trick_pause.is_none());
        let recorded = effects
            .iter()
            .filter(|e| matches!(e, Effect::Record(_)))
            .count();
        assert_eq!(recorded, line.len(), "every card of the claim is saved");
        let claimed = g.claimed.clone().expect("the claim is shown");
        assert_eq!(
            claimed.tricks.iter().map(|t| t.cards.len()).sum::<usize>(),
            line.len()
        );
        // The claim is kept with the session and shown again after a reload;
        // one that does not fit the replayed hand is left out.
        let hand = g.result.as_ref().unwrap().hand;
        let kept: Vec<(u32, ShownClaim)> = effects
            .iter()
            .filter_map(|e| match e {
                Effect::KeepClaim { hand, claim } => Some((*hand, claim.clone())),
                _ => None,
            })
            .collect();
        assert_eq!(kept, [(hand, claimed.clone())]);
        let mut reloaded = g.clone();
        reloaded.claimed = None;
        reloaded.keep_claims(&BTreeMap::from([(hand, claimed.clone())]));
        assert_eq!(reloaded.claimed.as_ref(), Some(&claimed));
        let mut damaged = claimed.clone();
        let first = &mut damaged.tricks[0];
        first.winner = first
            .cards
            .iter()
            .map(|p| p.seat)
            .find(|&s| s != first.winner)
            .unwrap();
        reloaded.claimed = None;
        reloaded.keep_claims(&BTreeMap::from([(hand, damaged)]));
        assert_eq!(reloaded.claimed, None, "a damaged claim is left out");
        reloaded.keep_claims(&BTreeMap::from([(hand + 1, claimed.clone())]));
        assert_eq!(reloaded.claimed, None, "another hand's claim is left out");

        // The review grades none of the cards the claim played for the human,
        // also after a reload (the claim kept with the session says which).
        let mut opened = g.clone();
        opened.update(Msg::OpenReview(hand)).unwrap();
        let review = opened.review.as_ref().unwrap();
        let before_claim = review.replay.len() - line.len();
        let human = review.replay.decisions_of(g.human);
        assert!(
            human.iter().any(|&step| step >= before_claim),
            "the claim played for the human"
        );
        let graded: Vec<usize> = review.decisions.iter().map(|d| d.step).collect();
        let chosen: Vec<usize> = human
            .into_iter()
            .filter(|&step| step < before_claim)
            .collect();
        assert_eq!(graded, chosen);
        let mut reloaded = g.clone();
        reloaded.claimed_cards = SmallMap::default();
        reloaded.keep_claims(&BTreeMap::from([(hand, claimed)]));
        reloaded.update(Msg::OpenReview(hand)).unwrap();
        assert_eq!(reloaded.review, opened.review);
        // The hand's record says so: exported and imported again, the same
        // decisions are the player's.
        let record = g.hand_replay(hand).unwrap().record;
        assert_eq!(record.claimed_cards, Some(line.len() as u32));
        let text = pinochle_engine::game::write_records(&[record]);
        let read = pinochle_engine::game::read_records(&text).unwrap();
        let imported = HandReplay::from_record(&read[0]).unwrap();
        assert_eq!(imported.chosen_by(g.human), graded);
        // As the import opens it: from the parts the worker sends the page.
        let parts = pinochle_engine::game::ReplayParts::of(&read[0]).unwrap();
        let opened = HandReplay::from_parts(&parts).unwrap();
        assert_eq!(opened.chosen_by(g.human), graded);
    }

    #[test]
    fn a_contract_decided_before_the_cards_is_checked_for_a_claim_at_once() {
        // Brooklyn pays on the contract alone: once no card can change it,
        // the table looks for a claim with more than the last tricks left
        // (a tester played seven tricks of a bid its meld had made).
        let early = (0..40).find_map(|seed| {
            let (g, _) = at_claim_check(PresetId::Brooklyn, seed);
            let h = &g.state.public().hand;
            let left: usize = h.active.iter().map(|&s| h.hand_sizes[s] as usize).sum();
            (left > CLAIM_TRICKS * h.active.len()).then(|| g.state.contract_decided())
        });
        assert!(
            early.expect("an early claim check in 40 deals").is_some(),
            "checked early only where the contract is decided"
        );
    }

    #[test]
    fn the_humans_side_is_offered_its_claim() {
        let (mut g, request) = at_claim_check(PresetId::Partnership, 8);
        let line = line_from(&g.state);
        let mine = vec![g.human];
        g.update(Msg::Claimable {
            ticket: request.ticket,
            claim: Some(Box::new(Claim {
                seats: mine,
                kind: ClaimKind::AllTheRest,
                line,
            })),
        })
        .unwrap();
        // Offered until someone moves; the human may claim it.
        if g.claim_offer.is_some() {
            let hands = g.history.len();
            g.update(Msg::Claim).unwrap();
            assert_eq!(g.history.len(), hands + 1);
        }
        assert!(g.update(Msg::Claim).is_err(), "nothing to claim any more");
    }

    #[test]
    fn a_lone_legal_card_is_played_for_the_human_when_asked() {
        let mut g = game(PresetId::Bison, 12);
        g.settings.auto_play = true;
        drive(&mut g, |g| g.auto_played.is_some(), |_| {});
        let ticket = g.ticket();
        assert_eq!(
            g.auto_played.as_ref(),
            Some(&ticket),
            "auto-play was scheduled"
        );
        assert_eq!(g.view().legal_actions().len(), 1);
        g.update(Msg::AutoPlay(ticket.clone())).unwrap();
        assert_ne!(g.ticket(), ticket);
        assert!(g.update(Msg::AutoPlay(ticket)).is_err(), "only once");
    }
}
