//! The independent Snaky auditor: it accepts the honest certificate and
//! rejects every single-fact tamper, naming the node at fault.

mod common;

use common::{gamecert, root, stdout};
use gamecert::audit::{audit_value, AuditReport};
use gamecert::snaky::{certificate::certificate_json, check_table, DEFAULT_BOUND, TABLE_PATH};
use serde_json::{json, Value};
use std::sync::OnceLock;

/// The certificate the producer emits for the paper's table, made in-process.
fn honest() -> &'static Value {
    static CERT: OnceLock<Value> = OnceLock::new();
    CERT.get_or_init(|| {
        let bytes = std::fs::read(root().join(TABLE_PATH)).expect("the pinned table is readable");
        let run = check_table(TABLE_PATH, &bytes, DEFAULT_BOUND).expect("the table parses");
        serde_json::from_str(&certificate_json(&run)).expect("the certificate is JSON")
    })
}

fn audit(cert: &Value) -> AuditReport {
    audit_value(cert).expect("the certificate has kind snaky")
}

/// Audit a copy of the honest certificate with one edit applied.
fn tampered(edit: impl FnOnce(&mut Value)) -> AuditReport {
    let mut cert = honest().clone();
    edit(&mut cert);
    audit(&cert)
}

fn node(cert: &mut Value, id: usize) -> &mut Value {
    &mut cert["nodes"][id]
}

/// Insert or remove `cell` in a sorted cell list, keeping it sorted, so the
/// tamper changes one fact and not the list's form.
fn toggle_cell(list: &mut Value, cell: (i64, i64)) {
    let mut cells: Vec<(i64, i64)> = serde_json::from_value(list.take()).expect("a cell list");
    match cells.iter().position(|&c| c == cell) {
        Some(index) => {
            cells.remove(index);
        }
        None => cells.push(cell),
    }
    cells.sort();
    *list = serde_json::to_value(cells).expect("cells serialise");
}

/// The audit fails and some failure contains every one of `needles`.
#[track_caller]
fn assert_fails_naming(report: &AuditReport, needles: &[&str]) {
    assert!(!report.holds(), "the tamper was not detected");
    assert!(
        report
            .messages()
            .iter()
            .any(|failure| needles.iter().all(|needle| failure.contains(needle))),
        "no failure mentions {needles:?}: {:#?}",
        report.messages()
    );
}

#[test]
fn the_honest_certificate_passes() {
    let report = audit(honest());
    assert_eq!(report.messages(), Vec::<String>::new());
    assert!(report.holds());
    let checked = report.checked.join("\n");
    assert!(checked.contains("1620 nodes"), "{checked}");
    assert!(checked.contains("37042 reply classes"), "{checked}");
    assert!(
        checked.contains("card 727 has A = {} and h = 21 <= 21: certified"),
        "{checked}"
    );
}

#[test]
fn a_changed_height_names_its_node() {
    let report = tampered(|c| node(c, 0)["height"] = json!(3));
    assert_fails_naming(
        &report,
        &["node 0 (card 6)", "recorded height 3 but recomputed 2"],
    );
}

#[test]
fn a_cell_added_to_an_envelope_names_node_and_cell() {
    let report = tampered(|c| toggle_cell(&mut node(c, 1)["envelope"], (1, 3)));
    assert_fails_naming(
        &report,
        &["node 1 (card 7)", "envelope has extra cells {(1,3)}"],
    );
}

#[test]
fn a_cell_removed_from_an_envelope_names_node_and_cell() {
    let report = tampered(|c| toggle_cell(&mut node(c, 1)["envelope"], (1, 6)));
    assert_fails_naming(&report, &["node 1 (card 7)", "lacks cells {(1,6)}"]);
}

#[test]
fn a_cell_added_to_a_required_set_names_node_and_cell() {
    let report = tampered(|c| toggle_cell(&mut node(c, 0)["required"], (1, 3)));
    assert_fails_naming(
        &report,
        &["node 0 (card 6)", "required has extra cells {(1,3)}"],
    );
}

#[test]
fn a_cell_removed_from_a_required_set_names_node_and_cell() {
    let report = tampered(|c| toggle_cell(&mut node(c, 0)["required"], (0, 2)));
    assert_fails_naming(&report, &["node 0 (card 6)", "lacks cells {(0,2)}"]);
}

#[test]
fn a_chosen_child_whose_envelope_holds_the_reply_is_caught() {
    // Node 0 answers reply (1,3) with child 1; child 0 (card 4 swapped) covers (1,3).
    assert_eq!(
        honest()["nodes"][0]["replies"]["cells"][0],
        json!([1, 3, 1])
    );
    let report = tampered(|c| node(c, 0)["replies"]["cells"][0] = json!([1, 3, 0]));
    assert_fails_naming(
        &report,
        &[
            "node 0 (card 6)",
            "chosen child 0's placed envelope contains (1,3)",
        ],
    );
}

