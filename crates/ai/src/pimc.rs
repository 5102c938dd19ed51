//! Perfect-information Monte Carlo: sample worlds consistent with the view,
//! solve each open with the [`Solver`], and play the card with the best total
//! score for this seat's side.
//!
//! The score is contract-aware: in each world a card's solver value (the
//! declarer side's future card points) earns a bonus of twice the bid when it
//! reaches the points the contract still needs (bid − the side's meld − points
//! already taken, buried cards included). So the declarer's side plays to make
//! the contract and the defenders to set it, with card points as the tiebreak.
//! Where the search stops short of the hand's end and estimates the rest, the
//! bonus is weighed by the chance the estimate gives the contract.
//!
//! A defender whose meld scores only if it takes something (a bison
//! defender a counter card of its own, a partnership's defenders 10 trick
//! points) also asks, in each world searched to the end, whether it can still
//! take that after each card; a card after which it cannot costs the meld
//! there (see [`MeldNeed`]). The other way round, the declarer's side asks
//! the same of each defending party with meld to save, and a card after
//! which the party cannot earns a share of that meld ([`rival_weight`]).
//! Where each defender scores only what it takes
//! itself (bison), a defender plays with the other only while the contract
//! is open: once it is decided, for its own points, the other defender a
//! rival like the declarer.

use std::cmp::Ordering;

use pinochle_engine::game::{same_side, PlayerView, Seat};
use pinochle_engine::rules::{Counting, DefenderNeeds, Scoring};
use pinochle_engine::{Card, CardCounts};

use crate::knowledge::{Knowledge, World};
use crate::outlook::card_points;
use crate::solver::{Deal, Position, Solver, MAX_PLAYERS};
use pinochle_engine::game::rng::Rng;

/// Effort per card-play decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Worlds sampled.
    pub worlds: usize,
    /// Positions with at most this many cards left are solved exactly.
    pub exact_cards: usize,
    /// In ledger games (only making the contract counts), positions with at
    /// most this many cards left are searched against the contract's target:
    /// one zero-window search per card, much cheaper than an exact solve.
    pub reach_cards: usize,
    /// Otherwise the search looks this many tricks ahead, then estimates (0:
    /// no search; the player's rules of thumb choose).
    pub depth: u8,
    /// Search nodes for the whole decision (all worlds): the bound on its time
    /// that holds on every platform. When an exact world runs out, the worlds
    /// are redone depth-limited; when that runs out too, the worlds solved so
    /// far decide.
    pub nodes: u64,
}

/// The solver parameters of the hand in a view (None before trick play).
pub fn deal_of(view: &PlayerView) -> Option<Deal> {
    let h = &view.public.hand;
    let declarer = h.declarer?;
    let players = h.active.len();
    if !(3..=MAX_PLAYERS).contains(&players) {
        return None;
    }
    let mut declarer_side = [false; MAX_PLAYERS];
    for (i, &seat) in h.active.iter().enumerate() {
        declarer_side[i] = same_side(&view.rules, seat, declarer);
    }
    Some(Deal {
        players,
        trump: h.trump,
        head: view.rules.play.head,
        counting: view.rules.counting,
        declarer_side,
        last_trick: true,
    })
}

/// The open position of a world: hands in `active` order, the trick under way.
pub fn position_of(view: &PlayerView, world: &World) -> Option<Position> {
    let h = &view.public.hand;
    let n = h.active.len();
    let trick: Vec<Card> = h.current_trick().iter().map(|p| p.card).collect();
    let leader_seat = h.current_trick().first().map(|p| p.seat).or(h.to_move)?;
    let leader = h.active.iter().position(|&s| s == leader_seat)?;
    let hands: Vec<CardCounts> = world.holdings.iter().take(n).copied().collect();
    Position::new(&hands, &trick, leader).ok()
}

/// What the contract asks of the rest of the hand, as seen from a view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Goal {
    /// Future card points the declarer side needs (the bid less its meld, or
    /// the rules' minimum of card points if more), before buried cards whose
    /// owner this seat cannot see (those are counted per world).
    pub need: i64,
    /// Bonus of a world where the contract is made: twice the bid.
    pub bonus: i64,
    /// Only making the contract counts (a ledger game): card play may search
    /// against the target instead of solving exactly.
    pub threshold: bool,
    /// The most card points the declarer side can still take: every point
    /// nobody has taken yet (a hidden bury included, since it is the
    /// declarer's), less its own bury, which `need` has counted already.
    most: i64,
    counting: Counting,
}

