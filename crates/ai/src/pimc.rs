//! Perfect-information Monte Carlo: sample worlds consistent with the view,
//! solve each open with the [`Solver`], and play the card with the best average
//! value for this seat's side.

use pinochle_engine::game::{same_side, PlayerView};
use pinochle_engine::{Card, CardCounts};

use crate::knowledge::{Knowledge, World};
use crate::rng::BotRng;
use crate::solver::{Deal, Position, Solver, MAX_PLAYERS};

/// Effort per card-play decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Budget {
    /// Worlds sampled.
    pub worlds: usize,
    /// Positions with at most this many cards left are solved exactly.
    pub exact_cards: usize,
    /// Otherwise the search looks this many tricks ahead, then estimates.
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

/// A solver for this hand, reusing `cache` when the deal is the same.
fn solver_for(cache: &mut Option<Solver>, deal: Deal) -> &mut Solver {
    if cache.as_ref().is_some_and(|s| *s.deal() != deal) {
        *cache = None;
    }
    cache.get_or_insert_with(|| Solver::new(deal, 18))
}

/// Values each legal card over one open position for the player to move, or
/// `None` when `nodes` ran out. `exact` searches to the end of the hand if the
/// budget allows exact search of this many cards.
pub fn open_values(
    solver: &mut Solver,
    pos: &Position,
    budget: &Budget,
    exact: bool,
    nodes: u64,
) -> Option<Vec<(Card, i32)>> {
    let limit = (!exact || pos.cards_left() > budget.exact_cards).then_some(budget.depth);
    solver.set_depth_limit(limit);
    solver.set_node_limit(Some(nodes));
    let values = solver.solve_moves_within(pos);
    solver.set_node_limit(None);
    values
}

/// The card with the best average solver value over sampled worlds.
pub fn choose_card(
    view: &PlayerView,
    legal: &[Card],
    budget: &Budget,
    rng: &mut BotRng,
    cache: &mut Option<Solver>,
) -> Option<Card> {
    if legal.len() <= 1 {
        return legal.first().copied();
    }
    let deal = deal_of(view)?;
    let me = view
        .public
        .hand
        .active
        .iter()
        .position(|&s| s == view.seat)?;
    let maximize = deal.declarer_side[me];
    let knowledge = Knowledge::from_view(view);
    let solver = solver_for(cache, deal);
    let mut totals = vec![0i64; legal.len()];
    let mut solved = 0;
    let mut spent = 0u64;
    let mut exact = true;
    let mut world_index = 0;
    while world_index < budget.worlds.max(1) {
        let world = knowledge.sample(&view.own.hand, rng);
        let Some(pos) = position_of(view, &world) else {
            world_index += 1;
            continue;
        };
        let left = budget.nodes.saturating_sub(spent).max(1);
        let values = open_values(solver, &pos, budget, exact, left);
        spent += solver.stats().nodes;
        let Some(values) = values else {
            if exact && solved == 0 {
                // Too big to solve exactly: redo every world depth-limited.
                exact = false;
                spent = 0;
                continue;
            }
            break;
        };
        for (card, value) in values {
            if let Some(i) = legal.iter().position(|&c| c == card) {
                totals[i] += value as i64;
            }
        }
        solved += 1;
        world_index += 1;
    }
    if solved == 0 {
        return None;
    }
    let best = (0..legal.len()).max_by_key(|&i| if maximize { totals[i] } else { -totals[i] })?;
    Some(legal[best])
}
