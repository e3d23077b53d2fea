//! A tic-tac-toe certificate for the tic-tac-toe page: the counts, the value
//! of every first move, the claims, and both strategy tables as written.

use super::{array, integer, pick, Dataset};
use serde_json::{json, Value};

pub fn export(certificate: &Value, _stem: &str) -> Result<Vec<Dataset>, String> {
    let (rows, cols, k) = (
        integer(certificate, "rows")?,
        integer(certificate, "cols")?,
        integer(certificate, "k")?,
    );
    let mut data = pick(
        certificate,
        &[
            "rows",
            "cols",
            "k",
            "symmetries",
            "value",
            "sequences",
            "nodes",
            "positions",
            "positions_up_to_symmetry",
            "first_moves",
            "first_move_classes",
            "canonical_form",
            "strategies",
        ],
    )?;
    let claims: Vec<Value> = array(certificate, "claims")?
        .iter()
        .map(|claim| pick(claim, &["id", "statement", "verdict", "detail"]))
        .collect::<Result<_, _>>()?;
    data["claims"] = json!(claims);
    let name = if (rows, cols, k) == (3, 3, 3) {
        "tictactoe".to_string()
    } else {
        format!("tictactoe-{rows}x{cols}k{k}")
    };
    data["name"] = json!(name);
    Ok(vec![Dataset {
        title: format!("{rows}x{cols}, {k} in a row"),
        page: "tictactoe.html",
        data,
        name,
    }])
}
