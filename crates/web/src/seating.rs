//! Who sits where, in words: a seat's name as the table shows it ("You" for
//! the person at this browser when they gave no name) and an action put in a
//! sentence whose verb agrees with "You" or with a name. The table and the
//! hand review (of a game played here or of imported records) share it.

use pinochle_engine::game::{Action, Phase, Seat};
use pinochle_engine::Card;

/// What the table calls the human who gave no name.
pub const YOU: &str = "You";

/// Giving up the hand ([`Action::Concede`]) as its phase names it, the same on
/// the button, in the hint, in the review and in the table's log.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GiveUp {
    /// The button: "Pass and pay".
    pub label: &'static str,
    /// The verb: "pass and pay the stake".
    pub verb: &'static str,
    /// The verb after a name: "passes and pays the stake".
    pub verb_s: &'static str,
}

impl GiveUp {
    /// After the kitty, a concession (a single set); after all meld, the
    /// hand thrown in; the club bidder's pass, paying the stake.
    pub fn of(phase: Phase) -> GiveUp {
        match phase {
            Phase::KittyConcede => GiveUp {
                label: "Concede",
                verb: "concede",
                verb_s: "concedes",
            },
            Phase::MeldConcede => GiveUp {
                label: "Throw in",
                verb: "throw the hand in",
                verb_s: "throws the hand in",
            },
            _ => GiveUp {
                label: "Pass and pay",
                verb: "pass and pay the stake",
                verb_s: "passes and pays the stake",
            },
        }
    }
}

/// The players' names and which seat is "you".
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Seating<'a> {
    /// Names by seat; the human's is empty when they gave none.
    pub names: &'a [String],
    pub human: Seat,
}

impl<'a> Seating<'a> {
    /// A seat's name as the table shows it ("You" for a human with no name).
    pub fn name(&self, seat: Seat) -> &'a str {
        match self.names.get(seat).map(String::as_str) {
            Some("") if seat == self.human => YOU,
            Some(name) => name,
            None => "?",
        }
    }

    /// Whether the table speaks to this seat as "you".
    pub fn is_you(&self, seat: Seat) -> bool {
        seat == self.human
    }

    /// A seat's name inside a sentence: "you" for the human ("taken by
    /// you"), else its name.
    pub fn name_in_sentence(&self, seat: Seat) -> &'a str {
        if self.is_you(seat) {
            "you"
        } else {
            self.name(seat)
        }
    }

    /// An action taken in `phase`, in words, as the table announces it. Cards
    /// passed or buried by another seat stay hidden.
    pub fn describe(&self, seat: Seat, action: &Action, phase: Phase) -> String {
        let you = self.is_you(seat);
        let who = self.name(seat);
        // The verb agrees with "You" or with a name.
        let verb = |you_form: &str, name_form: &str| {
            if you {
                format!("You {you_form}")
            } else {
                format!("{who} {name_form}")
            }
        };
        match action {
            Action::PassCard(c) => self.describe_cards(seat, false, &[*c], 1),
            Action::Bid(b) => verb(&format!("bid {b}."), &format!("bids {b}.")),
            // A club defender's pass lets the bid stand: said apart from the
            // auction's pass.
            Action::Pass if phase == Phase::Challenge => {
                verb("pass: no challenge.", "passes: no challenge.")
            }
            Action::Pass => verb("pass.", "passes."),
            Action::Keep => verb("keep the contract.", "keeps the contract."),
            Action::Escape => verb("make the dealer take it.", "makes the dealer take it."),
            Action::DeclineHand if phase == Phase::Auction => {
                verb("ask for a redeal.", "asks for a redeal.")
            }
            Action::DeclineHand => verb("decline the hand.", "declines the hand."),
            Action::Concede => {
                let give_up = GiveUp::of(phase);
                verb(
                    &format!("{}.", give_up.verb),
                    &format!("{}.", give_up.verb_s),
                )
            }
            Action::Play => verb("play on.", "plays on."),
            Action::Challenge => verb("challenge: play it out.", "challenges: play it out."),
            Action::ChooseTrump(s) => verb(
                &format!("name {} trump.", s.name()),
                &format!("names {} trump.", s.name()),
            ),
            Action::Bury(c) => self.describe_cards(seat, true, &[*c], 1),
            Action::ShowMeld(keys) => {
                let melds = crate::controls::meld_keys_text(keys);
                verb(&format!("show {melds}."), &format!("shows {melds}."))
            }
            Action::PlayCard(c) => verb(
                &format!("play the {}.", c.long_name()),
                &format!("plays the {}.", c.long_name()),
            ),
        }
    }

    /// Cards one seat passed (`bury` false) or buried in a row, of the
    /// `total` it passes or buries, as one announcement: the human's by their
    /// faces ("You bury A♠, K♠ and 10♥."), another seat's by number ("Boris
    /// buries 3 cards.", and while it is not done "Boris passes 3 of 4
    /// cards."); one card reads as [`Seating::describe`] ("You bury the ten
    /// of hearts.").
    pub fn describe_cards(&self, seat: Seat, bury: bool, cards: &[Card], total: usize) -> String {
        let (you_verb, name_verb) = if bury {
            ("bury", "buries")
        } else {
            ("pass", "passes")
        };
        if !self.is_you(seat) {
            let cards = match cards.len() {
                n if n < total => format!("{n} of {total} cards"),
                1 => "a card".to_string(),
                n => format!("{n} cards"),
            };
            return format!("{} {name_verb} {cards}.", self.name(seat));
        }
        format!("You {you_verb} {}.", card_list(cards))
    }

    /// Cards another seat handed to the human, by their faces: the human
    /// sees them arrive ("Boris passes you A♠, K♠ and 10♥.").
    pub fn describe_received(&self, from: Seat, cards: &[Card]) -> String {
        format!("{} passes you {}.", self.name(from), card_list(cards))
    }
}

