//! Every public Snaky table, the extended alphabet, frames, shapes, claims
//! and `snaky diff` (issue 11).

mod common;

use common::{gamecert, root, stderr, stdout};
use gamecert::cert::hash::sha256_hex;
use gamecert::cert::Verdict;
use gamecert::snaky::model::Shape;
use gamecert::snaky::search::{search_table_with, SearchOptions};
use gamecert::snaky::{check_table_with, CheckOptions};

const SNAKY20: &str = "certificates/sources/snaky20-kaiasage.txt";
const SNAKY35: &str = "certificates/sources/snaky35-formalpedia.txt";
const SNAKY15_CARDS: &str = "certificates/sources/snaky15-gotrevor-cards.txt.gz";
const SNAKY15: &str = "certificates/sources/snaky15-gotrevor.txt";

fn read(path: &str) -> Vec<u8> {
    std::fs::read(root().join(path)).expect("the table is committed")
}

fn verdicts(run: &gamecert::snaky::SnakyRun) -> Vec<(String, Verdict)> {
    run.claims
        .iter()
        .map(|c| (c.id.clone(), c.verdict))
        .collect()
}

#[test]
fn the_public_tables_are_the_published_bytes() {
    let pinned = [
        (
            SNAKY20,
            63_855,
            "5af88c83606a8c4e7196da007f0f3d272c3b7e80930ce8d723fe0f1e9ef967a5",
        ),
        (
            SNAKY35,
            16_724,
            "fcbd57f8f09a1b2242ec77497801a76899a2d852c3d9991b35d938c6e0a1387f",
        ),
        (
            SNAKY15_CARDS,
            563_791,
            "17b2ff81fb548a0b5b6714425ecbe01dd9dfca63e67d93ccaabfa5dd85be9936",
        ),
        (
            SNAKY15,
            277_424,
            "603fbb41040812e6a2237a7d48980e66ced069f20ba1c054c1b43f3075732584",
        ),
    ];
    for (path, bytes, sha) in pinned {
        let data = read(path);
        assert_eq!(
            (data.len(), sha256_hex(&data).as_str()),
            (bytes, sha),
            "{path}"
        );
    }
    for licence in ["LICENSE-snaky20-kaiasage", "LICENSE-snaky15-gotrevor"] {
        assert!(root().join("certificates/sources").join(licence).exists());
    }
}

#[test]
fn the_20_move_draft_is_decided_by_every_check() {
    let options = CheckOptions {
        bound: Some(20),
        board: Some(17),
        ..CheckOptions::default()
    };
    let run = check_table_with(SNAKY20, &read(SNAKY20), &options).unwrap();
    // Computed, then compared with what the draft states (the snaky20 checks).
    assert_eq!(run.claim.card, 1506);
    assert_eq!(
        verdicts(&run),
        [
            ("empty-board".to_string(), Verdict::Holds),
            ("finite-board".to_string(), Verdict::Holds)
        ]
    );
    let stated: Vec<_> = run
        .checks
        .iter()
        .filter(|c| c.name.starts_with("snaky20:"))
        .collect();
    assert_eq!(stated.len(), 7);
    assert!(stated.iter().all(|c| c.pass), "{stated:#?}");
    // Two lines put spaces inside parentheses: reported, not silently read.
    let grammar = run
        .checks
        .iter()
        .find(|c| c.name.starts_with("grammar:"))
        .expect("the deviation is reported");
    assert!(!grammar.pass);
    assert!(
        grammar.detail.contains("line 740, column 29"),
        "{}",
        grammar.detail
    );
    let search = search_table_with(
        SNAKY20,
        &read(SNAKY20),
        &SearchOptions {
            bound: Some(20),
            board: Some(17),
            shape: Shape::snaky(),
        },
    )
    .unwrap();
    assert!(search.result.holds());
    assert!(search.result.worst_line_is_legal_win);
    assert!(search.result.finite_board.holds);
    assert_eq!(search.result.worst_case_maker_moves, Some(run.claim.height));
}

#[test]
fn the_35_move_table_is_a_conditional_card_matching_the_lean_source() {
    let options = CheckOptions {
        conditional: true,
        ..CheckOptions::default()
    };
    let run = check_table_with(SNAKY35, &read(SNAKY35), &options).unwrap();
    assert_eq!(
        verdicts(&run),
        [("conditional".to_string(), Verdict::Holds)]
    );
    let failed: Vec<_> = run.checks.iter().filter(|c| !c.pass).collect();
    assert!(failed.is_empty(), "{failed:#?}");
    assert_eq!(run.checks.len(), 9);
    assert!(run.claims[0]
        .statement
        .contains("not a win from the empty board"));
    // Without --conditional the empty-board claim is decided, and refuted.
    let run = check_table_with(SNAKY35, &read(SNAKY35), &CheckOptions::default()).unwrap();
    assert_eq!(run.claims[0].verdict, Verdict::Refuted);
    assert_eq!(run.claims[1].verdict, Verdict::Holds);
}

