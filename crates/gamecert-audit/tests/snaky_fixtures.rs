//! Every Snaky forgery and resource case under tests/fixtures/snaky/ is
//! rejected by the kernel with the fault named (matched by variant), and the
//! honest certificates pass. Each fixture is a JSON file:
//! `{"note", "base", "patch", "faults"}` (a patch applied to a committed
//! certificate) or `{"note", "generate", "faults"}` (a case built here,
//! since its bytes would be too large to commit).

use gamecert_audit::snaky::{limits, search, ChildFault, Fault, Mismatch, SearchFault, Set};
use gamecert_audit::{audit_value_in, AuditReport, Directory, Failure};
use serde_json::{json, Value};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn load(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path:?}: {e}"))
}

/// The certificate a fixture's patch applies to (each parsed once).
fn base(name: &str) -> Value {
    static BASES: std::sync::Mutex<Vec<(String, Value)>> = std::sync::Mutex::new(Vec::new());
    let cached = BASES
        .lock()
        .expect("the cache")
        .iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v.clone());
    if let Some(value) = cached {
        return value;
    }
    let value = build_base(name);
    BASES
        .lock()
        .expect("the cache")
        .push((name.to_string(), value.clone()));
    value
}

fn build_base(name: &str) -> Value {
    match name {
        // The paper's search record as it stood before it cited its
        // certificate, moved to format 2 (the patches were written
        // against it): it cites the paper's certificate and names its board.
        "snaky21-search" => {
            let mut cert = load(&fixtures().join("bases/snaky21-search-before-merge.json"));
            cert["format"] = json!(search::FORMAT);
            cert["certificate"] = json!("certificates/snaky21.json");
            cert["finite_board"]["board_size"] = json!(17);
            cert["finite_board"]["translation"] = json!([0, 0]);
            cert
        }
        "committed-snaky21" => load(&root().join("certificates/snaky21.json")),
        "committed-snaky21-search" => load(&root().join("certificates/snaky21-search.json")),
        other => panic!("unknown fixture base {other:?}"),
    }
}

fn fixtures() -> PathBuf {
    root().join("tests/fixtures/snaky")
}

/// Applies JSON-patch operations (`add`, `remove`, `replace`).
fn apply(cert: &mut Value, patch: &Value) {
    for op in patch.as_array().expect("a patch is a list") {
        let path = op["path"].as_str().expect("a path");
        let (parent, key) = path.rsplit_once('/').expect("a pointer");
        let target = cert
            .pointer_mut(parent)
            .unwrap_or_else(|| panic!("no {parent}"));
        let value = op.get("value").cloned().unwrap_or(Value::Null);
        match (op["op"].as_str().expect("an op"), target) {
            ("remove", Value::Array(list)) => {
                list.remove(key.parse::<usize>().expect("an index"));
            }
            ("remove", Value::Object(map)) => {
                map.remove(key).expect("the key exists");
            }
            ("add", Value::Array(list)) if key == "-" => list.push(value),
            ("add", Value::Array(list)) => list.insert(key.parse().expect("an index"), value),
            ("replace", Value::Array(list)) => {
                list[key.parse::<usize>().expect("an index")] = value
            }
            ("add" | "replace", Value::Object(map)) => {
                map.insert(key.to_string(), value);
            }
            (op, _) => panic!("cannot {op} at {path}"),
        }
    }
}

/// A certificate built here: see the fixtures with a `generate` field.
fn generate(spec: &Value) -> Value {
    let count = |key: &str| spec[key].as_u64().expect("a count") as usize;
    match spec["case"].as_str().expect("a case") {
        "shared-envelope" => shared_envelope(count("copies"), count("references")),
        "many-nodes" => json!({"kind": "snaky", "format": 3, "bases": [],
            "nodes": vec![Value::Null; count("nodes")]}),
        "long-line" => {
            let mut cert = base("snaky21-search");
            cert["worst_line"] = json!(vec![Value::Null; count("moves")]);
            cert
        }
        other => panic!("unknown generated case {other:?}"),
    }
}

