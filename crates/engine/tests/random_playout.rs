//! Random playouts (OpenSpiel's RandomSimTest idea) over every preset with random
//! rule options: at every step the player to move has sorted, distinct legal
//! actions; each of them applies; unlisted actions are refused with the state
//! unchanged; the state survives a serde round trip; cards are conserved; views
//! hold only their seat's cards and compute the same legal actions; played hands
//! count exactly the deck's card points; a contract decided before the last
//! card stays decided and ends so.

use pinochle_engine::game::rng::Rng;
use pinochle_engine::game::{Action, IllegalAction, Outcome, Phase, State};
use pinochle_engine::meld::{MeldKey, MeldKind};
use pinochle_engine::rules::*;
use pinochle_engine::{Card, CardCounts, Suit};

fn pick<T: Clone>(rng: &mut Rng, items: &[T]) -> T {
    items[rng.below(items.len())].clone()
}

fn coin(rng: &mut Rng) -> bool {
    rng.below(2) == 0
}

/// A preset with random options, each applied by editing the rule fields.
fn random_rules(preset: PresetId, rng: &mut Rng) -> Rules {
    let mut r = Rules::preset(preset);
    if coin(rng) {
        r.play.head = pick(
            rng,
            &[
                HeadRule::TrumpLed,
                HeadRule::Always,
                HeadRule::Strict,
                HeadRule::Never,
            ],
        );
    }
    draw_table_variants(&mut r, rng);
    match preset {
        PresetId::Brooklyn => {
            r.table.seats = pick(rng, &[3, 4, 5]);
            r.table.sit_out = pick(rng, &[SitOut::DealerPlays, SitOut::DealerSitsOut]);
            r.counting = pick(
                rng,
                &[Counting::Classic, Counting::Counters, Counting::Fives],
            );
            r.auction.no_40_90 = coin(rng);
            if coin(rng) {
                r.meld.roundhouse = Some(Roundhouse {
                    value: 240,
                    with_run: pick(rng, &[390, 350]),
                    double: None,
                });
            }
            match rng.below(3) {
                0 => {
                    r.scoring = Scoring::Stakes(StakeScoring {
                        schedule: pick(
                            rng,
                            &[
                                StakeSchedule::Classic,
                                StakeSchedule::GentleA,
                                StakeSchedule::GentleB,
                                StakeSchedule::GentleC,
                            ],
                        ),
                        spades: 2,
                        hearts: pick(rng, &[1, 3]),
                    })
                }
                1 => r
                    .set_option("pot_game", "true")
                    .expect("the pot game applies to brooklyn"),
                _ => {}
            }
        }
        PresetId::Bison => {
            r.table.seats = pick(rng, &[3, 4]);
            r.auction.min_bid = pick(rng, &[0, 100, 200, 250, 300]);
            r.auction.open_at_minimum = coin(rng);
            r.auction.all_pass = pick(
                rng,
                &[
                    AllPass::ThrowIn,
                    AllPass::DealerMustBid,
                    AllPass::DealerStuck,
                ],
            );
            r.meld.double_bonuses = coin(rng);
            if coin(rng) {
                r.meld.double_royal = Some(DoubleRoyal {
                    value: 240,
                    with_run: 390,
                });
            }
            if let Scoring::Points(p) = &mut r.scoring {
                if coin(rng) {
                    p.bunching = Bunch::ALL.to_vec();
                }
                p.target = pick(rng, &[1000, 1500, 2500]);
                if coin(rng) {
                    p.fixed_deals = Some(pick(rng, &[2, 4]));
                }
                if coin(rng) {
                    p.floor = Some(-1000);
                }
                p.divisor = pick(rng, &[1, 10]);
                if coin(rng) {
                    p.money = Some(MoneyPlay {
                        game_stake: 200,
                        set_stake: 50,
                    });
                }
            }
        }
        PresetId::Partnership => {
            if let Some(p) = &mut r.passing.partner {
                p.cards = pick(rng, &[0, 1, 2, 3, 4]);
            }
            if let Scoring::Points(p) = &mut r.scoring {
                p.target = pick(rng, &[500, 1500]);
            }
        }
        PresetId::DoubleDeck => {
            r.auction.bands = pick(
                rng,
                &[
                    vec![BidBand { from: 0, step: 1 }],
                    vec![BidBand { from: 0, step: 1 }, BidBand { from: 61, step: 5 }],
                    vec![
                        BidBand { from: 0, step: 1 },
                        BidBand { from: 61, step: 5 },
                        BidBand {
                            from: 101,
                            step: 10,
                        },
                    ],
                ],
            );
            r.auction.max_rounds = pick(rng, &[None, Some(1), Some(2)]);
            if coin(rng) {
                r.passing.partner = Some(PartnerPass {
                    cards: pick(rng, &[1, 2, 3, 4]),
                    order: pick(rng, &[PassOrder::PartnerFirst, PassOrder::Simultaneous]),
                });
            }
            r.contract.trump_marriage = pick(
                rng,
                &[
                    TrumpMarriage::NotRequired,
                    TrumpMarriage::Required,
                    TrumpMarriage::RequiredAfterExchange,
                ],
            );
            if let Scoring::Points(p) = &mut r.scoring {
                if coin(rng) {
                    p.meld_minimum = Some(20);
                }
                p.surrender = pick(
                    rng,
                    &[
                        SurrenderAward::Nothing,
                        SurrenderAward::Meld,
                        SurrenderAward::MeldPlus(25),
                        SurrenderAward::PlayOut,
                    ],
                );
                p.multiplier = pick(rng, &[1, 10]);
            }
        }
        PresetId::Club => {
            r.table.seats = pick(rng, &[3, 4, 5]);
            r.contract.dealer_may_decline = coin(rng);
            r.contract.duplicate_widow_decline = coin(rng);
            if let Scoring::Bowl(b) = &mut r.scoring {
                if coin(rng) {
                    b.high_hand = Some(HighHand {
                        min_bid: 350,
                        instant_bid: 450,
                        bonus: 100,
                    });
                }
            }
        }
    }
    r
}

