//! Stable sorting in little code, for the browser's download size.
//!
//! `slice::sort*` instantiates the standard library's driftsort for every
//! element type and comparison: 2–4 KB of wasm each, about 70 KB over the
//! app's sorts. These binary insertion sorts are a few hundred bytes each and
//! as fast on the short lists sorted here (hands, seats, rule options, saved
//! games): O(n log n) comparisons, O(n²) moves done as memmoves.

use std::cmp::Ordering;

/// Sorts `items` stably by `compare`.
pub fn sort_by<T>(items: &mut [T], mut compare: impl FnMut(&T, &T) -> Ordering) {
    for i in 1..items.len() {
        let (sorted, rest) = items.split_at(i);
        let item = &rest[0];
        let at = sorted.partition_point(|x| compare(x, item) != Ordering::Greater);
        items[at..=i].rotate_right(1);
    }
}

/// Sorts `items` stably in their natural order.
pub fn sort<T: Ord>(items: &mut [T]) {
    sort_by(items, T::cmp);
}

/// Sorts `items` stably by the key `key` gives each.
pub fn sort_by_key<T, K: Ord>(items: &mut [T], mut key: impl FnMut(&T) -> K) {
    sort_by(items, |a, b| key(a).cmp(&key(b)));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sorts_like_the_standard_library_and_keeps_equal_items_in_order() {
        let mut seed = 7u32;
        for len in [0usize, 1, 2, 3, 8, 17, 64, 300] {
            let items: Vec<(u8, usize)> = (0..len)
                .map(|i| {
                    seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                    ((seed >> 16) as u8 % 5, i)
                })
                .collect();
            let mut ours = items.clone();
            sort_by_key(&mut ours, |&(k, _)| k);
            let mut std_sorted = items.clone();
            std_sorted.sort_by_key(|&(k, _)| k);
            assert_eq!(ours, std_sorted, "len {len}");
            let mut whole = items.clone();
            sort(&mut whole);
            let mut std_whole = items;
            std_whole.sort();
            assert_eq!(whole, std_whole);
        }
    }
}
