//! The contract's outlook before trick play: worlds sampled from a view, each
//! played out open-handed by a fast greedy policy in every seat, give the
//! chance that the declaring side makes its contract and the card points it
//! takes. The expert decides its concessions, challenges, play-or-pass, trump
//! and bury from these figures instead of fixed thresholds.
//!
//! The playout is a heuristic, not a search: each seat takes sure tricks,
//! feeds counters to a partner's sure winner, wins cheaply when it can and
//! otherwise throws its cheapest card. Both sides play alike, so its errors
//! mostly cancel in the comparison of candidates over the same worlds.

use pinochle_engine::game::tricks::{any_legal_card, beats, legal_cards, winning_index};
use pinochle_engine::game::{same_side, PlayerView, Seat, MAX_SEATS};
use pinochle_engine::rules::{Counting, HeadRule};
use pinochle_engine::{Card, CardCounts, Rank, Suit};

use crate::knowledge::{Knowledge, World};
use pinochle_engine::game::rng::Rng;

/// The fixed facts of one playout: trump, head rule, counting and sides.
#[derive(Clone, Debug)]
pub struct Table {
    pub trump: Option<Suit>,
    pub head: HeadRule,
    pub counting: Counting,
    /// Per active seat (in play order), whether it plays for the declarer.
    pub declarer_side: Vec<bool>,
}

impl Table {
    /// The table of a view's hand with `trump` (the declarer must be known).
    pub fn of(view: &PlayerView, trump: Option<Suit>) -> Option<Table> {
        Some(Table::with_declarer(
            view,
            view.public.hand.declarer?,
            trump,
        ))
    }

    /// The table of a view's hand if `declarer` declares with `trump`.
    pub fn with_declarer(view: &PlayerView, declarer: Seat, trump: Option<Suit>) -> Table {
        let h = &view.public.hand;
        Table {
            trump,
            head: view.rules.play.head,
            counting: view.rules.counting,
            declarer_side: h
                .active
                .iter()
                .map(|&s| same_side(&view.rules, s, declarer))
                .collect(),
        }
    }

    fn value(&self, card: Card) -> i32 {
        self.counting.value(card.rank) as i32
    }

    /// Plays the hands out from `leader` (index in play order) with the greedy
    /// policy; returns the card points (last trick included) of the declarer side.
    pub fn playout(&self, hands: &[CardCounts], leader: usize) -> i32 {
        self.points_by_side(hands, leader)[1]
    }

    /// The card points each side takes in a playout: `[defence, declarer side]`.
    fn points_by_side(&self, hands: &[CardCounts], leader: usize) -> [i32; 2] {
        let mut taken = [0; 2];
        for (seat, result) in self.playout_by_seat(hands, leader).iter().enumerate() {
            taken[usize::from(self.declarer_side[seat])] += result.points;
        }
        taken
    }

    /// [`Table::playout`] seat by seat (in play order): the card points each
    /// takes and whether it captures a counter.
    pub fn playout_by_seat(&self, hands: &[CardCounts], leader: usize) -> Vec<SeatTake> {
        let n = hands.len();
        let mut hands = hands.to_vec();
        let mut leader = leader % n.max(1);
        let mut taken = vec![SeatTake::default(); n];
        let mut trick: Vec<Card> = Vec::with_capacity(n);
        while !hands[leader].is_empty() {
            trick.clear();
            for k in 0..n {
                let p = (leader + k) % n;
                let Some(card) = self.choose(&hands, &trick, leader, p) else {
                    return taken;
                };
                hands[p].remove(card);
                trick.push(card);
            }
            let slot = winning_index(&trick, self.trump).unwrap_or(0);
            let winner = (leader + slot) % n;
            let take = &mut taken[winner];
            take.points += trick.iter().map(|&c| self.value(c)).sum::<i32>();
            take.counter |= trick
                .iter()
                .any(|c| matches!(c.rank, Rank::Ace | Rank::Ten | Rank::King));
            if hands[winner].is_empty() {
                take.points += self.counting.last_trick() as i32;
            }
            leader = winner;
        }
        taken
    }