#[test]
fn a_valid_but_not_first_chosen_child_is_caught() {
    // Child 1 of card 727 also avoids (0,4), but the strategy takes child 0.
    assert_eq!(
        honest()["nodes"][1619]["replies"]["cells"][0],
        json!([0, 4, 0])
    );
    let report = tampered(|c| node(c, 1619)["replies"]["cells"][0] = json!([0, 4, 1]));
    assert_fails_naming(
        &report,
        &[
            "node 1619 (card 727)",
            "reply (0,4): chosen child 1, but child 0 is the first",
        ],
    );
}

#[test]
fn a_chosen_child_out_of_range_is_caught() {
    let report = tampered(|c| node(c, 0)["replies"]["outside"] = json!(7));
    assert_fails_naming(
        &report,
        &["node 0 (card 6)", "the outside reply has no chosen child"],
    );
}

#[test]
fn a_removed_reply_names_node_and_cell() {
    let report = tampered(|c| {
        node(c, 2)["replies"]["cells"]
            .as_array_mut()
            .expect("replies")
            .remove(0);
    });
    assert_fails_naming(
        &report,
        &["node 2 (card 8)", "reply class (3,0) is missing"],
    );
}

#[test]
fn a_duplicated_reply_names_node_and_cell() {
    let report = tampered(|c| {
        let cells = node(c, 2)["replies"]["cells"]
            .as_array_mut()
            .expect("replies");
        cells.insert(0, cells[0].clone());
    });
    assert_fails_naming(&report, &["node 2 (card 8)", "reply (3,0) listed twice"]);
}

#[test]
fn a_missing_outside_reply_is_caught() {
    let report = tampered(|c| {
        node(c, 0)["replies"]
            .as_object_mut()
            .expect("replies")
            .remove("outside");
    });
    assert_fails_naming(&report, &["node 0:", "missing field \"outside\""]);
}

#[test]
fn an_altered_base_card_is_caught_by_lemma_4() {
    let report = tampered(|c| toggle_cell(&mut c["bases"][3]["required"], (3, 0)));
    assert_fails_naming(
        &report,
        &["base card 3", "required has extra cells {(3,0)}", "Lemma 4"],
    );
    let report = tampered(|c| c["bases"][5]["height"] = json!(2));
    assert_fails_naming(&report, &["base card 5", "recorded height 2"]);
}

#[test]
fn a_child_reference_to_a_later_node_is_caught() {
    // Node 306 (card 311) has inline child node 305; point it forward instead.
    assert_eq!(honest()["nodes"][306]["children"][1], json!({"node": 305}));
    let report = tampered(|c| node(c, 306)["children"][1] = json!({"node": 400}));
    assert_fails_naming(
        &report,
        &[
            "node 306 (card 311)",
            "child 1 refers to node 400, which is not earlier",
        ],
    );
    let report = tampered(|c| node(c, 0)["children"][0]["card"] = json!(8));
    assert_fails_naming(
        &report,
        &[
            "node 0 (card 6)",
            "child 0 refers to card 8, which is not earlier",
        ],
    );
}

#[test]
fn an_inline_reference_to_another_cards_node_is_caught() {
    let report = tampered(|c| node(c, 306)["children"][1] = json!({"node": 0}));
    assert_fails_naming(
        &report,
        &["node 306 (card 311)", "not this node's inline child [1]"],
    );
}

#[test]
fn a_changed_orientation_is_caught() {
    let report = tampered(|c| node(c, 0)["children"][0]["orientation"] = json!(0));
    assert_fails_naming(&report, &["node 0 (card 6)", "(Lemma 3)"]);
}

#[test]
fn a_flipped_verdict_is_caught() {
    let report = tampered(|c| c["verdict"] = json!("refuted"));
    assert_fails_naming(
        &report,
        &["verdict: recorded refuted, the last node gives \"certified\""],
    );
    let report = tampered(|c| c["claim"]["holds"] = json!(false));
    assert_fails_naming(
        &report,
        &["claim.holds: recorded Some(false), the last node gives true"],
    );
    let report = tampered(|c| c["claim"]["card"] = json!(726));
    assert_fails_naming(
        &report,
        &["claim.card: recorded 726, the last node is card 727"],
    );
}

#[test]
fn a_non_empty_final_required_set_is_caught() {
    let last = honest()["nodes"].as_array().expect("nodes").len() - 1;
    let report = tampered(|c| toggle_cell(&mut node(c, last)["required"], (0, 4)));
    assert_fails_naming(
        &report,
        &["node 1619 (card 727)", "required has extra cells {(0,4)}"],
    );
    assert_fails_naming(
        &report,
        &["claim: node 1619 (card 727) still requires {(0,4)}"],
    );
}

#[test]
fn a_tighter_bound_refutes_the_claim() {
    let report = tampered(|c| c["claim"]["bound"] = json!(20));
    assert_fails_naming(
        &report,
        &["claim: node 1619 (card 727) has height 21 > bound 20"],
    );
}

