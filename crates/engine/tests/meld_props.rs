//! Property tests for the meld finder: on random hands of every preset (with and
//! without the optional combinations) the best meld is consistent, respects the
//! class rule and is never below a simple greedy decomposition.

use pinochle_engine::cards::{Card, CardCounts, Rank, Suit};
use pinochle_engine::meld::{
    best_meld, meld_total, shown_subsets, used_cards, validate_shown, MeldClass, MeldResult,
};
use pinochle_engine::rules::{meld_value, DoubleRoyal, MeldValues, PresetId, Roundhouse, Rules};
use proptest::prelude::*;
use std::collections::BTreeMap;

/// Every card of the preset's deck, with its copies.
fn deck(rules: &Rules) -> Vec<Card> {
    let mut out = Vec::new();
    for card in Card::all() {
        if card.rank == Rank::Nine && !rules.deck.has_nines() {
            continue;
        }
        for _ in 0..rules.deck.copies() {
            out.push(card);
        }
    }
    out
}

/// A rule set: a preset, optionally with the roundhouse and double royal options.
fn rules_strategy() -> impl Strategy<Value = Rules> {
    (0usize..5, any::<bool>(), any::<bool>(), any::<bool>()).prop_map(|(p, rh, dr, bonuses)| {
        let mut rules = Rules::preset(PresetId::ALL[p]);
        if rh {
            let scale = if rules.deck.copies() == 4 { 10 } else { 1 };
            rules.meld.roundhouse = Some(Roundhouse {
                value: 320 / scale,
                with_run: 390 / scale,
                double: Some(2400 / scale),
            });
        }
        if dr {
            rules.meld.double_royal = Some(DoubleRoyal {
                value: 240,
                with_run: 390,
            });
        }
        if !bonuses {
            rules.meld.double_bonuses = false;
        }
        rules
    })
}

fn hand_strategy() -> impl Strategy<Value = (Rules, CardCounts, Option<Suit>)> {
    rules_strategy().prop_flat_map(|rules| {
        let cards = deck(&rules);
        (
            Just(rules),
            proptest::sample::subsequence(cards, 12..=20),
            proptest::option::of((0usize..4).prop_map(Suit::from_index)),
        )
            .prop_map(|(rules, cards, trump)| (rules, CardCounts::from_cards(&cards), trump))
    })
}

/// A single meld for the greedy: its class, its cards and which table it scores by.
struct Single {
    class: MeldClass,
    cards: Vec<Card>,
    key: (&'static str, Option<Suit>),
}

fn values<'a>(rules: &'a Rules, name: &str) -> &'a MeldValues {
    let t = &rules.meld.table;
    match name {
        "run" => &t.run,
        "royal" => &t.royal_marriage,
        "marriage" => &t.marriage,
        "dix" => &t.dix,
        "pinochle" => &t.pinochle,
        "aces" => &t.aces,
        "kings" => &t.kings,
        "queens" => &t.queens,
        _ => &t.jacks,
    }
}