/// One card by its name, as every other announcement; a run by the cards'
/// faces ("A♠, K♠ and 10♥"), so the sentence fits the phone's status line.
fn card_list(cards: &[Card]) -> String {
    match cards {
        [] => "nothing".to_string(),
        [card] => format!("the {}", card.long_name()),
        _ => Card::faces(cards),
    }
}

/// "1 meld", "3 melds".
pub fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

#[cfg(test)]
mod tests {
    use super::*;
    use pinochle_engine::{Rank, Suit};

    #[test]
    fn a_run_of_cards_is_one_sentence() {
        let names = ["".to_string(), "Ada".to_string(), "Boris".to_string()];
        let seating = Seating {
            names: &names,
            human: 0,
        };
        let ace = Card::new(Rank::Ace, Suit::Spades);
        let king = Card::new(Rank::King, Suit::Spades);
        let ten = Card::new(Rank::Ten, Suit::Hearts);
        assert_eq!(
            seating.describe_cards(0, true, &[ace, king, ten], 3),
            "You bury A♠, K♠ and 10♥."
        );
        assert_eq!(
            seating.describe_cards(0, false, &[ace, king], 2),
            "You pass A♠ and K♠."
        );
        assert_eq!(
            seating.describe_cards(0, true, &[ten], 1),
            seating.describe(0, &Action::Bury(ten), Phase::Bury)
        );
        // A club defender's pass is no call of the auction.
        assert_eq!(
            seating.describe(0, &Action::Pass, Phase::Challenge),
            "You pass: no challenge."
        );
        assert_eq!(
            seating.describe_cards(2, true, &[ace, king, ten], 3),
            "Boris buries 3 cards."
        );
        assert_eq!(
            seating.describe_cards(1, false, &[ace], 1),
            "Ada passes a card."
        );
        assert_eq!(
            seating.describe_cards(1, false, &[ace, king, ten], 4),
            "Ada passes 3 of 4 cards."
        );
        assert_eq!(
            seating.describe_received(2, &[ace, ten]),
            "Boris passes you A♠ and 10♥."
        );
        assert_eq!(
            seating.describe_received(1, &[king]),
            "Ada passes you the king of spades."
        );
    }
}
