//! Bid validity per the auction rules: minimum, bid grid (bands), fixed raises,
//! forbidden 40/90 endings, an opening at exactly the minimum, and the ceiling that
//! keeps the list of legal bids finite.

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
    if bid < a.min_bid {
        return Some(Problem::BelowMinimum);
    }
    if current.is_none() && a.open_at_minimum && bid != a.min_bid {
        return Some(Problem::OpeningNotMinimum);
    }
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

/// Why `bid` is not a legal bid over `current` (None: an opening bid), or `None`.
pub fn bid_error(rules: &Rules, bid: u32, current: Option<u32>) -> Option<String> {
    let a = &rules.auction;
    Some(match problem(rules, bid, current)? {
        Problem::NotHigher(c) => format!("bids must be higher than {c}"),
        Problem::BadRaise => {
            let list: Vec<String> = a.raises.iter().flatten().map(u32::to_string).collect();
            format!("each bid must raise the bid by {}", list.join(" or "))
        }
        Problem::BelowMinimum => format!("the minimum bid is {}", a.min_bid),
        Problem::OpeningNotMinimum => format!("the opening bid must be exactly {}", a.min_bid),
        Problem::OffGrid { from: 0, step } => format!("bids must be multiples of {step}"),
        Problem::OffGrid { from, step } => format!("bids from {from} must be multiples of {step}"),
        Problem::Ends40Or90 => "bids ending in 40 or 90 are not allowed".to_string(),
        Problem::AboveMaximum(max) => format!("bids above {max} are not allowed"),
    })
}

/// Every legal bid over `current`, ascending.
pub fn legal_bids(rules: &Rules, current: Option<u32>) -> Vec<u32> {
    if let (Some(c), Some(raises)) = (current, &rules.auction.raises) {
        let mut bids: Vec<u32> = raises
            .iter()
            .map(|r| c + r)
            .filter(|&b| problem(rules, b, current).is_none())
            .collect();
        bids.sort_unstable();
        bids.dedup();
        return bids;
    }
    let low = current.map_or(rules.auction.min_bid, |c| c + 1);
    (low..=rules.max_bid())
        .filter(|&b| problem(rules, b, current).is_none())
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
}
