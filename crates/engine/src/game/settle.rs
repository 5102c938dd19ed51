//! Settlement of a finished hand per RULES.md (points with their side rules,
//! Brooklyn stakes, the pot game, the club's kitty bowl with its high hand) and
//! the end of the session (target with tie rules, fixed deals, floor, deal limit).

use crate::cards::Suit;
use crate::rules::{
    BowlScoring, DefenderNeeds, PointsScoring, PotScoring, Scoring, StakeScoring, SurrenderAward,
};

use super::action::Phase;
use super::record::Outcome;
use super::seating::{same_side, side_key, Seat, MAX_SEATS};
use super::state::{
    ConcessionKind, GameEndReason, HandEnd, HighHandHolder, Ledger, SessionResult, State,
    ThrowInReason,
};

/// What a hand changes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Settlement {
    pub outcome: Outcome,
    /// Card points per seat: tricks, last trick bonus, and buried cards for the declarer.
    pub card_points: [u32; MAX_SEATS],
    /// Points games: the change of each seat's score (partners alike).
    pub delta: Option<Vec<i64>>,
    /// Ledger games (and money play): the net change of each party.
    pub payments: Option<Ledger>,
    /// The club's high hand after this hand, if it changed.
    pub high_hand: Option<Option<HighHandHolder>>,
    /// Money play: set stakes the declaring side now owes the game's winner (one
    /// for a conceded hand, two for a played, lost one).
    pub set_stakes: u32,
}

/// Rank of a trump suit for the high hand: ♠ > ♥ > ♦ > ♣.
fn suit_rank(s: Suit) -> u8 {
    3 - s.index() as u8
}

/// What one side of a points game holds when its hand is scored.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SideTally {
    /// The meld its members showed.
    pub meld: u32,
    /// Its card points: tricks, the last trick and a declarer's bury.
    pub points: u32,
    /// Whether it captured a counter (an ace, ten or king).
    pub counter: bool,
}

/// A side's score for a hand of a points game, before the multiplier.
impl PointsScoring {
    /// The meld a side scores: none below the meld minimum.
    pub fn counted_meld(&self, side: SideTally) -> i64 {
        if self.meld_minimum.is_some_and(|m| side.meld < m) {
            0
        } else {
            i64::from(side.meld)
        }
    }

    /// Whether a side's card points fall below the minimum it must take.
    fn below_minimum(&self, side: SideTally) -> bool {
        self.meld_minimum.is_some_and(|m| side.points < m)
    }

    /// A hand played out: the declaring side's score and whether it made
    /// the bid.
    pub fn declarer_played(&self, bid: u32, side: SideTally) -> (i64, bool) {
        let bid = i64::from(bid);
        let (meld, points) = (self.counted_meld(side), i64::from(side.points));
        if self.below_minimum(side) {
            (-bid, false)
        } else if points == 0 && self.bidder_needs_trick_points {
            if meld >= bid {
                (0, true)
            } else {
                (-bid, false)
            }
        } else if meld + points >= bid {
            (meld + points, true)
        } else {
            (-bid, false)
        }
    }

    /// A hand played out: a defending side's score (nothing when it did not
    /// take what it needs).
    pub fn defender_played(&self, side: SideTally) -> i64 {
        let needs_met = match self.defender_needs {
            DefenderNeeds::Nothing => true,
            DefenderNeeds::CounterCard => side.counter,
            DefenderNeeds::TrickPoints(n) => side.points >= n,
        };
        if needs_met && !self.below_minimum(side) {
            self.counted_meld(side) + i64::from(side.points)
        } else {
            0
        }
    }

    /// A conceded hand: a defending side's score.
    pub fn defender_conceded(&self, side: SideTally) -> i64 {
        match self.surrender {
            SurrenderAward::Nothing => 0,
            SurrenderAward::Meld | SurrenderAward::PlayOut => self.counted_meld(side),
            SurrenderAward::MeldPlus(x) => self.counted_meld(side) + i64::from(x),
        }
    }

    /// A hand score as the game writes it: times the multiplier, over the
    /// divisor.
    pub fn scaled(&self, score: i64) -> i64 {
        score * i64::from(self.multiplier) / i64::from(self.divisor.max(1))
    }