#[test]
fn tampered_counts_and_final_card_are_caught() {
    let report = tampered(|c| c["counts"]["reply_classes"] = json!(37041));
    assert_fails_naming(&report, &["counts.reply_classes", "37042"]);
    let report = tampered(|c| c["final_card"]["envelope_size"] = json!(250));
    assert_fails_naming(&report, &["final_card"]);
}

/// A spread of nodes, each tampered in height, envelope and required set.
#[test]
fn single_fact_tampers_across_the_table_name_their_node() {
    let nodes = honest()["nodes"].as_array().expect("nodes");
    for id in (0..nodes.len()).step_by(97) {
        let label = format!("node {id} (card {}", nodes[id]["card"]);
        let height = nodes[id]["height"].as_u64().expect("height");
        let report = tampered(|c| node(c, id)["height"] = json!(height + 1));
        assert_fails_naming(&report, &[&label, "recorded height"]);
        // A cell just beyond the envelope's last cell is never in it.
        let last: (i64, i64) = serde_json::from_value(
            nodes[id]["envelope"]
                .as_array()
                .expect("envelope")
                .last()
                .cloned()
                .expect("a cell"),
        )
        .expect("a cell");
        let outside = (last.0 + 1, last.1);
        let report = tampered(|c| toggle_cell(&mut node(c, id)["envelope"], outside));
        assert_fails_naming(&report, &[&label, "envelope has extra cells"]);
        let report = tampered(|c| toggle_cell(&mut node(c, id)["required"], outside));
        assert_fails_naming(&report, &[&label, "required has extra cells"]);
    }
}

#[test]
fn ill_typed_fields_are_failures_not_panics() {
    let report = tampered(|c| node(c, 5)["height"] = json!("two"));
    assert_fails_naming(&report, &["node 5:", "height"]);
    let report = tampered(|c| node(c, 5)["envelope"] = json!([[0, 1], [0]]));
    assert_fails_naming(&report, &["node 5:", "is not a cell"]);
    let report = tampered(|c| c["nodes"] = json!({"not": "an array"}));
    assert_fails_naming(&report, &["nodes: field \"nodes\" is not an array"]);
    assert!(matches!(
        audit_value(&json!({"kind": "snaky"})),
        Err(gamecert::audit::AuditError::MissingFormat { .. })
    ));
    for odd in [
        json!({"kind": "snaky", "format": 1}),
        json!({"kind": "snaky", "format": 1, "bases": [null], "nodes": [null, 3, "x"]}),
    ] {
        assert!(!audit(&odd).holds());
    }
}

#[test]
fn audit_exit_codes_through_the_cli() {
    let honest_run = gamecert(&["audit", "certificates/snaky21.json"]);
    assert_eq!(honest_run.status.code(), Some(0), "{}", stdout(&honest_run));
    assert!(
        stdout(&honest_run).contains("audit snaky certificate certificates/snaky21.json: holds")
    );

    let dir = std::env::temp_dir().join(format!("gamecert-snaky-audit-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temp dir");
    let mut cert = honest().clone();
    cert["nodes"][0]["height"] = json!(5);
    let tampered_path = dir.join("tampered.json");
    std::fs::write(&tampered_path, cert.to_string()).expect("write tampered certificate");
    let tampered_run = gamecert(&["audit", tampered_path.to_str().expect("utf-8 path")]);
    assert_eq!(tampered_run.status.code(), Some(1));
    assert!(
        stdout(&tampered_run).contains("FAILED: node 0 (card 6)"),
        "{}",
        stdout(&tampered_run)
    );

    let garbage_path = dir.join("garbage.json");
    std::fs::write(&garbage_path, "this is not JSON").expect("write garbage");
    let garbage_run = gamecert(&["audit", garbage_path.to_str().expect("utf-8 path")]);
    assert_eq!(garbage_run.status.code(), Some(2));
    std::fs::remove_dir_all(&dir).expect("remove the temp dir");
}

/// The trusted kernel must not lean on the producer: no `super::`,
/// `crate::snaky` or `gamecert::snaky` outside its unit tests.
#[test]
fn the_kernel_crate_depends_on_serde_json_alone() {
    // The compiler enforces independence: the kernel crate cannot name the
    // producer unless its manifest depends on it. Guard the manifest.
    let manifest = std::fs::read_to_string(root().join("crates/gamecert-audit/Cargo.toml"))
        .expect("the kernel's manifest");
    let dependencies: Vec<&str> = manifest
        .split("[dependencies]")
        .nth(1)
        .expect("a [dependencies] table")
        .lines()
        .take_while(|line| !line.starts_with('['))
        .filter(|line| !line.trim().is_empty() && !line.starts_with('#'))
        .collect();
    assert_eq!(dependencies, ["serde_json = \"1\""]);
    assert!(!manifest.contains("gamecert ="));
}
