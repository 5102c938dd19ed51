//! The game state: a whole session (seats, dealer rotation, scores or ledger) and
//! the hand in progress, split into what every seat may know ([`PublicState`]),
//! what one seat knows ([`SeatPrivate`]) and what nobody sees (the undealt kitty,
//! the deal as dealt, the seed-driven [`Rng`]).
//!
//! Hands advance automatically: when a hand ends it is settled and recorded
//! ([`State::recent_records`], [`HandSummary`] in the public state) and, unless the
//! session is over, the next hand is dealt at once. A driver that wants every hand
//! record watches [`Scoreboard::hands_completed`].

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::cards::{Card, CardCounts, Rank, Suit};
use crate::meld::{self, MeldResult};
use crate::rules::{AllPass, Bunch, ConcedeTiming, PassOrder, Rules, Scoring, TrumpMarriage};

use super::action::{Action, IllegalAction, Phase};
use super::event::Event;
use super::record::{HandRecord, HandSummary, PassRecord};
use super::rng::Rng;
use super::seating::{active_seats, partner, same_side, Seat, MAX_SEATS};
use super::{bidding, legal, tricks};

/// Version of the serialized state and hand records (2: records carry
/// `game_end`; 3: records carry the rule options, the standing before the hand
/// and every action, so they replay; older records and states still read).
pub const FORMAT_VERSION: u32 = 3;

/// One call of the auction: a bid, or `None` for a pass.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Call {
    pub seat: Seat,
    pub bid: Option<u32>,
}

/// Cards handed from one seat to another (counts only: the cards are private).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PassNotice {
    pub from: Seat,
    pub to: Seat,
    pub count: u8,
}

/// A card played to a trick.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayedCard {
    pub seat: Seat,
    pub card: Card,
}

/// Money or stake units per party; for stake games the running ledger.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ledger {
    pub seats: Vec<i64>,
    pub bowl: i64,
    pub pot: i64,
}

impl Ledger {
    /// The ledger before the first deal: every seat's buy-in in the club's
    /// kitty bowl, or its ante in the pot; nothing in the other games.
    pub fn opening(rules: &Rules) -> Ledger {
        let seats = rules.table.seats as usize;
        let (bowl, pot) = match &rules.scoring {
            Scoring::Bowl(b) => (i64::from(b.buy_in), 0),
            Scoring::Pot(p) => (0, i64::from(p.ante)),
            Scoring::Points(_) | Scoring::Stakes(_) => (0, 0),
        };
        Ledger {
            seats: vec![-(bowl + pot); seats],
            bowl: bowl * seats as i64,
            pot: pot * seats as i64,
        }
    }
}

/// The club's current high hand: the best qualifying bid and who holds it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HighHandHolder {
    pub bid: u32,
    pub trump: Suit,
    pub seats: Vec<Seat>,
}

/// Why a session ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum GameEndReason {
    /// A player or side reached the target.
    Target,
    /// The fixed number of deals was played.
    FixedDeals,
    /// A player fell below the losing floor while someone was positive.
    Floor,
    /// A player or side reached minus the `lose_at` score.
    LoseAt,
    /// The spread between the highest and the lowest score reached the target.
    Mercy,
    /// The driver's deal limit ([`State::with_deal_limit`]).
    DealLimit,
}

/// How the session ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SessionResult {
    /// The winning seats (both partners of a winning side); empty for a ledger game.
    pub winners: Vec<Seat>,
    pub scores: Vec<i64>,
    /// The ledger after the end-of-game settlement.
    pub ledger: Ledger,
    pub hands: u32,
    /// Why the game ended (`None` in states saved before format 2).
    #[serde(default)]
    pub reason: Option<GameEndReason>,
    /// The end-of-game settlement: the money play's game and set stakes, the
    /// club's shared high hand bonus (all zero when nothing is paid).
    #[serde(default)]
    pub payments: Ledger,
}

/// Session-wide public information.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Scoreboard {
    /// Points per seat (partners carry the same score).
    pub scores: Vec<i64>,
    /// Money (cents) or stake units per seat, the bowl and the pot.
    pub ledger: Ledger,
    pub hands_completed: u32,
    pub high_hand: Option<HighHandHolder>,
    /// Money play: set stakes each seat owes the game's eventual winner (one per
    /// conceded hand, two per played, lost hand of its side).
    #[serde(default)]
    pub set_stakes_owed: Vec<u32>,
    pub last_hand: Option<HandSummary>,
    pub result: Option<SessionResult>,
}

/// Where the session stood before a hand: what settling the hand and ending
/// the session depend on, so a hand record can resume the session at that hand.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Standing {
    pub hands_completed: u32,
    pub scores: Vec<i64>,
    pub ledger: Ledger,
    pub high_hand: Option<HighHandHolder>,
    pub set_stakes_owed: Vec<u32>,
}

impl Standing {
    fn of(session: &Scoreboard) -> Standing {
        Standing {
            hands_completed: session.hands_completed,
            scores: session.scores.clone(),
            ledger: session.ledger.clone(),
            high_hand: session.high_hand.clone(),
            set_stakes_owed: session.set_stakes_owed.clone(),
        }
    }
}

/// The public part of the hand in progress.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HandPublic {
    /// Number of this hand in the session, from 1.
    pub number: u32,
    pub dealer: Seat,
    /// Seats dealt in, in order from the dealer's left.
    pub active: Vec<Seat>,
    pub phase: Phase,
    pub to_move: Option<Seat>,
    /// Cards in each seat's hand.
    pub hand_sizes: [u8; MAX_SEATS],
    /// Cards chosen so far in the passing step under way, per seat.
    pub chosen: [u8; MAX_SEATS],
    pub passes: Vec<PassNotice>,
    pub auction: Vec<Call>,
    pub passed: [bool; MAX_SEATS],
    pub spoken: [u8; MAX_SEATS],
    /// The highest bid so far and who made it.
    pub high: Option<(Seat, u32)>,
    pub declarer: Option<Seat>,
    pub bid: Option<u32>,
    /// The opener made the dealer take the contract at the escape bid.
    pub escaped: bool,
    /// The dealer was stuck with the contract at the minimum.
    pub stuck: bool,
    /// The kitty as turned up for all to see (empty until then).
    pub kitty: Vec<Card>,
    pub kitty_size: u8,
    pub trump: Option<Suit>,
    pub buried: u8,
    /// Buried trumps, announced to all.
    pub announced_bury: Vec<Card>,
    /// Meld shown, per seat.
    pub melds: Vec<Option<MeldResult>>,
    /// The bidding side surrendered and the hand is played out anyway.
    pub surrendered: bool,
    /// Club defenders' answers: true = challenge.
    pub challenges: Vec<(Seat, bool)>,
    /// The seat that asked for a redeal on nines.
    #[serde(default)]
    pub redeal_by: Option<Seat>,
    /// Every card played this hand, in order.
    pub plays: Vec<PlayedCard>,
    /// Winner of each completed trick.
    pub trick_winners: Vec<Seat>,
    /// Card points taken in tricks (last trick bonus included; buried cards not).
    pub trick_points: [u32; MAX_SEATS],
    /// Counter cards (A, 10, K) taken in tricks.
    pub counters_taken: [u8; MAX_SEATS],
}

