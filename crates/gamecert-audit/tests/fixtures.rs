//! The crafted corpus under tests/fixtures/: each forgery or tampered
//! certificate is rejected with the fault its notes name (matched by
//! variant), and each valid baseline passes.

use gamecert_audit::chess1d::{Fault as Chess, LineFault, TableFault};
use gamecert_audit::tictactoe::{Fault as Ttt, StrategyFault};
use gamecert_audit::{audit_file, AuditReport, Failure};
use std::path::{Path, PathBuf};

fn fixture(folder: &str, name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../tests/fixtures")
        .join(folder)
        .join(name)
}

fn audit(folder: &str, name: &str) -> AuditReport {
    audit_file(&fixture(folder, name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

type ChessCheck = fn(&Chess) -> bool;
type TttCheck = fn(&Ttt) -> bool;

const CHESS1D: &[(&str, ChessCheck)] = &[
    ("pv-not-best-play.json", |f| {
        matches!(f, Chess::NotBestPlay { ply: 1, .. })
    }),
    ("pv-missing-check-mark.json", |f| {
        matches!(
            f,
            Chess::Line {
                fault: LineFault::Mark { .. },
                ..
            }
        )
    }),
    ("claim-2b-deleted.json", |f| {
        matches!(f, Chess::ClaimIds { .. })
    }),
    ("claims-deleted.json", |f| {
        matches!(f, Chess::ClaimIds { .. })
    }),
    (
        "claim-3-rewritten.json",
        |f| matches!(f, Chess::ClaimAnswer { id, .. } if id == "3"),
    ),
    (
        "claim-2b-holds.json",
        |f| matches!(f, Chess::ClaimVerdict { id, expected: "refuted", .. } if id == "2b"),
    ),
    (
        "claim-1-statement-edited.json",
        |f| matches!(f, Chess::ClaimStatement { id } if id == "1"),
    ),
    (
        "claim-2a-line-edited.json",
        |f| matches!(f, Chess::ClaimLine { id } if id == "2a"),
    ),
    ("rules-edited.json", |f| {
        matches!(f, Chess::Prose { field: "rules" })
    }),
    (
        "unknown-field.json",
        |f| matches!(f, Chess::UnknownField { field, .. } if field == "diagnosis"),
    ),
    (
        "table-illegal-move.json",
        |f| matches!(f, Chess::Table { fault: TableFault::IllegalMove { mv, .. }, .. } if mv == "N2-5"),
    ),
    ("table-stalemating-move.json", |f| {
        matches!(
            f,
            Chess::Table {
                fault: TableFault::Drawn { .. },
                ..
            }
        )
    }),
    ("table-entry-removed.json", |f| {
        matches!(
            f,
            Chess::Table {
                fault: TableFault::ReplyMissing { .. } | TableFault::MissingEntry { .. },
                ..
            }
        )
    }),
    ("delays-allow-mate-in-five.json", |f| {
        matches!(
            f,
            Chess::Table {
                fault: TableFault::MatedWithin {
                    ply: 9,
                    horizon: 9,
                    ..
                },
                ..
            }
        )
    }),
    (
        "delays-missing-reply.json",
        |f| matches!(f, Chess::Table { table, fault: TableFault::MissingEntry { .. } } if table == "black_delays"),
    ),
    ("table-distance-too-near.json", |f| {
        matches!(
            f,
            Chess::Table {
                fault: TableFault::WrongDistance {
                    distance: 7,
                    found: Some(7),
                    ..
                },
                ..
            }
        )
    }),
    ("table-root-distance.json", |f| {
        matches!(
            f,
            Chess::Table {
                fault: TableFault::RootDistance {
                    bound: 11,
                    found: Some(13),
                    ..
                },
                ..
            }
        )
    }),
    ("table-even-distance.json", |f| {
        matches!(
            f,
            Chess::Table {
                fault: TableFault::EvenDistance { .. },
                ..
            }
        )
    }),
    ("table-mate-in-1-no-mate.json", |f| {
        matches!(
            f,
            Chess::Table {
                fault: TableFault::NoMate { .. },
                ..
            }
        )
    }),
    ("table-duplicate-entry.json", |f| {
        matches!(
            f,
            Chess::Table {
                fault: TableFault::Duplicate { .. },
                ..
            }
        )
    }),
    ("table-wrong-side-entry.json", |f| {
        matches!(
            f,
            Chess::Table {
                fault: TableFault::NotToMove { white: true, .. },
                ..
            }
        )
    }),
    ("table-bad-position.json", |f| {
        matches!(
            f,
            Chess::Table {
                fault: TableFault::Position { .. },
                ..
            }
        )
    }),
    (
        "table-unknown-goal.json",
        |f| matches!(f, Chess::Table { fault: TableFault::UnknownGoal { goal }, .. } if goal == "mate_soon"),
    ),
    (
        "table-bad-side.json",
        |f| matches!(f, Chess::Table { fault: TableFault::Side { found: Some(side) }, .. } if side == "red"),
    ),
    ("table-from-wrong.json", |f| {
        matches!(
            f,
            Chess::Table {
                fault: TableFault::From { .. },
                ..
            }
        )
    }),
    ("table-no-plies.json", |f| {
        matches!(
            f,
            Chess::Table {
                fault: TableFault::NeedsPlies { .. },
                ..
            }
        )
    }),
    ("start-wrong.json", |f| matches!(f, Chess::Start { .. })),
    ("squares-5.json", |f| {
        matches!(f, Chess::Squares { found: Some(5), .. })
    }),
    (
        "pv-wrong-mate-mark.json",
        |f| matches!(f, Chess::Line { fault: LineFault::Mark { expected, .. }, .. } if expected == "N2-4"),
    ),
    ("pv-illegal-move.json", |f| {
        matches!(
            f,
            Chess::Line {
                fault: LineFault::Illegal { .. },
                ..
            }
        )
    }),
    ("pv-one-ply-short.json", |f| {
        matches!(
            f,
            Chess::PvLength {
                plies: 10,
                mates: false,
                stated: Some(11)
            }
        )
    }),
    (
        "claim-1-refuted.json",
        |f| matches!(f, Chess::ClaimVerdict { id, expected: "holds", .. } if id == "1"),
    ),
    (
        "claim-2a-refuted.json",
        |f| matches!(f, Chess::ClaimVerdict { id, expected: "holds", .. } if id == "2a"),
    ),
    (
        "claim-3-holds.json",
        |f| matches!(f, Chess::ClaimVerdict { id, expected: "answered", .. } if id == "3"),
    ),
    ("claim-3-answer-appended.json", |f| {
        matches!(f, Chess::ClaimAnswer { .. })
    }),
    ("value-draw.json", |f| {
        matches!(f, Chess::ValueNotBacked { squares: 8, .. })
    }),
    ("positions-off-by-one.json", |f| {
        matches!(f, Chess::Positions { squares: 8, .. })
    }),
    ("moves-to-mate-wrong.json", |f| {
        matches!(f, Chess::MovesToMate { squares: 8, .. })
    }),
    ("delays-removed.json", |f| {
        matches!(f, Chess::ValueNotBacked { squares: 8, .. })
    }),
    ("boards-9-white-without-tables.json", |f| {
        matches!(f, Chess::ValueNotBacked { squares: 9, .. })
    }),
    ("boards-8-draw-without-tables.json", |f| {
        matches!(f, Chess::ValueNotBacked { squares: 8, .. })
    }),
    ("boards-all-black-no-tables.json", |f| {
        matches!(f, Chess::ValueNotBacked { .. })
    }),
    ("boards-empty.json", |f| matches!(f, Chess::NoRange)),
    ("boards-solver-row-20-white.json", |f| {
        matches!(
            f,
            Chess::UnexpectedBoard {
                squares: Some(20),
                ..
            }
        )
    }),
    ("boards-16-row-200-times.json", |f| {
        matches!(f, Chess::DuplicateBoard { squares: 16 })
    }),
    ("boards-8-twice.json", |f| {
        matches!(f, Chess::DuplicateBoard { squares: 8 })
    }),
    ("boards-9-missing.json", |f| {
        matches!(f, Chess::MissingBoard { squares: 9 })
    }),
    ("boards-unlisted-table.json", |f| {
        matches!(f, Chess::UnlistedTable { squares: 11, .. })
    }),
    (
        "boards-certified-field.json",
        |f| matches!(f, Chess::UnknownField { field, .. } if field == "certified"),
    ),
    ("boards-positions-wrong.json", |f| {
        matches!(f, Chess::Positions { squares: 10, .. })
    }),
    ("draw-pv-past-repetition.json", |f| {
        matches!(f, Chess::DrawLineEnd { plies: 8 })
    }),
    ("draw-pv-not-held.json", |f| {
        matches!(f, Chess::NotBestPlay { ply: 1, .. })
    }),
    ("boards-range-reversed.json", |f| {
        matches!(f, Chess::NoRange)
    }),
    ("draw-pv-cut-short.json", |f| {
        matches!(f, Chess::DrawLineEnd { plies: 5 })
    }),
    (
        "draw-claims-added.json",
        |f| matches!(f, Chess::ClaimIds { expected, .. } if expected.is_empty()),
    ),
    ("draw-value-white.json", |f| {
        matches!(f, Chess::ValueNotBacked { squares: 7, .. })
    }),
    ("boards-table-name-wrong.json", |f| {
        matches!(
            f,
            Chess::Table {
                fault: TableFault::Name { .. },
                ..
            }
        )
    }),
];

const TICTACTOE: &[(&str, TttCheck)] = &[
    ("move-onto-taken-cell.json", |f| {
        matches!(
            f,
            Ttt::Strategy {
                player: 'X',
                fault: StrategyFault::Taken { .. }
            }
        )
    }),
    ("move-ignores-threat.json", |f| {
        matches!(
            f,
            Ttt::Strategy {
                player: 'X',
                fault: StrategyFault::Lost { opponent: 'O', .. }
            }
        )
    }),
    ("entry-removed.json", |f| {
        matches!(
            f,
            Ttt::Strategy {
                player: 'O',
                fault: StrategyFault::NoEntry { .. }
            }
        )
    }),
    (
        "unreachable-entry.json",
        |f| matches!(f, Ttt::Strategy { fault: StrategyFault::Unreachable { position }, .. } if position == "O../.../..."),
    ),
    ("value-x-wins.json", |f| {
        matches!(f, Ttt::ValueNotProved { value: 1, .. })
    }),
    ("o-strategy-null.json", |f| {
        matches!(
            f,
            Ttt::ValueNotProved {
                lowest: 0,
                highest: 1,
                ..
            }
        )
    }),
    ("size-wrong.json", |f| {
        matches!(
            f,
            Ttt::Size {
                player: 'X',
                entries: 22
            }
        )
    }),
    (
        "goal-text-edited.json",
        |f| matches!(f, Ttt::Text { field, .. } if field == "strategies.x.goal"),
    ),
    (
        "unknown-field.json",
        |f| matches!(f, Ttt::UnknownField { field, .. } if field == "diagnosis"),
    ),
    ("sequences-edited.json", |f| {
        matches!(
            f,
            Ttt::Derived {
                field: "sequences",
                ..
            }
        )
    }),
    ("first-moves-edited.json", |f| {
        matches!(
            f,
            Ttt::Derived {
                field: "first_moves",
                ..
            }
        )
    }),
    ("classes-edited.json", |f| {
        matches!(
            f,
            Ttt::Derived {
                field: "first_move_classes",
                ..
            }
        )
    }),
    ("claim-4-deleted.json", |f| {
        matches!(f, Ttt::ClaimIds { .. })
    }),
    (
        "claim-2-refuted.json",
        |f| matches!(f, Ttt::ClaimVerdict { id, expected: "holds", .. } if id == "2"),
    ),
    (
        "claim-1-counts-edited.json",
        |f| matches!(f, Ttt::ClaimStatement { id, .. } if id == "1"),
    ),
    (
        "claim-5-line-edited.json",
        |f| matches!(f, Ttt::ClaimStatement { id, .. } if id == "5"),
    ),
    (
        "claim-6-refuted.json",
        |f| matches!(f, Ttt::ClaimVerdict { id, expected: "holds", .. } if id == "6"),
    ),
    (
        "entry-not-a-cell.json",
        |f| matches!(f, Ttt::Strategy { fault: StrategyFault::NotACell { entry, .. }, .. } if entry == "10"),
    ),
    ("guarantee-out-of-range.json", |f| {
        matches!(
            f,
            Ttt::Guarantee {
                player: 'X',
                guarantee: 2
            }
        )
    }),
    ("strategy-without-table.json", |f| {
        matches!(f, Ttt::StrategyShape { player: 'X' })
    }),
    ("strategy-o-missing.json", |f| {
        matches!(f, Ttt::MissingStrategy { player: 'O' })
    }),
    ("rows-missing.json", |f| {
        matches!(f, Ttt::MissingNumber { field: "rows" })
    }),
    ("board-too-large.json", |f| {
        matches!(
            f,
            Ttt::NotAuditable {
                rows: 9,
                cols: 9,
                k: 3
            }
        )
    }),
    ("k-too-long.json", |f| {
        matches!(f, Ttt::KTooLong { k: 4, .. })
    }),
    ("value-7.json", |f| matches!(f, Ttt::NoValue)),
    ("sequence-sum-wrong.json", |f| matches!(f, Ttt::SequenceSum)),
    (
        "canonical-form-edited.json",
        |f| matches!(f, Ttt::Text { field, .. } if field == "canonical_form"),
    ),
    (
        "claim-1-no-numbers.json",
        |f| matches!(f, Ttt::ClaimStatement { id, .. } if id == "1"),
    ),
    (
        "claim-5-no-line.json",
        |f| matches!(f, Ttt::ClaimStatement { id, .. } if id == "5"),
    ),
    (
        "claim-3-refuted.json",
        |f| matches!(f, Ttt::ClaimVerdict { id, expected: "holds", .. } if id == "3"),
    ),
    (
        "claim-4-answered.json",
        |f| matches!(f, Ttt::ClaimVerdict { id, .. } if id == "4"),
    ),
    ("3x4-many-faults.json", |f| {
        matches!(f, Ttt::MoreFailures { player: 'X', .. })
    }),
    ("3x4-entry-removed.json", |f| {
        matches!(
            f,
            Ttt::Strategy {
                player: 'X',
                fault: StrategyFault::NoEntry { .. }
            }
        )
    }),
    ("3x4-claims-added.json", |f| {
        matches!(f, Ttt::ClaimIds { .. })
    }),
];

#[test]
fn every_chess1d_forgery_is_rejected_with_its_fault() {
    for (name, check) in CHESS1D {
        let report = audit("chess1d", name);
        assert!(
            report
                .failures
                .iter()
                .any(|failure| matches!(failure, Failure::Chess1d(fault) if check(fault))),
            "{name}: {:#?}",
            report.failures
        );
    }
}

#[test]
fn every_tictactoe_tampering_is_rejected_with_its_fault() {
    for (name, check) in TICTACTOE {
        let report = audit("tictactoe", name);
        assert!(
            report
                .failures
                .iter()
                .any(|failure| matches!(failure, Failure::Tictactoe(fault) if check(fault))),
            "{name}: {:#?}",
            report.failures
        );
    }
}

#[test]
fn the_valid_baselines_pass() {
    for (folder, name) in [
        ("chess1d", "valid.json"),
        ("chess1d", "boards-valid.json"),
        ("chess1d", "valid-7.json"),
        ("tictactoe", "valid.json"),
        ("tictactoe", "valid-3x4.json"),
    ] {
        let report = audit(folder, name);
        assert!(report.holds(), "{folder}/{name}: {:#?}", report.failures);
    }
}

#[test]
fn the_tictactoe_auditor_checks_kind_itself() {
    let value = serde_json::json!({"kind": "chess1d", "format": 1});
    let report = gamecert_audit::tictactoe::audit(&value);
    assert!(matches!(&report.failures[..],
        [Failure::Tictactoe(Ttt::NotTictactoe { kind })] if kind == "chess1d"));
    let report = gamecert_audit::chess1d::audit(&serde_json::json!({"kind": "tictactoe"}));
    assert!(matches!(&report.failures[..],
        [Failure::Chess1d(Chess::NotChess1d { kind })] if kind == "tictactoe"));
}

/// A board of exactly the cell limit is still audited (4x4 = 16 cells).
#[test]
fn a_board_at_the_cell_limit_is_auditable() {
    let value = serde_json::json!({"kind": "tictactoe", "format": 1, "rows": 4, "cols": 4, "k": 3,
        "value": 0, "strategies": {"x": null, "o": null}});
    let report = gamecert_audit::tictactoe::audit(&value);
    assert!(report
        .failures
        .iter()
        .all(|f| !matches!(f, Failure::Tictactoe(Ttt::NotAuditable { .. }))));
    assert!(report
        .failures
        .iter()
        .any(|f| matches!(f, Failure::Tictactoe(Ttt::ValueNotProved { .. }))));
}

/// Every fixture file has a note and a test, so none sits in the corpus
/// unchecked.
#[test]
fn every_fixture_is_noted_and_tested() {
    for (folder, tested) in [
        (
            "chess1d",
            CHESS1D.iter().map(|(n, _)| *n).collect::<Vec<_>>(),
        ),
        ("tictactoe", TICTACTOE.iter().map(|(n, _)| *n).collect()),
    ] {
        let dir = fixture(folder, "");
        let notes = std::fs::read_to_string(dir.join("notes.txt")).unwrap();
        for entry in std::fs::read_dir(&dir).unwrap() {
            let name = entry.unwrap().file_name().into_string().unwrap();
            if !name.ends_with(".json") {
                continue;
            }
            assert!(
                notes.contains(&format!("{name}: ")),
                "{folder}/{name} has no note"
            );
            let valid = name.starts_with("valid") || name == "boards-valid.json";
            // forged-*.json are tested in forgeries_<folder>.rs
            let valid = valid || name.starts_with("forged-");
            assert!(
                valid || tested.contains(&name.as_str()),
                "{folder}/{name} has no test"
            );
        }
    }
}