    /// The game's target on the score sheet. A target is a score, so it is
    /// scaled as every score is (bison: "divide all the scores by 10 … a
    /// target score of 1500 to win the game would become 150"); a game at
    /// ×10 played to the unscaled 500 ended on its first hand.
    pub fn sheet_target(&self) -> i64 {
        self.scaled(i64::from(self.target))
    }

    /// The losing floor on the score sheet (scaled as the target is).
    pub fn sheet_floor(&self) -> Option<i64> {
        self.floor.map(|f| self.scaled(i64::from(f)))
    }

    /// The "lose at minus" score on the score sheet, as a positive figure
    /// (scaled as the target is).
    pub fn sheet_lose_at(&self) -> Option<i64> {
        self.lose_at.map(|x| self.scaled(i64::from(x)))
    }
}

impl State {
    fn side_key(&self, seat: Seat) -> Seat {
        side_key(&self.rules, seat)
    }

    pub(super) fn settle(&self, end: HandEnd) -> Settlement {
        let h = &self.public.hand;
        let mut card_points = h.trick_points;
        if let Some(d) = h.declarer {
            card_points[d] += self.rules.counting.points(&self.private[d].buried);
        }
        let mut s = Settlement {
            outcome: Outcome::ThrownIn,
            card_points,
            delta: None,
            payments: None,
            high_hand: None,
            set_stakes: 0,
        };
        let (Some(declarer), Some(bid)) = (h.declarer, h.bid) else {
            // Nobody bid (all passed, bunching): nothing changes.
            if matches!(self.rules.scoring, Scoring::Points(_)) {
                s.delta = Some(vec![0; self.public.seats]);
            } else {
                s.payments = Some(self.zero_ledger());
            }
            return s;
        };
        match &self.rules.scoring {
            Scoring::Points(p) => self.settle_points(p, end, declarer, bid, &mut s),
            Scoring::Stakes(st) => self.settle_stakes(st, end, declarer, bid, &mut s),
            Scoring::Pot(pot) => self.settle_pot(pot, end, declarer, bid, &mut s),
            Scoring::Bowl(b) => self.settle_bowl(b, end, declarer, bid, &mut s),
        }
        s
    }

    fn zero_ledger(&self) -> Ledger {
        Ledger {
            seats: vec![0; self.public.seats],
            bowl: 0,
            pot: 0,
        }
    }

    /// In the trick play of a game that pays on the contract's outcome
    /// alone (stakes, a pot or a bowl), that outcome once no card still to
    /// be played can change it: `Some(true)` when the declarer's meld and
    /// the card points already theirs (tricks taken and the bury) reach the
    /// bid, `Some(false)` when even every point still in play would leave it
    /// short. `None` before and after the play, in points games (where every
    /// card point scores), and while the cards still decide.
    pub fn contract_decided(&self) -> Option<bool> {
        let h = &self.public.hand;
        if !self.rules.scoring.is_ledger() || h.phase != Phase::Tricks || h.surrendered {
            return None;
        }
        let (declarer, bid) = (h.declarer?, h.bid?);
        let counting = self.rules.counting;
        let buried = counting.points(&self.private[declarer].buried);
        let mut card_points = h.trick_points;
        card_points[declarer] += buried;
        let taken = h.trick_points.iter().sum::<u32>() + buried;
        let in_play = counting.total().saturating_sub(taken);
        if self.declarer_made(declarer, bid, &card_points) {
            Some(true)
        } else {
            card_points[declarer] += in_play;
            (!self.declarer_made(declarer, bid, &card_points)).then_some(false)
        }
    }

    /// Whether the declarer (alone) made the bid with meld and card points.
    fn declarer_made(&self, declarer: Seat, bid: u32, card_points: &[u32; MAX_SEATS]) -> bool {
        let meld = self.public.hand.melds[declarer]
            .as_ref()
            .map_or(0, |m| m.total);
        meld + card_points[declarer] >= bid
    }

    fn outcome_of(&self, end: HandEnd, made: bool) -> Outcome {
        match end {
            HandEnd::Played if self.public.hand.surrendered => Outcome::Conceded,
            HandEnd::Played if made => Outcome::Made,
            HandEnd::Played => Outcome::Set,
            HandEnd::Unchallenged => Outcome::Made,
            HandEnd::Conceded(_) => Outcome::Conceded,
            HandEnd::ThrownIn(_) => Outcome::ThrownIn,
        }
    }

