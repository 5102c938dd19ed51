//! Trick play per RULES.md §0: who wins a trick, which cards are legal, and why a
//! card is not (the UI shows the reason on hover).

use super::Action;
use crate::cards::{Card, CardCounts, Rank, Suit};
use crate::rules::HeadRule;

/// The cards of the card plays among `actions` (a seat's legal actions, in
/// their order).
pub fn cards_among(actions: &[Action]) -> Vec<Card> {
    actions
        .iter()
        .filter_map(|a| match a {
            Action::PlayCard(c) => Some(*c),
            _ => None,
        })
        .collect()
}

/// Whether `card` beats the currently winning card `winning`. Strict: an identical
/// card does not beat (of two identical cards the one played first ranks higher).
pub fn beats(card: Card, winning: Card, trump: Option<Suit>) -> bool {
    if card.suit == winning.suit {
        card.rank > winning.rank
    } else {
        Some(card.suit) == trump
    }
}

/// Index (in play order) of the card currently winning a trick.
pub fn winning_index(trick: &[Card], trump: Option<Suit>) -> Option<usize> {
    let mut best = 0;
    for (i, &card) in trick.iter().enumerate().skip(1) {
        if beats(card, trick[best], trump) {
            best = i;
        }
    }
    (!trick.is_empty()).then_some(best)
}

/// What the player after the leader must play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Duty {
    Any,
    /// Follow `suit`; if `beat` is set, with a card that beats it.
    Follow {
        suit: Suit,
        beat: Option<Card>,
    },
    /// Void in the led suit: play a trump; if `beat` is set, one that beats it.
    Trump {
        suit: Suit,
        beat: Option<Card>,
    },
}

fn duty(hand: &CardCounts, trick: &[Card], trump: Option<Suit>, head: HeadRule) -> Duty {
    let Some(&led) = trick.first() else {
        return Duty::Any;
    };
    let led = led.suit;
    let winning = trick[winning_index(trick, trump).unwrap_or(0)];
    let can_beat = |suit: Suit, target: Card| {
        Rank::ALL
            .iter()
            .any(|&r| hand.get(r, suit) > 0 && beats(Card::new(r, suit), target, trump))
    };
    if hand.suit_len(led) > 0 {
        let target = match head {
            HeadRule::TrumpLed => (trump == Some(led)).then_some(winning),
            HeadRule::Always => (winning.suit == led).then_some(winning),
            // The best card of the led suit, even when a trump is winning.
            HeadRule::Strict => Some(best_of_led_suit(trick)),
            HeadRule::Never => None,
        };
        let beat = target.filter(|&w| can_beat(led, w));
        return Duty::Follow { suit: led, beat };
    }
    match trump {
        Some(t) if hand.suit_len(t) > 0 => {
            let must_beat = matches!(head, HeadRule::Always | HeadRule::Strict);
            let beat = (must_beat && can_beat(t, winning)).then_some(winning);
            Duty::Trump { suit: t, beat }
        }
        _ => Duty::Any,
    }
}

/// The highest card of the led suit on a trick (the first of identical ones),
/// whatever trumps were played.
pub fn best_of_led_suit(trick: &[Card]) -> Card {
    trick[winning_index(trick, None).unwrap_or(0)]
}

/// Why `card` may not be played now, or `None` if it may.
pub fn illegal_reason(
    hand: &CardCounts,
    trick: &[Card],
    trump: Option<Suit>,
    head: HeadRule,
    card: Card,
) -> Option<String> {
    if hand.count(card) == 0 {
        return Some(format!("you don't hold the {}", card.long_name()));
    }
    let beat_reason = |beat: Option<Card>| match beat {
        Some(w) if !beats(card, w, trump) => Some(format!("must beat the {}", w.long_name())),
        _ => None,
    };
    match duty(hand, trick, trump, head) {
        Duty::Any => None,
        Duty::Follow { suit, beat } => {
            if card.suit != suit {
                Some(format!("must follow {}", suit.name()))
            } else {
                beat_reason(beat)
            }
        }
        Duty::Trump { suit, beat } => {
            if card.suit != suit {
                Some(format!(
                    "no {} left: must play a trump ({})",
                    trick[0].suit.name(),
                    suit.name()
                ))
            } else {
                beat_reason(beat)
            }
        }
    }
}

/// The distinct legal cards, in hand order (suit-major, rank high to low).
pub fn legal_cards(
    hand: &CardCounts,
    trick: &[Card],
    trump: Option<Suit>,
    head: HeadRule,
) -> Vec<Card> {
    let mut out = Vec::with_capacity(16);
    out.extend(each_legal_card(hand, trick, trump, head));
    out
}

/// Whether some legal card satisfies `pred`: [`legal_cards`] without the
/// list (the computer players' playouts ask it of every card they weigh).
pub fn any_legal_card(
    hand: &CardCounts,
    trick: &[Card],
    trump: Option<Suit>,
    head: HeadRule,
    pred: impl Fn(Card) -> bool,
) -> bool {
    each_legal_card(hand, trick, trump, head).any(pred)
}

