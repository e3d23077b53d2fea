//! Deterministic, diff-friendly JSON. Containers are expanded one entry per
//! line down to a chosen depth and written compactly below it, so a
//! certificate's `git diff` shows which node, row or check changed without
//! spreading every cell over its own line. Key order is the declaration order
//! of the serialised structs; nothing depends on hashing or thread count.

use serde::Serialize;
use serde_json::Value;

/// Serialise `value` with containers expanded down to `expand_depth` levels
/// (1: only the top-level object; 2: also its arrays and objects, one entry
/// per line). The result ends with a newline.
pub fn to_certificate_json<T: Serialize>(
    value: &T,
    expand_depth: usize,
) -> Result<String, serde_json::Error> {
    let value = serde_json::to_value(value)?;
    let mut out = String::new();
    write_value(&value, 0, expand_depth, &mut out)?;
    out.push('\n');
    Ok(out)
}

fn write_value(
    value: &Value,
    depth: usize,
    expand_depth: usize,
    out: &mut String,
) -> Result<(), serde_json::Error> {
    let expand = depth < expand_depth
        && match value {
            Value::Array(items) => !items.is_empty(),
            Value::Object(fields) => !fields.is_empty(),
            _ => false,
        };
    if !expand {
        out.push_str(&serde_json::to_string(value)?);
        return Ok(());
    }
    let inner_indent = "  ".repeat(depth + 1);
    let outer_indent = "  ".repeat(depth);
    match value {
        Value::Array(items) => {
            out.push_str("[\n");
            for (index, item) in items.iter().enumerate() {
                out.push_str(&inner_indent);
                write_value(item, depth + 1, expand_depth, out)?;
                out.push_str(if index + 1 < items.len() { ",\n" } else { "\n" });
            }
            out.push_str(&outer_indent);
            out.push(']');
        }
        Value::Object(fields) => {
            out.push_str("{\n");
            for (index, (key, field)) in fields.iter().enumerate() {
                out.push_str(&inner_indent);
                out.push_str(&serde_json::to_string(key)?);
                out.push_str(": ");
                write_value(field, depth + 1, expand_depth, out)?;
                out.push_str(if index + 1 < fields.len() {
                    ",\n"
                } else {
                    "\n"
                });
            }
            out.push_str(&outer_indent);
            out.push('}');
        }
        _ => unreachable!("only non-empty containers are expanded"),
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Serialize;

    #[derive(Serialize)]
    struct Sample {
        zeta: u32,
        alpha: Vec<Vec<i32>>,
        empty: Vec<u8>,
        nested: Inner,
    }

    #[derive(Serialize)]
    struct Inner {
        b: bool,
        cells: Vec<[i32; 2]>,
    }

    fn sample() -> Sample {
        Sample {
            zeta: 1,
            alpha: vec![vec![1, 2], vec![3]],
            empty: vec![],
            nested: Inner {
                b: true,
                cells: vec![[0, 1], [2, 3]],
            },
        }
    }

    #[test]
    fn depth_two_layout_keeps_declaration_order_and_one_entry_per_line() {
        let text = to_certificate_json(&sample(), 2).unwrap();
        assert_eq!(
            text,
            "{\n  \"zeta\": 1,\n  \"alpha\": [\n    [1,2],\n    [3]\n  ],\n  \"empty\": [],\n  \"nested\": {\n    \"b\": true,\n    \"cells\": [[0,1],[2,3]]\n  }\n}\n"
        );
        let reparsed: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(reparsed, serde_json::to_value(sample()).unwrap());
    }

    #[test]
    fn depth_zero_is_compact() {
        let text = to_certificate_json(&sample(), 0).unwrap();
        assert_eq!(text.lines().count(), 1);
    }
}
