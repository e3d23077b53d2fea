//! The transposition table: slots four to a bucket, under a memory cap
//! fixed when the table is made. It starts small and doubles (each of its
//! stripes on its own) as it fills, up to the cap, so a small question
//! touches few pages and a large one gets the whole cap; at the cap a full
//! bucket gives up the slot whose subtree took the least work, so a search
//! that fills the table keeps going with less of it instead of aborting or
//! swapping. Losing a slot costs time, never exactness: a lost proof is
//! found again.
//!
//! The table is cut into stripes, each behind its own lock, so that two
//! threads can share it.

use super::hypergraph::Cells;
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::sync::Mutex;

/// What the search knows of one canonical position with a given player to
/// move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Record {
    /// Least budget proven to win (`NONE`: none).
    pub win: u8,
    /// Greatest budget proven not to win (0: none beyond the trivial).
    pub fail: u8,
    /// The budget the working numbers below belong to.
    pub budget: u8,
    /// Whether a pairing leaf was looked for here and not found.
    pub pairing_tried: bool,
    /// Proof and disproof numbers at `budget`.
    pub pn: u32,
    pub dn: u32,
    /// Nodes spent below this position (saturating): the replacement key.
    pub work: u32,
}

/// The `win` of a position no budget is known to win from.
pub const NONE: u8 = u8::MAX;

impl Record {
    pub const FRESH: Record = Record {
        win: NONE,
        fail: 0,
        budget: 0,
        pairing_tried: false,
        pn: 1,
        dn: 1,
        work: 0,
    };
}

/// The key of a table slot: a canonical position and whose turn it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Key {
    pub first: Cells,
    pub second: Cells,
    pub first_to_move: bool,
}

const WAYS: usize = 4;
const STRIPES: usize = 64;
/// Buckets a stripe starts with: 64 stripes of 64 buckets take 768 KiB.
const FIRST_BUCKETS: usize = 64;
/// Bytes a slot takes (six words).
pub const SLOT_BYTES: usize = 48;

type Slot = [u64; 6];

pub struct Table {
    stripes: Vec<Mutex<Stripe>>,
    /// Buckets a stripe may grow to, a power of two (the memory cap).
    max_buckets: usize,
}

/// One stripe's slots (a power of two of buckets) and how many are taken.
struct Stripe {
    slots: Vec<Slot>,
    filled: usize,
}

impl Table {
    /// A table taking at most `bytes` (at least one bucket a stripe).
    pub fn with_bytes(bytes: usize) -> Table {
        let slots = (bytes / SLOT_BYTES).max(STRIPES * WAYS);
        let per_stripe = slots / STRIPES / WAYS;
        let max_buckets = 1usize << (usize::BITS - 1 - per_stripe.leading_zeros());
        let first = FIRST_BUCKETS.min(max_buckets);
        Table {
            stripes: (0..STRIPES)
                .map(|_| {
                    Mutex::new(Stripe {
                        slots: written_slots(first * WAYS),
                        filled: 0,
                    })
                })
                .collect(),
            max_buckets,
        }
    }

    /// Slots in the whole table at its cap.
    pub fn capacity(&self) -> usize {
        STRIPES * self.max_buckets * WAYS
    }

    pub fn get(&self, key: Key) -> Option<Record> {
        let hash = hash(key);
        let stripe = self.stripes[stripe_of(hash)].lock().ok()?;
        let index = stripe.find(hash, key)?;
        Some(decode(&stripe.slots[index]))
    }

    pub fn put(&self, key: Key, record: Record) {
        let hash = hash(key);
        let Ok(mut stripe) = self.stripes[stripe_of(hash)].lock() else {
            return;
        };
        let slot = encode(key, record);
        if let Some(index) = stripe.find(hash, key) {
            stripe.slots[index] = slot;
            return;
        }
        // Below the cap nothing is given up: the stripe doubles until one
        // of the key's buckets has a free way (a doubling may leave all
        // their records in the key's halves).
        if (stripe.filled + 1) * 4 > stripe.slots.len() * 3 && stripe.buckets() < self.max_buckets {
            stripe.grow();
        }
        let mut free = stripe.free_way(hash);
        while free.is_none() && stripe.buckets() < self.max_buckets {
            stripe.grow();
            free = stripe.free_way(hash);
        }
        stripe.insert(hash, free, slot);
    }