impl HandPublic {
    /// A hand about to be dealt: nothing said, played or shown yet.
    fn new(
        number: u32,
        dealer: Seat,
        active: Vec<Seat>,
        kitty_size: u8,
        seats: usize,
    ) -> HandPublic {
        HandPublic {
            number,
            dealer,
            active,
            phase: Phase::Auction,
            to_move: None,
            hand_sizes: [0; MAX_SEATS],
            chosen: [0; MAX_SEATS],
            passes: Vec::new(),
            auction: Vec::new(),
            passed: [false; MAX_SEATS],
            spoken: [0; MAX_SEATS],
            high: None,
            declarer: None,
            bid: None,
            escaped: false,
            stuck: false,
            kitty: Vec::new(),
            kitty_size,
            trump: None,
            buried: 0,
            announced_bury: Vec::new(),
            melds: vec![None; seats],
            surrendered: false,
            challenges: Vec::new(),
            redeal_by: None,
            plays: Vec::new(),
            trick_winners: Vec::new(),
            trick_points: [0; MAX_SEATS],
            counters_taken: [0; MAX_SEATS],
        }
    }

    /// The cards of the trick under way.
    pub fn current_trick(&self) -> &[PlayedCard] {
        let done = self.trick_winners.len() * self.active.len();
        self.plays.get(done..).unwrap_or(&[])
    }

    /// Completed tricks, each in play order.
    pub fn completed_tricks(&self) -> impl Iterator<Item = &[PlayedCard]> {
        let done = self.trick_winners.len() * self.active.len();
        self.plays[..done].chunks(self.active.len().max(1))
    }

    /// Whom `seat` passes its cards to in the passing step under way: the
    /// next seat dealt in on its left, or in a partner exchange the partner
    /// (the declarer passes back to the partner who passed to it). `None`
    /// outside a passing step, or for a seat that takes no part in it.
    pub fn pass_recipient(&self, rules: &Rules, seat: Seat) -> Option<Seat> {
        match self.phase {
            Phase::PassLeft => {
                let pos = self.active.iter().position(|&s| s == seat)?;
                Some(self.active[(pos + 1) % self.active.len()])
            }
            Phase::PartnerPass => {
                let declarer = self.declarer?;
                let mate = partner(rules, declarer)?;
                match seat {
                    s if s == declarer => Some(mate),
                    s if s == mate => Some(declarer),
                    _ => None,
                }
            }
            _ => None,
        }
    }

    /// Meld shown by the seats of one side.
    pub fn side_meld(&self, rules: &Rules, seat: Seat) -> u32 {
        self.melds
            .iter()
            .enumerate()
            .filter(|(s, _)| same_side(rules, seat, *s))
            .filter_map(|(_, m)| m.as_ref().map(|m| m.total))
            .sum()
    }
}

/// Everything every seat may know.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PublicState {
    pub seats: usize,
    pub session: Scoreboard,
    pub hand: HandPublic,
}

/// What one seat knows that others do not.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatPrivate {
    #[serde(with = "super::counts_serde")]
    pub hand: CardCounts,
    /// Cards chosen in the passing step under way, not yet handed over.
    pub passing: Vec<Card>,
    pub given: Vec<Card>,
    pub received: Vec<Card>,
    /// Cards this seat buried (only the declarer).
    pub buried: Vec<Card>,
}

/// What nobody at the table sees.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(super) struct Hidden {
    /// The kitty before it is taken.
    pub kitty: Vec<Card>,
    /// The deal as dealt, for the hand record.
    #[serde(with = "super::counts_serde::array")]
    pub dealt: [CardCounts; MAX_SEATS],
    pub dealt_kitty: Vec<Card>,
    pub passes: Vec<PassRecord>,
    /// The kitty duplicated cards in the declarer's hand (club option).
    pub kitty_duplicates: bool,
    /// The session's standing when the hand was dealt, for the hand record.
    #[serde(default)]
    pub standing: Standing,
    /// Every action of the hand so far, in order, for the hand record.
    #[serde(default, with = "arc_serde")]
    pub actions: Arc<Vec<(Seat, Action)>>,
}

/// Why a hand was not set up: the rule set cannot be dealt.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    #[error("{0}")]
    Rules(String),
    #[error("{0}")]
    Deal(String),
}

/// How a hand ended, before settlement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum HandEnd {
    /// All tricks were played.
    Played,
    /// The declarer conceded (voluntary set, give-up, throw-in, club pass, decline).
    Conceded(ConcessionKind),
    /// Club: the bidder said play and both defenders passed.
    Unchallenged,
    /// Not played by rule.
    ThrownIn(ThrowInReason),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ConcessionKind {
    /// After the kitty, before trump (Brooklyn).
    VoluntarySet,
    /// After meld: give-up, throw-in, voluntary set.
    ThrowIn,
    /// Club: the bidder's pass.
    BidderPass,
    /// Club option: the stuck dealer declined to look at the widow.
    DealerDecline,
    /// Club option: the bidder declined a widow of duplicates.
    DuplicateWidow,
    /// Table variant: the declaring side could not reach the bid (no play).
    AutomaticSet,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ThrowInReason {
    AllPassed,
    Bunching,
    NoTrumpMarriage,
    /// Double-deck minimum 20: the bidding side melded less.
    MeldMinimum,
    /// Table variant: a player dealt enough nines asked for a redeal.
    Redeal,
}

/// Post-auction stages in order; each either waits for a decision or is skipped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Stage {
    DealerDecline,
    TakeKitty,
    DuplicateDecline,
    KittyConcede,
    Trump,
    PartnerPass,
    TrumpCheck,
    BuryBeforeMeld,
    Meld,
    MeldMinimum,
    BuryAfterMeld,
    AutomaticSet,
    MeldConcede,
    BidderDecision,
    Tricks,
}

const STAGES: [Stage; 15] = [
    Stage::DealerDecline,
    Stage::TakeKitty,
    Stage::DuplicateDecline,
    Stage::KittyConcede,
    Stage::Trump,
    Stage::PartnerPass,
    Stage::TrumpCheck,
    Stage::BuryBeforeMeld,
    Stage::Meld,
    Stage::MeldMinimum,
    Stage::BuryAfterMeld,
    Stage::AutomaticSet,
    Stage::MeldConcede,
    Stage::BidderDecision,
    Stage::Tricks,
];