impl Goal {
    /// The contract's goal once trick play has begun (None without a bid).
    pub fn of(view: &PlayerView) -> Option<Goal> {
        let h = &view.public.hand;
        let declarer = h.declarer?;
        let bid = i64::from(h.bid?);
        let meld = i64::from(h.side_meld(&view.rules, declarer));
        let (mut taken, mut taken_by_all) = (0, 0);
        for &seat in &h.active {
            let points = i64::from(h.trick_points[seat]);
            taken_by_all += points;
            if same_side(&view.rules, seat, declarer) {
                taken += points;
            }
        }
        let counting = view.rules.counting;
        let own_bury = i64::from(card_points(
            counting,
            &CardCounts::from_cards(&view.own.buried),
        ));
        // Under a minimum (the double deck's 20), a side that takes fewer
        // card points is set whatever its meld.
        let minimum = match &view.rules.scoring {
            Scoring::Points(p) => p.meld_minimum.map_or(0, i64::from),
            _ => 0,
        };
        Some(Goal {
            need: (bid - meld).max(minimum) - taken - own_bury,
            bonus: 2 * bid,
            threshold: view.rules.scoring.is_ledger(),
            most: i64::from(counting.total()) - taken_by_all - own_bury,
            counting,
        })
    }

    /// Whether the contract is decided whatever the rest of the hand brings:
    /// `Some(true)` when the declarer's side has what it needs already (cards
    /// buried out of this seat's sight only add), `Some(false)` when even
    /// every card point left would fall short.
    pub fn settled(&self) -> Option<bool> {
        if self.need <= 0 {
            Some(true)
        } else if self.need > self.most {
            Some(false)
        } else {
            None
        }
    }

    /// The future points the declarer side needs in a world with this pile.
    pub fn target(&self, pile: Option<&CardCounts>) -> i64 {
        self.need - pile.map_or(0, |p| i64::from(card_points(self.counting, p)))
    }

    /// The score of a solver value in a world whose hidden pile is `pile` (cards
    /// buried by someone else count for the declarer).
    pub fn score(&self, value: i32, pile: Option<&CardCounts>) -> i64 {
        let value = i64::from(value);
        if value >= self.target(pile) {
            value + self.bonus
        } else {
            value
        }
    }
}

/// Whether the seat defends for its own card points once the contract is
/// decided: in a points game without partners (bison) each defender scores
/// what it takes itself, so the other defender is then a rival like the
/// declarer. (Where the defenders share a score, or are paid alike, they
/// play together throughout.)
fn scores_alone(view: &PlayerView, deal: &Deal, me: usize) -> bool {
    matches!(view.rules.scoring, Scoring::Points(_))
        && !view.rules.table.partnerships
        && !deal.declarer_side[me]
}

/// What a rival's lost meld is worth against the seat's own card points: the
/// game's result is the seat's side's score less the mean of the `k` other
/// sides' (one in a partnership, two in bison), so a card point the side
/// takes from the others gains it `1 + 1/k` there, and a meld of `m` another
/// side loses `m/k`: the meld counts `1/(k + 1)` of its points (a half in a
/// partnership, a third in bison).
pub fn rival_weight(view: &PlayerView) -> f64 {
    let h = &view.public.hand;
    let sides = h
        .active
        .iter()
        .enumerate()
        .filter(|&(i, &seat)| {
            !h.active[..i]
                .iter()
                .any(|&earlier| same_side(&view.rules, earlier, seat))
        })
        .count();
    1.0 / sides.max(2) as f64
}

/// What a defending party must still take to score its meld — a bison
/// defender one counter card of its own, a partnership's defenders 10 trick
/// points, a side under the double deck's minimum its 20 — and the search
/// that asks whether it still can. The party's meld is at stake: a card after
/// which it can no longer take that, whatever it does, costs the meld.
#[derive(Clone, Debug, PartialEq)]
pub struct MeldNeed {
    /// The party's seats.
    pub party: Vec<Seat>,
    /// The party as the side searched for (in bison the seat alone: the other
    /// defender plays for its own score), counting counter cards one each
    /// without the last trick for a counter card.
    deal: Deal,
    /// What the party must still take, in `deal`'s counting.
    target: i32,
    /// The party's meld, scored only when it takes the target.
    pub stake: u32,
    pub kind: NeedKind,
}

/// What a defending party must take to score its meld.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NeedKind {
    /// A counter card (an ace, ten or king) in a trick of its own (bison).
    CounterCard,
    /// This many more card points, the last trick's bonus included.
    Points(u32),
}

impl MeldNeed {
    /// The need of the seat to move in `view` when it defends and has meld at
    /// stake (`None` when it declares, has no meld, or has what it needs).
    pub fn of(view: &PlayerView, deal: &Deal) -> Option<MeldNeed> {
        MeldNeed::of_seat(view, deal, view.seat)
    }

    /// The needs of the parties whose meld this seat plays to deny: where it
    /// declares, each defending party's (in bison each defender's, in a
    /// partnership the pair's); where it defends for its own points (bison,
    /// the contract decided), the other defender's. Each from what every
    /// seat sees: the meld shown and what each has taken.
    pub fn rivals(view: &PlayerView, deal: &Deal, own_points: bool) -> Vec<MeldNeed> {
        let h = &view.public.hand;
        let Some(declarer) = h.declarer else {
            return Vec::new();
        };
        let declaring = same_side(&view.rules, view.seat, declarer);
        if !declaring && !own_points {
            return Vec::new();
        }
        let mut needs: Vec<MeldNeed> = Vec::new();
        for &seat in &h.active {
            let rival =
                !same_side(&view.rules, seat, view.seat) && !same_side(&view.rules, seat, declarer);
            if !rival {
                continue;
            }
            if let Some(need) = MeldNeed::of_seat(view, deal, seat) {
                if !needs.iter().any(|n| n.party == need.party) {
                    needs.push(need);
                }
            }
        }
        needs
    }