/// Greedy: repeatedly take the single meld worth most that still fits its class.
fn greedy(rules: &Rules, hand: &CardCounts, trump: Option<Suit>) -> u32 {
    let c = |r, s| Card::new(r, s);
    let mut singles = Vec::new();
    if let Some(t) = trump {
        singles.push(Single {
            class: MeldClass::Sequences,
            cards: [Rank::Ace, Rank::Ten, Rank::King, Rank::Queen, Rank::Jack]
                .map(|r| c(r, t))
                .to_vec(),
            key: ("run", Some(t)),
        });
        singles.push(Single {
            class: MeldClass::Sequences,
            cards: vec![c(Rank::King, t), c(Rank::Queen, t)],
            key: ("royal", Some(t)),
        });
        singles.push(Single {
            class: MeldClass::Sequences,
            cards: vec![c(Rank::Nine, t)],
            key: ("dix", Some(t)),
        });
    }
    for s in Suit::ALL {
        if Some(s) != trump {
            singles.push(Single {
                class: MeldClass::Sequences,
                cards: vec![c(Rank::King, s), c(Rank::Queen, s)],
                key: ("marriage", Some(s)),
            });
        }
    }
    singles.push(Single {
        class: MeldClass::Pinochles,
        cards: vec![c(Rank::Queen, Suit::Spades), c(Rank::Jack, Suit::Diamonds)],
        key: ("pinochle", None),
    });
    for (rank, name) in [
        (Rank::Ace, "aces"),
        (Rank::King, "kings"),
        (Rank::Queen, "queens"),
        (Rank::Jack, "jacks"),
    ] {
        singles.push(Single {
            class: MeldClass::Arounds,
            cards: Suit::ALL.map(|s| c(rank, s)).to_vec(),
            key: (name, None),
        });
    }
    let single_value = |s: &Single| values(rules, s.key.0).first().copied().unwrap_or(0);
    singles.sort_by_key(|s| std::cmp::Reverse(single_value(s)));
    let mut left = [*hand; 3];
    let mut picks: BTreeMap<(&str, Option<Suit>), u32> = BTreeMap::new();
    loop {
        let found = singles.iter().find(|s| {
            let l = &left[s.class as usize];
            let need = CardCounts::from_cards(&s.cards);
            single_value(s) > 0 && l.contains_all(&need)
        });
        let Some(s) = found else { break };
        for &card in &s.cards {
            left[s.class as usize].remove(card);
        }
        *picks.entry(s.key).or_default() += 1;
    }
    picks
        .iter()
        .map(|(k, &n)| meld_value(values(rules, k.0), n, rules.meld.double_bonuses))
        .sum()
}

fn check_classes(result: &MeldResult, hand: &CardCounts) -> Result<(), TestCaseError> {
    for class in MeldClass::ALL {
        let mut used = CardCounts::EMPTY;
        for item in &result.melds {
            for (slot, n) in used.0.iter_mut().zip(item.cards_in_class(class).0) {
                *slot += n;
            }
        }
        prop_assert!(
            hand.contains_all(&used),
            "{class:?} uses more than held: {:?}",
            result.melds
        );
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(600))]

    #[test]
    fn best_meld_is_consistent_and_respects_classes((rules, hand, trump) in hand_strategy()) {
        let r = best_meld(&rules, &hand, trump);
        prop_assert_eq!(r.total, r.melds.iter().map(|i| i.points).sum::<u32>());
        prop_assert_eq!(r.total, meld_total(&rules, &hand, trump));
        check_classes(&r, &hand)?;
        for item in &r.melds {
            prop_assert!(item.points > 0);
            prop_assert!(item.copies > 0);
            prop_assert!(!item.name.is_empty());
        }
        let used = used_cards(&r);
        prop_assert!(hand.contains_all(&used));
        // the items, shown as keys, validate to the same total
        let keys: Vec<_> = r.melds.iter().map(|i| i.key()).collect();
        let shown = validate_shown(&rules, &hand, trump, &keys);
        prop_assert!(shown.is_ok(), "{:?}", shown);
        prop_assert_eq!(shown.unwrap().total, r.total);
        if trump.is_none() {
            prop_assert!(r.melds.iter().all(|i| i.suit.is_none()
                || i.kind == pinochle_engine::meld::MeldKind::Marriage));
        }
    }

    #[test]
    fn best_meld_is_never_below_greedy((rules, hand, trump) in hand_strategy()) {
        let g = greedy(&rules, &hand, trump);
        let b = meld_total(&rules, &hand, trump);
        prop_assert!(b >= g, "best {} < greedy {}", b, g);
    }

    #[test]
    fn club_subsets_are_all_valid(hand in proptest::sample::subsequence(deck(&Rules::preset(PresetId::Club)), 15..=18),
                                  trump in (0usize..4).prop_map(Suit::from_index)) {
        let rules = Rules::preset(PresetId::Club);
        let hand = CardCounts::from_cards(&hand);
        let sets = shown_subsets(&rules, &hand, Some(trump));
        prop_assert!(!sets.is_empty());
        prop_assert!(sets.last().unwrap().is_empty());
        let best = meld_total(&rules, &hand, Some(trump));
        let mut prev = u32::MAX;
        for (i, s) in sets.iter().enumerate() {
            let r = validate_shown(&rules, &hand, Some(trump), s);
            prop_assert!(r.is_ok());
            let t = r.unwrap().total;
            prop_assert!(t <= best);
            prop_assert!(t <= prev);
            if i == 0 { prop_assert_eq!(t, best); }
            prev = t;
        }
    }
}
