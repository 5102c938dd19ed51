//! What a seat can infer about the hidden cards from its `PlayerView`, and the
//! sampling of whole worlds consistent with it.
//!
//! Inferences: cards seen (own hand, every card played, own buried cards),
//! cards known to lie in a hand (shown meld not yet played, cards this seat
//! passed), the exposed kitty (now in the declarer's hand or buried), announced
//! buried trumps, voids (a player who did not follow), no trumps (void in the
//! led suit and did not trump) and the head rule (a player obliged to beat who
//! did not holds no higher card of that suit; under `strict`, one who did not
//! beat the led suit's best card holds none that beats it).
//!
//! A world gives every other active seat a hand of its current size and fills
//! the one hidden pile (the kitty before it is taken, or the cards someone else
//! buried).

use pinochle_engine::game::tricks::{beats, best_of_led_suit, winning_index};
use pinochle_engine::game::{PlayerView, Seat, MAX_SEATS};
use pinochle_engine::rules::HeadRule;
use pinochle_engine::{used_cards, Card, CardCounts, Rank, Suit};

use pinochle_engine::game::rng::Rng;

/// Holders a hidden card may go to: the active seats (by index in
/// `public.hand.active`) and, last, the hidden pile.
pub type HolderMask = u8;

/// Everything a seat knows about where the cards it cannot see are.
#[derive(Clone, Debug, PartialEq)]
pub struct Knowledge {
    /// The active seats in play order (from the dealer's left).
    pub active: Vec<Seat>,
    /// This seat's index in `active` (None: a spectator or a seat sitting out).
    pub me: Option<usize>,
    /// Cards each holder must still receive in a world: hand sizes of the active
    /// seats, then the hidden pile.
    pub capacity: Vec<usize>,
    /// Cards whose holder is known, per holder.
    pub fixed: Vec<CardCounts>,
    /// Unseen cards not fixed, each with the holders it may go to.
    pub free: Vec<(Card, HolderMask)>,
}

/// A sampled deal of the hidden cards: one hand per active seat (own hand
/// included) in `active` order, then the hidden pile.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct World {
    pub holdings: Vec<CardCounts>,
}

fn full_deck(view: &PlayerView) -> CardCounts {
    let mut deck = CardCounts::EMPTY;
    for card in Card::all() {
        if card.rank == Rank::Nine && !view.rules.deck.has_nines() {
            continue;
        }
        deck.0[card.index()] = view.rules.deck.copies();
    }
    deck
}

fn subtract(from: &mut CardCounts, cards: &CardCounts) {
    for (a, b) in from.0.iter_mut().zip(cards.0.iter()) {
        *a = a.saturating_sub(*b);
    }
}

