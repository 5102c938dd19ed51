//! Who plays a hand: the seats dealt in (per [`SitOut`]), their order from the
//! dealer's left, partners and sides. Seats are numbered clockwise, so a player's
//! left is the next number.

use crate::rules::{Rules, SitOut};

/// A seat at the table, numbered clockwise from 0.
pub type Seat = usize;

/// Most seats a table may have.
pub const MAX_SEATS: usize = 5;

/// The seats dealt in for a hand, in order from the dealer's left.
pub fn active_seats(rules: &Rules, dealer: Seat) -> Vec<Seat> {
    let seats = rules.table.seats as usize;
    let active = rules.table.active as usize;
    let left = |k: usize| (dealer + k) % seats;
    if seats <= active {
        return (1..=seats).map(left).collect();
    }
    match rules.table.sit_out {
        // The dealer plays; the players to the dealer's right sit out.
        SitOut::DealerPlays => (1..active).map(left).chain([dealer]).collect(),
        // The dealer sits out, then the players to the dealer's right.
        SitOut::DealerSitsOut => (1..=active).map(left).collect(),
        // Four present: the dealer sits out; five: also the player two to the left.
        SitOut::Club => (1..seats)
            .filter(|&k| !(seats >= 5 && k == 2))
            .take(active)
            .map(left)
            .collect(),
    }
}

/// The partner of a seat (partners sit opposite), if the game has partnerships.
pub fn partner(rules: &Rules, seat: Seat) -> Option<Seat> {
    rules
        .table
        .partnerships
        .then(|| (seat + 2) % rules.table.seats as usize)
}

/// The seat that names a seat's side: the lower seat of a partnership, else
/// the seat itself.
pub fn side_key(rules: &Rules, seat: Seat) -> Seat {
    partner(rules, seat).map_or(seat, |p| seat.min(p))
}

/// Whether two seats are on the same side (the same seat, or partners).
pub fn same_side(rules: &Rules, a: Seat, b: Seat) -> bool {
    a == b || partner(rules, a) == Some(b)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::PresetId;

    fn with_seats(preset: PresetId, seats: u8, sit_out: Option<SitOut>) -> Rules {
        let mut r = Rules::preset(preset);
        r.table.seats = seats;
        if let Some(s) = sit_out {
            r.table.sit_out = s;
        }
        r
    }

    #[test]
    fn brooklyn_four_seats_dealer_right_sits_out() {
        let r = with_seats(PresetId::Brooklyn, 4, None);
        assert_eq!(active_seats(&r, 0), vec![1, 2, 0]);
        assert_eq!(active_seats(&r, 2), vec![3, 0, 2]);
    }

    #[test]
    fn dealer_sits_out_option() {
        let r = with_seats(PresetId::Brooklyn, 4, Some(SitOut::DealerSitsOut));
        assert_eq!(active_seats(&r, 0), vec![1, 2, 3]);
        let r = with_seats(PresetId::Brooklyn, 5, Some(SitOut::DealerSitsOut));
        assert_eq!(active_seats(&r, 0), vec![1, 2, 3]);
    }

    #[test]
    fn club_sit_out() {
        assert_eq!(
            active_seats(&with_seats(PresetId::Club, 3, None), 1),
            vec![2, 0, 1]
        );
        assert_eq!(
            active_seats(&with_seats(PresetId::Club, 4, None), 0),
            vec![1, 2, 3]
        );
        assert_eq!(
            active_seats(&with_seats(PresetId::Club, 5, None), 0),
            vec![1, 3, 4]
        );
    }

    #[test]
    fn partners_sit_opposite() {
        let r = Rules::preset(PresetId::Partnership);
        assert_eq!(partner(&r, 1), Some(3));
        assert!(same_side(&r, 0, 2) && !same_side(&r, 0, 1));
        assert_eq!(partner(&Rules::preset(PresetId::Bison), 1), None);
    }
}
