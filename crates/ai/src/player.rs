//! The [`Player`] trait and the levels: `basic` (rules of thumb), `standard`
//! (basic bidding, PIMC card play), `expert` (PIMC card play with more worlds
//! and sampled bidding) and `oracle` (sees every card; for measuring only).
//!
//! Every decision is a function of the seat's `PlayerView` and the bot's seed:
//! the random stream of a decision is derived from the seed and the view's
//! progress counters, never from earlier calls.

use pinochle_engine::game::tricks::cards_among;
use pinochle_engine::game::{Action, Phase, PlayerView, Seat, State};
use pinochle_engine::CardCounts;

use crate::basic;
use crate::expert::ChoiceMemo;
use crate::pimc::{self, Budget};
use crate::solver::{Position, Solver};
use pinochle_engine::game::rng::Rng;

/// Why a player could not decide.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AiError {
    /// The view's seat is not to move.
    NotMyTurn,
    /// No legal action (the session is over).
    NoLegalAction,
    /// `by_name` got a name that is no level.
    UnknownLevel(String),
}

impl std::fmt::Display for AiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            AiError::NotMyTurn => f.write_str("it is not this seat's turn"),
            AiError::NoLegalAction => f.write_str("there is no legal action"),
            AiError::UnknownLevel(name) => write!(
                f,
                "unknown player level '{name}' (expected one of {})",
                LEVELS.join(", ")
            ),
        }
    }
}

impl std::error::Error for AiError {}

/// A computer player.
pub trait Player {
    fn name(&self) -> &'static str;

    /// The action for the seat of `view`, which must be to move.
    fn decide(&mut self, view: &PlayerView) -> Result<Action, AiError>;

    /// The action for `seat` in `state`. Every level but the oracle only looks
    /// at the seat's view.
    fn decide_in(&mut self, state: &State, seat: Seat) -> Result<Action, AiError> {
        self.decide(&state.observation(seat))
    }
}

/// The level names `by_name` accepts.
pub const LEVELS: &[&str] = &["basic", "standard", "expert", "oracle"];

/// A player by level name, seeded.
pub fn by_name(name: &str, seed: u64) -> Result<Box<dyn Player>, AiError> {
    let level =
        Level::from_name(name.trim()).ok_or_else(|| AiError::UnknownLevel(name.to_string()))?;
    Ok(Box::new(Bot::new(level, seed)))
}

/// A computer player's strength. Saved games and worker messages carry it by
/// its name (`"basic"`, …).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Level {
    Basic,
    Standard,
    Expert,
    /// Sees every card: for measuring, never offered at a table.
    Oracle,
}

impl Level {
    /// The levels a person can play against.
    pub const PLAYABLE: [Level; 3] = [Level::Basic, Level::Standard, Level::Expert];

    /// The level of a name in [`LEVELS`].
    pub fn from_name(name: &str) -> Option<Level> {
        [Level::Basic, Level::Standard, Level::Expert, Level::Oracle]
            .into_iter()
            .find(|l| l.name() == name)
    }

    pub fn name(self) -> &'static str {
        match self {
            Level::Basic => "basic",
            Level::Standard => "standard",
            Level::Expert => "expert",
            Level::Oracle => "oracle",
        }
    }

    /// Card-play budget of the searching levels.
    pub fn budget(self) -> Budget {
        match self {
            // The rules of thumb until 7 (8) tricks are left, then exact
            // search over a few worlds: the one-trick lookahead with an
            // estimate played worse than the rules of thumb in bison.
            Level::Standard => Budget {
                worlds: 8,
                exact_cards: 21,
                reach_cards: 24,
                depth: 0,
                nodes: 300_000,
            },
            // Until the hand is small enough to search to its end, the expert
            // looks one trick ahead and estimates the rest. Exact (or, in the
            // stake games, threshold) search from 11 tricks left in the
            // three-handed games: in duplicate matches against the basic level
            // starting at 10 (11) tricks left took the club game from +0.57 to
            // +1.15 and bison from -0.3 to +1.9 over 8 (9); against the expert
            // that starts exact search at 10 tricks, starting at 11 gained
            // bison +4.3 points a deal (300 deals, 0.7..7.9), left the
            // four-handed games within their noise (double deck +0.9 and +1.2,
            // partnership -13.9, +1.3 and +18.3) and the stake games' threshold
            // search where it was. A threshold search from 12 tricks lost in
            // the stake games (club -1.8, Brooklyn -0.07 stake units), and so
            // did a two-trick lookahead (Brooklyn -0.13).
            Level::Expert | Level::Basic => Budget {
                worlds: 24,
                exact_cards: 33,
                reach_cards: 33,
                depth: 1,
                nodes: 1_500_000,
            },
            Level::Oracle => Budget {
                worlds: 1,
                exact_cards: 24,
                reach_cards: 27,
                depth: 2,
                nodes: 3_000_000,
            },
        }
    }
}