impl Knowledge {
    /// Reads a view.
    pub fn from_view(view: &PlayerView) -> Knowledge {
        let h = &view.public.hand;
        let active = h.active.clone();
        let n = active.len();
        let me = active.iter().position(|&s| s == view.seat);
        let pile = n;
        let index_of = |seat: Seat| active.iter().position(|&s| s == seat);

        // Cards this seat has seen leave the game or sits on.
        let mut unseen = full_deck(view);
        let mut played_by = [CardCounts::EMPTY; MAX_SEATS];
        for p in &h.plays {
            unseen.remove(p.card);
            if let Some(slot) = played_by.get_mut(p.seat) {
                slot.add(p.card);
            }
        }
        if me.is_some() {
            subtract(&mut unseen, &view.own.hand);
            subtract(&mut unseen, &CardCounts::from_cards(&view.own.buried));
            // Cards chosen for a pass not yet handed over are this seat's too.
            subtract(&mut unseen, &CardCounts::from_cards(&view.own.passing));
        }

        let mut capacity: Vec<usize> = active.iter().map(|&s| h.hand_sizes[s] as usize).collect();
        if let Some(i) = me {
            capacity[i] = 0;
        }
        let in_hands: usize = capacity.iter().sum();
        capacity.push(unseen.len().saturating_sub(in_hands));

        // Cards known to be with a holder.
        let mut fixed = vec![CardCounts::EMPTY; n + 1];
        let mut take = |holder: usize, cards: &CardCounts, unseen: &mut CardCounts| {
            for card in Card::all() {
                let k = cards.count(card).min(unseen.count(card));
                for _ in 0..k {
                    if fixed[holder].len() < capacity[holder] {
                        fixed[holder].add(card);
                        unseen.remove(card);
                    }
                }
            }
        };
        for (seat, meld) in h.melds.iter().enumerate() {
            let (Some(meld), Some(i)) = (meld, index_of(seat)) else {
                continue;
            };
            if Some(i) == me {
                continue;
            }
            let mut still = used_cards(meld);
            subtract(&mut still, &played_by[seat]);
            take(i, &still, &mut unseen);
        }
        if me.is_some() {
            // Cards this seat gave away are with the receiver unless played
            // or passed back (a card of the same kind handed back may be the
            // very one given). A copy this seat holds says nothing: it may be
            // the seat's other one.
            let received = view.passes_received();
            for pass in h.passes.iter().filter(|p| p.from == view.seat) {
                if let Some(i) = index_of(pass.to) {
                    let mut given = CardCounts::from_cards(&view.own.given);
                    subtract(&mut given, &played_by[pass.to]);
                    for (_, from, cards) in &received {
                        if *from == pass.to {
                            subtract(&mut given, &CardCounts::from_cards(cards));
                        }
                    }
                    take(i, &given, &mut unseen);
                }
            }
        }
        let declarer = h.declarer.and_then(index_of);
        let someone_else_buried = declarer.is_some() && declarer != me && h.buried > 0;
        if someone_else_buried {
            take(
                pile,
                &CardCounts::from_cards(&h.announced_bury),
                &mut unseen,
            );
        }

        // What each active seat cannot hold.
        let forbidden = forbidden_cards(view, &active);
        let exposed_kitty = CardCounts::from_cards(&h.kitty);
        let mut kitty_left = exposed_kitty;
        let mut free = Vec::with_capacity(unseen.len());
        for card in unseen.to_cards() {
            let mut mask: HolderMask = 0;
            for (i, cap) in capacity.iter().enumerate().take(n) {
                if *cap > fixed[i].len() && !forbidden[i].contains(&card) {
                    mask |= 1 << i;
                }
            }
            if capacity[pile] > fixed[pile].len() {
                let trump_hidden_by_rule = view.rules.contract.announce_buried_trump
                    && someone_else_buried
                    && Some(card.suit) == h.trump;
                if !trump_hidden_by_rule {
                    mask |= 1 << pile;
                }
            }
            // A card of the exposed kitty went to the declarer (or was buried).
            if let Some(d) = declarer {
                if Some(d) != me && kitty_left.remove(card) {
                    mask &= (1 << d) | (1 << pile);
                }
            }
            free.push((card, mask));
        }
        Knowledge {
            active,
            me,
            capacity,
            fixed,
            free,
        }
    }

    /// A world consistent with the knowledge; own hand from `own`. Falls back
    /// to relaxing the void inferences if random filling keeps failing.
    pub fn sample(&self, own: &CardCounts, rng: &mut Rng) -> World {
        for _ in 0..32 {
            if let Some(world) = self.try_sample(own, rng, false) {
                return world;
            }
        }
        self.try_sample(own, rng, true)
            .unwrap_or_else(|| self.blind_sample(own, rng))
    }

    fn try_sample(&self, own: &CardCounts, rng: &mut Rng, relaxed: bool) -> Option<World> {
        let holders = self.capacity.len();
        let mut holdings = self.fixed.clone();
        let mut room: Vec<usize> = (0..holders)
            .map(|i| self.capacity[i].saturating_sub(holdings[i].len()))
            .collect();
        let mut order: Vec<usize> = (0..self.free.len()).collect();
        rng.shuffle(&mut order);
        // Most constrained cards first.
        order.sort_by_key(|&i| self.free[i].1.count_ones());
        for i in order {
            let (card, mask) = self.free[i];
            let mask = if relaxed || mask == 0 {
                (1u8 << holders) - 1
            } else {
                mask
            };
            let total: usize = (0..holders)
                .filter(|&h| mask & (1 << h) != 0)
                .map(|h| room[h])
                .sum();
            if total == 0 {
                return None;
            }
            let mut pick = rng.below(total);
            for h in 0..holders {
                if mask & (1 << h) == 0 {
                    continue;
                }
                if pick < room[h] {
                    holdings[h].add(card);
                    room[h] -= 1;
                    break;
                }
                pick -= room[h];
            }
        }
        if let Some(i) = self.me {
            holdings[i] = *own;
        }
        Some(World { holdings })
    }

