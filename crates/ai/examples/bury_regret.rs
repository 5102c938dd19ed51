//! How good the rules of thumb's bury is, against every bury the hand
//! allows: `cargo run --release -p pinochle-ai --example bury_regret --
//! PRESET DEALS [FIRST]`. Plays DEALS single hands (seeds FIRST, FIRST + 1,
//! …; 7000 unless given) with basic players to the declarer's bury, values
//! every set of cards it may bury (trumps left out) on the same sampled
//! deals, and prints what the rules of thumb's set and the expert's lose
//! against the best of them, in the contract's utility (the game's points,
//! or stake units in a ledger game; the best of many noisy values reads a
//! little high, the same for both). Only where the bury comes before the
//! meld (brooklyn, bison): the club's bury keeps its shown meld's cards.
use pinochle_ai::expert::choice_sets;
use pinochle_ai::{basic, Bot, Level, Player};
use pinochle_engine::game::rng::Rng;
use pinochle_engine::game::{Action, Phase, PlayerView, State};
use pinochle_engine::{Card, CardCounts, PresetId, Rules};

/// Every set of `count` cards of `hand` (copies as counts), trumps left out.
fn sets(hand: &CardCounts, trump: Option<pinochle_engine::Suit>, count: usize) -> Vec<Vec<Card>> {
    let cards: Vec<Card> = hand
        .to_cards()
        .into_iter()
        .filter(|c| Some(c.suit) != trump)
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

/// The rules of thumb's bury, card by card.
fn thumb_set(view: &PlayerView, count: usize) -> Vec<Card> {
    let mut hand = view.own.hand;
    let mut set = Vec::new();
    for _ in 0..count {
        let c = basic::best_bury(view, &hand, view.public.hand.trump).unwrap();
        hand.remove(c);
        set.push(c);
    }
    set
}

/// The expert's bury, card by card as it picks them.
fn expert_set(state: &State, seat: usize, count: usize, seed: u64) -> Vec<Card> {
    let mut s = state.clone();
    let mut bot = Bot::new(Level::Expert, seed);
    let mut set = Vec::new();
    for _ in 0..count {
        let a = bot.decide(&s.observation(seat)).unwrap();
        if let Action::Bury(c) = a {
            set.push(c);
        }
        s.apply(a).unwrap();
    }
    set
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let fail = |why: String| -> ! {
        eprintln!("bury_regret: {why}");
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
    let (deals, first) = (number(2, "DEALS", 40), number(3, "FIRST", 7000));
    let rules = Rules::preset(preset);
    if rules.contract.bury == 0 || rules.contract.bury_after_meld {
        fail(format!("{id}: no bury before the meld"));
    }
    let count = usize::from(rules.contract.bury);
    let (mut n, mut thumb_loss, mut expert_loss) = (0.0, 0.0, 0.0);
    for deal in 0..deals {
        let mut state = State::new(rules.clone(), first + deal).unwrap();
        let mut bots: Vec<Bot> = (0..rules.table.seats)
            .map(|s| Bot::new(Level::Basic, deal * 10 + u64::from(s)))
            .collect();
        for _ in 0..200 {
            if matches!(state.phase(), Phase::Bury | Phase::Tricks) {
                break;
            }
            let Some(seat) = state.current_player() else {
                break;
            };
            let a = bots[seat].decide(&state.observation(seat)).unwrap();
            state.apply(a).unwrap();
        }
        if state.phase() != Phase::Bury {
            eprintln!("deal {deal}: stopped at {:?}", state.phase());
            continue;
        }
        let seat = state.current_player().unwrap();
        let view = state.observation(seat);
        let all = sets(&view.own.hand, view.public.hand.trump, count);
        let mut rng = Rng::new(deal ^ 0x5eed);
        let asked: Vec<(Card, Vec<Card>)> = all.iter().map(|s| (s[0], s[1..].to_vec())).collect();
        let valued = choice_sets(&view, &asked, &mut rng);
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
        let thumb = thumb_set(&view, count);
        let expert = expert_set(&state, seat, count, deal);
        let (Some(t), Some(e)) = (value_of(&thumb), value_of(&expert)) else {
            eprintln!("deal {deal}: a set with a trump ({thumb:?} / {expert:?})");
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
