//! Deterministic, diff-friendly JSON. Containers are expanded one entry per
//! line down to a chosen depth and written compactly below it, so a
//! certificate's `git diff` shows which node, row or check changed without
//! spreading every cell over its own line. Key order is the declaration order
//! of the serialised structs; nothing depends on hashing or thread count.
//! Written as a serde_json `Formatter`, so certificates stream straight from
//! their structs without an intermediate `Value` tree.

use serde::Serialize;
use serde_json::ser::Formatter;
use std::io::{self, Write};

/// Serialise `value` with containers expanded down to `expand_depth` levels
/// (1: only the top-level object; 2: also its arrays and objects, one entry
/// per line). The result ends with a newline.
pub fn to_certificate_json<T: Serialize>(
    value: &T,
    expand_depth: usize,
) -> Result<String, serde_json::Error> {
    let mut out = Vec::with_capacity(1 << 16);
    write_layout(value, expand_depth, &mut out)?;
    Ok(String::from_utf8(out).expect("serde_json writes UTF-8"))
}

/// Appends [`to_certificate_json`]'s text to `out`.
fn write_layout<T: Serialize>(
    value: &T,
    expand_depth: usize,
    out: &mut Vec<u8>,
) -> Result<(), serde_json::Error> {
    let formatter = LayoutFormatter {
        depth: 0,
        expand_depth,
        has_value: false,
    };
    let mut serializer = serde_json::Serializer::with_formatter(&mut *out, formatter);
    value.serialize(&mut serializer)?;
    out.push(b'\n');
    Ok(())
}

/// Streams `value`'s layout (as [`to_certificate_json`] with `expand_depth`
/// 2) followed by one more top-level array `key` of `count` entries into
/// `out`: what serialising a struct with that array as its last field
/// gives. Entry i is written compactly into a buffer by
/// `write_item(i, buffer)`, which is handed to `out` in pieces of at least
/// [`PIECE`] bytes. A certificate of megabytes need not be held in memory,
/// and its entries may be written by hand (`write_item` must write one
/// JSON value).
pub fn write_certificate_json_with_array<T: Serialize>(
    out: &mut dyn Write,
    value: &T,
    key: &str,
    count: usize,
    mut write_item: impl FnMut(usize, &mut Vec<u8>) -> Result<(), serde_json::Error>,
) -> Result<(), serde_json::Error> {
    // Twice a piece, so that the buffer is not grown (and copied) when an
    // entry takes it past a piece: it touches a piece and an entry of memory.
    let mut buffer = Vec::with_capacity(2 * PIECE);
    write_layout(value, 2, &mut buffer)?;
    // `value` is an object: its layout ends with "\n}\n" ("{}\n" if empty).
    let has_fields = buffer.ends_with(b"\n}\n");
    buffer.truncate(buffer.len() - 3);
    buffer.extend_from_slice(if has_fields { b",\n  " } else { b"{\n  " });
    serde_json::to_writer(&mut buffer, key)?;
    buffer.extend_from_slice(b": [");
    for index in 0..count {
        buffer.extend_from_slice(if index == 0 { b"\n    " } else { b",\n    " });
        write_item(index, &mut buffer)?;
        if buffer.len() >= PIECE {
            out.write_all(&buffer).map_err(serde_json::Error::io)?;
            buffer.clear();
        }
    }
    buffer.extend_from_slice(if count == 0 { b"]\n}\n" } else { b"\n  ]\n}\n" });
    out.write_all(&buffer).map_err(serde_json::Error::io)
}

/// The size of the pieces [`write_certificate_json_with_array`] writes
/// (32 KiB): each fresh page of buffer costs a page fault, and fewer,
/// larger writes cost system calls.
pub const PIECE: usize = 1 << 15;

struct LayoutFormatter {
    /// Containers currently open.
    depth: usize,
    expand_depth: usize,
    /// Whether the innermost open container has an entry yet.
    has_value: bool,
}

impl LayoutFormatter {
    /// Whether the innermost open container is written one entry per line.
    fn expanded(&self) -> bool {
        self.depth <= self.expand_depth
    }

    fn open<W: ?Sized + Write>(&mut self, writer: &mut W, bracket: &[u8]) -> io::Result<()> {
        self.depth += 1;
        self.has_value = false;
        writer.write_all(bracket)
    }

    fn close<W: ?Sized + Write>(&mut self, writer: &mut W, bracket: &[u8]) -> io::Result<()> {
        let was_expanded = self.expanded();
        self.depth -= 1;
        if was_expanded && self.has_value {
            writer.write_all(b"\n")?;
            indent(writer, self.depth)?;
        }
        writer.write_all(bracket)
    }

    fn entry<W: ?Sized + Write>(&mut self, writer: &mut W, first: bool) -> io::Result<()> {
        if self.expanded() {
            writer.write_all(if first { b"\n" } else { b",\n" })?;
            indent(writer, self.depth)
        } else if !first {
            writer.write_all(b",")
        } else {
            Ok(())
        }
    }
}

fn indent<W: ?Sized + Write>(writer: &mut W, depth: usize) -> io::Result<()> {
    for _ in 0..depth {
        writer.write_all(b"  ")?;
    }
    Ok(())
}

