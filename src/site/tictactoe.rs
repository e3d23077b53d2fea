//! A tic-tac-toe certificate for the tic-tac-toe page: the counts, the value
//! of every first move and of O's replies to X in corner 1 (and, on 3x3, in
//! the centre 5), the claims with their evidence (the lines the page
//! replays), and both strategy tables as written.

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
            "replies_to_corner_1",
            "canonical_form",
            "strategies",
        ],
    )?;
    let claims: Vec<Value> = array(certificate, "claims")?
        .iter()
        .map(|claim| {
            let mut picked = pick(claim, &["id", "statement", "verdict", "detail"])?;
            picked["evidence"] = claim.get("evidence").cloned().unwrap_or(json!([]));
            Ok::<_, String>(picked)
        })
        .collect::<Result<_, _>>()?;
    data["claims"] = json!(claims);
    // Only the 3x3 certificate records the replies to the centre.
    data["replies_to_centre_5"] = certificate
        .get("replies_to_centre_5")
        .cloned()
        .unwrap_or(Value::Null);
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