/// A player of one level. The solver's table is kept between decisions (its
/// entries are exact values of open positions, so reuse never changes a result).
pub struct Bot {
    level: Level,
    /// The level of the players it plays against, as far as its decisions
    /// forecast theirs (the club bidder's forecast of a challenge).
    opponents: Level,
    seed: u64,
    budget: Budget,
    solver: Option<Solver>,
}

impl Bot {
    /// A bot of `level` against players of its own level.
    pub fn new(level: Level, seed: u64) -> Bot {
        Bot {
            level,
            opponents: level,
            seed,
            budget: level.budget(),
            solver: None,
        }
    }

    /// The same bot against players of the level `opponents`.
    pub fn against(mut self, opponents: Level) -> Bot {
        self.opponents = opponents;
        self
    }

    /// Overrides the card-play budget.
    pub fn with_budget(mut self, budget: Budget) -> Bot {
        self.budget = budget;
        self
    }

    /// The random stream of one decision: the seed and where the hand stands.
    /// It leaves out what a seat decides without new cards to see: the bids
    /// made so far, and the cards chosen so far in a bury or pass (they count
    /// as held). So each of a seat's bids draws the same deals (those kept
    /// then follow the calls made since, see `expert::bidding_outlook`), and
    /// every step of one bury or pass samples the same deals: the limit the
    /// expert bids to, and a card's figures when the rest is completed the
    /// same way, carry from one step to the next instead of moving with a
    /// fresh sample.
    pub(crate) fn rng_for(&self, view: &PlayerView) -> Rng {
        let h = &view.public.hand;
        let own = &view.own;
        let held = own.hand.len() + own.passing.len() + own.buried.len();
        let progress = (h.number as u64) << 40
            ^ (h.plays.len() as u64) << 24
            ^ (held as u64) << 8
            ^ view.seat as u64;
        Rng::new(self.seed ^ Rng::new(progress).next_u64())
    }

    /// The decision for the seat of `view` with what it rests on: the one
    /// computation behind both [`Player::decide`] and the coach's analysis.
    pub fn deliberate(&mut self, view: &PlayerView) -> Result<Deliberation, AiError> {
        self.deliberate_with(view, &mut ChoiceMemo::default())
    }

    /// [`Bot::deliberate`] keeping the figures of the buries or passes the
    /// expert plays out in `memo` and taking those it holds from there: the
    /// coach's analysis of a choice of several cards asks for each pick.
    pub fn deliberate_with(
        &mut self,
        view: &PlayerView,
        memo: &mut ChoiceMemo,
    ) -> Result<Deliberation, AiError> {
        let legal = Self::check(view)?;
        let mut rng = self.rng_for(view);
        let by_rules = |grounds: Grounds| {
            basic::decide(view, &legal)
                .map(|action| Deliberation { action, grounds })
                .ok_or(AiError::NoLegalAction)
        };
        match (self.level, view.phase()) {
            (Level::Basic, _) => by_rules(Grounds::RulesOfThumb),
            (Level::Standard | Level::Expert | Level::Oracle, Phase::Tricks) => {
                let cards = cards_among(&legal);
                if cards.len() <= 1 {
                    return match cards.first() {
                        Some(&c) => Ok(Deliberation {
                            action: Action::PlayCard(c),
                            grounds: Grounds::OnlyAction,
                        }),
                        None => by_rules(Grounds::RulesOfThumb),
                    };
                }
                let values =
                    pimc::card_values(view, &cards, &self.budget, &mut rng, &mut self.solver);
                match values.and_then(|v| v.best().map(|i| (v.cards[i], v))) {
                    Some((card, values)) => Ok(Deliberation {
                        action: Action::PlayCard(card),
                        grounds: Grounds::Cards(values),
                    }),
                    None => by_rules(Grounds::RulesOfThumb),
                }
            }
            (
                Level::Expert,
                Phase::PassLeft
                | Phase::Trump
                | Phase::KittyConcede
                | Phase::Bury
                | Phase::ShowMeld
                | Phase::PartnerPass
                | Phase::MeldConcede
                | Phase::BidderDecision
                | Phase::Challenge
                | Phase::Escape,
            ) => match crate::expert::evaluate_with(view, &legal, self.opponents, &mut rng, memo) {
                Some(decision) => Ok(Deliberation {
                    action: decision.action,
                    grounds: Grounds::Expert(decision.evaluation),
                }),
                None => by_rules(Grounds::RulesOfThumb),
            },
            (Level::Expert, Phase::Auction) => {
                // The others' calls are read as the table's players make them.
                let reading = Some(self.opponents);
                let outlook = crate::expert::bidding_outlook(view, reading, &mut rng);
                let limit = crate::expert::bidding_limit(view, &outlook);
                let mut action = basic::bid(view, &legal, limit).ok_or(AiError::NoLegalAction)?;
                if let Action::Bid(lowest) = action {
                    let bids_to = limit + basic::game_end_margin(view, lowest);
                    if let Some(jump) = crate::expert::stake_jump(view, &legal, &outlook, bids_to) {
                        action = Action::Bid(jump);
                    }
                }
                Ok(Deliberation {
                    action,
                    grounds: Grounds::Bidding { outlook, limit },
                })
            }
            _ => by_rules(Grounds::RulesOfThumb),
        }
    }