/// A whole session in progress: the OpenSpiel-style state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct State {
    pub(super) format: u32,
    #[serde(with = "arc_serde")]
    pub(super) rules: Arc<Rules>,
    pub(super) rng: Rng,
    /// The session ends after this many deals (any scoring).
    pub(super) deal_limit: Option<u32>,
    pub(super) public: PublicState,
    pub(super) private: Vec<SeatPrivate>,
    pub(super) hidden: Hidden,
    /// Records of the hands completed by the last applied action (or by the
    /// first deal): usually none or one, more when bunched deals were thrown in.
    #[serde(with = "arc_serde")]
    pub(super) recent_records: Arc<Vec<HandRecord>>,
    /// What the action being applied did; handed to the caller and emptied.
    #[serde(skip)]
    pub(super) events: Vec<Event>,
}

/// Serde for shared, immutable parts of the state (cheap clones for playouts).
mod arc_serde {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};
    use std::sync::Arc;

    pub fn serialize<T: Serialize, S: Serializer>(v: &Arc<T>, s: S) -> Result<S::Ok, S::Error> {
        v.as_ref().serialize(s)
    }

    pub fn deserialize<'de, T: Deserialize<'de>, D: Deserializer<'de>>(
        d: D,
    ) -> Result<Arc<T>, D::Error> {
        T::deserialize(d).map(Arc::new)
    }
}

fn check_rules(rules: &Rules) -> Result<(), SetupError> {
    let bad = |m: &str| Err(SetupError::Rules(m.to_string()));
    let t = &rules.table;
    if !(3..=4).contains(&t.active) {
        return bad("table.active must be 3 or 4");
    }
    if t.seats < t.active || t.seats as usize > MAX_SEATS {
        return bad("table.seats must be from table.active to 5");
    }
    if t.partnerships && (t.active != 4 || t.seats != 4) {
        return bad("partnerships need exactly 4 seats, all dealt in");
    }
    let dealt = rules.deck.size().checked_sub(rules.deal.kitty as usize);
    if dealt.is_none_or(|d| d == 0 || d % t.active as usize != 0) {
        return bad("deal.kitty must leave a deck that divides evenly among the active players");
    }
    if rules.deal.packet == 0 {
        return bad("deal.packet must be at least 1");
    }
    if rules.contract.bury as usize >= rules.hand_size() + rules.deal.kitty as usize {
        return bad("contract.bury must be smaller than the declarer's hand");
    }
    if rules.auction.bands.is_empty() || rules.auction.bands.iter().any(|b| b.step == 0) {
        return bad("auction.bands need at least one band, each with a step of 1 or more");
    }
    Ok(())
}

/// The full deck, in a fixed order.
fn full_deck(rules: &Rules) -> Vec<Card> {
    let mut deck = Vec::with_capacity(rules.deck.size());
    for card in Card::all() {
        if card.rank == Rank::Nine && !rules.deck.has_nines() {
            continue;
        }
        for _ in 0..rules.deck.copies() {
            deck.push(card);
        }
    }
    deck
}

impl State {
    /// A new session: rules, a seed for every shuffle, the first dealer drawn at
    /// random. The first hand is dealt at once.
    pub fn new(rules: Rules, seed: u64) -> Result<State, SetupError> {
        check_rules(&rules)?;
        let mut rng = Rng::new(seed);
        let dealer = rng.below(rules.table.seats as usize);
        let mut state = State::empty(rules, rng);
        state.deal_hands(dealer, None);
        // Bunched first deals are in `recent_records`; events are for actions.
        state.events.clear();
        Ok(state)
    }

    /// A session whose first hand is the given deal (`hands` per seat; seats that
    /// sit out get none). Later hands are shuffled from `seed`.
    pub fn from_deal(
        rules: Rules,
        seed: u64,
        dealer: Seat,
        hands: &[Vec<Card>],
        kitty: &[Card],
    ) -> Result<State, SetupError> {
        State::from_deal_at(rules, seed, None, dealer, hands, kitty)
    }

    /// A session resumed at a hand: `standing` is where it stood before (the
    /// hands completed, scores, ledger...; `None`: a new session) and the hand
    /// is the given deal, as in [`State::from_deal`].
    pub fn from_deal_at(
        rules: Rules,
        seed: u64,
        standing: Option<&Standing>,
        dealer: Seat,
        hands: &[Vec<Card>],
        kitty: &[Card],
    ) -> Result<State, SetupError> {
        check_rules(&rules)?;
        let seats = rules.table.seats as usize;
        if dealer >= seats {
            return Err(SetupError::Deal(format!("dealer {dealer} is not a seat")));
        }
        if hands.len() != seats {
            return Err(SetupError::Deal(format!(
                "expected {seats} hands, one per seat"
            )));
        }
        let active = active_seats(&rules, dealer);
        for (seat, hand) in hands.iter().enumerate() {
            let want = if active.contains(&seat) {
                rules.hand_size()
            } else {
                0
            };
            if hand.len() != want {
                return Err(SetupError::Deal(format!(
                    "seat {seat} must hold {want} cards, not {}",
                    hand.len()
                )));
            }
        }
        if kitty.len() != rules.deal.kitty as usize {
            return Err(SetupError::Deal(format!(
                "the kitty must hold {} cards",
                rules.deal.kitty
            )));
        }
        let mut all: Vec<Card> = hands
            .iter()
            .flatten()
            .copied()
            .chain(kitty.iter().copied())
            .collect();
        crate::sort::sort(&mut all);
        let mut deck = full_deck(&rules);
        crate::sort::sort(&mut deck);
        if all != deck {
            return Err(SetupError::Deal(
                "the hands and kitty must make up exactly one deck".to_string(),
            ));
        }
        let mut dealt = [CardCounts::EMPTY; MAX_SEATS];
        for (seat, hand) in hands.iter().enumerate() {
            dealt[seat] = CardCounts::from_cards(hand);
        }
        let mut state = State::empty(rules, Rng::new(seed));
        if let Some(standing) = standing {
            state.resume_at(standing)?;
        }
        state.deal_hands(dealer, Some((dealt, kitty.to_vec())));
        state.events.clear();
        Ok(state)
    }

    /// Ends the session after `deals` deals (for ledger games, which never end by
    /// themselves, or to cut a points game short).
    pub fn with_deal_limit(mut self, deals: Option<u32>) -> State {
        self.deal_limit = deals;
        self
    }

    /// Starts the session from these scores (a resumed game, a handicap, a
    /// test position); seats past the list keep 0, extra entries are ignored.
    pub fn with_scores(mut self, scores: &[i64]) -> State {
        for (total, &s) in self.public.session.scores.iter_mut().zip(scores) {
            *total = s;
        }
        // The hand under way starts from these scores too.
        self.hidden.standing.scores = self.public.session.scores.clone();
        self
    }

