//! The exact meld finder: what a hand scores in meld under a rule set and a trump
//! suit (RULES.md §0 "Meld classes" and each preset's meld table).
//!
//! Melds fall into three classes — I: runs, marriages, dix; II: pinochles; III:
//! arounds. A card may serve in melds of different classes but never in two melds
//! of the same class. Because a hand's meld depends only on its card counts, the
//! finder enumerates every way to split the trump K/Q between runs, royal marriages
//! and the optional combinations (roundhouse, double royal marriage) and takes the
//! best total; everything else is then forced (plain marriages = min(K, Q) in a
//! suit, arounds = the fewest copies of the rank in any suit, …). Multiplicities are
//! scored with the table's value-by-multiplicity vectors; if a custom table makes
//! split groups worth more (two singles above one double), the split is taken.
//!
//! Entry points: [`best_meld`] (items for the UI), [`meld_total`] (allocation-free,
//! for the AI), [`used_cards`], the club's show-less helpers [`meld_options`],
//! [`validate_shown`], [`shown_subsets`], and the club's nine-passing rule
//! [`in_complete_meld`] / [`may_pass_nine`].

use crate::cards::{Card, CardCounts, Rank, Suit};
use crate::rules::{meld_value, Rules};
use serde::{Deserialize, Serialize};
use std::fmt;

/// Hands are searched with at most this many copies of any card; extra copies (only
/// possible in hand-made test hands, never from a real deck) are ignored.
const CAP: u8 = 8;

/// A kind of meld (one row of a meld table, or one of the optional combinations).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MeldKind {
    /// A 10 K Q J of trump (flush, rope). Class I.
    Run,
    /// K Q of trump, not part of a run. Class I.
    RoyalMarriage,
    /// K Q of a plain suit. Class I.
    Marriage,
    /// The nine of trump. Class I.
    Dix,
    /// Q♠ J♦. Class II.
    Pinochle,
    /// One ace of each suit. Class III.
    Aces,
    /// One king of each suit. Class III.
    Kings,
    /// One queen of each suit. Class III.
    Queens,
    /// One jack of each suit. Class III.
    Jacks,
    /// Roundhouse option: K Q of every suit, scored instead of kings, queens and the
    /// four marriages. Classes I and III.
    Roundhouse,
    /// Roundhouse option: a run and a roundhouse sharing the trump K Q. Classes I and
    /// III.
    RunWithRoundhouse,
    /// Double royal option (bison): K K Q Q of trump as one meld. Class I.
    DoubleRoyal,
    /// Double royal option with a run: A 10 K K Q Q J of trump. Class I.
    RunWithDoubleRoyal,
    /// Partnership's run + extra K: an extra trump king marrying the run's queen.
    /// Its cards are only the extra kings; it needs a run shown beside it. Class I.
    RunExtraKing,
    /// Partnership's run + extra Q: an extra trump queen marrying the run's king.
    /// Its cards are only the extra queens; it needs a run shown beside it. Class I.
    RunExtraQueen,
}

/// The three meld classes of RULES.md §0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MeldClass {
    /// Class I: runs, marriages, dix.
    Sequences,
    /// Class II: pinochles.
    Pinochles,
    /// Class III: arounds.
    Arounds,
}

impl MeldClass {
    /// All three classes.
    pub const ALL: [MeldClass; 3] = [
        MeldClass::Sequences,
        MeldClass::Pinochles,
        MeldClass::Arounds,
    ];

    /// Human name, e.g. "class I (runs, marriages, dix)".
    pub fn name(self) -> &'static str {
        match self {
            MeldClass::Sequences => "class I (runs, marriages, dix)",
            MeldClass::Pinochles => "class II (pinochles)",
            MeldClass::Arounds => "class III (arounds)",
        }
    }
}

impl MeldKind {
    /// Every kind, in display order.
    pub const ALL: [MeldKind; 15] = [
        MeldKind::Run,
        MeldKind::RoyalMarriage,
        MeldKind::Marriage,
        MeldKind::Dix,
        MeldKind::Pinochle,
        MeldKind::Aces,
        MeldKind::Kings,
        MeldKind::Queens,
        MeldKind::Jacks,
        MeldKind::Roundhouse,
        MeldKind::RunWithRoundhouse,
        MeldKind::DoubleRoyal,
        MeldKind::RunWithDoubleRoyal,
        MeldKind::RunExtraKing,
        MeldKind::RunExtraQueen,
    ];

    /// The classes this kind's cards occupy.
    pub fn classes(self) -> &'static [MeldClass] {
        match self {
            MeldKind::Pinochle => &[MeldClass::Pinochles],
            MeldKind::Aces | MeldKind::Kings | MeldKind::Queens | MeldKind::Jacks => {
                &[MeldClass::Arounds]
            }
            MeldKind::Roundhouse | MeldKind::RunWithRoundhouse => {
                &[MeldClass::Sequences, MeldClass::Arounds]
            }
            _ => &[MeldClass::Sequences],
        }
    }

    /// How a key of this kind names its suit: `Some(true)` = the trump suit,
    /// `Some(false)` = a plain suit, `None` = no suit.
    fn suit_rule(self) -> Option<bool> {
        match self {
            MeldKind::Marriage => Some(false),
            MeldKind::Pinochle
            | MeldKind::Aces
            | MeldKind::Kings
            | MeldKind::Queens
            | MeldKind::Jacks
            | MeldKind::Roundhouse => None,
            _ => Some(true),
        }
    }

    /// Short lower-case label for messages, e.g. "royal marriage".
    pub fn label(self) -> &'static str {
        match self {
            MeldKind::Run => "run",
            MeldKind::RoyalMarriage => "royal marriage",
            MeldKind::Marriage => "marriage",
            MeldKind::Dix => "dix",
            MeldKind::Pinochle => "pinochle",
            MeldKind::Aces => "aces around",
            MeldKind::Kings => "kings around",
            MeldKind::Queens => "queens around",
            MeldKind::Jacks => "jacks around",
            MeldKind::Roundhouse => "roundhouse",
            MeldKind::RunWithRoundhouse => "run with roundhouse",
            MeldKind::DoubleRoyal => "double royal marriage",
            MeldKind::RunWithDoubleRoyal => "run with double royal marriage",
            MeldKind::RunExtraKing => "extra king beside the run",
            MeldKind::RunExtraQueen => "extra queen beside the run",
        }
    }
}

impl fmt::Display for MeldKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.label())
    }
}

/// One meld shown: a kind, its suit where it has one, how many copies (a double
/// run is one item with `copies` 2), its points, its cards and a human name.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MeldItem {
    pub kind: MeldKind,
    /// The suit of runs, marriages, dix and the trump combinations; `None` for
    /// pinochles, arounds and the roundhouse.
    pub suit: Option<Suit>,
    /// Multiplicity: 2 for a double run, double pinochle, eight aces, …
    pub copies: u8,
    pub points: u32,
    /// The cards this meld uses, sorted (suit-major, rank high to low).
    pub cards: Vec<Card>,
    /// Human name, e.g. "Double pinochle", "Marriage in spades", "Run in hearts".
    pub name: String,
}

impl MeldItem {
    /// The key identifying this item (kind, suit, copies).
    pub fn key(&self) -> MeldKey {
        MeldKey {
            kind: self.kind,
            suit: self.suit,
            copies: self.copies,
        }
    }

    /// The copies of each card this item occupies in `class` (empty if the item is
    /// not of that class). A roundhouse occupies all its cards in class I and its
    /// kings and queens in class III.
    pub fn cards_in_class(&self, class: MeldClass) -> CardCounts {
        let mut out = CardCounts::EMPTY;
        if !self.kind.classes().contains(&class) {
            return out;
        }
        for &card in &self.cards {
            if class == MeldClass::Arounds
                && matches!(self.kind, MeldKind::RunWithRoundhouse)
                && !matches!(card.rank, Rank::King | Rank::Queen)
            {
                continue;
            }
            out.0[card.index()] = out.0[card.index()].saturating_add(1);
        }
        out
    }
}

