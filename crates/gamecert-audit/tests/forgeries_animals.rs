//! Forged atlas and no-pairing certificates (tests/fixtures/animals/, made
//! by make_forgeries.py from the committed files) are each rejected with
//! the fault that names what is wrong; the committed certificates pass.

use gamecert_audit::animals::nopairing::MAX_FORMULA_LITERALS;
use gamecert_audit::animals::{atlas, nopairing, pairing, AnimalsFault};
use gamecert_audit::{Directory, Failure, Files};
use serde_json::Value;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn read(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path:?}: {e}"));
    gamecert_audit::json::parse(&text).unwrap()
}

fn fixture(name: &str) -> Value {
    read(&root().join("tests/fixtures/animals").join(name))
}

fn faults(report: gamecert_audit::AuditReport) -> Vec<AnimalsFault> {
    report
        .failures
        .into_iter()
        .map(|failure| match failure {
            Failure::Animals(fault) => fault,
            other => panic!("not an animals fault: {other}"),
        })
        .collect()
}

fn atlas_faults(value: &Value) -> Vec<AnimalsFault> {
    faults(atlas::audit_at(value, &root()))
}

fn no_pairing_faults(name: &str) -> Vec<AnimalsFault> {
    faults(nopairing::audit_at(&fixture(name), &root()))
}

fn committed_atlas() -> Value {
    read(&root().join("certificates/animals.json"))
}

#[test]
fn the_committed_atlas_pairings_and_no_pairing_proof_audit() {
    assert_eq!(atlas_faults(&committed_atlas()), vec![]);
    for entry in std::fs::read_dir(root().join("certificates/animals")).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if name.starts_with("pairing-") {
            assert_eq!(pairing::audit_pairing(&read(&path)).1, vec![], "{name}");
        } else if name == "snaky-no-pairing.json" {
            let report = nopairing::audit_at(&read(&path), &root());
            assert!(report.holds(), "{:?}", report.messages());
        }
    }
    assert_eq!(no_pairing_faults("no-pairing-domino.json"), vec![]);
}

#[test]
fn a_rewritten_claim_statement_is_refused() {
    for (name, id, said) in [
        (
            "atlas-claim6-rewritten.json",
            "6",
            "Snaky has a pairing strategy",
        ),
        (
            "atlas-claim2-twelve.json",
            "2",
            "Twelve animals are winners",
        ),
    ] {
        let found = atlas_faults(&fixture(name));
        assert!(
            matches!(&found[..], [AnimalsFault::ClaimStatement { id: i, found: Some(s), .. }]
                if i == id && s.starts_with(said)),
            "{name}: {found:?}"
        );
        assert!(found[0].to_string().contains("is not the article's claim"));
    }
}

#[test]
fn a_deleted_claim_list_is_refused() {
    let found = atlas_faults(&fixture("atlas-claims-deleted.json"));
    assert!(
        matches!(&found[..], [AnimalsFault::ClaimIds { found, expected }]
            if found.is_empty() && expected.len() == 9),
        "{found:?}"
    );
    // One claim dropped from the list is as much a fault.
    let mut value = committed_atlas();
    value["claims"].as_array_mut().unwrap().remove(4);
    let found = atlas_faults(&value);
    assert!(
        matches!(&found[..], [AnimalsFault::ClaimIds { found, .. }] if found.len() == 8),
        "{found:?}"
    );
}

#[test]
fn a_containment_winner_carries_its_containing_winners_bound() {
    let found = atlas_faults(&fixture("atlas-domino-contained-moves-1.json"));
    assert!(
        matches!(&found[..], [AnimalsFault::Entry { cells, reason }]
            if cells == "(0,0) (0,1)" && reason.contains("moves Some(1)") && reason.contains("Some(21)")),
        "{found:?}"
    );
    // Snaky's 21 moves bound the domino it contains: that one passes.
    let mut value = fixture("atlas-domino-contained-moves-1.json");
    value["animals"][1]["moves"] = Value::from(21);
    assert_eq!(atlas_faults(&value), vec![]);
}

