//! Who sits where, in words: a seat's name as the table shows it ("You" for
//! the person at this browser when they gave no name) and an action put in a
//! sentence whose verb agrees with "You" or with a name. The table and the
//! hand review (of a game played here or of imported records) share it.

use pinochle_engine::game::{Action, Phase, Seat};

/// What the table calls the human who gave no name.
pub const YOU: &str = "You";

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
            Action::PassCard(c) if you => format!("You pass the {}.", c.long_name()),
            Action::PassCard(_) => format!("{who} passes a card."),
            Action::Bid(b) => verb(&format!("bid {b}."), &format!("bids {b}.")),
            Action::Pass => verb("pass.", "passes."),
            Action::Keep => verb("keep the contract.", "keeps the contract."),
            Action::Escape => verb("make the dealer take it.", "makes the dealer take it."),
            Action::DeclineHand if phase == Phase::Auction => {
                verb("ask for a redeal.", "asks for a redeal.")
            }
            Action::DeclineHand => verb("decline the hand.", "declines the hand."),
            Action::Concede => verb("concede.", "concedes."),
            Action::Play => verb("play on.", "plays on."),
            Action::Challenge => verb("challenge: play it out.", "challenges: play it out."),
            Action::ChooseTrump(s) => verb(
                &format!("name {} trump.", s.name()),
                &format!("names {} trump.", s.name()),
            ),
            Action::Bury(c) if you => format!("You bury the {}.", c.long_name()),
            Action::Bury(_) => format!("{who} buries a card."),
            Action::ShowMeld(keys) => {
                let melds = plural(keys.len(), "meld", "melds");
                verb(&format!("show {melds}."), &format!("shows {melds}."))
            }
            Action::PlayCard(c) => verb(
                &format!("play the {}.", c.long_name()),
                &format!("plays the {}.", c.long_name()),
            ),
        }
    }
}

/// "1 meld", "3 melds".
pub fn plural(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}