/// The RULES.md §6 table variants, each drawn through the option registry where
/// it applies (they are off half the time).
fn draw_table_variants(r: &mut Rules, rng: &mut Rng) {
    let draws: [(&str, &[&str]); 8] = [
        ("automatic_set", &["true"]),
        ("concede_any_shortfall", &["true"]),
        ("defenders_always_score", &["true"]),
        ("bidder_needs_no_tricks", &["true"]),
        ("redeal_nines", &["4", "5", "6"]),
        ("lose_at", &["500", "1000"]),
        ("mercy", &["true"]),
        ("must_bid_to_go_out", &["true"]),
    ];
    for (key, values) in draws {
        let applies = pinochle_engine::options::spec(key).is_some_and(|s| s.applies(r));
        if applies && coin(rng) {
            let value = pick(rng, values);
            r.set_option(key, value)
                .unwrap_or_else(|e| panic!("{key}={value}: {e}"));
        }
    }
}

/// A random policy that passes often in the auction, so contracts vary.
fn choose(rng: &mut Rng, state: &State, legal: &[Action]) -> Action {
    if state.phase() == Phase::Auction && legal.contains(&Action::Pass) && rng.below(3) > 0 {
        return Action::Pass;
    }
    if state.phase() == Phase::Auction && rng.below(2) == 0 {
        // Mostly the lowest bids, as players do.
        let bids: Vec<&Action> = legal
            .iter()
            .filter(|a| matches!(a, Action::Bid(_)))
            .collect();
        if let Some(&low) = bids.first() {
            return low.clone();
        }
    }
    // Concede and decline now and then only, so most hands are played out.
    let keep_going: Vec<Action> = legal
        .iter()
        .filter(|a| !matches!(a, Action::Concede | Action::DeclineHand))
        .cloned()
        .collect();
    if !keep_going.is_empty() && rng.below(5) > 0 {
        return pick(rng, &keep_going);
    }
    pick(rng, legal)
}

fn full_deck(rules: &Rules) -> CardCounts {
    let mut c = CardCounts::EMPTY;
    for card in Card::all() {
        if card.rank == pinochle_engine::Rank::Nine && !rules.deck.has_nines() {
            continue;
        }
        for _ in 0..rules.deck.copies() {
            c.add(card);
        }
    }
    c
}

fn random_action(rng: &mut Rng) -> Action {
    let card = Card::from_index(rng.below(24));
    match rng.below(13) {
        0 => Action::PassCard(card),
        1 => Action::Bid(rng.below(1600) as u32),
        2 => Action::Pass,
        3 => Action::Keep,
        4 => Action::Escape,
        5 => Action::DeclineHand,
        6 => Action::Concede,
        7 => Action::Play,
        8 => Action::Challenge,
        9 => Action::ChooseTrump(Suit::from_index(rng.below(4))),
        10 => Action::Bury(card),
        11 => Action::ShowMeld(vec![MeldKey {
            kind: pick(rng, &MeldKind::ALL),
            suit: Some(Suit::from_index(rng.below(4))),
            copies: rng.below(3) as u8,
        }]),
        _ => Action::PlayCard(card),
    }
}

