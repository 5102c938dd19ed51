//! The solver's exact values on the bench's mid-hand positions equal those of
//! the solver before the relative-rank table and the newer bounds
//! (`tests/data/midhand_values.txt`, written by `pinochle bench --positions`).

use pinochle_ai::position_line::PositionLine;
use pinochle_ai::solver::Solver;

#[test]
fn exact_values_equal_the_earlier_solvers() {
    let text = include_str!("data/midhand_values.txt");
    let mut checked = 0;
    for line in PositionLine::parse_all(text).expect("the file reads") {
        let (pos, want) = (line.position, line.value);
        let mut solver = Solver::new(line.deal.clone(), 16);
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
