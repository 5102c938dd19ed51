//! The rule-based player: hand evaluation from meld and trick-taking strength,
//! partner conventions when passing, a sensible bury, and card play that counts
//! the cards gone and the known voids.
//!
//! The evaluation helpers here ([`hand_value`], [`trick_share`]) are shared by
//! the searching players for the decisions they do not search.

use pinochle_engine::game::tricks::{beats, cards_among, winning_index};
use pinochle_engine::game::{same_side, Action, Phase, PlayerView, Seat};
use pinochle_engine::meld::{meld_total, validate_shown};
use pinochle_engine::rules::Scoring;
use pinochle_engine::{Card, CardCounts, Rank, Suit};

use crate::knowledge::Knowledge;

/// The rules of thumb's numbers, in one place. Point amounts are for the
/// 250-point single deck and scale with the game's card points.
#[derive(Clone, Copy, Debug)]
pub struct Tuning {
    /// Share of the card points taken, per unit of trump share of the hand
    /// above [`Tuning::trump_norm`].
    pub trump_weight: f64,
    /// The trump share of an average hand.
    pub trump_norm: f64,
    /// Share of the card points per unit of ace share above the deck's.
    pub ace_weight: f64,
    /// Extra share per ace of trump held (of the copies in the deck).
    pub trump_ace_weight: f64,
    /// The least and most share of the card points a hand is credited with.
    pub share_range: (f64, f64),
    /// Average points the kitty, the partner and the passed cards add to a
    /// declarer's hand.
    pub kitty_help: f64,
    pub partner_help: f64,
    pub pass_help: f64,
    /// Points of safety kept below the hand's value when bidding.
    pub bid_margin: f64,
    /// How far below the bid a hand must be to concede.
    pub concede_margin: f64,
    /// A defender challenges when the bidder needs more than
    /// `total × (base − slope × (share − pivot))` card points, `share` being
    /// the defender's expected share (the pivot when trump is unknown).
    pub challenge_base: f64,
    pub challenge_slope: f64,
    pub challenge_pivot: f64,
    /// Bidding limit moved by the game's end: less when being set loses the
    /// game (lose at −X), more when making the bid wins it (must bid or set to
    /// go out, the mercy rule).
    pub lose_at_margin: f64,
    pub go_out_margin: f64,
    /// Weights of keeping a card: per meld point it serves, trump, ace.
    pub keep_meld: f64,
    pub keep_trump: f64,
    pub keep_ace: f64,
    /// Weights of burying a card: per meld point lost, a trump, per card point,
    /// per card of shortness in its suit, an ace (a trick of its own), an ace
    /// guarded by two more.
    pub bury_meld: f64,
    pub bury_trump: f64,
    pub bury_value: f64,
    pub bury_shortness: f64,
    pub bury_ace: f64,
    pub bury_guarded_ace: f64,
}

/// The basic player's numbers, set by hand and checked in duplicate matches.
pub const TUNING: Tuning = Tuning {
    trump_weight: 1.2,
    trump_norm: 0.25,
    ace_weight: 1.0,
    trump_ace_weight: 0.05,
    share_range: (0.05, 0.95),
    kitty_help: 20.0,
    partner_help: 40.0,
    pass_help: 20.0,
    bid_margin: 10.0,
    concede_margin: 30.0,
    challenge_base: 0.62,
    challenge_slope: 0.4,
    challenge_pivot: 0.3,
    lose_at_margin: 40.0,
    go_out_margin: 20.0,
    keep_meld: 10.0,
    keep_trump: 60.0,
    keep_ace: 30.0,
    bury_meld: 20.0,
    bury_trump: 500.0,
    bury_value: 1.0,
    bury_shortness: 6.0,
    bury_ace: 40.0,
    bury_guarded_ace: 25.0,
};

/// Scale of the game's points relative to the 250-point single deck.
fn scale(view: &PlayerView) -> f64 {
    view.rules.counting.total() as f64 / 250.0
}