    /// Whether some opponent of `me` still to play after the cards of `trick`
    /// (leader `leader`) could beat `winning` with a legal card.
    fn beaten_later(
        &self,
        hands: &[CardCounts],
        trick: &[Card],
        leader: usize,
        me: usize,
        winning: Card,
    ) -> bool {
        let n = hands.len();
        (trick.len()..n)
            .map(|k| (leader + k) % n)
            .filter(|&q| self.declarer_side[q] != self.declarer_side[me])
            .any(|q| {
                any_legal_card(&hands[q], trick, self.trump, self.head, |c| {
                    beats(c, winning, self.trump)
                })
            })
    }

    /// The cheapest of `cards` (the first of equals): fewest points, a
    /// side card before a trump, the lowest rank.
    fn cheapest(&self, cards: impl Iterator<Item = Card>) -> Option<Card> {
        cards.min_by_key(|&c| {
            (
                self.value(c),
                i32::from(Some(c.suit) == self.trump),
                c.rank.index(),
            )
        })
    }

    /// The greedy policy's card for player `p`.
    fn choose(
        &self,
        hands: &[CardCounts],
        trick: &[Card],
        leader: usize,
        p: usize,
    ) -> Option<Card> {
        let legal = legal_cards(&hands[p], trick, self.trump, self.head);
        if legal.len() <= 1 {
            return legal.first().copied();
        }
        let is_trump = |c: Card| Some(c.suit) == self.trump;
        // (The trick with the card on it, on the stack: this runs for every
        // legal card of every play of every playout.)
        let mut with = [Card::new(Rank::Nine, Suit::Spades); MAX_SEATS];
        with[..trick.len()].copy_from_slice(trick);
        let sure = |card: Card| {
            let mut with = with;
            with[trick.len()] = card;
            let with = &with[..=trick.len()];
            let slot = winning_index(with, self.trump).unwrap_or(0);
            slot == trick.len() && !self.beaten_later(hands, with, leader, p, card)
        };
        // (Candidates are filtered as they are weighed, not collected: the
        // first or last best of a filtered list is that of the filter.)
        if trick.is_empty() {
            let declaring = self.declarer_side[p];
            if let Some(c) = legal
                .iter()
                .copied()
                .filter(|&c| sure(c))
                .max_by_key(|&c| (self.value(c), i32::from(is_trump(c) == declaring)))
            {
                return Some(c);
            }
            return self
                .cheapest(legal.iter().copied().filter(|&c| !is_trump(c)))
                .or_else(|| self.cheapest(legal.iter().copied()));
        }
        let slot = winning_index(trick, self.trump).unwrap_or(0);
        let winning = trick[slot];
        let winner = (leader + slot) % hands.len();
        let side_wins = self.declarer_side[winner] == self.declarer_side[p];
        if side_wins && !self.beaten_later(hands, trick, leader, p, winning) {
            // Feed counters to the side's sure winner, sparing trumps.
            return legal.iter().copied().max_by_key(|&c| {
                (
                    self.value(c) * 2 - i32::from(is_trump(c)) * 30,
                    c.rank.index(),
                )
            });
        }
        let sure_takers = legal.iter().copied().filter(|&c| sure(c));
        let last = trick.len() + 1 == hands.len();
        let taker = if last {
            sure_takers.max_by_key(|&c| {
                (
                    self.value(c) - i32::from(is_trump(c)) * 20,
                    -(c.rank.index() as i32),
                )
            })
        } else {
            sure_takers.min_by_key(|c| c.rank.index())
        };
        taker.or_else(|| {
            self.cheapest(
                legal
                    .iter()
                    .copied()
                    .filter(|&c| !beats(c, winning, self.trump)),
            )
            .or_else(|| self.cheapest(legal.iter().copied()))
        })
    }
}

/// What the sampled playouts say about a contract.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Outlook {
    /// The chance that the declarer side makes its contract: the mean over
    /// worlds of each playout's [`playout_made_chance`] (a share 0..1, not a
    /// count of worlds).
    pub made: f64,
    /// Share of worlds whose playout reaches the target (the count the
    /// chance is softened from; 0 only where no world reaches it).
    pub reached: f64,
    /// Mean card points the declarer side takes from here on.
    pub points: f64,
}

impl Outlook {
    /// The chance made, the share reached and the mean points of per-world
    /// playouts.
    pub fn of(results: &[Playout]) -> Outlook {
        let count = results.len().max(1) as f64;
        Outlook {
            made: results.iter().map(|r| r.chance).sum::<f64>() / count,
            reached: results.iter().filter(|r| r.reached).count() as f64 / count,
            points: results.iter().map(|r| f64::from(r.points)).sum::<f64>() / count,
        }
    }
}

