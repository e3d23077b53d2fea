//! The auditor's documented limits (docs/formats/snaky-audit.md). They are
//! checked on the parsed JSON's array lengths before any cell set is built,
//! and the work of judging nodes is counted as it goes, so no input can
//! make the audit exhaust memory or run for minutes.

use super::fault::Fault;
use super::read::array;
use serde_json::Value;

/// Combination nodes (the paper's table has 1,620).
pub const MAX_NODES: u64 = 1_000_000;
/// Recorded cells: every required, envelope and reply-class cell of the
/// bases and nodes together (the paper's table records about 90,000).
pub const MAX_CELLS: u64 = 16_000_000;
/// Child references of all nodes together (the paper's table has 4,987).
pub const MAX_CHILDREN: u64 = 4_000_000;
/// Cells visited while judging nodes: each child's recorded sets once per
/// reference, plus one envelope lookup per child for every envelope cell
/// and reply class (the paper's table needs about 0.5 million).
pub const MAX_WORK: u64 = 64_000_000;

fn len(value: &Value, key: &str) -> u64 {
    array(value, key).map_or(0, |list| list.len() as u64)
}

/// The sizes the certificate declares by its array lengths, against the
/// limits. Unreadable parts count as empty: they fail when read.
pub fn check(cert: &Value) -> Result<(), Fault> {
    let nodes = array(cert, "nodes").map_or(&[][..], Vec::as_slice);
    let bases = array(cert, "bases").map_or(&[][..], Vec::as_slice);
    over("nodes", nodes.len() as u64, MAX_NODES)?;
    let mut cells = 0u64;
    let mut children = 0u64;
    for record in bases.iter().chain(nodes) {
        cells += len(record, "required") + len(record, "envelope");
        children += len(record, "children");
        if let Some(replies) = record.get("replies") {
            cells += len(replies, "cells");
        }
    }
    over("recorded cells", cells, MAX_CELLS)?;
    over("child references", children, MAX_CHILDREN)
}

pub fn over(what: &'static str, found: u64, limit: u64) -> Result<(), Fault> {
    if found > limit {
        Err(Fault::Limit { what, found, limit })
    } else {
        Ok(())
    }
}

/// Cells of a conditional card's frame (its bounding box), each tested
/// for the excluded-cells evidence.
pub const MAX_FRAME: u64 = 16_000_000;