    /// Puts the session where `standing` says, before a hand is dealt.
    fn resume_at(&mut self, standing: &Standing) -> Result<(), SetupError> {
        let seats = self.public.seats;
        let wrong = |what: &str, len: usize| {
            Err(SetupError::Deal(format!(
                "the standing has {len} {what} for {seats} seats"
            )))
        };
        if standing.scores.len() != seats {
            return wrong("scores", standing.scores.len());
        }
        if standing.ledger.seats.len() != seats {
            return wrong("ledger entries", standing.ledger.seats.len());
        }
        if standing.set_stakes_owed.len() != seats {
            return wrong("set stakes owed", standing.set_stakes_owed.len());
        }
        let session = &mut self.public.session;
        session.hands_completed = standing.hands_completed;
        session.scores = standing.scores.clone();
        session.ledger = standing.ledger.clone();
        session.high_hand = standing.high_hand.clone();
        session.set_stakes_owed = standing.set_stakes_owed.clone();
        Ok(())
    }

    fn empty(rules: Rules, rng: Rng) -> State {
        let seats = rules.table.seats as usize;
        let ledger = Ledger::opening(&rules);
        State {
            format: FORMAT_VERSION,
            rng,
            deal_limit: None,
            public: PublicState {
                seats,
                session: Scoreboard {
                    scores: vec![0; seats],
                    ledger,
                    hands_completed: 0,
                    high_hand: None,
                    set_stakes_owed: vec![0; seats],
                    last_hand: None,
                    result: None,
                },
                hand: HandPublic::new(0, 0, Vec::new(), rules.deal.kitty, seats),
            },
            private: vec![SeatPrivate::default(); seats],
            hidden: Hidden {
                kitty: Vec::new(),
                dealt: [CardCounts::EMPTY; MAX_SEATS],
                dealt_kitty: Vec::new(),
                passes: Vec::new(),
                kitty_duplicates: false,
                standing: Standing::default(),
                actions: Arc::new(Vec::new()),
            },
            recent_records: Arc::new(Vec::new()),
            events: Vec::new(),
            rules: Arc::new(rules),
        }
    }

    // ----------------------------------------------------------------------
    // Queries

    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    pub fn format_version(&self) -> u32 {
        self.format
    }

    /// Everything every seat may know.
    pub fn public(&self) -> &PublicState {
        &self.public
    }

    pub fn phase(&self) -> Phase {
        self.public.hand.phase
    }

    /// The seat to decide, or `None` when the session is over.
    pub fn current_player(&self) -> Option<Seat> {
        self.public.hand.to_move
    }

    pub fn is_terminal(&self) -> bool {
        self.public.session.result.is_some()
    }

    /// The session's result, once it is over.
    pub fn session_result(&self) -> Option<&SessionResult> {
        self.public.session.result.as_ref()
    }

    /// The full record of the last hand completed by the last applied action (the
    /// deal included: not for players).
    pub fn last_record(&self) -> Option<&HandRecord> {
        self.recent_records.last()
    }

    /// Every hand completed by the last applied action, in order: more than one
    /// when a finished hand was followed by bunched deals thrown in at once.
    pub fn recent_records(&self) -> &[HandRecord] {
        &self.recent_records
    }

    /// The public summary of the last completed hand.
    pub fn last_hand(&self) -> Option<&HandSummary> {
        self.public.session.last_hand.as_ref()
    }

    /// A seat's hand (the engine's view: for drivers and tests, not for players).
    pub fn hand_of(&self, seat: Seat) -> Option<&CardCounts> {
        self.private.get(seat).map(|p| &p.hand)
    }

    /// A seat's private information.
    pub fn private_of(&self, seat: Seat) -> Option<&SeatPrivate> {
        self.private.get(seat)
    }

    /// Cards not yet dealt out to a player's hand: the kitty before it is taken.
    pub fn undisclosed_kitty(&self) -> &[Card] {
        &self.hidden.kitty
    }

    /// The sorted, distinct legal actions of the player to move.
    pub fn legal_actions(&self) -> Vec<Action> {
        match self.current_player() {
            Some(seat) => {
                legal::legal_actions(&self.rules, &self.public, seat, &self.private[seat])
            }
            None => Vec::new(),
        }
    }

    /// Why the player to move may not play `card` now (`None`: it is legal, or no
    /// card play is pending).
    pub fn legal_reason(&self, card: Card) -> Option<String> {
        let seat = self.current_player()?;
        legal::card_reason(&self.rules, &self.public, seat, &self.private[seat], card)
    }

    // ----------------------------------------------------------------------
    // Transitions

    /// Applies the decision of the player to move and returns what it did (a
    /// trick taken, a hand ended...). On error nothing changes.
    pub fn apply(&mut self, action: Action) -> Result<Vec<Event>, IllegalAction> {
        let Some(seat) = self.current_player() else {
            return Err(IllegalAction::WrongPhase {
                phase: self.phase(),
                action,
            });
        };
        self.apply_for(seat, action)
    }

    /// Applies a decision on behalf of `seat` (for a UI or a server that knows who
    /// acts): refused with [`IllegalAction::NotYourTurn`] if `seat` is not to move.
    pub fn apply_for(&mut self, seat: Seat, action: Action) -> Result<Vec<Event>, IllegalAction> {
        let to_move = self.current_player();
        if to_move.is_none() {
            return Err(IllegalAction::WrongPhase {
                phase: self.phase(),
                action,
            });
        }
        if to_move != Some(seat) {
            return Err(IllegalAction::NotYourTurn { seat, to_move });
        }
        legal::check(
            &self.rules,
            &self.public,
            seat,
            &self.private[seat],
            &action,
        )?;
        if !self.recent_records.is_empty() {
            self.recent_records = Arc::new(Vec::new());
        }
        self.events.clear();
        Arc::make_mut(&mut self.hidden.actions).push((seat, action.clone()));
        self.perform(seat, action);
        Ok(std::mem::take(&mut self.events))
    }