    /// The need of defending `seat`'s party (`None` where it declares, has no
    /// meld, or has what it needs).
    fn of_seat(view: &PlayerView, deal: &Deal, seat: Seat) -> Option<MeldNeed> {
        let Scoring::Points(scoring) = &view.rules.scoring else {
            return None;
        };
        let h = &view.public.hand;
        let declarer = h.declarer?;
        if same_side(&view.rules, seat, declarer) {
            return None;
        }
        let meld = h.side_meld(&view.rules, seat);
        let stake = match scoring.meld_minimum {
            Some(m) if meld < m => 0,
            _ => meld,
        };
        if stake == 0 {
            return None;
        }
        let alone = scoring.defender_needs == DefenderNeeds::CounterCard;
        let mut party = [false; MAX_PLAYERS];
        for (i, &active) in h.active.iter().enumerate() {
            party[i] = if alone {
                active == seat
            } else {
                same_side(&view.rules, active, seat)
            };
        }
        let party_seats = || {
            h.active
                .iter()
                .zip(party)
                .filter(|(_, p)| *p)
                .map(|(&s, _)| s)
        };
        let counter_taken = party_seats().any(|s| h.counters_taken[s] > 0);
        let (counting, last_trick, target, kind) = if alone && !counter_taken {
            (Counting::CountersOne, false, 1, NeedKind::CounterCard)
        } else {
            let taken: u32 = party_seats().map(|s| h.trick_points[s]).sum();
            let points = match scoring.defender_needs {
                DefenderNeeds::TrickPoints(n) => n,
                _ => 0,
            }
            .max(scoring.meld_minimum.unwrap_or(0))
            .saturating_sub(taken);
            (deal.counting, true, points as i32, NeedKind::Points(points))
        };
        (target > 0).then(|| MeldNeed {
            party: party_seats().collect(),
            deal: Deal {
                counting,
                declarer_side: party,
                last_trick,
                ..deal.clone()
            },
            target,
            stake,
            kind,
        })
    }
}

/// What the sampled worlds say of a defending party's meld (see [`MeldNeed`]).
#[derive(Clone, Debug, PartialEq)]
pub struct MeldKept {
    /// The party's seats.
    pub party: Vec<Seat>,
    /// The meld at stake.
    pub stake: u32,
    pub kind: NeedKind,
    /// Worlds in which the need was searched (every solved world searched to
    /// the end, unless the node budget ran out first).
    pub searched: u32,
    /// Per card, the worlds of those in which the party can still take what it
    /// needs after it.
    pub kept: Vec<u32>,
}

/// A solver for this hand, reusing `cache` when the deal is the same.
fn solver_for(cache: &mut Option<Solver>, deal: Deal) -> &mut Solver {
    if cache.as_ref().is_some_and(|s| *s.deal() != deal) {
        *cache = None;
    }
    cache.get_or_insert_with(|| Solver::new(deal, 18))
}

/// Values each legal card over one open position for the player to move, or
/// `None` when `nodes` ran out. `exact` searches to the end of the hand if the
/// budget allows exact search of this many cards. With a `target` (future
/// points the declarer side needs) and an exact search, each value is only a
/// bound on the right side of the target (see [`Solver::reach_moves_within`]).
pub fn open_values(
    solver: &mut Solver,
    pos: &Position,
    budget: &Budget,
    exact: bool,
    nodes: u64,
    target: Option<i32>,
) -> Option<Vec<(Card, i32)>> {
    let limit = if target.is_some() {
        budget.reach_cards.max(budget.exact_cards)
    } else {
        budget.exact_cards
    };
    let exact = exact && pos.cards_left() <= limit;
    solver.set_depth_limit((!exact).then_some(budget.depth));
    solver.set_node_limit(Some(nodes));
    let values = match target {
        Some(t) if exact => solver.reach_moves_within(pos, t),
        _ => solver.solve_moves_within(pos),
    };
    solver.set_node_limit(None);
    values
}

