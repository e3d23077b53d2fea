//! One-dimensional chess end to end: the 8-square report, the claims as
//! computed decisions, the auditor against tampered certificates, and the
//! command line's handling of bad input.

mod common;

use common::{gamecert, stderr, stdout};
use gamecert::audit::chess1d::audit;
use gamecert::cert::Verdict;
use gamecert::chess1d::claims::{
    published_line_forced, refutation, white_plies, PUBLISHED_LINE, PUBLISHED_MOVES,
};
use gamecert::chess1d::notation::play_line;
use gamecert::chess1d::verify::{
    board_certificate, boards_certificate, certificate_text, committed_report, decide_claims,
    report_squares, solve_boards, solve_squares, BOARDS_PATH,
};
use gamecert::chess1d::{Side, Status, Value};
use serde_json::Value as Json;

fn classic_certificate() -> (String, Json) {
    let classic = solve_squares(8).unwrap();
    let rows: Vec<_> = solve_boards(6..=10, None)
        .unwrap()
        .into_iter()
        .map(|(row, _)| row)
        .collect();
    let certificate = board_certificate(&classic, decide_claims(&classic, &rows));
    let text = certificate_text(&certificate).unwrap();
    let report = gamecert::audit::audit_value(&serde_json::from_str(&text).unwrap()).unwrap();
    assert!(report.holds(), "{:?}", report.failures);
    let value = serde_json::from_str(&text).unwrap();
    (text, value)
}

fn table<'a>(value: &'a mut Json, name: &str) -> &'a mut Vec<Json> {
    value["strategies"]
        .as_array_mut()
        .unwrap()
        .iter_mut()
        .find(|table| table["name"] == name)
        .unwrap()["entries"]
        .as_array_mut()
        .unwrap()
}

fn failures(value: &Json) -> String {
    let report = audit(value);
    assert!(!report.holds(), "the tampered certificate passed");
    report.messages().join("\n")
}

#[test]
fn report_for_eight_squares() {
    let output = gamecert(&["chess1d"]);
    // Claim 2b ("mate in five") is refuted: a correct result, and exit 1.
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    common::snapshot_settings()
        .bind(|| insta::assert_snapshot!("chess1d_report_8", stdout(&output)));
}

#[test]
fn claim_1_follows_the_solved_value() {
    let classic = solve_squares(8).unwrap();
    let claims = decide_claims(&classic, &[]);
    let white_wins = classic.start_value().winner(Side::White) == Some(Side::White);
    assert_eq!(claims[0].verdict, Verdict::from_holds(white_wins));
    // the principal variation is legal and mates on the stated ply
    let line = classic.principal_variation(&classic.start());
    assert_eq!(Some(line.len() as u32), classic.start_value().plies());
    assert_eq!(
        classic.board().status(&line.last().unwrap().1),
        Status::Checkmate
    );
}

#[test]
fn claim_2a_replays_the_published_line() {
    let classic = solve_squares(8).unwrap();
    let board = classic.board();
    let claim = &decide_claims(&classic, &[])[1];
    let played = play_line(board, PUBLISHED_LINE);
    let mates = played.as_ref().is_ok_and(|moves| {
        moves
            .last()
            .is_some_and(|m| board.status(&m.after) == Status::Checkmate)
    });
    assert_eq!(claim.verdict, Verdict::from_holds(mates));
    assert_eq!(
        played.map(|moves| moves.len()).ok(),
        Some(2 * PUBLISHED_MOVES as usize - 1)
    );
}