    fn perform(&mut self, seat: Seat, action: Action) {
        match (self.phase(), action) {
            (Phase::PassLeft, Action::PassCard(card)) => self.choose_pass(seat, card),
            (Phase::PartnerPass, Action::PassCard(card)) => self.choose_pass(seat, card),
            (Phase::Auction, Action::Bid(bid)) => self.call(seat, Some(bid)),
            (Phase::Auction, Action::Pass) => self.call(seat, None),
            (Phase::Auction, Action::DeclineHand) => {
                self.public.hand.redeal_by = Some(seat);
                self.finish_hand(HandEnd::ThrownIn(ThrowInReason::Redeal))
            }
            (Phase::Escape, Action::Keep) => self.proceed(Stage::DealerDecline),
            (Phase::Escape, Action::Escape) => {
                let h = &mut self.public.hand;
                h.escaped = true;
                h.declarer = Some(h.dealer);
                h.bid = self.rules.auction.escape_to;
                self.proceed(Stage::DealerDecline)
            }
            (Phase::DealerDecline, Action::DeclineHand) => {
                self.finish_hand(HandEnd::Conceded(ConcessionKind::DealerDecline))
            }
            (Phase::DealerDecline, _) => self.proceed(Stage::TakeKitty),
            (Phase::DuplicateDecline, Action::DeclineHand) => {
                self.finish_hand(HandEnd::Conceded(ConcessionKind::DuplicateWidow))
            }
            (Phase::DuplicateDecline, _) => self.proceed(Stage::KittyConcede),
            (Phase::KittyConcede, Action::Concede) => {
                self.finish_hand(HandEnd::Conceded(ConcessionKind::VoluntarySet))
            }
            (Phase::KittyConcede, _) => self.proceed(Stage::Trump),
            (Phase::Trump, Action::ChooseTrump(suit)) => {
                self.public.hand.trump = Some(suit);
                self.proceed(Stage::PartnerPass)
            }
            (Phase::Bury, Action::Bury(card)) => self.bury(seat, card),
            (Phase::ShowMeld, Action::ShowMeld(keys)) => {
                let hand = self.private[seat].hand;
                let trump = self.public.hand.trump;
                if let Ok(result) = meld::validate_shown(&self.rules, &hand, trump, &keys) {
                    self.public.hand.melds[seat] = Some(result);
                }
                self.meld_automatically(Some(seat));
                self.proceed(Stage::MeldMinimum)
            }
            (Phase::MeldConcede, Action::Concede) => {
                if self.points_surrender_plays_out() {
                    self.public.hand.surrendered = true;
                    self.proceed(Stage::BidderDecision)
                } else {
                    self.finish_hand(HandEnd::Conceded(ConcessionKind::ThrowIn))
                }
            }
            (Phase::MeldConcede, _) => self.proceed(Stage::BidderDecision),
            (Phase::BidderDecision, Action::Concede) => {
                self.finish_hand(HandEnd::Conceded(ConcessionKind::BidderPass))
            }
            (Phase::BidderDecision, _) => self.next_challenger(),
            (Phase::Challenge, Action::Challenge) => {
                self.public.hand.challenges.push((seat, true));
                self.proceed(Stage::Tricks)
            }
            (Phase::Challenge, _) => {
                self.public.hand.challenges.push((seat, false));
                self.next_challenger()
            }
            (Phase::Tricks, Action::PlayCard(card)) => self.play_card(seat, card),
            // `legal::check` admits no other combination.
            _ => {}
        }
    }

    fn points_surrender_plays_out(&self) -> bool {
        matches!(&self.rules.scoring, Scoring::Points(p) if p.surrender == crate::rules::SurrenderAward::PlayOut)
    }

    // ----------------------------------------------------------------------
    // Deal

    fn deal_hands(&mut self, dealer: Seat, fixed: Option<([CardCounts; MAX_SEATS], Vec<Card>)>) {
        let mut fixed = fixed;
        loop {
            self.reset_hand(dealer);
            match fixed.take() {
                Some((hands, kitty)) => {
                    for (seat, h) in hands.iter().enumerate().take(self.public.seats) {
                        self.private[seat].hand = *h;
                    }
                    self.hidden.kitty = kitty;
                }
                None => self.shuffle_and_deal(),
            }
            self.hidden.dealt = [CardCounts::EMPTY; MAX_SEATS];
            for seat in 0..self.public.seats {
                self.hidden.dealt[seat] = self.private[seat].hand;
                self.public.hand.hand_sizes[seat] = self.private[seat].hand.len() as u8;
            }
            self.hidden.dealt_kitty = self.hidden.kitty.clone();
            if !self.bunched() {
                break;
            }
            // Thrown in and redealt by the same dealer.
            self.finish_hand(HandEnd::ThrownIn(ThrowInReason::Bunching));
            if self.is_terminal() {
                return;
            }
        }
        let first = self.public.hand.active[0];
        if self
            .rules
            .passing
            .to_left
            .as_ref()
            .is_some_and(|p| p.cards > 0)
        {
            self.public.hand.phase = Phase::PassLeft;
            self.public.hand.to_move = Some(first);
        } else {
            self.public.hand.phase = Phase::Auction;
            self.public.hand.to_move = Some(first);
        }
    }

    fn reset_hand(&mut self, dealer: Seat) {
        let seats = self.public.seats;
        let number = self.public.session.hands_completed + 1;
        let active = active_seats(&self.rules, dealer);
        self.public.hand = HandPublic::new(number, dealer, active, self.rules.deal.kitty, seats);
        for p in &mut self.private {
            *p = SeatPrivate::default();
        }
        self.hidden.kitty.clear();
        self.hidden.passes.clear();
        self.hidden.kitty_duplicates = false;
        self.hidden.standing = Standing::of(&self.public.session);
        self.hidden.actions = Arc::new(Vec::new());
    }

    /// Packets of `deal.packet` clockwise from the dealer's left; the kitty after
    /// the first round.
    fn shuffle_and_deal(&mut self) {
        let mut deck = full_deck(&self.rules);
        self.rng.shuffle(&mut deck);
        let packet = self.rules.deal.packet as usize;
        let hand_size = self.rules.hand_size();
        let kitty = self.rules.deal.kitty as usize;
        let active = self.public.hand.active.clone();
        let mut next = deck.into_iter();
        let mut dealt = 0;
        let mut round = 0;
        while dealt < hand_size {
            let n = packet.min(hand_size - dealt);
            for &seat in &active {
                for card in next.by_ref().take(n) {
                    self.private[seat].hand.add(card);
                }
            }
            dealt += n;
            round += 1;
            if round == 1 {
                self.hidden.kitty.extend(next.by_ref().take(kitty));
            }
        }
        self.hidden.kitty.extend(next);
    }

    fn bunched(&self) -> bool {
        let Scoring::Points(p) = &self.rules.scoring else {
            return false;
        };
        if p.bunching.is_empty() {
            return false;
        }
        self.public.hand.active.iter().any(|&seat| {
            let hand = &self.private[seat].hand;
            let count = |rank: Rank| {
                Suit::ALL
                    .iter()
                    .map(|&s| hand.get(rank, s) as u32)
                    .sum::<u32>()
            };
            let nines = count(Rank::Nine);
            let aces = count(Rank::Ace);
            let no_meld = || meld::meld_total(&self.rules, hand, None) == 0;
            p.bunching.iter().any(|b| match b {
                Bunch::FiveNinesOnlyDix => nines >= 5 && no_meld(),
                Bunch::SixNinesNoMeld => nines >= 6 && no_meld(),
                Bunch::SevenNines => nines >= 7,
                Bunch::FiveNinesNoAces => nines >= 5 && aces == 0,
                Bunch::SixNinesOneAce => nines >= 6 && aces <= 1,
            })
        })
    }

