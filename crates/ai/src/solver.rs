//! Exact open-cards solver for the trick-play phase.
//!
//! A [`Position`] holds every hand face up (copy counts per distinct card), the
//! trick under way and its leader. [`Solver`] searches it with alpha-beta (one
//! wide window, or zero-window probes) and scores it in card points (trick
//! points and the last-trick bonus) taken from here on by the declarer's side.
//! Enhancements:
//!
//! * a transposition table keyed by a Zobrist hash of the hands and the leader,
//!   probed at trick starts, in buckets of four entries in one cache line
//!   (kept in order of tricks left, see `Bucket`); its entries stay valid across the worlds of
//!   one hand, so PIMC reuses it. Exact search hashes relative ranks (see
//!   `Relabel`), so positions that differ only in which cards were played
//!   share an entry: with the same value where the cards that took the
//!   played ones' places are worth the same, else with its bounds widened by
//!   what those cards' values differ by (`slack`);
//! * one move per group of equivalent cards: identical copies, and adjacent
//!   ranks of one suit held by the same player when nobody else still holds (or
//!   has put on the current trick) a card of the ranks between them and the two
//!   score the same;
//! * an exact dominance on top (exact search only): such cards of unequal
//!   value merge too when the side taking the trick is settled whatever the
//!   later players do — into the dearest when that side is the player's, else
//!   the cheapest (see `power_equivalent`);
//! * move ordering (the table's best lead first, then leads by the history
//!   heuristic, then sure winners, cheap winners, smears to a winning partner,
//!   cheap discards);
//! * quick bounds: no points left, the last trick played out directly, and at
//!   each trick start (exact search only) a floor for each side — its master
//!   trumps with the others' cheapest cards on them, the leader's sure tricks,
//!   and for a lone player not on lead holding a master trump, its top cards
//!   that cannot be ruffed (`quick_bounds`).
//! * the driver by the number of value units left (`FEW_UNITS`): with many
//!   (counting every point, as Brooklyn and the club do), one wide-window
//!   search, as principal variation search (the first move with the whole
//!   window, each later one tested with a null window first); with few,
//!   zero-window probes, which for a big position (`SEARCHED_GUESS_TRICKS`
//!   tricks left or more) start from a search one trick deep and gallop from
//!   it (1, 2, 4... units) before they bisect (`mtd`); `solve_moves` gallops
//!   from the last card's value; a card equivalent to the one before it
//!   takes that card's value unsearched;
//! * an optional node limit per call (`solve_within`, `solve_moves_within`,
//!   `reach_moves_within`): the players' budget, the same on every platform;
//! * threshold search (`reach_moves_within`): one zero-window search per card
//!   against a target, for games where only making the contract counts.
//!
//! Legal moves follow the rules' head rule exactly as the engine's
//! `legal_cards` does. For very large deals (the 80-card game) an optional trick
//! depth limit turns the search into a heuristic one: below the limit the rest of
//! the hand is estimated from each side's high cards and trumps.

use pinochle_engine::rules::{Counting, HeadRule};
use pinochle_engine::{Card, CardCounts, Rank, Suit};

/// Most players dealt in.
pub const MAX_PLAYERS: usize = 4;
const CARDS: usize = 24;
const NO_CARD: u8 = u8::MAX;
const INFINITY: i32 = 1 << 20;
/// An exact search with at most this many value units left (counters
/// counting, where a unit is 10 points, or a small endgame) narrows the value
/// by zero-window probes; with more (every point counting) one wide-window
/// search takes fewer nodes than the 8 to 14 probes. Nodes of exact solves of
/// positions from basic play (`solve_timing preset P 12 30000000 T`), one wide
/// window against probes: Brooklyn 13, 11, 10 and 9 tricks left +3 %, -47 %,
/// -7 %, -26 %, the club (2 positions) 11 and 10 left -61 % and -56 %; in
/// bison, with units of 10 points, it would add 7 % and 24 % at 11 and 10.
const FEW_UNITS: i32 = 64;
/// Tricks left from which an exact solve first searches one trick deep for
/// its first guess (below, the heuristic estimate is guess enough).
const SEARCHED_GUESS_TRICKS: u8 = 10;

/// Up to 24 distinct cards, on the stack.
#[derive(Clone, Copy, Debug)]
struct MoveList {
    cards: [u8; CARDS],
    len: usize,
}

impl MoveList {
    const EMPTY: MoveList = MoveList {
        cards: [NO_CARD; CARDS],
        len: 0,
    };

    fn push(&mut self, card: u8) {
        self.cards[self.len] = card;
        self.len += 1;
    }

    fn as_slice(&self) -> &[u8] {
        &self.cards[..self.len]
    }
}

/// Card index helpers: suit-major, rank low to high (as `Card::index`).
fn suit_of(card: u8) -> usize {
    SUIT_OF[card as usize] as usize
}
fn rank_of(card: u8) -> usize {
    RANK_OF[card as usize] as usize
}
/// `suit_of` and `rank_of` as tables (every `u8`, so no bounds check).
const SUIT_OF: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = (i / 6) as u8;
        i += 1;
    }
    t
};
const RANK_OF: [u8; 256] = {
    let mut t = [0u8; 256];
    let mut i = 0;
    while i < 256 {
        t[i] = (i % 6) as u8;
        i += 1;
    }
    t
};

/// The fixed parameters of a search: trump, head rule, card values and sides.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deal {
    /// Players dealt in, 3 or 4; play goes from player `i` to `i + 1`.
    pub players: usize,
    pub trump: Option<Suit>,
    pub head: HeadRule,
    pub counting: Counting,
    /// Which players count for the declarer's side.
    pub declarer_side: [bool; MAX_PLAYERS],
    /// Whether the last trick's bonus counts (a search for a bison
    /// defender's first counter card leaves it out).
    pub last_trick: bool,
}

impl Deal {
    fn key(&self) -> u64 {
        let trump = self.trump.map_or(7, |s| s.index() as u64);
        let head = self.head as u64;
        let counting = self.counting as u64;
        let sides = self
            .declarer_side
            .iter()
            .enumerate()
            .fold(0u64, |acc, (i, &d)| acc | (u64::from(d) << i));
        let last = u64::from(self.last_trick);
        mix(trump
            | head << 4
            | counting << 8
            | sides << 12
            | (self.players as u64) << 20
            | last << 24)
    }
}

/// Why a position could not be built.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// Players must be 3 or 4.
    Players(usize),
    /// The players to play this trick hold unequal numbers of cards.
    UnevenHands,
    /// A card count above what any deck holds.
    TooManyCopies,
    /// The trick under way is as long as a whole trick (or longer).
    TrickTooLong,
}

impl std::fmt::Display for PositionError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PositionError::Players(n) => write!(f, "{n} players: the solver plays 3 or 4"),
            PositionError::UnevenHands => {
                f.write_str("hands are not of a size a trick could leave")
            }
            PositionError::TooManyCopies => f.write_str("more than 4 copies of a card"),
            PositionError::TrickTooLong => f.write_str("the trick under way is already complete"),
        }
    }
}

impl std::error::Error for PositionError {}

/// Every hand face up, the trick under way and who led it.
///
/// (`repr(C)`, the small fields first: the search copies a position for
/// each card and at once reads the trick and the leader back, which then
/// sit in the copy's first store; with the compiler's order they sat at its
/// end and each read waited for the whole copy, about 6–10% of the search.)
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C)]
pub struct Position {
    hash: u64,
    players: u8,
    trick_len: u8,
    leader: u8,
    trick: [u8; MAX_PLAYERS],
    held: [u8; MAX_PLAYERS],
    /// Cards of each rank left in all hands (not the trick under way).
    rank_left: [u8; 6],
    /// Per player and suit, bit `r` set when the player holds a card of rank `r`.
    masks: [[u8; 4]; MAX_PLAYERS],
    suit_len: [[u8; 4]; MAX_PLAYERS],
    hands: [[u8; CARDS]; MAX_PLAYERS],
}

impl Position {
    /// Hands in play order (player 0 to players-1), the cards of the trick under
    /// way in play order and the player who led it (or leads next).
    pub fn new(
        hands: &[CardCounts],
        trick: &[Card],
        leader: usize,
    ) -> Result<Position, PositionError> {
        let players = hands.len();
        if !(3..=MAX_PLAYERS).contains(&players) {
            return Err(PositionError::Players(players));
        }
        if trick.len() >= players {
            return Err(PositionError::TrickTooLong);
        }
        let mut pos = Position {
            players: players as u8,
            hands: [[0; CARDS]; MAX_PLAYERS],
            suit_len: [[0; 4]; MAX_PLAYERS],
            masks: [[0; 4]; MAX_PLAYERS],
            rank_left: [0; 6],
            held: [0; MAX_PLAYERS],
            trick: [NO_CARD; MAX_PLAYERS],
            trick_len: trick.len() as u8,
            leader: (leader % players) as u8,
            hash: 0,
        };
        for (p, hand) in hands.iter().enumerate() {
            for (c, &n) in hand.0.iter().enumerate() {
                if n > 4 {
                    return Err(PositionError::TooManyCopies);
                }
                pos.hands[p][c] = n;
                pos.suit_len[p][c / 6] += n;
                pos.held[p] += n;
                pos.rank_left[c % 6] += n;
                if n > 0 {
                    pos.masks[p][c / 6] |= 1 << (c % 6);
                }
            }
        }
        for (i, card) in trick.iter().enumerate() {
            pos.trick[i] = card.index() as u8;
        }
        // The leader holds k cards; players still to play this trick hold one more.
        let after = pos.held[pos.leader as usize];
        for i in 0..players {
            let p = (pos.leader as usize + i) % players;
            let not_yet = !trick.is_empty() && i >= trick.len();
            if pos.held[p] != after + u8::from(not_yet) {
                return Err(PositionError::UnevenHands);
            }
        }
        pos.hash = pos.full_hash();
        Ok(pos)
    }