/// One world's playout of a contract.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Playout {
    /// The declarer side's points (its hidden pile's included) reach the target.
    pub reached: bool,
    /// The chance the contract is made in this world ([`playout_made_chance`]).
    pub chance: f64,
    /// Card points the declarer side takes in the playout.
    pub points: i32,
}

/// Where a playout's even chance lies, as a share of the card points left
/// above the target: the greedy playout runs optimistic for the declarer
/// side (a searching defence finds more), so a world that only just
/// reaches its target is made less often than not. See
/// [`playout_made_chance`].
pub const PLAYOUT_LEAN: f64 = 0.045;
/// The spread of a playout's error, as a share of the card points left (the
/// scale of a logistic curve).
pub const PLAYOUT_SPREAD: f64 = 0.03;

/// The chance that the declarer side makes its contract in a world whose
/// playout ends `margin` card points above its target (below it when
/// negative) with `remaining` card points (the last trick's included) left
/// to play for and `need` of them needed: none where even every point left
/// falls short, certain where it needs none, else a logistic curve of the
/// margin's share of the points left, even at [`PLAYOUT_LEAN`] with spread
/// [`PLAYOUT_SPREAD`].
///
/// Counting each world made or set by whether its playout reached the
/// target was overconfident. Over 772 Brooklyn contracts of expert
/// self-play (played on where the expert would concede, 282 of them), the
/// outlook as trick play begins (48 worlds from the declarer's view) said
/// 0.63 on average for 0.57 made (Brier score 0.071), and 0.39, 0.60 and
/// 0.82 in its 0.3–0.5, 0.5–0.7 and 0.7–0.9 bands for 0.15, 0.24 and 0.59
/// made; the trump decision's outlook said 0.60 (Brier 0.069). This curve,
/// fitted to the same contracts (even at 0.044, spread 0.031; five-fold
/// cross-validated), says 0.57 (Brier 0.060), by band 0.41, 0.61 and 0.81
/// for 0.31, 0.66 and 0.78 made. Over 271 partnership contracts the count
/// said 0.70 for 0.67 made (Brier 0.051), this curve 0.64 (0.047; fitted
/// there alone, even at 0.017, spread 0.041). The expert's decisions read
/// the chance (trump, bury, pass, meld shown, concession, challenge, play
/// or pass): in duplicate matches against the basic level (300 deals, seed
/// 7) it went from +0.47 to +0.49 stake units a deal in Brooklyn, +3.25 to
/// +3.66 in the club game and +84 to +91 points in partnership, each
/// within its noise (95% intervals about ±0.18, ±1.5 and ±26).
pub fn playout_made_chance(margin: i32, remaining: i32, need: i32) -> f64 {
    if need > remaining {
        0.0
    } else if need <= 0 {
        1.0
    } else {
        let share = f64::from(margin) / f64::from(remaining.max(1));
        1.0 / (1.0 + (-(share - PLAYOUT_LEAN) / PLAYOUT_SPREAD).exp())
    }
}

/// Draws per world [`Worlds::sample_fitting`] may make.
const FIT_DRAWS: usize = 8;

/// What one seat takes in a playout.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SeatTake {
    /// Card points, the last trick's included.
    pub points: i32,
    /// Whether it won a trick holding a counter (an ace, ten or king).
    pub counter: bool,
}

/// Worlds sampled once for comparing candidates on the same cards.
pub struct Worlds {
    pub knowledge: Knowledge,
    pub worlds: Vec<World>,
}

impl Worlds {
    pub fn sample(view: &PlayerView, count: usize, rng: &mut Rng) -> Worlds {
        let knowledge = Knowledge::from_view(view);
        let worlds = (0..count)
            .map(|_| knowledge.sample(&view.own.hand, rng))
            .collect();
        Worlds { knowledge, worlds }
    }