    // ----------------------------------------------------------------------
    // Passing

    fn choose_pass(&mut self, seat: Seat, card: Card) {
        pick_pass_card(&mut self.public.hand, &mut self.private[seat], seat, card);
        let h = &mut self.public.hand;
        if h.chosen[seat] < pass_cards_wanted(&self.rules, h.phase) {
            return;
        }
        if h.phase == Phase::PassLeft {
            let active = h.active.clone();
            let pos = active.iter().position(|&s| s == seat).unwrap_or(0);
            if pos + 1 < active.len() {
                self.public.hand.to_move = Some(active[pos + 1]);
                return;
            }
            for &from in &active {
                if let Some(to) = self.public.hand.pass_recipient(&self.rules, from) {
                    self.hand_over(from, to);
                }
            }
            self.public.hand.chosen = [0; MAX_SEATS];
            self.public.hand.phase = Phase::Auction;
            self.public.hand.to_move = Some(active[0]);
            return;
        }
        // Partner exchange.
        let Some(declarer) = h.declarer else { return };
        let Some(mate) = partner(&self.rules, declarer) else {
            return;
        };
        let simultaneous = self
            .rules
            .passing
            .partner
            .as_ref()
            .is_some_and(|p| p.order == PassOrder::Simultaneous);
        if seat == mate {
            if !simultaneous {
                self.hand_over(mate, declarer);
            }
            self.public.hand.to_move = Some(declarer);
        } else {
            if simultaneous {
                self.hand_over(mate, declarer);
            }
            self.hand_over(declarer, mate);
            self.public.hand.chosen = [0; MAX_SEATS];
            self.proceed(Stage::TrumpCheck);
        }
    }

    /// Hands the chosen cards of `from` to `to`.
    fn hand_over(&mut self, from: Seat, to: Seat) {
        let cards = std::mem::take(&mut self.private[from].passing);
        for &c in &cards {
            self.private[to].hand.add(c);
        }
        self.private[from].given.extend(&cards);
        self.private[to].received.extend(&cards);
        self.public.hand.hand_sizes[to] += cards.len() as u8;
        self.public.hand.passes.push(PassNotice {
            from,
            to,
            count: cards.len() as u8,
        });
        self.hidden.passes.push(PassRecord { from, to, cards });
    }

    // ----------------------------------------------------------------------
    // Auction

    fn call(&mut self, seat: Seat, bid: Option<u32>) {
        let h = &mut self.public.hand;
        h.auction.push(Call { seat, bid });
        h.spoken[seat] += 1;
        match bid {
            Some(b) => h.high = Some((seat, b)),
            None => h.passed[seat] = true,
        }
        self.next_caller(seat);
    }

    fn next_caller(&mut self, last: Seat) {
        let rules = Arc::clone(&self.rules);
        let h = &self.public.hand;
        let rounds = rules.auction.max_rounds;
        let can_speak = |s: Seat| !h.passed[s] && rounds.is_none_or(|m| h.spoken[s] < m);
        let high_seat = h.high.map(|(s, _)| s);
        let alive: Vec<Seat> = h.active.iter().copied().filter(|&s| !h.passed[s]).collect();
        let contenders = alive
            .iter()
            .filter(|&&s| Some(s) != high_seat && can_speak(s))
            .count();
        if let Some((winner, bid)) = h.high {
            if contenders == 0 {
                return self.win_auction(winner, bid);
            }
        } else if alive.is_empty() || contenders == 0 {
            return self.finish_hand(HandEnd::ThrownIn(ThrowInReason::AllPassed));
        } else if alive.len() == 1 && rules.auction.all_pass == AllPass::DealerStuck {
            self.public.hand.stuck = true;
            let lowest = bidding::lowest_bid(&rules).unwrap_or(rules.auction.min_bid);
            return self.win_auction(alive[0], lowest);
        }
        let n = h.active.len();
        let pos = h.active.iter().position(|&s| s == last).unwrap_or(0);
        let next = (1..=n)
            .map(|k| h.active[(pos + k) % n])
            .find(|&s| Some(s) != high_seat && can_speak(s));
        self.public.hand.to_move = next;
    }

    fn win_auction(&mut self, seat: Seat, bid: u32) {
        let h = &mut self.public.hand;
        h.declarer = Some(seat);
        h.bid = Some(bid);
        let a = &self.rules.auction;
        let lowest = bidding::lowest_bid(&self.rules).unwrap_or(a.min_bid);
        let lone_opening = h.auction.iter().filter(|c| c.bid.is_some()).count() == 1
            && h.auction.first()
                == Some(&Call {
                    seat: h.active[0],
                    bid: Some(lowest),
                });
        let dealer_in = h.active.contains(&h.dealer) && seat != h.dealer;
        if a.escape_to.is_some() && !h.stuck && lone_opening && dealer_in {
            h.phase = Phase::Escape;
            h.to_move = Some(seat);
            return;
        }
        self.proceed(Stage::DealerDecline);
    }

    // ----------------------------------------------------------------------
    // Contract: kitty, trump, exchange, bury, meld, concessions

    fn declarer(&self) -> Seat {
        self.public.hand.declarer.unwrap_or(0)
    }

    fn wait_for(&mut self, phase: Phase, seat: Seat) {
        self.public.hand.phase = phase;
        self.public.hand.to_move = Some(seat);
    }

