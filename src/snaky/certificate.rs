//! The JSON certificate of a Snaky table check. One node per line (layout
//! depth 2), so `git diff` of two certificates shows which nodes changed.
//! The format is documented in docs/formats/snaky.md.

use super::check::Choice;
use super::evaluate::{ChildSource, EvaluatedNode};
use super::geometry::Cell;
use super::place::Condition;
use super::summary::{Counts, Table1Row};
use super::SnakyRun;
use crate::cert::json::write_certificate_json_with_array;
use crate::cert::{Check, ClaimRecord, InputRecord};
use serde::Serialize;
use std::io::Write;

/// Bumped whenever a reader of the certificate would need to change.
pub const FORMAT_VERSION: u32 = 3;

/// Certificates larger than this (64 MiB, the kernel's file limit) are refused:
/// no honest table comes near it, and an auditor must be able to load it.
pub const MAX_CERTIFICATE_BYTES: usize = 64 << 20;

#[derive(Debug, Serialize)]
pub struct SnakyCertificate {
    pub kind: &'static str,
    pub format: u32,
    pub verdict: &'static str,
    pub shape: Vec<Cell>,
    pub bound: u32,
    pub board: Option<u32>,
    pub input: InputRecord,
    pub counts: Counts,
    pub final_card: FinalCard,
    pub claims: Vec<ClaimRecord>,
    pub table1: Vec<Table1Row>,
    pub checks: Vec<Check>,
    pub diagnosis: Vec<String>,
    pub bases: Vec<BaseRecord>,
    // Then `nodes`, one [`NodeRecord`] each: see [`certificate_json`].
}

#[derive(Debug, Serialize)]
pub struct FinalCard {
    pub card: u32,
    pub pivot: Cell,
    pub required: Vec<Cell>,
    pub envelope_size: usize,
    pub height: u32,
}

#[derive(Debug, Serialize)]
pub struct BaseRecord {
    pub card: u32,
    pub required: Vec<Cell>,
    pub envelope: Vec<Cell>,
    pub height: u32,
}

/// A node record (format 3, docs/formats/snaky.md), written by hand into
/// the certificate's buffer: it is most of the certificate, and writing it
/// token by token through serde cost about 30 instructions a byte. A test
/// compares it with serde_json's output for the same record.
///
/// `{"id":i,"card":c,"path":[..],"pivot":[x,y],"required":[[x,y],..],
/// "height":h,"children":[[card,orientation,x,y] or [node],..],
/// "replies":[child or null,..],"outside":child}`: the envelope T is not
/// recorded (the kernel derives it by Lemma 3), and `replies` lists the
/// chosen child of each cell of T \ (A ∪ {p}) in (x, y) order.
fn write_node_record(out: &mut Vec<u8>, run: &SnakyRun, id: usize, node: &EvaluatedNode) {
    let window = &run.evaluation.window;
    let (outside, cells) =
        (run.replies.of_node(id).split_last()).expect("every node has an outside class");
    let mut json = RecordWriter(out);
    json.raw(b"{\"id\":");
    json.int(id);
    json.raw(b",\"card\":");
    json.int(node.card);
    json.raw(b",\"path\":[");
    json.separated(node.path.iter(), |json, &step| json.int(step));
    json.raw(b"],\"pivot\":");
    json.cell(node.pivot);
    json.raw(b",\"required\":[");
    json.separated(window.cells(&node.condition.required), RecordWriter::cell);
    json.raw(b"],\"height\":");
    json.int(node.condition.height);
    json.raw(b",\"children\":[");
    json.separated(node.children.iter(), |json, child| json.child(child.source));
    json.raw(b"],\"replies\":[");
    json.separated(cells.iter(), |json, &choice| json.chosen(choice));
    json.raw(b"],\"outside\":");
    json.chosen(*outside);
    json.byte(b'}');
}

/// Compact JSON of integers, cells and lists, appended to a buffer (the
/// caller's buffer has room for a piece and a record: see
/// [`write_certificate_json_with_array`]).
struct RecordWriter<'a>(&'a mut Vec<u8>);

