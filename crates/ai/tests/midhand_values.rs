//! The solver's exact values on the bench's mid-hand positions equal those of
//! the solver before the relative-rank table and the newer bounds
//! (`tests/data/midhand_values.txt`, written by `pinochle bench --positions`).

use pinochle_ai::solver::{Deal, Position, Solver, MAX_PLAYERS};
use pinochle_engine::cards::parse_cards;
use pinochle_engine::{CardCounts, PresetId, Rules, Suit};

/// One line: `PRESET TRUMP LEADER SIDES | hand | ... | trick | VALUE`.
fn parse(line: &str) -> (Deal, Position, i32) {
    let fields: Vec<&str> = line.split('|').map(str::trim).collect();
    let head: Vec<&str> = fields[0].split_whitespace().collect();
    let rules = Rules::preset(PresetId::from_id(head[0]).expect("a preset"));
    let hands: Vec<CardCounts> = fields[1..fields.len() - 2]
        .iter()
        .map(|h| CardCounts::from_cards(&parse_cards(h).expect("cards")))
        .collect();
    let mut declarer_side = [false; MAX_PLAYERS];
    for (i, c) in head[3].chars().enumerate() {
        declarer_side[i] = c == 'D';
    }
    let deal = Deal {
        players: hands.len(),
        trump: Suit::from_text(head[1]),
        head: rules.play.head,
        counting: rules.counting,
        declarer_side,
    };
    let trick = parse_cards(fields[fields.len() - 2]).expect("trick");
    let leader = head[2].parse().expect("leader");
    let pos = Position::new(&hands, &trick, leader).expect("position");
    let value = fields[fields.len() - 1].parse().expect("value");
    (deal, pos, value)
}

#[test]
fn exact_values_equal_the_earlier_solvers() {
    let text = include_str!("data/midhand_values.txt");
    let mut checked = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let (deal, pos, want) = parse(line);
        let mut solver = Solver::new(deal, 16);
        assert_eq!(solver.solve(&pos), want, "{line}");
        // The threshold form agrees: the declarer's side reaches the value
        // and not one point more (with its best card, or whatever the
        // defender to move plays).
        let maximizing = solver.deal().declarer_side[pos.to_move()];
        for target in [want, want + 1] {
            let values = solver.reach_moves_within(&pos, target).expect("no limit");
            let reached = if maximizing {
                values.iter().any(|&(_, v)| v >= target)
            } else {
                values.iter().all(|&(_, v)| v >= target)
            };
            assert_eq!(reached, target <= want, "{line} target {target}");
        }
        checked += 1;
    }
    assert!(checked >= 30, "only {checked} positions");
}