    /// Last resort: deal the free cards in order, ignoring every inference.
    fn blind_sample(&self, own: &CardCounts, rng: &mut Rng) -> World {
        let mut holdings = self.fixed.clone();
        let mut cards: Vec<Card> = self.free.iter().map(|&(c, _)| c).collect();
        rng.shuffle(&mut cards);
        let mut next = cards.into_iter();
        for (h, holding) in holdings.iter_mut().enumerate() {
            while holding.len() < self.capacity[h] {
                match next.next() {
                    Some(card) => holding.add(card),
                    None => break,
                }
            }
        }
        if let Some(i) = self.me {
            holdings[i] = *own;
        }
        World { holdings }
    }
}

/// Per active seat, the distinct cards it cannot hold now, from its plays.
fn forbidden_cards(view: &PlayerView, active: &[Seat]) -> Vec<Vec<Card>> {
    let h = &view.public.hand;
    let trump = h.trump;
    let head = view.rules.play.head;
    let mut out = vec![Vec::new(); active.len()];
    let n = active.len().max(1);
    let forbid_suit_above = |list: &mut Vec<Card>, suit: Suit, above: Option<Rank>| {
        for &rank in Rank::ALL.iter() {
            if above.is_none_or(|a| rank > a) {
                let card = Card::new(rank, suit);
                if !list.contains(&card) {
                    list.push(card);
                }
            }
        }
    };
    for trick in h.plays.chunks(n) {
        let Some(led) = trick.first().map(|p| p.card.suit) else {
            continue;
        };
        let mut cards: Vec<Card> = Vec::with_capacity(n);
        for play in trick {
            let Some(i) = active.iter().position(|&s| s == play.seat) else {
                continue;
            };
            let card = play.card;
            if !cards.is_empty() {
                let winning = cards[winning_index(&cards, trump).unwrap_or(0)];
                let list = &mut out[i];
                if card.suit != led {
                    forbid_suit_above(list, led, None);
                    match trump {
                        Some(t) if card.suit != t => forbid_suit_above(list, t, None),
                        Some(t) => {
                            let must_beat = matches!(head, HeadRule::Always | HeadRule::Strict)
                                && winning.suit == t;
                            if must_beat && !beats(card, winning, trump) {
                                forbid_suit_above(list, t, Some(winning.rank));
                            }
                        }
                        None => {}
                    }
                } else {
                    // The card a follower had to beat, if any.
                    let target = match head {
                        HeadRule::TrumpLed => (trump == Some(led)).then_some(winning),
                        HeadRule::Always => (winning.suit == led).then_some(winning),
                        // A player who did not beat the led suit's best card holds
                        // none that beats it, even when the trick was trumped.
                        HeadRule::Strict => Some(best_of_led_suit(&cards)),
                        HeadRule::Never => None,
                    };
                    if let Some(target) = target.filter(|&w| !beats(card, w, trump)) {
                        forbid_suit_above(list, led, Some(target.rank));
                    }
                }
            }
            cards.push(card);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Bot, Level, Player};
    use pinochle_engine::game::{Phase, State};
    use pinochle_engine::{PresetId, Rules};

    /// The seat's own bury or pass, card by card, tells it nothing of the
    /// others' cards: the expert values a whole choice on the same sampled
    /// deals at every card of it. (A club declarer holding a copy of the
    /// card it had passed to the left took the card given to be anywhere,
    /// and with the left-hand player once it had buried its copy.)
    #[test]
    fn picking_a_bury_or_pass_card_leaves_what_the_seat_knows() {
        let mut checked = 0;
        for (preset, seeds) in [
            (PresetId::Club, 0..12),
            (PresetId::Brooklyn, 0..4),
            (PresetId::Partnership, 0..4),
        ] {
            for seed in seeds {
                let mut state = State::new(Rules::preset(preset), seed).unwrap();
                for _ in 0..200 {
                    let Some(seat) = state.current_player() else {
                        break;
                    };
                    let view = state.observation(seat);
                    if view.phase() == Phase::Tricks {
                        break;
                    }
                    let action = Bot::new(Level::Basic, seed).decide(&view).unwrap();
                    let picking = matches!(view.phase(), Phase::Bury | Phase::PartnerPass);
                    state.apply_for(seat, action).unwrap();
                    let after = state.observation(seat);
                    if picking
                        && after.phase() == view.phase()
                        && state.current_player() == Some(seat)
                    {
                        assert_eq!(
                            Knowledge::from_view(&view),
                            Knowledge::from_view(&after),
                            "{preset:?} seed {seed}"
                        );
                        checked += 1;
                    }
                }
            }
        }
        assert!(checked > 20, "{checked} picks checked");
    }

    /// A card passed to the left is with the left-hand player in every
    /// world, a copy of it in the passer's hand or not.
    #[test]
    fn a_card_passed_to_the_left_stays_with_the_left_hand_player() {
        let (mut checked, mut copies) = (0, 0);
        for seed in 0..6 {
            let mut state = State::new(Rules::preset(PresetId::Club), seed).unwrap();
            while state.phase() == Phase::PassLeft {
                let seat = state.current_player().unwrap();
                let action = Bot::new(Level::Basic, seed)
                    .decide(&state.observation(seat))
                    .unwrap();
                state.apply_for(seat, action).unwrap();
            }
            for seat in 0..usize::from(state.rules().table.seats) {
                let view = state.observation(seat);
                let (Some(pass), Some(me)) = (
                    view.public.hand.passes.iter().find(|p| p.from == seat),
                    view.public.hand.active.iter().position(|&s| s == seat),
                ) else {
                    continue;
                };
                let to = view
                    .public
                    .hand
                    .active
                    .iter()
                    .position(|&s| s == pass.to)
                    .unwrap();
                let knowledge = Knowledge::from_view(&view);
                assert_eq!(knowledge.me, Some(me));
                copies += usize::from(view.own.given.iter().any(|&c| view.own.hand.count(c) > 0));
                let mut rng = Rng::new(seed);
                for _ in 0..10 {
                    let world = knowledge.sample(&view.own.hand, &mut rng);
                    for &card in &view.own.given {
                        assert!(
                            world.holdings[to].count(card) > 0,
                            "seed {seed} seat {seat}: {card}"
                        );
                    }
                }
                checked += 1;
            }
        }
        assert!(
            checked > 10 && copies > 0,
            "{checked} passers, {copies} holding a copy"
        );
    }

    #[test]
    fn a_world_deals_out_no_card_of_a_pass_being_chosen() {
        let mut state = State::new(Rules::preset(PresetId::Partnership), 2).unwrap();
        for _ in 0..200 {
            let seat = state.current_player().unwrap();
            let view = state.observation(seat);
            if view.phase() == Phase::PartnerPass && !view.own.passing.is_empty() {
                let knowledge = Knowledge::from_view(&view);
                let mut rng = Rng::new(1);
                for _ in 0..20 {
                    let world = knowledge.sample(&view.own.hand, &mut rng);
                    // Every card once: the hidden hands, this seat's hand and
                    // the cards it is passing (no kitty, nothing played yet).
                    let mut all = CardCounts::from_cards(&view.own.passing);
                    for holding in &world.holdings {
                        for card in holding.to_cards() {
                            all.add(card);
                        }
                    }
                    assert_eq!(all, full_deck(&view));
                    assert!(world.holdings.last().is_some_and(CardCounts::is_empty));
                }
                return;
            }
            let action = Bot::new(Level::Basic, 2).decide(&view).unwrap();
            state.apply_for(seat, action).unwrap();
        }
        panic!("no partner pass under way came up");
    }
}