#[test]
fn claim_2b_is_decided_by_the_distance_to_mate_with_a_refuting_defence() {
    let classic = solve_squares(8).unwrap();
    let board = classic.board();
    let claim = published_line_forced(&classic);
    let plies = classic.start_value().plies().unwrap();
    let forced = plies <= white_plies(PUBLISHED_MOVES);
    assert_eq!(claim.verdict, Verdict::from_holds(forced));
    let moves = play_line(board, PUBLISHED_LINE).unwrap();
    let found = refutation(&classic, &moves);
    if forced {
        return;
    }
    // Black's better defence: legal where the published line has Black's
    // reply, and White then needs more than five moves.
    let found = found.expect("a refuted claim names Black's better defence");
    assert!(claim.detail.contains(&found.better), "{}", claim.detail);
    assert!(found.better_mate_ply.unwrap() > white_plies(PUBLISHED_MOVES));
    assert!(found.published_mate_ply <= white_plies(PUBLISHED_MOVES));
    let deviation = moves
        .iter()
        .position(|m| m.side == Side::Black && m.number == found.number)
        .unwrap();
    let prefix: Vec<String> = moves[..deviation].iter().map(|m| m.token.clone()).collect();
    let whole = format!(
        "{} {}",
        prefix.join(" "),
        found
            .line
            .split_whitespace()
            .filter(|t| !t.ends_with('.'))
            .collect::<Vec<_>>()
            .join(" ")
    );
    let replayed = play_line(board, &whole).unwrap();
    assert_eq!(Some(replayed.len() as u32), found.better_mate_ply);
    assert_eq!(
        board.status(&replayed.last().unwrap().after),
        Status::Checkmate
    );
    // no faster mate: the value after the better defence is the solver's
    let after = replayed[deviation].after;
    assert_eq!(
        classic
            .value(&after)
            .and_then(Value::plies)
            .map(|d| d + deviation as u32 + 1),
        found.better_mate_ply
    );
}

#[test]
fn claim_3_reports_the_solved_boards() {
    let rows: Vec<_> = solve_boards(6..=12, None)
        .unwrap()
        .into_iter()
        .map(|(row, _)| row)
        .collect();
    let classic = solve_squares(8).unwrap();
    let claim = &decide_claims(&classic, &rows)[3];
    assert_eq!(claim.verdict, Verdict::Answered);
    for n in [9u8, 10] {
        let row = rows.iter().find(|row| row.squares == n).unwrap();
        let value = solve_squares(n).unwrap().start_value();
        assert_eq!(row.value, gamecert::chess1d::certificate::value_name(value));
        assert!(claim.detail.contains(&format!(
            "{n} squares: {}",
            if value == Value::Draw {
                "draw".to_string()
            } else {
                row.value.to_string()
            }
        )));
    }
}

#[test]
fn certificates_are_byte_for_byte_deterministic() {
    let (first, _) = classic_certificate();
    let (second, _) = classic_certificate();
    assert_eq!(first, second);
    let boards = |_: ()| {
        let solved = solve_boards(6..=11, Some(&(6..=11))).unwrap();
        certificate_text(&boards_certificate(solved, &(6..=11))).unwrap()
    };
    let (a, b) = (boards(()), boards(()));
    assert_eq!(a, b);
    let report = gamecert::audit::audit_value(&serde_json::from_str(&a).unwrap()).unwrap();
    assert!(report.holds(), "{:?}", report.failures);
}

#[test]
fn tampered_move_illegal_fails_naming_the_position() {
    let (_, mut value) = classic_certificate();
    let entries = table(&mut value, "white_mates");
    let position = entries[0][0].as_str().unwrap().to_string();
    entries[0][1] = Json::from("N2-5");
    let found = failures(&value);
    assert!(
        found.contains(&format!("position {position}: move N2-5 is not legal")),
        "{found}"
    );
}

#[test]
fn tampered_move_that_does_not_win_fails() {
    let (_, mut value) = classic_certificate();
    let entries = table(&mut value, "white_mates");
    // at the start, R3-6xR is legal but stalemates Black: no win at all
    entries[0][1] = Json::from("R3-6xR");
    let found = failures(&value);
    assert!(
        found.contains("position KNR..rnk w: the move ends the game in a draw"),
        "{found}"
    );
}