impl Formatter for LayoutFormatter {
    fn begin_array<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.open(writer, b"[")
    }

    fn end_array<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.close(writer, b"]")
    }

    fn begin_array_value<W: ?Sized + Write>(
        &mut self,
        writer: &mut W,
        first: bool,
    ) -> io::Result<()> {
        self.entry(writer, first)
    }

    fn end_array_value<W: ?Sized + Write>(&mut self, _writer: &mut W) -> io::Result<()> {
        self.has_value = true;
        Ok(())
    }

    fn begin_object<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.open(writer, b"{")
    }

    fn end_object<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.close(writer, b"}")
    }

    fn begin_object_key<W: ?Sized + Write>(
        &mut self,
        writer: &mut W,
        first: bool,
    ) -> io::Result<()> {
        self.entry(writer, first)
    }

    fn begin_object_value<W: ?Sized + Write>(&mut self, writer: &mut W) -> io::Result<()> {
        writer.write_all(if self.expanded() { b": " } else { b":" })
    }

    fn end_object_value<W: ?Sized + Write>(&mut self, _writer: &mut W) -> io::Result<()> {
        self.has_value = true;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The streamed layout with serde-written entries, as a string.
    fn to_certificate_json_with_array<T: Serialize, I: Serialize>(
        value: &T,
        key: &str,
        items: &[I],
    ) -> Result<String, serde_json::Error> {
        let mut out = Vec::new();
        write_certificate_json_with_array(&mut out, value, key, items.len(), |index, buffer| {
            serde_json::to_writer(buffer, &items[index])
        })?;
        Ok(String::from_utf8(out).expect("serde_json writes UTF-8"))
    }

    #[derive(Serialize)]
    struct WithNodes {
        name: &'static str,
        counts: Vec<u32>,
        nodes: Vec<Item>,
    }

    #[derive(Serialize)]
    struct WithoutNodes {
        name: &'static str,
        counts: Vec<u32>,
    }

    #[derive(Serialize)]
    struct NoFields {}

    #[derive(Serialize)]
    struct Item {
        flag: bool,
        name: &'static str,
        cells: Vec<[i32; 2]>,
    }

    #[test]
    fn a_last_array_written_apart_equals_the_whole_struct_serialised() {
        let item = |flag, name| Item {
            flag,
            name,
            cells: vec![[0, -1], [2, 3]],
        };
        for nodes in [vec![], vec![item(true, "a"), item(false, "b\"")]] {
            let apart = WithoutNodes {
                name: "x",
                counts: vec![1, 2],
            };
            let written = to_certificate_json_with_array(&apart, "nodes", &nodes).unwrap();
            let whole = WithNodes {
                name: "x",
                counts: vec![1, 2],
                nodes,
            };
            assert_eq!(written, to_certificate_json(&whole, 2).unwrap());
        }
    }

    #[test]
    fn a_last_array_after_no_fields_is_the_only_field() {
        let json = to_certificate_json_with_array(&NoFields {}, "k", &[1]).unwrap();
        assert_eq!(json, "{\n  \"k\": [\n    1\n  ]\n}\n");
        let parsed: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(parsed["k"][0], 1);
    }
    use serde::Serialize;
    use serde_json::Value;

    #[derive(Serialize)]
    struct Sample {
        zeta: u32,
        alpha: Vec<Vec<i32>>,
        empty: Vec<u8>,
        nested: Inner,
        none: Option<u8>,
    }

    #[derive(Serialize)]
    struct Inner {
        b: bool,
        cells: Vec<[i32; 2]>,
        empty: Inner2,
    }

    #[derive(Serialize)]
    struct Inner2 {}

    fn sample() -> Sample {
        Sample {
            zeta: 1,
            alpha: vec![vec![1, 2], vec![3]],
            empty: vec![],
            nested: Inner {
                b: true,
                cells: vec![[0, 1], [2, 3]],
                empty: Inner2 {},
            },
            none: None,
        }
    }

    #[test]
    fn depth_two_layout_keeps_declaration_order_and_one_entry_per_line() {
        let text = to_certificate_json(&sample(), 2).unwrap();
        assert_eq!(
            text,
            "{\n  \"zeta\": 1,\n  \"alpha\": [\n    [1,2],\n    [3]\n  ],\n  \"empty\": [],\n  \"nested\": {\n    \"b\": true,\n    \"cells\": [[0,1],[2,3]],\n    \"empty\": {}\n  },\n  \"none\": null\n}\n"
        );
        let reparsed: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(reparsed, serde_json::to_value(sample()).unwrap());
    }

    #[test]
    fn depth_zero_is_compact_json() {
        let text = to_certificate_json(&sample(), 0).unwrap();
        assert_eq!(text, serde_json::to_string(&sample()).unwrap() + "\n");
    }

    #[test]
    fn deep_layout_matches_the_value_it_encodes() {
        let text = to_certificate_json(&sample(), 10).unwrap();
        let reparsed: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(reparsed, serde_json::to_value(sample()).unwrap());
        assert!(text.contains("\n        0,\n"), "{text}");
    }
}
