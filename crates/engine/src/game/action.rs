//! Decisions a player makes ([`Action`]), the phases that ask for them ([`Phase`]),
//! and why an action is refused ([`IllegalAction`]). Actions have a text form
//! (`bid 300`, `play QH`, `show run:S pinochle*2`) for logs, the CLI and
//! scenario files.

use crate::cards::{Card, Suit};
use crate::meld::{MeldKey, MeldKind};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

use super::seating::Seat;

/// One decision. Cards are passed, buried and played one at a time, so the legal
/// actions of every decision stay small and enumerable.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Action {
    /// Pass one card (to the left before the auction, or between partners).
    PassCard(Card),
    Bid(u32),
    /// Pass in the auction; a club defender's "pass" (no challenge).
    Pass,
    /// Brooklyn 300-escape: keep the contract at the minimum.
    Keep,
    /// Brooklyn 300-escape: make the dealer take the contract at the escape bid.
    Escape,
    /// Decline the hand: a stuck dealer declines to look at the widow, a bidder
    /// declines a widow of duplicates (club options), or a player dealt enough
    /// nines asks for a redeal at their first turn in the auction (table variant).
    DeclineHand,
    /// Voluntary set, give-up or throw-in; the club bidder's "pass".
    Concede,
    /// Go on: decline a concession or decline option; the club bidder's "play".
    Play,
    /// A club defender says "play".
    Challenge,
    ChooseTrump(Suit),
    /// Bury (discard) one card.
    Bury(Card),
    /// Club: the melds the declarer shows (sorted keys).
    ShowMeld(Vec<MeldKey>),
    PlayCard(Card),
}

/// What the hand is waiting for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Phase {
    /// Each active player chooses cards to pass to the left (one decision per card).
    PassLeft,
    Auction,
    /// The opener of a lone minimum bid: keep it or make the dealer take it.
    Escape,
    /// A dealer stuck at the minimum may decline to look at the widow.
    DealerDecline,
    /// The bidder's widow duplicates cards in hand: decline or play.
    DuplicateDecline,
    /// After the kitty is exposed, before trump: concede or play.
    KittyConcede,
    Trump,
    /// Partner and declarer exchange cards.
    PartnerPass,
    Bury,
    /// The declarer chooses which melds to show.
    ShowMeld,
    /// After all meld is shown: concede or play.
    MeldConcede,
    /// Club: the bidder says play or pass.
    BidderDecision,
    /// Club: each defender challenges or passes.
    Challenge,
    Tricks,
    SessionOver,
}

impl Phase {
    pub fn name(self) -> &'static str {
        match self {
            Phase::PassLeft => "passing",
            Phase::Auction => "auction",
            Phase::Escape => "escape choice",
            Phase::DealerDecline => "dealer's decline",
            Phase::DuplicateDecline => "duplicate widow",
            Phase::KittyConcede => "concession",
            Phase::Trump => "trump",
            Phase::PartnerPass => "partner exchange",
            Phase::Bury => "bury",
            Phase::ShowMeld => "meld",
            Phase::MeldConcede => "concession",
            Phase::BidderDecision => "play or pass",
            Phase::Challenge => "challenge",
            Phase::Tricks => "play",
            Phase::SessionOver => "end of session",
        }
    }
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why an action was refused. The state is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalAction {
    #[error("it is not seat {seat}'s turn")]
    NotYourTurn { seat: Seat, to_move: Option<Seat> },
    #[error("'{action}' is not a decision of the {phase} phase")]
    WrongPhase { phase: Phase, action: Action },
    #[error("{reason}")]
    RuleViolation { reason: String },
}

impl IllegalAction {
    pub(crate) fn rule(reason: impl Into<String>) -> IllegalAction {
        IllegalAction::RuleViolation {
            reason: reason.into(),
        }
    }
}

fn kind_name(kind: MeldKind) -> String {
    serde_json::to_value(kind)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}