/// A hand's meld: the items and their total.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub struct MeldResult {
    pub total: u32,
    pub melds: Vec<MeldItem>,
}

/// Identifies a meld item to show (club: the declarer may show less).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct MeldKey {
    pub kind: MeldKind,
    /// The trump suit for trump melds, the marriage suit for marriages, else `None`.
    pub suit: Option<Suit>,
    pub copies: u8,
}

/// Why a set of shown melds is not valid.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MeldError {
    #[error("a meld must be shown at least once (the {0} has 0 copies)")]
    ZeroCopies(MeldKind),
    #[error("a {0} needs a trump suit")]
    NoTrump(MeldKind),
    #[error("a {kind} is only scored in trump ({trump}), not in {suit:?}")]
    NotTrumpSuit {
        kind: MeldKind,
        suit: Option<Suit>,
        trump: Suit,
    },
    #[error("a marriage needs a plain suit: a marriage in trump is a royal marriage")]
    MarriageInTrump,
    #[error("a marriage must name its suit")]
    MarriageWithoutSuit,
    #[error("a {0} has no suit")]
    UnexpectedSuit(MeldKind),
    #[error("the {0} is not a meld under these rules")]
    NotInRules(MeldKind),
    #[error("{kind} needs {needed} run(s) shown beside it, but {runs} are shown")]
    NeedsRun {
        kind: MeldKind,
        needed: u32,
        runs: u32,
    },
    #[error(
        "the shown melds use the {card} {needed} time(s) in {class}, but the hand holds {held}",
        card = card.long_name(),
        class = class.name()
    )]
    NotEnoughCards {
        card: Card,
        class: MeldClass,
        needed: u32,
        held: u8,
    },
}

// ---------------------------------------------------------------------------
// Values

/// Best value of `n` copies, split into groups if that scores more (it never does
/// for the built-in tables).
fn best(values: &[u32], n: u8, bonuses: bool) -> u32 {
    match n {
        0 => 0,
        1 => meld_value(values, 1, bonuses),
        _ if !bonuses => meld_value(values, u32::from(n), false),
        _ => {
            let n = n.min(CAP) as usize;
            let mut b = [0u32; CAP as usize + 1];
            for i in 1..=n {
                let mut m = 0;
                for j in 1..=i {
                    m = m.max(meld_value(values, j as u32, true).saturating_add(b[i - j]));
                }
                b[i] = m;
            }
            b[n]
        }
    }
}

/// The group sizes [`best`] uses, largest first.
fn groups(values: &[u32], n: u8, bonuses: bool) -> Vec<u8> {
    let mut out = Vec::new();
    let mut left = n.min(CAP);
    while left > 0 {
        let target = best(values, left, bonuses);
        let g = (1..=left)
            .rev()
            .find(|&j| {
                meld_value(values, u32::from(j), bonuses).saturating_add(best(
                    values,
                    left - j,
                    bonuses,
                )) == target
            })
            .unwrap_or(left);
        out.push(g);
        left -= g;
    }
    out
}

/// Values of the roundhouse by multiplicity.
fn roundhouse_values(rules: &Rules) -> [u32; 2] {
    match &rules.meld.roundhouse {
        Some(r) => [r.value, r.double.unwrap_or(r.value.saturating_mul(2))],
        None => [0, 0],
    }
}

// ---------------------------------------------------------------------------
// The search

/// Counts by `[suit][rank index]`, capped at [`CAP`].
type Grid = [[u8; 6]; 4];

fn grid(hand: &CardCounts) -> Grid {
    let mut g = [[0u8; 6]; 4];
    for (i, &n) in hand.0.iter().enumerate() {
        g[i / 6][i % 6] = n.min(CAP);
    }
    g
}

const NINE: usize = Rank::Nine.index();
const JACK: usize = Rank::Jack.index();
const QUEEN: usize = Rank::Queen.index();
const KING: usize = Rank::King.index();
const TEN: usize = Rank::Ten.index();
const ACE: usize = Rank::Ace.index();

/// The free choices of a decomposition: how the trump K/Q are split.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Choice {
    /// Runs not inside a combination.
    runs: u8,
    /// Runs sharing their trump K Q with a roundhouse.
    run_rh: u8,
    /// Runs with a double royal marriage.
    run_dr: u8,
    /// Double royal marriages (no run).
    dr: u8,
    /// Roundhouses (no run).
    rh: u8,
}

/// Everything a decomposition holds, as counts.
#[derive(Clone, Copy, Debug, Default)]
struct Breakdown {
    c: Choice,
    /// Royal marriages from extra K + extra Q.
    royal: u8,
    /// Partnership: extra kings marrying a run's queen / extra queens a run's king.
    extra_k: u8,
    extra_q: u8,
    /// Plain marriages per suit (0 for trump when there is one).
    marriages: [u8; 4],
    dix: u8,
    pinochles: u8,
    /// Arounds by rank: aces, kings, queens, jacks.
    aces: u8,
    kings: u8,
    queens: u8,
    jacks: u8,
}

fn min_over_suits(g: &Grid, rank: usize) -> u8 {
    g.iter().map(|s| s[rank]).min().unwrap_or(0)
}

/// Works out the forced part of a decomposition for `c`, or `None` if the hand
/// cannot hold it.
fn breakdown(rules: &Rules, g: &Grid, trump: Option<Suit>, c: Choice) -> Option<Breakdown> {
    let shared = c.rh + c.run_rh; // roundhouse-like K Q in every suit
    let mut marriages = [0u8; 4];
    let (mut royal, mut extra_k, mut extra_q, mut dix) = (0, 0, 0, 0);
    for (s, row) in g.iter().enumerate() {
        if Some(Suit::from_index(s)) == trump {
            let runs_total = c.runs + c.run_rh + c.run_dr;
            let high = runs_total + c.rh + 2 * c.dr + c.run_dr;
            if row[ACE] < runs_total || row[TEN] < runs_total || row[JACK] < runs_total {
                return None;
            }
            let k = row[KING].checked_sub(high)?;
            let q = row[QUEEN].checked_sub(high)?;
            if rules.meld.run_extra_marriage {
                extra_k = c.runs.min(k);
                extra_q = c.runs.min(q);
            }
            royal = (k - extra_k).min(q - extra_q);
            dix = row[NINE];
        } else {
            let k = row[KING].checked_sub(shared)?;
            let q = row[QUEEN].checked_sub(shared)?;
            marriages[s] = k.min(q);
        }
    }
    Some(Breakdown {
        c,
        royal,
        extra_k,
        extra_q,
        marriages,
        dix,
        pinochles: g[Suit::Spades.index()][QUEEN].min(g[Suit::Diamonds.index()][JACK]),
        aces: min_over_suits(g, ACE),
        kings: min_over_suits(g, KING).checked_sub(shared)?,
        queens: min_over_suits(g, QUEEN).checked_sub(shared)?,
        jacks: min_over_suits(g, JACK),
    })
}

/// Royal marriage values: (pure, with the extra kings, with all), cumulative.
fn royal_values(rules: &Rules, b: &Breakdown) -> (u32, u32, u32) {
    let t = &rules.meld.table.royal_marriage;
    let bon = rules.meld.double_bonuses;
    let pure = best(t, b.royal, bon);
    let with_k = best(t, b.royal + b.extra_k, bon);
    let all = best(t, b.royal + b.extra_k + b.extra_q, bon);
    (pure, with_k, all)
}