    fn settle_points(
        &self,
        p: &PointsScoring,
        end: HandEnd,
        declarer: Seat,
        bid: u32,
        s: &mut Settlement,
    ) {
        let h = &self.public.hand;
        let seats = self.public.seats;
        let dside = self.side_key(declarer);
        let mut sides: Vec<Seat> = h.active.iter().map(|&x| self.side_key(x)).collect();
        crate::sort::sort(&mut sides);
        sides.dedup();
        let members = |side: Seat| {
            h.active
                .iter()
                .copied()
                .filter(move |&x| self.side_key(x) == side)
        };
        let tally = |side: Seat| SideTally {
            meld: members(side)
                .filter_map(|x| h.melds[x].as_ref().map(|m| m.total))
                .sum(),
            points: members(side).map(|x| s.card_points[x]).sum(),
            counter: members(side).any(|x| h.counters_taken[x] > 0),
        };
        let mut made = false;
        let mut side_delta = |side: Seat| -> i64 {
            let t = tally(side);
            if side == dside {
                return match end {
                    HandEnd::Played if h.surrendered => -i64::from(bid),
                    HandEnd::Played => {
                        let (score, made_it) = p.declarer_played(bid, t);
                        made = made_it;
                        score
                    }
                    HandEnd::Unchallenged => {
                        made = true;
                        p.counted_meld(t)
                    }
                    HandEnd::Conceded(_) | HandEnd::ThrownIn(_) => -i64::from(bid),
                };
            }
            match end {
                HandEnd::Played => p.defender_played(t),
                HandEnd::Conceded(_) => p.defender_conceded(t),
                HandEnd::ThrownIn(ThrowInReason::MeldMinimum) => p.counted_meld(t),
                HandEnd::ThrownIn(_) | HandEnd::Unchallenged => 0,
            }
        };
        let mut delta = vec![0i64; seats];
        for side in sides {
            let d = p.scaled(side_delta(side));
            for x in h
                .active
                .iter()
                .copied()
                .filter(|&x| self.side_key(x) == side)
            {
                delta[x] = d;
            }
            // Partners sitting out do not exist (partnership tables are all dealt in).
        }
        s.outcome = self.outcome_of(end, made);
        if p.money.is_some() {
            // Set stakes are owed to the game's eventual winner (RULES.md §7):
            // nothing is paid per hand; the declaring side's sets are counted.
            s.set_stakes = match s.outcome {
                Outcome::Conceded => 1,
                Outcome::Set => 2,
                _ => 0,
            };
            s.payments = Some(self.zero_ledger());
        }
        s.delta = Some(delta);
    }

    fn settle_stakes(
        &self,
        st: &StakeScoring,
        end: HandEnd,
        declarer: Seat,
        bid: u32,
        s: &mut Settlement,
    ) {
        let made = end == HandEnd::Played && self.declarer_made(declarer, bid, &s.card_points);
        s.outcome = self.outcome_of(end, made);
        let units = st.schedule.win_units(bid) as i64;
        let mult = match self.public.hand.trump {
            Some(Suit::Spades) => st.spades as i64,
            Some(Suit::Hearts) => st.hearts as i64,
            _ => 1,
        };
        // Positive: each opponent pays the declarer.
        let per_opponent = match (end, s.outcome) {
            (HandEnd::ThrownIn(ThrowInReason::AllPassed | ThrowInReason::Bunching), _) => 0,
            (_, Outcome::Made) => units * mult,
            (_, Outcome::Set) => -2 * units * mult,
            // A voluntary set pays the win amount, never multiplied.
            _ => -units,
        };
        let mut ledger = self.zero_ledger();
        for x in (0..self.public.seats).filter(|&x| x != declarer) {
            ledger.seats[x] -= per_opponent;
            ledger.seats[declarer] += per_opponent;
        }
        s.payments = Some(ledger);
    }

