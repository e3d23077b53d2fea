//! The one-dimensional chess certificates for the chess page: the 8-square
//! claims (with the published line as moves), and one dataset per board
//! whose strategy tables are certified, each table as a map from position
//! to `[move, plies to mate or null]`.

use super::{array, field, integer, pick, Dataset};
use serde_json::{json, Map, Value};
use std::collections::BTreeMap;

/// `certificates/chess1d.json`: the claims, the principal variation and
/// the published "mate in five" line.
pub fn export_claims(certificate: &Value, _stem: &str) -> Result<Vec<Dataset>, String> {
    let mut data = pick(
        certificate,
        &[
            "squares",
            "start",
            "value",
            "plies_to_mate",
            "principal_variation",
            "claims",
        ],
    )?;
    let published = array(certificate, "claims")?
        .iter()
        .find_map(|claim| claim.get("line").and_then(Value::as_str))
        .ok_or("no claim carries the published line")?;
    data["published_line"] = json!(line_moves(published));
    Ok(vec![Dataset {
        name: "chess1d".to_string(),
        page: "chess1d.html",
        title: "the claims on 8 squares".to_string(),
        data,
    }])
}

/// The moves of a line like `1. N2-4 N7-5 2. ... 5. R2-5xN mate`: every
/// token but move numbers and the word "mate".
fn line_moves(line: &str) -> Vec<&str> {
    line.split_whitespace()
        .filter(|token| !token.ends_with('.') && *token != "mate")
        .collect()
}

/// `certificates/chess1d-boards.json`: one dataset `chess1d-N` per board
/// whose tables are certified, plus `chess1d-boards` with every board's value.
/// The solver-only rows (`report.boards`), which the kernel does not audit.
fn report_boards(certificate: &Value) -> Result<&Vec<Value>, String> {
    array(field(certificate, "report")?, "boards")
}

pub fn export_boards(certificate: &Value, _stem: &str) -> Result<Vec<Dataset>, String> {
    let boards = array(certificate, "boards")?;
    let mut tables: BTreeMap<i64, Vec<Value>> = BTreeMap::new();
    for strategy in array(certificate, "strategies")? {
        tables
            .entry(integer(strategy, "squares")?)
            .or_default()
            .push(table(strategy)?);
    }
    let mut datasets = vec![Dataset {
        name: "chess1d-boards".to_string(),
        page: "chess1d.html",
        title: "every board's value".to_string(),
        // Certified boards first, then the solver-only rows of the report.
        data: json!({
            "boards": boards.iter().chain(report_boards(certificate)?).collect::<Vec<_>>(),
            "certified": field(field(certificate, "report")?, "note")?,
        }),
    }];
    for (squares, tables) in tables {
        let board = boards
            .iter()
            .find(|board| board.get("squares").and_then(Value::as_i64) == Some(squares))
            .ok_or_else(|| format!("strategies for {squares} squares but no such board"))?;
        let mut data = pick(board, &["squares", "value", "plies_to_mate", "positions"])?;
        data["tables"] = json!(tables);
        datasets.push(Dataset {
            name: format!("chess1d-{squares}"),
            page: "chess1d.html",
            title: format!("{squares} squares"),
            data,
        });
    }
    Ok(datasets)
}

fn table(strategy: &Value) -> Result<Value, String> {
    let mut entries = Map::new();
    for entry in array(strategy, "entries")? {
        let row = entry.as_array().ok_or("a table entry is not a list")?;
        let (Some(position), Some(step)) = (row.first(), row.get(1)) else {
            return Err("a table entry lacks its position or move".to_string());
        };
        let position = position.as_str().ok_or("a position is not a string")?;
        let plies = row.get(2).cloned().unwrap_or(Value::Null);
        entries.insert(position.to_string(), json!([step, plies]));
    }
    let mut out = pick(strategy, &["name", "side", "goal", "plies", "from"])?;
    out["entries"] = Value::Object(entries);
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn line_moves_drops_move_numbers_and_the_word_mate() {
        assert_eq!(
            line_moves("1. N2-4 N7-5 2. R2-5xN mate"),
            ["N2-4", "N7-5", "R2-5xN"]
        );
        assert_eq!(line_moves("3... N5-3+ 4. K1-2"), ["N5-3+", "K1-2"]);
    }
}