/// Expected share of the hand's card points the holder's side takes with
/// `trump`, from trump length and aces relative to an average hand.
pub fn trick_share(view: &PlayerView, hand: &CardCounts, trump: Suit) -> f64 {
    let cards = hand.len().max(1) as f64;
    let players = view.public.hand.active.len().max(3) as f64;
    let fair = if view.rules.table.partnerships {
        0.5
    } else {
        1.0 / players
    };
    let trumps = hand.suit_len(trump) as f64 / cards;
    let aces: usize = Suit::ALL
        .iter()
        .map(|&s| hand.get(Rank::Ace, s) as usize)
        .sum();
    let aces = aces as f64 / cards;
    let deck = view.rules.deck.size() as f64;
    let ace_rate = 4.0 * view.rules.deck.copies() as f64 / deck;
    let trump_aces = hand.get(Rank::Ace, trump) as f64 / view.rules.deck.copies() as f64;
    let t = &TUNING;
    (fair
        + t.trump_weight * (trumps - t.trump_norm)
        + t.ace_weight * (aces - ace_rate)
        + t.trump_ace_weight * trump_aces)
        .clamp(t.share_range.0, t.share_range.1)
}

/// Meld plus expected card points of a hand as declarer with `trump`.
pub fn hand_value(view: &PlayerView, hand: &CardCounts, trump: Suit) -> f64 {
    let meld = meld_total(&view.rules, hand, Some(trump)) as f64;
    meld + trick_share(view, hand, trump) * view.rules.counting.total() as f64
}

/// The best trump for a hand and its value; suits of two cards or fewer only
/// when nothing longer is allowed.
pub fn best_trump(view: &PlayerView, hand: &CardCounts, allowed: &[Suit]) -> Option<(Suit, f64)> {
    let long_exists = allowed.iter().any(|&s| hand.suit_len(s) > 2);
    allowed
        .iter()
        .map(|&s| {
            let short_penalty = if long_exists && hand.suit_len(s) <= 2 {
                1e6
            } else {
                0.0
            };
            (s, hand_value(view, hand, s) - short_penalty)
        })
        .max_by(|a, b| a.1.total_cmp(&b.1))
}

/// What a player expects its side to make as declarer before the kitty and
/// any exchange: own hand plus the average help from kitty, partner and passes.
pub fn bidding_value(view: &PlayerView, hand: &CardCounts) -> f64 {
    best_trump(view, hand, &Suit::ALL).map_or(0.0, |(_, own)| own + declarer_help(view))
}

/// What a bidder (the rules of thumb and the expert alike) takes off its
/// limit when its partner holds the high bid and every opponent has passed:
/// a higher bid then only raises its own side's contract, which is worth it
/// only to name trump with a clearly better hand (50 points in a 250-point
/// deal). Bidding on by the limit alone, partners had raised each other up
/// to the lower of their limits.
///
/// Measured with `pinochle tournament --a expert --b basic`, the expert
/// keeping to it first: partnership seed 100 (300 deals) +87.2 -> +89.5,
/// seed 300 (1000 deals) +78.1 -> +84.6, seed 500 (1000 deals) +78.6 ->
/// +88.5, contracts made about 0.87 -> 0.89 (passing to the partner always:
/// +80.8 and +82.2 on the first two); double deck seed 100 (300 deals)
/// +18.8 -> +19.0. The rules of thumb keeping to it too moved those
/// partnership margins by no more than the noise (seed 300 +84.6 -> +83.4,
/// seed 500 +88.5 -> +89.4).
pub fn partner_yield(view: &PlayerView) -> f64 {
    let h = &view.public.hand;
    let Some((high, _)) = h.high else {
        return 0.0;
    };
    let ours = |seat: Seat| same_side(&view.rules, seat, view.seat);
    if high != view.seat && ours(high) && h.active.iter().all(|&s| ours(s) || h.passed[s]) {
        PARTNER_YIELD * scale(view)
    } else {
        0.0
    }
}

/// [`partner_yield`] in a 250-point deal.
const PARTNER_YIELD: f64 = 50.0;