impl RecordWriter<'_> {
    fn byte(&mut self, byte: u8) {
        self.0.push(byte);
    }

    fn raw(&mut self, text: &[u8]) {
        self.0.extend_from_slice(text);
    }

    /// Most numbers in a record (coordinates, child indices) are one digit.
    fn int<I: itoa::Integer + TryInto<u8> + Copy>(&mut self, value: I) {
        match value.try_into() {
            Ok(digit @ 0..=9) => self.0.push(b'0' + digit),
            _ => self
                .0
                .extend_from_slice(itoa::Buffer::new().format(value).as_bytes()),
        }
    }

    /// `items` written by `write`, separated by commas (the brackets are
    /// the caller's, written with the keys around them).
    fn separated<T>(
        &mut self,
        items: impl Iterator<Item = T>,
        mut write: impl FnMut(&mut Self, T),
    ) {
        for (index, item) in items.enumerate() {
            if index > 0 {
                self.byte(b',');
            }
            write(self, item);
        }
    }

    /// `x,y`
    fn coordinates(&mut self, cell: Cell) {
        self.int(cell.x);
        self.byte(b',');
        self.int(cell.y);
    }

    /// Nearly every cell has one-digit coordinates: those are one copy.
    fn cell(&mut self, cell: Cell) {
        match (u8::try_from(cell.x), u8::try_from(cell.y)) {
            (Ok(x @ 0..=9), Ok(y @ 0..=9)) => self.raw(&[b'[', b'0' + x, b',', b'0' + y, b']']),
            _ => {
                self.byte(b'[');
                self.coordinates(cell);
                self.byte(b']');
            }
        }
    }

    /// `[card,orientation,x,y]` for a placed card, `[node]` for an inline node.
    fn child(&mut self, source: ChildSource) {
        self.byte(b'[');
        match source {
            ChildSource::Card { card, placement } => {
                self.int(card);
                self.byte(b',');
                self.int(placement.orientation.code());
                self.byte(b',');
                self.coordinates(placement.offset);
            }
            ChildSource::Inline { node } => self.int(node),
        }
        self.byte(b']');
    }

    fn chosen(&mut self, choice: Choice) {
        match choice.chosen() {
            Some(child) => self.int(child),
            None => self.raw(b"null"),
        }
    }
}

pub fn certificate(run: &SnakyRun) -> SnakyCertificate {
    let evaluation = &run.evaluation;
    let window = &evaluation.window;
    let last = evaluation.final_node();
    let base_record = |card: usize, condition: &Condition| BaseRecord {
        card: card as u32,
        required: window.to_vec(&condition.required),
        envelope: window.to_vec(&condition.envelope),
        height: condition.height,
    };
    SnakyCertificate {
        kind: "snaky",
        format: FORMAT_VERSION,
        verdict: if run.claim.holds() {
            "certified"
        } else {
            "refuted"
        },
        shape: evaluation.shape.cells().to_vec(),
        bound: run.claim.bound,
        board: run.claim.board,
        input: run.input.clone(),
        counts: run.counts.clone(),
        final_card: FinalCard {
            card: last.card,
            pivot: last.pivot,
            required: window.to_vec(&last.condition.required),
            envelope_size: last.condition.envelope.len(),
            height: last.condition.height,
        },
        claims: run.claims.clone(),
        table1: run.table1.clone(),
        checks: run.checks.clone(),
        diagnosis: run.diagnosis.clone(),
        bases: (evaluation.base_cards.iter())
            .enumerate()
            .map(|(card, condition)| base_record(card, condition))
            .collect(),
    }
}

/// The certificate, then its last field `nodes`, one node record per line
/// (compactly, as the layout writes anything below depth 2), each written
/// straight from the evaluation as it comes.
pub fn write_certificate(run: &SnakyRun, out: &mut dyn Write) -> Result<(), serde_json::Error> {
    let nodes = &run.evaluation.nodes;
    write_certificate_json_with_array(
        out,
        &certificate(run),
        "nodes",
        nodes.len(),
        |id, buffer| {
            write_node_record(buffer, run, id, &nodes[id]);
            Ok(())
        },
    )
}

/// The certificate as one string (see [`write_certificate`]).
pub fn certificate_json(run: &SnakyRun) -> String {
    let mut json = Vec::with_capacity(estimated_bytes(run));
    write_certificate(run, &mut json).expect("certificate records serialise");
    String::from_utf8(json).expect("serde_json writes UTF-8")
}

/// About 8 bytes per listed cell or child, 2 per reply class.
fn estimated_bytes(run: &SnakyRun) -> usize {
    let cells: usize = (run.evaluation.nodes.iter())
        .map(|n| n.condition.required.len() + n.children.len())
        .sum::<usize>();
    cells
        .saturating_mul(8)
        .saturating_add(run.counts.reply_classes.saturating_mul(2))
}

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("the certificate would have {bytes} bytes, more than the {max} gamecert writes")]
pub struct TooLarge {
    pub bytes: usize,
    pub max: usize,
}

/// The certificate's JSON, or an error when it exceeds
/// [`MAX_CERTIFICATE_BYTES`] (estimated from the cells it lists before
/// anything is written: about 8 bytes per listed cell).
pub fn bounded_certificate_json(run: &SnakyRun) -> Result<String, TooLarge> {
    refuse_estimated_too_large(run)?;
    let json = certificate_json(run);
    if json.len() > MAX_CERTIFICATE_BYTES {
        return Err(TooLarge {
            bytes: json.len(),
            max: MAX_CERTIFICATE_BYTES,
        });
    }
    Ok(json)
}