fn total_of(rules: &Rules, b: &Breakdown) -> u32 {
    let m = &rules.meld;
    let t = &m.table;
    let bon = m.double_bonuses;
    let mut sum = best(&t.run, b.c.runs, bon);
    if let Some(r) = &m.roundhouse {
        sum = sum
            .saturating_add(r.with_run.saturating_mul(u32::from(b.c.run_rh)))
            .saturating_add(best(&roundhouse_values(rules), b.c.rh, true));
    }
    if let Some(d) = &m.double_royal {
        sum = sum
            .saturating_add(d.with_run.saturating_mul(u32::from(b.c.run_dr)))
            .saturating_add(d.value.saturating_mul(u32::from(b.c.dr)));
    }
    sum = sum.saturating_add(royal_values(rules, b).2);
    for &n in &b.marriages {
        sum = sum.saturating_add(best(&t.marriage, n, bon));
    }
    sum.saturating_add(best(&t.dix, b.dix, bon))
        .saturating_add(best(&t.pinochle, b.pinochles, bon))
        .saturating_add(best(&t.aces, b.aces, bon))
        .saturating_add(best(&t.kings, b.kings, bon))
        .saturating_add(best(&t.queens, b.queens, bon))
        .saturating_add(best(&t.jacks, b.jacks, bon))
}

/// Exhaustive search over the free choices; ties keep the first found, which
/// prefers combinations and runs (loops run from high to low).
fn search(rules: &Rules, hand: &CardCounts, trump: Option<Suit>) -> (u32, Breakdown) {
    let g = grid(hand);
    let m = &rules.meld;
    let (max_run, max_trump_k, max_trump_q) = match trump {
        Some(t) => {
            let row = &g[t.index()];
            let runs = if m.table.run.is_empty() {
                0
            } else {
                row[ACE]
                    .min(row[TEN])
                    .min(row[KING])
                    .min(row[QUEEN])
                    .min(row[JACK])
            };
            (runs, row[KING], row[QUEEN])
        }
        None => (0, 0, 0),
    };
    let max_rh = if m.roundhouse.is_some() {
        min_over_suits(&g, KING).min(min_over_suits(&g, QUEEN))
    } else {
        0
    };
    let max_dr = if m.double_royal.is_some() && trump.is_some() {
        max_trump_k.min(max_trump_q) / 2
    } else {
        0
    };
    let mut best_total = 0;
    let mut best_b = None;
    for runs_total in (0..=max_run).rev() {
        for run_rh in (0..=runs_total.min(max_rh)).rev() {
            for run_dr in (0..=(runs_total - run_rh).min(max_dr)).rev() {
                let runs = runs_total - run_rh - run_dr;
                for rh in (0..=max_rh - run_rh).rev() {
                    for dr in (0..=max_dr - run_dr).rev() {
                        let c = Choice {
                            runs,
                            run_rh,
                            run_dr,
                            dr,
                            rh,
                        };
                        if let Some(b) = breakdown(rules, &g, trump, c) {
                            let total = total_of(rules, &b);
                            if best_b.is_none() || total > best_total {
                                best_total = total;
                                best_b = Some(b);
                            }
                        }
                    }
                }
            }
        }
    }
    // Choice::default() is always feasible, so best_b is set.
    (
        best_total,
        best_b
            .unwrap_or_else(|| breakdown(rules, &g, trump, Choice::default()).unwrap_or_default()),
    )
}

// ---------------------------------------------------------------------------
// Items

fn multiple(copies: u8) -> String {
    match copies {
        1 => String::new(),
        2 => "Double ".into(),
        3 => "Triple ".into(),
        4 => "Quadruple ".into(),
        n => format!("{n}× "),
    }
}

/// Human name of an item.
fn item_name(kind: MeldKind, suit: Option<Suit>, copies: u8) -> String {
    let pre = multiple(copies);
    let suit_name = suit.map(Suit::name).unwrap_or("trump");
    let lower = |s: &str| {
        if pre.is_empty() {
            s.to_string()
        } else {
            format!("{pre}{}", s)
        }
    };
    let cap = |s: String| {
        let mut ch = s.chars();
        match ch.next() {
            Some(f) => f.to_uppercase().collect::<String>() + ch.as_str(),
            None => s,
        }
    };
    let raw = match kind {
        MeldKind::Run => lower(&format!("run in {suit_name}")),
        MeldKind::RoyalMarriage => lower("royal marriage"),
        MeldKind::Marriage => lower(&format!("marriage in {suit_name}")),
        MeldKind::Dix => lower("dix"),
        MeldKind::Pinochle => lower("pinochle"),
        MeldKind::Aces => lower("aces around"),
        MeldKind::Kings => lower("kings around"),
        MeldKind::Queens => lower("queens around"),
        MeldKind::Jacks => lower("jacks around"),
        MeldKind::Roundhouse => lower("roundhouse"),
        MeldKind::RunWithRoundhouse => lower(&format!("run in {suit_name} with roundhouse")),
        MeldKind::DoubleRoyal => {
            if copies == 1 {
                "double royal marriage".into()
            } else {
                format!("{copies} double royal marriages")
            }
        }
        MeldKind::RunWithDoubleRoyal => {
            lower(&format!("run in {suit_name} with double royal marriage"))
        }
        MeldKind::RunExtraKing => {
            if copies == 1 {
                "extra king marrying the run's queen".into()
            } else {
                format!("{copies} extra kings marrying the runs' queens")
            }
        }
        MeldKind::RunExtraQueen => {
            if copies == 1 {
                "extra queen marrying the run's king".into()
            } else {
                format!("{copies} extra queens marrying the runs' kings")
            }
        }
    };
    cap(raw)
}

/// The cards of one copy of a meld.
fn base_cards(kind: MeldKind, suit: Option<Suit>, trump: Option<Suit>) -> Vec<Card> {
    let s = suit.or(trump).unwrap_or(Suit::Spades);
    let run = |s| {
        [Rank::Ace, Rank::Ten, Rank::King, Rank::Queen, Rank::Jack]
            .map(|r| Card::new(r, s))
            .to_vec()
    };
    let around = |r| Suit::ALL.map(|s| Card::new(r, s)).to_vec();
    let kq = |s| vec![Card::new(Rank::King, s), Card::new(Rank::Queen, s)];
    match kind {
        MeldKind::Run => run(s),
        MeldKind::RoyalMarriage | MeldKind::Marriage => kq(s),
        MeldKind::Dix => vec![Card::new(Rank::Nine, s)],
        MeldKind::Pinochle => vec![
            Card::new(Rank::Queen, Suit::Spades),
            Card::new(Rank::Jack, Suit::Diamonds),
        ],
        MeldKind::Aces => around(Rank::Ace),
        MeldKind::Kings => around(Rank::King),
        MeldKind::Queens => around(Rank::Queen),
        MeldKind::Jacks => around(Rank::Jack),
        MeldKind::Roundhouse => Suit::ALL.into_iter().flat_map(kq).collect(),
        MeldKind::RunWithRoundhouse => {
            let mut v = run(s);
            v.extend(Suit::ALL.into_iter().filter(|&o| o != s).flat_map(kq));
            v
        }
        MeldKind::DoubleRoyal => {
            let mut v = kq(s);
            v.extend(kq(s));
            v
        }
        MeldKind::RunWithDoubleRoyal => {
            let mut v = run(s);
            v.extend(kq(s));
            v
        }
        MeldKind::RunExtraKing => vec![Card::new(Rank::King, s)],
        MeldKind::RunExtraQueen => vec![Card::new(Rank::Queen, s)],
    }
}

fn make_item(
    kind: MeldKind,
    suit: Option<Suit>,
    copies: u8,
    points: u32,
    trump: Option<Suit>,
) -> MeldItem {
    let one = base_cards(kind, suit, trump);
    let mut cards: Vec<Card> = (0..copies).flat_map(|_| one.iter().copied()).collect();
    crate::sort::sort(&mut cards);
    MeldItem {
        kind,
        suit,
        copies,
        points,
        cards,
        name: item_name(kind, suit, copies),
    }
}

/// Items for `n` copies of a table meld, split as [`best`] splits them.
fn push_table(
    out: &mut Vec<MeldItem>,
    values: &[u32],
    bonuses: bool,
    kind: MeldKind,
    suit: Option<Suit>,
    n: u8,
    trump: Option<Suit>,
) {
    for g in groups(values, n, bonuses) {
        let points = meld_value(values, u32::from(g), bonuses);
        if points > 0 {
            out.push(make_item(kind, suit, g, points, trump));
        }
    }
}