fn check_invariants(state: &State, deck: &CardCounts) {
    let public = state.public();
    let seats = public.seats;
    // Cards are conserved.
    let mut all = CardCounts::EMPTY;
    for seat in 0..seats {
        let p = state.private_of(seat).unwrap();
        for c in p
            .hand
            .to_cards()
            .into_iter()
            .chain(p.passing.iter().copied())
            .chain(p.buried.iter().copied())
        {
            all.add(c);
        }
        assert_eq!(
            p.hand.len() + p.passing.len(),
            public.hand.hand_sizes[seat] as usize + p.passing.len()
        );
    }
    for &c in state.undisclosed_kitty() {
        all.add(c);
    }
    for p in &public.hand.plays {
        all.add(p.card);
    }
    if !state.is_terminal() {
        assert_eq!(&all, deck, "cards are conserved");
    }
    // Views: own cards only, same legal actions.
    let legal = state.legal_actions();
    for seat in 0..seats {
        let view = state.observation(seat);
        assert_eq!(&view.own, state.private_of(seat).unwrap());
        assert_eq!(&view.public, public);
        if state.current_player() == Some(seat) {
            assert_eq!(view.legal_actions(), legal);
        } else {
            assert!(view.legal_actions().is_empty());
        }
    }
    // The kitty is public only once turned up; buried trumps only when announced.
    if matches!(
        public.hand.phase,
        Phase::PassLeft | Phase::Auction | Phase::Escape | Phase::DealerDecline
    ) {
        assert!(public.hand.kitty.is_empty());
    }
}

fn play_session(rules: Rules, seed: u64, max_hands: u32, rng: &mut Rng, stats: &mut Stats) {
    let deck = full_deck(&rules);
    let total = rules.counting.total();
    let mut state = State::new(rules.clone(), seed)
        .unwrap()
        .with_deal_limit(Some(max_hands));
    let mut seen_hands = 0;
    let mut steps = 0;
    // What `contract_decided` said in this hand's play, once it said it.
    let mut decided: Option<bool> = None;
    while !state.is_terminal() {
        steps += 1;
        assert!(steps < 100_000, "session does not end");
        let seat = state.current_player().expect("someone is to move");
        let legal = state.legal_actions();
        assert!(!legal.is_empty(), "no legal action in {:?}", state.phase());
        let mut sorted = legal.clone();
        sorted.sort();
        sorted.dedup();
        assert_eq!(sorted, legal, "legal actions are sorted and distinct");
        check_invariants(&state, &deck);
        // Every listed action applies (of a long list of bids: the lowest, the
        // highest and a random sample).
        let bids = legal.iter().filter(|a| matches!(a, Action::Bid(_))).count();
        for (i, a) in legal.iter().enumerate() {
            if matches!(a, Action::Bid(_))
                && bids > 8
                && i > 0
                && i + 1 < bids
                && rng.below(bids) >= 6
            {
                continue;
            }
            let mut s = state.clone();
            s.apply(a.clone())
                .unwrap_or_else(|e| panic!("listed {a} refused: {e}"));
        }
        // Unlisted actions are refused and change nothing.
        for _ in 0..6 {
            let a = random_action(rng);
            if legal.contains(&a) {
                continue;
            }
            let mut s = state.clone();
            let err = s.apply(a.clone()).expect_err("unlisted action refused");
            assert!(!err.to_string().is_empty());
            assert_eq!(s, state, "refused action {a} changed the state");
        }
        let other = (seat + 1) % state.public().seats;
        let mut s = state.clone();
        assert!(matches!(
            s.apply_for(other, legal[0].clone()),
            Err(IllegalAction::NotYourTurn { .. })
        ));
        // Serde round trip.
        if steps % 12 == 0 {
            let json = serde_json::to_string(&state).unwrap();
            let back: State = serde_json::from_str(&json).unwrap();
            assert_eq!(back, state);
        }
        if let Some(now) = state.contract_decided() {
            assert!(
                decided.is_none_or(|before| before == now),
                "a decided contract changed"
            );
            decided = Some(now);
        } else {
            assert!(
                decided.is_none() || state.phase() != Phase::Tricks,
                "a decided contract became open again"
            );
        }
        let action = choose(rng, &state, &legal);
        state.apply(action).unwrap();
        stats.steps += 1;
        if state.public().session.hands_completed > seen_hands {
            seen_hands = state.public().session.hands_completed;
            let record = state.last_record().unwrap();
            stats.hands += 1;
            if let Some(made) = decided.take() {
                let expected = if made { Outcome::Made } else { Outcome::Set };
                assert_eq!(record.outcome, expected, "the hand ends as it was decided");
                stats.decided += 1;
            }
            *stats
                .outcomes
                .entry(format!("{:?}", record.outcome))
                .or_default() += 1;
            let json = serde_json::to_string(record).unwrap();
            let back: pinochle_engine::game::HandRecord = serde_json::from_str(&json).unwrap();
            assert_eq!(&back, record);
            if !record.tricks.is_empty() {
                let points: u32 = record.card_points.values().sum();
                assert_eq!(points, total, "trick points sum to the deck total");
                assert_eq!(record.tricks.len(), rules.hand_size());
            }
            if let Some(p) = &record.payments {
                if !matches!(rules.scoring, Scoring::Points(_)) {
                    assert_eq!(p.values().sum::<i64>(), 0, "payments balance");
                }
            }
            // The hand that ends the game says so, and its settlement balances.
            let result = state.session_result();
            assert_eq!(record.game_end.is_some(), result.is_some());
            if let (Some(end), Some(result)) = (&record.game_end, result) {
                assert_eq!(end.winners, result.winners);
                assert_eq!(
                    end.payments.values().sum::<i64>(),
                    0,
                    "end payments balance"
                );
            }
        }
    }
    assert!(state.current_player().is_none() && state.legal_actions().is_empty());
    assert!(state.session_result().is_some());
}

