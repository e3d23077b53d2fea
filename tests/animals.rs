//! The animal atlas: kernel auditors against the committed certificates and
//! each forgery fixture, the producer's searches against the kernel, and the
//! command line's exit codes on bad shapes.

mod common;

use common::{gamecert, root, stderr, stdout};
use gamecert::animals::atlas::{basic_losers, levels};
use gamecert::animals::certificate::pairing_certificate;
use gamecert::animals::nopairing::{rectangle, region_formula};
use gamecert::animals::pairing::find;
use gamecert::animals::refute::refute;
use gamecert::animals::search::pairing_json;
use gamecert::audit::animals::{atlas, nopairing, pairing, AnimalsFault};
use gamecert::audit::{audit_file, Failure};
use gamecert::polyomino::Polyomino;
use serde_json::Value;

fn fixture(name: &str) -> Value {
    let path = root().join("tests/fixtures/animals").join(name);
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn pairing_faults(name: &str) -> Vec<AnimalsFault> {
    pairing::audit_pairing(&fixture(name)).1
}

#[test]
fn the_brick_wall_fixture_audits() {
    assert_eq!(pairing_faults("pairing-brick-wall.json"), vec![]);
}

#[test]
fn a_removed_pair_is_named_by_the_placement_it_leaves_bare() {
    let faults = pairing_faults("pairing-pair-removed.json");
    // Without the odd-row pair, the squares based at x odd hold no pair.
    let bare = |x: i64, y: i64| AnimalsFault::PlacementWithoutPair {
        orientation: 0,
        translation: (x, y),
        cells: vec![(x, y), (x, y + 1), (x + 1, y), (x + 1, y + 1)],
    };
    assert_eq!(faults, vec![bare(1, 0), bare(1, 1)]);
    assert!(faults[0]
        .to_string()
        .contains("placement with no whole pair"));
}

#[test]
fn two_pairs_sharing_a_cell_are_rejected() {
    let faults = pairing_faults("pairing-shared-cell.json");
    assert!(faults.contains(&AnimalsFault::PairsShareCell {
        first: 0,
        second: 1,
        cell: (1, 0)
    }));
}

#[test]
fn a_pair_with_its_own_translate_is_rejected() {
    let faults = pairing_faults("pairing-translate.json");
    assert_eq!(
        faults[0],
        AnimalsFault::PairWithItsTranslate {
            pair: 0,
            cells: [(0, 0), (2, 0)]
        }
    );
}

#[test]
fn a_pairing_missing_the_horizontal_placements_names_them() {
    let faults = pairing_faults("pairing-placement-without-pair.json");
    assert!(!faults.is_empty());
    for fault in &faults {
        match fault {
            AnimalsFault::PlacementWithoutPair { cells, .. } => {
                assert!(cells.iter().all(|c| c.1 == cells[0].1), "{fault}")
            }
            other => panic!("unexpected {other}"),
        }
    }
}

#[test]
fn lrat_refutation_fixtures_accept_the_true_and_name_the_forged_step() {
    let good = nopairing::audit_no_pairing(&fixture("no-pairing-domino.json"), &root());
    assert_eq!(good, Ok((4, 1)));
    let forged = nopairing::audit_no_pairing(&fixture("no-pairing-forged-step.json"), &root());
    match forged {
        Err(faults) => assert!(
            matches!(
                &faults[..],
                [AnimalsFault::ProofStep {
                    line: 1,
                    step: 9,
                    ..
                }]
            ),
            "{faults:?}"
        ),
        Ok(found) => panic!("forged proof accepted: {found:?}"),
    }
}

#[test]
fn the_committed_atlas_and_every_file_it_cites_audit() {
    let report = audit_file(&root().join("certificates/animals.json")).unwrap();
    assert!(report.holds(), "{:?}", report.messages());
    let tampered = {
        let mut value = fixture("../../../certificates/animals.json");
        // A 7-cell loser now cites the domino, a winner, as its smaller loser.
        let entries = value["animals"].as_array_mut().unwrap();
        let seven = entries
            .iter_mut()
            .rev()
            .find(|e| e["how"] == "contains")
            .unwrap();
        seven["certificate"] = Value::from("(0,0) (0,1)");
        value
    };
    let report = atlas::audit_at(&tampered, &root());
    assert!(matches!(
        &report.failures[..],
        [Failure::Animals(AnimalsFault::Entry { .. })]
    ));
}

#[test]
fn every_basic_loser_gets_a_pairing_the_kernel_accepts() {
    let levels = levels();
    let losers = basic_losers(&levels);
    assert!(!losers.is_empty());
    for animal in losers.iter().take(6) {
        let found = find(animal, 16, 5_000).expect("a pairing on a small period");
        let json = pairing_json(&pairing_certificate(animal, &found)).unwrap();
        let value: Value = serde_json::from_str(&json).unwrap();
        assert_eq!(pairing::audit_pairing(&value).1, vec![], "{animal}");
    }
}

#[test]
fn the_kernel_rebuilds_the_producers_formula_and_checks_its_refutation() {
    let square = Polyomino::new(&[(0, 0), (1, 0), (0, 1), (1, 1)]).unwrap();
    let domino = Polyomino::new(&[(0, 0), (1, 0)]).unwrap();
    let region = rectangle(3, 2);
    let producer = region_formula(&domino, &region).formula;
    let kernel_cells: Vec<(i64, i64)> = region.iter().map(|&(x, y)| (x as i64, y as i64)).collect();
    let kernel = nopairing::formula(&[(0, 0), (1, 0)], &kernel_cells);
    let as_i64: Vec<Vec<i64>> = producer
        .clauses
        .iter()
        .map(|c| c.iter().map(|&l| l as i64).collect())
        .collect();
    assert_eq!(as_i64, kernel);
    let refutation = refute(&producer).unwrap();
    assert!(gamecert::audit::animals::lrat::check(&kernel, &refutation.lrat).is_ok());
    // The square has a pairing of the 4x4 board: nothing to refute.
    assert!(refute(&region_formula(&square, &rectangle(4, 4)).formula).is_err());
}

#[test]
fn list_prints_the_enumeration_and_bad_shapes_exit_two() {
    let output = gamecert(&["animals", "list", "--cells", "4"]);
    assert_eq!(output.status.code(), Some(0));
    assert!(stdout(&output).contains("T tetromino"));
    for (args, message) in [
        (vec!["animals", "draw", "(0,0) (2,0)"], "not connected"),
        (vec!["animals", "draw", "(0,0) (0,0)"], "listed twice"),
        (vec!["animals", "draw", "(0,0) (1,x)"], "1:10"),
        (
            vec![
                "animals",
                "draw",
                "(0,0) (1,0) (2,0) (3,0) (4,0) (5,0) (6,0) (7,0) (8,0)",
            ],
            "at most 8",
        ),
        (vec!["animals", "list", "--cells", "0"], "--cells"),
    ] {
        let output = gamecert(&args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(
            stderr(&output).contains(message),
            "{args:?}: {}",
            stderr(&output)
        );
    }
    let output = gamecert(&["animals", "draw", "Snaky", "-o", "-"]);
    assert_eq!(output.status.code(), Some(0));
    assert!(stdout(&output).starts_with("<svg"));
    let output = gamecert(&[
        "animals",
        "draw",
        "--pairing",
        "tests/fixtures/animals/pairing-brick-wall.json",
    ]);
    assert_eq!(output.status.code(), Some(0));
    // The article's 10x6 drawing: 5 pairs in each even row, 4 in each odd row.
    assert_eq!(stdout(&output).matches("<line").count(), 27);
    let output = gamecert(&[
        "animals",
        "draw",
        "--pairing",
        "tests/fixtures/animals/pairing-pair-removed.json",
    ]);
    assert_eq!(output.status.code(), Some(1));
    assert!(stderr(&output).contains("placement with no whole pair"));
}

#[test]
fn the_committed_atlas_is_what_verify_regenerates() {
    let run = gamecert::animals::verify::build(&root()).unwrap();
    assert!(run.holds, "{}", run.report);
    let committed = std::fs::read_to_string(root().join("certificates/animals.json")).unwrap();
    assert!(
        committed == run.json,
        "certificates/animals.json is stale: run gamecert verify"
    );
}

/// `verify` audits the atlas against the tables it is about to write: the
/// files of the run come before the files on disk, so a first regeneration
/// (no table committed yet) audits, and a stale table on disk cannot mask
/// the new one.
#[test]
fn the_atlas_is_audited_against_the_tables_of_the_same_run() {
    use gamecert::verify::{audit_in, CertificateFile, RunFiles};
    let atlas = CertificateFile {
        path: "certificates/animals.json".into(),
        contents: std::fs::read_to_string(root().join("certificates/animals.json")).unwrap(),
    };
    let domino = "certificates/animals/table-domino.json";
    let committed = std::fs::read_to_string(root().join(domino)).unwrap();
    let monomino =
        std::fs::read_to_string(root().join("certificates/animals/table-monomino.json")).unwrap();
    let audit_with_domino = |contents: &str| {
        let files = [
            CertificateFile {
                path: domino.into(),
                contents: contents.to_string(),
            },
            atlas.clone(),
        ];
        let root = root();
        let run = RunFiles::new(&root, &files);
        audit_in(&atlas, &run).unwrap()
    };
    assert_eq!(
        audit_with_domino(&committed).messages(),
        Vec::<String>::new()
    );
    // The run's domino table is the monomino's: the audit reads it, not disk.
    let report = audit_with_domino(&monomino);
    assert!(
        report
            .messages()
            .iter()
            .any(|m| m.contains("table-domino.json") && m.contains("another animal")),
        "{:?}",
        report.messages()
    );
}

/// The bound a committed certificate states for an animal (canonical), if
/// it is a Maker win on the grid: a weak-game board win, or a card table
/// whose empty-board claim holds.
fn stated_bound(value: &Value) -> Option<(Vec<(i64, i64)>, u64)> {
    use gamecert::audit::animals::shape::{canonical, read_cells};
    let text = |name: &str| value.get(name).and_then(Value::as_str);
    let (cells, bound) = match text("kind")? {
        "board" if text("game") == Some("weak") && text("claim") == Some("first-wins") => (
            value.pointer("/board/cells")?,
            value.get("move_bound")?.as_u64()?,
        ),
        "snaky" => {
            let holds = value["claims"]
                .as_array()?
                .iter()
                .any(|claim| claim["id"] == "empty-board" && claim["verdict"] == "holds");
            let height = value.pointer("/final_card/height")?.as_u64()?;
            (value.get("shape").filter(|_| holds)?, height)
        }
        _ => return None,
    };
    Some((canonical(&read_cells(cells)?), bound))
}

/// The kernel can only check the source the atlas cites; that no committed
/// board win or card table certifies fewer moves is checked here, over
/// every board certificate and every snaky certificate.
#[test]
fn every_winners_upper_bound_is_the_least_any_committed_certificate_certifies() {
    let atlas: Value = serde_json::from_str(
        &std::fs::read_to_string(root().join("certificates/animals.json")).unwrap(),
    )
    .unwrap();
    let mut stated = Vec::new();
    for directory in ["certificates/boards", "certificates"] {
        for entry in std::fs::read_dir(root().join(directory)).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "json") {
                let text = std::fs::read_to_string(&path).unwrap();
                let value = serde_json::from_str(&text).unwrap_or(Value::Null);
                stated.extend(stated_bound(&value).map(|bound| (path, bound)));
            }
        }
    }
    let winners = atlas["animals"].as_array().unwrap().iter();
    let winners: Vec<&Value> = winners.filter(|e| e["status"] == "winner").collect();
    assert!(!winners.is_empty());
    for entry in winners {
        let cells = gamecert::audit::animals::shape::read_cells(&entry["cells"]).unwrap();
        let upper = entry["moves"]["upper"].as_u64().unwrap();
        // The lower bound: the cells, or one more than the largest bound
        // of a grid-delay certificate of the animal that the kernel passes;
        // none of them reaches the upper bound.
        let mut lower = entry["size"].as_u64().unwrap();
        for item in std::fs::read_dir(root().join("certificates/grid")).unwrap() {
            let path = item.unwrap().path();
            let value: Value =
                serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
            let shape = gamecert::audit::animals::shape::read_cells(&value["cells"]).unwrap();
            if gamecert::audit::animals::shape::canonical(&shape)
                == gamecert::audit::animals::shape::canonical(&cells)
                && audit_file(&path).unwrap().holds()
            {
                let bound = value["move_bound"].as_u64().unwrap();
                assert!(
                    bound < upper,
                    "{} delays past the upper bound {upper}",
                    path.display()
                );
                lower = lower.max(bound + 1);
            }
        }
        assert_eq!(entry["moves"]["lower"].as_u64(), Some(lower), "{cells:?}");
        for (path, (animal, bound)) in &stated {
            // A smaller stated bound is a fault only if the kernel certifies it.
            if *animal == cells && *bound < upper {
                let report = audit_file(path).unwrap();
                assert!(
                    !report.holds(),
                    "{} certifies {bound} moves for {cells:?}, below the atlas's {upper}",
                    path.display()
                );
            }
        }
    }
}