    /// `count` worlds that best fit what the seat has seen of the others'
    /// hands beyond the cards (their bids): `count × FIT_DRAWS` are drawn,
    /// those whose `fit` is at least `floor` kept in the order drawn, and
    /// when they are too few, the best-fitting of the rest make up the number.
    pub fn sample_fitting(
        view: &PlayerView,
        count: usize,
        rng: &mut Rng,
        fit: impl Fn(&World) -> f64,
        floor: f64,
    ) -> Worlds {
        let knowledge = Knowledge::from_view(view);
        let mut kept = Vec::with_capacity(count);
        let mut rest = Vec::new();
        for _ in 0..count * FIT_DRAWS {
            if kept.len() == count {
                break;
            }
            let world = knowledge.sample(&view.own.hand, rng);
            let score = fit(&world);
            if score >= floor {
                kept.push(world);
            } else {
                rest.push((score, world));
            }
        }
        rest.sort_by(|a, b| b.0.total_cmp(&a.0));
        let missing = count - kept.len();
        kept.extend(rest.into_iter().take(missing).map(|(_, w)| w));
        Worlds {
            knowledge,
            worlds: kept,
        }
    }

    /// Plays every world out with the declarer (index `declarer` in play order,
    /// who leads) holding `declarer_hand` when given (after its bury). Per
    /// world: whether the side reached `target` (its points plus the points in
    /// its hidden pile, cards buried by a declarer this seat cannot see), its
    /// chance of making it and the card points it took.
    pub fn playouts(
        &self,
        table: &Table,
        declarer: usize,
        declarer_hand: Option<&CardCounts>,
        target: i32,
    ) -> Vec<Playout> {
        self.playouts_with(table, declarer, |hands| {
            if let Some(hand) = declarer_hand {
                hands[declarer] = *hand;
            }
            target
        })
    }

    /// As [`Worlds::playouts`], with `leader` leading and each world's hands
    /// (in play order) first changed by `prepare`, which returns that world's
    /// target.
    pub fn playouts_with(
        &self,
        table: &Table,
        leader: usize,
        mut prepare: impl FnMut(&mut [CardCounts]) -> i32,
    ) -> Vec<Playout> {
        let n = table.declarer_side.len();
        self.worlds
            .iter()
            .map(|world| {
                let mut hands: Vec<CardCounts> = world.holdings.iter().take(n).copied().collect();
                let target = prepare(&mut hands);
                let pile_points = world
                    .holdings
                    .get(n)
                    .map_or(0, |pile| card_points(table.counting, pile));
                let remaining = points_to_play(table.counting, &hands);
                let taken = table.playout(&hands, leader);
                let margin = taken + pile_points - target;
                Playout {
                    reached: margin >= 0,
                    chance: playout_made_chance(margin, remaining, target - pile_points),
                    points: taken,
                }
            })
            .collect()
    }

    /// [`Worlds::playouts`] summed up.
    pub fn outlook(
        &self,
        table: &Table,
        declarer: usize,
        declarer_hand: Option<&CardCounts>,
        target: i32,
    ) -> Outlook {
        Outlook::of(&self.playouts(table, declarer, declarer_hand, target))
    }
}

/// Card points of some cards.
pub fn card_points(counting: Counting, cards: &CardCounts) -> i32 {
    Card::all()
        .map(|c| i32::from(cards.count(c)) * counting.value(c.rank) as i32)
        .sum()
}

/// The card points a playout of `hands` plays for: theirs and the last
/// trick's.
pub fn points_to_play(counting: Counting, hands: &[CardCounts]) -> i32 {
    hands
        .iter()
        .map(|hand| card_points(counting, hand))
        .sum::<i32>()
        + counting.last_trick() as i32
}

#[cfg(test)]
mod tests {
    use super::*;

    fn table(players: usize) -> Table {
        Table {
            trump: Some(Suit::Hearts),
            head: HeadRule::TrumpLed,
            counting: Counting::Classic,
            declarer_side: (0..players)
                .map(|p| p == 0 || (players == 4 && p == 2))
                .collect(),
        }
    }

    fn deal(rng: &mut Rng, players: usize, per_hand: usize) -> Vec<CardCounts> {
        let mut cards: Vec<Card> = Card::all().flat_map(|c| [c, c]).collect();
        rng.shuffle(&mut cards);
        (0..players)
            .map(|p| CardCounts::from_cards(&cards[p * per_hand..(p + 1) * per_hand]))
            .collect()
    }

