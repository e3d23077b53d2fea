//! The independent Snaky auditor: it accepts the honest certificate and
//! rejects every single-fact tamper, naming the node at fault.

mod common;

use common::{gamecert, root, stdout};
use gamecert::audit::snaky::{ChildFault, Fault, Mismatch, NodeLabel, Place, Reply, Set};
use gamecert::audit::{audit_value, AuditReport, Failure};
use gamecert::snaky::{certificate::certificate_json, check_table, DEFAULT_BOUND, TABLE_PATH};
use serde_json::{json, Value};
use std::sync::OnceLock;

/// The paper's certificate as committed.
fn honest() -> &'static Value {
    static CERT: OnceLock<Value> = OnceLock::new();
    CERT.get_or_init(|| {
        let path = root().join("certificates/snaky21.json");
        let text = std::fs::read_to_string(path).expect("the certificate is readable");
        serde_json::from_str(&text).expect("the certificate is JSON")
    })
}

#[test]
fn the_producers_format_3_certificate_passes() {
    let bytes = std::fs::read(root().join(TABLE_PATH)).expect("the pinned table is readable");
    let run = check_table(TABLE_PATH, &bytes, DEFAULT_BOUND).expect("the table parses");
    let cert: Value = serde_json::from_str(&certificate_json(&run)).expect("JSON");
    assert_eq!(cert["format"], 3);
    let report = audit(&cert);
    assert!(report.holds(), "{:?}", report.messages());
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

/// The report's typed Snaky faults.
fn faults(report: &AuditReport) -> Vec<Fault> {
    report
        .failures
        .iter()
        .map(|failure| match failure {
            Failure::Snaky(fault) => fault.clone(),
            other => panic!("not a snaky fault: {other}"),
        })
        .collect()
}

/// The audit fails and some fault satisfies `wanted`.
#[track_caller]
fn assert_fault(report: &AuditReport, wanted: impl Fn(&Fault) -> bool) {
    assert!(!report.holds(), "the tamper was not detected");
    assert!(
        faults(report).iter().any(wanted),
        "no such fault: {:#?}",
        report.messages()
    );
}

/// The node label of node `id` of card `card`.
fn at(node: &NodeLabel, id: usize, card: u64) -> bool {
    node.id == id && node.card == card
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
        checked.contains("card 727 has A = {}, |T| = 251, h = 21, bound 21: holds, holds"),
        "{checked}"
    );
}

#[test]
fn a_changed_height_names_its_node() {
    let report = tampered(|c| node(c, 0)["height"] = json!(3));
    assert_fault(
        &report,
        |f| matches!(f, Fault::Lemma3 { node, mismatch: Mismatch::Height { recorded: 3, recomputed: 2 } } if at(node, 0, 6)),
    );
    assert!(report
        .messages()
        .contains(&"node 0 (card 6): recorded height 3 but recomputed 2 (Lemma 3)".to_string()));
}

#[test]
fn a_recorded_envelope_is_refused() {
    // T is derived by Lemma 3; a node that records one is not read.
    let report = tampered(|c| node(c, 1)["envelope"] = json!([[0, 1]]));
    assert_fault(
        &report,
        |f| matches!(f, Fault::Unreadable { at: Place::Node(1), reason } if reason == "unknown field \"envelope\""),
    );
}

#[test]
fn a_cell_added_to_a_required_set_names_node_and_cell() {
    let report = tampered(|c| toggle_cell(&mut node(c, 0)["required"], (1, 3)));
    assert_fault(&report, |f| {
        matches!(f, Fault::Lemma3 { node, mismatch: Mismatch::Extra { set: Set::Required, cells } }
            if at(node, 0, 6) && cells.iter().eq([&(1, 3)]))
    });
}

#[test]
fn a_cell_removed_from_a_required_set_names_node_and_cell() {
    let report = tampered(|c| toggle_cell(&mut node(c, 0)["required"], (0, 2)));
    assert_fault(&report, |f| {
        matches!(f, Fault::Lemma3 { node, mismatch: Mismatch::Lacking { set: Set::Required, cells } }
            if at(node, 0, 6) && cells.iter().eq([&(0, 2)]))
    });
}

#[test]
fn a_chosen_child_whose_envelope_holds_the_reply_is_caught() {
    // Node 0 answers reply (1,3) with child 1; child 0 (card 4 swapped) covers (1,3).
    assert_eq!(honest()["nodes"][0]["replies"][0], json!(1));
    let report = tampered(|c| node(c, 0)["replies"][0] = json!(0));
    assert_fault(
        &report,
        |f| matches!(f, Fault::ChosenCovers { node, cell: (1, 3), child: 0 } if at(node, 0, 6)),
    );
}