    pub fn players(&self) -> usize {
        self.players as usize
    }

    /// The player `k` places after the leader (`k` below the player count).
    fn seat(&self, k: usize) -> usize {
        let p = self.leader as usize + k;
        if p >= self.players as usize {
            p - self.players as usize
        } else {
            p
        }
    }

    /// The player who led the trick under way (or leads the next).
    pub fn leader(&self) -> usize {
        self.leader as usize
    }

    /// The player to play next.
    pub fn to_move(&self) -> usize {
        self.seat(self.trick_len as usize)
    }

    /// Cards left in all hands.
    pub fn cards_left(&self) -> usize {
        self.held.iter().map(|&n| n as usize).sum()
    }

    /// A player's hand.
    pub fn hand(&self, player: usize) -> CardCounts {
        CardCounts(self.hands[player % MAX_PLAYERS])
    }

    /// The trick under way, in play order.
    pub fn trick(&self) -> Vec<Card> {
        self.trick[..self.trick_len as usize]
            .iter()
            .map(|&c| Card::from_index(c as usize))
            .collect()
    }

    /// Hash of the hands and the leader. The trick under way is left out: the
    /// table is probed only at trick starts, where it is empty.
    fn full_hash(&self) -> u64 {
        let mut h = ZOBRIST_LEADER[self.leader as usize];
        for p in 0..self.players as usize {
            for c in 0..CARDS {
                h ^= zobrist(p, c, self.hands[p][c]);
            }
        }
        h
    }

    /// The ranks still held in some hand, six bits per suit.
    fn held_ranks(&self) -> u32 {
        (0..4).fold(0, |all, s| {
            let suit = (0..self.players as usize).fold(0u8, |m, p| m | self.masks[p][s]);
            all | u32::from(suit) << (6 * s)
        })
    }

    /// Index in the trick of the card winning it so far.
    fn winning_slot(&self, trump: Option<usize>) -> usize {
        let mut best = 0;
        for i in 1..self.trick_len as usize {
            if beats(self.trick[i], self.trick[best], trump) {
                best = i;
            }
        }
        best
    }

    /// The distinct legal cards of the player to move (card indices, suit-major,
    /// rank high to low) — the engine's `legal_cards` on this hand and trick.
    fn legal(&self, deal: &Deal) -> MoveList {
        let mut out = MoveList::EMPTY;
        let me = self.to_move();
        let trump = deal.trump.map(Suit::index);
        let masks = &self.masks[me];
        let push_suit = |out: &mut MoveList, suit: usize, above: Option<usize>| {
            let mut m = masks[suit];
            if let Some(a) = above {
                m &= !((2u8 << a) - 1);
            }
            while m != 0 {
                let r = 7 - m.leading_zeros() as usize;
                out.push((suit * 6 + r) as u8);
                m &= !(1 << r);
            }
        };
        if self.trick_len == 0 {
            for s in 0..4 {
                push_suit(&mut out, s, None);
            }
            return out;
        }
        let led = suit_of(self.trick[0]);
        let win = self.trick[self.winning_slot(trump)];
        let win_suit = suit_of(win);
        let win_rank = rank_of(win);
        let highest =
            |suit: usize| (masks[suit] != 0).then(|| 7 - masks[suit].leading_zeros() as usize);
        if self.suit_len[me][led] > 0 {
            // The rank to beat, when the head rule asks to beat a card of the led suit.
            let target = match deal.head {
                HeadRule::TrumpLed => (trump == Some(led)).then_some(win_rank),
                HeadRule::Always => (win_suit == led).then_some(win_rank),
                // The best card of the led suit, even when a trump is winning.
                HeadRule::Strict => self.trick[..self.trick_len as usize]
                    .iter()
                    .filter(|&&c| suit_of(c) == led)
                    .map(|&c| rank_of(c))
                    .max(),
                HeadRule::Never => None,
            };
            let beat = target.filter(|&t| highest(led).is_some_and(|r| r > t));
            push_suit(&mut out, led, beat);
            return out;
        }
        if let Some(t) = trump {
            if self.suit_len[me][t] > 0 {
                let must_beat =
                    matches!(deal.head, HeadRule::Always | HeadRule::Strict) && win_suit == t;
                let can_beat = highest(t).is_some_and(|r| r > win_rank);
                push_suit(&mut out, t, (must_beat && can_beat).then_some(win_rank));
                return out;
            }
        }
        for s in 0..4 {
            push_suit(&mut out, s, None);
        }
        out
    }

    /// The distinct legal cards of the player to move, in hand order.
    pub fn legal_cards(&self, deal: &Deal) -> Vec<Card> {
        self.legal(deal)
            .as_slice()
            .iter()
            .map(|&c| Card::from_index(c as usize))
            .collect()
    }

    fn remove(&mut self, player: usize, card: u8) {
        let c = card as usize;
        let n = self.hands[player][c];
        self.hash ^= zobrist(player, c, n) ^ zobrist(player, c, n - 1);
        self.hands[player][c] = n - 1;
        if n == 1 {
            self.masks[player][suit_of(card)] &= !(1 << rank_of(card));
        }
        self.rank_left[rank_of(card)] -= 1;
        self.suit_len[player][suit_of(card)] -= 1;
        self.held[player] -= 1;
    }

    fn set_leader(&mut self, leader: u8) {
        self.hash ^= ZOBRIST_LEADER[self.leader as usize] ^ ZOBRIST_LEADER[leader as usize];
        self.leader = leader;
    }
}

/// Per suit, the ranks that someone other than the player to move holds or
/// has put on the trick under way.
fn others_ranks(pos: &Position) -> [u8; 4] {
    let me = pos.to_move();
    let mut others = [0u8; 4];
    for p in (0..pos.players as usize).filter(|&p| p != me) {
        for (ranks, &mask) in others.iter_mut().zip(&pos.masks[p]) {
            *ranks |= mask;
        }
    }
    for &c in &pos.trick[..pos.trick_len as usize] {
        others[suit_of(c)] |= 1 << rank_of(c);
    }
    others
}

/// Whether `lower` (below `card` in the same suit) has the same power as it:
/// nobody else holds, or has on the trick, a card of the ranks between them.
/// Such cards compare alike with every other card left, so the rest of the
/// game goes alike after either; only their values differ. For the trick's
/// last card that settles it: whichever is played, the same side takes this
/// trick, and the one kept is worth its value to whoever takes the trick it
/// falls on later. So when this trick is the player's side's, playing the
/// dearer card is never worse (its extra value is banked now rather than maybe
/// lost later), and when it is the other side's, the cheaper one is never worse.
fn power_equivalent(lower: u8, card: u8, others: &[u8; 4]) -> bool {
    if suit_of(lower) != suit_of(card) {
        return false;
    }
    others[suit_of(card)] & ranks_between(lower, card) == 0
}

/// Rank bits from `lower`'s rank to `card`'s, both included.
fn ranks_between(lower: u8, card: u8) -> u8 {
    (2u8 << rank_of(card)).wrapping_sub(1 << rank_of(lower))
}

/// Whether card `a` beats the winning card `w` (strict; as the engine's `beats`).
fn beats(a: u8, w: u8, trump: Option<usize>) -> bool {
    if suit_of(a) == suit_of(w) {
        rank_of(a) > rank_of(w)
    } else {
        Some(suit_of(a)) == trump
    }
}

const fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

const ZOBRIST_LEADER: [u64; MAX_PLAYERS] = [mix(1001), mix(1002), mix(1003), mix(1004)];

/// Hash contribution of `player` holding `count` copies of card `card`.
fn zobrist(player: usize, card: usize, count: u8) -> u64 {
    if count == 0 {
        0
    } else {
        ZOBRIST[(player * CARDS + card) * 4 + (count as usize - 1)]
    }
}

const ZOBRIST: [u64; MAX_PLAYERS * CARDS * 4] = {
    let mut table = [0u64; MAX_PLAYERS * CARDS * 4];
    let mut i = 0;
    while i < table.len() {
        table[i] = mix(0x5EED_0000 + i as u64);
        i += 1;
    }
    table
};

/// Relative ranks at a trick start: in each suit the ranks still held move
/// up to the top, keeping their order. Positions so relabelled alike play
/// alike (the same cards beat each other, the same cards are legal), so they
/// share one table entry; their values differ only by what corresponding
/// cards are worth (see `Solver::slack`), and not at all when only cards of
/// equal value took each other's places. Exact search only: the
/// depth-limited estimate looks at absolute ranks.
struct Relabel {
    /// Hash of the relabelled hands and the leader.
    hash: u64,
    to_canonical: [[u8; 6]; 4],
    to_actual: [[u8; 6]; 4],
}

impl Relabel {
    fn canonical(&self, card: u8) -> u8 {
        let s = suit_of(card);
        (s * 6) as u8 + self.to_canonical[s][rank_of(card)]
    }

    fn actual(&self, card: u8) -> u8 {
        let s = suit_of(card);
        (s * 6) as u8 + self.to_actual[s][rank_of(card)]
    }
}

/// The trick under way as move ordering sees it.
struct OrderContext {
    trump: Option<usize>,
    /// The card winning the trick so far (`None` at a lead).
    win: Option<u8>,
    /// The player to move is on the side winning the trick so far.
    my_side_wins: bool,
    /// The player to move plays the trick's last card.
    last: bool,
}

/// Bits of a table tag that hold the ranks still held (six per suit).
const HELD_BITS: u32 = 24;

/// A table tag: the position's key above `HELD_BITS`, the ranks it still
/// holds below (so an entry stays 16 bytes).
fn tag(key: u64, held: u32) -> u64 {
    (key & !((1 << HELD_BITS) - 1)) | u64::from(held)
}

/// One transposition-table slot: bounds on the declarer side's future points
/// (in value units) from a trick start, the best lead, and the trick depth the
/// bounds were searched to (`EXACT_DEPTH`: to the end of the hand).
#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    /// See [`tag`].
    tag: u64,
    lower: i16,
    upper: i16,
    best: u8,
    depth: u8,
    /// Tricks left at the position: bigger subtrees keep the first slot.
    left: u8,
}