    /// Runs the post-auction stages from `from` until one waits for a decision or
    /// the hand ends.
    pub(super) fn proceed(&mut self, from: Stage) {
        let rules = Arc::clone(&self.rules);
        let c = &rules.contract;
        let declarer = self.declarer();
        for &stage in STAGES.iter().filter(|&&s| s >= from) {
            match stage {
                Stage::DealerDecline => {
                    if self.public.hand.stuck && c.dealer_may_decline && rules.deal.kitty > 0 {
                        return self.wait_for(Phase::DealerDecline, declarer);
                    }
                }
                Stage::TakeKitty => self.take_kitty(),
                Stage::DuplicateDecline => {
                    if c.duplicate_widow_decline && self.hidden.kitty_duplicates {
                        return self.wait_for(Phase::DuplicateDecline, declarer);
                    }
                }
                Stage::KittyConcede => {
                    if c.concede
                        .as_ref()
                        .is_some_and(|k| k.timing == ConcedeTiming::AfterKitty)
                    {
                        return self.wait_for(Phase::KittyConcede, declarer);
                    }
                }
                Stage::Trump => {
                    let hand = &self.private[declarer].hand;
                    let any_marriage = Suit::ALL.iter().any(|&s| meld::has_marriage(hand, s));
                    if c.trump_marriage == TrumpMarriage::Required && !any_marriage {
                        return self.finish_hand(HandEnd::ThrownIn(ThrowInReason::NoTrumpMarriage));
                    }
                    return self.wait_for(Phase::Trump, declarer);
                }
                Stage::PartnerPass => {
                    let cards = rules.passing.partner.as_ref().map_or(0, |p| p.cards);
                    if let (Some(mate), true) = (partner(&rules, declarer), cards > 0) {
                        return self.wait_for(Phase::PartnerPass, mate);
                    }
                }
                Stage::TrumpCheck => {
                    let trump = self.public.hand.trump;
                    let hand = &self.private[declarer].hand;
                    if c.trump_marriage == TrumpMarriage::RequiredAfterExchange
                        && !trump.is_some_and(|t| meld::has_marriage(hand, t))
                    {
                        return self.finish_hand(HandEnd::ThrownIn(ThrowInReason::NoTrumpMarriage));
                    }
                }
                Stage::BuryBeforeMeld => {
                    if c.bury > 0 && !c.bury_after_meld {
                        return self.wait_for(Phase::Bury, declarer);
                    }
                }
                Stage::Meld => {
                    if rules.meld.show_subset {
                        return self.wait_for(Phase::ShowMeld, declarer);
                    }
                    self.meld_automatically(None);
                }
                Stage::MeldMinimum => {
                    if let Scoring::Points(p) = &rules.scoring {
                        let side = self.public.hand.side_meld(&rules, declarer);
                        if p.meld_minimum.is_some_and(|m| side < m) {
                            return self.finish_hand(HandEnd::ThrownIn(ThrowInReason::MeldMinimum));
                        }
                    }
                }
                Stage::BuryAfterMeld => {
                    if c.bury > 0 && c.bury_after_meld {
                        return self.wait_for(Phase::Bury, declarer);
                    }
                }
                Stage::AutomaticSet => {
                    let h = &self.public.hand;
                    let most = h.side_meld(&rules, declarer) + rules.counting.total();
                    if c.automatic_set && h.bid.is_some_and(|bid| most < bid) {
                        return self.finish_hand(HandEnd::Conceded(ConcessionKind::AutomaticSet));
                    }
                }
                Stage::MeldConcede => {
                    if !self.public.hand.surrendered
                        && legal::may_concede_after_meld(&rules, &self.public.hand)
                    {
                        return self.wait_for(Phase::MeldConcede, declarer);
                    }
                }
                Stage::BidderDecision => {
                    if c.challenge && !self.public.hand.surrendered {
                        return self.wait_for(Phase::BidderDecision, declarer);
                    }
                }
                Stage::Tricks => return self.wait_for(Phase::Tricks, declarer),
            }
        }
    }

    fn take_kitty(&mut self) {
        let declarer = self.declarer();
        let kitty = std::mem::take(&mut self.hidden.kitty);
        if kitty.is_empty() {
            return;
        }
        let hand = &mut self.private[declarer].hand;
        self.hidden.kitty_duplicates = kitty.iter().all(|&c| hand.count(c) > 0);
        for &c in &kitty {
            hand.add(c);
        }
        self.public.hand.hand_sizes[declarer] += kitty.len() as u8;
        if self.rules.contract.kitty_exposed {
            self.public.hand.kitty = kitty;
        }
    }

    fn bury(&mut self, seat: Seat, card: Card) {
        pick_bury_card(
            &self.rules,
            &mut self.public.hand,
            &mut self.private[seat],
            seat,
            card,
        );
        let h = &mut self.public.hand;
        if h.buried < self.rules.contract.bury {
            return;
        }
        if self.rules.contract.bury_after_meld {
            self.proceed(Stage::AutomaticSet)
        } else {
            self.proceed(Stage::Meld)
        }
    }

    /// Shows the best meld of every seat that melds, except `skip` (who chose).
    fn meld_automatically(&mut self, skip: Option<Seat>) {
        let declarer = self.declarer();
        let trump = self.public.hand.trump;
        let melders: Vec<Seat> = match self.rules.meld.by {
            crate::rules::MeldBy::Declarer => vec![declarer],
            crate::rules::MeldBy::All => self.public.hand.active.clone(),
        };
        for seat in melders.into_iter().filter(|&s| Some(s) != skip) {
            let result = meld::best_meld(&self.rules, &self.private[seat].hand, trump);
            self.public.hand.melds[seat] = Some(result);
        }
    }

    fn next_challenger(&mut self) {
        let declarer = self.declarer();
        let h = &self.public.hand;
        let n = h.active.len();
        let pos = h.active.iter().position(|&s| s == declarer).unwrap_or(0);
        let next = (1..n)
            .map(|k| h.active[(pos + k) % n])
            .find(|s| !h.challenges.iter().any(|(c, _)| c == s));
        match next {
            Some(seat) => self.wait_for(Phase::Challenge, seat),
            None => self.finish_hand(HandEnd::Unchallenged),
        }
    }

    // ----------------------------------------------------------------------
    // Tricks

    fn play_card(&mut self, seat: Seat, card: Card) {
        self.private[seat].hand.remove(card);
        let rules = Arc::clone(&self.rules);
        let h = &mut self.public.hand;
        h.hand_sizes[seat] -= 1;
        h.plays.push(PlayedCard { seat, card });
        let n = h.active.len();
        let trick: Vec<PlayedCard> = h.current_trick().to_vec();
        if trick.len() < n {
            let pos = h.active.iter().position(|&s| s == seat).unwrap_or(0);
            h.to_move = Some(h.active[(pos + 1) % n]);
            return;
        }
        let cards: Vec<Card> = trick.iter().map(|p| p.card).collect();
        let winner = trick[tricks::winning_index(&cards, h.trump).unwrap_or(0)].seat;
        h.trick_winners.push(winner);
        for c in &cards {
            h.trick_points[winner] += rules.counting.value(c.rank);
            if matches!(c.rank, Rank::Ace | Rank::Ten | Rank::King) {
                h.counters_taken[winner] += 1;
            }
        }
        let last = h.active.iter().all(|&s| h.hand_sizes[s] == 0);
        let points =
            rules.counting.points(&cards) + if last { rules.counting.last_trick() } else { 0 };
        self.events.push(Event::TrickTaken {
            hand: h.number,
            cards: trick,
            winner,
            points,
        });
        let h = &mut self.public.hand;
        if last {
            h.trick_points[winner] += rules.counting.last_trick();
            self.finish_hand(HandEnd::Played);
        } else {
            h.to_move = Some(winner);
        }
    }