    fn settle_pot(
        &self,
        pot: &PotScoring,
        end: HandEnd,
        declarer: Seat,
        bid: u32,
        s: &mut Settlement,
    ) {
        let made = end == HandEnd::Played && self.declarer_made(declarer, bid, &s.card_points);
        s.outcome = self.outcome_of(end, made);
        let value = i64::from(pot.bid_value(bid));
        let mult = if self.public.hand.trump == Some(Suit::Spades) {
            pot.spades as i64
        } else {
            1
        };
        let mut ledger = self.zero_ledger();
        let seats = self.public.seats;
        let opponents: Vec<Seat> = (0..seats).filter(|&x| x != declarer).collect();
        match s.outcome {
            Outcome::Made => {
                for &x in &opponents {
                    ledger.seats[x] -= value * mult;
                    ledger.seats[declarer] += value * mult;
                }
                if bid >= pot.pot_bid {
                    let in_pot = self.public.session.ledger.pot;
                    ledger.pot -= in_pot;
                    ledger.seats[declarer] += in_pot;
                    // Everyone antes again before the next deal.
                    for x in 0..seats {
                        ledger.seats[x] -= pot.ante as i64;
                        ledger.pot += pot.ante as i64;
                    }
                }
            }
            Outcome::Set | Outcome::Conceded => {
                let times = if s.outcome == Outcome::Set { 2 } else { 1 };
                let amount = times * value * mult;
                for &x in &opponents {
                    ledger.seats[x] += amount;
                    ledger.seats[declarer] -= amount;
                }
                ledger.pot += amount;
                ledger.seats[declarer] -= amount;
            }
            Outcome::ThrownIn => {
                if matches!(
                    end,
                    HandEnd::ThrownIn(ThrowInReason::NoTrumpMarriage | ThrowInReason::MeldMinimum)
                ) {
                    for &x in &opponents {
                        ledger.seats[x] += value;
                        ledger.seats[declarer] -= value;
                    }
                    ledger.pot += value;
                    ledger.seats[declarer] -= value;
                }
            }
        }
        s.payments = Some(ledger);
    }

    fn settle_bowl(
        &self,
        b: &BowlScoring,
        end: HandEnd,
        declarer: Seat,
        bid: u32,
        s: &mut Settlement,
    ) {
        let made = end == HandEnd::Played && self.declarer_made(declarer, bid, &s.card_points);
        s.outcome = self.outcome_of(end, made);
        let stake = b.stake(bid);
        let trump = self.public.hand.trump;
        let sp = if trump == Some(Suit::Spades) {
            b.spades as i64
        } else {
            1
        };
        let seats = self.public.seats;
        let others: Vec<Seat> = (0..seats).filter(|&x| x != declarer).collect();
        let mut ledger = self.zero_ledger();
        // Positive `amount`: the declarer collects from every other player (and
        // the bowl if `bowl_pays`); negative: the declarer pays them and the bowl.
        let exchange = |ledger: &mut Ledger, amount: i64, bowl_pays: bool| {
            for &x in &others {
                ledger.seats[x] -= amount;
                ledger.seats[declarer] += amount;
            }
            if amount < 0 || bowl_pays {
                ledger.bowl -= amount;
                ledger.seats[declarer] += amount;
            }
        };
        let bowl_pays = bid >= b.bowl_pays_from;
        match end {
            HandEnd::ThrownIn(ThrowInReason::AllPassed | ThrowInReason::Bunching) => {}
            HandEnd::Conceded(ConcessionKind::DealerDecline) => {
                ledger.seats[declarer] -= b.dealer_decline_fee as i64;
                ledger.bowl += b.dealer_decline_fee as i64;
            }
            HandEnd::Conceded(ConcessionKind::DuplicateWidow) => {
                for &x in &others {
                    ledger.seats[x] -= b.duplicate_decline_fee as i64;
                    ledger.bowl += b.duplicate_decline_fee as i64;
                }
            }
            HandEnd::Unchallenged => exchange(&mut ledger, stake.saturating_mul(sp), bowl_pays),
            HandEnd::Played if made => {
                exchange(&mut ledger, stake.saturating_mul(2 * sp), bowl_pays)
            }
            HandEnd::Played => exchange(&mut ledger, stake.saturating_mul(-2 * sp), false),
            // The bidder's pass (and any other concession): the basic stake, no doubling.
            HandEnd::Conceded(_) | HandEnd::ThrownIn(_) => exchange(&mut ledger, -stake, false),
        }
        if let (Some(hh), Some(t), Outcome::Made) = (&b.high_hand, trump, s.outcome) {
            if bid >= hh.min_bid {
                let current = &self.public.session.high_hand;
                if bid >= hh.instant_bid {
                    ledger.bowl -= hh.bonus as i64;
                    ledger.seats[declarer] += hh.bonus as i64;
                    s.high_hand = Some(None);
                } else {
                    let rank = (bid, suit_rank(t));
                    s.high_hand = match current {
                        Some(c) if (c.bid, suit_rank(c.trump)) > rank => None,
                        Some(c) if (c.bid, suit_rank(c.trump)) == rank => {
                            let mut holder = c.clone();
                            if !holder.seats.contains(&declarer) {
                                holder.seats.push(declarer);
                                crate::sort::sort(&mut holder.seats);
                            }
                            Some(Some(holder))
                        }
                        _ => Some(Some(HighHandHolder {
                            bid,
                            trump: t,
                            seats: vec![declarer],
                        })),
                    };
                }
            }
        }
        s.payments = Some(ledger);
    }