    /// Occupied slots.
    pub fn filled(&self) -> usize {
        self.stripes
            .iter()
            .filter_map(|stripe| stripe.lock().ok())
            .map(|stripe| stripe.filled)
            .sum()
    }

    /// The `limit` records whose subtrees took the most work, costliest
    /// first, ties in key order (a scan of the whole table, for saving the
    /// search's state). A heap of `limit` entries keeps the memory to them,
    /// however full the table.
    pub fn costliest(&self, limit: usize) -> Vec<(Key, Record)> {
        // Ranked so that the less work, the greater, and equal work by key:
        // the max-heap keeps the worst record kept on top. Keys are unique,
        // so the slot itself never decides.
        type Ranked = (Reverse<u32>, u128, u128, bool, Slot);
        let mut kept: BinaryHeap<Ranked> = BinaryHeap::with_capacity(limit.min(1 << 20));
        for stripe in self.stripes.iter().filter_map(|stripe| stripe.lock().ok()) {
            for slot in stripe.slots.iter().filter(|slot| slot[4] & OCCUPIED != 0) {
                let key = key_of(slot);
                let work = decode(slot).work;
                let ranked = (
                    Reverse(work),
                    key.first,
                    key.second,
                    key.first_to_move,
                    *slot,
                );
                if kept.len() < limit {
                    kept.push(ranked);
                } else if kept.peek().is_some_and(|worst| ranked < *worst) {
                    kept.pop();
                    kept.push(ranked);
                }
            }
        }
        let sorted = kept.into_sorted_vec();
        sorted
            .into_iter()
            .map(|(.., slot)| (key_of(&slot), decode(&slot)))
            .collect()
    }
}

/// The stripe is taken from the hash's top bits, the bucket from its
/// bottom ones.
fn stripe_of(hash: u64) -> usize {
    (hash >> 58) as usize % STRIPES
}

impl Stripe {
    fn buckets(&self) -> usize {
        self.slots.len() / WAYS
    }

    /// A key's two buckets: the first from the hash's low bits, the
    /// second from its bits 32 and up. With one bucket a key, one crowded
    /// bucket doubled its stripe however empty the rest: the L pentomino's
    /// 7x7 table within 9 grew to ten times its records' size, and its
    /// look-ups missed the cache.
    fn buckets_of(&self, hash: u64) -> [std::ops::Range<usize>; 2] {
        let mask = self.buckets() - 1;
        [hash as usize & mask, (hash >> 32) as usize & mask].map(|bucket| {
            let start = bucket * WAYS;
            start..start + WAYS
        })
    }

    /// The slot holding `key`.
    fn find(&self, hash: u64, key: Key) -> Option<usize> {
        let [first, second] = self.buckets_of(hash);
        let holding = |bucket: std::ops::Range<usize>| {
            let ways = &self.slots[bucket.clone()];
            let way = ways.iter().position(|slot| holds(slot, key))?;
            Some(bucket.start + way)
        };
        holding(first).or_else(|| holding(second))
    }

    /// A free way of the key's emptier bucket (the first on a tie): the
    /// two choices keep the buckets even only if each key goes to the
    /// less loaded one.
    fn free_way(&self, hash: u64) -> Option<usize> {
        let [first, second] = self.buckets_of(hash);
        let more_free =
            self.free_ways(second.clone()).count() > self.free_ways(first.clone()).count();
        let emptier = if more_free { second } else { first };
        self.free_ways(emptier).next()
    }

