//! The animal atlas and its pairing certificates for the atlas and pairings
//! pages: the atlas's animals as written (`status` / `how` / `certificate` /
//! `moves`, whatever form they take), and each pairing's lattice and pairs.

use super::{array, field, pick, Dataset};
use serde_json::{json, Value};

/// `certificates/animals.json`: one dataset, `atlas`.
pub fn export_atlas(certificate: &Value) -> Result<Vec<Dataset>, String> {
    let mut animals = Vec::new();
    for animal in array(certificate, "animals")? {
        animals.push(pick(
            animal,
            &[
                "cells",
                "size",
                "name",
                "status",
                "how",
                "certificate",
                "moves",
            ],
        )?);
    }
    let claims: Vec<Value> = array(certificate, "claims")?
        .iter()
        .map(|claim| pick(claim, &["id", "statement", "verdict", "detail"]))
        .collect::<Result<_, _>>()?;
    Ok(vec![Dataset {
        name: "atlas".to_string(),
        page: "atlas.html",
        title: format!("The atlas: {} animals of 1 to 7 cells", animals.len()),
        data: json!({
            "counts": field(certificate, "counts")?,
            "animals": animals,
            "claims": claims,
        }),
    }])
}

/// `certificates/animals/pairing-*.json`: one dataset, `pairing-<stem>`.
pub fn export_pairing(certificate: &Value) -> Result<Vec<Dataset>, String> {
    let animal = field(certificate, "animal")?;
    let cells = array(animal, "cells")?;
    let stem = stem(cells).ok_or("the animal's cells are not [x, y] digit pairs")?;
    let called = match animal.get("name").and_then(Value::as_str) {
        Some(name) => name.to_string(),
        None => stem.clone(),
    };
    Ok(vec![Dataset {
        name: format!("pairing-{stem}"),
        page: "pairings.html",
        title: format!("{called}: a pairing strategy"),
        data: json!({
            "animal": pick(animal, &["cells", "name"])?,
            "lattice": field(certificate, "lattice")?,
            "pairs": field(certificate, "pairs")?,
        }),
    }])
}

/// The file stem docs/formats/animals.md names: each cell as two digits.
fn stem(cells: &[Value]) -> Option<String> {
    let pairs: Option<Vec<String>> = cells
        .iter()
        .map(|cell| match cell.as_array()?.as_slice() {
            [x, y] => {
                let (x, y) = (x.as_u64()?, y.as_u64()?);
                (x < 10 && y < 10).then(|| format!("{x}{y}"))
            }
            _ => None,
        })
        .collect();
    Some(pairs?.join("-"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stem_is_the_cells_as_digit_pairs() {
        let cells = json!([[0, 0], [0, 1], [1, 0], [1, 1]]);
        assert_eq!(
            stem(cells.as_array().unwrap()).as_deref(),
            Some("00-01-10-11")
        );
        assert_eq!(stem(json!([[10, 0]]).as_array().unwrap()), None);
        assert_eq!(stem(json!([[0]]).as_array().unwrap()), None);
    }
}