#[test]
fn tampered_missing_reply_fails_naming_the_position() {
    let (_, mut value) = classic_certificate();
    let entries = table(&mut value, "white_mates");
    let removed = entries.remove(1);
    let position = removed[0].as_str().unwrap().to_string();
    let found = failures(&value);
    assert!(
        found.contains(&format!(
            "leads to {position}, which has no entry (missing reply)"
        )),
        "{found}"
    );
}

#[test]
fn tampered_distance_fails() {
    let (_, mut value) = classic_certificate();
    let entries = table(&mut value, "white_mates");
    // claim the second entry is two plies nearer mate than it is
    let plies = entries[1][2].as_u64().unwrap();
    entries[1][2] = Json::from(plies - 2);
    let position = entries[1][0].as_str().unwrap().to_string();
    let found = failures(&value);
    assert!(found.contains(&format!("position {position}")), "{found}");
    assert!(
        found.contains("wrong distance") || found.contains("not at most"),
        "{found}"
    );
}

#[test]
fn tampered_delay_that_allows_mate_in_five_fails() {
    let (_, mut value) = classic_certificate();
    let entries = table(&mut value, "black_delays");
    // after 1. N2-4 N7-5 2. N4-6xR+ K8-7 3. R3-4, the published K7-6xN
    // lets White mate on ply 9; the table has no answer to the published
    // 4. R4-2 from there
    let index = entries.iter().position(|e| e[0] == "K..RnNk. b").unwrap();
    entries[index][1] = Json::from("K7-6xN");
    let found = failures(&value);
    assert!(
        found.contains("position KR..nk.. b is reachable but has no entry"),
        "{found}"
    );
    // and with Black's only reply there filled in, the mate itself is found
    let entries = table(&mut value, "black_delays");
    entries.push(serde_json::json!(["KR..nk.. b", "K6-7"]));
    let found = failures(&value);
    assert!(
        found.contains("position K...R.k. b is mate on ply 9, within 9"),
        "{found}"
    );
}

#[test]
fn tampered_value_and_claims_fail() {
    let (_, original) = classic_certificate();
    let mut value = original.clone();
    value["plies_to_mate"] = Json::from(9);
    value["moves_to_mate"] = Json::from(5);
    assert!(failures(&value).contains("is not backed by verified tables"));
    let mut value = original.clone();
    value["claims"][2]["verdict"] = Json::from("holds");
    assert!(failures(&value).contains("claim 2b"));
    let mut value = original.clone();
    value["positions"] = Json::from(1236);
    assert!(failures(&value).contains("recounted 1237"));
    let mut value = original;
    value["principal_variation"][0] = Json::from("R3-4");
    assert!(failures(&value).contains("principal_variation"));
}

#[test]
fn committed_certificates_pass_the_audit_command() {
    for path in [
        "certificates/chess1d.json",
        "certificates/chess1d-boards.json",
    ] {
        let output = gamecert(&["audit", path]);
        assert_eq!(output.status.code(), Some(0), "{path}: {}", stdout(&output));
    }
}

