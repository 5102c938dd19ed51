//! A map kept as a list sorted by key, for the page's few per-hand analyses
//! (grades and pars by hand). It does what they need of a `BTreeMap` in a
//! fraction of the download: a B-tree's insert, entry, clone and drop are
//! instantiated for every key and value type, about 5 KB of wasm each.

/// Entries sorted by key, each key once.
#[derive(Clone, Debug, PartialEq)]
pub struct SmallMap<K, V> {
    entries: Vec<(K, V)>,
}

impl<K, V> Default for SmallMap<K, V> {
    fn default() -> Self {
        SmallMap {
            entries: Vec::new(),
        }
    }
}

impl<K: Ord, V> SmallMap<K, V> {
    fn find(&self, key: &K) -> Result<usize, usize> {
        self.entries.binary_search_by(|(k, _)| k.cmp(key))
    }

    pub fn get(&self, key: &K) -> Option<&V> {
        self.find(key).ok().map(|at| &self.entries[at].1)
    }

    /// Sets `key`'s value; the one it replaces, if any.
    pub fn insert(&mut self, key: K, value: V) -> Option<V> {
        match self.find(&key) {
            Ok(at) => Some(std::mem::replace(&mut self.entries[at].1, value)),
            Err(at) => {
                self.entries.insert(at, (key, value));
                None
            }
        }
    }

    /// `key`'s value, made by `make` first if there is none.
    pub fn get_or_insert_with(&mut self, key: K, make: impl FnOnce() -> V) -> &mut V {
        let at = match self.find(&key) {
            Ok(at) => at,
            Err(at) => {
                self.entries.insert(at, (key, make()));
                at
            }
        };
        &mut self.entries[at].1
    }

    /// Keeps the entries whose key `keep` accepts.
    pub fn retain_keys(&mut self, mut keep: impl FnMut(&K) -> bool) {
        self.entries.retain(|(k, _)| keep(k));
    }
}

#[cfg(test)]
mod tests {
    use super::SmallMap;

    #[test]
    fn behaves_as_a_sorted_map() {
        let mut map = SmallMap::default();
        assert_eq!(map.insert(3, "c"), None);
        assert_eq!(map.insert(1, "a"), None);
        assert_eq!(map.insert(3, "C"), Some("c"));
        assert_eq!(map.get(&3), Some(&"C"));
        assert_eq!(map.get(&2), None);
        *map.get_or_insert_with(2, || "b") = "B";
        assert_eq!(map.get_or_insert_with(2, || "x"), &mut "B");
        map.retain_keys(|&k| k <= 2);
        assert_eq!(map.get(&3), None);
        assert_eq!((map.get(&1), map.get(&2)), (Some(&"a"), Some(&"B")));
    }
}
