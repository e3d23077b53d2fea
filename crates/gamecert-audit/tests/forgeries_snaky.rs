//! Regressions for the attacks on the Snaky kernel: search records that
//! certified a bound the record alone cannot prove (a 6-move worst line, a
//! monomino shape), and certificates that exhausted memory and output (40
//! doubling cards, a conditional claim with a huge frame). Each crafted
//! file is under tests/fixtures/snaky/ (see crafted/README.md there).

use gamecert_audit::snaky::{limits, Fault, SearchFault};
use gamecert_audit::{audit_value_in, AuditReport, Directory, Failure};
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn load(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    gamecert_audit::json::parse(&text).unwrap_or_else(|e| panic!("{path:?}: {e}"))
}

fn audit(cert: &Value) -> AuditReport {
    audit_value_in(cert, &Directory(&root())).expect("kind and format are known")
}

fn faults(report: &AuditReport) -> Vec<Fault> {
    (report.failures.iter())
        .map(|failure| match failure {
            Failure::Snaky(fault) => fault.clone(),
            other => panic!("not a snaky fault: {other}"),
        })
        .collect()
}

/// The paper's search record (format 1 as committed before the search
/// cited its certificate), moved to format 2, with a fixture's patch.
fn patched(name: &str) -> Value {
    let fixtures = root().join("tests/fixtures/snaky");
    let mut cert = load(&fixtures.join("bases/snaky21-search-before-merge.json"));
    cert["format"] = 2.into();
    cert["certificate"] = "certificates/snaky21.json".into();
    cert["finite_board"]["board_size"] = 17.into();
    cert["finite_board"]["translation"] = serde_json::json!([0, 0]);
    let fixture = load(&fixtures.join(name));
    for op in fixture["patch"].as_array().expect("a patch") {
        let path = op["path"].as_str().expect("a path");
        let (parent, key) = path.rsplit_once('/').expect("a pointer");
        let map = (cert.pointer_mut(parent))
            .and_then(Value::as_object_mut)
            .expect("patches here edit objects");
        match op["op"].as_str() {
            Some("remove") => map.remove(key),
            _ => map.insert(key.to_string(), op["value"].clone()),
        };
    }
    cert
}

fn crafted(name: &str) -> Value {
    load(&root().join("tests/fixtures/snaky/crafted").join(name))
}

/// The committed search records cite their certificates and pass.
#[test]
fn committed_search_records_pass_with_their_cited_certificates() {
    for n in [19, 20, 21] {
        let cert = load(&root().join(format!("certificates/snaky{n}-search.json")));
        let report = audit(&cert);
        assert_eq!(report.messages(), Vec::<String>::new(), "snaky{n}");
        let bound = format!("certificates/snaky{n}.json (audited here)");
        assert!(report.checked.iter().any(|l| l.contains(&bound)), "{n}");
    }
}

#[test]
fn a_six_move_worst_line_does_not_certify_six_moves() {
    let report = audit(&patched("search-six-moves.json"));
    let found = faults(&report);
    assert!(
        found.iter().any(|f| matches!(f,
            Fault::Search(SearchFault::CitedDisagrees { field: "bound", recorded, cited, .. })
                if recorded == "6" && cited == "h = 21 for card 727")),
        "{found:?}"
    );
    assert!(found.iter().any(|f| matches!(
        f,
        Fault::Verdict {
            derived: "refuted",
            ..
        }
    )));
}

#[test]
fn the_shape_is_the_cited_certificates_not_the_records() {
    let report = audit(&patched("search-monomino.json"));
    let found = faults(&report);
    assert!(
        found
            .iter()
            .any(|f| matches!(f, Fault::UnknownField { field } if field == "shape")),
        "{found:?}"
    );
    // Replayed against Snaky, one Maker move builds nothing.
    assert!(
        found.contains(&Fault::Search(SearchFault::NoWin)),
        "{found:?}"
    );
}