fn items_of(rules: &Rules, b: &Breakdown, trump: Option<Suit>) -> Vec<MeldItem> {
    let m = &rules.meld;
    let t = &m.table;
    let bon = m.double_bonuses;
    let mut out = Vec::new();
    if let Some(ts) = trump {
        let ts = Some(ts);
        push_table(&mut out, &t.run, bon, MeldKind::Run, ts, b.c.runs, trump);
        if let Some(r) = &m.roundhouse {
            if b.c.run_rh > 0 {
                let p = r.with_run.saturating_mul(u32::from(b.c.run_rh));
                out.push(make_item(
                    MeldKind::RunWithRoundhouse,
                    ts,
                    b.c.run_rh,
                    p,
                    trump,
                ));
            }
        }
        if let Some(d) = &m.double_royal {
            if b.c.run_dr > 0 {
                let p = d.with_run.saturating_mul(u32::from(b.c.run_dr));
                out.push(make_item(
                    MeldKind::RunWithDoubleRoyal,
                    ts,
                    b.c.run_dr,
                    p,
                    trump,
                ));
            }
            if b.c.dr > 0 {
                let p = d.value.saturating_mul(u32::from(b.c.dr));
                out.push(make_item(MeldKind::DoubleRoyal, ts, b.c.dr, p, trump));
            }
        }
        let (pure, with_k, all) = royal_values(rules, b);
        push_table(
            &mut out,
            &t.royal_marriage,
            bon,
            MeldKind::RoyalMarriage,
            ts,
            b.royal,
            trump,
        );
        debug_assert_eq!(
            out.iter()
                .filter(|i| i.kind == MeldKind::RoyalMarriage)
                .map(|i| i.points)
                .sum::<u32>(),
            pure
        );
        if b.extra_k > 0 && with_k > pure {
            out.push(make_item(
                MeldKind::RunExtraKing,
                ts,
                b.extra_k,
                with_k - pure,
                trump,
            ));
        }
        if b.extra_q > 0 && all > with_k {
            out.push(make_item(
                MeldKind::RunExtraQueen,
                ts,
                b.extra_q,
                all - with_k,
                trump,
            ));
        }
    }
    for s in Suit::ALL {
        let n = b.marriages[s.index()];
        push_table(
            &mut out,
            &t.marriage,
            bon,
            MeldKind::Marriage,
            Some(s),
            n,
            trump,
        );
    }
    if trump.is_some() {
        push_table(&mut out, &t.dix, bon, MeldKind::Dix, trump, b.dix, trump);
    }
    push_table(
        &mut out,
        &t.pinochle,
        bon,
        MeldKind::Pinochle,
        None,
        b.pinochles,
        trump,
    );
    if m.roundhouse.is_some() {
        push_table(
            &mut out,
            &roundhouse_values(rules),
            true,
            MeldKind::Roundhouse,
            None,
            b.c.rh,
            trump,
        );
    }
    for (kind, values, n) in [
        (MeldKind::Aces, &t.aces, b.aces),
        (MeldKind::Kings, &t.kings, b.kings),
        (MeldKind::Queens, &t.queens, b.queens),
        (MeldKind::Jacks, &t.jacks, b.jacks),
    ] {
        push_table(&mut out, values, bon, kind, None, n, trump);
    }
    out
}

// ---------------------------------------------------------------------------
// Public API

/// The best meld of `hand` with `trump` (`None`: no trump yet, so no runs, royal
/// marriages or dix; every marriage is common). Exact: every decomposition allowed
/// by the class rule and the rule set's options is considered.
pub fn best_meld(rules: &Rules, hand: &CardCounts, trump: Option<Suit>) -> MeldResult {
    let (total, b) = search(rules, hand, trump);
    let melds = items_of(rules, &b, trump);
    debug_assert_eq!(melds.iter().map(|i| i.points).sum::<u32>(), total);
    MeldResult { total, melds }
}

/// The total of [`best_meld`] without building the items: allocation-free, for the
/// AI's inner loops.
pub fn meld_total(rules: &Rules, hand: &CardCounts, trump: Option<Suit>) -> u32 {
    search(rules, hand, trump).0
}

/// The cards that must stay in hand to show `result`: for each distinct card, the
/// largest number of copies any single class uses (a card may serve in melds of
/// different classes).
pub fn used_cards(result: &MeldResult) -> CardCounts {
    used_by(&result.melds)
}

fn class_usage(items: &[MeldItem]) -> [CardCounts; 3] {
    let mut per = [CardCounts::EMPTY; 3];
    for item in items {
        for (ci, class) in MeldClass::ALL.into_iter().enumerate() {
            let c = item.cards_in_class(class);
            for (slot, n) in per[ci].0.iter_mut().zip(c.0) {
                *slot = slot.saturating_add(n);
            }
        }
    }
    per
}

fn used_by(items: &[MeldItem]) -> CardCounts {
    let per = class_usage(items);
    let mut out = CardCounts::EMPTY;
    for (i, slot) in out.0.iter_mut().enumerate() {
        *slot = per.iter().map(|c| c.0[i]).max().unwrap_or(0);
    }
    out
}

/// The items of the best decomposition (what a club declarer may choose from).
pub fn meld_options(rules: &Rules, hand: &CardCounts, trump: Option<Suit>) -> Vec<MeldItem> {
    best_meld(rules, hand, trump).melds
}

/// Whether `kind` can score under `rules` at all.
fn kind_in_rules(rules: &Rules, kind: MeldKind) -> bool {
    let m = &rules.meld;
    match kind {
        MeldKind::Roundhouse | MeldKind::RunWithRoundhouse => m.roundhouse.is_some(),
        MeldKind::DoubleRoyal | MeldKind::RunWithDoubleRoyal => m.double_royal.is_some(),
        MeldKind::RunExtraKing | MeldKind::RunExtraQueen => m.run_extra_marriage,
        _ => true,
    }
}

/// Points of one shown key under `rules`.
fn key_points(rules: &Rules, key: &MeldKey) -> u32 {
    let m = &rules.meld;
    let t = &m.table;
    let bon = m.double_bonuses;
    let n = u32::from(key.copies);
    match key.kind {
        MeldKind::Run => meld_value(&t.run, n, bon),
        MeldKind::RoyalMarriage | MeldKind::RunExtraKing | MeldKind::RunExtraQueen => {
            meld_value(&t.royal_marriage, n, bon)
        }
        MeldKind::Marriage => meld_value(&t.marriage, n, bon),
        MeldKind::Dix => meld_value(&t.dix, n, bon),
        MeldKind::Pinochle => meld_value(&t.pinochle, n, bon),
        MeldKind::Aces => meld_value(&t.aces, n, bon),
        MeldKind::Kings => meld_value(&t.kings, n, bon),
        MeldKind::Queens => meld_value(&t.queens, n, bon),
        MeldKind::Jacks => meld_value(&t.jacks, n, bon),
        MeldKind::Roundhouse => meld_value(&roundhouse_values(rules), n, true),
        MeldKind::RunWithRoundhouse => m
            .roundhouse
            .as_ref()
            .map_or(0, |r| r.with_run.saturating_mul(n)),
        MeldKind::DoubleRoyal => m
            .double_royal
            .as_ref()
            .map_or(0, |d| d.value.saturating_mul(n)),
        MeldKind::RunWithDoubleRoyal => m
            .double_royal
            .as_ref()
            .map_or(0, |d| d.with_run.saturating_mul(n)),
    }
}

