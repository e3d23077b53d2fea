//! The generator's transposition table under a memory cap. Two
//! generations: entries go into the recent map; when it has taken half the
//! cap, it becomes the older map and the older one is dropped. An entry
//! read or written while in the older map moves back into the recent one,
//! so what the search keeps using survives and what it has left behind
//! goes first. A search that reaches the cap goes on with less table: a
//! dropped position is searched again when met again, which costs time,
//! never soundness (every table the search writes is checked by the
//! kernel). Below the cap nothing is dropped.

use std::collections::HashMap;

/// Bytes an entry takes besides its key's own: the map's slot (the key's
/// vector and the value, 48 bytes), its spare capacity and the key's
/// allocation. Measured on a 15x15 box search: about 270 bytes a stored
/// position in all, keys of about 80 bytes and the strategies found
/// included (docs/frontier.md).
const ENTRY_BYTES: usize = 176;

pub struct Table<V> {
    recent: HashMap<Vec<u8>, V>,
    older: HashMap<Vec<u8>, V>,
    recent_bytes: usize,
    cap: usize,
}

impl<V: Copy + Default> Table<V> {
    /// A table taking about `cap` bytes at most.
    pub fn with_cap(cap: usize) -> Table<V> {
        Table {
            recent: HashMap::new(),
            older: HashMap::new(),
            recent_bytes: 0,
            cap,
        }
    }

    pub fn get(&mut self, key: &[u8]) -> Option<V> {
        if let Some(&value) = self.recent.get(key) {
            return Some(value);
        }
        let (key, value) = self.older.remove_entry(key)?;
        self.insert(key, value);
        Some(value)
    }

    /// Changes the entry of `key` (a default one when absent).
    pub fn update(&mut self, key: Vec<u8>, change: impl FnOnce(&mut V)) {
        if let Some(value) = self.recent.get_mut(&key) {
            change(value);
            return;
        }
        let mut value = self.older.remove(&key).unwrap_or_default();
        change(&mut value);
        self.insert(key, value);
    }

    fn insert(&mut self, key: Vec<u8>, value: V) {
        if self.recent_bytes >= self.cap / 2 {
            self.older = std::mem::take(&mut self.recent);
            self.recent_bytes = 0;
        }
        self.recent_bytes += key.len() + ENTRY_BYTES;
        self.recent.insert(key, value);
    }

    /// Positions held.
    pub fn len(&self) -> usize {
        self.recent.len() + self.older.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(n: u32) -> Vec<u8> {
        n.to_le_bytes().to_vec()
    }

    #[test]
    fn below_the_cap_nothing_is_dropped() {
        let mut table: Table<u32> = Table::with_cap(1 << 30);
        for n in 0..10_000 {
            table.update(key(n), |value| *value = n + 1);
        }
        assert_eq!(table.len(), 10_000);
        assert!((0..10_000).all(|n| table.get(&key(n)) == Some(n + 1)));
    }

    #[test]
    fn at_the_cap_the_least_recently_used_generation_goes() {
        // Room for 20 entries: each generation holds 10.
        let mut table: Table<u32> = Table::with_cap(20 * (4 + ENTRY_BYTES));
        for n in 0..10 {
            table.update(key(n), |value| *value = n);
        }
        // Entry 3 is read while the next ten are written, so it moves
        // into their generation and survives the switch after them.
        for n in 10..20 {
            table.update(key(n), |value| *value = n);
            if n == 15 {
                assert_eq!(table.get(&key(3)), Some(3));
            }
        }
        for n in 20..25 {
            table.update(key(n), |value| *value = n);
        }
        assert_eq!(table.get(&key(0)), None);
        assert_eq!(table.get(&key(3)), Some(3));
        assert_eq!(table.get(&key(19)), Some(19));
        assert!(table.len() <= 21, "{}", table.len());
        // An update of a dropped entry starts from the default.
        table.update(key(1), |value| *value += 100);
        assert_eq!(table.get(&key(1)), Some(100));
    }
}