/// Refuses a certificate whose estimated size exceeds
/// [`MAX_CERTIFICATE_BYTES`], before anything is written.
pub fn refuse_estimated_too_large(run: &SnakyRun) -> Result<(), TooLarge> {
    let estimate = estimated_bytes(run);
    if estimate > MAX_CERTIFICATE_BYTES {
        return Err(TooLarge {
            bytes: estimate,
            max: MAX_CERTIFICATE_BYTES,
        });
    }
    Ok(())
}

/// Streams the certificate into `out` (see [`write_certificate`]), failing
/// with [`TooLarge`] (as an I/O error) once it exceeds
/// [`MAX_CERTIFICATE_BYTES`]: a caller writing a file atomically then keeps
/// the old one.
pub fn write_bounded_certificate(run: &SnakyRun, out: &mut dyn Write) -> std::io::Result<()> {
    refuse_estimated_too_large(run).map_err(std::io::Error::other)?;
    let mut bounded = Bounded { out, written: 0 };
    write_certificate(run, &mut bounded).map_err(std::io::Error::from)
}

/// A writer that refuses to pass more than [`MAX_CERTIFICATE_BYTES`].
struct Bounded<'a> {
    out: &'a mut dyn Write,
    written: usize,
}

impl Write for Bounded<'_> {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        let bytes_after = self.written.saturating_add(bytes.len());
        if bytes_after > MAX_CERTIFICATE_BYTES {
            return Err(std::io::Error::other(TooLarge {
                bytes: bytes_after,
                max: MAX_CERTIFICATE_BYTES,
            }));
        }
        let written = self.out.write(bytes)?;
        self.written += written;
        Ok(written)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.out.flush()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::snaky::check_table;
    use crate::snaky::geometry::Cell;

    /// A node record as serde would write it: the format's definition.
    #[derive(Serialize)]
    struct SerdeNodeRecord {
        id: usize,
        card: u32,
        path: Vec<u32>,
        pivot: Cell,
        required: Vec<Cell>,
        height: u32,
        children: Vec<Vec<i64>>,
        replies: Vec<Option<usize>>,
        outside: Option<usize>,
    }

    fn serde_record(run: &SnakyRun, id: usize, node: &EvaluatedNode) -> String {
        let choices = run.replies.of_node(id);
        let (outside, cells) = choices.split_last().unwrap();
        let children = node.children.iter().map(|child| match child.source {
            ChildSource::Card { card, placement } => vec![
                i64::from(card),
                i64::from(placement.orientation.code()),
                i64::from(placement.offset.x),
                i64::from(placement.offset.y),
            ],
            ChildSource::Inline { node } => vec![node as i64],
        });
        serde_json::to_string(&SerdeNodeRecord {
            id,
            card: node.card,
            path: node.path.to_vec(),
            pivot: node.pivot,
            required: run.evaluation.window.to_vec(&node.condition.required),
            height: node.condition.height,
            children: children.collect(),
            replies: cells.iter().map(|c| c.chosen()).collect(),
            outside: outside.chosen(),
        })
        .unwrap()
    }

    fn assert_records_match_serde(name: &str, bytes: &[u8]) {
        let run = check_table(name, bytes, 21).unwrap();
        for (id, node) in run.evaluation.nodes.iter().enumerate() {
            let mut written = Vec::new();
            write_node_record(&mut written, &run, id, node);
            assert_eq!(
                String::from_utf8(written).unwrap(),
                serde_record(&run, id, node),
                "{name}: {}",
                node.label()
            );
        }
    }

    #[test]
    fn hand_written_node_records_are_what_serde_writes() {
        for table in ["snaky21-cards.txt", "snaky20-kaiasage.txt"] {
            let path = format!(
                "{}/certificates/sources/{table}",
                env!("CARGO_MANIFEST_DIR")
            );
            assert_records_match_serde(table, &std::fs::read(&path).unwrap());
        }
    }

    #[test]
    fn records_with_negative_and_two_digit_numbers_are_what_serde_writes() {
        // Orientation 6 negates both coordinates (cells below zero), and
        // card 8 is placed far from the origin (two-digit coordinates).
        let table = b"6 14 4:100 5:101\n7 00 (11 6:600 0) 1\n8 AB 7:6CD 7:0E0\n";
        let run = check_table("small", table, 21).unwrap();
        let mut last = Vec::new();
        write_node_record(&mut last, &run, 3, run.evaluation.final_node());
        let last = String::from_utf8(last).unwrap();
        assert!(
            last.contains("[14,-4]") && last.contains("[7,6,12,13]"),
            "{last}"
        );
        assert_records_match_serde("small", table);
    }
}
