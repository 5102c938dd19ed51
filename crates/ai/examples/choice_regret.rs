//! How good the rules of thumb's bury or partner pass is, against every
//! choice the hand allows: `cargo run --release -p pinochle-ai --example
//! choice_regret -- PRESET WHICH DEALS [FIRST]`, WHICH one of `bury` (trumps
//! left out of the sets), `gift` (the bidder's partner's pass) or `return`
//! (the bidder's pass back). Plays DEALS single hands (seeds FIRST, FIRST +
//! 1, …; 7000 unless given) with basic players to that choice, values every
//! set of cards it may make on the same sampled deals, and prints what the
//! rules of thumb's set and the expert's lose against the best of them, in
//! the contract's utility (the game's points, or stake units in a ledger
//! game; the best of many noisy values reads a little high, the same for
//! both). A bury only where it comes before the meld (brooklyn, bison): the
//! club's keeps its shown meld's cards.
use pinochle_ai::expert::{choice_sets, ChoiceMemo};
use pinochle_ai::{basic, Bot, Level, Player};
use pinochle_engine::game::rng::Rng;
use pinochle_engine::game::{Action, Phase, PlayerView, State};
use pinochle_engine::{Card, CardCounts, PresetId, Rules, Suit};

/// Every set of `count` cards of `hand` (copies as counts), those of
/// `left_out` suit not among them.
fn sets(hand: &CardCounts, left_out: Option<Suit>, count: usize) -> Vec<Vec<Card>> {
    let cards: Vec<Card> = hand
        .to_cards()
        .into_iter()
        .filter(|c| Some(c.suit) != left_out)
        .collect();
    let mut out = Vec::new();
    let mut pick = Vec::new();
    fn go(
        cards: &[Card],
        from: usize,
        count: usize,
        pick: &mut Vec<Card>,
        out: &mut Vec<Vec<Card>>,
    ) {
        if pick.len() == count {
            out.push(pick.clone());
            return;
        }
        let mut last = None;
        for i in from..cards.len() {
            // One of equal copies at each depth: sets as multisets.
            if last == Some(cards[i]) {
                continue;
            }
            last = Some(cards[i]);
            pick.push(cards[i]);
            go(cards, i + 1, count, pick, out);
            pick.pop();
        }
    }
    go(&cards, 0, count, &mut pick, &mut out);
    out
}

/// The choice measured.
#[derive(Clone, Copy, PartialEq)]
enum Which {
    Bury,
    Gift,
    Return,
}

impl Which {
    /// Whether `state` is at the first card of this choice.
    fn at(self, state: &State) -> bool {
        let Some(seat) = state.current_player() else {
            return false;
        };
        let view = state.observation(seat);
        let bidder = view.public.hand.declarer == Some(seat);
        match self {
            Which::Bury => state.phase() == Phase::Bury,
            Which::Gift | Which::Return => {
                state.phase() == Phase::PartnerPass
                    && view.own.passing.is_empty()
                    && bidder == (self == Which::Return)
            }
        }
    }
}

/// The rules of thumb's choice.
fn thumb_set(view: &PlayerView, which: Which, count: usize) -> Vec<Card> {
    let hand = view.own.hand;
    let trump = view.public.hand.trump;
    match (which, trump) {
        (Which::Gift, Some(trump)) => basic::partner_gifts(&hand, trump, count).to_cards(),
        (Which::Return, Some(trump)) => basic::bidder_returns(view, &hand, trump, count).to_cards(),
        _ => {
            let mut hand = hand;
            let mut set = Vec::new();
            while let Some(c) = basic::best_bury(view, &hand, trump).filter(|_| set.len() < count) {
                hand.remove(c);
                set.push(c);
            }
            set
        }
    }
}