fn check_shape(shape: &str, table: &str, extra: &[&str]) -> (i32, String, String) {
    let dir = std::env::temp_dir().join(format!("gamecert-tables-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("shape-{}.txt", sha256_hex(table.as_bytes())));
    std::fs::write(&path, table).unwrap();
    let mut args = vec!["snaky", "check", path.to_str().unwrap(), "--shape", shape];
    args.extend_from_slice(extra);
    let output = gamecert(&args);
    (
        output.status.code().unwrap(),
        stdout(&output),
        stderr(&output),
    )
}

#[test]
fn the_domino_wins_in_two_moves_from_the_issues_table() {
    let (code, out, err) = check_shape("(0,0) (1,0)", "2 11 0:001 0:221 0:110 0:312\n", &[]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("card 2: A = {}, |T| = 5, h = 2"), "{out}");
    assert!(
        out.contains("[holds] Maker builds the polyomino P within 2 moves"),
        "{out}"
    );
    // 5 cells in a 3x3 box and 2 moves: the 3x3 board is the smallest.
    assert!(out.contains("N = 3 (T spans 3 x 3"), "{out}");
}

#[test]
fn the_l_tromino_wins_in_three_moves_from_a_hand_written_table() {
    // Card 3: Maker owns (0,0), claims (1,0); four L's through both remain.
    // Card 4: claim (0,0); card 3 turned four ways around it.
    let table = "3 10 2 2:210 2:400 2:610\n4 00 3 3:200 3:100 3:300\n";
    let (code, out, err) = check_shape("(0,0) (1,0) (0,1)", table, &[]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("card 4: A = {}, |T| = 9, h = 3"), "{out}");
    let output = gamecert(&[
        "snaky",
        "search",
        &std::env::temp_dir()
            .join(format!("gamecert-tables-{}", std::process::id()))
            .join(format!("shape-{}.txt", sha256_hex(table.as_bytes())))
            .display()
            .to_string(),
        "--shape",
        "(0,0) (1,0) (0,1)",
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", stdout(&output));
    assert!(stdout(&output).contains("worst    3 Maker moves"));
}

#[test]
fn a_four_cell_conditional_card_is_reported_as_conditional() {
    // The straight tetromino: Maker owns (1,0),(2,0), claims (3,0), then
    // (0,0) or (4,0) completes it.
    let shape = "(0,0) (1,0) (2,0) (3,0)";
    let (code, out, _) = check_shape(shape, "4 30 0 3:010\n", &[]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("[REFUTED] Maker builds the polyomino P within 2 moves"),
        "{out}"
    );
    assert!(
        out.contains(
            "[holds] If Maker owns A = {(1,0), (2,0)} and Breaker owns nothing in T (|T| = 5)"
        ),
        "{out}"
    );
    let (code, out, _) = check_shape(shape, "4 30 0 3:010\n", &["--conditional"]);
    assert_eq!(code, 0, "{out}");
}

#[test]
fn bad_shapes_and_boards_exit_2() {
    for shape in ["(0,0) (2,0)", "(0,0) (0,0)", "", "(0,0) (1,0"] {
        let (code, _, err) = check_shape(shape, "2 11 0 1\n", &[]);
        assert_eq!(code, 2, "{shape:?}: {err}");
    }
    let (code, _, err) = check_shape(
        "(0,0) (1,0)",
        "2 11 0:001 0:221 0:110 0:312\n",
        &["--board", "0"],
    );
    assert_eq!(code, 2, "{err}");
    // The board is too small for the envelope: refuted, exit 1.
    let (code, out, _) = check_shape(
        "(0,0) (1,0)",
        "2 11 0:001 0:221 0:110 0:312\n",
        &["--board", "2"],
    );
    assert_eq!(code, 1, "{out}");
}

#[test]
fn extended_symbols_and_negative_frames_evaluate() {
    // The domino table moved by (40,40) with the extended alphabet ('e' = 40),
    // and a card placing it mirrored into negative coordinates.
    let table = "2 ff 0:0ef 0:2gf 0:1fe 0:3fg\n3 00 2:600\n";
    let (code, out, err) = check_shape("(0,0) (1,0)", table, &["--card", "2"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(out.contains("translated by (-40,-40)"), "{out}");
    let (code, out, err) = check_shape("(0,0) (1,0)", table, &[]);
    // Card 3 places card 2 mirrored into negative cells: a conditional card.
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("card 3"), "{out}");
}

#[test]
fn diff_of_the_paper_and_the_draft() {
    let output = gamecert(&[
        "snaky",
        "diff",
        "certificates/sources/snaky21-cards.txt",
        SNAKY20,
    ]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let out = stdout(&output);
    assert!(
        out.contains("first difference: line 723 (NEW extends OLD)"),
        "{out}"
    );
    assert!(out.contains("779 card(s): 728..1506"), "{out}");
    assert!(out.contains("21 -> 20 Maker moves"), "{out}");
}

#[test]
fn replies_with_negative_coordinates_need_no_equals_sign() {
    let output = gamecert(&["snaky", "play", "--replies", "-1000000,1000000"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
}

#[test]
fn a_ten_megabyte_line_is_rejected_quickly() {
    // Linear parsing: 10 MB of children on one line, with a bad symbol at the end.
    let mut text = String::from("6 14");
    while text.len() < 10_000_000 {
        text.push_str(" 0:0ÀÁ");
    }
    text.push_str(" 0:0×0\n");
    let error = gamecert::snaky::parse::parse_table(text.as_bytes()).unwrap_err();
    assert!(error.to_string().contains("found '×'"), "{error}");
}

#[test]
fn play_refuses_more_games_than_its_limit() {
    let output = gamecert(&["snaky", "play", "--games", "10000001"]);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
}