/// The highest bid the rules of thumb make with `hand` (before the game's
/// end rules move it, see [`game_end_margin`]): its value less a margin.
pub fn bidding_limit(view: &PlayerView, hand: &CardCounts) -> f64 {
    bidding_value(view, hand) - TUNING.bid_margin * scale(view)
}

/// [`bidding_value`] with `trump` named: what a bidder who named it expected.
pub fn declarer_value(view: &PlayerView, hand: &CardCounts, trump: Suit) -> f64 {
    hand_value(view, hand, trump) + declarer_help(view)
}

/// The average help a bid counts on beyond the bidder's hand: from the kitty,
/// the partner and the passes.
fn declarer_help(view: &PlayerView) -> f64 {
    let t = &TUNING;
    let kitty_help = if view.rules.deal.kitty > 0 {
        t.kitty_help
    } else {
        0.0
    };
    let partner_help = if view.rules.table.partnerships {
        t.partner_help
    } else {
        0.0
    };
    let pass_help = if view.rules.passing.partner.is_some() {
        t.pass_help
    } else {
        0.0
    };
    (kitty_help + partner_help + pass_help) * scale(view)
}

/// Picks the action of every decision by rules of thumb.
pub fn decide(view: &PlayerView, legal: &[Action]) -> Option<Action> {
    let first = legal.first()?.clone();
    if legal.len() == 1 {
        return Some(first);
    }
    let hand = view.own.hand;
    let h = &view.public.hand;
    let s = scale(view);
    let choice = match view.phase() {
        Phase::Auction => bid(
            view,
            legal,
            bidding_limit(view, &hand) - partner_yield(view),
        ),
        Phase::Escape => {
            let keep = bidding_value(view, &hand) >= h.bid.unwrap_or(0) as f64;
            Some(if keep { Action::Keep } else { Action::Escape })
        }
        Phase::DealerDecline | Phase::DuplicateDecline => Some(Action::Play),
        Phase::KittyConcede | Phase::BidderDecision | Phase::MeldConcede => {
            let value = match h.trump {
                Some(t) => {
                    let meld = if h.melds.iter().any(Option::is_some) {
                        h.side_meld(&view.rules, view.seat) as f64
                    } else {
                        meld_total(&view.rules, &hand, Some(t)) as f64
                    };
                    meld + trick_share(view, &hand, t) * view.rules.counting.total() as f64
                }
                None => best_trump(view, &hand, &Suit::ALL).map_or(0.0, |(_, v)| v),
            };
            let hopeless = value < h.bid.unwrap_or(0) as f64 - TUNING.concede_margin * s;
            Some(if hopeless {
                Action::Concede
            } else {
                Action::Play
            })
        }
        Phase::Challenge => {
            let bid = h.bid.unwrap_or(0) as f64;
            let meld = h.declarer.map_or(0, |d| h.side_meld(&view.rules, d)) as f64;
            Some(if challenges(view, &hand, bid - meld) {
                Action::Challenge
            } else {
                Action::Pass
            })
        }
        Phase::Trump => {
            let allowed: Vec<Suit> = legal
                .iter()
                .filter_map(|a| match a {
                    Action::ChooseTrump(s) => Some(*s),
                    _ => None,
                })
                .collect();
            best_trump(view, &hand, &allowed).map(|(s, _)| Action::ChooseTrump(s))
        }
        Phase::PassLeft => pass_left_card(view, &hand, legal).map(Action::PassCard),
        Phase::PartnerPass => {
            let declarer = h.declarer == Some(view.seat);
            let trump = h.trump;
            let losses = declarer.then(|| MeldLosses::of(view, &hand, trump));
            pick_card(legal, |c| match &losses {
                Some(losses) => -keep_score(view, &hand, trump, c, losses),
                None => partner_gift_score(trump, c),
            })
            .map(Action::PassCard)
        }
        Phase::Bury => {
            let losses = MeldLosses::of(view, &hand, h.trump);
            pick_card(legal, |c| bury_score(view, &hand, h.trump, c, &losses)).map(Action::Bury)
        }
        Phase::ShowMeld => legal
            .iter()
            .max_by_key(|a| match a {
                Action::ShowMeld(keys) => validate_shown(&view.rules, &hand, h.trump, keys)
                    .map(|m| m.total)
                    .unwrap_or(0),
                _ => 0,
            })
            .cloned(),
        Phase::Tricks => play_card(view, legal).map(Action::PlayCard),
        Phase::SessionOver => None,
    };
    Some(choice.filter(|c| legal.contains(c)).unwrap_or(first))
}