    pub(super) fn apply_settlement(&mut self, s: &Settlement) {
        let session = &mut self.public.session;
        if let Some(delta) = &s.delta {
            for (total, d) in session.scores.iter_mut().zip(delta) {
                *total += d;
            }
        }
        if let Some(p) = &s.payments {
            for (total, d) in session.ledger.seats.iter_mut().zip(&p.seats) {
                *total += d;
            }
            session.ledger.bowl += p.bowl;
            session.ledger.pot += p.pot;
        }
        if let Some(hh) = &s.high_hand {
            session.high_hand = hh.clone();
        }
        if s.set_stakes > 0 {
            if let Some(declarer) = self.public.hand.declarer {
                let seats = self.public.seats;
                let owed = &mut self.public.session.set_stakes_owed;
                owed.resize(seats, 0);
                for x in (0..seats).filter(|&x| same_side(&self.rules, x, declarer)) {
                    owed[x] += s.set_stakes;
                }
            }
        }
    }

    /// Seats with the best score (all seats of the best side).
    fn leaders(&self) -> Vec<Seat> {
        let scores = &self.public.session.scores;
        let best = scores.iter().copied().max().unwrap_or(0);
        (0..self.public.seats)
            .filter(|&x| scores[x] == best)
            .collect()
    }

    /// The session's result if it ends after the hand just settled (whose
    /// declarer and outcome decide the target's tie rules); the end-of-game
    /// settlement is applied to the session ledger.
    pub(super) fn session_end(
        &mut self,
        declarer: Option<Seat>,
        outcome: Outcome,
    ) -> Option<SessionResult> {
        let hands = self.public.session.hands_completed;
        let limit_reached = self.deal_limit.is_some_and(|n| hands >= n);
        let (winners, reason) = match &self.rules.scoring {
            Scoring::Points(p) => self.points_game_end(p, declarer, outcome, limit_reached)?,
            _ => limit_reached.then(|| (Vec::new(), GameEndReason::DealLimit))?,
        };
        let payments = self.end_payments(&winners);
        let ledger = &mut self.public.session.ledger;
        for (total, d) in ledger.seats.iter_mut().zip(&payments.seats) {
            *total += d;
        }
        ledger.bowl += payments.bowl;
        ledger.pot += payments.pot;
        self.public.session.high_hand = None;
        Some(SessionResult {
            winners,
            scores: self.public.session.scores.clone(),
            ledger: self.public.session.ledger.clone(),
            hands,
            reason: Some(reason),
            payments,
        })
    }

