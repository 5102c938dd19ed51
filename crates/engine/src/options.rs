//! Rule options as flat `key=value` pairs: the vocabulary shared by the CLI's
//! `--set`, the rules editor and share links.
//!
//! Each [`OptionSpec`] reads and writes one field (or one group of fields) of a
//! [`Rules`] value. Keys are listed in application order: a key that rewrites
//! several fields (`pot_game`) comes before the fields it touches, so applying a
//! rule set's differences in this order reproduces it. [`Rules::validate`] checks
//! a whole rule set, so a deserialized value is as trustworthy as a preset.

use crate::rules::*;
use std::fmt;

/// What kind of value an option takes (for the editor and for messages).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionKind {
    Bool,
    /// A whole number in an inclusive range.
    Number {
        min: i64,
        max: i64,
    },
    /// One of a fixed set of words.
    Choice(&'static [&'static str]),
    /// Free-form text in a documented format.
    Text,
}

/// One rule option.
pub struct OptionSpec {
    pub key: &'static str,
    /// Editor group: Table, Auction, Passing, Contract, Meld, Play, Scoring.
    pub group: &'static str,
    pub label: &'static str,
    /// What the option does, as one plain sentence (the editor shows it).
    pub help: &'static str,
    /// How a text value is written (`Text` options only), e.g. `FROM:STEP pairs,
    /// comma-separated`: for the CLI, share links and messages, not the editor.
    pub syntax: Option<&'static str>,
    pub kind: OptionKind,
    applies: fn(&Rules) -> bool,
    get: fn(&Rules) -> String,
    set: fn(&mut Rules, &str) -> Result<(), String>,
}

impl fmt::Debug for OptionSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("OptionSpec")
            .field("key", &self.key)
            .finish()
    }
}

impl OptionSpec {
    /// Whether the option means anything for this rule set.
    pub fn applies(&self, rules: &Rules) -> bool {
        (self.applies)(rules)
    }

    /// The current value as text (the same text `set` accepts).
    pub fn get(&self, rules: &Rules) -> String {
        (self.get)(rules)
    }

    /// The kind with the range that holds for this rule set (Brooklyn seats up to
    /// four without the pot game, five with it).
    pub fn kind_for(&self, rules: &Rules) -> OptionKind {
        match (self.key, self.kind) {
            ("seats", OptionKind::Number { min, .. }) => OptionKind::Number {
                min,
                max: max_seats(rules).into(),
            },
            (_, kind) => kind,
        }
    }

    /// Why the option cannot take effect under the rest of the rule set, if so.
    /// Such a value is accepted (RULES.md §7); the rules editor shows the option
    /// disabled with this reason.
    pub fn inert_reason(&self, rules: &Rules) -> Option<String> {
        let a = &rules.auction;
        let p = points(rules);
        match self.key {
            "all_pass" if a.opener_must_bid => Some(
                "the opener must bid, so the players before the dealer never all pass"
                    .into(),
            ),
            "dealer_may_decline" if a.opener_must_bid || a.all_pass != AllPass::DealerStuck => {
                Some(format!(
                    "only a dealer stuck with the bid may decline, and no dealer is stuck (when all before the dealer pass: {}{})",
                    name_of(a.all_pass, ALL_PASS),
                    if a.opener_must_bid { "; and the opener must bid" } else { "" }
                ))
            }
            "target" if p.is_some_and(|p| p.fixed_deals.is_some() && !p.mercy) => Some(
                "a fixed number of deals replaces the target".into(),
            ),
            "must_bid_to_go_out" if p.is_some_and(|p| p.fixed_deals.is_some()) => Some(
                "with a fixed number of deals nobody goes out at the target".into(),
            ),
            _ => None,
        }
    }
}

/// Why an option or a rule set was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RulesError {
    #[error("unknown option '{0}'")]
    UnknownOption(String),
    #[error("option '{key}' does not apply to {preset}")]
    NotApplicable { key: String, preset: &'static str },
    #[error("option '{key}': {reason}")]
    BadValue { key: String, reason: String },
    #[error("'{0}' is not of the form key=value")]
    NotKeyValue(String),
    #[error(
        "unknown preset '{0}' (expected one of brooklyn, bison, partnership, double-deck, club)"
    )]
    UnknownPreset(String),
    #[error("rules field {field}: {reason}")]
    Invalid { field: &'static str, reason: String },
    #[error("{} do not fit together: {reason}", quoted_keys(keys))]
    Conflict {
        keys: Vec<&'static str>,
        reason: String,
    },
}

/// `options 'a' and 'b'` (or `option 'a'`) for a message.
fn quoted_keys(keys: &[&str]) -> String {
    let quoted: Vec<String> = keys.iter().map(|k| format!("'{k}'")).collect();
    match quoted.as_slice() {
        [one] => format!("option {one}"),
        [init @ .., last] => format!("options {} and {last}", init.join(", ")),
        [] => "the options".to_string(),
    }
}

fn parse_bool(v: &str) -> Result<bool, String> {
    match v {
        "true" | "on" | "yes" | "1" => Ok(true),
        "false" | "off" | "no" | "0" => Ok(false),
        _ => Err(format!("'{v}' is not true or false")),
    }
}

fn parse_num(v: &str, min: i64, max: i64) -> Result<i64, String> {
    let n: i64 = v
        .trim()
        .parse()
        .map_err(|_| format!("'{v}' is not a whole number"))?;
    if n < min || n > max {
        return Err(format!("{n} is out of range: choose from {min} to {max}"));
    }
    Ok(n)
}

fn parse_u32(v: &str, min: u32, max: u32) -> Result<u32, String> {
    parse_num(v, min.into(), max.into()).map(|n| n as u32)
}

/// `off` or a number in range.
fn parse_opt_u32(v: &str, min: u32, max: u32) -> Result<Option<u32>, String> {
    if v == "off" {
        Ok(None)
    } else {
        parse_u32(v, min, max).map(Some)
    }
}

fn show_opt(v: Option<u32>) -> String {
    v.map_or_else(|| "off".to_string(), |n| n.to_string())
}

/// Comma-separated numbers, each in range, at most `max_len` of them.
fn parse_list(v: &str, min: u32, max: u32, max_len: usize) -> Result<Vec<u32>, String> {
    if v.trim().is_empty() {
        return Err("expected at least one number".into());
    }
    let list = v
        .split(',')
        .map(|p| parse_u32(p.trim(), min, max))
        .collect::<Result<Vec<_>, _>>()?;
    if list.len() > max_len {
        return Err(format!("at most {max_len} values"));
    }
    Ok(list)
}

fn show_list(v: &[u32]) -> String {
    v.iter().map(u32::to_string).collect::<Vec<_>>().join(",")
}

fn choice<T: Copy>(v: &str, table: &[(&str, T)]) -> Result<T, String> {
    table
        .iter()
        .find(|(name, _)| *name == v)
        .map(|(_, t)| *t)
        .ok_or_else(|| {
            let names: Vec<&str> = table.iter().map(|(n, _)| *n).collect();
            format!("'{v}' is not one of {}", names.join(", "))
        })
}