impl Entry {
    /// Whether the entry stores a position relabelled as `key` (hashed alike).
    fn holds(&self, key: u64) -> bool {
        (self.tag ^ key) >> HELD_BITS == 0
    }

    /// The ranks still held at the stored position.
    fn held(&self) -> u32 {
        (self.tag & ((1 << HELD_BITS) - 1)) as u32
    }
}

const EXACT_DEPTH: u8 = u8::MAX;

/// Entries per bucket: a bucket fills one 64-byte cache line.
const BUCKET: usize = 4;

/// The table's entries for one hash, most tricks left first (among equals,
/// the newest first); a new position goes in before the first entry with no
/// more tricks left than it, and the last drops out.
#[derive(Clone, Copy, Debug, Default)]
#[repr(align(64))]
struct Bucket([Entry; BUCKET]);

/// Search effort of the last call.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchStats {
    pub nodes: u64,
    /// Searches from the root: the zero-window probes, or the one
    /// wide-window search (per card, for the values of every card).
    pub probes: u64,
}

/// The solver: card values, the transposition table and counters. Reuse one
/// solver for every world of a hand so the table carries over.
#[derive(Clone, Debug)]
pub struct Solver {
    deal: Deal,
    deal_key: u64,
    /// Card value per rank, divided by `unit`.
    values: [i32; 6],
    /// Ranks from the lowest card value to the highest.
    by_value: [usize; 6],
    /// Per side (defenders, declarer's), its player when it has only one.
    lone: [Option<usize>; 2],
    last_bonus: i32,
    /// Greatest common divisor of the card values and the bonus: the search
    /// works in these units so its zero-window probes take fewer steps.
    unit: i32,
    table: Vec<Bucket>,
    /// Buckets less one (their number is a power of two).
    mask: usize,
    nodes: u64,
    /// Tricks searched below the root before the heuristic estimate takes over.
    depth_limit: Option<u8>,
    root_tricks: u8,
    probes: u64,
    /// Nodes one call may visit before it gives up (`None`: no limit).
    node_limit: Option<u64>,
    /// Tricks left from which `solve_within` guesses by a shallow search and
    /// gallops (`SEARCHED_GUESS_TRICKS`; tests lower it).
    searched_guess_tricks: u8,
    /// The last call hit the node limit; its result is meaningless.
    aborted: bool,
    /// History heuristic for leads: per player and card, the cutoffs it caused
    /// at trick starts, weighted by the tricks left (reset by each call).
    history: [[i32; CARDS]; MAX_PLAYERS],
}

fn gcd(a: i32, b: i32) -> i32 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

impl Solver {
    /// A solver with a transposition table of `2^table_bits` entries (16 bytes each).
    pub fn new(deal: Deal, table_bits: u32) -> Solver {
        let raw: Vec<i32> = Rank::ALL
            .iter()
            .map(|&r| deal.counting.value(r) as i32)
            .collect();
        let bonus = if deal.last_trick {
            deal.counting.last_trick() as i32
        } else {
            0
        };
        let unit = raw.iter().fold(bonus, |g, &v| gcd(g, v)).max(1);
        let mut values = [0; 6];
        for (i, v) in raw.iter().enumerate() {
            values[i] = v / unit;
        }
        let size = 1usize << table_bits.clamp(8, 28);
        let mut by_value = [0, 1, 2, 3, 4, 5];
        by_value.sort_by_key(|&r| values[r]);
        let lone = [false, true].map(|side| {
            let mut players = (0..deal.players).filter(|&p| deal.declarer_side[p] == side);
            match (players.next(), players.next()) {
                (Some(p), None) => Some(p),
                _ => None,
            }
        });
        Solver {
            deal_key: deal.key(),
            deal,
            values,
            by_value,
            lone,
            last_bonus: bonus / unit,
            unit,
            table: vec![Bucket::default(); size / BUCKET],
            mask: size / BUCKET - 1,
            nodes: 0,
            depth_limit: None,
            root_tricks: 0,
            probes: 0,
            node_limit: None,
            searched_guess_tricks: SEARCHED_GUESS_TRICKS,
            aborted: false,
            history: [[0; CARDS]; MAX_PLAYERS],
        }
    }

    pub fn deal(&self) -> &Deal {
        &self.deal
    }

    /// Limits the search to this many tricks below the root (then the heuristic
    /// estimate); `None` searches to the end of the hand (exact).
    pub fn set_depth_limit(&mut self, tricks: Option<u8>) {
        self.depth_limit = tricks;
    }

    /// Caps the nodes of each later call (`solve_within`, `solve_moves_within`);
    /// `None` lifts the cap. A capped call stores only completed subtrees in the
    /// table, so the table stays sound.
    pub fn set_node_limit(&mut self, nodes: Option<u64>) {
        self.node_limit = nodes;
    }

    /// Forgets every stored position.
    pub fn clear(&mut self) {
        self.table.fill(Bucket::default());
    }

    pub fn stats(&self) -> SearchStats {
        SearchStats {
            nodes: self.nodes,
            probes: self.probes,
        }
    }

    /// Card points the declarer's side takes from here on with best play by all
    /// (ignores the node limit).
    pub fn solve(&mut self, pos: &Position) -> i32 {
        let limit = self.node_limit.take();
        let v = self.solve_within(pos);
        self.node_limit = limit;
        v.unwrap_or(0)
    }

    /// As [`Solver::solve`], or `None` when the node limit was hit first.
    pub fn solve_within(&mut self, pos: &Position) -> Option<i32> {
        self.start(pos);
        let v = if self.wide_window(pos) {
            self.whole_window(pos)
        } else if self.depth_limit.is_none() && self.tricks_left(pos) >= self.searched_guess_tricks
        {
            let guess = self.searched_guess(pos);
            self.mtd(pos, guess, true)
        } else {
            self.mtd(pos, self.guess(pos), false)
        };
        (!self.aborted).then_some(v * self.unit)
    }

    /// The value (as [`Solver::solve`]) after each distinct legal card of the
    /// player to move, in hand order (ignores the node limit).
    pub fn solve_moves(&mut self, pos: &Position) -> Vec<(Card, i32)> {
        let limit = self.node_limit.take();
        let v = self.solve_moves_within(pos);
        self.node_limit = limit;
        v.unwrap_or_default()
    }

    /// As [`Solver::solve_moves`], or `None` when the node limit was hit first.
    pub fn solve_moves_within(&mut self, pos: &Position) -> Option<Vec<(Card, i32)>> {
        self.start(pos);
        let mut guess = self.guess(pos);
        self.value_each_move(pos, |solver, child, gained| {
            if solver.wide_window(child) {
                return gained + solver.whole_window(child);
            }
            // Few value units left (counters): the last card's value is a
            // close guess, so gallop from it rather than bisect.
            let gallop = solver.remaining_points(child) <= FEW_UNITS;
            let v = gained + solver.mtd(child, guess - gained, gallop);
            guess = v;
            v
        })
    }

    /// Whether the declarer's side can take at least `target` more card points,
    /// after each distinct legal card (hand order): one zero-window search per
    /// card instead of an exact solve. Each value is a bound that lies on the
    /// same side of `target` as the exact value (at least `target` when the
    /// target is reached, below it otherwise). `None` when the node limit was
    /// hit first.
    pub fn reach_moves_within(&mut self, pos: &Position, target: i32) -> Option<Vec<(Card, i32)>> {
        self.start(pos);
        // Card values are multiples of `unit`: reaching `target` points means
        // reaching its ceiling in units.
        let need = target.div_euclid(self.unit) + i32::from(target.rem_euclid(self.unit) != 0);
        self.value_each_move(pos, |solver, child, gained| {
            solver.probes += 1;
            gained + solver.search(child, need - gained - 1, need - gained)
        })
    }

    /// Whether the declarer's side takes at least `target` more card points
    /// from `pos` with best play by all: one zero-window search (the
    /// threshold form of [`Solver::solve`]), `None` when the node limit was
    /// hit first.
    pub fn reaches_within(&mut self, pos: &Position, target: i32) -> Option<bool> {
        self.start(pos);
        // Card values are multiples of `unit` (see `reach_moves_within`).
        let need = target.div_euclid(self.unit) + i32::from(target.rem_euclid(self.unit) != 0);
        self.probes += 1;
        let v = self.search(pos, need - 1, need);
        (!self.aborted).then_some(v >= need)
    }

    /// Each distinct legal card of the player to move (hand order) with its
    /// value in points: `value(solver, child, gained)` gives it in value units
    /// for the position after the card, `gained` being what the card's trick
    /// gave the declarer's side. In an exact search a card equivalent to the
    /// card before it (see `Solver::equivalent`) plays alike to the end of the
    /// hand, so it takes that card's value unsearched. `None` when the node
    /// limit was hit.
    fn value_each_move(
        &mut self,
        pos: &Position,
        mut value: impl FnMut(&mut Solver, &Position, i32) -> i32,
    ) -> Option<Vec<(Card, i32)>> {
        let moves = pos.legal(&self.deal);
        let moves = moves.as_slice();
        let others = others_ranks(pos);
        let mut out: Vec<(Card, i32)> = Vec::with_capacity(moves.len());
        for (i, &m) in moves.iter().enumerate() {
            let card = Card::from_index(m as usize);
            // (`out` holds the values of `moves[..i]`.)
            if i > 0 && self.depth_limit.is_none() && self.equivalent(m, moves[i - 1], &others) {
                out.push((card, out[i - 1].1));
                continue;
            }
            let mut child = *pos;
            let gained = self.play(&mut child, m);
            let v = value(self, &child, gained);
            if self.aborted {
                return None;
            }
            out.push((card, v * self.unit));
        }
        Some(out)
    }

