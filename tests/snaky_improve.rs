//! `snaky improve`, `snaky board` and `snaky merge` on small shapes whose
//! answers are computed here: the generator's optimal bound (improve must
//! get back to it from a deliberately weakened table), the weak board
//! numbers of the committed finite-board certificates (board must find a
//! table on that board), and one shard against three shard processes.

mod common;

use common::{gamecert, root, stderr, stdout};
use gamecert::generate::emit::symbol;
use gamecert::generate::{prove, ProveOptions};
use gamecert::snaky::model::Shape;
use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

const Y_PENTOMINO: [(i32, i32); 5] = [(0, 0), (0, 1), (0, 2), (0, 3), (1, 1)];

fn shape_text(cells: &[(i32, i32)]) -> String {
    cells
        .iter()
        .map(|(x, y)| format!("({x},{y})"))
        .collect::<Vec<_>>()
        .join(" ")
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gamecert-improve-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

/// The final card's height and its envelope's width, by the checker's own
/// evaluation.
fn final_card(text: &str, cells: &[(i32, i32)]) -> (u32, i32) {
    let shape = Shape::parse(&shape_text(cells)).unwrap();
    let table = gamecert::snaky::parse::parse_table_for(text.as_bytes(), &shape).unwrap();
    let evaluation = gamecert::snaky::evaluate::evaluate(&table).unwrap();
    let condition = &evaluation.final_node().condition;
    let width = evaluation
        .window
        .to_vec(&condition.envelope)
        .iter()
        .map(|c| c.x)
        .max()
        .unwrap();
    (condition.height, width)
}

/// The generator's optimal table for P and its height h*, and a weaker
/// table: the same lines plus a final card that wastes its first move
/// and then plays the optimal card (two disjoint copies, one per reply
/// class), so h = h* + 1, and the cards with A = {} are not in the search's
/// library: improve must rebuild a root line from the other cards.
fn weakened(cells: &[(i32, i32)]) -> (String, u32) {
    let options = ProveOptions {
        max_bound: 10,
        node_limit: 1_000_000,
    };
    let proof = prove(cells, options, &mut |_| {}).unwrap();
    let optimal = proof.table.unwrap();
    let best = proof.height.unwrap();
    let (height, width) = final_card(&optimal, cells);
    assert_eq!(height, best);
    let last: u32 = optimal
        .lines()
        .last()
        .unwrap()
        .split(' ')
        .next()
        .unwrap()
        .parse()
        .unwrap();
    let waste = format!("{}0", symbol(width + 1).unwrap());
    let copy = format!("{last}:0{}0", symbol(width + 2).unwrap());
    let weak = format!("{optimal}{} {waste} {last} {copy}\n", last + 1);
    assert_eq!(final_card(&weak, cells).0, best + 1);
    (weak, best)
}

#[test]
fn improve_gets_a_weakened_table_back_to_the_generators_bound() {
    let (weak, best) = weakened(&Y_PENTOMINO);
    let shape = shape_text(&Y_PENTOMINO);
    let input = scratch("weak-y.txt");
    std::fs::write(&input, &weak).unwrap();
    let output = scratch("improved-y.txt");
    let (input_arg, output_arg) = (input.to_str().unwrap(), output.to_str().unwrap());
    let bound = best.to_string();
    let run = gamecert(&[
        "snaky", "improve", input_arg, "--bound", &bound, "--shape", &shape, "-o", output_arg,
    ]);
    assert_eq!(run.status.code(), Some(0), "{}", stdout(&run));
    assert!(
        stdout(&run).contains("certified; snaky search"),
        "{}",
        stdout(&run)
    );
    let improved = std::fs::read_to_string(&output).unwrap();
    assert!(improved.starts_with(&weak), "the original lines come first");
    assert_eq!(final_card(&improved, &Y_PENTOMINO).0, best);
    // Below the generator's bound the search refutes the bound within its
    // form and names the reply class that fails.
    let below = (best - 1).to_string();
    let run = gamecert(&[
        "snaky", "improve", input_arg, "--bound", &below, "--shape", &shape,
    ]);
    assert_eq!(run.status.code(), Some(1));
    assert!(
        stdout(&run).contains("no table of the search's form"),
        "{}",
        stdout(&run)
    );
}

/// The smallest N whose committed weak certificate for `name` says the
/// first player wins, and that certificate's cells.
fn weak_board_number(name: &str) -> (u32, Vec<(i32, i32)>) {
    let mut best: Option<(u32, Vec<(i32, i32)>)> = None;
    for entry in std::fs::read_dir(root().join("certificates/boards")).unwrap() {
        let path = entry.unwrap().path();
        let file = path.file_name().unwrap().to_string_lossy().into_owned();
        if !file.starts_with(&format!("{name}-on-")) || !file.ends_with("-weak.json") {
            continue;
        }
        let json: Value = serde_json::from_slice(&std::fs::read(&path).unwrap()).unwrap();
        if json["claim"] != "first-wins" {
            continue;
        }
        let n = json["board"]["width"].as_u64().unwrap() as u32;
        assert_eq!(json["board"]["height"].as_u64(), Some(u64::from(n)));
        let cells = json["board"]["cells"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| (c[0].as_i64().unwrap() as i32, c[1].as_i64().unwrap() as i32))
            .collect();
        if best.as_ref().is_none_or(|(b, _)| n < *b) {
            best = Some((n, cells));
        }
    }
    best.unwrap_or_else(|| panic!("no first-wins weak certificate for {name}"))
}

#[test]
fn board_finds_a_table_on_the_certified_weak_board_number() {
    for name in [
        "l-tromino",
        "straight-tromino",
        "l-tetromino",
        "t-tetromino",
    ] {
        let (n, cells) = weak_board_number(name);
        let shape = shape_text(&cells);
        let output = scratch(&format!("board-{name}.txt"));
        let n_arg = n.to_string();
        let run = board_within_8(&n_arg, &shape, &output, &[]);
        assert_eq!(
            run.status.code(),
            Some(0),
            "{name} on {n}x{n}: {}",
            stdout(&run)
        );
        // The table it wrote is certified on that board by the checker.
        let check = check_on_board(&output, &shape, &n_arg);
        assert_eq!(check.status.code(), Some(0), "{name}: {}", stdout(&check));
        // One smaller the certificates say Maker does not win, so no table
        // may be found there (a find would contradict a certificate).
        let smaller = (n - 1).to_string();
        let run = gamecert(&[
            "snaky", "board", &smaller, "--shape", &shape, "--bound", "8",
        ]);
        assert_eq!(
            run.status.code(),
            Some(1),
            "{name} on {smaller}: {}",
            stdout(&run)
        );
    }
}

#[test]
fn board_turns_found_children_by_the_symmetries_of_a_centred_box() {
    let (n, cells) = weak_board_number("t-tetromino");
    assert_eq!(n % 2, 1, "the box has a centre cell only when N is odd");
    let (shape, n_arg) = (shape_text(&cells), n.to_string());
    let centre = format!("{0},{0}", (n - 1) / 2);
    let output = scratch("board-symmetric.txt");
    let run = board_within_8(
        &n_arg,
        &shape,
        &output,
        &["--first", &centre, "--symmetric"],
    );
    assert_eq!(run.status.code(), Some(0), "{}", stdout(&run));
    let stderr = String::from_utf8_lossy(&run.stderr);
    assert!(
        stderr.contains("turned by a symmetry, not searched"),
        "{stderr}"
    );
    let check = check_on_board(&output, &shape, &n_arg);
    assert_eq!(check.status.code(), Some(0), "{}", stdout(&check));
}

/// `gamecert snaky board N --shape P --bound 8 EXTRA... -o OUTPUT`.
fn board_within_8(n: &str, shape: &str, output: &Path, extra: &[&str]) -> std::process::Output {
    let mut args = vec!["snaky", "board", n, "--shape", shape, "--bound", "8"];
    args.extend(extra);
    args.extend(["-o", output.to_str().unwrap()]);
    gamecert(&args)
}

/// `gamecert snaky check TABLE --shape P --board N`.
fn check_on_board(table: &Path, shape: &str, n: &str) -> std::process::Output {
    let table = table.to_str().unwrap();
    gamecert(&["snaky", "check", table, "--shape", shape, "--board", n])
}

/// `gamecert snaky board N --shape P ...` for the L tromino on its
/// certified weak board number N.
struct LTrominoBoard {
    n: u32,
    shape: String,
}

impl LTrominoBoard {
    fn new() -> Self {
        let (n, cells) = weak_board_number("l-tromino");
        LTrominoBoard {
            n,
            shape: shape_text(&cells),
        }
    }

    fn run(&self, extra: &[&str]) -> std::process::Output {
        let n = self.n.to_string();
        let mut args = vec!["snaky", "board", &n, "--shape", &self.shape];
        args.extend(extra);
        gamecert(&args)
    }
}

#[test]
fn board_resumes_each_placement_from_its_part_file() {
    let board = LTrominoBoard::new();
    let state = scratch("board-state");
    let output = scratch("board-state-table.txt");
    let args = [
        "--state",
        state.to_str().unwrap(),
        "-o",
        output.to_str().unwrap(),
    ];
    let first = board.run(&args);
    assert_eq!(first.status.code(), Some(0), "{}", stdout(&first));
    let table = std::fs::read(&output).unwrap();
    let read_parts = || {
        let mut parts: Vec<(PathBuf, Vec<u8>)> = std::fs::read_dir(&state)
            .unwrap()
            .map(|entry| {
                let path = entry.unwrap().path();
                let bytes = std::fs::read(&path).unwrap();
                (path, bytes)
            })
            .collect();
        parts.sort();
        parts
    };
    let parts = read_parts();
    assert!(!parts.is_empty());
    // Run again: every finished unit is read back, none searched again, and
    // the same table is written.
    let again = board.run(&args);
    assert_eq!(again.status.code(), Some(0), "{}", stdout(&again));
    let stderr = String::from_utf8_lossy(&again.stderr);
    assert!(stderr.contains("resuming:"), "{stderr}");
    assert_eq!(read_parts(), parts);
    assert_eq!(std::fs::read(&output).unwrap(), table);
}

#[test]
fn board_with_first_runs_one_placement_of_the_first_move() {
    let board = LTrominoBoard::new();
    let whole = scratch("board-first-whole.txt");
    let run = board.run(&["-o", whole.to_str().unwrap()]);
    assert_eq!(run.status.code(), Some(0), "{}", stdout(&run));
    // The placement that found the table is the last one announced.
    let stderr = String::from_utf8_lossy(&run.stderr).into_owned();
    let placement = stderr
        .lines()
        .filter_map(|line| line.split("first move at (").nth(1))
        .next_back()
        .and_then(|rest| rest.split(')').next())
        .unwrap()
        .to_string();
    let alone = scratch("board-first-alone.txt");
    let run = board.run(&["--first", &placement, "-o", alone.to_str().unwrap()]);
    assert_eq!(run.status.code(), Some(0), "{}", stdout(&run));
    assert_eq!(
        std::fs::read(&alone).unwrap(),
        std::fs::read(&whole).unwrap()
    );
    let outside = format!("{},0", board.n);
    let run = board.run(&["--first", &outside]);
    assert_eq!(run.status.code(), Some(2));
}

#[test]
fn one_shard_and_three_shard_processes_merge_to_the_same_table() {
    shards_agree("plain", &[]);
}

#[test]
fn symmetric_runs_turn_found_children_and_shards_still_agree() {
    let stderr = shards_agree("symmetric", &["--symmetric"]);
    assert!(
        stderr.contains("turned by a symmetry, not searched"),
        "{stderr}"
    );
}

/// `improve --moves all` (with `extra`) in one process, and in three shard
/// processes then `snaky merge`, write the same table; the one process's
/// stderr.
fn shards_agree(tag: &str, extra: &[&str]) -> String {
    let (weak, best) = weakened(&Y_PENTOMINO);
    let shape = shape_text(&Y_PENTOMINO);
    let input = scratch(&format!("weak-y-shards-{tag}.txt"));
    std::fs::write(&input, &weak).unwrap();
    let input_arg = input.to_str().unwrap();
    let bound = best.to_string();
    let whole = scratch(&format!("whole-{tag}.txt"));
    let mut common = vec![
        "snaky", "improve", input_arg, "--bound", &bound, "--shape", &shape, "--moves", "all",
    ];
    common.extend(extra);
    let mut args: Vec<&str> = common.to_vec();
    args.extend(["-o", whole.to_str().unwrap()]);
    let whole_run = gamecert(&args);
    assert_eq!(whole_run.status.code(), Some(0), "{}", stdout(&whole_run));
    let parts: Vec<PathBuf> = (1..=3)
        .map(|k| scratch(&format!("part{k}-{tag}.txt")))
        .collect();
    let children: Vec<_> = (1..=3)
        .map(|k| {
            let shard = format!("{k}/3");
            let mut args: Vec<&str> = common.to_vec();
            args.extend(["--shard", &shard, "--state", parts[k - 1].to_str().unwrap()]);
            Command::new(env!("CARGO_BIN_EXE_gamecert"))
                .args(&args)
                .current_dir(root())
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .unwrap()
        })
        .collect();
    for mut child in children {
        assert_eq!(child.wait().unwrap().code(), Some(0));
    }
    // A shard run again resumes from its part: nothing is searched again.
    let before = std::fs::read(&parts[0]).unwrap();
    let mut args: Vec<&str> = common.to_vec();
    args.extend(["--shard", "1/3", "--state", parts[0].to_str().unwrap()]);
    assert_eq!(gamecert(&args).status.code(), Some(0));
    assert_eq!(std::fs::read(&parts[0]).unwrap(), before);
    let merged = scratch(&format!("merged-{tag}.txt"));
    let mut args = vec!["snaky", "merge"];
    args.extend(parts.iter().map(|p| p.to_str().unwrap()));
    args.extend(["--table", input_arg, "--shape", &shape, "--moves", "all"]);
    args.extend(extra);
    args.extend(["-o", merged.to_str().unwrap()]);
    let run = gamecert(&args);
    assert_eq!(run.status.code(), Some(0), "{}", stdout(&run));
    assert_eq!(
        std::fs::read(&merged).unwrap(),
        std::fs::read(&whole).unwrap(),
        "three shards give the bytes of one"
    );
    // A part of another run is refused.
    let mut args = vec!["snaky", "merge", parts[0].to_str().unwrap()];
    args.extend(["--table", input_arg, "--shape", &shape, "--moves", "cards"]);
    assert_eq!(gamecert(&args).status.code(), Some(2));
    String::from_utf8_lossy(&whole_run.stderr).into_owned()
}

#[test]
fn the_committed_19_move_table_extends_the_20_move_draft_and_is_certified() {
    let table = std::fs::read(root().join("certificates/sources/snaky19-gamecert.txt")).unwrap();
    assert_eq!(
        (
            table.len(),
            gamecert::cert::hash::sha256_hex(&table).as_str()
        ),
        (
            71_618,
            "ec7c69c848076942b85bff9b09be17af28a4ce5bb616401010b5ab1a19af0a1d"
        )
    );
    let draft = std::fs::read(root().join("certificates/sources/snaky20-kaiasage.txt")).unwrap();
    assert!(
        table.starts_with(&draft),
        "the draft's lines come first, unchanged"
    );
    let options = gamecert::snaky::CheckOptions {
        bound: Some(19),
        board: Some(21),
        ..gamecert::snaky::CheckOptions::default()
    };
    let run = gamecert::snaky::check_table_with("snaky19", &table, &options).unwrap();
    assert!(run.claim.holds());
    assert_eq!(run.evaluation.final_node().condition.height, 19);
    assert!(run.evaluation.final_node().condition.required.is_empty());
    let search = gamecert::snaky::search::search_table_with(
        "snaky19",
        &table,
        &gamecert::snaky::search::SearchOptions::with_bound(19),
    )
    .unwrap();
    assert!(search.result.holds());
    assert_eq!(search.result.worst_case_maker_moves, Some(19));
}

#[test]
fn the_committed_17x17_table_is_what_snaky_board_17_writes_from_the_19_move_table() {
    let sources = root().join("certificates/sources");
    let committed = std::fs::read(sources.join("snaky19-17x17-gamecert.txt")).unwrap();
    let base = std::fs::read(sources.join("snaky19-gamecert.txt")).unwrap();
    assert!(
        committed.starts_with(&base),
        "the 19-move table comes first"
    );
    let output = scratch("board17-from-19.txt");
    let run = gamecert(&[
        "snaky",
        "board",
        "17",
        "--table",
        "certificates/sources/snaky19-gamecert.txt",
        "--bound",
        "19",
        "--moves",
        "all",
        "--first",
        "8,8",
        "--symmetric",
        "-o",
        output.to_str().unwrap(),
    ]);
    assert_eq!(run.status.code(), Some(0), "{}", stderr(&run));
    assert!(
        std::fs::read(&output).unwrap() == committed,
        "the search writes the committed bytes"
    );
}

/// The unit indices a `snaky board` run reports as searched (stderr lines
/// `  unit I[/N] ...`).
fn searched_units(stderr: &str) -> Vec<String> {
    stderr
        .lines()
        .filter_map(|line| line.strip_prefix("  unit "))
        .filter(|rest| !rest.contains("not searched"))
        .filter_map(|rest| rest.split(['/', ' ']).next().map(str::to_string))
        .collect()
}

#[test]
fn board_state_carries_the_found_units_of_a_lower_bound() {
    let state = scratch("board-carry");
    let run = |bound: &str, output: &str| {
        let output = scratch(output);
        gamecert(&[
            "snaky",
            "board",
            "6",
            "--shape",
            "(0,0) (1,0) (2,0) (3,0)",
            "--first",
            "2,2",
            "--bound",
            bound,
            "--state",
            state.to_str().unwrap(),
            "-o",
            output.to_str().unwrap(),
        ])
    };
    // Within 6 moves some units are found and one reply class fails.
    let low = run("6", "carry-6.txt");
    assert_eq!(low.status.code(), Some(1), "{}", stdout(&low));
    let low_part = std::fs::read_to_string(state.join("box6-first-2-2-bound6.part")).unwrap();
    let (_, low_units) = gamecert::generate::partial::read(&low_part).unwrap();
    let found: Vec<String> = low_units
        .iter()
        .filter(|u| u.outcome.word() == "found")
        .map(|u| u.index.to_string())
        .collect();
    assert!(found.contains(&"0".to_string()) && found.len() > 1);
    assert!(found.len() < low_units.len(), "some unit must fail at 6");
    // Within 7 the new part starts with them, and only the others are searched.
    let high = run("7", "carry-7.txt");
    assert_eq!(high.status.code(), Some(0), "{}", stdout(&high));
    let stderr = String::from_utf8_lossy(&high.stderr);
    assert!(
        stderr.contains(&format!("carried {} found units", found.len())),
        "{stderr}"
    );
    let searched = searched_units(&stderr);
    assert!(!searched.is_empty(), "{stderr}");
    assert!(searched.iter().all(|u| !found.contains(u)), "{stderr}");
}

#[test]
fn board_shards_share_one_state_and_the_run_after_them_searches_nothing() {
    let state = scratch("board-shards");
    let run = |extra: &[&str], output: &str| {
        let output = scratch(output);
        let mut args = vec![
            "snaky",
            "board",
            "6",
            "--shape",
            "(0,0) (1,0) (2,0) (3,0)",
            "--first",
            "2,2",
            "--bound",
            "7",
            "-o",
            output.to_str().unwrap(),
        ];
        args.extend_from_slice(extra);
        (gamecert(&args), std::fs::read(&output).ok())
    };
    let (whole, whole_table) = run(&[], "shards-whole.txt");
    assert_eq!(whole.status.code(), Some(0), "{}", stdout(&whole));
    let dir = state.to_str().unwrap();
    let mut by_shard = Vec::new();
    for shard in ["1/2", "2/2"] {
        let (out, table) = run(&["--shard", shard, "--state", dir], "shards-part.txt");
        assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
        assert!(table.is_none(), "a shard of several writes no table");
        by_shard.push(searched_units(&String::from_utf8_lossy(&out.stderr)));
    }
    assert!(
        by_shard.iter().all(|units| !units.is_empty()),
        "{by_shard:?}"
    );
    for name in ["shard-1-of-2", "shard-2-of-2"] {
        assert!(state
            .join(format!("box6-first-2-2-bound7-{name}.part"))
            .exists());
    }
    // The run without --shard reads both parts and searches nothing.
    let (after, table) = run(&["--state", dir], "shards-after.txt");
    assert_eq!(after.status.code(), Some(0), "{}", stdout(&after));
    let stderr = String::from_utf8_lossy(&after.stderr);
    assert!(searched_units(&stderr).is_empty(), "{stderr}");
    assert_eq!(
        table, whole_table,
        "the shards' table is the one-process table"
    );
}
