//! One open-cards position and its exact value as a line of text, the form
//! `pinochle bench --positions` writes and the solver's checks read:
//! `PRESET TRUMP LEADER SIDES | hand | ... | trick | VALUE`, where TRUMP is a
//! suit letter or `-`, SIDES has a `D` for each player on the declarer's side
//! and `-` for the others, and hands and trick are card lists (`AS TS KH`).

use crate::solver::{Deal, Position, PositionError, MAX_PLAYERS};
use pinochle_engine::cards::{format_cards, parse_cards, CardParseError};
use pinochle_engine::{CardCounts, PresetId, Rules, Suit};
use std::fmt;

/// A position of a preset's trick play with its exact value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PositionLine {
    pub preset: PresetId,
    pub deal: Deal,
    pub position: Position,
    /// The declarer's side's points from here on with perfect play.
    pub value: i32,
}

/// What is wrong with a position line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionLineError {
    /// Fewer fields than a head, three hands, a trick and a value.
    Fields(usize),
    /// The head is not `PRESET TRUMP LEADER SIDES`.
    Head(String),
    UnknownPreset(String),
    Trump(String),
    Leader(String),
    Cards(CardParseError),
    Position(PositionError),
    Value(String),
}

impl fmt::Display for PositionLineError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PositionLineError::Fields(n) => write!(
                f,
                "{n} fields separated by `|`: a head, 3 or 4 hands, a trick and a value make 6 or 7"
            ),
            PositionLineError::Head(head) => {
                write!(f, "head `{head}` is not `PRESET TRUMP LEADER SIDES`")
            }
            PositionLineError::UnknownPreset(id) => write!(f, "unknown preset `{id}`"),
            PositionLineError::Trump(t) => write!(f, "trump `{t}` is not a suit letter or `-`"),
            PositionLineError::Leader(l) => write!(f, "leader `{l}` is not a player number"),
            PositionLineError::Cards(e) => write!(f, "cards: {e}"),
            PositionLineError::Position(e) => write!(f, "position: {e}"),
            PositionLineError::Value(v) => write!(f, "value `{v}` is not a whole number"),
        }
    }
}

impl std::error::Error for PositionLineError {}

impl PositionLine {
    /// Reads one line.
    pub fn parse(line: &str) -> Result<PositionLine, PositionLineError> {
        let fields: Vec<&str> = line.split('|').map(str::trim).collect();
        if fields.len() < 6 {
            return Err(PositionLineError::Fields(fields.len()));
        }
        let head: Vec<&str> = fields[0].split_whitespace().collect();
        let [preset, trump, leader, sides] = head[..] else {
            return Err(PositionLineError::Head(fields[0].to_string()));
        };
        let preset = PresetId::from_id(preset)
            .ok_or_else(|| PositionLineError::UnknownPreset(preset.to_string()))?;
        let trump = match trump {
            "-" => None,
            t => Some(Suit::from_text(t).ok_or_else(|| PositionLineError::Trump(t.to_string()))?),
        };
        let leader = leader
            .parse()
            .map_err(|_| PositionLineError::Leader(leader.to_string()))?;
        let cards = |text: &str| parse_cards(text).map_err(PositionLineError::Cards);
        let hands = fields[1..fields.len() - 2]
            .iter()
            .map(|h| cards(h).map(|c| CardCounts::from_cards(&c)))
            .collect::<Result<Vec<_>, _>>()?;
        let trick = cards(fields[fields.len() - 2])?;
        let value_text = fields[fields.len() - 1];
        let value = value_text
            .parse()
            .map_err(|_| PositionLineError::Value(value_text.to_string()))?;
        let position =
            Position::new(&hands, &trick, leader).map_err(PositionLineError::Position)?;
        let mut declarer_side = [false; MAX_PLAYERS];
        for (side, c) in declarer_side.iter_mut().zip(sides.chars()) {
            *side = c == 'D';
        }
        let rules = Rules::preset(preset);
        let deal = Deal {
            players: hands.len(),
            trump,
            head: rules.play.head,
            counting: rules.counting,
            declarer_side,
            last_trick: true,
        };
        Ok(PositionLine {
            preset,
            deal,
            position,
            value,
        })
    }

    /// Reads every line of `text` but blank ones and `#` comments.
    pub fn parse_all(text: &str) -> Result<Vec<PositionLine>, PositionLineError> {
        text.lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .map(PositionLine::parse)
            .collect()
    }
}

impl fmt::Display for PositionLine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let pos = &self.position;
        let trump = self.deal.trump.map_or("-".to_string(), |t| t.to_string());
        let sides: String = (0..pos.players())
            .map(|p| if self.deal.declarer_side[p] { 'D' } else { '-' })
            .collect();
        write!(f, "{} {trump} {} {sides}", self.preset.id(), pos.leader())?;
        for p in 0..pos.players() {
            write!(f, " | {}", format_cards(&pos.hand(p).to_cards()))?;
        }
        write!(f, " | {} | {}", format_cards(&pos.trick()), self.value)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LINE: &str = "brooklyn S 1 D-- | AS TS KH | QD 9C | 9S AD TC | KS | 42";

    #[test]
    fn a_line_reads_back_as_written() {
        let line = PositionLine::parse(LINE).unwrap();
        assert_eq!(line.preset, PresetId::Brooklyn);
        assert_eq!(line.deal.trump, Some(Suit::Spades));
        assert_eq!(line.deal.declarer_side, [true, false, false, false]);
        assert_eq!(line.position.leader(), 1);
        assert_eq!(line.value, 42);
        assert_eq!(PositionLine::parse(&line.to_string()).unwrap(), line);
    }

    #[test]
    fn a_bad_line_says_what_is_wrong() {
        let bad = [
            ("brooklyn S 1 D-- | AS | 42", PositionLineError::Fields(3)),
            (
                "brooklyn S 1 | AS | QD | 9S | | 0",
                PositionLineError::Head("brooklyn S 1".into()),
            ),
            (
                "klondike S 1 D-- | AS | QD | 9S | | 0",
                PositionLineError::UnknownPreset("klondike".into()),
            ),
            (
                "brooklyn X 1 D-- | AS | QD | 9S | | 0",
                PositionLineError::Trump("X".into()),
            ),
            (
                "brooklyn S one D-- | AS | QD | 9S | | 0",
                PositionLineError::Leader("one".into()),
            ),
            (
                "brooklyn S 1 D-- | AS | QD | 9S | | lots",
                PositionLineError::Value("lots".into()),
            ),
            (
                "brooklyn S 1 D-- | AS TS | QD | 9S | | 0",
                PositionLineError::Position(PositionError::UnevenHands),
            ),
        ];
        for (text, want) in bad {
            assert_eq!(PositionLine::parse(text), Err(want), "{text}");
        }
        assert!(matches!(
            PositionLine::parse("brooklyn S 1 D-- | ZZ | QD | 9S | | 0"),
            Err(PositionLineError::Cards(_))
        ));
    }
}