#[test]
fn a_loser_certifies_no_number_of_moves() {
    let found = atlas_faults(&fixture("atlas-loser-with-moves.json"));
    assert!(
        matches!(&found[..], [AnimalsFault::Entry { cells, reason }]
            if cells == "(0,0) (0,1) (1,0) (1,1)" && reason.contains("certifies no number of moves")),
        "{found:?}"
    );
}

#[test]
fn claims_resting_on_an_open_animal_or_a_missing_proof_do_not_hold() {
    let found = atlas_faults(&fixture("atlas-open-and-no-proof-still-holds.json"));
    let verdicts: Vec<(&str, &str, &str)> = found
        .iter()
        .map(|fault| match fault {
            AnimalsFault::ClaimVerdict {
                id,
                found,
                expected,
                ..
            } => (id.as_str(), found.as_deref().unwrap_or(""), *expected),
            other => panic!("unexpected {other}"),
        })
        .collect();
    assert_eq!(
        verdicts,
        [
            ("2", "holds", "answered"),
            ("6", "holds", "answered"),
            ("7", "holds", "answered")
        ]
    );
    assert!(found[1].to_string().contains("snaky_no_pairing is null"));
}

#[test]
fn a_claim_the_kernel_cannot_certify_may_not_say_holds() {
    // Claim 9 (random games) is reported, never certified.
    let mut value = committed_atlas();
    value["claims"][8]["verdict"] = Value::from("holds");
    let found = atlas_faults(&value);
    assert!(
        matches!(&found[..], [AnimalsFault::ClaimVerdict { id, expected: "answered", .. }] if id == "9"),
        "{found:?}"
    );
}

#[test]
fn a_rewritten_no_pairing_statement_is_refused() {
    let found = no_pairing_faults("no-pairing-statement-rewritten.json");
    assert!(
        matches!(&found[..], [AnimalsFault::Field(m)] if m.starts_with("statement must be")),
        "{found:?}"
    );
}

#[test]
fn a_miscounted_formula_size_is_refused() {
    let found = no_pairing_faults("no-pairing-placements-miscounted.json");
    assert!(
        matches!(&found[..], [AnimalsFault::Field(m)] if m.contains("placements must state the rebuilt formula's 4")),
        "{found:?}"
    );
}

#[test]
fn a_formula_over_the_limit_is_refused_before_it_is_built() {
    let found = no_pairing_faults("no-pairing-formula-too-large.json");
    assert!(
        matches!(&found[..], [AnimalsFault::FormulaTooLarge { literals, limit, .. }]
            if *literals > MAX_FORMULA_LITERALS && *limit == MAX_FORMULA_LITERALS),
        "{found:?}"
    );
    assert!(found[0].to_string().contains("refused before building it"));
}

/// The project's files, but `huge.json` from a scratch directory.
struct WithHuge<'a> {
    scratch: &'a Path,
}

impl Files for WithHuge<'_> {
    fn read(&self, path: &str) -> std::io::Result<String> {
        if path == "huge.json" {
            Directory(self.scratch).read(path)
        } else {
            Directory(&root()).read(path)
        }
    }
}

#[test]
fn an_atlas_citing_an_over_limit_file_gets_a_reference_fault() {
    let scratch = std::env::temp_dir().join(format!("gamecert-atlas-huge-{}", std::process::id()));
    std::fs::create_dir_all(&scratch).unwrap();
    // Sparse: 100 MB stated, nothing written; the reader stops at the limit.
    let huge = std::fs::File::create(scratch.join("huge.json")).unwrap();
    huge.set_len(100 << 20).unwrap();
    let mut value = committed_atlas();
    value["snaky_no_pairing"]["proof_path"] = Value::from("huge.json");
    let found = faults(atlas::audit_in(&value, &WithHuge { scratch: &scratch }));
    std::fs::remove_dir_all(&scratch).ok();
    assert!(
        found.iter().any(
            |fault| matches!(fault, AnimalsFault::Reference { path, reason }
            if path == "huge.json" && reason.contains("over the auditor's limit"))
        ),
        "{found:?}"
    );
}

#[test]
fn every_forgery_is_noted() {
    let dir = root().join("tests/fixtures/animals");
    let notes = std::fs::read_to_string(dir.join("README.md")).unwrap();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        if name.ends_with(".json") {
            assert!(notes.contains(&format!("`{name}`")), "{name} has no note");
        }
    }
}