    fn start(&mut self, pos: &Position) {
        self.nodes = 0;
        self.probes = 0;
        self.aborted = false;
        self.history = [[0; CARDS]; MAX_PLAYERS];
        self.root_tricks = self.tricks_left(pos);
    }

    /// Whether an exact value is found by one wide-window search rather
    /// than zero-window probes (see `FEW_UNITS`).
    fn wide_window(&self, pos: &Position) -> bool {
        self.depth_limit.is_none() && self.remaining_points(pos) > FEW_UNITS
    }

    /// The exact value by one search over every value the position can have.
    fn whole_window(&mut self, pos: &Position) -> i32 {
        self.probes += 1;
        self.search(pos, -1, self.remaining_points(pos) + 1)
    }

    fn tricks_left(&self, pos: &Position) -> u8 {
        pos.held[pos.leader as usize]
    }

    /// A first guess for MTD(f): the heuristic estimate.
    fn guess(&self, pos: &Position) -> i32 {
        self.estimate(pos)
    }

    /// A first guess for the exact search of a big position: the value of a
    /// search one trick deep (the heuristic estimate below it). Its table
    /// entries are marked with their depth, so the exact search takes from
    /// them only the best leads.
    fn searched_guess(&mut self, pos: &Position) -> i32 {
        let guess = self.guess(pos);
        self.depth_limit = Some(1);
        let v = self.mtd(pos, guess, false);
        self.depth_limit = None;
        v
    }

    /// Zero-window searches that narrow the interval of possible values,
    /// starting from `guess`. Without `gallop`, each probe halves the interval
    /// (MTD with bisection: fewer probes than MTD(f) when the value unit is
    /// small). With `gallop` (for a guess close to the value), while every
    /// probe has failed on the same side the next one steps away from the last
    /// bound by 1, 2, 4... units, bisecting only once the value is bracketed.
    fn mtd(&mut self, pos: &Position, guess: i32, mut gallop: bool) -> i32 {
        let mut lower = 0;
        let mut upper = self.remaining_points(pos);
        let mut beta = guess.clamp(lower + 1, upper.max(lower + 1));
        let mut step = 1;
        // Whether the probes so far all failed high (`Some(true)`) or all low.
        let mut side = None;
        while lower < upper && !self.aborted {
            self.probes += 1;
            let g = self.search(pos, beta - 1, beta);
            let high = g >= beta;
            if high {
                lower = g;
            } else {
                upper = g;
            }
            beta = lower + (upper - lower + 1) / 2;
            if side.is_some_and(|s| s != high) {
                gallop = false;
            }
            if gallop {
                if side.is_some() {
                    step *= 2;
                }
                side = Some(high);
                beta = if high {
                    (lower + step).min(upper)
                } else {
                    (upper - step + 1).max(lower + 1)
                };
            }
        }
        lower
    }

    /// Points left to take from this position (hands, the trick under way and the
    /// last-trick bonus), in value units.
    fn remaining_points(&self, pos: &Position) -> i32 {
        let mut total = self.last_bonus;
        for r in 0..6 {
            total += pos.rank_left[r] as i32 * self.values[r];
        }
        for &c in &pos.trick[..pos.trick_len as usize] {
            total += self.values[rank_of(c)];
        }
        total
    }

    /// Plays `card` for the player to move; if that completes the trick, scores
    /// it and returns the declarer side's gain from it.
    fn play(&self, pos: &mut Position, card: u8) -> i32 {
        let me = pos.to_move();
        pos.remove(me, card);
        pos.trick[pos.trick_len as usize] = card;
        pos.trick_len += 1;
        if pos.trick_len < pos.players {
            return 0;
        }
        let trump = self.deal.trump.map(Suit::index);
        let slot = pos.winning_slot(trump);
        let winner = pos.seat(slot);
        let mut points: i32 = pos.trick[..pos.players as usize]
            .iter()
            .map(|&c| self.values[rank_of(c)])
            .sum();
        if pos.held[0] == 0 {
            points += self.last_bonus;
        }
        pos.trick = [NO_CARD; MAX_PLAYERS];
        pos.trick_len = 0;
        pos.set_leader(winner as u8);
        if self.deal.declarer_side[winner] {
            points
        } else {
            0
        }
    }

    /// Alpha-beta (fail-soft) on the declarer side's future points.
    fn search(&mut self, pos: &Position, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        if self.node_limit.is_some_and(|n| self.nodes > n) {
            self.aborted = true;
            return 0;
        }
        let at_trick_start = pos.trick_len == 0;
        // Points left to take (value units), known at trick starts.
        let mut remaining = 0;
        let mut tt_best = NO_CARD;
        let mut need_depth = EXACT_DEPTH;
        if at_trick_start {
            let left = pos.held[pos.leader as usize];
            if left == 0 {
                return 0;
            }
            if left == 1 {
                return self.play_out_last_trick(pos);
            }
            if let Some(limit) = self.depth_limit {
                let done = self.root_tricks.saturating_sub(left);
                if done >= limit {
                    return self.estimate(pos);
                }
                need_depth = limit - done;
            }
            remaining = self.remaining_points(pos);
            if remaining <= alpha {
                return remaining;
            }
            if beta <= 0 {
                return 0;
            }
        } else if let Some(limit) = self.depth_limit {
            let left = pos.held[pos.leader as usize] + 1;
            need_depth = limit.saturating_sub(self.root_tricks.saturating_sub(left));
        }
        // (Mid-trick nodes neither probe nor store: the table is for trick starts.)
        let use_table = at_trick_start;
        // Exact search keys positions by relative ranks (see `Relabel`).
        // (Depth-limited searches key positions by absolute ranks but may
        // read an exact search's entry of a position relabelled to this one.)
        let held = if use_table { pos.held_ranks() } else { 0 };
        let relabel = (use_table && self.depth_limit.is_none()).then(|| self.relabel(pos, held));
        let key = relabel.as_ref().map_or(pos.hash, |r| r.hash) ^ self.deal_key;
        let bucket = (key as usize) & self.mask;
        let e = if use_table {
            let entries = &self.table[bucket].0;
            entries
                .iter()
                .find(|e| e.holds(key))
                .copied()
                .unwrap_or_default()
        } else {
            Entry::default()
        };
        if use_table && e.holds(key) {
            if e.depth >= need_depth {
                let (mut lo, mut up) = (e.lower as i32, e.upper as i32);
                if held != e.held() {
                    let (less, more) = self.slack(pos, held, e.held());
                    lo = (lo - less).max(0);
                    up = (up + more).min(remaining);
                }
                if lo >= beta {
                    return lo;
                }
                if up <= alpha {
                    return up;
                }
                if lo == up {
                    // Exact: narrowing to it would leave an empty window.
                    return lo;
                }
                alpha = alpha.max(lo);
                beta = beta.min(up);
            }
            tt_best = match &relabel {
                Some(r) if e.best != NO_CARD => r.actual(e.best),
                _ => e.best,
            };
        }
        if at_trick_start && self.depth_limit.is_none() {
            // (Inside the table's bounds a cut here is still fail-soft sound:
            // the value lies within them.)
            let (lo, up) = self.quick_bounds(pos, remaining, alpha, beta);
            if lo >= beta {
                return lo;
            }
            if up <= alpha {
                return up;
            }
        }
        let (alpha0, beta0) = (alpha, beta);
        let me = pos.to_move();
        let maximizing = self.deal.declarer_side[me];
        let moves = self.ordered_moves(pos, tt_best);
        let mut best = if maximizing { -INFINITY } else { INFINITY };
        let mut best_move = NO_CARD;
        for (i, &m) in moves.as_slice().iter().enumerate() {
            let mut child = *pos;
            let gained = self.play(&mut child, m);
            let v = if i > 0 && beta - alpha > 1 {
                // Principal variation search: a later move is tested first
                // with a null window at the bound it has to beat, and
                // searched again inside the window only when it beats it.
                let bound = if maximizing { alpha } else { beta - 1 };
                let test = gained + self.search(&child, bound - gained, bound + 1 - gained);
                if self.aborted {
                    return 0;
                }
                if alpha < test && test < beta {
                    let (a, b) = if maximizing {
                        (test, beta)
                    } else {
                        (alpha, test)
                    };
                    gained + self.search(&child, a - gained, b - gained)
                } else {
                    test
                }
            } else {
                gained + self.search(&child, alpha - gained, beta - gained)
            };
            if self.aborted {
                return 0;
            }
            if maximizing {
                if v > best {
                    best = v;
                    best_move = m;
                }
                alpha = alpha.max(v);
            } else {
                if v < best {
                    best = v;
                    best_move = m;
                }
                beta = beta.min(v);
            }
            if alpha >= beta {
                if at_trick_start {
                    let h = &mut self.history[me][m as usize];
                    *h = (*h + (1 << pos.held[me].min(15))).min(1 << 18);
                }
                break;
            }
        }
        if use_table {
            let left = pos.held[pos.leader as usize];
            let entries = &mut self.table[bucket].0;
            let slot = match entries.iter().position(|e| e.holds(key)) {
                Some(i) => i,
                None => {
                    // Before the first entry with no more tricks left (the
                    // last entry drops out), else over the last.
                    let i = entries
                        .iter()
                        .position(|e| left >= e.left)
                        .unwrap_or(BUCKET - 1);
                    entries.copy_within(i..BUCKET - 1, i + 1);
                    i
                }
            };
            let e = &mut entries[slot];
            let (mut lower, mut upper) = if e.tag == tag(key, held) && e.depth == need_depth {
                (e.lower as i32, e.upper as i32)
            } else {
                (0, i16::MAX as i32)
            };
            if best <= alpha0 {
                upper = upper.min(best);
            } else if best >= beta0 {
                lower = lower.max(best);
            } else {
                lower = best;
                upper = best;
            }
            *e = Entry {
                tag: tag(key, held),
                lower: lower as i16,
                upper: upper as i16,
                best: match &relabel {
                    Some(r) if best_move != NO_CARD => r.canonical(best_move),
                    _ => best_move,
                },
                depth: need_depth,
                left,
            };
        }
        best
    }

