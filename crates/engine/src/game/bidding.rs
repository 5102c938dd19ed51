//! Bid validity per the auction rules: minimum, bid grid (bands), fixed raises,
//! forbidden 40/90 endings, an opening at exactly the minimum, and the ceiling that
//! keeps the list of legal bids finite. The lowest bid is never 0: a minimum of
//! "none" (0) means one bidding step (RULES.md §7).

use super::Action;
use crate::rules::Rules;

/// What is wrong with a bid (formatted by [`bid_error`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Problem {
    NotHigher(u32),
    BadRaise,
    BelowMinimum,
    OpeningNotMinimum,
    OffGrid { from: u32, step: u32 },
    Ends40Or90,
    AboveMaximum(u32),
}

/// Allocation-free check of a bid over `current` (None: an opening bid).
fn problem(rules: &Rules, bid: u32, current: Option<u32>) -> Option<Problem> {
    let a = &rules.auction;
    if let Some(c) = current {
        if bid <= c {
            return Some(Problem::NotHigher(c));
        }
        if a.raises.as_ref().is_some_and(|r| !r.contains(&(bid - c))) {
            return Some(Problem::BadRaise);
        }
    }
    let lowest = lowest_bid(rules);
    if lowest.is_none_or(|low| bid < low) {
        return Some(Problem::BelowMinimum);
    }
    if current.is_none() && a.open_at_minimum && Some(bid) != lowest {
        return Some(Problem::OpeningNotMinimum);
    }
    grid_problem(rules, bid)
}

/// What keeps `bid` off the bid grid (bands, 40/90 endings, the ceiling).
fn grid_problem(rules: &Rules, bid: u32) -> Option<Problem> {
    let a = &rules.auction;
    if let Some(band) = a.bands.iter().rev().find(|b| b.from <= bid) {
        if band.step > 1 && bid % band.step != 0 {
            return Some(Problem::OffGrid {
                from: band.from,
                step: band.step,
            });
        }
    }
    if a.no_40_90 && matches!(bid % 100, 40 | 90) {
        return Some(Problem::Ends40Or90);
    }
    let max = rules.max_bid();
    if bid > max {
        return Some(Problem::AboveMaximum(max));
    }
    None
}

/// The lowest bid the rules allow: the minimum bid, or the first bid on the grid
/// above it; a minimum of 0 ("none") means one bidding step. `None` when no bid
/// at all fits the grid below the ceiling.
pub fn lowest_bid(rules: &Rules) -> Option<u32> {
    let from = rules.auction.min_bid.max(1);
    (from..=rules.max_bid()).find(|&b| grid_problem(rules, b).is_none())
}

/// Why `bid` is not a legal bid over `current` (None: an opening bid), or `None`.
pub fn bid_error(rules: &Rules, bid: u32, current: Option<u32>) -> Option<String> {
    let a = &rules.auction;
    let lowest = lowest_bid(rules).unwrap_or(a.min_bid);
    Some(match problem(rules, bid, current)? {
        Problem::NotHigher(c) => format!("bids must be higher than {c}"),
        Problem::BadRaise => {
            let list: Vec<String> = a.raises.iter().flatten().map(u32::to_string).collect();
            format!("each bid must raise the bid by {}", list.join(" or "))
        }
        Problem::BelowMinimum => format!("the minimum bid is {lowest}"),
        Problem::OpeningNotMinimum => format!("the opening bid must be exactly {lowest}"),
        Problem::OffGrid { from: 0, step } => format!("bids must be multiples of {step}"),
        Problem::OffGrid { from, step } => format!("bids from {from} must be multiples of {step}"),
        Problem::Ends40Or90 => "bids ending in 40 or 90 are not allowed".to_string(),
        Problem::AboveMaximum(max) => format!("bids above {max} are not allowed"),
    })
}

