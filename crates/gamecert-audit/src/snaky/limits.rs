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

/// The limits on what a certificate declares by its array lengths.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    pub nodes: u64,
    pub cells: u64,
    pub children: u64,
}

pub const LIMITS: Limits = Limits {
    nodes: MAX_NODES,
    cells: MAX_CELLS,
    children: MAX_CHILDREN,
};

/// The sizes the certificate declares by its array lengths, against the
/// limits. Unreadable parts count as empty: they fail when read.
pub fn check(cert: &Value) -> Result<(), Fault> {
    check_with(cert, LIMITS)
}

pub fn check_with(cert: &Value, limits: Limits) -> Result<(), Fault> {
    let nodes = array(cert, "nodes").map_or(&[][..], Vec::as_slice);
    let bases = array(cert, "bases").map_or(&[][..], Vec::as_slice);
    over("nodes", nodes.len() as u64, limits.nodes)?;
    let mut cells = 0u64;
    let mut children = 0u64;
    for record in bases.iter().chain(nodes) {
        // A base records its envelope; a node, one chosen child per reply class.
        cells += len(record, "required") + len(record, "envelope") + len(record, "replies");
        children += len(record, "children");
    }
    over("recorded cells", cells, limits.cells)?;
    over("child references", children, limits.children)
}

pub fn over(what: &'static str, found: u64, limit: u64) -> Result<(), Fault> {
    if found > limit {
        Err(Fault::Limit { what, found, limit })
    } else {
        Ok(())
    }
}

/// Cells of a conditional card's frame (its bounding box), each tested
/// for the excluded-cells evidence (the Lean table's frame has 1,089).
pub const MAX_FRAME: u64 = 1_000_000;
/// Cells of the envelopes derived from the nodes, all nodes together
/// (the 19-move table derives 80,480); at roughly 40 bytes a cell this
/// bounds their memory. Checked before each envelope is built, with that
/// envelope's estimate (the sum below).
pub const MAX_DERIVED: u64 = 1_000_000;
/// One derived envelope's estimate before it is built: 1 + the sizes of
/// its children's envelopes (the 19-move table's largest is 4,520).
pub const MAX_ENVELOPE: u64 = 100_000;
/// Faults a report lists; the rest are counted in one `Fault::Omitted`.
pub const MAX_FAULTS: usize = 100;
/// Cells a fault message names; the rest are counted.
pub const MAX_SHOWN_CELLS: usize = 16;
/// Characters of a recorded or derived text a fault message quotes.
pub const MAX_SHOWN_TEXT: usize = 400;

/// Keeps the first [`MAX_FAULTS`] faults; returns how many it dropped.
pub fn cap(faults: &mut Vec<Fault>) -> u64 {
    let dropped = faults.len().saturating_sub(MAX_FAULTS);
    faults.truncate(MAX_FAULTS);
    dropped as u64
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn declared_sizes_are_summed_over_bases_and_nodes() {
        let cert = json!({
            "bases": [{"required": [[0, 0]], "envelope": [[0, 0], [1, 0]]}],
            "nodes": [
                {"required": [], "children": [[0], [1]], "replies": [0, 1]},
                {"children": [[0]]},
                {"required": [[0, 0]], "children": [[0]], "replies": [0, null]}
            ]
        });
        let at = |nodes, cells, children| {
            check_with(
                &cert,
                Limits {
                    nodes,
                    cells,
                    children,
                },
            )
        };
        assert_eq!(at(3, 8, 4), Ok(()));
        let fault = |what, found, limit| Err(Fault::Limit { what, found, limit });
        assert_eq!(at(2, 8, 4), fault("nodes", 3, 2));
        assert_eq!(at(3, 7, 4), fault("recorded cells", 8, 7));
        assert_eq!(at(3, 8, 3), fault("child references", 4, 3));
    }
}