/// Card 6 placing base card 0 `copies` times side by side (T has
/// 6 x copies + 1 cells), and, when `references` > 0, card 7 placing card 6
/// `references` times: a copy per reference would need |T| x references.
/// The recorded A are empty and no reply is listed, so Lemma 3 fails.
fn shared_envelope(copies: usize, references: usize) -> Value {
    let snaky = [(0, 0), (1, 0), (2, 0), (3, 0), (3, 1), (4, 1)];
    let bases: Vec<Value> = (0..6)
        .map(|j| {
            let envelope: Vec<Value> = snaky.iter().map(|&(x, y)| json!([x, y])).collect();
            let mut required = envelope.clone();
            required.remove(j);
            json!({"card": j, "required": required, "envelope": envelope, "height": 1})
        })
        .collect();
    let node = |id: usize, card: usize, children: Vec<Value>| {
        json!({"id": id, "card": card, "path": [], "pivot": [-5, -5], "required": [],
            "height": 2 + id, "children": children, "replies": [], "outside": 0})
    };
    let side_by_side = (0..copies).map(|i| json!([0, 0, 10 * i, 0])).collect();
    let mut nodes = vec![node(0, 6, side_by_side)];
    if references > 0 {
        nodes.push(node(1, 7, vec![json!([6, 0, 0, 0]); references]));
    }
    json!({"kind": "snaky", "format": 3, "shape": snaky.map(|(x, y)| [x, y]),
        "bases": bases, "nodes": nodes})
}

/// A fault's variant name, as fixtures name it.
fn variant(fault: &Fault) -> &'static str {
    match fault {
        Fault::Header { .. } => "Header",
        Fault::Unreadable { .. } => "Unreadable",
        Fault::UnknownField { .. } => "UnknownField",
        Fault::Limit { .. } => "Limit",
        Fault::BaseCount { .. } => "BaseCount",
        Fault::BaseNumber { .. } => "BaseNumber",
        Fault::Lemma4 { .. } => "Lemma4",
        Fault::NodeId { .. } => "NodeId",
        Fault::NodeCard { .. } => "NodeCard",
        Fault::Child { fault, .. } => match fault {
            ChildFault::LaterCard { .. } => "Child::LaterCard",
            ChildFault::UnreadableCard { .. } => "Child::UnreadableCard",
            ChildFault::LaterNode { .. } => "Child::LaterNode",
            ChildFault::NotInline { .. } => "Child::NotInline",
            ChildFault::UnreadableNode { .. } => "Child::UnreadableNode",
        },
        Fault::NoChildren { .. } => "NoChildren",
        Fault::Lemma3 { mismatch, .. } => match mismatch {
            Mismatch::Extra {
                set: Set::Envelope, ..
            } => "Lemma3::ExtraEnvelope",
            Mismatch::Extra {
                set: Set::Required, ..
            } => "Lemma3::ExtraRequired",
            Mismatch::Lacking {
                set: Set::Envelope, ..
            } => "Lemma3::LackingEnvelope",
            Mismatch::Lacking {
                set: Set::Required, ..
            } => "Lemma3::LackingRequired",
            Mismatch::Height { .. } => "Lemma3::Height",
        },
        Fault::ReplyCount { .. } => "ReplyCount",
        Fault::NoChosenChild { .. } => "NoChosenChild",
        Fault::ChosenCovers { .. } => "ChosenCovers",
        Fault::NotFirst { .. } => "NotFirst",
        Fault::Count { .. } => "Count",
        Fault::Verdict { .. } => "Verdict",
        Fault::FinalCard { .. } => "FinalCard",
        Fault::UnknownCheck { .. } => "UnknownCheck",
        Fault::Diagnosis { .. } => "Diagnosis",
        Fault::NoClaimCard { .. } => "NoClaimCard",
        Fault::ClaimList { .. } => "ClaimList",
        Fault::ClaimField { .. } => "ClaimField",
        Fault::Search(SearchFault::Occupied { .. }) => "Search::Occupied",
        Fault::Search(SearchFault::EarlyWin { .. }) => "Search::EarlyWin",
        Fault::Search(SearchFault::NoWin) => "Search::NoWin",
        Fault::Search(SearchFault::BreakerTurn { .. }) => "Search::BreakerTurn",
        Fault::Search(SearchFault::EmptyLine) => "Search::EmptyLine",
        Fault::Search(SearchFault::Derived { .. }) => "Search::Derived",
        Fault::Search(SearchFault::Statement { .. }) => "Search::Statement",
        Fault::Omitted { .. } => "Omitted",
        Fault::Search(SearchFault::Uncited) => "Search::Uncited",
        Fault::Search(SearchFault::CitedUnreadable { .. }) => "Search::CitedUnreadable",
        Fault::Search(SearchFault::CitedFails { .. }) => "Search::CitedFails",
        Fault::Search(SearchFault::CitedDisagrees { .. }) => "Search::CitedDisagrees",
    }
}

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