/// What the sampled worlds say about each legal card: the figures the card
/// choice rests on, kept for the coach.
#[derive(Clone, Debug, PartialEq)]
pub struct CardValues {
    /// The legal cards, in the order they were given.
    pub cards: Vec<Card>,
    /// Per card, the sum over solved worlds of its contract-aware score (the
    /// declarer side's future card points, plus the bonus times the world's
    /// entry in `made`, plus a defending party's meld in each world where it
    /// can no longer save it, see `meld`): the figure the choice maximises
    /// (declarer side) or minimises (defenders).
    pub totals: Vec<f64>,
    /// Per card, the sum over solved worlds of the chance that the declarer
    /// side reaches its target after it: 1 or 0 in a world searched to the
    /// end, the [`estimated_made_chance`] of its margin in a world estimated
    /// past the depth limit (1 everywhere when there is no contract).
    pub made: Vec<f64>,
    /// Per card, the sum over solved worlds of the card points the seat's side
    /// takes from here on (meaningful only when `bounded` is false).
    pub side_points: Vec<i64>,
    /// Worlds solved.
    pub solved: u32,
    /// The seat plays for the declarer's side.
    pub maximize: bool,
    /// Every world was searched to the end of the hand (not estimated past a
    /// depth limit).
    pub exact: bool,
    /// The values are bounds against the contract's target (threshold search):
    /// only `made` is exact, not the points.
    pub bounded: bool,
    /// The search's node budget ran out before every world was solved: the
    /// worlds solved by then decide.
    pub budget_cut: bool,
    /// The seat's party defends with meld at stake that it has yet to save.
    pub meld: Option<MeldKept>,
    /// The parties whose meld the seat plays to deny (see
    /// [`MeldNeed::rivals`]); a card after which one can no longer save it
    /// adds `rival_weight` of that meld to its total.
    pub rivals: Vec<MeldKept>,
    /// What a rival's lost meld is worth in the seat's own card points (see
    /// [`rival_weight`]).
    pub rival_weight: f64,
    /// The seat defends for its own card points (bison, the contract
    /// decided): the values are its own, `maximize` is set, and `made`
    /// says whether the contract stands.
    pub own_points: bool,
}

impl CardValues {
    /// How card `a`'s total compares with card `b`'s for the seat: `Greater`
    /// when `a` is the better for its side.
    fn compare(&self, a: usize, b: usize) -> Ordering {
        let order = self.totals[a].total_cmp(&self.totals[b]);
        if self.maximize {
            order
        } else {
            order.reverse()
        }
    }

    /// The index of the card the player chooses.
    pub fn best(&self) -> Option<usize> {
        (0..self.cards.len()).max_by(|&a, &b| self.compare(a, b))
    }

    /// The card indices best first (the chosen card first).
    pub fn ranking(&self) -> Vec<usize> {
        let best = self.best();
        let mut order: Vec<usize> = (0..self.cards.len()).collect();
        order.sort_by(|&a, &b| {
            (Some(a) != best)
                .cmp(&(Some(b) != best))
                .then(self.compare(b, a))
        });
        order
    }
}

/// The estimate's lean against the declarer side, as a share of the points
/// left: see [`estimated_made_chance`].
const ESTIMATE_LEAN: f64 = 0.10;
/// The spread of the estimate's error, as a share of the points left (the
/// scale of a logistic curve).
const ESTIMATE_SPREAD: f64 = 0.07;

/// The chance that the declarer side reaches its target in a world whose
/// depth-limited search ends `margin` points above the target (below it when
/// negative) with `remaining` points left to play for. The search's value
/// runs low for the declarer side: each side's replies pick among noisy
/// estimates. First fitted to the first tricks of expert self-play in all
/// five games (700 card choices each, every seat's, against whether the
/// contract was then made): the even chance 13 % of the points left below
/// the target, spread 12 %, which beat counting a world made only where the
/// estimate reached the target (club 0.47 forecast for 0.63 made, Brier
/// score 0.28, against 0.66 and 0.20; Brooklyn 0.75 for 0.85, 0.15 against
/// 0.82 and 0.10). Refitted to the declarer's first card alone (the chance
/// the coach shows then), that curve was too flat: over 772 Brooklyn
/// contracts of expert self-play (played on where the expert would
/// concede) it said 0.585 for 0.566 made (Brier 0.077), 0.18 and 0.39 in
/// its 0.1–0.3 and 0.3–0.5 bands for 0.05 and 0.24 made; over 271
/// partnership contracts 0.68 for 0.67 (Brier 0.063). Even at 10 %, spread
/// 7 % (fitted 0.099 and 0.069 in Brooklyn, five-fold cross-validated
/// Brier 0.072; 0.095 and 0.067 over both games), it says 0.565 (Brier
/// 0.070) and 0.68 (0.057). Card play weighs the same chance: in duplicate
/// matches against the basic level (300 deals, seed 7) the expert went from
/// +0.485 to +0.493 stake units a deal in Brooklyn, +3.66 to +3.70 in the
/// club game and +90.7 to +90.7 points in partnership, within the noise.
pub fn estimated_made_chance(margin: i64, remaining: i64) -> f64 {
    let share = margin as f64 / remaining.max(1) as f64;
    1.0 / (1.0 + (-(share + ESTIMATE_LEAN) / ESTIMATE_SPREAD).exp())
}

/// The chance that a world's contract is made when its search gives the
/// declarer side `value` of the `remaining` points left and it needs
/// `target`: made or not where the search was exact, else its
/// [`estimated_made_chance`]; none where even every point left falls short,
/// and certain where it needs no more (an estimate's curve would still give
/// such a world a few per cent either way: "made in an estimated 98%" of a
/// contract that its meld and bury had made already).
fn made_chance(value: i64, target: i64, remaining: i64, exact: bool) -> f64 {
    if target > remaining {
        0.0
    } else if target <= 0 {
        1.0
    } else if exact {
        f64::from(u8::from(value >= target))
    } else {
        estimated_made_chance(value - target, remaining)
    }
}