#[test]
fn a_valid_but_not_first_chosen_child_is_caught() {
    // Child 1 of card 727 also avoids (0,4), but the strategy takes child 0.
    assert_eq!(honest()["nodes"][1619]["replies"][0], json!(0));
    let report = tampered(|c| node(c, 1619)["replies"][0] = json!(1));
    assert_fault(&report, |f| {
        matches!(f, Fault::NotFirst { node, reply: Reply::Cell((0, 4)), chosen: Some(1), first: 0 }
            if at(node, 1619, 727))
    });
}

#[test]
fn a_chosen_child_out_of_range_is_caught() {
    let report = tampered(|c| node(c, 0)["outside"] = json!(7));
    assert_fault(
        &report,
        |f| matches!(f, Fault::NoChosenChild { node, reply: Reply::Outside, chosen: 7 } if at(node, 0, 6)),
    );
}

#[test]
fn a_removed_or_added_reply_names_node_and_count() {
    let report = tampered(|c| {
        node(c, 2)["replies"]
            .as_array_mut()
            .expect("replies")
            .remove(0);
    });
    assert_fault(
        &report,
        |f| matches!(f, Fault::ReplyCount { node, listed: 5, classes: 6 } if at(node, 2, 8)),
    );
    let report = tampered(|c| {
        let replies = node(c, 2)["replies"].as_array_mut().expect("replies");
        replies.insert(0, replies[0].clone());
    });
    assert_fault(
        &report,
        |f| matches!(f, Fault::ReplyCount { node, listed: 7, classes: 6 } if at(node, 2, 8)),
    );
}

#[test]
fn a_missing_outside_reply_is_caught() {
    let report = tampered(|c| {
        node(c, 0)
            .as_object_mut()
            .expect("a node")
            .remove("outside");
    });
    assert_fault(
        &report,
        |f| matches!(f, Fault::Unreadable { at: Place::Node(0), reason } if reason == "missing field \"outside\""),
    );
}

#[test]
fn an_altered_base_card_is_caught_by_lemma_4() {
    let report = tampered(|c| toggle_cell(&mut c["bases"][3]["required"], (3, 0)));
    assert_fault(&report, |f| {
        matches!(f, Fault::Lemma4 { base: 3, mismatch: Mismatch::Extra { set: Set::Required, cells } }
            if cells.iter().eq([&(3, 0)]))
    });
    let report = tampered(|c| c["bases"][5]["height"] = json!(2));
    assert_fault(&report, |f| {
        matches!(
            f,
            Fault::Lemma4 {
                base: 5,
                mismatch: Mismatch::Height {
                    recorded: 2,
                    recomputed: 1
                }
            }
        )
    });
}

#[test]
fn a_child_reference_to_a_later_node_is_caught() {
    // Node 306 (card 311) has inline child node 305; point it forward instead.
    assert_eq!(honest()["nodes"][306]["children"][1], json!([305]));
    let report = tampered(|c| node(c, 306)["children"][1] = json!([400]));
    assert_fault(&report, |f| {
        matches!(f, Fault::Child { node, child: 1, fault: ChildFault::LaterNode { node: 400 } }
            if at(node, 306, 311))
    });
    let report = tampered(|c| node(c, 0)["children"][0][0] = json!(8));
    assert_fault(&report, |f| {
        matches!(f, Fault::Child { node, child: 0, fault: ChildFault::LaterCard { card: 8, own: 6 } }
            if at(node, 0, 6))
    });
}

#[test]
fn an_inline_reference_to_another_cards_node_is_caught() {
    let report = tampered(|c| node(c, 306)["children"][1] = json!([0]));
    assert_fault(&report, |f| {
        matches!(f, Fault::Child { node, child: 1, fault: ChildFault::NotInline { node: 0, path } }
            if at(node, 306, 311) && path == &[1])
    });
}

#[test]
fn a_changed_orientation_is_caught() {
    let report = tampered(|c| node(c, 0)["children"][0][1] = json!(0));
    assert_fault(
        &report,
        |f| matches!(f, Fault::Lemma3 { node, .. } if at(node, 0, 6)),
    );
}

#[test]
fn a_flipped_verdict_is_caught() {
    let report = tampered(|c| c["verdict"] = json!("refuted"));
    assert_fault(
        &report,
        |f| matches!(f, Fault::Verdict { recorded, derived: "certified" } if recorded == "refuted"),
    );
    let report = tampered(|c| c["claims"][0]["verdict"] = json!("refuted"));
    assert_fault(&report, |f| {
        matches!(
            f,
            Fault::ClaimField {
                claim: "empty-board",
                field: "verdict",
                ..
            }
        )
    });
    let report = tampered(|c| c["final_card"]["card"] = json!(726));
    assert_fault(
        &report,
        |f| matches!(f, Fault::FinalCard { node } if at(node, 1618, 726)),
    );
}