fn audit(cert: &Value) -> AuditReport {
    // Cited certificates are named from the project root.
    audit_value_in(cert, &Directory(&root())).expect("kind and format are known")
}

#[test]
fn the_committed_snaky_certificates_pass() {
    for name in [
        "snaky21-search",
        "committed-snaky21",
        "committed-snaky21-search",
    ] {
        let report = audit(&base(name));
        assert_eq!(report.messages(), Vec::<String>::new(), "{name}");
        assert!(
            report
                .checked
                .iter()
                .any(|line| line.starts_with("ignored") || line.starts_with("not checked")),
            "{name} says what it ignores"
        );
    }
}

#[test]
fn every_fixture_is_rejected_with_its_fault_named() {
    let mut seen = 0;
    let mut paths: Vec<PathBuf> = std::fs::read_dir(fixtures())
        .expect("the fixture folder")
        .map(|entry| entry.expect("an entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "json"))
        .collect();
    paths.sort();
    for path in paths {
        let fixture = load(&path);
        assert!(fixture["note"].is_string(), "{path:?} has a one-line note");
        let cert = match fixture.get("generate") {
            Some(spec) => generate(spec),
            None => {
                let mut cert = base(fixture["base"].as_str().expect("a base"));
                apply(&mut cert, &fixture["patch"]);
                cert
            }
        };
        let report = audit(&cert);
        let found: Vec<&str> = faults(&report).iter().map(variant).collect();
        let wanted: Vec<&str> = fixture["faults"]
            .as_array()
            .expect("a fault list")
            .iter()
            .map(|name| name.as_str().expect("a variant name"))
            .collect();
        if wanted.is_empty() {
            assert!(report.holds(), "{path:?}: {:#?}", report.messages());
        } else {
            // "Lemma3" names any Lemma3 fault, "Lemma3::Height" only that one.
            for name in &wanted {
                let named = |found: &&str| {
                    *found == *name
                        || found
                            .strip_prefix(name)
                            .is_some_and(|rest| rest.starts_with("::"))
                };
                assert!(
                    found.iter().any(named),
                    "{path:?}: no {name} in {:#?}",
                    report.messages()
                );
            }
        }
        seen += 1;
    }
    assert!(seen >= 30, "only {seen} fixtures");
}

#[test]
fn the_limits_are_the_documented_ones() {
    let doc = std::fs::read_to_string(root().join("docs/formats/snaky-audit.md"))
        .expect("docs/formats/snaky-audit.md");
    for limit in [
        limits::MAX_NODES,
        limits::MAX_CELLS,
        limits::MAX_CHILDREN,
        limits::MAX_WORK,
        limits::MAX_FRAME,
        search::MAX_LINE as u64,
    ] {
        let written = limit
            .to_string()
            .as_bytes()
            .rchunks(3)
            .rev()
            .map(|chunk| std::str::from_utf8(chunk).expect("digits"))
            .collect::<Vec<_>>()
            .join(",");
        assert!(doc.contains(&written), "the doc does not state {written}");
    }
}

/// The work count is the documented one: each child's recorded sets twice
/// per reference, plus one lookup per child for every envelope cell and
/// reply class. Card 6's 16,000 children stop at the limit with that count.
#[test]
fn the_work_limit_counts_cells_visited() {
    let copies = 16_000u64;
    let cert = shared_envelope(copies as usize, 0);
    // Each child is base card 0 (6 envelope + 5 required cells); T has
    // 6 x copies + 1 cells and no reply is listed.
    let work = 2 * (6 + 5) * copies + (6 * copies + 1) * copies;
    let report = audit(&cert);
    let limit = faults(&report).into_iter().find_map(|fault| match fault {
        Fault::Limit {
            what: "cells visited",
            found,
            limit,
        } => Some((found, limit)),
        _ => None,
    });
    assert_eq!(limit, Some((work, limits::MAX_WORK)));
}