/// Card points left in an open position: the hands, the trick under way and
/// the last-trick bonus.
pub fn remaining_points(pos: &Position, counting: Counting) -> i32 {
    let mut cards = CardCounts::EMPTY;
    for player in 0..pos.players() {
        cards.add_all(&pos.hand(player));
    }
    for card in pos.trick() {
        cards.add(card);
    }
    card_points(counting, &cards) + counting.last_trick() as i32
}

/// The card with the best average solver value over sampled worlds.
pub fn choose_card(
    view: &PlayerView,
    legal: &[Card],
    budget: &Budget,
    rng: &mut Rng,
    cache: &mut Option<Solver>,
) -> Option<Card> {
    if legal.len() <= 1 {
        return legal.first().copied();
    }
    let values = card_values(view, legal, budget, rng, cache)?;
    values.best().map(|i| values.cards[i])
}

/// Values every legal card over sampled worlds (at least two cards); `None`
/// when the budget allows no search here (the caller's rules decide).
pub fn card_values(
    view: &PlayerView,
    legal: &[Card],
    budget: &Budget,
    rng: &mut Rng,
    cache: &mut Option<Solver>,
) -> Option<CardValues> {
    let mut deal = deal_of(view)?;
    let me = view
        .public
        .hand
        .active
        .iter()
        .position(|&s| s == view.seat)?;
    let counting = deal.counting;
    let need = MeldNeed::of(view, &deal);
    let mut goal = Goal::of(view);
    // A bison defender plays for its own points once the contract is
    // decided: the seat alone is its side, no contract is left to play for,
    // and every world is made (or set).
    let settled = goal
        .and_then(|g| g.settled())
        .filter(|_| scores_alone(view, &deal, me));
    if settled.is_some() {
        goal = None;
        deal.declarer_side = [false; MAX_PLAYERS];
        deal.declarer_side[me] = true;
    }
    let maximize = deal.declarer_side[me];
    let weight = rival_weight(view);
    // Each need searched, and what its party's missing it adds to a card's
    // total: the seat's own meld lost (a cost), a rival's (a gain).
    let own_need = need.is_some();
    let needs: Vec<(MeldNeed, f64)> = need
        .into_iter()
        .map(|n| {
            let stake = f64::from(n.stake);
            (n, if maximize { -stake } else { stake })
        })
        .chain(
            MeldNeed::rivals(view, &deal, settled.is_some())
                .into_iter()
                .map(|n| {
                    let worth = weight * f64::from(n.stake);
                    (n, worth)
                }),
        )
        .collect();
    let knowledge = Knowledge::from_view(view);
    // (Each made at the first world searched to the end.)
    let mut need_solvers: Vec<Option<Solver>> = needs.iter().map(|_| None).collect();
    let mut kept: Vec<MeldKept> = needs
        .iter()
        .map(|(n, _)| MeldKept {
            party: n.party.clone(),
            stake: n.stake,
            kind: n.kind,
            searched: 0,
            kept: vec![0; legal.len()],
        })
        .collect();
    let solver = solver_for(cache, deal);
    let mut totals = vec![0f64; legal.len()];
    let mut made = vec![0f64; legal.len()];
    let mut side_points = vec![0i64; legal.len()];
    let mut solved = 0;
    let mut spent = 0u64;
    let mut exact = true;
    let mut estimated = false;
    let mut bounded = false;
    let mut budget_cut = false;
    let mut world_index = 0;
    while world_index < budget.worlds.max(1) {
        let world = knowledge.sample(&view.own.hand, rng);
        let Some(pos) = position_of(view, &world) else {
            world_index += 1;
            continue;
        };
        let limit = if goal.is_some_and(|g| g.threshold) {
            budget.reach_cards.max(budget.exact_cards)
        } else {
            budget.exact_cards
        };
        if budget.depth == 0 && pos.cards_left() > limit {
            // No depth-limited search at this level: the caller's rules decide.
            return None;
        }
        let left = budget.nodes.saturating_sub(spent).max(1);
        let pile = world.holdings.get(pos.players());
        let target = goal
            .filter(|g| g.threshold)
            .map(|g| g.target(pile).clamp(-1000, 1000) as i32);
        let values = open_values(solver, &pos, budget, exact, left, target);
        spent += solver.stats().nodes;
        let Some(values) = values else {
            if exact && solved == 0 && budget.depth == 0 {
                // Too big to solve in the budget, and no shallow search here.
                return None;
            }
            if exact && solved == 0 {
                // Too big to solve exactly: redo every world depth-limited.
                exact = false;
                spent = 0;
                continue;
            }
            budget_cut = true;
            break;
        };
        let searched_exactly = exact && pos.cards_left() <= limit;
        estimated |= !searched_exactly;
        bounded |= target.is_some() && searched_exactly;
        let remaining = i64::from(remaining_points(&pos, counting));
        for (card, value) in values {
            if let Some(i) = legal.iter().position(|&c| c == card) {
                let chance = goal.map_or(settled.map_or(1.0, f64::from), |g| {
                    made_chance(
                        i64::from(value),
                        g.target(pile),
                        remaining,
                        searched_exactly,
                    )
                });
                made[i] += chance;
                totals[i] += f64::from(value) + goal.map_or(0.0, |g| g.bonus as f64 * chance);
                side_points[i] += if maximize {
                    i64::from(value)
                } else {
                    remaining - i64::from(value)
                };
            }
        }
        if searched_exactly {
            // At most a quarter of a world's share of the budget between the
            // needs (the card values need the rest): the search is cheap
            // (bison, median 344 nodes, 90 % within 9.5k) but for a few
            // positions around 30 cards left (up to 120k); where it runs
            // out, the world says nothing of that meld.
            let share = budget.nodes / budget.worlds.max(1) as u64 / 4 / needs.len().max(1) as u64;
            for (((need, worth), need_solver), meld) in
                needs.iter().zip(&mut need_solvers).zip(&mut kept)
            {
                let need_solver =
                    need_solver.get_or_insert_with(|| Solver::new(need.deal.clone(), 16));
                let left = budget.nodes.saturating_sub(spent);
                need_solver.set_node_limit(Some(share.min(left).max(1)));
                let reached = need_solver.reach_moves_within(&pos, need.target);
                need_solver.set_node_limit(None);
                spent += need_solver.stats().nodes;
                let Some(reached) = reached else { continue };
                meld.searched += 1;
                for (card, value) in reached {
                    if let Some(i) = legal.iter().position(|&c| c == card) {
                        if value >= need.target {
                            meld.kept[i] += 1;
                        } else {
                            totals[i] += worth;
                        }
                    }
                }
            }
        }
        solved += 1;
        world_index += 1;
    }
    if solved == 0 {
        return None;
    }
    Some(CardValues {
        cards: legal.to_vec(),
        totals,
        made,
        side_points,
        solved,
        maximize,
        exact: !estimated,
        bounded,
        budget_cut,
        own_points: settled.is_some(),
        meld: own_need.then(|| kept.remove(0)).filter(|m| m.searched > 0),
        rivals: kept.into_iter().filter(|m| m.searched > 0).collect(),
        rival_weight: weight,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_estimated_chance_rises_with_the_margin_and_leans_to_the_declarer() {
        let chance = |margin| estimated_made_chance(margin, 200);
        // The search's estimate lies below what the hand gives: an estimate
        // that just reaches the target is more often made than not, and the
        // even chance lies 10 % of the points left below the target.
        assert!(chance(0) > 0.7);
        assert!((chance(-20) - 0.5).abs() < 1e-9);
        let mut last = 0.0;
        for margin in -200..=200 {
            let c = chance(margin);
            assert!(c > last && c < 1.0, "{margin}: {c}");
            last = c;
        }
        assert!(chance(-200) < 0.001 && chance(200) > 0.999);
        // The margin counts as a share of the points left.
        assert_eq!(estimated_made_chance(-10, 100), chance(-20));
        assert!(estimated_made_chance(5, 0).is_finite());
    }

    /// A contract that needs more than the points left is made in no world,
    /// estimated or searched to the end, one that needs nothing more in
    /// every world; otherwise an estimate is a chance and an exact search a
    /// yes or no.
    #[test]
    fn a_contract_beyond_the_points_left_has_no_chance() {
        // Needing 300 with 250 left, the declarer side estimated at 163.
        assert!(estimated_made_chance(163 - 300, 250) > 0.0);
        assert_eq!(made_chance(163, 300, 250, false), 0.0);
        assert_eq!(made_chance(250, 300, 250, true), 0.0);
        assert_eq!(made_chance(250, 250, 250, true), 1.0);
        // A contract its meld and bury have made already is made in every
        // world, estimated or not.
        assert_eq!(made_chance(40, 0, 250, false), 1.0);
        assert_eq!(made_chance(0, -15, 250, false), 1.0);
        assert_eq!(
            made_chance(163, 200, 250, false),
            estimated_made_chance(163 - 200, 250)
        );
    }

    /// A budget that runs out after some worlds says so; one that lets every
    /// world be solved does not.
    #[test]
    fn a_budget_cut_is_reported() {
        use crate::{basic, player::Level};
        use pinochle_engine::game::tricks::cards_among;
        use pinochle_engine::game::{Phase, State};
        use pinochle_engine::{PresetId, Rules};
        let mut state = State::new(Rules::preset(PresetId::Bison), 3).unwrap();
        // Basic play until five tricks are left and a choice of cards is due.
        let view = loop {
            let seat = state.current_player().unwrap();
            let view = state.observation(seat);
            let legal = view.legal_actions();
            if view.phase() == Phase::Tricks
                && view.public.hand.trick_winners.len() >= 10
                && legal.len() > 1
            {
                break view;
            }
            state.apply(basic::decide(&view, &legal).unwrap()).unwrap();
        };
        let cards = cards_among(&view.legal_actions());
        let worlds = Level::Expert.budget().worlds as u32;
        let values = |nodes: u64| {
            let budget = Budget {
                nodes,
                ..Level::Expert.budget()
            };
            card_values(&view, &cards, &budget, &mut Rng::new(1), &mut None)
        };
        let roomy = values(u64::MAX / 2).unwrap();
        assert!(roomy.exact && !roomy.budget_cut && roomy.solved == worlds);
        // Some budget solves a few of the worlds (exactly, or when too small
        // for one exact solve, each a trick deep) and not the rest.
        let cut = (1..8)
            .filter_map(|k| values(10u64.pow(k)))
            .find(|v| v.solved < worlds)
            .expect("a budget that solves only some worlds");
        assert!(cut.budget_cut && cut.solved > 0, "{cut:?}");
    }

    /// A bison defender with meld must take a counter card in a trick of its
    /// own; the one to take it here is the ace it holds, played now on the
    /// nine led. Played low, the other defender's ace takes this trick and the
    /// declarer's trump the last. The last trick alone does not do.
    #[test]
    fn the_need_search_sees_which_card_still_takes_a_counter() {
        use pinochle_engine::cards::parse_cards;
        use pinochle_engine::rules::HeadRule;
        use pinochle_engine::Suit;
        let hand = |text: &str| CardCounts::from_cards(&parse_cards(text).unwrap());
        let hands = [hand("AC"), hand("AH JH"), hand("AH AD")];
        let trick = parse_cards("9H").unwrap();
        let pos = Position::new(&hands, &trick, 0).unwrap();
        let deal = Deal {
            players: 3,
            trump: Some(Suit::Clubs),
            head: HeadRule::Always,
            counting: Counting::CountersOne,
            declarer_side: [false, true, false, false],
            last_trick: false,
        };
        let mut solver = Solver::new(deal, 10);
        let reached: Vec<(String, bool)> = solver
            .reach_moves_within(&pos, 1)
            .unwrap()
            .into_iter()
            .map(|(card, v)| (card.to_string(), v >= 1))
            .collect();
        assert_eq!(
            reached,
            [("AH".to_string(), true), ("JH".to_string(), false)]
        );
        // A last trick of no counter taken with a trump: only its bonus
        // would count, and for this need it does not.
        let last = Position::new(&[hand("9D"), hand("QC"), hand("JD")], &[], 0).unwrap();
        assert_eq!(
            solver.reach_moves_within(&last, 1).unwrap(),
            [("9D".parse().unwrap(), 0)]
        );
        let mut with_bonus = Solver::new(
            Deal {
                last_trick: true,
                ..solver.deal().clone()
            },
            10,
        );
        assert!(with_bonus.reaches_within(&last, 1).unwrap());
    }

    /// Who still needs what to score its meld, as the rules say: a bison
    /// defender a counter card of its own until it has taken one, the
    /// partnership's defenders 10 trick points between them; the declarer's
    /// side, or a party without meld, nothing.
    #[test]
    fn a_defending_party_needs_what_its_rules_ask_to_score_its_meld() {
        use pinochle_engine::game::{Phase, State};
        use pinochle_engine::{PresetId, Rules};
        let mut checked = [0; 2];
        for (k, preset) in [PresetId::Bison, PresetId::Partnership]
            .into_iter()
            .enumerate()
        {
            for seed in 0..20 {
                let mut state = State::new(Rules::preset(preset), seed).unwrap();
                while let Some(seat) = state.current_player() {
                    let view = state.observation(seat);
                    if view.phase() == Phase::Tricks {
                        let h = &view.public.hand;
                        let rules = &view.rules;
                        let deal = deal_of(&view).unwrap();
                        let need = MeldNeed::of(&view, &deal);
                        let declaring = same_side(rules, seat, h.declarer.unwrap());
                        let meld = h.side_meld(rules, seat);
                        let side: Vec<usize> = h
                            .active
                            .iter()
                            .copied()
                            .filter(|&s| same_side(rules, s, seat))
                            .collect();
                        let taken: u32 = side.iter().map(|&s| h.trick_points[s]).sum();
                        let expected = match preset {
                            _ if declaring || meld == 0 => None,
                            PresetId::Bison if h.counters_taken[seat] == 0 => {
                                Some(NeedKind::CounterCard)
                            }
                            PresetId::Partnership if taken < 10 => {
                                Some(NeedKind::Points(10 - taken))
                            }
                            _ => None,
                        };
                        assert_eq!(
                            need.as_ref().map(|n| n.kind),
                            expected,
                            "{preset:?} seed {seed}"
                        );
                        if let Some(n) = need {
                            assert_eq!(n.stake, meld);
                            let me = h.active.iter().position(|&s| s == seat).unwrap();
                            assert!(n.deal.declarer_side[me]);
                            checked[k] += 1;
                        }
                        // The parties this seat plays to cost their meld: as
                        // declarer (or its partner) the defending ones with a
                        // need, each bison defender alone, a partnership's
                        // pair once; as a bison defender for its own points,
                        // the other defender; else none.
                        let needing = |s: Seat| {
                            let ask = &state.observation(s);
                            MeldNeed::of(ask, &deal).map(|n| (n.party, n.kind))
                        };
                        let mut expected: Vec<(Vec<Seat>, NeedKind)> = Vec::new();
                        for &s in &h.active {
                            let defends = !same_side(rules, s, h.declarer.unwrap());
                            let mine = same_side(rules, s, seat);
                            if defends && !mine {
                                if let Some(n) = needing(s) {
                                    if !expected.contains(&n) {
                                        expected.push(n);
                                    }
                                }
                            }
                        }
                        let rivals = |own_points| {
                            MeldNeed::rivals(&view, &deal, own_points)
                                .into_iter()
                                .map(|n| (n.party, n.kind))
                                .collect::<Vec<_>>()
                        };
                        if declaring {
                            assert_eq!(rivals(false), expected, "{preset:?} seed {seed}");
                            checked[k] += expected.len();
                        } else {
                            assert_eq!(rivals(false), [], "{preset:?} seed {seed}");
                            let others = if preset == PresetId::Bison {
                                expected
                            } else {
                                Vec::new()
                            };
                            assert_eq!(rivals(true), others, "{preset:?} seed {seed}");
                        }
                    }
                    let legal = view.legal_actions();
                    state
                        .apply(crate::basic::decide(&view, &legal).unwrap())
                        .unwrap();
                }
            }
        }
        assert!(checked.iter().all(|&c| c > 10), "{checked:?}");
    }

    /// The declarer's side needs the bid less its meld in card points, or the
    /// rules' minimum where that is more (below it the side is set).
    #[test]
    fn the_goal_needs_the_minimum_of_card_points_where_the_meld_covers_the_bid() {
        use pinochle_engine::game::{Phase, State};
        use pinochle_engine::rules::Scoring;
        use pinochle_engine::{PresetId, Rules};
        let mut state = State::new(Rules::preset(PresetId::DoubleDeck), 2).unwrap();
        let mut view = loop {
            let view = state.observation(state.current_player().unwrap());
            if view.phase() == Phase::Tricks {
                break view;
            }
            let legal = view.legal_actions();
            state
                .apply(crate::basic::decide(&view, &legal).unwrap())
                .unwrap();
        };
        let h = &view.public.hand;
        let short =
            i64::from(h.bid.unwrap()) - i64::from(h.side_meld(&view.rules, h.declarer.unwrap()));
        assert_eq!(Goal::of(&view).unwrap().need, short);
        for minimum in [short - 1, short + 1, 49].map(|m| m.max(0)) {
            let Scoring::Points(p) = &mut view.rules.scoring else {
                unreachable!("the double deck scores points")
            };
            p.meld_minimum = Some(minimum as u32);
            assert_eq!(Goal::of(&view).unwrap().need, short.max(minimum));
        }
    }

    /// A bison defender plays for its own points once the contract is
    /// decided (the other defender scores for itself); until then, and in a
    /// partnership, the defenders play together.
    #[test]
    fn a_bison_defender_plays_for_its_own_points_once_the_contract_is_decided() {
        use crate::player::Level;
        use pinochle_engine::game::tricks::cards_among;
        use pinochle_engine::game::{Phase, State};
        use pinochle_engine::{PresetId, Rules};
        for preset in [PresetId::Bison, PresetId::Partnership] {
            let mut state = State::new(Rules::preset(preset), 4).unwrap();
            // A defender's choice of cards with six tricks left.
            let mut view = loop {
                let seat = state.current_player().unwrap();
                let view = state.observation(seat);
                let h = &view.public.hand;
                let legal = view.legal_actions();
                if view.phase() == Phase::Tricks
                    && h.hand_sizes[seat] <= 6
                    && !same_side(&view.rules, seat, h.declarer.unwrap())
                    && legal.len() > 1
                {
                    break view;
                }
                state
                    .apply(crate::basic::decide(&view, &legal).unwrap())
                    .unwrap();
            };
            let cards = cards_among(&view.legal_actions());
            let h = &view.public.hand;
            let meld = h.side_meld(&view.rules, h.declarer.unwrap());
            let taken = |declaring: bool| -> u32 {
                h.active
                    .iter()
                    .filter(|&&s| same_side(&view.rules, s, h.declarer.unwrap()) == declaring)
                    .map(|&s| h.trick_points[s])
                    .sum()
            };
            let (ours, theirs) = (taken(true), taken(false));
            let budget = Level::Expert.budget();
            for (bid, settled) in [
                (meld + ours, Some(true)),
                (meld + 250 - theirs + 10, Some(false)),
                (meld + 250 - theirs, None),
            ] {
                view.public.hand.bid = Some(bid);
                let goal = Goal::of(&view).unwrap();
                assert_eq!(goal.settled(), settled, "{preset:?} bid {bid}");
                let values =
                    card_values(&view, &cards, &budget, &mut Rng::new(1), &mut None).unwrap();
                let own = preset == PresetId::Bison && settled.is_some();
                assert_eq!(values.own_points, own, "{preset:?} bid {bid}");
                assert_eq!(values.maximize, own);
                let solved = f64::from(values.solved);
                if let Some(made) = settled {
                    let expected = if made { solved } else { 0.0 };
                    assert!(values.made.iter().all(|&m| m == expected), "{values:?}");
                }
                if own {
                    // Its own points, within what a hand holds.
                    assert!(values
                        .side_points
                        .iter()
                        .all(|&p| p >= 0 && p as f64 <= 250.0 * solved));
                }
            }
        }
    }
}