/// Checks a set of melds a declarer wants to show (club: may show less than the
/// hand holds) and scores it. Valid when every key names a meld of these rules in
/// a proper suit (runs, royal marriages, dix and the trump combinations only in
/// trump; marriages only in a plain suit) and, within each class, the shown melds
/// together use no card more often than the hand holds it. Keys need not come from
/// [`meld_options`]; the result lists the items in the order given.
pub fn validate_shown(
    rules: &Rules,
    hand: &CardCounts,
    trump: Option<Suit>,
    shown: &[MeldKey],
) -> Result<MeldResult, MeldError> {
    let mut items = Vec::with_capacity(shown.len());
    let (mut runs, mut extra_k, mut extra_q) = (0u32, 0u32, 0u32);
    for key in shown {
        if key.copies == 0 {
            return Err(MeldError::ZeroCopies(key.kind));
        }
        if !kind_in_rules(rules, key.kind) {
            return Err(MeldError::NotInRules(key.kind));
        }
        match key.kind.suit_rule() {
            Some(true) => {
                let t = trump.ok_or(MeldError::NoTrump(key.kind))?;
                if key.suit != Some(t) {
                    return Err(MeldError::NotTrumpSuit {
                        kind: key.kind,
                        suit: key.suit,
                        trump: t,
                    });
                }
            }
            Some(false) => match key.suit {
                None => return Err(MeldError::MarriageWithoutSuit),
                Some(s) if Some(s) == trump => return Err(MeldError::MarriageInTrump),
                Some(_) => {}
            },
            None => {
                if key.suit.is_some() {
                    return Err(MeldError::UnexpectedSuit(key.kind));
                }
            }
        }
        let n = u32::from(key.copies);
        match key.kind {
            MeldKind::Run => runs += n,
            MeldKind::RunExtraKing => extra_k += n,
            MeldKind::RunExtraQueen => extra_q += n,
            _ => {}
        }
        items.push(make_item(
            key.kind,
            key.suit,
            key.copies,
            key_points(rules, key),
            trump,
        ));
    }
    for (kind, needed) in [
        (MeldKind::RunExtraKing, extra_k),
        (MeldKind::RunExtraQueen, extra_q),
    ] {
        if needed > runs {
            return Err(MeldError::NeedsRun { kind, needed, runs });
        }
    }
    let per = class_usage(&items);
    for (ci, class) in MeldClass::ALL.into_iter().enumerate() {
        for card in Card::all() {
            let needed = per[ci].count(card);
            let held = hand.count(card);
            if needed > held {
                return Err(MeldError::NotEnoughCards {
                    card,
                    class,
                    needed: u32::from(needed),
                    held,
                });
            }
        }
    }
    let total = items
        .iter()
        .fold(0u32, |acc, i| acc.saturating_add(i.points));
    Ok(MeldResult {
        total,
        melds: items,
    })
}

/// Every distinct set of melds the declarer may show from the best decomposition:
/// each of its items with 0 up to all its copies. Keys within a set are sorted;
/// the sets are sorted by total points, highest first, then by their keys — so the
/// full meld comes first and the empty set (show nothing) last.
pub fn shown_subsets(rules: &Rules, hand: &CardCounts, trump: Option<Suit>) -> Vec<Vec<MeldKey>> {
    let items = meld_options(rules, hand, trump);
    let mut sets: Vec<Vec<MeldKey>> = vec![Vec::new()];
    for item in &items {
        let mut next = Vec::with_capacity(sets.len() * (item.copies as usize + 1));
        for set in &sets {
            for c in 0..=item.copies {
                let mut s = set.clone();
                if c > 0 {
                    s.push(MeldKey {
                        kind: item.kind,
                        suit: item.suit,
                        copies: c,
                    });
                }
                next.push(s);
            }
        }
        sets = next;
    }
    let mut scored: Vec<(u32, Vec<MeldKey>)> = sets
        .into_iter()
        .filter_map(|mut s| {
            crate::sort::sort(&mut s);
            validate_shown(rules, hand, trump, &s)
                .ok()
                .map(|r| (r.total, s))
        })
        .collect();
    crate::sort::sort_by(&mut scored, |a, b| {
        b.0.cmp(&a.0).then_with(|| a.1.cmp(&b.1))
    });
    scored.dedup_by(|a, b| a.1 == b.1);
    scored.into_iter().map(|(_, s)| s).collect()
}

/// Whether `hand` holds a king and a queen of `suit`.
pub fn has_marriage(hand: &CardCounts, suit: Suit) -> bool {
    hand.get(Rank::King, suit) > 0 && hand.get(Rank::Queen, suit) > 0
}

/// The non-nine cards of `hand` that belong to some complete meld, for the club's
/// nine-passing rule (RULES.md §5). Trump is not known when passing, so runs count
/// in any suit; marriages, pinochles and arounds count as usual (dix does not:
/// nines are what the rule is about). A copy counts when some meld can hold it
/// while the other copies sit in melds of other classes: per card, the copies
/// covered are the sum over the classes of the copies the class's fullest
/// decomposition uses, capped at the copies held. Kinds whose single value is 0
/// under `rules` do not count.
pub fn in_complete_meld(rules: &Rules, hand: &CardCounts) -> CardCounts {
    let g = grid(hand);
    let t = &rules.meld.table;
    let counts = |v: &Vec<u32>| v.first().copied().unwrap_or(0) > 0;
    let mut per = [CardCounts::EMPTY; 3];
    // Class I, every suit as if it were trump.
    for s in Suit::ALL {
        let row = &g[s.index()];
        let runs = if counts(&t.run) {
            row[ACE]
                .min(row[TEN])
                .min(row[KING])
                .min(row[QUEEN])
                .min(row[JACK])
        } else {
            0
        };
        let married = if counts(&t.marriage) || counts(&t.royal_marriage) {
            let (k, q) = (row[KING] - runs, row[QUEEN] - runs);
            let (ek, eq) = if rules.meld.run_extra_marriage {
                (runs.min(k), runs.min(q))
            } else {
                (0, 0)
            };
            let pure = (k - ek).min(q - eq);
            (runs + ek + pure, runs + eq + pure)
        } else {
            (runs, runs)
        };
        let c = &mut per[0];
        for (rank, n) in [
            (Rank::Ace, runs),
            (Rank::Ten, runs),
            (Rank::Jack, runs),
            (Rank::King, married.0),
            (Rank::Queen, married.1),
        ] {
            c.0[Card::new(rank, s).index()] = n;
        }
    }
    if counts(&t.pinochle) {
        let p = g[Suit::Spades.index()][QUEEN].min(g[Suit::Diamonds.index()][JACK]);
        per[1].0[Card::new(Rank::Queen, Suit::Spades).index()] = p;
        per[1].0[Card::new(Rank::Jack, Suit::Diamonds).index()] = p;
    }
    for (rank, values) in [
        (Rank::Ace, &t.aces),
        (Rank::King, &t.kings),
        (Rank::Queen, &t.queens),
        (Rank::Jack, &t.jacks),
    ] {
        if counts(values) {
            let n = min_over_suits(&g, rank.index());
            for s in Suit::ALL {
                per[2].0[Card::new(rank, s).index()] = n;
            }
        }
    }
    let mut out = CardCounts::EMPTY;
    for card in Card::all() {
        if card.rank == Rank::Nine {
            continue;
        }
        let i = card.index();
        let sum = per.iter().fold(0u8, |acc, c| acc.saturating_add(c.0[i]));
        out.0[i] = sum.min(hand.0[i]);
    }
    out
}