/// The amounts of the bids among `actions` (a seat's legal actions, lowest
/// bid first as `legal_actions` sorts them).
pub fn bids_among(actions: &[Action]) -> Vec<u32> {
    actions
        .iter()
        .filter_map(|a| match a {
            Action::Bid(b) => Some(*b),
            _ => None,
        })
        .collect()
}
/// Every legal bid over `current`, ascending.
pub fn legal_bids(rules: &Rules, current: Option<u32>) -> Vec<u32> {
    if let (Some(c), Some(raises)) = (current, &rules.auction.raises) {
        let mut bids: Vec<u32> = raises
            .iter()
            .map(|r| c + r)
            .filter(|&b| problem(rules, b, current).is_none())
            .collect();
        crate::sort::sort(&mut bids);
        bids.dedup();
        return bids;
    }
    let Some(lowest) = lowest_bid(rules) else {
        return Vec::new();
    };
    let low = current.map_or(lowest, |c| (c + 1).max(lowest));
    (low..=rules.max_bid())
        .filter(|&b| problem(rules, b, current).is_none())
        .collect()
}

/// Every bid the auction can still reach over `current` (None: before the
/// opening bid) by one legal bid or a chain of them, ascending: with fixed
/// raises (partnership's 10 or 20) the bids beyond the next raise too.
pub fn reachable_bids(rules: &Rules, current: Option<u32>) -> Vec<u32> {
    let next_bids = legal_bids(rules, current);
    if rules.auction.raises.is_none() {
        return next_bids;
    }
    // Bids only rise, so one ascending sweep over the grid marks every chain.
    let max = rules.max_bid() as usize;
    let mut reached = vec![false; max + 1];
    for bid in next_bids {
        reached[bid as usize] = true;
    }
    for bid in 0..=max {
        if reached[bid] {
            for next in legal_bids(rules, Some(bid as u32)) {
                reached[next as usize] = true;
            }
        }
    }
    (0..=rules.max_bid())
        .filter(|&b| reached[b as usize])
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::PresetId;

    #[test]
    fn brooklyn_bids() {
        let r = Rules::preset(PresetId::Brooklyn);
        assert_eq!(bid_error(&r, 300, None), None);
        assert_eq!(
            bid_error(&r, 290, None).as_deref(),
            Some("the minimum bid is 300")
        );
        assert_eq!(
            bid_error(&r, 305, None).as_deref(),
            Some("bids must be multiples of 10")
        );
        assert_eq!(
            bid_error(&r, 340, Some(330)).as_deref(),
            Some("bids ending in 40 or 90 are not allowed")
        );
        assert_eq!(
            bid_error(&r, 300, Some(300)).as_deref(),
            Some("bids must be higher than 300")
        );
        assert_eq!(&legal_bids(&r, Some(320))[..3], &[330, 350, 360]);
    }

    #[test]
    fn partnership_raises_by_10_or_20() {
        let r = Rules::preset(PresetId::Partnership);
        assert_eq!(bid_error(&r, 370, None), None);
        assert_eq!(legal_bids(&r, Some(300)), vec![310, 320]);
        assert_eq!(
            bid_error(&r, 330, Some(300)).as_deref(),
            Some("each bid must raise the bid by 10 or 20")
        );
        // A bid beyond the next raise is reached by raising again.
        let reachable = reachable_bids(&r, Some(300));
        assert_eq!(&reachable[..4], &[310, 320, 330, 340]);
        assert!(reachable.windows(2).all(|w| w[1] - w[0] == 10));
        assert_eq!(reachable.last(), Some(&r.max_bid()));
    }

    #[test]
    fn double_deck_grid() {
        let r = Rules::preset(PresetId::DoubleDeck);
        assert_eq!(
            &legal_bids(&r, None)[..12],
            &[50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 65]
        );
        assert!(bid_error(&r, 63, None).unwrap().contains("multiples of 5"));
    }

    #[test]
    fn a_minimum_of_none_is_one_bidding_step() {
        let r = Rules::from_preset_id("bison", &["min_bid=0"]).unwrap();
        assert_eq!(lowest_bid(&r), Some(10));
        assert_eq!(
            bid_error(&r, 0, None).as_deref(),
            Some("the minimum bid is 10")
        );
        assert_eq!(legal_bids(&r, None)[0], 10);
        let r = Rules::from_preset_id("double-deck", &["min_bid=0"]).unwrap();
        assert_eq!(lowest_bid(&r), Some(1));
    }
}