    /// Whether a points game ends now, with its winners and why. The losing floor
    /// applies with a fixed number of deals too: that replaces only the target.
    fn points_game_end(
        &self,
        p: &PointsScoring,
        declarer: Option<Seat>,
        outcome: Outcome,
        limit_reached: bool,
    ) -> Option<(Vec<Seat>, GameEndReason)> {
        let hands = self.public.session.hands_completed;
        let scores = &self.public.session.scores;
        if p.fixed_deals.is_some_and(|n| hands >= n) {
            return Some((self.leaders(), GameEndReason::FixedDeals));
        }
        if p.sheet_floor()
            .is_some_and(|f| scores.iter().any(|&s| s < f))
            && scores.iter().any(|&s| s > 0)
        {
            return Some((self.leaders(), GameEndReason::Floor));
        }
        if p.sheet_lose_at()
            .is_some_and(|x| scores.iter().any(|&s| s <= -x))
        {
            return Some((self.leaders(), GameEndReason::LoseAt));
        }
        let (high, low) = (
            scores.iter().copied().max().unwrap_or(0),
            scores.iter().copied().min().unwrap_or(0),
        );
        if p.mercy && high - low >= p.sheet_target() {
            return Some((self.leaders(), GameEndReason::Mercy));
        }
        if p.fixed_deals.is_none() {
            let may_go_out =
                |side: Seat| !p.must_bid_to_go_out || self.made_or_set(side, declarer, outcome);
            if let Some(winners) = self.target_winners(p.sheet_target(), declarer, may_go_out) {
                return Some((winners, GameEndReason::Target));
            }
        }
        limit_reached.then(|| (self.leaders(), GameEndReason::DealLimit))
    }

    /// The end-of-game settlement: money play's game and set stakes (each loser
    /// pays the winners, shared equally), the club's high hand bonus shared by
    /// its holders from the bowl.
    fn end_payments(&self, winners: &[Seat]) -> Ledger {
        let mut out = self.zero_ledger();
        let session = &self.public.session;
        match &self.rules.scoring {
            Scoring::Bowl(BowlScoring {
                high_hand: Some(hh),
                ..
            }) => {
                if let Some(holder) = &session.high_hand {
                    let share = hh.bonus as i64 / holder.seats.len().max(1) as i64;
                    for &x in &holder.seats {
                        out.seats[x] += share;
                        out.bowl -= share;
                    }
                }
            }
            Scoring::Points(PointsScoring { money: Some(m), .. }) if !winners.is_empty() => {
                let seats = self.public.seats;
                for loser in (0..seats).filter(|x| !winners.contains(x)) {
                    let owed = session.set_stakes_owed.get(loser).copied().unwrap_or(0);
                    let debt = m.game_stake as i64 + m.set_stake as i64 * owed as i64;
                    let share = debt / winners.len() as i64;
                    for &w in winners {
                        out.seats[loser] -= share;
                        out.seats[w] += share;
                    }
                }
            }
            _ => {}
        }
        out
    }

    /// Whether `side` held the contract and made it, or set the declarer, on the
    /// hand just settled (a conceded hand is a set).
    fn made_or_set(&self, side: Seat, declarer: Option<Seat>, outcome: Outcome) -> bool {
        let Some(declarer) = declarer else {
            return false;
        };
        let declaring = self.side_key(declarer) == side;
        match outcome {
            Outcome::Made => declaring,
            Outcome::Set | Outcome::Conceded => !declaring,
            Outcome::ThrownIn => false,
        }
    }

    /// Sides (by [`Self::side_key`]) that reached the target and `may_go_out`:
    /// none, one (it wins), or several (the bidding side if among them, else the
    /// higher score; a tie among the best plays another hand).
    fn target_winners(
        &self,
        target: i64,
        declarer: Option<Seat>,
        may_go_out: impl Fn(Seat) -> bool,
    ) -> Option<Vec<Seat>> {
        let scores = &self.public.session.scores;
        let mut reached: Vec<Seat> = (0..self.public.seats)
            .filter(|&x| scores[x] >= target)
            .map(|x| self.side_key(x))
            .filter(|&side| may_go_out(side))
            .collect();
        crate::sort::sort(&mut reached);
        reached.dedup();
        let members = |side: Seat| -> Vec<Seat> {
            (0..self.public.seats)
                .filter(|&x| self.side_key(x) == side)
                .collect()
        };
        match reached.len() {
            0 => None,
            1 => Some(members(reached[0])),
            _ => {
                if let Some(d) = declarer.map(|d| self.side_key(d)) {
                    if reached.contains(&d) {
                        return Some(members(d));
                    }
                }
                let best = reached.iter().map(|&x| scores[x]).max()?;
                let top: Vec<Seat> = reached.into_iter().filter(|&x| scores[x] == best).collect();
                (top.len() == 1).then(|| members(top[0]))
            }
        }
    }
}