    #[test]
    fn a_playouts_chance_rises_with_its_margin_and_is_even_at_the_lean() {
        let remaining = 250;
        let lean = (PLAYOUT_LEAN * f64::from(remaining)) as i32;
        let chances: Vec<f64> = (-100..=100)
            .map(|margin| playout_made_chance(margin, remaining, 120))
            .collect();
        assert!(chances.windows(2).all(|w| w[0] < w[1]), "{chances:?}");
        let even = playout_made_chance(lean, remaining, 120);
        assert!((even - 0.5).abs() < 0.02, "{even}");
        // Only just reaching the target is made less often than not (the
        // playout runs optimistic for the declarer side).
        assert!(playout_made_chance(0, remaining, 120) < 0.5);
        assert!(playout_made_chance(100, remaining, 120) > 0.99);
        assert!(playout_made_chance(-100, remaining, 120) < 0.01);
        // Needing more than every point left, or nothing at all.
        assert_eq!(playout_made_chance(-1, 250, 251), 0.0);
        assert_eq!(playout_made_chance(80, 250, 0), 1.0);
        assert_eq!(playout_made_chance(0, 0, 0), 1.0);
    }

    #[test]
    fn an_outlook_averages_the_worlds_chances_and_counts_those_reached() {
        let world = |margin: i32, points| Playout {
            reached: margin >= 0,
            chance: playout_made_chance(margin, 250, 150),
            points,
        };
        let results = [world(60, 210), world(5, 155), world(-40, 110)];
        let outlook = Outlook::of(&results);
        let mean = results.iter().map(|r| r.chance).sum::<f64>() / 3.0;
        assert!((outlook.made - mean).abs() < 1e-12);
        assert!(outlook.made > 0.0 && outlook.made < 1.0);
        assert!((outlook.reached - 2.0 / 3.0).abs() < 1e-12);
        assert!((outlook.points - 475.0 / 3.0).abs() < 1e-12);
        assert_eq!(Outlook::of(&[]), Outlook::default());
    }

    #[test]
    fn playouts_share_out_every_point() {
        let mut rng = Rng::new(3);
        for round in 0..200 {
            let players = 3 + round % 2;
            let per_hand = 48 / players;
            let hands = deal(&mut rng, players, per_hand);
            let t = table(players);
            let [defence, declarer] = t.points_by_side(&hands, round % players);
            assert_eq!(defence + declarer, 250, "round {round}");
            assert_eq!(t.playout(&hands, round % players), declarer);
        }
    }

    #[test]
    fn fitting_worlds_meet_the_floor_or_come_closest() {
        use pinochle_engine::game::State;
        use pinochle_engine::{PresetId, Rules};
        let state = State::new(Rules::preset(PresetId::Partnership), 5).unwrap();
        let view = state.observation(state.current_player().unwrap());
        let me = Knowledge::from_view(&view).me.unwrap();
        let other = (me + 1) % 4;
        let aces = |w: &World| {
            Suit::ALL
                .iter()
                .map(|&s| f64::from(w.holdings[other].get(Rank::Ace, s)))
                .sum::<f64>()
        };
        let worlds = Worlds::sample_fitting(&view, 24, &mut Rng::new(1), aces, 3.0);
        assert_eq!(worlds.worlds.len(), 24);
        assert!(worlds.worlds.iter().all(|w| aces(w) >= 3.0));
        // No hand holds 9 of the 8 aces: the most aces drawn make up the number.
        let worlds = Worlds::sample_fitting(&view, 24, &mut Rng::new(1), aces, 9.0);
        assert_eq!(worlds.worlds.len(), 24);
        let fewest = worlds.worlds.iter().map(aces).fold(f64::MAX, f64::min);
        assert!(fewest >= 3.0, "{fewest}");
        for w in &worlds.worlds {
            assert_eq!(w.holdings[me], view.own.hand);
        }
    }

    #[test]
    fn a_declarer_with_every_trump_and_the_side_aces_takes_everything() {
        // 12 hearts and the spade and club aces (16 cards); the others share
        // the remaining 32 cards.
        let mut hands = vec![CardCounts::EMPTY; 3];
        let mut rest = Vec::new();
        for card in Card::all() {
            let declarers = card.suit == Suit::Hearts
                || (card.rank == Rank::Ace && matches!(card.suit, Suit::Spades | Suit::Clubs));
            for _ in 0..2 {
                if declarers {
                    hands[0].add(card);
                } else {
                    rest.push(card);
                }
            }
        }
        for (i, card) in rest.into_iter().enumerate() {
            hands[1 + i % 2].add(card);
        }
        assert!(hands.iter().all(|h| h.len() == 16));
        assert_eq!(table(3).playout(&hands, 0), 250);
    }
}