    /// The free ways of `bucket`.
    fn free_ways(&self, bucket: std::ops::Range<usize>) -> impl Iterator<Item = usize> + '_ {
        bucket.filter(|&index| self.slots[index][4] & OCCUPIED == 0)
    }

    /// Puts a key not in the table into one of its buckets: into `free`
    /// (a free way of them, from [`Stripe::free_way`]), else in place of
    /// the way whose subtree took the least work.
    fn insert(&mut self, hash: u64, free: Option<usize>, slot: Slot) {
        if let Some(index) = free {
            self.slots[index] = slot;
            self.filled += 1;
            return;
        }
        let ways = self.buckets_of(hash).into_iter().flatten();
        if let Some(index) = ways.min_by_key(|&index| self.slots[index][4] >> 32) {
            self.slots[index] = slot;
        }
    }

    /// Twice the buckets, every record moved to the new bucket of the
    /// same choice (first or second) it sat in. A new bucket then gets
    /// records from one old bucket only, so there is room for them all;
    /// moved by first choice first, a record could find both of its new
    /// buckets full and be lost below the cap.
    fn grow(&mut self) {
        let doubled = written_slots(self.slots.len() * 2);
        let old = std::mem::replace(&mut self.slots, doubled);
        let old_mask = old.len() / WAYS - 1;
        for (index, slot) in old.into_iter().enumerate() {
            if slot[4] & OCCUPIED == 0 {
                continue;
            }
            let hash = hash(key_of(&slot));
            let choice = usize::from(hash as usize & old_mask != index / WAYS);
            let bucket = self.buckets_of(hash)[choice].clone();
            let way = self.free_ways(bucket).next();
            if let Some(way) = way {
                self.slots[way] = slot;
            }
        }
    }
}

/// `count` empty slots, every page written now: zeroed memory from the
/// allocator maps the zero page, so a look-up in a fresh page and the
/// store after it cost two page faults instead of one (the second took 6%
/// of `perf`'s samples on the L pentomino's 7x7 search; its CPU time in
/// interleaved runs was the same either way).
fn written_slots(count: usize) -> Vec<Slot> {
    let mut slots = Vec::with_capacity(count);
    slots.resize(count, [0u64; 6]);
    slots
}

const OCCUPIED: u64 = 1;
const FIRST_TO_MOVE: u64 = 2;
const PAIRING_TRIED: u64 = 4;

/// Every bit of the key reaches every bit of the hash: with the second
/// player's cells folded into the high bits only, positions with the same
/// first-player cells shared a few buckets and evicted one another, and
/// df-pn re-expanded them forever (N pentomino 5x5 within 8 moves: 3
/// million nodes over 8,430 entries, unsettled; now 14,218 nodes).
fn hash(key: Key) -> u64 {
    let words = [
        key.first as u64,
        (key.first >> 64) as u64,
        key.second as u64,
        (key.second >> 64) as u64,
        u64::from(key.first_to_move),
    ];
    words
        .iter()
        .fold(0x243f_6a88_85a3_08d3, |h, &word| mix(h ^ word))
}

/// The splitmix64 finaliser: a bijection on 64 bits with full avalanche.
fn mix(mut x: u64) -> u64 {
    x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    x ^ (x >> 31)
}

fn holds(slot: &Slot, key: Key) -> bool {
    slot[4] & OCCUPIED != 0
        && (slot[4] & FIRST_TO_MOVE != 0) == key.first_to_move
        && slot[0] == key.first as u64
        && slot[1] == (key.first >> 64) as u64
        && slot[2] == key.second as u64
        && slot[3] == (key.second >> 64) as u64
}

fn key_of(slot: &Slot) -> Key {
    Key {
        first: u128::from(slot[0]) | u128::from(slot[1]) << 64,
        second: u128::from(slot[2]) | u128::from(slot[3]) << 64,
        first_to_move: slot[4] & FIRST_TO_MOVE != 0,
    }
}