/// Whether a defender holding `hand` challenges a bidder who still needs
/// `need` card points: the more of the points the bidder needs and the
/// stronger the hand, the likelier a set.
pub fn challenges(view: &PlayerView, hand: &CardCounts, need: f64) -> bool {
    let total = view.rules.counting.total() as f64;
    let share = view
        .public
        .hand
        .trump
        .map_or(TUNING.challenge_pivot, |t| trick_share(view, hand, t));
    let t = &TUNING;
    need > total * (t.challenge_base - t.challenge_slope * (share - t.challenge_pivot))
}

/// The lowest legal bid while it stays within `limit` (moved by the game's end
/// rules, [`game_end_margin`]), else a pass (or the lowest bid when passing is
/// not allowed). A redeal on nines is asked for whenever it may be (RULES.md §6).
pub fn bid(view: &PlayerView, legal: &[Action], limit: f64) -> Option<Action> {
    if legal.contains(&Action::DeclineHand) {
        return Some(Action::DeclineHand);
    }
    let lowest = legal.iter().find_map(|a| match a {
        Action::Bid(b) => Some(*b),
        _ => None,
    });
    let may_pass = legal.contains(&Action::Pass);
    match lowest {
        Some(b) if (b as f64) <= limit + game_end_margin(view, b) || !may_pass => {
            Some(Action::Bid(b))
        }
        _ => Some(Action::Pass),
    }
}

/// How a points game's end rules move the bidding limit for a bid of `bid`:
/// more when only a made contract takes the side out (must bid or set to go
/// out) or when making it ends the game by the mercy rule; less when being set
/// would put the side at the losing score (lose at −X).
pub fn game_end_margin(view: &PlayerView, bid: u32) -> f64 {
    let Scoring::Points(p) = &view.rules.scoring else {
        return 0.0;
    };
    let s = scale(view);
    let scores = &view.public.session.scores;
    let mine = scores.get(view.seat).copied().unwrap_or(0);
    // On the score sheet's scale, as the scores are.
    let (bid, target) = (p.scaled(i64::from(bid)), p.sheet_target());
    let lowest_other = (0..scores.len())
        .filter(|&x| !same_side(&view.rules, x, view.seat))
        .map(|x| scores[x])
        .min()
        .unwrap_or(0);
    let mut margin = 0.0;
    if p.sheet_lose_at().is_some_and(|x| mine - bid <= -x) {
        margin -= TUNING.lose_at_margin * s;
    }
    if p.must_bid_to_go_out && p.fixed_deals.is_none() && mine + bid >= target {
        margin += TUNING.go_out_margin * s;
    }
    if p.mercy && mine + bid - lowest_other >= target {
        margin += TUNING.go_out_margin * s;
    }
    margin
}

/// The card among `legal` (card actions) with the highest score.
fn pick_card(legal: &[Action], score: impl Fn(Card) -> f64) -> Option<Card> {
    legal
        .iter()
        .filter_map(|a| match a {
            Action::PassCard(c) | Action::Bury(c) | Action::PlayCard(c) => Some((*c, score(*c))),
            _ => None,
        })
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(card, _)| card)
}

/// The card of `legal` the rules of thumb pass to the left from `hand` before
/// the auction: the one the hand least wants to keep with the trump it likes
/// best.
pub fn pass_left_card(view: &PlayerView, hand: &CardCounts, legal: &[Action]) -> Option<Card> {
    let trump = best_trump(view, hand, &Suit::ALL).map(|(s, _)| s);
    let losses = MeldLosses::of(view, hand, trump);
    pick_card(legal, |c| -keep_score(view, hand, trump, c, &losses))
}