/// Text form of a meld key: `kind[:SUIT][*copies]`, e.g. `run:S`, `pinochle*2`.
pub fn format_meld_key(key: &MeldKey) -> String {
    let mut out = kind_name(key.kind);
    if let Some(s) = key.suit {
        out.push(':');
        out.push(s.letter());
    }
    if key.copies != 1 {
        out.push_str(&format!("*{}", key.copies));
    }
    out
}

/// Parses the text form of [`format_meld_key`].
pub fn parse_meld_key(text: &str) -> Result<MeldKey, String> {
    let bad = || format!("'{text}' is not a meld: expected kind[:SUIT][*copies], e.g. run:S");
    let (rest, copies) = match text.split_once('*') {
        Some((r, c)) => (r, c.parse::<u8>().map_err(|_| bad())?),
        None => (text, 1),
    };
    let (kind_text, suit) = match rest.split_once(':') {
        Some((k, s)) => (k, Some(Suit::from_text(s).ok_or_else(bad)?)),
        None => (rest, None),
    };
    let kind = MeldKind::ALL
        .into_iter()
        .find(|&k| kind_name(k) == kind_text)
        .ok_or_else(bad)?;
    Ok(MeldKey { kind, suit, copies })
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::PassCard(c) => write!(f, "give {c}"),
            Action::Bid(b) => write!(f, "bid {b}"),
            Action::Pass => f.write_str("pass"),
            Action::Keep => f.write_str("keep"),
            Action::Escape => f.write_str("escape"),
            Action::DeclineHand => f.write_str("decline"),
            Action::Concede => f.write_str("concede"),
            Action::Play => f.write_str("play"),
            Action::Challenge => f.write_str("challenge"),
            Action::ChooseTrump(s) => write!(f, "trump {s}"),
            Action::Bury(c) => write!(f, "bury {c}"),
            Action::ShowMeld(keys) => {
                f.write_str("show")?;
                if keys.is_empty() {
                    return f.write_str(" nothing");
                }
                for k in keys {
                    write!(f, " {}", format_meld_key(k))?;
                }
                Ok(())
            }
            Action::PlayCard(c) => write!(f, "play {c}"),
        }
    }
}

impl FromStr for Action {
    type Err = String;

    fn from_str(text: &str) -> Result<Action, String> {
        let words: Vec<&str> = text.split_whitespace().collect();
        let card = |w: &str| w.parse::<Card>().map_err(|e| e.to_string());
        let action = match words.as_slice() {
            ["give", c] => Action::PassCard(card(c)?),
            ["bid", n] => Action::Bid(n.parse().map_err(|_| format!("'{n}' is not a bid"))?),
            ["pass"] => Action::Pass,
            ["keep"] => Action::Keep,
            ["escape"] => Action::Escape,
            ["decline"] => Action::DeclineHand,
            ["concede"] => Action::Concede,
            ["play"] => Action::Play,
            ["challenge"] => Action::Challenge,
            ["trump", s] => Action::ChooseTrump(
                s.parse()
                    .map_err(|e: crate::CardParseError| e.to_string())?,
            ),
            ["bury", c] => Action::Bury(card(c)?),
            ["show", "nothing"] => Action::ShowMeld(Vec::new()),
            ["show", keys @ ..] => {
                let mut keys = keys
                    .iter()
                    .map(|k| parse_meld_key(k))
                    .collect::<Result<Vec<_>, _>>()?;
                crate::sort::sort(&mut keys);
                Action::ShowMeld(keys)
            }
            ["play", c] => Action::PlayCard(card(c)?),
            _ => return Err(format!("'{text}' is not an action")),
        };
        Ok(action)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_round_trips() {
        for text in [
            "give 9H",
            "bid 300",
            "pass",
            "keep",
            "escape",
            "decline",
            "concede",
            "play",
            "challenge",
            "trump S",
            "bury AS",
            "show nothing",
            "show run:S pinochle*2",
            "play QH",
        ] {
            let a: Action = text.parse().unwrap();
            assert_eq!(a.to_string(), text);
        }
        assert!("bid".parse::<Action>().is_err());
        assert!("show castle".parse::<Action>().is_err());
    }
}
