//! Rule sets as data: one [`Rules`] value describes a whole game, and the five
//! built-in games of RULES.md are values of it ([`Rules::preset`]).
//!
//! Every rule option of RULES.md is a field here. Options are also addressable
//! as flat `key=value` pairs (see [`crate::options`]) for the CLI, the rules editor
//! and share links.

use serde::{Deserialize, Serialize};

/// The built-in games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PresetId {
    #[serde(rename = "brooklyn")]
    Brooklyn,
    #[serde(rename = "bison")]
    Bison,
    #[serde(rename = "partnership")]
    Partnership,
    #[serde(rename = "double-deck")]
    DoubleDeck,
    #[serde(rename = "club")]
    Club,
}

impl PresetId {
    pub const ALL: [PresetId; 5] = [
        PresetId::Brooklyn,
        PresetId::Bison,
        PresetId::Partnership,
        PresetId::DoubleDeck,
        PresetId::Club,
    ];

    pub fn id(self) -> &'static str {
        match self {
            PresetId::Brooklyn => "brooklyn",
            PresetId::Bison => "bison",
            PresetId::Partnership => "partnership",
            PresetId::DoubleDeck => "double-deck",
            PresetId::Club => "club",
        }
    }

    pub fn from_id(id: &str) -> Option<PresetId> {
        PresetId::ALL.into_iter().find(|p| p.id() == id)
    }

    pub fn name(self) -> &'static str {
        match self {
            PresetId::Brooklyn => "Brooklyn Auction Pinochle",
            PresetId::Bison => "Bison Auction Pinochle",
            PresetId::Partnership => "Partnership Pinochle",
            PresetId::DoubleDeck => "Double-Deck Partnership Pinochle",
            PresetId::Club => "Club Pinochle for the Kitty Bowl",
        }
    }

    /// One line for the start screen.
    pub fn description(self) -> &'static str {
        match self {
            PresetId::Brooklyn => {
                "Three-handed auction for stakes: the bidder takes the kitty and plays alone against two."
            }
            PresetId::Bison => {
                "Three-handed auction to 1500: everyone melds, double melds score big."
            }
            PresetId::Partnership => {
                "Four players in two teams, 12 cards each; partners pass cards to the bidder."
            }
            PresetId::DoubleDeck => {
                "Four players in two teams with the 80-card deck; trump needs a marriage."
            }
            PresetId::Club => {
                "Three play for the kitty bowl: pass a card, bid, then defenders challenge or pass."
            }
        }
    }
}