/// The meld each card of a hand takes with it: the hand's meld less the
/// meld without that card, for every card held. One meld search for the
/// whole hand and one per distinct card held, shared by every comparison
/// of the cards' scores.
struct MeldLosses([f64; 24]);

impl MeldLosses {
    fn of(view: &PlayerView, hand: &CardCounts, trump: Option<Suit>) -> MeldLosses {
        let whole = f64::from(meld_total(&view.rules, hand, trump));
        let mut losses = [0.0; 24];
        for card in (0..24).map(Card::from_index).filter(|&c| hand.count(c) > 0) {
            let mut without = *hand;
            without.remove(card);
            losses[card.index()] = whole - f64::from(meld_total(&view.rules, &without, trump));
        }
        MeldLosses(losses)
    }

    fn of_card(&self, card: Card) -> f64 {
        self.0[card.index()]
    }
}

/// How much a hand wants to keep a card: meld it serves, trumps, aces, length.
fn keep_score(
    view: &PlayerView,
    hand: &CardCounts,
    trump: Option<Suit>,
    card: Card,
    losses: &MeldLosses,
) -> f64 {
    let value = view.rules.counting.value(card.rank) as f64 / scale(view).max(0.01);
    let meld_loss = losses.of_card(card);
    let t = &TUNING;
    let trump_bonus = if Some(card.suit) == trump {
        t.keep_trump
    } else {
        0.0
    };
    let ace_bonus = if card.rank == Rank::Ace {
        t.keep_ace
    } else {
        0.0
    };
    let length = hand.suit_len(card.suit) as f64;
    meld_loss * t.keep_meld + trump_bonus + ace_bonus + value + card.rank.index() as f64 + length
}

/// The partner exchange as the rules of thumb make it: the partner gives its
/// `cards` best gifts for `trump`, the bidder returns the `cards` it least
/// wants to keep. Returns the bidder's and the partner's hands after it.
pub fn partner_exchange(
    view: &PlayerView,
    bidder: &CardCounts,
    partner: &CardCounts,
    trump: Suit,
    cards: usize,
) -> (CardCounts, CardCounts) {
    let (mut bidder, mut partner) = (*bidder, *partner);
    let gifts = partner_gifts(&partner, trump, cards);
    move_cards(&gifts, &mut partner, &mut bidder);
    let returns = bidder_returns(view, &bidder, trump, cards);
    move_cards(&returns, &mut bidder, &mut partner);
    (bidder, partner)
}

/// Moves `cards` from one hand to another.
pub fn move_cards(cards: &CardCounts, from: &mut CardCounts, to: &mut CardCounts) {
    for card in cards.to_cards() {
        from.remove(card);
        to.add(card);
    }
}

/// The `count` cards of `hand` the bidder's partner gives by the rules of
/// thumb for `trump`, best gift first.
pub fn partner_gifts(hand: &CardCounts, trump: Suit, count: usize) -> CardCounts {
    let mut left = *hand;
    let mut gifts = CardCounts::EMPTY;
    for _ in 0..count {
        let gift = left.to_cards().into_iter().max_by(|&a, &b| {
            partner_gift_score(Some(trump), a).total_cmp(&partner_gift_score(Some(trump), b))
        });
        let Some(card) = gift else { break };
        left.remove(card);
        gifts.add(card);
    }
    gifts
}

/// The `count` cards of `hand` the bidder returns to its partner by the rules
/// of thumb for `trump`: those it least wants to keep.
pub fn bidder_returns(
    view: &PlayerView,
    hand: &CardCounts,
    trump: Suit,
    count: usize,
) -> CardCounts {
    let mut kept = *hand;
    let mut returns = CardCounts::EMPTY;
    for _ in 0..count {
        let losses = MeldLosses::of(view, &kept, Some(trump));
        let back = kept
            .to_cards()
            .into_iter()
            .map(|c| (c, keep_score(view, &kept, Some(trump), c, &losses)))
            .min_by(|a, b| a.1.total_cmp(&b.1));
        let Some((card, _)) = back else { break };
        kept.remove(card);
        returns.add(card);
    }
    returns
}