#[derive(Default, Debug)]
struct Stats {
    hands: u32,
    steps: u32,
    /// Hands whose contract was decided before their last card.
    decided: u32,
    outcomes: std::collections::BTreeMap<String, u32>,
}

/// Sessions per preset and the deal limit of each (a points session may end sooner).
const SESSIONS: u64 = 30;
const HANDS: u32 = 8;

fn run_preset(preset: PresetId, sessions: u64, hands: u32) -> Stats {
    let mut rng = Rng::new(0xC0FFEE ^ preset as u64);
    let mut stats = Stats::default();
    for i in 0..sessions {
        let rules = random_rules(preset, &mut rng);
        play_session(rules, 1000 + i, hands, &mut rng, &mut stats);
    }
    eprintln!("{preset:?}: {stats:?}");
    assert!(
        stats.outcomes.len() >= 3,
        "{preset:?} outcomes too uniform: {stats:?}"
    );
    stats
}

#[test]
fn random_playouts_brooklyn() {
    let stats = run_preset(PresetId::Brooklyn, SESSIONS, HANDS);
    assert!(
        stats.decided > 0,
        "no contract was decided before its last card"
    );
}

#[test]
fn random_playouts_bison() {
    let stats = run_preset(PresetId::Bison, SESSIONS, HANDS);
    assert_eq!(stats.decided, 0, "a points game decides no contract early");
}

#[test]
fn random_playouts_partnership() {
    let stats = run_preset(PresetId::Partnership, SESSIONS, HANDS);
    assert_eq!(stats.decided, 0, "a points game decides no contract early");
}

#[test]
fn random_playouts_double_deck() {
    let stats = run_preset(PresetId::DoubleDeck, SESSIONS, HANDS);
    assert_eq!(stats.decided, 0, "a points game decides no contract early");
}

#[test]
fn random_playouts_club() {
    let stats = run_preset(PresetId::Club, SESSIONS, HANDS);
    assert!(
        stats.decided > 0,
        "no contract was decided before its last card"
    );
}

/// Release-mode playout speed: `cargo test --release -p pinochle-engine --test
/// random_playout -- --ignored --nocapture`.
#[test]
#[ignore]
fn playout_speed() {
    for preset in PresetId::ALL {
        let rules = Rules::preset(preset);
        let mut rng = Rng::new(7);
        let mut state = State::new(rules, 7).unwrap();
        let start = std::time::Instant::now();
        let mut hands = 0u32;
        while hands < 20_000 {
            let legal = state.legal_actions();
            assert!(
                !legal.is_empty(),
                "{preset:?} stuck: {}",
                serde_json::to_string(&state.observation(state.current_player().unwrap_or(0)))
                    .unwrap()
            );
            let action = choose(&mut rng, &state, &legal);
            let before = state.public().session.hands_completed;
            state.apply(action).unwrap();
            hands += state.public().session.hands_completed - before;
            if state.is_terminal() {
                state = State::new(Rules::preset(preset), rng.next_u64()).unwrap();
            }
        }
        let secs = start.elapsed().as_secs_f64();
        eprintln!("{}: {:.0} hands/s", preset.id(), hands as f64 / secs);
    }
}