    /// Sound bounds `(lower, upper)` on the declarer side's future points at a
    /// trick start (value units; `remaining` is `remaining_points(pos)`).
    ///
    /// * Master trumps: a trump strictly higher than every trump the other side
    ///   holds wins whatever trick it falls on (only a higher trump beats it,
    ///   and only its own side could hold one), so its value goes to its side.
    /// * The leader's sure tricks: leading a card of a suit at least as high as
    ///   every card of that suit anyone else holds wins the trick (ties go to
    ///   the card played first) unless a player void in the suit ruffs. The
    ///   leader leads its trumps of that kind first, then, per side suit, as many
    ///   such cards as every other player still holding a trump holds cards of
    ///   the suit (so none can be void by then; players without trumps never
    ///   ruff) — or all of them when its top trumps are at least as many as
    ///   any other player's trumps (leading them first draws every other
    ///   trump). Partners count as others too: a partner's overtaking card would
    ///   take the lead away. So the leader keeps the lead throughout, and the
    ///   others' top cards only get lower. When these tricks cover the rest of
    ///   the hand the leader's side takes everything.
    /// * The others' cards on those sure tricks go to the leader's side too:
    ///   each other player plays one card per trick, so at least its cheapest
    ///   cards — per suit led when it holds enough of every suit led to follow
    ///   all those tricks (then it never discards), else over its whole hand.
    ///   A partner's master trumps count as worth nothing there (they are in
    ///   the side's masters already).
    ///
    /// * The side not on lead: its master trumps, and the leader side's
    ///   cheapest cards on the tricks they take. When that side is one player
    ///   holding a master trump, also its top cards of the suits the leader's
    ///   side cannot ruff (`lone_winners_floor`).
    ///
    /// All card values are non-negative, so the points of those cards (each
    /// counted once) are a floor for their side; the other side's floor gives the
    /// declarer side's ceiling.
    ///
    /// Works lazily: once one bound settles the window `(alpha, beta)` the
    /// other is left at its trivial value (0 or `remaining`).
    #[allow(clippy::needless_range_loop)]
    fn quick_bounds(&self, pos: &Position, remaining: i32, alpha: i32, beta: i32) -> (i32, i32) {
        let n = pos.players as usize;
        let sides = &self.deal.declarer_side;
        let leader = pos.leader as usize;
        let ls = usize::from(sides[leader]);
        let mut side_mask = [[0u8; 4]; 2];
        let mut others = [0u8; 4];
        for p in 0..n {
            let side = usize::from(sides[p]);
            for s in 0..4 {
                side_mask[side][s] |= pos.masks[p][s];
                if p != leader {
                    others[s] |= pos.masks[p][s];
                }
            }
        }
        // Lowest rank index strictly above the top card of `mask` (0 if empty).
        let above = |mask: u8| 8 - mask.leading_zeros() as usize;
        let trump = self.deal.trump.map(Suit::index);
        let masters = |side: usize| -> i32 {
            let Some(t) = trump else { return 0 };
            let from = above(side_mask[1 - side][t]);
            let mut sum = 0;
            for p in 0..n {
                if usize::from(sides[p]) == side {
                    for r in from..6 {
                        sum += pos.hands[p][t * 6 + r] as i32 * self.values[r];
                    }
                }
            }
            sum
        };
        // The side not on lead: its masters, and the leader side's cheapest
        // cards on the tricks they take (a player holding `k` masters wins
        // `k` tricks with them, and every other player plays a card to each);
        // a lone player's top cards that cannot be ruffed count too.
        let lone = self.lone[1 - ls]
            .zip(trump)
            .filter(|&(x, t)| pos.masks[x][t] >> above(side_mask[ls][t]) != 0);
        let other_floor = if let Some((x, t)) = lone {
            self.lone_winners_floor(pos, x, t, &side_mask[ls])
        } else {
            let mut floor = masters(1 - ls);
            if let Some(t) = trump {
                let from = above(side_mask[ls][t]);
                let k = (0..n)
                    .filter(|&p| usize::from(sides[p]) != ls)
                    .map(|p| {
                        (from..6)
                            .map(|r| pos.hands[p][t * 6 + r] as usize)
                            .sum::<usize>()
                    })
                    .max()
                    .unwrap_or(0);
                if k > 0 {
                    for p in (0..n).filter(|&p| usize::from(sides[p]) == ls) {
                        floor += self.cheapest_cards(&pos.hands[p], k);
                    }
                }
            }
            floor
        };
        let (lo, up) = if ls == 1 {
            (0, remaining - other_floor)
        } else {
            (other_floor, remaining)
        };
        if lo >= beta || up <= alpha {
            return (lo, up);
        }
        let hand = &pos.hands[leader];
        // Ranks at least as high as anyone else's top card of suit `s`.
        let top_from = |s: usize| {
            if others[s] == 0 {
                0
            } else {
                above(others[s]) - 1
            }
        };
        // The leader draws trumps: it holds at least as many such top trumps
        // as any other player holds trumps, so leading them first leaves
        // nobody else a trump (everyone follows a trump lead while able) and
        // no top card of a plain suit can be ruffed after them.
        let draws_trumps = trump.is_some_and(|t| {
            let tops: usize = (top_from(t)..6).map(|r| hand[t * 6 + r] as usize).sum();
            (0..n).all(|p| p == leader || pos.suit_len[p][t] as usize <= tops)
        });
        let mut tricks = 0usize;
        let mut per_suit = [0usize; 4];
        let mut seq = 0i32;
        for s in 0..4 {
            let from = top_from(s);
            let mut limit = usize::MAX;
            if let Some(t) = trump {
                if s == t {
                    // Trumps above the other side's are masters: count their
                    // tricks, but the points only of the rest.
                    let master = above(side_mask[1 - ls][t]);
                    for r in from..6 {
                        tricks += hand[s * 6 + r] as usize;
                        per_suit[s] += hand[s * 6 + r] as usize;
                        if r < master {
                            seq += hand[s * 6 + r] as i32 * self.values[r];
                        }
                    }
                    continue;
                }
                if !draws_trumps {
                    for p in 0..n {
                        if p != leader && pos.suit_len[p][t] > 0 {
                            limit = limit.min(pos.suit_len[p][s] as usize);
                        }
                    }
                }
            }
            for r in (from..6).rev() {
                let k = (hand[s * 6 + r] as usize).min(limit);
                limit -= k;
                tricks += k;
                per_suit[s] += k;
                seq += k as i32 * self.values[r];
            }
        }
        let lead_floor = if tricks >= pos.held[leader] as usize {
            remaining
        } else {
            if tricks > 0 {
                // The others' cards on those tricks: each plays `tricks`
                // cards, worth at least its cheapest ones; when it can follow
                // every suit led that often, its cheapest cards of each suit.
                // A partner's master trumps count as worth nothing here (they
                // are in the side's masters already).
                let master_from = trump.map_or((4, 6), |t| (t, above(side_mask[1 - ls][t])));
                for p in (0..n).filter(|&p| p != leader) {
                    let h = &pos.hands[p];
                    let partner = usize::from(sides[p]) == ls;
                    // Cheapest `k` cards of the suits in `suits`.
                    let cheapest = |suits: std::ops::Range<usize>, mut k: usize| {
                        let (t, from) = master_from;
                        if partner && suits.contains(&t) {
                            for r in from..6 {
                                k -= (h[t * 6 + r] as usize).min(k);
                            }
                        }
                        let mut sum = 0;
                        for &r in &self.by_value {
                            for s in suits.clone() {
                                if partner && s == t && r >= from {
                                    continue;
                                }
                                let take = (h[s * 6 + r] as usize).min(k);
                                sum += take as i32 * self.values[r];
                                k -= take;
                            }
                            if k == 0 {
                                break;
                            }
                        }
                        sum
                    };
                    if (0..4).all(|s| pos.suit_len[p][s] as usize >= per_suit[s]) {
                        for s in 0..4 {
                            if per_suit[s] > 0 {
                                seq += cheapest(s..s + 1, per_suit[s]);
                            }
                        }
                    } else {
                        seq += cheapest(0..4, tricks);
                    }
                }
            }
            masters(ls) + seq
        };
        if ls == 1 {
            (lead_floor, up)
        } else {
            (lo, remaining - lead_floor)
        }
    }

    /// How much less and how much more the declarer side may take from
    /// `pos` (still holding the ranks `held`) than from a stored position of
    /// the same relative ranks that held `stored`. Every line of play from
    /// one has its counterpart from the other with the same tricks won by the
    /// same players, the k-th highest card of a suit standing for the k-th
    /// highest; the points differ only by the value differences of such
    /// cards, so the values differ by at most the sums of the negative and of
    /// the positive ones.
    fn slack(&self, pos: &Position, held: u32, stored: u32) -> (i32, i32) {
        let n = pos.players as usize;
        let (mut less, mut more) = (0, 0);
        for s in 0..4 {
            let mut a = ((held >> (6 * s)) & 63) as u8;
            let mut b = ((stored >> (6 * s)) & 63) as u8;
            if a == b {
                // The same ranks: every card stands for itself.
                continue;
            }
            while a != 0 && b != 0 {
                let ra = 7 - a.leading_zeros() as usize;
                let rb = 7 - b.leading_zeros() as usize;
                a &= !(1 << ra);
                b &= !(1 << rb);
                let d = self.values[ra] - self.values[rb];
                if d != 0 {
                    let copies: i32 = (0..n).map(|p| pos.hands[p][s * 6 + ra] as i32).sum();
                    if d > 0 {
                        more += d * copies;
                    } else {
                        less -= d * copies;
                    }
                }
            }
        }
        (less, more)
    }