/// What the bidder's partner gives first: trumps, aces, pinochle parts.
fn partner_gift_score(trump: Option<Suit>, card: Card) -> f64 {
    let rank = card.rank.index() as f64;
    if Some(card.suit) == trump {
        200.0 + rank
    } else if card.rank == Rank::Ace {
        150.0
    } else if matches!(
        (card.rank, card.suit),
        (Rank::Queen, Suit::Spades) | (Rank::Jack, Suit::Diamonds)
    ) {
        120.0
    } else {
        rank
    }
}

/// The card of `hand` the rules of thumb bury first with `trump`.
pub fn best_bury(view: &PlayerView, hand: &CardCounts, trump: Option<Suit>) -> Option<Card> {
    best_bury_among(view, hand, trump, &CardCounts::EMPTY)
}

/// [`best_bury`] among the cards of `hand` not held back by `locked` (the
/// cards a meld already shown uses, where the bury follows the meld).
pub fn best_bury_among(
    view: &PlayerView,
    hand: &CardCounts,
    trump: Option<Suit>,
    locked: &CardCounts,
) -> Option<Card> {
    let losses = MeldLosses::of(view, hand, trump);
    hand.to_cards()
        .into_iter()
        .filter(|&c| hand.count(c) > locked.count(c))
        .map(|c| (c, bury_score(view, hand, trump, c, &losses)))
        .max_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(card, _)| card)
}

/// How good a card is to bury: never meld or trumps, hardly an ace; short
/// side suits first, to void them, their counters before their low cards
/// (they count for the declarer and would be lost in play). The weights were
/// set against every bury a hand allows, valued on sampled deals (the
/// `choice_regret` example): burying aces and counters first had lost about
/// 1.7 times what this loses.
fn bury_score(
    view: &PlayerView,
    hand: &CardCounts,
    trump: Option<Suit>,
    card: Card,
    losses: &MeldLosses,
) -> f64 {
    let meld_loss = losses.of_card(card);
    let t = &TUNING;
    let trump_penalty = if Some(card.suit) == trump {
        t.bury_trump
    } else {
        0.0
    };
    let value = view.rules.counting.value(card.rank) as f64 / scale(view).max(0.01);
    let shortness = 6.0 - hand.suit_len(card.suit).min(6) as f64;
    let ace = card.rank == Rank::Ace;
    let safe_ace = ace && hand.suit_len(card.suit) >= 3;
    -meld_loss * t.bury_meld - trump_penalty + value * t.bury_value + shortness * t.bury_shortness
        - if ace { t.bury_ace } else { 0.0 }
        - if safe_ace { t.bury_guarded_ace } else { 0.0 }
}

