//! Forged atlas and no-pairing certificates (tests/fixtures/animals/, made
//! by make_forgeries.py from the committed files) are each rejected with
//! the fault that names what is wrong; the committed certificates pass.

use gamecert_audit::animals::moves::{MovesFault, SourceProblem};
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

/// The only fault of `value`: a `Moves` fault of the animal `cells`.
fn moves_fault(value: &Value, cells: &str) -> MovesFault {
    match &atlas_faults(value)[..] {
        [AnimalsFault::Moves { cells: at, fault }] if at == cells => fault.clone(),
        found => panic!("expected one moves fault of {cells}: {found:?}"),
    }
}

const I_TETROMINO: &str = "(0,0) (0,1) (0,2) (0,3)";

#[test]
fn a_containment_winner_carries_its_containing_winners_bound() {
    let value = fixture("atlas-domino-contained-upper-21.json");
    let fault = moves_fault(&value, "(0,0) (0,1)");
    assert!(
        matches!(&fault, MovesFault::NotContainingWinners { found: Some(f), expected: Some(e) }
            if f.upper == 21 && e.lower == 2 && e.upper == 19 && e.upper_by == "certificates/snaky19.json"),
        "{fault:?}"
    );
    assert!(fault
        .to_string()
        .contains("containing winner's moves 2..19"));
    // Snaky's bounds, with the domino's own lower bound, pass.
    let mut value = value;
    value["animals"][1]["moves"]["upper"] = Value::from(19);
    value["animals"][1]["moves"]["upper_by"] = Value::from("certificates/snaky19.json");
    assert_eq!(atlas_faults(&value), vec![]);
}

#[test]
fn an_upper_bound_must_be_the_cited_certificates_bound() {
    let fault = moves_fault(&fixture("atlas-upper-not-cited-bound.json"), I_TETROMINO);
    assert!(
        matches!(&fault, MovesFault::NotCitedBound { upper: 5, bound: 6, path }
            if path.ends_with("i-tetromino-on-6x6-weak.json")),
        "{fault:?}"
    );
    // The committed atlas cites the board win within 6, not its 7-move table.
    let atlas = committed_atlas();
    let moves = &atlas["animals"][4]["moves"];
    assert_eq!(moves["upper"], 6);
    assert_eq!(
        moves["upper_by"],
        "certificates/boards/i-tetromino-on-6x6-weak.json"
    );
}

#[test]
fn an_upper_bound_cited_from_another_animal_or_no_maker_win_is_refused() {
    let source = |name: &str| match moves_fault(&fixture(name), I_TETROMINO) {
        MovesFault::Source { problem, .. } => problem,
        other => panic!("{name}: {other:?}"),
    };
    assert_eq!(
        source("atlas-upper-by-another-shape.json"),
        SourceProblem::Shape
    );
    assert_eq!(
        source("atlas-upper-by-strong-game.json"),
        SourceProblem::Game(Some("strong".into()))
    );
    assert_eq!(
        source("atlas-upper-by-no-win.json"),
        SourceProblem::Claim(Some("first-does-not-win".into()))
    );
    // A delay certificate (no win within 5) bounds nothing from above.
    let mut value = committed_atlas();
    value["animals"][4]["moves"]["upper"] = Value::from(5);
    value["animals"][4]["moves"]["upper_by"] =
        Value::from("certificates/boards/i-tetromino-on-6x6-weak-within-5.json");
    assert!(matches!(
        moves_fault(&value, I_TETROMINO),
        MovesFault::Source { problem: SourceProblem::Claim(Some(c)), .. } if c == "first-does-not-win-within"
    ));
    // The atlas is not followed as a source; a conditional Snaky table holds no empty-board claim.
    value["animals"][4]["moves"]["upper_by"] = Value::from("certificates/animals.json");
    assert!(matches!(
        moves_fault(&value, I_TETROMINO),
        MovesFault::Source { problem: SourceProblem::Kind(Some(k)), .. } if k == "animals"
    ));
    let snaky = "(0,0) (0,1) (0,2) (0,3) (1,3) (1,4)";
    let mut value = committed_atlas();
    let entry = (value["animals"].as_array_mut().unwrap().iter_mut())
        .find(|e| e["name"] == "Snaky")
        .unwrap();
    entry["moves"]["upper"] = Value::from(34);
    entry["moves"]["upper_by"] = Value::from("certificates/snaky35.json");
    assert!(matches!(
        moves_fault(&value, snaky),
        MovesFault::Source {
            problem: SourceProblem::Claim(_),
            ..
        }
    ));
}

#[test]
fn a_lower_bound_other_than_the_animals_cells_is_refused() {
    assert_eq!(
        moves_fault(&fixture("atlas-lower-not-size.json"), I_TETROMINO),
        MovesFault::Lower {
            found: 3,
            derived: 4
        }
    );
}

#[test]
fn an_upper_bound_above_the_own_card_table_is_refused() {
    let fault = moves_fault(
        &fixture("atlas-upper-above-table.json"),
        "(0,0) (0,1) (1,1) (1,2)",
    );
    assert_eq!(
        fault,
        MovesFault::AboveTable {
            upper: 5,
            height: 4
        }
    );
    assert!(fault.to_string().contains("above its own card table"));
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

/// The project's files, but `forged.json` given as text.
struct WithForged<'a> {
    forged: &'a str,
}

impl Files for WithForged<'_> {
    fn read(&self, path: &str) -> std::io::Result<String> {
        match path {
            "forged.json" => Ok(self.forged.to_string()),
            _ => Directory(&root()).read(path),
        }
    }
}

#[test]
fn an_upper_bound_cited_from_a_board_win_that_does_not_audit_is_refused() {
    // The 6x6 board win within 6, its bound lowered to 5.
    let mut board = read(&root().join("certificates/boards/i-tetromino-on-6x6-weak.json"));
    board["move_bound"] = Value::from(5);
    let forged = board.to_string();
    let mut value = committed_atlas();
    value["animals"][4]["moves"]["upper"] = Value::from(5);
    value["animals"][4]["moves"]["upper_by"] = Value::from("forged.json");
    let found = faults(atlas::audit_in(&value, &WithForged { forged: &forged }));
    assert!(
        matches!(&found[..], [AnimalsFault::Moves { fault: MovesFault::Source { problem: SourceProblem::Audit(m), .. }, .. }]
            if !m.is_empty()),
        "{found:?}"
    );
}