fn encode(key: Key, record: Record) -> Slot {
    let flags = OCCUPIED
        | if key.first_to_move { FIRST_TO_MOVE } else { 0 }
        | if record.pairing_tried {
            PAIRING_TRIED
        } else {
            0
        };
    let meta = flags
        | u64::from(record.win) << 8
        | u64::from(record.fail) << 16
        | u64::from(record.budget) << 24
        | u64::from(record.work) << 32;
    [
        key.first as u64,
        (key.first >> 64) as u64,
        key.second as u64,
        (key.second >> 64) as u64,
        meta,
        u64::from(record.pn) | u64::from(record.dn) << 32,
    ]
}

fn decode(slot: &Slot) -> Record {
    let meta = slot[4];
    Record {
        win: (meta >> 8) as u8,
        fail: (meta >> 16) as u8,
        budget: (meta >> 24) as u8,
        pairing_tried: meta & PAIRING_TRIED != 0,
        pn: slot[5] as u32,
        dn: (slot[5] >> 32) as u32,
        work: (meta >> 32) as u32,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(first: Cells, first_to_move: bool) -> Key {
        Key {
            first,
            second: first << 1,
            first_to_move,
        }
    }

    #[test]
    fn a_record_reads_back_as_written() {
        let table = Table::with_bytes(1 << 20);
        let record = Record {
            win: 7,
            fail: 3,
            budget: 5,
            pairing_tried: true,
            pn: 12,
            dn: u32::MAX,
            work: 99,
        };
        table.put(key(1 << 100 | 5, true), record);
        assert_eq!(table.get(key(1 << 100 | 5, true)), Some(record));
        assert_eq!(table.get(key(1 << 100 | 5, false)), None);
        assert_eq!(table.filled(), 1);
    }

    #[test]
    fn a_table_below_its_cap_grows_and_gives_up_nothing() {
        // A cap of 1 GiB, of which the records need a few MiB: only what
        // they need is allocated.
        let table = Table::with_bytes(1 << 30);
        let count = 200_000u128;
        for i in 1..=count {
            let record = Record {
                work: i as u32,
                ..Record::FRESH
            };
            table.put(key(i, i % 2 == 0), record);
        }
        assert_eq!(table.filled(), count as usize);
        // Grown by the fill, not by its most crowded bucket.
        let allocated: usize = (table.stripes.iter())
            .map(|stripe| stripe.lock().unwrap().slots.len())
            .sum();
        assert!(allocated <= 3 * count as usize, "{allocated} slots");
        for i in 1..=count {
            let record = table.get(key(i, i % 2 == 0)).expect("kept");
            assert_eq!(record.work, i as u32);
        }
    }

    #[test]
    fn a_full_table_keeps_the_costliest_records() {
        let table = Table::with_bytes(0);
        let capacity = table.capacity();
        for i in 0..(4 * capacity) as u128 {
            let record = Record {
                work: (i % 1000) as u32,
                ..Record::FRESH
            };
            table.put(key(i + 1, false), record);
        }
        assert!(table.filled() <= capacity);
        let kept: Vec<u32> = (0..(4 * capacity) as u128)
            .filter_map(|i| table.get(key(i + 1, false)))
            .map(|record| record.work)
            .collect();
        assert_eq!(kept.len(), capacity);
        let mean = kept.iter().map(|&w| w as f64).sum::<f64>() / kept.len() as f64;
        assert!(mean > 500.0, "mean work kept {mean}");
    }

    #[test]
    fn the_costliest_records_come_first_ties_in_key_order() {
        let table = Table::with_bytes(1 << 20);
        for (index, work) in [5u32, 3, 5, 1, 9, 5].into_iter().enumerate() {
            let record = Record {
                work,
                ..Record::FRESH
            };
            table.put(key(index as u128 + 1, false), record);
        }
        let kept: Vec<(u128, u32)> = table
            .costliest(4)
            .into_iter()
            .map(|(key, record)| (key.first, record.work))
            .collect();
        assert_eq!(kept, vec![(5, 9), (1, 5), (3, 5), (6, 5)]);
        assert_eq!(table.costliest(100).len(), 6);
    }
}