/// The legal cards in hand order, one by one.
fn each_legal_card<'a>(
    hand: &'a CardCounts,
    trick: &[Card],
    trump: Option<Suit>,
    head: HeadRule,
) -> impl Iterator<Item = Card> + 'a {
    let duty = duty(hand, trick, trump, head);
    let (suits, beat) = match duty {
        Duty::Any => (&Suit::ALL[..], None),
        Duty::Follow { suit, beat } | Duty::Trump { suit, beat } => {
            (&Suit::ALL[suit.index()..=suit.index()], beat)
        }
    };
    suits
        .iter()
        .flat_map(|&suit| {
            Rank::ALL
                .iter()
                .rev()
                .map(move |&rank| Card::new(rank, suit))
        })
        .filter(move |&card| hand.count(card) > 0 && beat.is_none_or(|w| beats(card, w, trump)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::parse_cards;

    fn hand(text: &str) -> CardCounts {
        CardCounts::from_cards(&parse_cards(text).unwrap())
    }
    fn cards(text: &str) -> Vec<Card> {
        parse_cards(text).unwrap()
    }
    fn legal(h: &str, trick: &str, head: HeadRule) -> String {
        crate::cards::format_cards(&legal_cards(
            &hand(h),
            &cards(trick),
            Some(Suit::Spades),
            head,
        ))
    }

    #[test]
    fn first_identical_card_wins() {
        let t = cards("AH AH TH");
        assert_eq!(winning_index(&t, Some(Suit::Spades)), Some(0));
        let t = cards("TH 9S 9S");
        assert_eq!(winning_index(&t, Some(Suit::Spades)), Some(1));
        let t = cards("TH AD");
        assert_eq!(winning_index(&t, Some(Suit::Spades)), Some(0));
    }

    #[test]
    fn trump_led_head_rule() {
        // Trump led: must beat the winning trump if able.
        assert_eq!(legal("AS JS KH", "KS", HeadRule::TrumpLed), "AS");
        // Identical card does not beat: QS on QS is not beating, so any spade.
        assert_eq!(legal("QS 9S KH", "QS", HeadRule::TrumpLed), "QS 9S");
        // Plain suit led: no duty to beat, not even when trumping.
        assert_eq!(legal("AH 9H", "KH", HeadRule::TrumpLed), "AH 9H");
        assert_eq!(legal("AS 9S KD", "KH 9S", HeadRule::TrumpLed), "AS 9S");
    }

    #[test]
    fn always_head_rule() {
        assert_eq!(legal("AH 9H", "KH", HeadRule::Always), "AH");
        // Winning card is a trump on a plain lead: any heart.
        assert_eq!(legal("AH 9H", "KH 9S", HeadRule::Always), "AH 9H");
        // Trumping: must overtrump if able.
        assert_eq!(legal("AS 9S KD", "KH JS", HeadRule::Always), "AS");
        assert_eq!(legal("9S KD", "KH JS", HeadRule::Always), "9S");
        // First trump on a plain lead always beats.
        assert_eq!(legal("AS 9S KD", "KH", HeadRule::Always), "AS 9S");
    }

    #[test]
    fn strict_head_rule_beats_the_led_suit_even_over_a_trump() {
        // Plain suit led and trumped: still beat the best heart if able.
        assert_eq!(legal("AH 9H", "KH 9S", HeadRule::Strict), "AH");
        assert_eq!(legal("QH 9H", "KH 9S", HeadRule::Strict), "QH 9H");
        // The best heart, not the last one played.
        assert_eq!(legal("TH QH", "KH JH", HeadRule::Strict), "TH");
        // Trumping: beat the highest trump if able.
        assert_eq!(legal("AS 9S KD", "KH JS", HeadRule::Strict), "AS");
        assert_eq!(legal("AS 9S KD", "KH", HeadRule::Strict), "AS 9S");
        // Trump led: as always.
        assert_eq!(legal("AS JS KH", "KS", HeadRule::Strict), "AS");
    }

    #[test]
    fn never_head_rule_keeps_follow_and_trump_duties() {
        assert_eq!(legal("AH 9H QS", "KH", HeadRule::Never), "AH 9H");
        assert_eq!(legal("AS 9S KD", "KH JS", HeadRule::Never), "AS 9S");
        assert_eq!(legal("KD QC", "KH", HeadRule::Never), "KD QC");
    }

    #[test]
    fn any_legal_card_asks_the_legal_cards() {
        let heads = [
            HeadRule::TrumpLed,
            HeadRule::Always,
            HeadRule::Strict,
            HeadRule::Never,
        ];
        for head in heads {
            for (h, trick) in [
                ("AS 9S KD", "KH JS"),
                ("AH 9H QS", "KH"),
                ("KD QC", "KH"),
                ("QS 9S KH", "QS"),
                ("TH QH", ""),
            ] {
                let (h, trick) = (hand(h), cards(trick));
                let legal = legal_cards(&h, &trick, Some(Suit::Spades), head);
                for card in (0..24).map(Card::from_index) {
                    assert_eq!(
                        any_legal_card(&h, &trick, Some(Suit::Spades), head, |c| c == card),
                        legal.contains(&card),
                        "{head:?} {card}"
                    );
                }
            }
        }
    }

    #[test]
    fn reasons_are_readable() {
        let h = hand("AH 9H QS");
        let t = cards("KH");
        let r = |c: &str| {
            illegal_reason(
                &h,
                &t,
                Some(Suit::Spades),
                HeadRule::Always,
                c.parse().unwrap(),
            )
        };
        assert_eq!(r("QS").as_deref(), Some("must follow hearts"));
        assert_eq!(r("9H").as_deref(), Some("must beat the king of hearts"));
        assert_eq!(r("AH"), None);
        assert_eq!(
            r("TD").as_deref(),
            Some("you don't hold the ten of diamonds")
        );
    }
}
