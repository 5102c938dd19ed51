//! Bid validity per the auction rules: minimum, bid grid (bands), fixed raises,
//! forbidden 40/90 endings, an opening at exactly the minimum, and the ceiling that
//! keeps the list of legal bids finite.

use crate::rules::Rules;

/// Why `bid` is not a legal bid over `current` (None: an opening bid), or `None`.
pub fn bid_error(rules: &Rules, bid: u32, current: Option<u32>) -> Option<String> {
    let a = &rules.auction;
    if let Some(c) = current {
        if bid <= c {
            return Some(format!("bids must be higher than {c}"));
        }
        if let Some(raises) = &a.raises {
            if !raises.contains(&(bid - c)) {
                let list: Vec<String> = raises.iter().map(u32::to_string).collect();
                return Some(format!(
                    "each bid must raise the bid by {}",
                    list.join(" or ")
                ));
            }
        }
    }
    if bid < a.min_bid {
        return Some(format!("the minimum bid is {}", a.min_bid));
    }
    if current.is_none() && a.open_at_minimum && bid != a.min_bid {
        return Some(format!("the opening bid must be exactly {}", a.min_bid));
    }
    if let Some(band) = a.bands.iter().rev().find(|b| b.from <= bid) {
        if band.step > 1 && bid % band.step != 0 {
            return Some(if band.from == 0 {
                format!("bids must be multiples of {}", band.step)
            } else {
                format!("bids from {} must be multiples of {}", band.from, band.step)
            });
        }
    }
    if a.no_40_90 && matches!(bid % 100, 40 | 90) {
        return Some("bids ending in 40 or 90 are not allowed".to_string());
    }
    let max = rules.max_bid();
    if bid > max {
        return Some(format!("bids above {max} are not allowed"));
    }
    None
}

/// Every legal bid over `current`, ascending.
pub fn legal_bids(rules: &Rules, current: Option<u32>) -> Vec<u32> {
    let low = current.map_or(rules.auction.min_bid, |c| c + 1);
    (low..=rules.max_bid())
        .filter(|&b| bid_error(rules, b, current).is_none())
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