    /// The relative-rank relabelling of a trick start (see `Relabel`) that
    /// still holds the ranks `held` (`Position::held_ranks`).
    fn relabel(&self, pos: &Position, held: u32) -> Relabel {
        let mut r = Relabel {
            hash: pos.hash,
            to_canonical: [[0, 1, 2, 3, 4, 5]; 4],
            to_actual: [[0, 1, 2, 3, 4, 5]; 4],
        };
        let n = pos.players as usize;
        for s in 0..4 {
            let held = (held >> (6 * s)) as u8 & 63;
            let mut slot = 5;
            // Ranks of this suit whose label changes.
            let mut moved = 0u8;
            for rank in (0..6).rev() {
                if held & (1 << rank) != 0 {
                    r.to_canonical[s][rank] = slot as u8;
                    r.to_actual[s][slot] = rank as u8;
                    if slot != rank {
                        moved |= 1 << rank;
                    }
                    slot = slot.saturating_sub(1);
                }
            }
            // Only the moved cards' hash terms change: swap them for the
            // terms of their canonical cards.
            for p in 0..n {
                let mut m = pos.masks[p][s] & moved;
                while m != 0 {
                    let rank = m.trailing_zeros() as usize;
                    m &= m - 1;
                    let c = s * 6 + rank;
                    let count = pos.hands[p][c];
                    let canonical = s * 6 + r.to_canonical[s][rank] as usize;
                    r.hash ^= zobrist(p, c, count) ^ zobrist(p, canonical, count);
                }
            }
        }
        r
    }

    /// A floor for player `x`, alone on its side and not on lead, holding a
    /// master trump (above every trump of the other side, whose ranks per
    /// suit are `theirs`; `t` is trump): it wins its master trumps, and its
    /// cards above all of theirs in each plain suit `s` where every other
    /// player holding a trump holds at least as many cards of `s` as `x` —
    /// with the others' cheapest cards on those tricks; when every card `x`
    /// holds is such a winner, all the points left (the last trick too).
    ///
    /// Such a master or top card takes the trick it is played on: nobody holds
    /// a higher trump, and nobody can ruff the top card, since a player holding
    /// trumps keeps at least as many cards of `s` as `x` (it plays `s` when `s`
    /// is led, `x` then following, or when it leads `s`, `x` following too, or
    /// when it discards, having no trumps left); and `x` has no partner to
    /// overtake it. `x` never discards while it holds a trump (void in the
    /// suit led, it must ruff, and ruffs with a master), and the first trick
    /// where it plays a master gives it the lead, from which it cashes those
    /// top cards first.
    fn lone_winners_floor(&self, pos: &Position, x: usize, t: usize, theirs: &[u8; 4]) -> i32 {
        let n = pos.players as usize;
        let hand = &pos.hands[x];
        let mut floor = 0;
        let mut tricks = 0usize;
        for s in 0..4 {
            // Lowest rank above all of theirs.
            let from = 8 - theirs[s].leading_zeros() as usize;
            if s != t
                && !(0..n).all(|q| {
                    q == x || pos.masks[q][t] == 0 || pos.suit_len[q][s] >= pos.suit_len[x][s]
                })
            {
                continue;
            }
            for r in from..6 {
                tricks += hand[s * 6 + r] as usize;
                floor += hand[s * 6 + r] as i32 * self.values[r];
            }
        }
        if tricks >= pos.held[x] as usize {
            // Every card `x` holds wins its trick: the rest of the hand is its.
            return self.remaining_points(pos);
        }
        for q in (0..n).filter(|&q| q != x) {
            floor += self.cheapest_cards(&pos.hands[q], tricks);
        }
        floor
    }

    /// The value of the `k` cheapest cards of `hand` (all of them if fewer).
    fn cheapest_cards(&self, hand: &[u8; CARDS], mut k: usize) -> i32 {
        let mut sum = 0;
        for &r in &self.by_value {
            for s in 0..4 {
                let take = (hand[s * 6 + r] as usize).min(k);
                sum += take as i32 * self.values[r];
                k -= take;
            }
            if k == 0 {
                break;
            }
        }
        sum
    }

    /// Each player holds one card: play the last trick out.
    fn play_out_last_trick(&self, pos: &Position) -> i32 {
        let mut p = *pos;
        let mut gained = 0;
        for _ in 0..pos.players {
            let me = p.to_move();
            let card = p.hands[me].iter().position(|&n| n > 0).unwrap_or(0) as u8;
            gained = self.play(&mut p, card);
        }
        gained
    }

    /// Legal moves, one per group of equivalent cards, best first.
    fn ordered_moves(&self, pos: &Position, tt_best: u8) -> MoveList {
        let legal = pos.legal(&self.deal);
        if legal.len == 1 {
            return legal;
        }
        let me = pos.to_move();
        let others = others_ranks(pos);
        let ctx = self.order_context(pos);
        // Exact search: cards of equal power but unequal value merge too when
        // the side taking the trick is settled (see `power_equivalent`).
        let by_power = self.depth_limit.is_none();
        // `legal` is suit-major, rank high to low: merge runs of equivalent cards.
        let legal = legal.as_slice();
        let mut out = MoveList::EMPTY;
        let mut scores = [0i32; CARDS];
        let mut i = 0;
        while i < legal.len() {
            let first = legal[i];
            let mut last = first;
            let mut j = i + 1;
            while j < legal.len()
                && (self.equivalent(legal[j], last, &others)
                    || (by_power && power_equivalent(legal[j], last, &others)))
            {
                last = legal[j];
                j += 1;
            }
            let settled = if by_power && j > i + 1 {
                self.settled_side(pos, &ctx, first)
            } else {
                None
            };
            if by_power && j > i + 1 && settled.is_none() {
                // Not settled: only the runs of equal value merge.
                last = first;
                j = i + 1;
                while j < legal.len() && self.equivalent(legal[j], last, &others) {
                    last = legal[j];
                    j += 1;
                }
            }
            if let Some(ours) = settled {
                // Every card of the run gives the trick to the same side: the
                // dearest card if that is ours, else the cheapest.
                let pick = legal[i..j].iter().copied().reduce(|a, b| {
                    let (va, vb) = (self.values[rank_of(a)], self.values[rank_of(b)]);
                    if (ours && vb > va) || (!ours && vb < va) {
                        b
                    } else {
                        a
                    }
                });
                last = pick.unwrap_or(last);
            }
            let is_best = tt_best != NO_CARD
                && (tt_best == last
                    || (rank_of(tt_best) >= rank_of(last)
                        && rank_of(tt_best) <= rank_of(first)
                        && suit_of(tt_best) == suit_of(first)));
            scores[out.len] = if is_best {
                i32::MAX
            } else if pos.trick_len == 0 {
                // Leads: the history first, the static score breaks ties.
                self.history[me][last as usize] * 4096 + self.order_score(&ctx, last, &others)
            } else {
                self.order_score(&ctx, last, &others)
            };
            out.push(last);
            i = j;
        }
        // Insertion sort, best first (at most 24 moves).
        for i in 1..out.len {
            let mut j = i;
            while j > 0 && scores[j - 1] < scores[j] {
                scores.swap(j - 1, j);
                out.cards.swap(j - 1, j);
                j -= 1;
            }
        }
        out
    }

    /// Whether `lower` (just below `card` in the legal list) plays exactly like
    /// it: same suit and value, and no one else holds a card of the ranks between.
    fn equivalent(&self, lower: u8, card: u8, others: &[u8; 4]) -> bool {
        if suit_of(lower) != suit_of(card)
            || self.values[rank_of(lower)] != self.values[rank_of(card)]
        {
            return false;
        }
        others[suit_of(card)] & ranks_between(lower, card) == 0
    }

    /// Move-ordering score: higher is tried first.
    fn order_score(&self, ctx: &OrderContext, m: u8, others: &[u8; 4]) -> i32 {
        let value = self.values[rank_of(m)];
        let rank = rank_of(m) as i32;
        let suit = suit_of(m);
        let Some(win) = ctx.win else {
            // Lead: sure winners of the suit (nobody else holds a higher card) first.
            let higher_elsewhere = others[suit] >> rank_of(m) != 0;
            return if !higher_elsewhere {
                1000 + value * 4 + i32::from(Some(suit) != ctx.trump) * 2
            } else {
                100 - value * 4 - rank
            };
        };
        let takes = beats(m, win, ctx.trump);
        if ctx.my_side_wins && !takes {
            // Smear points onto the side's winning card.
            500 + value * 8 - rank
        } else if takes {
            if ctx.last {
                900 + value * 8 - rank
            } else {
                700 + rank * 4 + value
            }
        } else {
            // Losing anyway: cheapest card.
            100 - value * 8 - rank
        }
    }

    /// Whether, once the player to move plays `card`, the trick surely goes to
    /// the player's side (`Some(true)`), surely to the other side
    /// (`Some(false)`), or is still open (`None`): settled when no later player
    /// of the side not winning it can beat the winning card — one holding the
    /// suit led must follow it (so beats only a winning card of that suit, and
    /// only with a higher one); one void in it beats only with a trump higher
    /// than any trump winning.
    fn settled_side(&self, pos: &Position, ctx: &OrderContext, card: u8) -> Option<bool> {
        let me = pos.to_move();
        let sides = &self.deal.declarer_side;
        let n = pos.players as usize;
        let (w, ours) = match ctx.win {
            Some(w) if !beats(card, w, ctx.trump) => (w, ctx.my_side_wins),
            _ => (card, true),
        };
        let win_side = sides[me] == ours;
        let (ws, wr) = (suit_of(w), rank_of(w));
        let led = suit_of(if pos.trick_len == 0 {
            card
        } else {
            pos.trick[0]
        });
        for k in pos.trick_len as usize + 1..n {
            let q = pos.seat(k);
            if sides[q] == win_side {
                continue;
            }
            let can_beat = if pos.masks[q][led] != 0 {
                ws == led && pos.masks[q][ws] >> (wr + 1) != 0
            } else {
                ctx.trump.is_some_and(|t| {
                    let trumps = pos.masks[q][t];
                    trumps != 0 && (ws != t || trumps >> (wr + 1) != 0)
                })
            };
            if can_beat {
                return None;
            }
        }
        Some(ours)
    }