#[test]
fn a_worst_line_longer_than_the_proved_height_is_refused() {
    let report = audit(&patched("search-longer-than-height.json"));
    assert!(
        faults(&report).iter().any(|f| matches!(f,
            Fault::Search(SearchFault::Derived { field: "worst_case_maker_moves", recorded, derived })
                if recorded == "22" && derived.starts_with("at most h = 21"))),
        "{:?}",
        report.messages()
    );
}

#[test]
fn a_search_record_must_cite_a_passing_certificate_of_its_table() {
    let report = audit(&patched("search-uncited.json"));
    assert_eq!(faults(&report), [Fault::Search(SearchFault::Uncited)]);
    for (name, reason) in [
        ("search-cites-missing.json", "No such file"),
        ("search-cites-search.json", "expected kind \"snaky\""),
    ] {
        let found = faults(&audit(&patched(name)));
        assert!(
            matches!(found.as_slice(),
                [Fault::Search(SearchFault::CitedUnreadable { reason: r, .. })] if r.contains(reason)),
            "{name}: {found:?}"
        );
    }
    let found = faults(&audit(&patched("search-cites-other-table.json")));
    for field in ["final_card", "input.sha256", "bound"] {
        assert!(
            found.iter().any(|f| matches!(f,
                Fault::Search(SearchFault::CitedDisagrees { field: g, .. }) if *g == field)),
            "{field}: {found:?}"
        );
    }
}

/// Audits `cert`, failing the test past `within`.
fn timed(cert: &Value, within: Duration) -> AuditReport {
    let start = Instant::now();
    let report = audit(cert);
    assert!(start.elapsed() < within, "took {:?}", start.elapsed());
    report
}

#[test]
fn forty_doubling_cards_are_refused_before_their_envelopes_are_built() {
    // 7 KB: card k places card k-1 twice, side by side, so T doubles.
    let report = timed(&crafted("doubling-40.json"), Duration::from_secs(2));
    let found = faults(&report);
    assert!(
        matches!(found.first(), Some(Fault::Limit { what: "cells of one derived envelope", found, limit })
            if *found > limits::MAX_ENVELOPE && *limit == limits::MAX_ENVELOPE),
        "{:?}",
        report.messages().first()
    );
    // The output is bounded: one fault per node read before the limit.
    assert!(
        found.len() <= limits::MAX_FAULTS + 1,
        "{} faults",
        found.len()
    );
    let bytes: usize = report.messages().iter().map(String::len).sum();
    assert!(bytes < 100_000, "{bytes} bytes of messages");
}

#[test]
fn a_fault_at_every_node_is_listed_for_the_first_hundred_and_counted_after() {
    let mut cert = load(&root().join("certificates/snaky21.json"));
    for node in cert["nodes"].as_array_mut().expect("nodes") {
        node["outside"] = 99.into();
    }
    let found = faults(&audit(&cert));
    assert_eq!(found.len(), limits::MAX_FAULTS + 1);
    assert!(matches!(found[0], Fault::NoChosenChild { chosen: 99, .. }));
    // 1,620 nodes, and the claim records that the unanswered replies refute.
    assert!(
        matches!(found.last(), Some(Fault::Omitted { count }) if *count >= 1_520),
        "{:?}",
        found.last()
    );
}

#[test]
fn a_conditional_claim_with_a_huge_frame_is_refused_unbuilt() {
    // 1.3 KB: card 6 places base card 0 at (0,0) and (3995,3995).
    let report = timed(&crafted("conditional-frame.json"), Duration::from_secs(2));
    assert!(
        faults(&report).iter().any(|f| matches!(f,
            Fault::Limit { what: "frame cells", found: 15_995_998, limit }
                if *limit == limits::MAX_FRAME)),
        "{:?}",
        report.messages()
    );
}

#[test]
fn fault_messages_quote_long_texts_only_in_part() {
    let mut cert = load(&root().join("certificates/snaky35.json"));
    cert["claims"][0]["statement"] = "x".repeat(1_000_000).into();
    let report = audit(&cert);
    let messages = report.messages();
    assert!(
        messages
            .iter()
            .any(|m| m.contains("(1000002 bytes in all)")),
        "{messages:?}"
    );
    assert!(messages.iter().all(|m| m.chars().count() <= 2_100));
}