#[test]
fn json_output_is_audited_and_tampering_exits_one() {
    let dir = std::env::temp_dir().join(format!("gamecert-chess1d-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("nine.json");
    let path_text = path.to_str().unwrap();
    let output = gamecert(&["chess1d", "--squares", "9", "--json", path_text]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert_eq!(gamecert(&["audit", path_text]).status.code(), Some(0));
    let mut value: Json = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    assert_eq!(value["squares"], 9);
    table(&mut value, "white_holds").remove(0);
    std::fs::write(&path, serde_json::to_string(&value).unwrap()).unwrap();
    let output = gamecert(&["audit", path_text]);
    assert_eq!(output.status.code(), Some(1));
    assert!(
        stdout(&output).contains("KNR...rnk w is reachable but has no entry"),
        "{}",
        stdout(&output)
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_input_exits_two_with_a_message() {
    let cases: [(&[&str], &str); 6] = [
        (&["chess1d", "--squares", "5"], "needs at least 6"),
        (&["chess1d", "--squares", "65"], "so at most 64"),
        (&["chess1d", "--squares", "41"], "out of reach"),
        (&["chess1d", "--line", "1. N2-9"], "unknown square 9"),
        (
            &["chess1d", "--line", "1. N2-4 N7-5 2. R3-5"],
            "illegal move",
        ),
        (&["chess1d", "--line", "1. N7-5"], "wrong side"),
    ];
    for (args, message) in cases {
        let output = gamecert(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(
            stderr(&output).contains(message),
            "{args:?}: {}",
            stderr(&output)
        );
    }
    let output = gamecert(&["chess1d", "--squares", "x"]);
    assert_eq!(output.status.code(), Some(2));
    // beyond the solver the line is still checked and drawn
    let output = gamecert(&["chess1d", "--squares", "50", "--line", "1. R3-10"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stdout(&output).contains(&format!("KN.......R{}rnk", ".".repeat(37))));
    assert!(stderr(&output).contains("out of reach"));
}

/// `verify` reads the report-only boards from the committed file: the rows
/// it reads are exactly 17..=32, and the smallest ones agree with a fresh solve.
#[test]
fn verify_reads_the_committed_report_rows() {
    let rows = committed_report(&common::root()).expect("the committed report rows");
    let squares: Vec<u8> = rows.iter().map(|row| row.squares).collect();
    assert_eq!(squares, report_squares().collect::<Vec<_>>());
    assert_eq!(report_squares(), 17..=32);
    let solved = solve_boards(17..=18, None).unwrap();
    for ((fresh, _), committed) in solved.iter().zip(&rows) {
        let json = |row| serde_json::to_string(row).unwrap();
        assert_eq!(json(fresh), json(committed));
    }
}

/// A missing file, a missing row or an inconsistent row is not read (verify
/// then solves the boards itself).
#[test]
fn a_forged_or_incomplete_report_is_not_read() {
    let dir = std::env::temp_dir().join(format!("gamecert-report-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("certificates")).unwrap();
    assert!(committed_report(&dir).is_none());
    let committed = std::fs::read_to_string(common::root().join(BOARDS_PATH)).unwrap();
    let original: Json = serde_json::from_str(&committed).unwrap();
    let forged = |edit: &dyn Fn(&mut Json)| {
        let mut value = original.clone();
        edit(&mut value);
        std::fs::write(dir.join(BOARDS_PATH), value.to_string()).unwrap();
        committed_report(&dir)
    };
    assert!(forged(&|_| ()).is_some());
    let rows = |value: &mut Json| value["report"]["boards"].as_array_mut().unwrap().clone();
    let edits: [&dyn Fn(&mut Json); 5] = [
        &|v| v["report"]["boards"][0]["value"] = Json::from("white"),
        &|v| v["report"]["boards"][3]["plies_to_mate"] = Json::from(3),
        &|v| v["report"]["boards"][1]["value"] = Json::from("won"),
        &|v| v["report"]["boards"][2]["positions"] = Json::from(-1),
        &|v| {
            let mut list = rows(v);
            list.pop();
            v["report"]["boards"] = Json::from(list);
        },
    ];
    for edit in edits {
        assert!(forged(edit).is_none());
    }
    let won = |plies: u32, moves: u32| {
        forged(&move |v: &mut Json| {
            v["report"]["boards"][0]["value"] = Json::from("black");
            v["report"]["boards"][0]["plies_to_mate"] = Json::from(plies);
            v["report"]["boards"][0]["moves_to_mate"] = Json::from(moves);
        })
    };
    assert!(won(4, 2).is_some());
    assert!(won(5, 3).is_none());
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `--boards` solves the whole table: it takes neither one board nor a line.
#[test]
fn boards_excludes_squares_and_line() {
    for args in [
        &["chess1d", "--boards", "--squares", "9"][..],
        &["chess1d", "--boards", "--line", "1. N2-4"][..],
    ] {
        let output = gamecert(args);
        assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
        assert!(
            stderr(&output).contains("cannot be used with"),
            "{}",
            stderr(&output)
        );
    }
}