fn name_of<T: Copy + PartialEq>(value: T, table: &[(&'static str, T)]) -> String {
    table
        .iter()
        .find(|(_, t)| *t == value)
        .map_or("?", |(n, _)| n)
        .to_string()
}

const HEAD_RULES: &[(&str, HeadRule)] = &[
    ("trump-led", HeadRule::TrumpLed),
    ("always", HeadRule::Always),
    ("strict", HeadRule::Strict),
    ("never", HeadRule::Never),
];
const COUNTINGS: &[(&str, Counting)] = &[
    ("classic", Counting::Classic),
    ("counters", Counting::Counters),
    ("fives", Counting::Fives),
    ("counters-one", Counting::CountersOne),
];
const ALL_PASS: &[(&str, AllPass)] = &[
    ("throw-in", AllPass::ThrowIn),
    ("dealer-must-bid", AllPass::DealerMustBid),
    ("dealer-stuck", AllPass::DealerStuck),
];
const TRUMP_MARRIAGE: &[(&str, TrumpMarriage)] = &[
    ("not-required", TrumpMarriage::NotRequired),
    ("required", TrumpMarriage::Required),
    (
        "required-after-exchange",
        TrumpMarriage::RequiredAfterExchange,
    ),
];
const PASS_ORDERS: &[(&str, PassOrder)] = &[
    ("partner-first", PassOrder::PartnerFirst),
    ("simultaneous", PassOrder::Simultaneous),
];
const SCHEDULES: &[(&str, StakeSchedule)] = &[
    ("classic", StakeSchedule::Classic),
    ("gentle-a", StakeSchedule::GentleA),
    ("gentle-b", StakeSchedule::GentleB),
    ("gentle-c", StakeSchedule::GentleC),
];
const BUNCHES: &[(&str, Bunch)] = &[
    ("five-nines-only-dix", Bunch::FiveNinesOnlyDix),
    ("six-nines-no-meld", Bunch::SixNinesNoMeld),
    ("seven-nines", Bunch::SevenNines),
    ("five-nines-no-aces", Bunch::FiveNinesNoAces),
    ("six-nines-one-ace", Bunch::SixNinesOneAce),
];

fn names(table: &[(&'static str, impl Copy)]) -> &'static [&'static str] {
    // Leaked on purpose: `specs()` builds the registry once per process.
    let v: Vec<&'static str> = table.iter().map(|(n, _)| *n).collect();
    Box::leak(v.into_boxed_slice())
}

fn points(r: &Rules) -> Option<&PointsScoring> {
    match &r.scoring {
        Scoring::Points(p) => Some(p),
        _ => None,
    }
}

fn points_mut(r: &mut Rules) -> Result<&mut PointsScoring, String> {
    match &mut r.scoring {
        Scoring::Points(p) => Ok(p),
        _ => Err("only for games scored in points".into()),
    }
}

fn is_points(r: &Rules) -> bool {
    points(r).is_some()
}

fn is_three_with_kitty(r: &Rules) -> bool {
    r.table.active == 3
}

fn is_brooklyn_stakes(r: &Rules) -> bool {
    r.preset == PresetId::Brooklyn
}

fn is_bowl(r: &Rules) -> bool {
    matches!(r.scoring, Scoring::Bowl(_))
}

fn always(_: &Rules) -> bool {
    true
}

/// The points scoring of the preset a rule set derives from.
fn preset_points(r: &Rules) -> Option<PointsScoring> {
    match Rules::preset(r.preset).scoring {
        Scoring::Points(p) => Some(p),
        _ => None,
    }
}

/// The preset's threshold for conceding after meld (partnership: 250).
fn preset_concede_threshold(r: &Rules) -> Option<u32> {
    Rules::preset(r.preset)
        .contract
        .concede
        .and_then(|c| c.min_shortfall)
}

/// The declarer may concede after meld, and the preset limits it to a shortfall.
fn has_concede_threshold(r: &Rules) -> bool {
    r.contract
        .concede
        .as_ref()
        .is_some_and(|c| c.timing == ConcedeTiming::AfterMeld)
        && preset_concede_threshold(r).is_some()
}

/// Most players at the table: five only in the pot game and at the club.
fn max_seats(r: &Rules) -> u32 {
    if is_bowl(r) || matches!(r.scoring, Scoring::Pot(_)) {
        5
    } else {
        4
    }
}

/// Turns the Brooklyn pot game on (RULES.md §1, "Pot game option") or back to stakes.
fn set_pot_game(r: &mut Rules, on: bool) {
    let is_pot = matches!(r.scoring, Scoring::Pot(_));
    if on == is_pot {
        return;
    }
    if on {
        r.scoring = Scoring::Pot(PotScoring {
            ante: 25,
            pot_bid: 400,
            spades: 2,
        });
        r.auction.min_bid = 250;
        r.auction.no_40_90 = false;
        r.auction.opener_must_bid = false;
        r.auction.all_pass = AllPass::DealerMustBid;
        r.auction.escape_to = None;
    } else {
        let base = Rules::preset(PresetId::Brooklyn);
        r.scoring = base.scoring;
        r.auction = base.auction;
        r.table.seats = r.table.seats.min(4);
    }
}

macro_rules! spec {
    ($key:expr, $group:expr, $label:expr, $help:expr, $kind:expr, $applies:expr, $get:expr, $set:expr $(,)?) => {
        spec!($key, $group, $label, $help, syntax: None, $kind, $applies, $get, $set)
    };
    ($key:expr, $group:expr, $label:expr, $help:expr, syntax: $syntax:expr, $kind:expr, $applies:expr, $get:expr, $set:expr $(,)?) => {
        OptionSpec {
            key: $key,
            group: $group,
            label: $label,
            help: $help,
            syntax: $syntax,
            kind: $kind,
            applies: $applies,
            get: $get,
            set: $set,
        }
    };
}

macro_rules! meld_values_spec {
    ($key:expr, $label:expr, $field:ident) => {
        meld_values_spec!($key, $label, $field, always)
    };
    ($key:expr, $label:expr, $field:ident, $applies:expr) => {
        spec!(
            $key,
            "Meld",
            $label,
            "Sets what this meld is worth for each number of copies held.",
            syntax: Some("the values of 1, 2, 3 and 4 copies, comma-separated (missing entries extend linearly, e.g. 40,300)"),
            OptionKind::Text,
            $applies,
            |r| show_list(&r.meld.table.$field),
            |r, v| {
                let max = r.deck.copies() as usize;
                r.meld.table.$field = parse_list(v, 0, 10_000, max)?;
                Ok(())
            },
        )
    };
}

/// All options, in application order.
/// The keys of the table variants of RULES.md §6 (off in every preset); the
/// `strict` head rule is a value of `head_rule`.
pub const VARIANT_KEYS: [&str; 8] = [
    "concede_any_shortfall",
    "automatic_set",
    "defenders_always_score",
    "bidder_needs_no_tricks",
    "redeal_nines",
    "lose_at",
    "mercy",
    "must_bid_to_go_out",
];

pub fn specs() -> &'static [OptionSpec] {
    static SPECS: std::sync::OnceLock<Vec<OptionSpec>> = std::sync::OnceLock::new();
    SPECS.get_or_init(build_specs)
}

fn build_specs() -> Vec<OptionSpec> {
    vec![
        spec!(
            "pot_game", "Scoring", "Pot game",
            "Plays Brooklyn for a pot: 25¢ antes, a minimum bid of 250, an opener who may pass and a dealer who must bid when the first two pass.",
            OptionKind::Bool, is_brooklyn_stakes,
            |r| matches!(r.scoring, Scoring::Pot(_)).to_string(),
            |r, v| { set_pot_game(r, parse_bool(v)?); Ok(()) },
        ),
        spec!(
            "seats", "Table", "Players at the table",
            "Sets how many sit at the table: three play each hand and the others sit out in turn (five only in the pot game or at the club).",
            OptionKind::Number { min: 3, max: 5 },
            |r| r.table.active == 3 && r.preset != PresetId::Bison,
            |r| r.table.seats.to_string(),
            |r, v| {
                r.table.seats = parse_u32(v, 3, max_seats(r))? as u8;
                Ok(())
            },
        ),
        spec!(
            "dealer_sits_out", "Table", "Dealer sits out",
            "With more than three at the table, the dealer sits out instead of the player to the dealer's right.",
            OptionKind::Bool, |r| r.table.active == 3 && r.table.sit_out != SitOut::Club,
            |r| (r.table.sit_out == SitOut::DealerSitsOut).to_string(),
            |r, v| {
                r.table.sit_out = if parse_bool(v)? { SitOut::DealerSitsOut } else { SitOut::DealerPlays };
                Ok(())
            },
        ),
        spec!(
            "min_bid", "Auction", "Minimum bid", "Sets the lowest opening bid (0 for none: one bidding step).",
            OptionKind::Number { min: 0, max: 1000 }, always,
            |r| r.auction.min_bid.to_string(),
            |r, v| { r.auction.min_bid = parse_u32(v, 0, 1000)?; Ok(()) },
        ),
        spec!(
            "bid_bands", "Auction", "Bid steps",
            "Sets how much a bid must go up by, from each bid level on.",
            syntax: Some("FROM:STEP pairs, comma-separated (e.g. 0:1,61:5): bids from FROM up are multiples of STEP"),
            OptionKind::Text, always,
            |r| r.auction.bands.iter().map(|b| format!("{}:{}", b.from, b.step)).collect::<Vec<_>>().join(","),
            |r, v| { r.auction.bands = parse_bands(v)?; Ok(()) },
        ),
        spec!(
            "bid_raises", "Auction", "Allowed raises",
            "Limits each later bid to a raise by one of these amounts, or allows any raise.",
            syntax: Some("comma-separated amounts (e.g. 10,20) or 'any'"),
            OptionKind::Text, always,
            |r| r.auction.raises.as_deref().map_or_else(|| "any".to_string(), show_list),
            |r, v| {
                r.auction.raises = if v == "any" { None } else { Some(parse_list(v, 1, 1000, 8)?) };
                Ok(())
            },
        ),
        spec!(
            "bids_40_90", "Auction", "Bids ending in 40 or 90",
            "Allows bids ending in 40 or 90, such as 340 and 390.",
            OptionKind::Bool, |r| r.deck == Deck::Single48,
            |r| (!r.auction.no_40_90).to_string(),
            |r, v| { r.auction.no_40_90 = !parse_bool(v)?; Ok(()) },
        ),
        spec!(
            "opener_must_bid", "Auction", "Opener must bid",
            "Makes the first player to speak bid instead of passing.",
            OptionKind::Bool, always,
            |r| r.auction.opener_must_bid.to_string(),
            |r, v| { r.auction.opener_must_bid = parse_bool(v)?; Ok(()) },
        ),
        spec!(
            "open_at_minimum", "Auction", "Open at exactly the minimum",
            "Makes the opening bid exactly the minimum bid.",
            OptionKind::Bool, always,
            |r| r.auction.open_at_minimum.to_string(),
            |r, v| { r.auction.open_at_minimum = parse_bool(v)?; Ok(()) },
        ),
        spec!(
            "all_pass", "Auction", "When all before the dealer pass",
            "Decides what happens when everyone before the dealer passes: throw-in (the dealer may pass too and the hand is redealt), dealer-must-bid (at least the minimum) or dealer-stuck (the dealer takes it at the minimum).",
            OptionKind::Choice(names(ALL_PASS)), always,
            |r| name_of(r.auction.all_pass, ALL_PASS),
            |r, v| { r.auction.all_pass = choice(v, ALL_PASS)?; Ok(()) },
        ),
        spec!(
            "escape", "Auction", "Opener's escape",
            "Lets the opener of a lone minimum bid make the dealer take the contract at this lower bid (Brooklyn 250).",
            syntax: Some("a bid or 'off'"),
            OptionKind::Text, is_three_with_kitty,
            |r| show_opt(r.auction.escape_to),
            |r, v| { r.auction.escape_to = parse_opt_u32(v, 1, 1000)?; Ok(()) },
        ),
        spec!(
            "bidding_rounds", "Auction", "Rounds of bidding",
            "Limits how many times each player may speak in the auction (once or twice).",
            syntax: Some("1, 2 or 'off' (no limit)"),
            OptionKind::Text, always,
            |r| show_opt(r.auction.max_rounds.map(u32::from)),
            |r, v| { r.auction.max_rounds = parse_opt_u32(v, 1, 2)?.map(|n| n as u8); Ok(()) },
        ),
        spec!(
            "redeal_nines", "Auction", "Redeal on nines",
            "Lets a player dealt this many nines or more (4, 5 or 6) ask for a redeal by the same dealer at their first turn in the auction.",
            syntax: Some("4, 5, 6 or 'off'"),
            OptionKind::Text, |r| r.deck.has_nines(),
            |r| show_opt(r.auction.redeal_nines.map(u32::from)),
            |r, v| { r.auction.redeal_nines = parse_opt_u32(v, 4, 6)?.map(|n| n as u8); Ok(()) },
        ),
        spec!(
            "pass_cards", "Passing", "Cards passed between partners",
            "Sets how many cards the partner and the bidder exchange after trump is named (0 for none).",
            OptionKind::Number { min: 0, max: 4 }, |r| r.table.partnerships,
            |r| r.passing.partner.as_ref().map_or(0, |p| p.cards).to_string(),
            |r, v| {
                let n = parse_u32(v, 0, 4)? as u8;
                let order = r.passing.partner.as_ref().map_or(PassOrder::PartnerFirst, |p| p.order);
                r.passing.partner = (n > 0).then_some(PartnerPass { cards: n, order });
                Ok(())
            },
        ),
        spec!(
            "pass_order", "Passing", "Exchange order",
            "Decides whether the partner passes first and the bidder passes back (partner-first) or both pass at once (simultaneous).",
            OptionKind::Choice(names(PASS_ORDERS)), |r| r.passing.partner.is_some(),
            |r| r.passing.partner.as_ref().map_or_else(|| "partner-first".to_string(), |p| name_of(p.order, PASS_ORDERS)),
            |r, v| {
                let order = choice(v, PASS_ORDERS)?;
                match &mut r.passing.partner {
                    Some(p) => { p.order = order; Ok(()) }
                    None => Err("set pass_cards first".into()),
                }
            },
        ),
        spec!(
            "trump_marriage", "Contract", "Trump needs a marriage",
            "Decides whether the bidder must hold a marriage in the suit named trump, checked before or after the exchange.",
            OptionKind::Choice(names(TRUMP_MARRIAGE)), always,
            |r| name_of(r.contract.trump_marriage, TRUMP_MARRIAGE),
            |r, v| { r.contract.trump_marriage = choice(v, TRUMP_MARRIAGE)?; Ok(()) },
        ),
        spec!(
            "dealer_may_decline", "Contract", "Stuck dealer may decline",
            "Lets a dealer stuck at the minimum pay a fee into the bowl instead of looking at the widow and playing.",
            OptionKind::Bool, is_bowl,
            |r| r.contract.dealer_may_decline.to_string(),
            |r, v| { r.contract.dealer_may_decline = parse_bool(v)?; Ok(()) },
        ),
        spec!(
            "duplicate_widow_decline", "Contract", "Decline a duplicate widow",
            "Lets a bidder whose widow duplicates three cards in hand decline to play, the others paying a fee into the bowl.",
            OptionKind::Bool, is_bowl,
            |r| r.contract.duplicate_widow_decline.to_string(),
            |r, v| { r.contract.duplicate_widow_decline = parse_bool(v)?; Ok(()) },
        ),
        spec!(
            "concede_any_shortfall", "Contract", "Concede with any shortfall",
            "Lets the declarer concede after meld whatever the bid, not only when it exceeds the side's meld by more than the game's threshold.",
            OptionKind::Bool, has_concede_threshold,
            |r| r.contract.concede.as_ref().is_some_and(|c| c.min_shortfall.is_none()).to_string(),
            |r, v| {
                let threshold = if parse_bool(v)? { None } else { preset_concede_threshold(r) };
                match &mut r.contract.concede {
                    Some(c) => { c.min_shortfall = threshold; Ok(()) }
                    None => Err("this game has no concession".into()),
                }
            },
        ),
        spec!(
            "automatic_set", "Contract", "Automatic set",
            "Ends the hand at once as a concession when the declaring side's meld plus every card point still to be taken cannot reach the bid.",
            OptionKind::Bool, always,
            |r| r.contract.automatic_set.to_string(),
            |r, v| { r.contract.automatic_set = parse_bool(v)?; Ok(()) },
        ),
        meld_values_spec!("meld.run", "Run", run),
        meld_values_spec!("meld.royal_marriage", "Royal marriage", royal_marriage),
        meld_values_spec!("meld.marriage", "Marriage", marriage),
        meld_values_spec!("meld.dix", "Dix", dix, |r| r.deck.has_nines()),
        meld_values_spec!("meld.pinochle", "Pinochle", pinochle),
        meld_values_spec!("meld.aces", "Aces around", aces),
        meld_values_spec!("meld.kings", "Kings around", kings),
        meld_values_spec!("meld.queens", "Queens around", queens),
        meld_values_spec!("meld.jacks", "Jacks around", jacks),
        spec!(
            "double_bonuses", "Meld", "Double bonuses",
            "Scores double melds at their table value instead of twice the single value.",
            OptionKind::Bool, always,
            |r| r.meld.double_bonuses.to_string(),
            |r, v| { r.meld.double_bonuses = parse_bool(v)?; Ok(()) },
        ),
        spec!(
            "run_extra_marriage", "Meld", "Run with extra K or Q",
            "Lets an extra trump K or Q beside a run marry the run's Q or K (190, or 230 with both).",
            OptionKind::Bool, always,
            |r| r.meld.run_extra_marriage.to_string(),
            |r, v| { r.meld.run_extra_marriage = parse_bool(v)?; Ok(()) },
        ),
        spec!(
            "roundhouse", "Meld", "Roundhouse",
            "Scores a king and a queen of every suit as one meld, with its own value beside a run and, if you like, for two of them.",
            syntax: Some("VALUE,WITH_RUN[,DOUBLE] (e.g. 240,390 or 24,39,240) or 'off'"),
            OptionKind::Text, always,
            |r| r.meld.roundhouse.as_ref().map_or_else(|| "off".to_string(), |h| {
                let mut v = vec![h.value, h.with_run];
                v.extend(h.double);
                show_list(&v)
            }),
            |r, v| {
                r.meld.roundhouse = if v == "off" { None } else {
                    let l = parse_list(v, 0, 10_000, 3)?;
                    if l.len() < 2 { return Err("expected VALUE,WITH_RUN[,DOUBLE]".into()); }
                    Some(Roundhouse { value: l[0], with_run: l[1], double: l.get(2).copied() })
                };
                Ok(())
            },
        ),
        spec!(
            "double_royal", "Meld", "Double royal marriage",
            "Scores two royal marriages as one meld, with its own value beside a run.",
            syntax: Some("VALUE,WITH_RUN (e.g. 240,390) or 'off'"),
            OptionKind::Text, always,
            |r| r.meld.double_royal.as_ref().map_or_else(|| "off".to_string(), |d| show_list(&[d.value, d.with_run])),
            |r, v| {
                r.meld.double_royal = if v == "off" { None } else {
                    let l = parse_list(v, 0, 10_000, 2)?;
                    if l.len() < 2 { return Err("expected VALUE,WITH_RUN".into()); }
                    Some(DoubleRoyal { value: l[0], with_run: l[1] })
                };
                Ok(())
            },
        ),
        spec!(
            "head_rule", "Play", "Must beat the winning card",
            "Decides when a player must beat the winning card: trump-led (only when trump is led), always, strict (beat the led suit's best card even over a trump, and the highest trump when trumping) or never.",
            OptionKind::Choice(names(HEAD_RULES)), always,
            |r| name_of(r.play.head, HEAD_RULES),
            |r, v| { r.play.head = choice(v, HEAD_RULES)?; Ok(()) },
        ),
        spec!(
            "counting", "Play", "Card points",
            "Sets the card points taken in tricks: classic (A 11, T 10, K 4, Q 3, J 2), counters (A T K 10), fives (A T 10, K Q 5) or counters-one for 80 cards.",
            OptionKind::Choice(names(COUNTINGS)), always,
            |r| name_of(r.counting, COUNTINGS),
            |r, v| { r.counting = choice(v, COUNTINGS)?; Ok(()) },
        ),
        spec!(
            "target", "Scoring", "Game target", "Sets the score that wins the game.",
            OptionKind::Number { min: 10, max: 100_000 }, is_points,
            |r| points(r).map_or(0, |p| p.target).to_string(),
            |r, v| { points_mut(r)?.target = parse_u32(v, 10, 100_000)?; Ok(()) },
        ),
        spec!(
            "fixed_deals", "Scoring", "Fixed number of deals",
            "Plays this many deals instead of to the target.",
            syntax: Some("a number of deals or 'off'"),
            OptionKind::Text, is_points,
            |r| show_opt(points(r).and_then(|p| p.fixed_deals)),
            |r, v| { points_mut(r)?.fixed_deals = parse_opt_u32(v, 1, 1000)?; Ok(()) },
        ),
        spec!(
            "floor", "Scoring", "Losing floor",
            "Ends the game when a player is below this negative score while someone is positive.",
            syntax: Some("a negative number (e.g. -500) or 'off'"),
            OptionKind::Text, is_points,
            |r| points(r).and_then(|p| p.floor).map_or_else(|| "off".to_string(), |f| f.to_string()),
            |r, v| {
                points_mut(r)?.floor = if v == "off" { None } else { Some(parse_num(v, -100_000, -1)? as i32) };
                Ok(())
            },
        ),
        spec!(
            "lose_at", "Scoring", "Lose at minus",
            "Ends the game as soon as a player or side is at minus this score or lower, the highest score winning.",
            syntax: Some("a number or 'off'"),
            OptionKind::Text, is_points,
            |r| show_opt(points(r).and_then(|p| p.lose_at)),
            |r, v| { points_mut(r)?.lose_at = parse_opt_u32(v, 1, 100_000)?; Ok(()) },
        ),
        spec!(
            "mercy", "Scoring", "Mercy rule",
            "Ends the game when the spread between the highest and the lowest score reaches the target, the leader winning.",
            OptionKind::Bool, is_points,
            |r| points(r).is_some_and(|p| p.mercy).to_string(),
            |r, v| { points_mut(r)?.mercy = parse_bool(v)?; Ok(()) },
        ),
        spec!(
            "must_bid_to_go_out", "Scoring", "Must bid or set to go out",
            "Lets a player or side win the game only on a hand in which it made the contract or set the declarer.",
            OptionKind::Bool, is_points,
            |r| points(r).is_some_and(|p| p.must_bid_to_go_out).to_string(),
            |r, v| { points_mut(r)?.must_bid_to_go_out = parse_bool(v)?; Ok(()) },
        ),
        spec!(
            "meld_minimum", "Scoring", "Minimum meld to score",
            "Sets the meld (and trick points) a side needs to score at all (double-deck 20).",
            syntax: Some("a number or 'off'"),
            OptionKind::Text, is_points,
            |r| show_opt(points(r).and_then(|p| p.meld_minimum)),
            |r, v| { points_mut(r)?.meld_minimum = parse_opt_u32(v, 1, 1000)?; Ok(()) },
        ),
        spec!(
            "surrender", "Scoring", "Opponents' score when the bidders surrender",
            "Sets what the opponents score when the bidders surrender: nothing, their meld, their meld and a bonus, or what they would take by playing the hand out.",
            syntax: Some("nothing, meld, meld+N (e.g. meld+25) or play-out"),
            OptionKind::Text, is_points,
            |r| match points(r).map(|p| p.surrender) {
                Some(SurrenderAward::Nothing) => "nothing".into(),
                Some(SurrenderAward::MeldPlus(n)) => format!("meld+{n}"),
                Some(SurrenderAward::PlayOut) => "play-out".into(),
                _ => "meld".into(),
            },
            |r, v| {
                let award = match v {
                    "nothing" => SurrenderAward::Nothing,
                    "meld" => SurrenderAward::Meld,
                    "play-out" => SurrenderAward::PlayOut,
                    _ => match v.strip_prefix("meld+") {
                        Some(n) => SurrenderAward::MeldPlus(parse_u32(n, 1, 1000)?),
                        None => return Err(format!("'{v}' is not one of nothing, meld, meld+N, play-out")),
                    },
                };
                points_mut(r)?.surrender = award;
                Ok(())
            },
        ),
        spec!(
            "defenders_always_score", "Scoring", "Defenders always score",
            "Lets the non-bidding side add its meld and trick points even without the usual counter card or minimum of trick points.",
            OptionKind::Bool, |r| is_points(r) && preset_points(r).is_some_and(|p| p.defender_needs != DefenderNeeds::Nothing),
            |r| points(r).is_some_and(|p| p.defender_needs == DefenderNeeds::Nothing).to_string(),
            |r, v| {
                let needs = if parse_bool(v)? {
                    DefenderNeeds::Nothing
                } else {
                    preset_points(r).map_or(DefenderNeeds::Nothing, |p| p.defender_needs)
                };
                points_mut(r)?.defender_needs = needs;
                Ok(())
            },
        ),
        spec!(
            "bidder_needs_no_tricks", "Scoring", "Bidder needs no trick points",
            "Makes a declaring side whose meld alone reaches the bid score as made without taking a trick point.",
            OptionKind::Bool, |r| is_points(r) && preset_points(r).is_some_and(|p| p.bidder_needs_trick_points),
            |r| points(r).is_some_and(|p| !p.bidder_needs_trick_points).to_string(),
            |r, v| { points_mut(r)?.bidder_needs_trick_points = !parse_bool(v)?; Ok(()) },
        ),
        spec!(
            "score_multiplier", "Scoring", "Multiply scores", "Multiplies every hand's score by this (1 or 10).",
            OptionKind::Number { min: 1, max: 10 }, is_points,
            |r| points(r).map_or(1, |p| p.multiplier).to_string(),
            |r, v| { points_mut(r)?.multiplier = parse_u32(v, 1, 10)?; Ok(()) },
        ),
        spec!(
            "score_divisor", "Scoring", "Divide scores", "Divides every hand's score by this (1 or 10).",
            OptionKind::Number { min: 1, max: 10 }, is_points,
            |r| points(r).map_or(1, |p| p.divisor).to_string(),
            |r, v| { points_mut(r)?.divisor = parse_u32(v, 1, 10)?; Ok(()) },
        ),
        spec!(
            "bunching", "Scoring", "Bunching (redeal)",
            "Throws the hand in and redeals it when a player holds one of these patterns of nines.",
            syntax: Some("comma-separated patterns (five-nines-only-dix, six-nines-no-meld, seven-nines, five-nines-no-aces, six-nines-one-ace) or 'off'"),
            OptionKind::Text, |r| is_points(r) && r.deck.has_nines(),
            |r| {
                let list = points(r).map(|p| p.bunching.clone()).unwrap_or_default();
                if list.is_empty() { "off".into() } else {
                    list.iter().map(|b| name_of(*b, BUNCHES)).collect::<Vec<_>>().join(",")
                }
            },
            |r, v| {
                let mut list = if v == "off" { Vec::new() } else {
                    v.split(',').map(|p| choice(p.trim(), BUNCHES)).collect::<Result<Vec<_>, _>>()?
                };
                crate::sort::sort(&mut list);
                list.dedup();
                points_mut(r)?.bunching = list;
                Ok(())
            },
        ),
        spec!(
            "money", "Scoring", "Money play",
            "Plays for money, each loser paying the winner the game stake plus the set stake for each hand of its own it conceded and twice that for each it played and lost.",
            syntax: Some("GAME,SET stakes in cents (e.g. 100,25) or 'off'"),
            OptionKind::Text, is_points,
            |r| points(r).and_then(|p| p.money.as_ref()).map_or_else(|| "off".to_string(), |m| show_list(&[m.game_stake, m.set_stake])),
            |r, v| {
                let money = if v == "off" { None } else {
                    let l = parse_list(v, 0, 100_000, 2)?;
                    if l.len() < 2 { return Err("expected GAME,SET".into()); }
                    Some(MoneyPlay { game_stake: l[0], set_stake: l[1] })
                };
                points_mut(r)?.money = money;
                Ok(())
            },
        ),
        spec!(
            "stake_schedule", "Scoring", "Payment schedule",
            "Sets the payment table: classic (1, 2, 4, 8, 16, 32) or a gentler one, gentle-a (1, 2, 4, 6, 8, 10, 12), gentle-b (1, 3, 7, 10, 13, 16, 19) or gentle-c (2, 3, 4, 5, 6, 7, 8).",
            OptionKind::Choice(names(SCHEDULES)), |r| matches!(r.scoring, Scoring::Stakes(_)),
            |r| match &r.scoring { Scoring::Stakes(s) => name_of(s.schedule, SCHEDULES), _ => "classic".into() },
            |r, v| match &mut r.scoring {
                Scoring::Stakes(s) => { s.schedule = choice(v, SCHEDULES)?; Ok(()) }
                _ => Err("only for stake games".into()),
            },
        ),
        spec!(
            "hearts_triple", "Scoring", "Hearts triple",
            "Makes hearts trump triple every payment.",
            OptionKind::Bool, |r| matches!(r.scoring, Scoring::Stakes(_)),
            |r| matches!(&r.scoring, Scoring::Stakes(s) if s.hearts == 3).to_string(),
            |r, v| match &mut r.scoring {
                Scoring::Stakes(s) => { s.hearts = if parse_bool(v)? { 3 } else { 1 }; Ok(()) }
                _ => Err("only for stake games".into()),
            },
        ),
        spec!(
            "high_hand", "Scoring", "High hand",
            "Pays a bonus from the bowl for the highest played-and-paid bid of 350 or more, a made 450 taking $1.00 at once.",
            OptionKind::Bool, is_bowl,
            |r| matches!(&r.scoring, Scoring::Bowl(b) if b.high_hand.is_some()).to_string(),
            |r, v| match &mut r.scoring {
                Scoring::Bowl(b) => {
                    b.high_hand = parse_bool(v)?.then_some(HighHand { min_bid: 350, instant_bid: 450, bonus: 100 });
                    Ok(())
                }
                _ => Err("only for the bowl game".into()),
            },
        ),
    ]
}

fn parse_bands(v: &str) -> Result<Vec<BidBand>, String> {
    let mut bands = Vec::new();
    for part in v.split(',') {
        let (from, step) = part
            .trim()
            .split_once(':')
            .ok_or_else(|| format!("'{part}' is not FROM:STEP"))?;
        bands.push(BidBand {
            from: parse_u32(from, 0, 10_000)?,
            step: parse_u32(step, 1, 1000)?,
        });
    }
    if bands.len() > 8 {
        return Err("at most 8 bands".into());
    }
    Ok(bands)
}

/// Looks an option up by key.
pub fn spec(key: &str) -> Option<&'static OptionSpec> {
    specs().iter().find(|s| s.key == key)
}

impl Rules {
    /// Sets one option; on error the rules are unchanged.
    pub fn set_option(&mut self, key: &str, value: &str) -> Result<(), RulesError> {
        let mut next = self.clone();
        next.assign(key, value)?;
        next.validate().map_err(|e| match e {
            RulesError::Invalid { reason, .. } => RulesError::BadValue {
                key: key.to_string(),
                reason,
            },
            other => other,
        })?;
        *self = next;
        Ok(())
    }

    /// Sets one option's field(s) without checking the whole rule set.
    fn assign(&mut self, key: &str, value: &str) -> Result<(), RulesError> {
        let spec = spec(key).ok_or_else(|| RulesError::UnknownOption(key.to_string()))?;
        if !spec.applies(self) {
            return Err(RulesError::NotApplicable {
                key: key.to_string(),
                preset: self.preset.id(),
            });
        }
        (spec.set)(self, value.trim()).map_err(|reason| RulesError::BadValue {
            key: key.to_string(),
            reason,
        })
    }

    /// Applies `key=value` settings, then checks the whole rule set once (so
    /// settings that only fit together, like a lower escape bid and a lower
    /// minimum bid, may come in any order); all or nothing.
    pub fn with_settings<S: AsRef<str>>(mut self, settings: &[S]) -> Result<Rules, RulesError> {
        let mut pairs = Vec::with_capacity(settings.len());
        for s in settings {
            let s = s.as_ref();
            let (k, v) = s
                .split_once('=')
                .ok_or_else(|| RulesError::NotKeyValue(s.to_string()))?;
            pairs.push((k.trim(), v.trim()));
        }
        // Apply in registry order so macro options come before the fields they touch.
        let registry = specs();
        crate::sort::sort_by_key(&mut pairs, |(k, _)| {
            registry
                .iter()
                .position(|s| s.key == *k)
                .unwrap_or(usize::MAX)
        });
        for (k, v) in pairs {
            self.assign(k, v)?;
        }
        self.validate()?;
        Ok(self)
    }

    /// Every option that applies, with its current value, in application order.
    pub fn option_values(&self) -> Vec<(&'static str, String)> {
        specs()
            .iter()
            .filter(|s| s.applies(self))
            .map(|s| (s.key, s.get(self)))
            .collect()
    }

    /// The options whose values differ from the preset this rule set derives from:
    /// applied to the preset in order, they rebuild this rule set. Keys that rewrite
    /// other fields (`pot_game`) are taken into account, so a field is listed when
    /// it differs from what the keys before it left.
    pub fn differences(&self) -> Vec<(&'static str, String)> {
        let mut rebuilt = Rules::preset(self.preset);
        let mut out = Vec::new();
        for spec in specs().iter().filter(|s| s.applies(self)) {
            let value = spec.get(self);
            if spec.applies(&rebuilt) && spec.get(&rebuilt) == value {
                continue;
            }
            // A value read from a valid rule set is accepted unless an earlier key
            // still has to make room for it; it is listed either way.
            let _ = (spec.set)(&mut rebuilt, &value);
            out.push((spec.key, value));
        }
        out
    }

    /// Checks that the whole rule set is consistent and in range.
    pub fn validate(&self) -> Result<(), RulesError> {
        let bad = |field: &'static str, reason: String| Err(RulesError::Invalid { field, reason });
        // A value that one option sets is named by that option's key (a
        // message said "rules field auction.escape_to" for the option
        // `escape`).
        let bad_option = |key: &str, reason: String| {
            Err(RulesError::BadValue {
                key: key.to_string(),
                reason,
            })
        };
        let t = &self.table;
        if !(3..=4).contains(&t.active) {
            return bad(
                "table.active",
                format!("{} players dealt in; must be 3 or 4", t.active),
            );
        }
        if t.seats < t.active || t.seats > 5 {
            return bad(
                "table.seats",
                format!(
                    "{} seats for {} active players; choose from {} to 5",
                    t.seats, t.active, t.active
                ),
            );
        }
        if t.partnerships && (t.active != 4 || t.seats != 4) {
            return bad(
                "table.partnerships",
                "partnerships need exactly four players".into(),
            );
        }
        if self.preset == PresetId::Brooklyn
            && matches!(self.scoring, Scoring::Stakes(_))
            && t.seats > 4
        {
            return bad(
                "table.seats",
                "more than four at a Brooklyn table only with the pot game".into(),
            );
        }
        let dealt = self.deck.size() - self.deal.kitty as usize;
        if dealt % t.active as usize != 0 {
            return bad(
                "deal.kitty",
                format!(
                    "{} cards do not split evenly among {} players",
                    dealt, t.active
                ),
            );
        }
        if self.deal.packet == 0 || self.hand_size() % self.deal.packet as usize != 0 {
            return bad(
                "deal.packet",
                format!(
                    "packets of {} do not make hands of {}",
                    self.deal.packet,
                    self.hand_size()
                ),
            );
        }
        if self.deal.kitty > 6 {
            return bad(
                "deal.kitty",
                format!("a kitty of {} is too large", self.deal.kitty),
            );
        }
        if self.contract.bury > self.deal.kitty {
            return bad(
                "contract.bury",
                format!(
                    "cannot bury {} cards with a kitty of {}",
                    self.contract.bury, self.deal.kitty
                ),
            );
        }
        if let Some(p) = &self.passing.partner {
            if !t.partnerships || p.cards == 0 || p.cards > 4 {
                return bad(
                    "passing.partner",
                    "1 to 4 cards, and only between partners".into(),
                );
            }
        }
        if let Some(p) = &self.passing.to_left {
            if p.cards == 0 || p.cards > 3 {
                return bad("passing.to_left", "1 to 3 cards".into());
            }
        }
        let a = &self.auction;
        if a.bands.is_empty() || a.bands[0].from != 0 {
            return bad_option("bid_bands", "the first band must start at 0".into());
        }
        if a.bands.windows(2).any(|w| w[0].from >= w[1].from) {
            return bad_option("bid_bands", "bands must be in ascending order".into());
        }
        if a.bands.iter().any(|b| b.step == 0) {
            return bad_option("bid_bands", "a step must be at least 1".into());
        }
        if let Some(r) = &a.raises {
            if r.is_empty() || r.contains(&0) {
                return bad_option("bid_raises", "raises must be positive amounts".into());
            }
        }
        let max_bid = if self.deck == Deck::Double80 {
            1_000
        } else {
            2_000
        };
        if a.min_bid > max_bid {
            return bad(
                "auction.min_bid",
                format!("{} is above {}", a.min_bid, max_bid),
            );
        }
        let conflict = |keys: &[&'static str], reason: String| {
            Err(RulesError::Conflict {
                keys: keys.to_vec(),
                reason,
            })
        };
        let Some(lowest) = crate::game::bidding::lowest_bid(self) else {
            return conflict(
                &["min_bid", "bid_bands"],
                format!(
                    "no bid from the minimum {} up to the highest bid {} is on the bid grid",
                    a.min_bid,
                    self.max_bid()
                ),
            );
        };
        if let Some(raises) = &a.raises {
            if let Some((from, step)) = self.band_without_raise(raises, lowest) {
                return conflict(
                    &["bid_raises", "bid_bands"],
                    format!(
                        "bids from {from} are multiples of {step}, but no allowed raise ({}) is, so nobody could raise them",
                        raises.iter().map(u32::to_string).collect::<Vec<_>>().join(", ")
                    ),
                );
            }
        }
        if let Some(e) = a.escape_to {
            if e == 0 || e >= lowest || t.active != 3 {
                return bad_option("escape", format!("the escape bid {e} must be above 0 and below the lowest bid {lowest} in a three-handed game"));
            }
        }
        if a.max_rounds == Some(0) {
            return bad_option("bidding_rounds", "at least one round".into());
        }
        let counting_ok = match self.deck {
            Deck::Single48 => self.counting != Counting::CountersOne,
            Deck::Double80 => self.counting == Counting::CountersOne,
        };
        if !counting_ok {
            return bad_option(
                "counting",
                format!(
                    "{} does not fit a {}-card deck",
                    name_of(self.counting, COUNTINGS),
                    self.deck.size()
                ),
            );
        }
        let copies = self.deck.copies() as usize;
        let m = &self.meld.table;
        for (field, values) in [
            ("meld.table.run", &m.run),
            ("meld.table.royal_marriage", &m.royal_marriage),
            ("meld.table.marriage", &m.marriage),
            ("meld.table.dix", &m.dix),
            ("meld.table.pinochle", &m.pinochle),
            ("meld.table.aces", &m.aces),
            ("meld.table.kings", &m.kings),
            ("meld.table.queens", &m.queens),
            ("meld.table.jacks", &m.jacks),
        ] {
            if values.len() > copies || values.iter().any(|&v| v > 10_000) {
                return bad(field, format!("at most {copies} values of at most 10000"));
            }
        }
        if self.meld.show_subset && self.meld.by != MeldBy::Declarer {
            return bad(
                "meld.show_subset",
                "only when the declarer alone melds".into(),
            );
        }
        if self.contract.bury_after_meld && self.contract.bury == 0 {
            return bad("contract.bury_after_meld", "needs cards to bury".into());
        }
        if (self.contract.kitty_exposed || self.contract.bury > 0) && self.deal.kitty == 0 {
            return bad("contract.kitty_exposed", "there is no kitty".into());
        }
        if self.contract.challenge && t.active != 3 {
            return bad(
                "contract.challenge",
                "challenges are a three-handed rule".into(),
            );
        }
        match &self.scoring {
            Scoring::Points(p) => {
                if p.divisor == 0 || p.multiplier == 0 {
                    return bad_option("score_divisor", "must be at least 1".into());
                }
                if p.target == 0 {
                    return bad_option("target", "must be positive".into());
                }
                if t.seats != t.active {
                    return bad(
                        "table.seats",
                        "points games seat only the players dealt in".into(),
                    );
                }
            }
            Scoring::Stakes(s) => {
                if t.active != 3 || s.spades == 0 || s.hearts == 0 {
                    return bad(
                        "scoring.stakes",
                        "three-handed, with multipliers of at least 1".into(),
                    );
                }
            }
            Scoring::Pot(p) => {
                if t.active != 3 || p.spades == 0 || p.ante == 0 {
                    return bad("scoring.pot", "three-handed, with a positive ante".into());
                }
            }
            Scoring::Bowl(b) => {
                if t.active != 3 || !self.contract.challenge || b.spades == 0 {
                    return bad("scoring.bowl", "the three-handed challenge game".into());
                }
                if b.base_stake > 10_000 || b.spades > 4 {
                    return bad(
                        "scoring.bowl",
                        "a base stake of at most 10000 cents and a spades multiplier of at most 4"
                            .into(),
                    );
                }
            }
        }
        Ok(())
    }

    /// A band of the bid grid that bids can reach (from the lowest bid up) but
    /// that no allowed raise fits: `(from, step)`.
    fn band_without_raise(&self, raises: &[u32], lowest: u32) -> Option<(u32, u32)> {
        let bands = &self.auction.bands;
        let max = self.max_bid();
        bands.iter().enumerate().find_map(|(i, band)| {
            let end = bands.get(i + 1).map_or(u32::MAX, |next| next.from);
            let reachable = end > lowest && band.from <= max;
            let fits = raises.iter().any(|r| r % band.step == 0);
            (reachable && !fits).then_some((band.from.max(lowest), band.step))
        })
    }

    /// A preset by id with `key=value` settings applied.
    pub fn from_preset_id<S: AsRef<str>>(id: &str, settings: &[S]) -> Result<Rules, RulesError> {
        let preset =
            PresetId::from_id(id).ok_or_else(|| RulesError::UnknownPreset(id.to_string()))?;
        Rules::preset(preset).with_settings(settings)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_validate_and_have_no_differences() {
        for p in PresetId::ALL {
            let r = Rules::preset(p);
            r.validate().unwrap_or_else(|e| panic!("{p:?}: {e}"));
            assert!(r.differences().is_empty(), "{p:?}: {:?}", r.differences());
        }
    }

    #[test]
    fn every_option_reads_back_what_it_wrote() {
        for p in PresetId::ALL {
            let rules = Rules::preset(p);
            for (key, value) in rules.option_values() {
                let mut r = rules.clone();
                r.set_option(key, &value)
                    .unwrap_or_else(|e| panic!("{p:?} {key}={value}: {e}"));
                assert_eq!(r, rules, "{p:?} {key}");
            }
        }
    }

    #[test]
    fn settings_apply_and_show_as_differences() {
        let r = Rules::from_preset_id(
            "bison",
            &["head_rule=trump-led", "target=1000", "bunching=seven-nines"],
        )
        .unwrap();
        assert_eq!(r.play.head, HeadRule::TrumpLed);
        let diff = r.differences();
        assert_eq!(diff.len(), 3, "{diff:?}");
        let again = Rules::preset(PresetId::Bison)
            .with_settings(
                &diff
                    .iter()
                    .map(|(k, v)| format!("{k}={v}"))
                    .collect::<Vec<_>>(),
            )
            .unwrap();
        assert_eq!(again, r);
    }

    #[test]
    fn pot_game_rewrites_the_auction() {
        let r = Rules::from_preset_id("brooklyn", &["pot_game=true", "seats=5"]).unwrap();
        assert_eq!(r.auction.min_bid, 250);
        assert!(!r.auction.opener_must_bid);
        assert!(matches!(r.scoring, Scoring::Pot(_)));
        let diff: Vec<String> = r
            .differences()
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect();
        assert_eq!(Rules::from_preset_id("brooklyn", &diff).unwrap(), r);
    }

    #[test]
    fn every_help_text_is_one_sentence() {
        for spec in specs() {
            let h = spec.help;
            assert!(
                h.starts_with(|c: char| c.is_uppercase()) && h.ends_with('.'),
                "{}: {h}",
                spec.key
            );
            let inner = &h[..h.len() - 1];
            let breaks = inner
                .match_indices(". ")
                .filter(|(i, _)| inner[i + 2..].starts_with(|c: char| c.is_uppercase()))
                .count();
            assert_eq!(breaks, 0, "{}: {h}", spec.key);
            assert!(!inner.contains(';'), "{}: {h}", spec.key);
        }
    }

    #[test]
    fn help_is_plain_and_text_options_say_their_syntax_apart() {
        for spec in specs() {
            let h = spec.help;
            let capitals = h
                .split(|c: char| !c.is_alphanumeric() && c != '_')
                .any(|word| {
                    word.len() > 1 && word.chars().all(|c| c.is_ascii_uppercase() || c == '_')
                });
            assert!(!capitals, "{}: a placeholder in the help: {h}", spec.key);
            for token in [
                "[,",
                ":STEP",
                "'off'",
                "'any'",
                "comma-separated",
                "e.g.",
                "meld+",
            ] {
                assert!(
                    !h.contains(token),
                    "{}: '{token}' in the help: {h}",
                    spec.key
                );
            }
            assert_eq!(
                spec.syntax.is_some(),
                spec.kind == OptionKind::Text,
                "{}: only text options have a syntax",
                spec.key
            );
        }
    }

    #[test]
    fn ranges_follow_the_rule_set() {
        let seats = spec("seats").unwrap();
        let brooklyn = Rules::preset(PresetId::Brooklyn);
        assert_eq!(
            seats.kind_for(&brooklyn),
            OptionKind::Number { min: 3, max: 4 }
        );
        let pot = Rules::from_preset_id("brooklyn", &["pot_game=true"]).unwrap();
        assert_eq!(seats.kind_for(&pot), OptionKind::Number { min: 3, max: 5 });
        let club = Rules::preset(PresetId::Club);
        assert_eq!(seats.kind_for(&club), OptionKind::Number { min: 3, max: 5 });
    }

    #[test]
    fn combinations_without_a_legal_bid_or_raise_are_refused_naming_the_options() {
        let cases = [
            (
                "partnership",
                vec!["bid_raises=5"],
                "options 'bid_raises' and 'bid_bands'",
            ),
            (
                "bison",
                vec![
                    "bid_bands=0:7",
                    "min_bid=0",
                    "open_at_minimum=true",
                    "bid_raises=10",
                ],
                "'bid_raises' and 'bid_bands'",
            ),
            (
                "double-deck",
                vec!["min_bid=51", "bid_bands=0:1,51:1000"],
                "options 'min_bid' and 'bid_bands'",
            ),
        ];
        for (preset, settings, needle) in cases {
            let err = Rules::from_preset_id(preset, &settings).unwrap_err();
            assert!(matches!(err, RulesError::Conflict { .. }), "{err:?}");
            assert!(err.to_string().contains(needle), "{preset}: {err}");
        }
        let mut r = Rules::preset(PresetId::Partnership);
        let err = r.set_option("bid_raises", "5").unwrap_err().to_string();
        assert!(err.contains("'bid_raises' and 'bid_bands'"), "{err}");
        assert_eq!(r, Rules::preset(PresetId::Partnership));
    }

    #[test]
    fn options_that_cannot_take_effect_are_accepted_with_a_reason() {
        let r = Rules::from_preset_id("club", &["dealer_may_decline=true", "all_pass=throw-in"])
            .unwrap();
        let reason = spec("dealer_may_decline")
            .unwrap()
            .inert_reason(&r)
            .unwrap();
        // In the editor's words, not the option keys.
        assert!(
            reason.contains("when all before the dealer pass: throw-in"),
            "{reason}"
        );
        let brooklyn = Rules::preset(PresetId::Brooklyn);
        let reason = spec("all_pass").unwrap().inert_reason(&brooklyn).unwrap();
        assert!(reason.contains("the opener must bid"), "{reason}");
        let fixed = Rules::from_preset_id("bison", &["fixed_deals=4"]).unwrap();
        assert!(spec("target").unwrap().inert_reason(&fixed).is_some());
        assert!(spec("target")
            .unwrap()
            .inert_reason(&Rules::preset(PresetId::Bison))
            .is_none());
    }

    #[test]
    fn variants_are_off_in_every_preset_and_apply_where_they_make_sense() {
        for p in PresetId::ALL {
            let r = Rules::preset(p);
            for (key, value) in r.option_values() {
                if VARIANT_KEYS.contains(&key) {
                    assert!(
                        matches!(value.as_str(), "false" | "off"),
                        "{p:?} {key}={value}"
                    );
                }
            }
            assert!(spec("head_rule").unwrap().applies(&r));
        }
        let applies = |key: &str, p: PresetId| spec(key).unwrap().applies(&Rules::preset(p));
        assert!(applies("concede_any_shortfall", PresetId::Partnership));
        assert!(!applies("concede_any_shortfall", PresetId::Bison));
        assert!(applies("defenders_always_score", PresetId::Bison));
        assert!(!applies("defenders_always_score", PresetId::DoubleDeck));
        assert!(!applies("redeal_nines", PresetId::DoubleDeck));
        assert!(!applies("lose_at", PresetId::Club));
        let r = Rules::from_preset_id(
            "partnership",
            &["defenders_always_score=true", "concede_any_shortfall=true"],
        )
        .unwrap();
        let back = r
            .clone()
            .with_settings(&[
                "defenders_always_score=false",
                "concede_any_shortfall=false",
            ])
            .unwrap();
        assert_eq!(back, Rules::preset(PresetId::Partnership));
    }

    #[test]
    fn bad_settings_name_the_problem_and_change_nothing() {
        let base = Rules::preset(PresetId::Brooklyn);
        let cases = [
            ("nonsense=1", "unknown option 'nonsense'"),
            ("head_rule=sometimes", "head_rule"),
            ("min_bid=abc", "not a whole number"),
            ("min_bid=5000", "out of range"),
            ("target=1000", "does not apply"),
            ("seats=5", "seats"),
            ("counting=counters-one", "counting"),
            ("meld.run=1,2,3", "at most 2"),
            ("bid_bands=5:10", "first band"),
            ("justtext", "key=value"),
        ];
        for (setting, needle) in cases {
            let err = base
                .clone()
                .with_settings(&[setting])
                .unwrap_err()
                .to_string();
            assert!(err.contains(needle), "{setting}: {err}");
        }
        let mut r = base.clone();
        assert!(r.set_option("min_bid", "x").is_err());
        assert_eq!(r, base);
        assert!(matches!(
            Rules::from_preset_id("poker", &[] as &[&str]),
            Err(RulesError::UnknownPreset(_))
        ));
    }
}