/// Card play: sure winners, feeding a winning partner, cheap discards.
fn play_card(view: &PlayerView, legal: &[Action]) -> Option<Card> {
    let cards = cards_among(legal);
    let h = &view.public.hand;
    let trump = h.trump;
    let counting = view.rules.counting;
    let knowledge = Knowledge::from_view(view);
    let mut outstanding = CardCounts::EMPTY;
    for f in &knowledge.fixed {
        outstanding.add_all(f);
    }
    for &(c, _) in &knowledge.free {
        outstanding.add(c);
    }
    let void = |seat: Seat, suit: Suit| -> bool {
        knowledge
            .active
            .iter()
            .position(|&s| s == seat)
            .is_some_and(|i| {
                Rank::ALL.iter().all(|&r| {
                    let card = Card::new(r, suit);
                    knowledge
                        .free
                        .iter()
                        .all(|&(c, m)| c != card || m & (1 << i) == 0)
                        && knowledge.fixed[i].count(card) == 0
                })
            })
    };
    let trick: Vec<Card> = h.current_trick().iter().map(|p| p.card).collect();
    let n = h.active.len();
    let me_index = h.active.iter().position(|&s| s == view.seat).unwrap_or(0);
    let after: Vec<Seat> = (1..n - trick.len())
        .map(|k| h.active[(me_index + k) % n])
        .collect();
    let opponents_after: Vec<Seat> = after
        .iter()
        .copied()
        .filter(|&s| !same_side(&view.rules, s, view.seat))
        .collect();
    // A card wins against everyone to play after it.
    let holds = |card: Card, winning_so_far: Option<Card>| -> bool {
        if let Some(w) = winning_so_far {
            if !beats(card, w, trump) {
                return false;
            }
        }
        let led = trick.first().map_or(card.suit, |c| c.suit);
        let higher_out = Rank::ALL
            .iter()
            .any(|&r| r > card.rank && outstanding.get(r, card.suit) > 0);
        let trumped = Some(card.suit) != trump
            && trump.is_some_and(|t| {
                outstanding.suit_len(t) > 0
                    && opponents_after.iter().any(|&s| void(s, led) && !void(s, t))
            });
        (!higher_out || opponents_after.is_empty()) && !trumped
    };
    let value = |c: &Card| counting.value(c.rank) as i32;
    let cheapest = |list: &[Card]| -> Option<Card> {
        list.iter()
            .copied()
            .min_by_key(|c| (value(c), i32::from(Some(c.suit) == trump), c.rank.index()))
    };
    if trick.is_empty() {
        let declarer_side = h
            .declarer
            .is_some_and(|d| same_side(&view.rules, d, view.seat));
        let winners: Vec<Card> = cards.iter().copied().filter(|&c| holds(c, None)).collect();
        let trump_winner = winners.iter().copied().find(|c| Some(c.suit) == trump);
        let trumps_out = trump.is_some_and(|t| outstanding.suit_len(t) > 0);
        if declarer_side && trumps_out {
            if let Some(c) = trump_winner {
                return Some(c);
            }
        }
        if let Some(c) = winners
            .iter()
            .copied()
            .filter(|c| Some(c.suit) != trump)
            .max_by_key(|c| (value(c), c.rank.index()))
        {
            return Some(c);
        }
        let side: Vec<Card> = cards
            .iter()
            .copied()
            .filter(|c| Some(c.suit) != trump)
            .collect();
        return cheapest(if side.is_empty() { &cards } else { &side });
    }
    let win_i = winning_index(&trick, trump).unwrap_or(0);
    let winning = trick[win_i];
    let winner_seat = h.current_trick()[win_i].seat;
    let side_wins = same_side(&view.rules, winner_seat, view.seat);
    if side_wins && (opponents_after.is_empty() || holds(winning, None)) {
        // Feed points to the side's winning card, sparing trumps.
        return cards
            .iter()
            .copied()
            .filter(|&c| !beats(c, winning, trump) || Some(c.suit) != trump)
            .max_by_key(|c| {
                (
                    value(c) * 2 - i32::from(Some(c.suit) == trump) * 30,
                    c.rank.index(),
                )
            })
            .or_else(|| cheapest(&cards));
    }
    let takers: Vec<Card> = cards
        .iter()
        .copied()
        .filter(|&c| beats(c, winning, trump))
        .collect();
    if !side_wins && !takers.is_empty() {
        if opponents_after.is_empty() {
            return takers.iter().copied().max_by_key(|c| {
                (
                    value(c) - i32::from(Some(c.suit) == trump) * 20,
                    -(c.rank.index() as i32),
                )
            });
        }
        let sure: Vec<Card> = takers
            .iter()
            .copied()
            .filter(|&c| holds(c, Some(winning)))
            .collect();
        if let Some(c) = sure.iter().copied().min_by_key(|c| c.rank.index()) {
            return Some(c);
        }
    }
    let losers: Vec<Card> = cards
        .iter()
        .copied()
        .filter(|&c| !beats(c, winning, trump))
        .collect();
    cheapest(if losers.is_empty() { &cards } else { &losers })
}