    // ----------------------------------------------------------------------
    // End of hand

    /// Settles the hand, records it, and deals the next one unless the session is
    /// over (a bunched deal is redealt by the same dealer).
    pub(super) fn finish_hand(&mut self, end: HandEnd) {
        let settlement = self.settle(end);
        self.apply_settlement(&settlement);
        let mut record = self.build_record(end, &settlement);
        self.public.session.hands_completed += 1;
        let declarer = self.public.hand.declarer;
        let result = self.session_end(declarer, settlement.outcome);
        if let Some(result) = &result {
            record.game_end = Some(self.game_end_record(result));
        }
        let summary = HandSummary::from_record(&record);
        self.events.push(Event::HandEnded(summary.clone()));
        self.public.session.last_hand = Some(summary);
        Arc::make_mut(&mut self.recent_records).push(record);
        if let Some(result) = result {
            self.end_session(result);
            return;
        }
        let dealer = self.public.hand.dealer;
        if end == HandEnd::ThrownIn(ThrowInReason::Bunching) {
            // The caller (`deal_hands`) redeals.
            return;
        }
        // A redeal on nines: the same dealer deals again.
        let next = if end == HandEnd::ThrownIn(ThrowInReason::Redeal) {
            dealer
        } else {
            (dealer + 1) % self.public.seats
        };
        self.deal_hands(next, None);
    }

    fn end_session(&mut self, result: SessionResult) {
        self.events.push(Event::SessionOver(result.clone()));
        self.public.session.result = Some(result);
        self.public.hand.phase = Phase::SessionOver;
        self.public.hand.to_move = None;
    }
}

/// The cards each seat passes in a passing phase (to the left, or in the
/// partner exchange).
pub(crate) fn pass_cards_wanted(rules: &Rules, phase: Phase) -> u8 {
    match phase {
        Phase::PassLeft => rules.passing.to_left.as_ref().map_or(0, |p| p.cards),
        _ => rules.passing.partner.as_ref().map_or(0, |p| p.cards),
    }
}

/// A card `seat` picks to pass: out of its hand, onto its pass.
pub(crate) fn pick_pass_card(h: &mut HandPublic, own: &mut SeatPrivate, seat: Seat, card: Card) {
    own.hand.remove(card);
    own.passing.push(card);
    h.chosen[seat] += 1;
    h.hand_sizes[seat] -= 1;
}

/// A card the declarer `seat` buries: out of its hand, into the bury (a
/// trump announced where the rules say so).
pub(crate) fn pick_bury_card(
    rules: &Rules,
    h: &mut HandPublic,
    own: &mut SeatPrivate,
    seat: Seat,
    card: Card,
) {
    own.hand.remove(card);
    own.buried.push(card);
    h.buried += 1;
    h.hand_sizes[seat] -= 1;
    if rules.contract.announce_buried_trump && Some(card.suit) == h.trump {
        h.announced_bury.push(card);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::PresetId;

    #[test]
    fn a_session_opens_with_each_buy_in_or_ante_paid() {
        let pot = Rules::preset(PresetId::Brooklyn)
            .with_settings(&["pot_game=true", "seats=4"])
            .expect("Brooklyn plays for a pot at four");
        for (rules, seat, bowl, in_pot) in [
            (Rules::preset(PresetId::Club), -200, 600, 0),
            (pot, -25, 0, 100),
            (Rules::preset(PresetId::Bison), 0, 0, 0),
        ] {
            let opening = Ledger::opening(&rules);
            assert!(opening.seats.iter().all(|&s| s == seat), "{opening:?}");
            assert_eq!((opening.bowl, opening.pot), (bowl, in_pot));
            let state = State::new(rules, 1).expect("the session starts");
            assert_eq!(state.public().session.ledger, opening);
        }
    }

    /// Every card chosen in a passing step reaches the seat `pass_recipient`
    /// named while it was chosen: the club's pass to the left (five at the
    /// table, one sitting out and one skipped) and both orders of the partner
    /// exchange.
    #[test]
    fn passed_cards_reach_the_seat_the_pass_was_named_for() {
        let tables = [
            Rules::preset(PresetId::Club),
            Rules::preset(PresetId::Club)
                .with_settings(&["seats=5"])
                .expect("the club seats five"),
            Rules::preset(PresetId::Partnership),
            Rules::preset(PresetId::Partnership)
                .with_settings(&["pass_order=simultaneous"])
                .expect("partners may pass at once"),
            Rules::preset(PresetId::DoubleDeck)
                .with_settings(&["pass_cards=3"])
                .expect("double-deck partners may pass"),
        ];
        for rules in tables {
            for seed in 0..6 {
                let mut state = State::new(rules.clone(), seed).expect("the session starts");
                let mut named = Vec::new();
                let mut guard = 0;
                while state.public().hand.number == 1 && !state.is_terminal() && guard < 500 {
                    guard += 1;
                    let seat = state.current_player().expect("someone is to move");
                    let h = &state.public().hand;
                    let recipient = h.pass_recipient(&rules, seat);
                    let passing = matches!(h.phase, Phase::PassLeft | Phase::PartnerPass);
                    assert_eq!(recipient.is_some(), passing, "{:?} seat {seat}", h.phase);
                    if let Some(to) = recipient {
                        assert_ne!(to, seat);
                        assert!(h.active.contains(&to), "{to} is dealt in");
                        if !named.contains(&(seat, to)) {
                            named.push((seat, to));
                        }
                    }
                    // Bid on past the minimum where a pass would throw the
                    // deal in, so that partner exchanges happen.
                    let actions = state.legal_actions();
                    let action = actions
                        .iter()
                        .find(|a| matches!(a, Action::Bid(_)))
                        .filter(|_| state.phase() == Phase::Auction && h.high.is_none())
                        .unwrap_or(&actions[0])
                        .clone();
                    state.apply(action).expect("a listed action applies");
                }
                let hand = state.public().hand.number;
                let passes: Vec<(Seat, Seat)> = state
                    .recent_records()
                    .iter()
                    .find(|r| r.hand == 1)
                    .map(|r| r.passes.iter().map(|p| (p.from, p.to)).collect())
                    .unwrap_or_default();
                assert!(hand > 1 || state.is_terminal(), "the first hand ends");
                assert!(!named.is_empty(), "{:?} seed {seed} passes", rules.preset);
                let mut sorted = named.clone();
                sorted.sort_unstable();
                let mut handed = passes.clone();
                handed.sort_unstable();
                assert_eq!(sorted, handed, "{:?} seed {seed}", rules.preset);
            }
        }
    }
}