/// Who sits out when more seats are at the table than are dealt in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SitOut {
    /// The dealer plays; the players to the dealer's right sit out (Brooklyn).
    DealerPlays,
    /// The dealer sits out (and, at five, the player to the dealer's right too).
    DealerSitsOut,
    /// Club: four present, the dealer sits out; five, the dealer and the player two
    /// to the dealer's left.
    Club,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Table {
    /// Players at the table.
    pub seats: u8,
    /// Players dealt in each hand (3 or 4).
    pub active: u8,
    /// Partners sit opposite (4 active).
    pub partnerships: bool,
    pub sit_out: SitOut,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Deck {
    /// 48 cards: two of each A 10 K Q J 9 per suit.
    #[serde(rename = "48")]
    Single48,
    /// 80 cards: four of each A 10 K Q J per suit.
    #[serde(rename = "80")]
    Double80,
}

impl Deck {
    pub fn size(self) -> usize {
        match self {
            Deck::Single48 => 48,
            Deck::Double80 => 80,
        }
    }

    /// Copies of each card in the deck.
    pub fn copies(self) -> u8 {
        match self {
            Deck::Single48 => 2,
            Deck::Double80 => 4,
        }
    }

    pub fn has_nines(self) -> bool {
        matches!(self, Deck::Single48)
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Deal {
    /// Cards per packet when dealing.
    pub packet: u8,
    /// Kitty (widow) size; dealt after the first round of packets.
    pub kitty: u8,
}

/// Each active player passes cards face down to the left before the auction (club).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LeftPass {
    pub cards: u8,
    /// A nine may be passed only if every non-nine card of the hand is part of a
    /// complete meld (runs counted in any suit).
    pub nine_restricted: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PassOrder {
    /// The partner passes first; the bidder sees those cards, then passes back.
    PartnerFirst,
    /// Both pass at once.
    Simultaneous,
}

/// Exchange between the bidder and partner after trump is named.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PartnerPass {
    pub cards: u8,
    pub order: PassOrder,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct Passing {
    pub to_left: Option<LeftPass>,
    pub partner: Option<PartnerPass>,
}

/// Bids at or above `from` must be multiples of `step`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BidBand {
    pub from: u32,
    pub step: u32,
}

/// What happens when everybody before the dealer has passed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum AllPass {
    /// The dealer may pass too; then the hand is thrown in and the next dealer deals.
    ThrowIn,
    /// The dealer must bid (at least the minimum; may bid higher).
    DealerMustBid,
    /// The dealer is stuck with the contract at the minimum.
    DealerStuck,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Auction {
    pub min_bid: u32,
    /// Bid grid, ascending by `from`; the first band's `from` is 0.
    pub bands: Vec<BidBand>,
    /// If set, every bid after the opening must raise the current bid by exactly one
    /// of these amounts.
    pub raises: Option<Vec<u32>>,
    /// Bids ending in 40 or 90 are not allowed.
    pub no_40_90: bool,
    /// The first player to speak must bid.
    pub opener_must_bid: bool,
    /// An opening bid must be exactly the minimum.
    pub open_at_minimum: bool,
    pub all_pass: AllPass,
    /// If the opening bid at the minimum is followed by passes from all others, the
    /// opener may make the dealer take the contract at this bid (Brooklyn's 250).
    pub escape_to: Option<u32>,
    /// Each player may speak at most this many times (double-deck option).
    pub max_rounds: Option<u8>,
    /// Table variant: a player dealt this many nines or more may ask for a redeal
    /// at their first turn in the auction (48-card deck).
    #[serde(default)]
    pub redeal_nines: Option<u8>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TrumpMarriage {
    NotRequired,
    /// Trump must be a suit in which the bidder holds a marriage when naming it;
    /// with none the hand is not played.
    Required,
    /// As `Required`, but checked after the partner exchange.
    RequiredAfterExchange,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ConcedeTiming {
    /// After the kitty is exposed, before trump is named (Brooklyn).
    AfterKitty,
    /// After all meld is shown, before the first lead.
    AfterMeld,
}

/// The declarer's voluntary set (give-up, throw-in).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Concede {
    pub timing: ConcedeTiming,
    /// Only allowed when the bid exceeds the bidding side's meld by more than this.
    pub min_shortfall: Option<u32>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Contract {
    /// The kitty is turned up for all to see, then taken by the declarer.
    pub kitty_exposed: bool,
    /// Cards the declarer buries (discards) after taking the kitty.
    pub bury: u8,
    /// Bury after showing meld, only cards not used in it (club); else before meld,
    /// any cards.
    pub bury_after_meld: bool,
    /// A buried trump is announced to all.
    pub announce_buried_trump: bool,
    pub trump_marriage: TrumpMarriage,
    pub concede: Option<Concede>,
    /// Club: the bidder says play or pass, then each defender challenges or passes.
    pub challenge: bool,
    /// Club option: a dealer stuck at the minimum may decline to look at the widow
    /// and pay a fee into the bowl instead.
    pub dealer_may_decline: bool,
    /// Club option: a bidder whose widow holds three cards that duplicate cards in
    /// hand may decline to play; every other player pays a fee into the bowl.
    pub duplicate_widow_decline: bool,
    /// Table variant: when the declaring side's meld plus every card point still
    /// to be taken cannot reach the bid, the hand ends at once as a concession.
    #[serde(default)]
    pub automatic_set: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MeldBy {
    Declarer,
    All,
}

/// Values by multiplicity: entry `i` is the value of `i + 1` copies of the meld.
/// Shorter tables extend linearly from the single value.
pub type MeldValues = Vec<u32>;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MeldTable {
    pub run: MeldValues,
    pub royal_marriage: MeldValues,
    pub marriage: MeldValues,
    pub dix: MeldValues,
    pub pinochle: MeldValues,
    pub aces: MeldValues,
    pub kings: MeldValues,
    pub queens: MeldValues,
    pub jacks: MeldValues,
}

/// K+Q of every suit as one combination.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Roundhouse {
    pub value: u32,
    /// Value of a run and a roundhouse sharing the trump K+Q, together.
    pub with_run: u32,
    /// Value of a double roundhouse (two K and two Q in every suit), if special.
    pub double: Option<u32>,
}

/// Two royal marriages (K K Q Q of trump) as one combination (bison option).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DoubleRoyal {
    pub value: u32,
    /// With a run: A 10 K K Q Q J of trump.
    pub with_run: u32,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Meld {
    pub by: MeldBy,
    pub table: MeldTable,
    /// When false, n copies of a meld score n times the single value.
    pub double_bonuses: bool,
    /// Partnership: each extra trump K or Q beside a run marries the run's Q or K.
    pub run_extra_marriage: bool,
    pub roundhouse: Option<Roundhouse>,
    pub double_royal: Option<DoubleRoyal>,
    /// The declarer may show less meld than the hand holds (club).
    pub show_subset: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum HeadRule {
    TrumpLed,
    Always,
    /// Table variant (RULES.md §6): following suit, beat the best card of the led
    /// suit even when the trick is trumped; trumping, beat the highest trump.
    Strict,
    Never,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Counting {
    Classic,
    Counters,
    Fives,
    CountersOne,
}

impl Counting {
    /// Points of a card of this rank taken in a trick.
    pub fn value(self, rank: crate::cards::Rank) -> u32 {
        use crate::cards::Rank::*;
        match (self, rank) {
            (Counting::Classic, Ace) => 11,
            (Counting::Classic, Ten) => 10,
            (Counting::Classic, King) => 4,
            (Counting::Classic, Queen) => 3,
            (Counting::Classic, Jack) => 2,
            (Counting::Counters, Ace | Ten | King) => 10,
            (Counting::Fives, Ace | Ten) => 10,
            (Counting::Fives, King | Queen) => 5,
            (Counting::CountersOne, Ace | Ten | King) => 1,
            _ => 0,
        }
    }

    /// Points of these cards, as taken in tricks or buried (no last-trick
    /// bonus).
    pub fn points(self, cards: &[crate::cards::Card]) -> u32 {
        cards.iter().map(|c| self.value(c.rank)).sum()
    }

    /// Bonus for winning the last trick.
    pub fn last_trick(self) -> u32 {
        match self {
            Counting::CountersOne => 2,
            _ => 10,
        }
    }

    /// All card points of a hand, last trick included.
    pub fn total(self) -> u32 {
        match self {
            Counting::CountersOne => 50,
            _ => 250,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Play {
    pub head: HeadRule,
}

/// What a defending side needs to score its meld and tricks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum DefenderNeeds {
    Nothing,
    /// At least one counter card (A, 10 or K) captured (Bison).
    CounterCard,
    /// At least this many trick points (Partnership: 10).
    TrickPoints(u32),
}

/// What the opponents score when the bidding side surrenders (throws in).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SurrenderAward {
    Nothing,
    Meld,
    MeldPlus(u32),
    /// The hand is played out; opponents score meld and tricks.
    PlayOut,
}

/// Bison bunching: a hand is thrown in and redealt when a player holds one of these.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Bunch {
    /// Five nines and no meld but dix.
    FiveNinesOnlyDix,
    /// Six nines and no meld.
    SixNinesNoMeld,
    /// Seven nines.
    SevenNines,
    /// Five nines and no aces.
    FiveNinesNoAces,
    /// Six nines and at most one ace.
    SixNinesOneAce,
}

impl Bunch {
    pub const ALL: [Bunch; 5] = [
        Bunch::FiveNinesOnlyDix,
        Bunch::SixNinesNoMeld,
        Bunch::SevenNines,
        Bunch::FiveNinesNoAces,
        Bunch::SixNinesOneAce,
    ];
}

/// An amount of money in cents as a player reads it: "$0.20", "−$0.20" (a
/// true minus sign), and with `signed` a gain as "+$0.20".
pub fn money_text(cents: i64, signed: bool) -> String {
    let sign = match cents {
        c if c < 0 => "−",
        c if c > 0 && signed => "+",
        _ => "",
    };
    let c = cents.unsigned_abs();
    format!("{sign}${}.{:02}", c / 100, c % 100)
}

/// Money play on top of a points game (Bison option), in cents.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoneyPlay {
    /// Each loser pays the winner this at game end.
    pub game_stake: u32,
    /// A set bidder pays each opponent this (a conceded hand once, a played lost
    /// hand twice).
    pub set_stake: u32,
}

/// Score to a target (Bison, Partnership, Double-deck).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PointsScoring {
    pub target: u32,
    /// Play this many deals instead of to a target.
    pub fixed_deals: Option<u32>,
    /// The game ends when a player (side) is below this while someone is positive.
    pub floor: Option<i32>,
    pub defender_needs: DefenderNeeds,
    /// A bidding side with no trick points scores 0 if its meld reaches the bid
    /// (Partnership) instead of scoring its meld.
    pub bidder_needs_trick_points: bool,
    /// Double-deck "minimum 20" rule.
    pub meld_minimum: Option<u32>,
    pub surrender: SurrenderAward,
    /// Every hand score is multiplied by `multiplier` then divided by `divisor`.
    pub multiplier: u32,
    pub divisor: u32,
    pub bunching: Vec<Bunch>,
    pub money: Option<MoneyPlay>,
    /// Table variant: the game ends as soon as a player or side is at minus this
    /// score or lower; the highest score wins.
    #[serde(default)]
    pub lose_at: Option<u32>,
    /// Table variant: the game ends when the spread between the highest and the
    /// lowest score reaches the target; the leader wins.
    #[serde(default)]
    pub mercy: bool,
    /// Table variant: a player or side may win only on a hand in which it made
    /// the contract or set the declarer.
    #[serde(default)]
    pub must_bid_to_go_out: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum StakeSchedule {
    /// 1, 2, 4, 8, 16, 32 units by bands of 50 from 250; a set pays double.
    Classic,
    /// Win amounts 1, 2, 4, 6, 8, 10, 12 for 300–340 … 600+.
    GentleA,
    /// 1, 3, 7, 10, 13, 16, 19.
    GentleB,
    /// 2, 3, 4, 5, 6, 7, 8.
    GentleC,
}

impl StakeSchedule {
    /// Win amount (stake units) for a bid.
    pub fn win_units(self, bid: u32) -> u32 {
        let band = |from: u32| bid.saturating_sub(from) / 50;
        match self {
            StakeSchedule::Classic => {
                let b = band(300).min(5);
                if bid < 350 {
                    1
                } else {
                    1 << b
                }
            }
            StakeSchedule::GentleA => [1, 2, 4, 6, 8, 10, 12][band(300).min(6) as usize],
            StakeSchedule::GentleB => [1, 3, 7, 10, 13, 16, 19][band(300).min(6) as usize],
            StakeSchedule::GentleC => [2, 3, 4, 5, 6, 7, 8][band(300).min(6) as usize],
        }
    }
}

/// Brooklyn stakes: each opponent (sitting-out players included) pays or is paid.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StakeScoring {
    pub schedule: StakeSchedule,
    /// Spades trump multiplies every payment (2).
    pub spades: u32,
    /// Hearts trump multiplies every payment (1; option 3).
    pub hearts: u32,
}

/// Brooklyn's pot game, in cents.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PotScoring {
    pub ante: u32,
    /// A made bid at or above this also takes the pot.
    pub pot_bid: u32,
    pub spades: u32,
}

impl PotScoring {
    /// What a bid is worth in cents, paid by each opponent when made (and by
    /// the declarer to each and to the pot when set): a tenth of the bid
    /// rounded down to a multiple of 5 (250–290 → 25, 300–340 → 30, …).
    pub fn bid_value(&self, bid: u32) -> u32 {
        bid / 10 / 5 * 5
    }
}

/// The club's high hand competition.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HighHand {
    /// Lowest bid that counts.
    pub min_bid: u32,
    /// A made bid at or above this takes the bonus at once.
    pub instant_bid: u32,
    /// Bonus in cents.
    pub bonus: u32,
}

/// The club's kitty bowl game, in cents.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BowlScoring {
    /// Stake for 300–340; doubles every 50 points.
    pub base_stake: u32,
    pub buy_in: u32,
    /// The bowl pays a winning bidder too when the bid is at least this.
    pub bowl_pays_from: u32,
    pub spades: u32,
    /// Fee into the bowl when a stuck dealer declines.
    pub dealer_decline_fee: u32,
    /// Fee each other player pays into the bowl when a bidder declines a duplicate widow.
    pub duplicate_decline_fee: u32,
    pub high_hand: Option<HighHand>,
}

/// Highest bid of a game whose stake doubles every 50 points (the club): the
/// stake at this bid (2^34 base stakes) still leaves the running ledger room for
/// millions of hands. [`Rules::validate`] keeps the minimum bid low enough for it.
pub const DOUBLING_STAKE_MAX_BID: u32 = 2000;

impl BowlScoring {
    /// Basic stake for a bid: base for 300–340, doubling every 50 up to the
    /// highest bid the rules allow (no cap below it).
    pub fn stake(&self, bid: u32) -> i64 {
        let doublings = bid.min(DOUBLING_STAKE_MAX_BID).saturating_sub(300) / 50;
        // Exact for every rule set that validates (base stake at most 10000).
        i64::from(self.base_stake).saturating_mul(1 << doublings)
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Scoring {
    Points(PointsScoring),
    Stakes(StakeScoring),
    Pot(PotScoring),
    Bowl(BowlScoring),
}

impl Scoring {
    /// Whether results are money/stake payments (a ledger) rather than points.
    pub fn is_ledger(&self) -> bool {
        !matches!(self, Scoring::Points(_))
    }
}

/// A complete rule set.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rules {
    /// The built-in game this rule set derives from.
    pub preset: PresetId,
    pub table: Table,
    pub deck: Deck,
    pub deal: Deal,
    pub passing: Passing,
    pub auction: Auction,
    pub contract: Contract,
    pub meld: Meld,
    pub play: Play,
    pub counting: Counting,
    pub scoring: Scoring,
}

fn linear(single: u32, copies: u32) -> MeldValues {
    (1..=copies).map(|n| single * n).collect()
}

impl Rules {
    /// The built-in rule set for a preset, exactly as RULES.md describes it.
    pub fn preset(id: PresetId) -> Rules {
        match id {
            PresetId::Brooklyn => Rules {
                preset: id,
                table: Table {
                    seats: 3,
                    active: 3,
                    partnerships: false,
                    sit_out: SitOut::DealerPlays,
                },
                deck: Deck::Single48,
                deal: Deal {
                    packet: 3,
                    kitty: 3,
                },
                passing: Passing::default(),
                auction: Auction {
                    min_bid: 300,
                    bands: vec![BidBand { from: 0, step: 10 }],
                    raises: None,
                    no_40_90: true,
                    opener_must_bid: true,
                    open_at_minimum: false,
                    all_pass: AllPass::ThrowIn,
                    escape_to: Some(250),
                    max_rounds: None,
                    redeal_nines: None,
                },
                contract: Contract {
                    kitty_exposed: true,
                    bury: 3,
                    bury_after_meld: false,
                    announce_buried_trump: false,
                    trump_marriage: TrumpMarriage::NotRequired,
                    concede: Some(Concede {
                        timing: ConcedeTiming::AfterKitty,
                        min_shortfall: None,
                    }),
                    challenge: false,
                    dealer_may_decline: false,
                    duplicate_widow_decline: false,
                    automatic_set: false,
                },
                meld: Meld {
                    by: MeldBy::Declarer,
                    table: single_deck_table(false),
                    double_bonuses: false,
                    run_extra_marriage: false,
                    roundhouse: None,
                    double_royal: None,
                    show_subset: false,
                },
                play: Play {
                    head: HeadRule::TrumpLed,
                },
                counting: Counting::Classic,
                scoring: Scoring::Stakes(StakeScoring {
                    schedule: StakeSchedule::Classic,
                    spades: 2,
                    hearts: 1,
                }),
            },
            PresetId::Bison => Rules {
                preset: id,
                table: Table {
                    seats: 3,
                    active: 3,
                    partnerships: false,
                    sit_out: SitOut::DealerPlays,
                },
                deck: Deck::Single48,
                deal: Deal {
                    packet: 3,
                    kitty: 3,
                },
                passing: Passing::default(),
                auction: Auction {
                    min_bid: 250,
                    bands: vec![BidBand { from: 0, step: 10 }],
                    raises: None,
                    no_40_90: false,
                    opener_must_bid: false,
                    open_at_minimum: false,
                    all_pass: AllPass::ThrowIn,
                    escape_to: None,
                    max_rounds: None,
                    redeal_nines: None,
                },
                contract: Contract {
                    kitty_exposed: true,
                    bury: 3,
                    bury_after_meld: false,
                    announce_buried_trump: false,
                    trump_marriage: TrumpMarriage::NotRequired,
                    concede: Some(Concede {
                        timing: ConcedeTiming::AfterMeld,
                        min_shortfall: None,
                    }),
                    challenge: false,
                    dealer_may_decline: false,
                    duplicate_widow_decline: false,
                    automatic_set: false,
                },
                meld: Meld {
                    by: MeldBy::All,
                    table: single_deck_table(true),
                    double_bonuses: true,
                    run_extra_marriage: false,
                    roundhouse: None,
                    double_royal: None,
                    show_subset: false,
                },
                play: Play {
                    head: HeadRule::Always,
                },
                counting: Counting::Counters,
                scoring: Scoring::Points(PointsScoring {
                    target: 1500,
                    fixed_deals: None,
                    floor: None,
                    defender_needs: DefenderNeeds::CounterCard,
                    bidder_needs_trick_points: false,
                    meld_minimum: None,
                    surrender: SurrenderAward::Meld,
                    multiplier: 1,
                    divisor: 1,
                    bunching: Vec::new(),
                    money: None,
                    lose_at: None,
                    mercy: false,
                    must_bid_to_go_out: false,
                }),
            },
            PresetId::Partnership => Rules {
                preset: id,
                table: Table {
                    seats: 4,
                    active: 4,
                    partnerships: true,
                    sit_out: SitOut::DealerPlays,
                },
                deck: Deck::Single48,
                deal: Deal {
                    packet: 3,
                    kitty: 0,
                },
                passing: Passing {
                    to_left: None,
                    partner: Some(PartnerPass {
                        cards: 4,
                        order: PassOrder::PartnerFirst,
                    }),
                },
                auction: Auction {
                    min_bid: 250,
                    bands: vec![BidBand { from: 0, step: 10 }],
                    raises: Some(vec![10, 20]),
                    no_40_90: false,
                    opener_must_bid: false,
                    open_at_minimum: false,
                    all_pass: AllPass::DealerStuck,
                    escape_to: None,
                    max_rounds: None,
                    redeal_nines: None,
                },
                contract: Contract {
                    kitty_exposed: false,
                    bury: 0,
                    bury_after_meld: false,
                    announce_buried_trump: false,
                    trump_marriage: TrumpMarriage::NotRequired,
                    concede: Some(Concede {
                        timing: ConcedeTiming::AfterMeld,
                        min_shortfall: Some(250),
                    }),
                    challenge: false,
                    dealer_may_decline: false,
                    duplicate_widow_decline: false,
                    automatic_set: false,
                },
                meld: Meld {
                    by: MeldBy::All,
                    table: MeldTable {
                        run: vec![150, 1500],
                        royal_marriage: vec![40, 80],
                        marriage: vec![20, 40],
                        dix: vec![10, 20],
                        pinochle: vec![40, 300],
                        aces: vec![100, 1000],
                        kings: vec![80, 800],
                        queens: vec![60, 600],
                        jacks: vec![40, 400],
                    },
                    double_bonuses: true,
                    run_extra_marriage: true,
                    roundhouse: None,
                    double_royal: None,
                    show_subset: false,
                },
                play: Play {
                    head: HeadRule::Always,
                },
                counting: Counting::Counters,
                scoring: Scoring::Points(PointsScoring {
                    target: 1500,
                    fixed_deals: None,
                    floor: None,
                    defender_needs: DefenderNeeds::TrickPoints(10),
                    bidder_needs_trick_points: true,
                    meld_minimum: None,
                    surrender: SurrenderAward::Meld,
                    multiplier: 1,
                    divisor: 1,
                    bunching: Vec::new(),
                    money: None,
                    lose_at: None,
                    mercy: false,
                    must_bid_to_go_out: false,
                }),
            },
            PresetId::DoubleDeck => Rules {
                preset: id,
                table: Table {
                    seats: 4,
                    active: 4,
                    partnerships: true,
                    sit_out: SitOut::DealerPlays,
                },
                deck: Deck::Double80,
                deal: Deal {
                    packet: 4,
                    kitty: 0,
                },
                passing: Passing::default(),
                auction: Auction {
                    min_bid: 50,
                    bands: vec![BidBand { from: 0, step: 1 }, BidBand { from: 61, step: 5 }],
                    raises: None,
                    no_40_90: false,
                    opener_must_bid: false,
                    open_at_minimum: false,
                    all_pass: AllPass::DealerStuck,
                    escape_to: None,
                    max_rounds: None,
                    redeal_nines: None,
                },
                contract: Contract {
                    kitty_exposed: false,
                    bury: 0,
                    bury_after_meld: false,
                    announce_buried_trump: false,
                    trump_marriage: TrumpMarriage::Required,
                    concede: Some(Concede {
                        timing: ConcedeTiming::AfterMeld,
                        min_shortfall: None,
                    }),
                    challenge: false,
                    dealer_may_decline: false,
                    duplicate_widow_decline: false,
                    automatic_set: false,
                },
                meld: Meld {
                    by: MeldBy::All,
                    table: MeldTable {
                        run: vec![15, 150, 225, 300],
                        royal_marriage: linear(4, 4),
                        marriage: linear(2, 4),
                        dix: Vec::new(),
                        pinochle: vec![4, 30, 60, 90],
                        aces: vec![10, 100, 150, 200],
                        kings: vec![8, 80, 120, 160],
                        queens: vec![6, 60, 90, 120],
                        jacks: vec![4, 40, 60, 80],
                    },
                    double_bonuses: true,
                    run_extra_marriage: false,
                    roundhouse: None,
                    double_royal: None,
                    show_subset: false,
                },
                play: Play {
                    head: HeadRule::Always,
                },
                counting: Counting::CountersOne,
                scoring: Scoring::Points(PointsScoring {
                    target: 500,
                    fixed_deals: None,
                    floor: None,
                    defender_needs: DefenderNeeds::Nothing,
                    bidder_needs_trick_points: false,
                    meld_minimum: None,
                    surrender: SurrenderAward::Meld,
                    multiplier: 1,
                    divisor: 1,
                    bunching: Vec::new(),
                    money: None,
                    lose_at: None,
                    mercy: false,
                    must_bid_to_go_out: false,
                }),
            },
            PresetId::Club => Rules {
                preset: id,
                table: Table {
                    seats: 3,
                    active: 3,
                    partnerships: false,
                    sit_out: SitOut::Club,
                },
                deck: Deck::Single48,
                deal: Deal {
                    packet: 3,
                    kitty: 3,
                },
                passing: Passing {
                    to_left: Some(LeftPass {
                        cards: 1,
                        nine_restricted: true,
                    }),
                    partner: None,
                },
                auction: Auction {
                    min_bid: 300,
                    bands: vec![BidBand { from: 0, step: 10 }],
                    raises: None,
                    no_40_90: true,
                    opener_must_bid: false,
                    open_at_minimum: false,
                    all_pass: AllPass::DealerStuck,
                    escape_to: None,
                    max_rounds: None,
                    redeal_nines: None,
                },
                contract: Contract {
                    kitty_exposed: true,
                    bury: 3,
                    bury_after_meld: true,
                    announce_buried_trump: true,
                    trump_marriage: TrumpMarriage::NotRequired,
                    concede: None,
                    challenge: true,
                    dealer_may_decline: false,
                    duplicate_widow_decline: false,
                    automatic_set: false,
                },
                meld: Meld {
                    by: MeldBy::Declarer,
                    table: single_deck_table(false),
                    double_bonuses: false,
                    run_extra_marriage: false,
                    roundhouse: None,
                    double_royal: None,
                    show_subset: true,
                },
                play: Play {
                    head: HeadRule::TrumpLed,
                },
                counting: Counting::Classic,
                scoring: Scoring::Bowl(BowlScoring {
                    base_stake: 10,
                    buy_in: 200,
                    bowl_pays_from: 380,
                    spades: 2,
                    dealer_decline_fee: 20,
                    duplicate_decline_fee: 10,
                    high_hand: None,
                }),
            },
        }
    }

    /// Cards dealt to each active player.
    pub fn hand_size(&self) -> usize {
        (self.deck.size() - self.deal.kitty as usize) / self.table.active as usize
    }

    /// Highest bid the auction accepts: the minimum plus four times the hand's card
    /// points. The rules set no ceiling; this one keeps the legal bids enumerable.
    /// A game whose stake doubles with the bid stops at [`DOUBLING_STAKE_MAX_BID`].
    pub fn max_bid(&self) -> u32 {
        let max = self.auction.min_bid + 4 * self.counting.total();
        if matches!(self.scoring, Scoring::Bowl(_)) {
            max.min(DOUBLING_STAKE_MAX_BID)
        } else {
            max
        }
    }
}

/// Value of `copies` copies of a meld: the table entry, or linear from the single
/// value when the table is shorter or double bonuses are off (saturating, so a
/// custom table cannot overflow). The one meld-value rule: the meld finder and
/// the rules text both use it.
pub fn meld_value(values: &[u32], copies: u32, double_bonuses: bool) -> u32 {
    if copies == 0 || values.is_empty() {
        return 0;
    }
    let single = values[0];
    if !double_bonuses {
        return single.saturating_mul(copies);
    }
    match values.get(copies as usize - 1) {
        Some(&v) => v,
        None => single.saturating_mul(copies),
    }
}

/// The single-deck table of Brooklyn and the club (`doubles` false) or of Bison
/// (`doubles` true: the double values of RULES.md §2).
fn single_deck_table(doubles: bool) -> MeldTable {
    if doubles {
        MeldTable {
            run: vec![150, 1500],
            royal_marriage: vec![40, 80],
            marriage: vec![20, 40],
            dix: vec![10, 20],
            pinochle: vec![40, 300],
            aces: vec![100, 1000],
            kings: vec![80, 800],
            queens: vec![60, 600],
            jacks: vec![40, 400],
        }
    } else {
        MeldTable {
            run: linear(150, 2),
            royal_marriage: linear(40, 2),
            marriage: linear(20, 2),
            dix: linear(10, 2),
            pinochle: linear(40, 2),
            aces: linear(100, 2),
            kings: linear(80, 2),
            queens: linear(60, 2),
            jacks: linear(40, 2),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn money_reads_in_dollars_and_cents() {
        assert_eq!(money_text(20, false), "$0.20");
        assert_eq!(money_text(-20, false), "−$0.20");
        assert_eq!(money_text(20, true), "+$0.20");
        assert_eq!(money_text(0, true), "$0.00");
        assert_eq!(money_text(1010, false), "$10.10");
    }

    #[test]
    fn a_set_of_cards_counts_each_cards_points() {
        let cards = crate::cards::parse_cards("AS TH KD QC JS 9H").expect("cards");
        assert_eq!(Counting::Classic.points(&cards), 11 + 10 + 4 + 3 + 2);
        assert_eq!(Counting::Counters.points(&cards), 30);
        assert_eq!(Counting::Fives.points(&cards), 30);
        assert_eq!(Counting::CountersOne.points(&cards), 3);
        assert_eq!(Counting::Classic.points(&[]), 0);
    }

    #[test]
    fn preset_ids_round_trip() {
        for p in PresetId::ALL {
            assert_eq!(PresetId::from_id(p.id()), Some(p));
            assert_eq!(Rules::preset(p).preset, p);
        }
        assert_eq!(PresetId::from_id("pinochle"), None);
    }

    #[test]
    fn hand_sizes_match_rules_md() {
        let size = |p| Rules::preset(p).hand_size();
        assert_eq!(size(PresetId::Brooklyn), 15);
        assert_eq!(size(PresetId::Bison), 15);
        assert_eq!(size(PresetId::Partnership), 12);
        assert_eq!(size(PresetId::DoubleDeck), 20);
        assert_eq!(size(PresetId::Club), 15);
    }

    #[test]
    fn classic_stakes_follow_the_table() {
        let s = StakeSchedule::Classic;
        let cases = [
            (250, 1),
            (330, 1),
            (340, 1),
            (350, 2),
            (390, 2),
            (400, 4),
            (450, 8),
            (500, 16),
            (550, 32),
            (700, 32),
        ];
        for (bid, units) in cases {
            assert_eq!(s.win_units(bid), units, "bid {bid}");
        }
        assert_eq!(StakeSchedule::GentleB.win_units(600), 19);
        assert_eq!(StakeSchedule::GentleC.win_units(300), 2);
    }

    #[test]
    fn club_stake_doubles_every_fifty() {
        let Scoring::Bowl(b) = Rules::preset(PresetId::Club).scoring else {
            panic!("club settles with the bowl");
        };
        assert_eq!(b.stake(300), 10);
        assert_eq!(b.stake(340), 10);
        assert_eq!(b.stake(350), 20);
        assert_eq!(b.stake(400), 40);
        assert_eq!(b.stake(450), 80);
        // No silent cap: a 2000 bid pays twice a 1950 bid.
        assert_eq!(b.stake(1300), 10 << 20);
        assert_eq!(b.stake(2000), 10 << 34);
        assert_eq!(b.stake(2000), 2 * b.stake(1950));
    }

    #[test]
    fn counting_schemes_total_their_deck() {
        use crate::cards::Rank;
        for (scheme, copies_per_rank) in [
            (Counting::Classic, 8),
            (Counting::Counters, 8),
            (Counting::Fives, 8),
            (Counting::CountersOne, 16),
        ] {
            let cards: u32 = Rank::ALL
                .iter()
                .map(|&r| scheme.value(r) * copies_per_rank)
                .sum();
            assert_eq!(cards + scheme.last_trick(), scheme.total(), "{scheme:?}");
        }
    }

    #[test]
    fn meld_values_extend_linearly_without_bonuses() {
        let pin = vec![40, 300];
        assert_eq!(meld_value(&pin, 2, true), 300);
        assert_eq!(meld_value(&pin, 2, false), 80);
        assert_eq!(meld_value(&pin, 0, true), 0);
        assert_eq!(meld_value(&[4, 30, 60, 90], 4, true), 90);
    }
}