/// The expert's choice, card by card as it picks them.
fn expert_set(state: &State, seat: usize, count: usize, seed: u64) -> Vec<Card> {
    let mut s = state.clone();
    let mut bot = Bot::new(Level::Expert, seed);
    let mut set = Vec::new();
    for _ in 0..count {
        let a = bot.decide(&s.observation(seat)).unwrap();
        if let Action::Bury(c) | Action::PassCard(c) = a {
            set.push(c);
        }
        s.apply(a).unwrap();
    }
    set
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let fail = |why: String| -> ! {
        eprintln!("choice_regret: {why}");
        std::process::exit(2)
    };
    let number = |at: usize, name: &str, default: u64| match args.get(at).map(|d| d.parse()) {
        None => default,
        Some(Ok(d)) => d,
        Some(Err(e)) => fail(format!("{name}: {e}")),
    };
    let id = args.get(1).map_or("bison", String::as_str);
    let Some(preset) = PresetId::from_id(id) else {
        fail(format!("unknown preset {id:?}"))
    };
    let which = match args.get(2).map_or("bury", String::as_str) {
        "bury" => Which::Bury,
        "gift" => Which::Gift,
        "return" => Which::Return,
        other => fail(format!("WHICH: {other:?} is not bury, gift or return")),
    };
    let (deals, first) = (number(3, "DEALS", 40), number(4, "FIRST", 7000));
    let rules = Rules::preset(preset);
    let count = match (which, rules.passing.partner.as_ref()) {
        (Which::Bury, _) if rules.contract.bury > 0 && !rules.contract.bury_after_meld => {
            usize::from(rules.contract.bury)
        }
        (Which::Gift | Which::Return, Some(exchange)) => usize::from(exchange.cards),
        _ => fail(format!("{id}: no such choice (or a bury after the meld)")),
    };
    let (mut n, mut thumb_loss, mut expert_loss) = (0.0, 0.0, 0.0);
    for deal in 0..deals {
        let mut state = State::new(rules.clone(), first + deal).unwrap();
        let mut bots: Vec<Bot> = (0..rules.table.seats)
            .map(|s| Bot::new(Level::Basic, deal * 10 + u64::from(s)))
            .collect();
        for _ in 0..200 {
            if which.at(&state) || state.phase() == Phase::Tricks {
                break;
            }
            let Some(seat) = state.current_player() else {
                break;
            };
            let a = bots[seat].decide(&state.observation(seat)).unwrap();
            state.apply(a).unwrap();
        }
        if !which.at(&state) {
            eprintln!("deal {deal}: stopped at {:?}", state.phase());
            continue;
        }
        let seat = state.current_player().unwrap();
        let view = state.observation(seat);
        let left_out = view.public.hand.trump.filter(|_| which == Which::Bury);
        let all = sets(&view.own.hand, left_out, count);
        let mut rng = Rng::new(deal ^ 0x5eed);
        let asked: Vec<(Card, Vec<Card>)> = all.iter().map(|s| (s[0], s[1..].to_vec())).collect();
        let valued = choice_sets(&view, &asked, &mut rng, &mut ChoiceMemo::default());
        let bid = f64::from(view.public.hand.bid.unwrap_or(0));
        let value_of = |set: &[Card]| -> Option<f64> {
            let key = CardCounts::from_cards(set);
            valued
                .iter()
                .find(|o| {
                    let mut c = CardCounts::from_cards(&o.with);
                    c.add(o.card);
                    c == key
                })
                .map(|o| o.utility(&rules, bid))
        };
        let best = valued
            .iter()
            .map(|o| o.utility(&rules, bid))
            .fold(f64::NEG_INFINITY, f64::max);
        let thumb = thumb_set(&view, which, count);
        let expert = expert_set(&state, seat, count, deal);
        let (Some(t), Some(e)) = (value_of(&thumb), value_of(&expert)) else {
            eprintln!("deal {deal}: a set not valued ({thumb:?} / {expert:?})");
            continue;
        };
        n += 1.0;
        thumb_loss += best - t;
        expert_loss += best - e;
        println!(
            "deal {deal}: {} sets; thumb {} loses {:.1}; expert {} loses {:.1}",
            valued.len(),
            Card::faces(&thumb),
            best - t,
            Card::faces(&expert),
            best - e
        );
    }
    println!(
        "{n} deals: mean loss thumb {:.2}, expert {:.2}",
        thumb_loss / n,
        expert_loss / n
    );
}