/// Whether a nine may be passed from `hand` (club, RULES.md §5): always when the
/// rules have no nine restriction; else only if every non-nine card of the hand is
/// part of a complete meld ([`in_complete_meld`]).
pub fn may_pass_nine(rules: &Rules, hand: &CardCounts) -> bool {
    let restricted = rules
        .passing
        .to_left
        .as_ref()
        .is_some_and(|p| p.nine_restricted);
    if !restricted {
        return true;
    }
    let covered = in_complete_meld(rules, hand);
    Card::all()
        .filter(|c| c.rank != Rank::Nine)
        .all(|c| covered.count(c) >= hand.count(c))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::parse_cards;
    use crate::rules::{DoubleRoyal, PresetId, Roundhouse};

    fn hand(text: &str) -> CardCounts {
        CardCounts::from_cards(&parse_cards(text).expect("test hand parses"))
    }

    fn preset(p: PresetId) -> Rules {
        Rules::preset(p)
    }

    fn total(rules: &Rules, trump: Option<Suit>, text: &str) -> u32 {
        let h = hand(text);
        let r = best_meld(rules, &h, trump);
        assert_eq!(r.total, meld_total(rules, &h, trump), "{text}");
        assert_eq!(r.melds.iter().map(|i| i.points).sum::<u32>(), r.total);
        r.total
    }

    const H: Option<Suit> = Some(Suit::Hearts);
    const S: Option<Suit> = Some(Suit::Spades);

    fn check_table(p: PresetId, cases: &[(&str, u32)]) {
        let rules = preset(p);
        for &(text, want) in cases {
            assert_eq!(total(&rules, H, text), want, "{p:?}: {text}");
        }
    }

    const AROUND_A: &str = "AS AH AD AC";
    const AROUND_K: &str = "KS KH KD KC";

    #[test]
    fn brooklyn_table_has_no_double_bonuses() {
        check_table(
            PresetId::Brooklyn,
            &[
                ("AH TH KH QH JH", 150),
                ("9H", 10),
                ("9H 9H", 20),
                ("KH QH", 40),
                ("KS QS", 20),
                ("QS JD", 40),
                ("QS QS JD JD", 80),
                (AROUND_A, 100),
                (AROUND_K, 80),
                ("KS KH KD KC KS KH KD KC", 160),
                ("QS QH QD QC", 60),
                ("JS JH JD JC", 40),
                ("AH AH TH TH KH KH QH QH JH JH", 300),
                // run + extra K stays 150; + extra K and Q is 190
                ("AH TH KH KH QH JH", 150),
                ("AH TH KH KH QH QH JH", 190),
                ("AS AH AD AC AS AH AD AC", 200),
            ],
        );
    }

    #[test]
    fn bison_single_and_double_values() {
        check_table(
            PresetId::Bison,
            &[
                ("AH TH KH QH JH", 150),
                ("AH AH TH TH KH KH QH QH JH JH", 1500),
                ("KH QH", 40),
                ("KH KH QH QH", 80),
                ("KS QS", 20),
                ("KS KS QS QS", 40),
                ("9H", 10),
                ("9H 9H", 20),
                ("QS JD", 40),
                ("QS QS JD JD", 300),
                (AROUND_A, 100),
                ("AS AH AD AC AS AH AD AC", 1000),
                (AROUND_K, 80),
                ("KS KH KD KC KS KH KD KC", 800),
                ("QC QH QD QC QH QD", 0),
                ("JS JH JD JC JS JH JD JC", 400),
                // rope + extra K 150, + extra K and Q 190 (class rule)
                ("AH TH KH KH QH JH", 150),
                ("AH TH KH QH QH JH", 150),
                ("AH TH KH KH QH QH JH", 190),
            ],
        );
    }

    #[test]
    fn bison_rope_and_roundhouse_share_to_350() {
        let rules = preset(PresetId::Bison);
        // rope 150 + kings 80 + queens 60 + three marriages 60
        assert_eq!(total(&rules, H, "AH TH KH QH JH KS QS KD QD KC QC"), 350);
        // without the rope: 80 + 60 + 40 + 3*20 = 240
        assert_eq!(total(&rules, H, "KH QH KS QS KD QD KC QC"), 240);
    }

    #[test]
    fn partnership_table_and_run_extras() {
        check_table(
            PresetId::Partnership,
            &[
                ("AH TH KH QH JH", 150),
                ("AH TH KH KH QH JH", 190),
                ("AH TH KH QH QH JH", 190),
                ("AH TH KH KH QH QH JH", 230),
                ("AH AH TH TH KH KH QH QH JH JH", 1500),
                ("9H", 10),
                ("KH QH", 40),
                ("KD QD", 20),
                ("QS JD", 40),
                ("QS QS JD JD", 300),
                (AROUND_A, 100),
                ("AS AH AD AC AS AH AD AC", 1000),
                (AROUND_K, 80),
                ("QS QH QD QC", 60),
                ("QS QH QD QC QS QH QD QC", 600),
                ("JS JH JD JC", 40),
                ("JS JH JD JC JS JH JD JC", 400),
            ],
        );
        let rules = preset(PresetId::Partnership);
        let r = best_meld(&rules, &hand("AH TH KH KH QH JH"), H);
        let kinds: Vec<_> = r.melds.iter().map(|i| i.kind).collect();
        assert_eq!(kinds, vec![MeldKind::Run, MeldKind::RunExtraKing]);
        assert_eq!(r.melds[1].cards, parse_cards("KH").unwrap());
        let r = best_meld(&rules, &hand("AH TH KH KH QH QH JH"), H);
        let kinds: Vec<_> = r.melds.iter().map(|i| i.kind).collect();
        assert_eq!(
            kinds,
            vec![
                MeldKind::Run,
                MeldKind::RunExtraKing,
                MeldKind::RunExtraQueen
            ]
        );
        // the extra cards marry the run, not each other: 150 + 40 + 40
        assert_eq!(r.total, 230);
    }

    #[test]
    fn double_deck_table_single_to_quadruple() {
        let n = |s: &str, k: usize| vec![s; k].join(" ");
        let run = "AH TH KH QH JH";
        let mut cases: Vec<(String, u32)> = Vec::new();
        for (k, v) in [(1, 15), (2, 150), (3, 225), (4, 300)] {
            cases.push((n(run, k), v));
        }
        for (k, v) in [(1, 4), (2, 8), (3, 12), (4, 16)] {
            cases.push((n("KH QH", k), v));
        }
        for (k, v) in [(1, 2), (2, 4), (3, 6), (4, 8)] {
            cases.push((n("KS QS", k), v));
        }
        for (k, v) in [(1, 4), (2, 30), (3, 60), (4, 90)] {
            cases.push((n("QS JD", k), v));
        }
        for (k, v) in [(1, 10), (2, 100), (3, 150), (4, 200)] {
            cases.push((n(AROUND_A, k), v));
        }
        let rules = preset(PresetId::DoubleDeck);
        for (text, want) in &cases {
            assert_eq!(total(&rules, H, text), *want, "{text}");
        }
        // arounds of kings, queens, jacks: each alone in the hand
        for (rank, vals) in [
            ("K", [8, 80, 120, 160]),
            ("Q", [6, 60, 90, 120]),
            ("J", [4, 40, 60, 80]),
        ] {
            for (k, v) in vals.into_iter().enumerate() {
                let text = n(&format!("{rank}S {rank}H {rank}D {rank}C"), k + 1);
                let got = best_meld(&rules, &hand(&text), None);
                let around = got
                    .melds
                    .iter()
                    .find(|i| {
                        matches!(i.kind, MeldKind::Kings | MeldKind::Queens | MeldKind::Jacks)
                    })
                    .map(|i| i.points);
                assert_eq!(around, Some(v), "{text}");
                assert_eq!(got.total, v, "{text}");
            }
        }
    }

    #[test]
    fn double_deck_worked_example_scores_87() {
        let rules = preset(PresetId::DoubleDeck);
        let h = hand("AH TH KH KH KH QH QH JH KS KS QS QS QD QD JD QC QC");
        let r = best_meld(&rules, &h, H);
        assert_eq!(r.total, 87);
        let got: Vec<(MeldKind, Option<Suit>, u8, u32)> = r
            .melds
            .iter()
            .map(|i| (i.kind, i.suit, i.copies, i.points))
            .collect();
        assert_eq!(
            got,
            vec![
                (MeldKind::Run, H, 1, 15),
                (MeldKind::RoyalMarriage, H, 1, 4),
                (MeldKind::Marriage, S, 2, 4),
                (MeldKind::Pinochle, None, 1, 4),
                (MeldKind::Queens, None, 2, 60),
            ]
        );
        assert_eq!(r.melds[2].name, "Double marriage in spades");
        assert_eq!(r.melds[4].name, "Double queens around");
    }

    #[test]
    fn double_deck_table_variants() {
        let mut rules = preset(PresetId::DoubleDeck);
        // NPA: run 25, single pinochle 15
        rules.meld.table.run = vec![25, 250, 375, 500];
        rules.meld.table.pinochle = vec![15, 30, 60, 90];
        assert_eq!(total(&rules, H, "AH TH KH QH JH"), 25);
        assert_eq!(total(&rules, H, "QS JD"), 15);
        // book multiples: triple pinochle 45, quadruple 300; runs 15/30/45/60
        rules.meld.table.pinochle = vec![4, 30, 45, 300];
        rules.meld.table.run = vec![15, 30, 45, 60];
        assert_eq!(total(&rules, H, "QS JD QS JD QS JD"), 45);
        assert_eq!(total(&rules, H, "QS JD QS JD QS JD QS JD"), 300);
        assert_eq!(
            total(&rules, S, "AS TS KS QS JS AS TS KS QS JS AS TS KS QS JS"),
            45
        );
        // pinochle 14
        rules.meld.table.pinochle = vec![14, 30, 60, 90];
        assert_eq!(total(&rules, H, "QS JD"), 14);
    }

    #[test]
    fn a_split_is_taken_when_a_custom_table_pays_more() {
        let mut rules = preset(PresetId::DoubleDeck);
        // a silly table: triple pinochle worth less than double + single
        rules.meld.table.pinochle = vec![4, 30, 20, 90];
        let r = best_meld(&rules, &hand("QS JD QS JD QS JD"), H);
        assert_eq!(r.total, 34);
        let copies: Vec<u8> = r.melds.iter().map(|i| i.copies).collect();
        assert_eq!(copies, vec![2, 1]);
    }

    #[test]
    fn double_deck_roundhouse_option() {
        let mut rules = preset(PresetId::DoubleDeck);
        let rh = "KS QS KH QH KD QD KC QC";
        // natural: 8 + 6 + 4 + 3*2 = 24
        assert_eq!(total(&rules, H, rh), 24);
        // natural double: 80 + 60 + 8 + 3*4 = 160
        assert_eq!(total(&rules, H, &format!("{rh} {rh}")), 160);
        rules.meld.roundhouse = Some(Roundhouse {
            value: 32,
            with_run: 39,
            double: Some(240),
        });
        assert_eq!(total(&rules, H, rh), 32);
        assert_eq!(total(&rules, H, &format!("AH TH JH {rh}")), 39);
        assert_eq!(total(&rules, H, &format!("{rh} {rh}")), 240);
        let r = best_meld(&rules, &hand(rh), H);
        assert_eq!(r.melds.len(), 1);
        assert_eq!(r.melds[0].name, "Roundhouse");
        assert_eq!(r.melds[0].cards.len(), 8);
    }

    #[test]
    fn brooklyn_roundhouse_option_390_or_350() {
        let mut rules = preset(PresetId::Brooklyn);
        let rh = "KS QS KH QH KD QD KC QC";
        let with_run = "AH TH JH KS QS KH QH KD QD KC QC";
        // without the option the same cards score naturally
        assert_eq!(total(&rules, H, rh), 240);
        assert_eq!(total(&rules, H, with_run), 350);
        rules.meld.roundhouse = Some(Roundhouse {
            value: 240,
            with_run: 390,
            double: None,
        });
        assert_eq!(total(&rules, H, rh), 240);
        assert_eq!(total(&rules, H, with_run), 390);
        let r = best_meld(&rules, &hand(with_run), H);
        assert_eq!(r.melds[0].kind, MeldKind::RunWithRoundhouse);
        assert_eq!(r.melds[0].name, "Run in hearts with roundhouse");
        rules.meld.roundhouse = Some(Roundhouse {
            value: 240,
            with_run: 350,
            double: None,
        });
        assert_eq!(total(&rules, H, with_run), 350);
        // a run and a roundhouse with a second trump K Q: both count in full
        assert_eq!(total(&rules, H, &format!("{with_run} KH QH")), 150 + 240);
        // with a richer value the roundhouse still wins over its parts
        rules.meld.roundhouse = Some(Roundhouse {
            value: 300,
            with_run: 390,
            double: None,
        });
        assert_eq!(total(&rules, H, rh), 300);
        assert_eq!(total(&rules, None, rh), 300);
    }

    #[test]
    fn bison_double_royal_option() {
        let mut rules = preset(PresetId::Bison);
        assert_eq!(total(&rules, H, "KH KH QH QH"), 80);
        assert_eq!(total(&rules, H, "AH TH KH KH QH QH JH"), 190);
        rules.meld.double_royal = Some(DoubleRoyal {
            value: 240,
            with_run: 390,
        });
        assert_eq!(total(&rules, H, "KH KH QH QH"), 240);
        assert_eq!(total(&rules, H, "AH TH KH KH QH QH JH"), 390);
        // a double rope is still better as a double rope
        assert_eq!(total(&rules, H, "AH AH TH TH KH KH QH QH JH JH"), 1500);
        let r = best_meld(&rules, &hand("AH TH KH KH QH QH JH"), H);
        assert_eq!(r.melds.len(), 1);
        assert_eq!(r.melds[0].kind, MeldKind::RunWithDoubleRoyal);
        assert_eq!(r.melds[0].cards.len(), 7);
        // no trump: no double royal
        assert_eq!(total(&rules, None, "KH KH QH QH"), 40);
    }

    #[test]
    fn bison_without_double_bonuses() {
        let mut rules = preset(PresetId::Bison);
        rules.meld.double_bonuses = false;
        assert_eq!(total(&rules, H, "AH AH TH TH KH KH QH QH JH JH"), 300);
        assert_eq!(total(&rules, H, "QS QS JD JD"), 80);
        assert_eq!(total(&rules, H, "AS AH AD AC AS AH AD AC"), 200);
    }

    #[test]
    fn club_table_and_linear_doubles() {
        check_table(
            PresetId::Club,
            &[
                ("AH TH KH QH JH", 150), // royal marriage not when part of the flush
                ("9H", 10),
                ("9H 9H", 20),
                ("KS QS", 20),
                ("KS KS QS QS", 40),
                ("KH QH", 40),
                ("QS JD", 40),
                ("QS QS JD JD", 80),
                (AROUND_A, 100),
                (AROUND_K, 80),
                ("QS QH QD QC", 60),
                ("JS JH JD JC", 40),
                ("AH AH TH TH KH KH QH QH JH JH", 300),
            ],
        );
    }

    #[test]
    fn class_rule_lets_a_card_serve_in_each_class() {
        let rules = preset(PresetId::Brooklyn);
        // Q♠ in a spade marriage, the pinochle and queens around: 20 + 40 + 60
        let h = hand("KS QS JD QH QD QC");
        let r = best_meld(&rules, &h, H);
        assert_eq!(r.total, 120);
        let used = used_cards(&r);
        assert_eq!(used.get(Rank::Queen, Suit::Spades), 1);
        assert_eq!(used, h);
        // two kings and one queen: one marriage
        assert_eq!(total(&rules, H, "KS KS QS"), 20);
        assert_eq!(total(&rules, H, "KS QS QS"), 20);
        // a run in a plain suit is only its marriage
        assert_eq!(total(&rules, H, "AS TS KS QS JS"), 20);
        assert_eq!(total(&rules, S, "AS TS KS QS JS"), 150);
        // rope + aces: the trump ace serves in both
        assert_eq!(total(&rules, H, "AH TH KH QH JH AS AD AC"), 250);
    }

    #[test]
    fn without_trump_there_are_no_runs_royals_or_dix() {
        let rules = preset(PresetId::Brooklyn);
        assert_eq!(total(&rules, None, "AH TH KH QH JH 9H"), 20);
        let r = best_meld(&rules, &hand("KH QH"), None);
        assert_eq!(r.melds[0].kind, MeldKind::Marriage);
        assert_eq!(r.melds[0].name, "Marriage in hearts");
    }

    #[test]
    fn odd_hands_never_panic() {
        for p in PresetId::ALL {
            let mut rules = preset(p);
            rules.meld.roundhouse = Some(Roundhouse {
                value: 240,
                with_run: 390,
                double: Some(500),
            });
            rules.meld.double_royal = Some(DoubleRoyal {
                value: 240,
                with_run: 390,
            });
            let mut all = CardCounts::EMPTY;
            for n in [0u8, 1, 4, 7, 200, 255] {
                all.0 = [n; 24];
                for trump in [None, H, S] {
                    let r = best_meld(&rules, &all, trump);
                    assert_eq!(r.total, meld_total(&rules, &all, trump));
                    let _ = used_cards(&r);
                    let _ = in_complete_meld(&rules, &all);
                }
            }
            // four copies under a single-deck table
            let h = hand("AS AS AS AS AH AH AH AH AD AD AD AD AC AC AC AC");
            assert!(meld_total(&rules, &h, H) > 0);
        }
    }

    #[test]
    fn used_cards_takes_the_max_over_classes() {
        let rules = preset(PresetId::DoubleDeck);
        let h = hand("AH TH KH KH KH QH QH JH KS KS QS QS QD QD JD QC QC");
        let r = best_meld(&rules, &h, H);
        let used = used_cards(&r);
        // one heart king is spare
        assert_eq!(used.get(Rank::King, Suit::Hearts), 2);
        assert_eq!(used.get(Rank::Queen, Suit::Spades), 2);
        assert_eq!(used.get(Rank::Jack, Suit::Diamonds), 1);
        assert_eq!(used.len(), h.len() - 1);
    }

    #[test]
    fn validate_shown_accepts_subsets_and_explains_errors() {
        let rules = preset(PresetId::Club);
        let h = hand("AH TH KH QH JH 9H KS QS JD QD QC QH");
        let key = |kind, suit, copies| MeldKey { kind, suit, copies };
        let ok = validate_shown(
            &rules,
            &h,
            H,
            &[
                key(MeldKind::Run, H, 1),
                key(MeldKind::Pinochle, None, 1),
                key(MeldKind::Queens, None, 1),
            ],
        )
        .unwrap();
        assert_eq!(ok.total, 250);
        assert_eq!(validate_shown(&rules, &h, H, &[]).unwrap().total, 0);
        // a royal marriage inside the shown run: the K Q are used twice in class I
        let err = validate_shown(
            &rules,
            &h,
            H,
            &[key(MeldKind::Run, H, 1), key(MeldKind::RoyalMarriage, H, 1)],
        )
        .unwrap_err();
        assert!(matches!(
            err,
            MeldError::NotEnoughCards {
                class: MeldClass::Sequences,
                ..
            }
        ));
        assert!(err.to_string().contains("king of hearts"), "{err}");
        // runs only in trump
        let err = validate_shown(&rules, &h, H, &[key(MeldKind::Run, S, 1)]).unwrap_err();
        assert!(matches!(err, MeldError::NotTrumpSuit { .. }));
        // a marriage in trump is a royal marriage
        assert_eq!(
            validate_shown(&rules, &h, H, &[key(MeldKind::Marriage, H, 1)]),
            Err(MeldError::MarriageInTrump)
        );
        assert_eq!(
            validate_shown(&rules, &h, None, &[key(MeldKind::Dix, H, 1)]),
            Err(MeldError::NoTrump(MeldKind::Dix))
        );
        assert_eq!(
            validate_shown(&rules, &h, H, &[key(MeldKind::Pinochle, None, 2)])
                .unwrap_err()
                .to_string(),
            "the shown melds use the queen of spades 2 time(s) in class II (pinochles), but the hand holds 1"
        );
        assert_eq!(
            validate_shown(&rules, &h, H, &[key(MeldKind::Roundhouse, None, 1)]),
            Err(MeldError::NotInRules(MeldKind::Roundhouse))
        );
        assert_eq!(
            validate_shown(&rules, &h, H, &[key(MeldKind::Aces, None, 0)]),
            Err(MeldError::ZeroCopies(MeldKind::Aces))
        );
        // the queen of spades in three classes at once is fine
        assert!(validate_shown(
            &rules,
            &h,
            H,
            &[
                key(MeldKind::Marriage, S, 1),
                key(MeldKind::Pinochle, None, 1),
                key(MeldKind::Queens, None, 1)
            ]
        )
        .is_ok());
        // partnership: an extra king needs a run beside it
        let p = preset(PresetId::Partnership);
        let ph = hand("AH TH KH KH QH JH");
        assert!(matches!(
            validate_shown(&p, &ph, H, &[key(MeldKind::RunExtraKing, H, 1)]),
            Err(MeldError::NeedsRun { .. })
        ));
        assert_eq!(
            validate_shown(
                &p,
                &ph,
                H,
                &[key(MeldKind::Run, H, 1), key(MeldKind::RunExtraKing, H, 1)]
            )
            .unwrap()
            .total,
            190
        );
    }

    #[test]
    fn shown_subsets_lists_every_choice_best_first() {
        let rules = preset(PresetId::Club);
        let h = hand("QS QS JD JD KH QH");
        let sets = shown_subsets(&rules, &h, H);
        // pinochle 0..=2 copies × royal marriage 0..=1
        assert_eq!(sets.len(), 6);
        assert_eq!(
            sets[0],
            vec![
                MeldKey {
                    kind: MeldKind::RoyalMarriage,
                    suit: H,
                    copies: 1
                },
                MeldKey {
                    kind: MeldKind::Pinochle,
                    suit: None,
                    copies: 2
                }
            ]
        );
        assert!(sets.last().unwrap().is_empty());
        for s in &sets {
            assert!(validate_shown(&rules, &h, H, s).is_ok());
        }
        assert_eq!(shown_subsets(&rules, &CardCounts::EMPTY, H), vec![vec![]]);
    }

    #[test]
    fn nine_passing_rule() {
        let rules = preset(PresetId::Club);
        // every non-nine card in a meld (a run in a non-trump suit counts)
        let all_meld = hand("AS TS KS QS JS 9H 9C QH QD QC JD");
        assert!(may_pass_nine(&rules, &all_meld));
        let loose = hand("AS TS KS QS JS 9H AD");
        assert!(!may_pass_nine(&rules, &loose));
        let covered = in_complete_meld(&rules, &loose);
        assert_eq!(covered.get(Rank::Ace, Suit::Diamonds), 0);
        assert_eq!(covered.get(Rank::Ace, Suit::Spades), 1);
        assert_eq!(covered.get(Rank::Nine, Suit::Hearts), 0);
        // a spare king: K K Q of hearts
        assert!(!may_pass_nine(&rules, &hand("KH KH QH 9S")));
        // ... unless the second king sits in kings around
        assert!(may_pass_nine(
            &rules,
            &hand("KH KH QH KS QS KD QD KC QC 9S")
        ));
        // no nine restriction in other presets
        assert!(may_pass_nine(&preset(PresetId::Brooklyn), &loose));
    }

    #[test]
    fn has_marriage_needs_both() {
        let h = hand("KH QH KS QD");
        assert!(has_marriage(&h, Suit::Hearts));
        assert!(!has_marriage(&h, Suit::Spades));
        assert!(!has_marriage(&h, Suit::Diamonds));
    }

    #[test]
    fn serde_uses_kebab_case() {
        assert_eq!(
            serde_json::to_string(&MeldKind::RunWithRoundhouse).unwrap(),
            "\"run-with-roundhouse\""
        );
        let rules = preset(PresetId::Brooklyn);
        let r = best_meld(&rules, &hand("AH TH KH QH JH QS JD"), H);
        let text = serde_json::to_string(&r).unwrap();
        let back: MeldResult = serde_json::from_str(&text).unwrap();
        assert_eq!(back, r);
        assert!(text.contains("\"kind\":\"run\""), "{text}");
    }
}