#[test]
fn a_non_empty_final_required_set_is_caught() {
    let last = honest()["nodes"].as_array().expect("nodes").len() - 1;
    let report = tampered(|c| toggle_cell(&mut node(c, last)["required"], (0, 4)));
    assert_fault(&report, |f| {
        matches!(f, Fault::Lemma3 { node, mismatch: Mismatch::Extra { set: Set::Required, cells } }
            if at(node, 1619, 727) && cells.iter().eq([&(0, 4)]))
    });
    // A card with A != {} gives a conditional claim, not a finite-board one.
    assert_fault(
        &report,
        |f| matches!(f, Fault::ClaimList { derived, .. } if derived == &["empty-board", "conditional"]),
    );
}

#[test]
fn a_tighter_bound_refutes_the_claim() {
    let report = tampered(|c| c["bound"] = json!(20));
    // The statement still says 21: it is regenerated from the bound.
    assert_fault(&report, |f| {
        matches!(
            f,
            Fault::ClaimField {
                claim: "empty-board",
                field: "statement",
                ..
            }
        )
    });
    assert_fault(&report, |f| {
        matches!(
            f,
            Fault::Verdict {
                derived: "refuted",
                ..
            }
        )
    });
}

#[test]
fn tampered_counts_and_final_card_are_caught() {
    let classes = honest()["counts"]["reply_classes"]
        .as_u64()
        .expect("a count");
    let report = tampered(|c| c["counts"]["reply_classes"] = json!(classes - 1));
    assert_fault(
        &report,
        |f| matches!(f, Fault::Count { key: "reply_classes", derived, .. } if *derived == classes),
    );
    let report = tampered(|c| c["final_card"]["envelope_size"] = json!(250));
    assert_fault(
        &report,
        |f| matches!(f, Fault::FinalCard { node } if at(node, 1619, 727)),
    );
}

/// A spread of nodes, each tampered in height and required set.
#[test]
fn single_fact_tampers_across_the_table_name_their_node() {
    let nodes = honest()["nodes"].as_array().expect("nodes");
    for id in (0..nodes.len()).step_by(97) {
        let card = nodes[id]["card"].as_u64().expect("a card");
        let here = |f: &Fault, set: Option<Set>| match f {
            Fault::Lemma3 { node, mismatch } if at(node, id, card) => match (mismatch, set) {
                (Mismatch::Height { .. }, None) => true,
                (Mismatch::Extra { set: found, .. }, Some(set)) => *found == set,
                _ => false,
            },
            _ => false,
        };
        let height = nodes[id]["height"].as_u64().expect("height");
        let report = tampered(|c| node(c, id)["height"] = json!(height + 1));
        assert_fault(&report, |f| here(f, None));
        // A cell far from every card's frame is in no envelope.
        let report = tampered(|c| toggle_cell(&mut node(c, id)["required"], (1000, 1000)));
        assert_fault(&report, |f| here(f, Some(Set::Required)));
    }
}

#[test]
fn ill_typed_fields_are_failures_not_panics() {
    let report = tampered(|c| node(c, 5)["height"] = json!("two"));
    assert_fault(&report, |f| {
        matches!(
            f,
            Fault::Unreadable {
                at: Place::Node(5),
                ..
            }
        )
    });
    let report = tampered(|c| node(c, 5)["required"] = json!([[0, 1], [0]]));
    assert_fault(&report, |f| {
        matches!(
            f,
            Fault::Unreadable {
                at: Place::Node(5),
                ..
            }
        )
    });
    let report = tampered(|c| c["nodes"] = json!({"not": "an array"}));
    assert_fault(&report, |f| {
        matches!(
            f,
            Fault::Unreadable {
                at: Place::Nodes,
                ..
            }
        )
    });
    assert!(matches!(
        audit_value(&json!({"kind": "snaky"})),
        Err(gamecert::audit::AuditError::MissingFormat { .. })
    ));
    let odd = json!({"kind": "snaky", "format": 3, "bases": [null], "nodes": [null, 3, "x"]});
    assert!(!audit(&odd).holds());
}

/// Formats 1 and 2 are no longer read: such a file is refused before any
/// auditor runs, naming the format read.
#[test]
fn the_old_formats_are_refused() {
    for format in [1, 2] {
        let mut cert = honest().clone();
        cert["format"] = json!(format);
        let error = audit_value(&cert).expect_err("an unread format");
        assert!(matches!(
            error,
            gamecert::audit::AuditError::UnknownFormat { found, known: 3, .. } if found == format
        ));
        assert_eq!(
            error.to_string(),
            format!("snaky certificate has format {format}; this auditor reads format 3")
        );
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
fn the_kernel_crate_depends_on_flate2_serde_and_serde_json_alone() {
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
    // flate2 to inflate `.json.gz` tables, serde for the strict reader's
    // visitor (a repeated key is refused), serde_json for the values.
    assert_eq!(
        dependencies,
        ["flate2 = \"1.1.11\"", "serde = \"1\"", "serde_json = \"1\""]
    );
    assert!(!manifest.contains("gamecert ="));
}