    fn check(view: &PlayerView) -> Result<Vec<Action>, AiError> {
        if !view.is_my_turn() {
            return Err(AiError::NotMyTurn);
        }
        let legal = view.legal_actions();
        if legal.is_empty() {
            return Err(AiError::NoLegalAction);
        }
        Ok(legal)
    }
}

impl Player for Bot {
    fn name(&self) -> &'static str {
        self.level.name()
    }

    fn decide(&mut self, view: &PlayerView) -> Result<Action, AiError> {
        self.deliberate(view).map(|d| d.action)
    }

    fn decide_in(&mut self, state: &State, seat: Seat) -> Result<Action, AiError> {
        let view = state.observation(seat);
        if self.level != Level::Oracle || view.phase() != Phase::Tricks {
            return self.decide(&view);
        }
        let legal = Self::check(&view)?;
        let h = &view.public.hand;
        let hands: Vec<CardCounts> = h
            .active
            .iter()
            .map(|&s| state.hand_of(s).copied().unwrap_or_default())
            .collect();
        let world = crate::knowledge::World { holdings: hands };
        let (Some(deal), Some(pos)) = (pimc::deal_of(&view), pimc::position_of(&view, &world))
        else {
            return basic::decide(&view, &legal).ok_or(AiError::NoLegalAction);
        };
        let me = h.active.iter().position(|&s| s == seat).unwrap_or(0);
        let maximize = deal.declarer_side[me];
        if self.solver.as_ref().is_some_and(|s| *s.deal() != deal) {
            self.solver = None;
        }
        let solver = self.solver.get_or_insert_with(|| Solver::new(deal, 18));
        let goal = pimc::Goal::of(&view);
        let buried = h
            .declarer
            .and_then(|d| state.private_of(d))
            .filter(|_| h.declarer != Some(seat))
            .map(|p| CardCounts::from_cards(&p.buried));
        let target = goal
            .filter(|g| g.threshold)
            .map(|g| g.target(buried.as_ref()).clamp(-1000, 1000) as i32);
        let nodes = self.budget.nodes;
        let values = pimc::open_values(solver, &pos, &self.budget, true, nodes, target)
            .or_else(|| pimc::open_values(solver, &pos, &self.budget, false, nodes, None))
            .unwrap_or_default();
        let best = values
            .iter()
            .map(|&(c, v)| {
                (
                    c,
                    goal.map_or(i64::from(v), |g| g.score(v, buried.as_ref())),
                )
            })
            .max_by_key(|&(_, v)| if maximize { v } else { -v })
            .map(|(c, _)| Action::PlayCard(c));
        match best.filter(|a| legal.contains(a)) {
            Some(a) => Ok(a),
            None => basic::decide(&view, &legal).ok_or(AiError::NoLegalAction),
        }
    }
}

/// A decision and what it rests on.
pub struct Deliberation {
    pub action: Action,
    pub grounds: Grounds,
}

/// What a decision rests on.
pub enum Grounds {
    /// The only legal card: nothing to weigh.
    OnlyAction,
    /// The rules of thumb ([`basic::decide`]).
    RulesOfThumb,
    /// Card play: every legal card valued over sampled worlds.
    Cards(pimc::CardValues),
    /// The expert's playouts after the auction.
    Expert(crate::expert::Evaluation),
    /// The expert's bid: the sampled deals and the limit it bids to.
    Bidding {
        outlook: crate::expert::BidOutlook,
        limit: f64,
    },
}

/// The open position of a state for the player to move (tests and benchmarks).
pub fn open_position(state: &State) -> Option<Position> {
    let seat = state.current_player()?;
    let view = state.observation(seat);
    let hands: Vec<CardCounts> = view
        .public
        .hand
        .active
        .iter()
        .map(|&s| state.hand_of(s).copied().unwrap_or_default())
        .collect();
    pimc::position_of(&view, &crate::knowledge::World { holdings: hands })
}