    /// What move ordering needs to know of the trick under way.
    fn order_context(&self, pos: &Position) -> OrderContext {
        let trump = self.deal.trump.map(Suit::index);
        if pos.trick_len == 0 {
            return OrderContext {
                trump,
                win: None,
                my_side_wins: false,
                last: false,
            };
        }
        let me = pos.to_move();
        let win_slot = pos.winning_slot(trump);
        let winner = pos.seat(win_slot);
        OrderContext {
            trump,
            win: Some(pos.trick[win_slot]),
            my_side_wins: self.deal.declarer_side[winner] == self.deal.declarer_side[me],
            last: pos.trick_len + 1 == pos.players,
        }
    }

    /// Heuristic estimate of the declarer side's future points: the points on
    /// the trick under way and to come, shared out in proportion to the
    /// square of each side's trick-taking strength (its cards' ranks, a trump
    /// counting `TRUMP_STRENGTH` more). Against exact values 8–11 tricks
    /// before the end of real hands of the 250-point games, the squared share
    /// with trumps at 10 misses by 20–32 points (root mean square) where the
    /// plain share with trumps at 6 missed by 23–41, and with less of the
    /// plain share's lean to one side (about 12 points too many for a lone
    /// declarer, 25–30 too few for a partnership's bidding side).
    fn estimate(&self, pos: &Position) -> i32 {
        const TRUMP_STRENGTH: i64 = 10;
        let trump = self.deal.trump.map(Suit::index);
        let mut strength = [0i64; 2];
        for p in 0..pos.players as usize {
            let side = usize::from(self.deal.declarer_side[p]);
            for c in 0..CARDS {
                let n = i64::from(pos.hands[p][c]);
                if n == 0 {
                    continue;
                }
                let r = (c % 6) as i64;
                let trump_bonus = if Some(c / 6) == trump {
                    TRUMP_STRENGTH
                } else {
                    0
                };
                strength[side] += n * (1 + r + trump_bonus);
            }
        }
        let remaining = i64::from(self.remaining_points(pos));
        let [theirs, ours] = strength.map(|s| s * s);
        let total = (theirs + ours).max(1);
        ((remaining * ours + total / 2) / total) as i32
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use pinochle_engine::game::rng::Rng;

    fn deck(copies: u8, nines: bool) -> Vec<Card> {
        let mut out = Vec::new();
        for card in Card::all() {
            if card.rank == Rank::Nine && !nines {
                continue;
            }
            for _ in 0..copies {
                out.push(card);
            }
        }
        out
    }

    /// A random position: `per_hand` cards each, then a few random legal plays.
    fn random_position(rng: &mut Rng, deal: &Deal, per_hand: usize, copies: u8) -> Position {
        let mut cards = deck(copies, copies == 2);
        rng.shuffle(&mut cards);
        let players = deal.players;
        let hands: Vec<CardCounts> = (0..players)
            .map(|p| CardCounts::from_cards(&cards[p * per_hand..(p + 1) * per_hand]))
            .collect();
        let mut pos = Position::new(&hands, &[], rng.below(players)).unwrap();
        let solver = Solver::new(deal.clone(), 8);
        for _ in 0..rng.below(players) {
            let legal = pos.legal(deal);
            solver.play(&mut pos, legal.as_slice()[rng.below(legal.len)]);
        }
        pos
    }

    fn test_deal(players: usize, head: HeadRule) -> Deal {
        let mut declarer_side = [false; MAX_PLAYERS];
        declarer_side[0] = true;
        if players == 4 {
            declarer_side[2] = true;
        }
        Deal {
            players,
            trump: Some(Suit::Hearts),
            head,
            counting: Counting::Classic,
            declarer_side,
            last_trick: true,
        }
    }

    /// Plain minimax over every legal card: no table, no grouping, no pruning.
    fn brute_force(solver: &Solver, pos: &Position) -> i32 {
        if pos.cards_left() == 0 && pos.trick_len == 0 {
            return 0;
        }
        let me = pos.to_move();
        let maximizing = solver.deal.declarer_side[me];
        let mut best = if maximizing { -INFINITY } else { INFINITY };
        for &m in pos.legal(&solver.deal).as_slice() {
            let mut child = *pos;
            let v = solver.play(&mut child, m) + brute_force(solver, &child);
            best = if maximizing { best.max(v) } else { best.min(v) };
        }
        best
    }

    /// Plain fail-hard alpha-beta over every legal card: no table, no grouping,
    /// no bounds, no ordering. The reference for positions too big for minimax.
    fn plain_alpha_beta(solver: &Solver, pos: &Position, mut alpha: i32, mut beta: i32) -> i32 {
        if pos.cards_left() == 0 && pos.trick_len == 0 {
            return 0;
        }
        let maximizing = solver.deal.declarer_side[pos.to_move()];
        for &m in pos.legal(&solver.deal).as_slice() {
            let mut child = *pos;
            let gained = solver.play(&mut child, m);
            let v = gained + plain_alpha_beta(solver, &child, alpha - gained, beta - gained);
            if maximizing {
                alpha = alpha.max(v);
            } else {
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        if maximizing {
            alpha
        } else {
            beta
        }
    }

    fn exact(solver: &Solver, pos: &Position) -> i32 {
        plain_alpha_beta(solver, pos, -INFINITY, INFINITY)
    }

    /// A random deal of one of the test shapes (trump, head rule, counting).
    fn random_deal(rng: &mut Rng, round: usize) -> Deal {
        let players = 3 + rng.below(2);
        let head = [
            HeadRule::TrumpLed,
            HeadRule::Always,
            HeadRule::Strict,
            HeadRule::Never,
        ][rng.below(4)];
        let mut deal = test_deal(players, head);
        deal.counting = [
            Counting::Classic,
            Counting::Counters,
            Counting::CountersOne,
            Counting::Fives,
        ][rng.below(4)];
        deal.last_trick = rng.below(5) != 0;
        if round % 7 == 0 {
            deal.trump = None;
        } else {
            deal.trump = Some(Suit::from_index(rng.below(4)));
        }
        if rng.below(3) == 0 {
            // The declarer's side may be any player (or pair), leading or not.
            deal.declarer_side = [false; MAX_PLAYERS];
            let d = rng.below(players);
            deal.declarer_side[d] = true;
            if players == 4 {
                deal.declarer_side[(d + 2) % 4] = true;
            }
        }
        deal
    }

    /// A random trick start: `per_hand` cards each, then whole random tricks.
    fn random_trick_start(rng: &mut Rng, deal: &Deal, per_hand: usize) -> Position {
        let mut pos = random_position(rng, deal, per_hand, 2);
        let solver = Solver::new(deal.clone(), 8);
        while pos.trick_len != 0 {
            let legal = pos.legal(deal);
            solver.play(&mut pos, legal.as_slice()[rng.below(legal.len)]);
        }
        pos
    }

    #[test]
    fn quick_bounds_bracket_the_exact_value() {
        let mut rng = Rng::new(7);
        let mut cuts = 0;
        for round in 0..600 {
            let deal = random_deal(&mut rng, round);
            let per_hand = 2 + rng.below(5);
            let pos = random_trick_start(&mut rng, &deal, per_hand);
            if pos.held[pos.leader as usize] < 2 {
                continue;
            }
            let solver = Solver::new(deal, 8);
            let v = exact(&solver, &pos);
            let remaining = solver.remaining_points(&pos);
            let (lo, up) = solver.quick_bounds(&pos, remaining, -INFINITY, INFINITY);
            assert!(
                lo <= v && v <= up,
                "round {round}: {lo} <= {v} <= {up} {pos:?} {:?}",
                solver.deal
            );
            cuts += usize::from(lo > 0 || up < remaining);
        }
        assert!(cuts > 100, "bounds too weak to test: {cuts}");
    }

    #[test]
    fn solver_matches_plain_alpha_beta_on_larger_positions() {
        let mut rng = Rng::new(99);
        for round in 0..200 {
            let mut deal = random_deal(&mut rng, round);
            let per_hand = if deal.players == 3 {
                5 + rng.below(3)
            } else {
                4 + rng.below(3)
            };
            // Some rounds with the 80-card counting: four copies, no nines.
            let copies = if round % 5 == 1 { 4 } else { 2 };
            if copies == 4 {
                deal.counting = Counting::CountersOne;
            }
            let pos = random_position(&mut rng, &deal, per_hand, copies);
            let mut solver = Solver::new(deal, 14);
            let want = exact(&solver, &pos) * solver.unit;
            assert_eq!(solver.solve(&pos), want, "round {round}");
            if round % 4 == 0 {
                for (card, v) in solver.solve_moves(&pos) {
                    let mut child = pos;
                    let gained = solver.play(&mut child, card.index() as u8);
                    let want = (gained + exact(&solver, &child)) * solver.unit;
                    assert_eq!(v, want, "round {round} move {card}");
                }
            }
            let target = want - 10 + (round % 21) as i32;
            for (card, v) in solver.reach_moves_within(&pos, target).unwrap() {
                let mut child = pos;
                let gained = solver.play(&mut child, card.index() as u8);
                let want = (gained + exact(&solver, &child)) * solver.unit;
                assert_eq!(v >= target, want >= target, "round {round} move {card}");
            }
        }
    }

    /// The shallow first guess and the galloping probes (which exact solves
    /// use only from `SEARCHED_GUESS_TRICKS` tricks left) on small positions.
    #[test]
    fn searched_guess_and_gallop_give_the_exact_value() {
        let mut rng = Rng::new(31);
        for round in 0..300 {
            let deal = random_deal(&mut rng, round);
            let per_hand = 3 + rng.below(if deal.players == 3 { 4 } else { 3 });
            let pos = random_position(&mut rng, &deal, per_hand, 2);
            let mut solver = Solver::new(deal, 12);
            solver.searched_guess_tricks = 1;
            let want = exact(&solver, &pos) * solver.unit;
            assert_eq!(solver.solve(&pos), want, "round {round}");
            assert_eq!(solver.solve(&pos), want, "round {round} again");
            // Guesses far off on either side.
            for guess in [0, want / solver.unit, 1000] {
                solver.clear();
                solver.start(&pos);
                let v = solver.mtd(&pos, guess, true) * solver.unit;
                assert_eq!(v, want, "round {round} guess {guess}");
            }
        }
    }

    /// Searches with windows of every width, the table kept between them:
    /// each fail-soft result must lie on the right side of the exact value.
    #[test]
    fn any_window_brackets_the_exact_value() {
        let mut rng = Rng::new(5);
        for round in 0..1500 {
            let deal = random_deal(&mut rng, round);
            let per_hand = 3 + rng.below(if deal.players == 3 { 4 } else { 3 });
            let pos = random_position(&mut rng, &deal, per_hand, 2);
            let mut solver = Solver::new(deal, 14);
            let want = exact(&solver, &pos);
            solver.start(&pos);
            let rem = solver.remaining_points(&pos);
            let windows = [
                (want - 3, want + 4),
                (-1, rem + 1),
                (want, want + 1),
                (want - 1, want),
                (want - 10, want - 2),
                (want + 2, want + 9),
            ];
            for (a, b) in windows {
                let g = solver.search(&pos, a, b);
                let ok = if g <= a {
                    want <= g
                } else if g >= b {
                    want >= g
                } else {
                    want == g
                };
                assert!(ok, "round {round} window ({a}, {b}): {g}, exact {want}");
            }
        }
    }

    /// Random small deals of every preset (its players, head rule, counting
    /// and deck; four copies in the double deck): exact values, the value of
    /// every card and threshold answers against plain alpha-beta.
    #[test]
    fn every_preset_matches_plain_alpha_beta() {
        use pinochle_engine::{PresetId, Rules};
        let mut rng = Rng::new(13);
        // Positions solved by one wide-window search (the others by probes).
        let mut wide = 0;
        for preset in PresetId::ALL {
            let rules = Rules::preset(preset);
            let players = if matches!(preset, PresetId::Partnership | PresetId::DoubleDeck) {
                4
            } else {
                3
            };
            let copies = if rules.counting == Counting::CountersOne {
                4
            } else {
                2
            };
            for round in 0..60 {
                let mut deal = test_deal(players, rules.play.head);
                deal.counting = rules.counting;
                deal.trump = Some(Suit::from_index(rng.below(4)));
                let d = rng.below(players);
                deal.declarer_side = [false; MAX_PLAYERS];
                deal.declarer_side[d] = true;
                if players == 4 {
                    deal.declarer_side[(d + 2) % 4] = true;
                }
                let per_hand = 3 + rng.below(if players == 3 { 4 } else { 3 });
                let pos = random_position(&mut rng, &deal, per_hand, copies);
                let mut solver = Solver::new(deal, 12);
                wide += usize::from(solver.wide_window(&pos));
                let want = exact(&solver, &pos) * solver.unit;
                let at = format!("{} round {round}", preset.id());
                assert_eq!(solver.solve(&pos), want, "{at}");
                for (card, v) in solver.solve_moves(&pos) {
                    let mut child = pos;
                    let gained = solver.play(&mut child, card.index() as u8);
                    let value = (gained + exact(&solver, &child)) * solver.unit;
                    assert_eq!(v, value, "{at} move {card}");
                }
                let maximizing = solver.deal.declarer_side[pos.to_move()];
                for target in [want - 1, want, want + 1] {
                    let values = solver.reach_moves_within(&pos, target).unwrap();
                    let reached = if maximizing {
                        values.iter().any(|&(_, v)| v >= target)
                    } else {
                        values.iter().all(|&(_, v)| v >= target)
                    };
                    assert_eq!(reached, target <= want, "{at} target {target}");
                }
            }
        }
        assert!(wide >= 30, "only {wide} positions took the wide window");
    }

    #[test]
    fn threshold_answers_agree_with_exact_values() {
        let mut rng = Rng::new(0x7E57_0013);
        for round in 0..60 {
            let deal = random_deal(&mut rng, round);
            let pos = random_trick_start(&mut rng, &deal, 4 + round % 3);
            let mut solver = Solver::new(deal.clone(), 12);
            let exact = solver.solve(&pos);
            for target in [exact - 11, exact - 1, exact, exact + 1, exact + 7] {
                let mut fresh = Solver::new(deal.clone(), 12);
                assert_eq!(
                    fresh.reaches_within(&pos, target),
                    Some(exact >= target),
                    "round {round}: target {target}, exact {exact}"
                );
                // The same table after the exact solve answers alike.
                assert_eq!(solver.reaches_within(&pos, target), Some(exact >= target));
            }
        }
    }

    /// The relative-rank key, updated only for the moved cards, equals the
    /// hash of the relabelled hands computed from scratch; the running hash
    /// equals the full one at every trick start.
    #[test]
    fn relabelled_key_equals_a_full_rehash() {
        let mut rng = Rng::new(23);
        let mut relabelled = 0;
        for round in 0..300 {
            let mut deal = random_deal(&mut rng, round);
            deal.counting = [Counting::Counters, Counting::CountersOne, Counting::Fives][round % 3];
            let pos = random_trick_start(&mut rng, &deal, 3 + round % 6);
            assert_eq!(pos.hash, pos.full_hash(), "round {round}");
            let solver = Solver::new(deal, 8);
            let r = solver.relabel(&pos, pos.held_ranks());
            let mut canonical = pos;
            canonical.hands = [[0; CARDS]; MAX_PLAYERS];
            for p in 0..pos.players() {
                for c in 0..CARDS {
                    let n = pos.hands[p][c];
                    if n > 0 {
                        canonical.hands[p][r.canonical(c as u8) as usize] = n;
                        assert_eq!(r.actual(r.canonical(c as u8)), c as u8, "round {round}");
                    }
                }
            }
            assert_eq!(r.hash, canonical.full_hash(), "round {round}");
            relabelled += usize::from(r.hash != pos.hash);
        }
        assert!(relabelled > 50, "only {relabelled} positions relabelled");
    }

    /// Moving each suit's held ranks to other ranks in the same order keeps
    /// the relabelled key, and the exact values stay within the slack.
    #[test]
    fn positions_of_the_same_relative_ranks_differ_by_at_most_the_slack() {
        let mut rng = Rng::new(0x51AC);
        let mut differing = 0;
        for round in 0..200 {
            let deal = random_deal(&mut rng, round);
            let a = random_trick_start(&mut rng, &deal, 3 + round % 4);
            let held = a.held_ranks();
            let mut hands = vec![CardCounts::EMPTY; a.players()];
            for s in 0..4 {
                let from: Vec<usize> = (0..6)
                    .rev()
                    .filter(|r| held >> (6 * s + r) & 1 == 1)
                    .collect();
                let mut ranks: Vec<usize> = (0..6).collect();
                rng.shuffle(&mut ranks);
                let mut to = ranks[..from.len()].to_vec();
                to.sort_unstable_by(|x, y| y.cmp(x));
                for (p, hand) in hands.iter_mut().enumerate() {
                    for (&r, &t) in from.iter().zip(&to) {
                        hand.0[s * 6 + t] = a.hands[p][s * 6 + r];
                    }
                }
            }
            let b = Position::new(&hands, &[], a.leader()).unwrap();
            let solver = Solver::new(deal, 8);
            assert_eq!(
                solver.relabel(&a, held).hash,
                solver.relabel(&b, b.held_ranks()).hash,
                "round {round}"
            );
            let (va, vb) = (exact(&solver, &a), exact(&solver, &b));
            let (less, more) = solver.slack(&b, b.held_ranks(), held);
            assert!(
                va - less <= vb && vb <= va + more,
                "round {round}: {va} and {vb}, slack -{less} +{more}"
            );
            differing += usize::from(va != vb);
        }
        assert!(differing > 20, "only {differing} pairs differ in value");
    }

    #[test]
    fn zobrist_has_no_zero_entries() {
        assert!(ZOBRIST.iter().all(|&z| z != 0));
    }

    #[test]
    fn solver_matches_brute_force_on_small_endgames() {
        let mut rng = Rng::new(42);
        for round in 0..300 {
            let players = 3 + round % 2;
            let head = [
                HeadRule::TrumpLed,
                HeadRule::Always,
                HeadRule::Strict,
                HeadRule::Never,
            ][round % 4];
            let counting = [Counting::Classic, Counting::Counters, Counting::Fives][round / 3 % 3];
            let per_hand = 2 + round % 3;
            let mut deal = test_deal(players, head);
            deal.counting = counting;
            if round % 5 == 0 {
                deal.trump = None;
            }
            let pos = random_position(&mut rng, &deal, per_hand, 2);
            assert_eq!(pos.hash, pos.full_hash());
            let mut solver = Solver::new(deal, 12);
            let exact = brute_force(&solver, &pos) * solver.unit;
            assert_eq!(solver.solve(&pos), exact, "round {round}");
            // A second solve reuses the table.
            assert_eq!(solver.solve(&pos), exact, "round {round} again");
            let target = exact - 5 + (round % 11) as i32;
            for (card, v) in solver.reach_moves_within(&pos, target).unwrap() {
                let mut child = pos;
                let gained = solver.play(&mut child, card.index() as u8);
                let want = (gained + brute_force(&solver, &child)) * solver.unit;
                assert_eq!(
                    v >= target,
                    want >= target,
                    "round {round} move {card} target {target}"
                );
            }
            for (card, v) in solver.solve_moves(&pos) {
                let mut child = pos;
                let gained = solver.play(&mut child, card.index() as u8);
                let want = (gained + brute_force(&solver, &child)) * solver.unit;
                assert_eq!(v, want, "round {round} move {card}");
            }
        }
    }
}
