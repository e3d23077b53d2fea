//! The strategy played against concrete Breakers (issue 3, item 2).

mod common;

use common::{claim, gamecert, root, stdout};
use gamecert::snaky::geometry::{Cell, Orientation, Placement};
use gamecert::snaky::model::SNAKY;
use gamecert::snaky::play::{heights, play, play_game, BreakerKind, Game, PlayOptions, PlayReport};
use gamecert::snaky::strategy::{load, Strategy};
use gamecert::snaky::TABLE_PATH;

fn strategy() -> (Strategy, Vec<u32>) {
    let bytes = std::fs::read(root().join(TABLE_PATH)).expect("the pinned table is readable");
    let (evaluation, strategy) = load(&bytes).expect("the pinned table loads");
    let heights = heights(&evaluation);
    (strategy, heights)
}

fn options(breaker: BreakerKind) -> PlayOptions {
    PlayOptions {
        breaker,
        ..PlayOptions::default()
    }
}

fn one_game(options: &PlayOptions) -> Game {
    let (strategy, heights) = strategy();
    play_game(&strategy, &heights, options, options.seed).expect("the options are valid")
}

/// The winning copy, re-checked from its orientation and offset alone: six
/// of Maker's cells forming t + R(S).
fn assert_won_by_the_rules(game: &Game) {
    assert!(game.won(), "{:?}", game.end);
    let copy = game.snaky.as_ref().expect("a won game names its Snaky");
    let placement = Placement {
        orientation: Orientation::from_code(copy.orientation).unwrap(),
        offset: copy.offset,
    };
    let mut cells: Vec<Cell> = SNAKY.iter().map(|&c| placement.apply(c)).collect();
    cells.sort();
    assert_eq!(cells, copy.cells);
    for cell in &cells {
        assert!(game.maker_moves.contains(cell), "{cell} is Maker's");
    }
    // The last move completes it.
    assert!(cells.contains(game.maker_moves.last().unwrap()));
    // Moves alternate and never repeat a cell.
    assert!(game.breaker_moves.len() + 1 == game.maker_moves.len());
    let mut all: Vec<Cell> = game
        .maker_moves
        .iter()
        .chain(&game.breaker_moves)
        .copied()
        .collect();
    all.sort();
    all.dedup();
    assert_eq!(all.len(), game.maker_moves.len() + game.breaker_moves.len());
}

#[test]
fn the_papers_example_is_reproduced() {
    let game = one_game(&PlayOptions {
        replies: vec![Cell::new(7, 8), Cell::new(8, 6)],
        breaker: BreakerKind::Far,
        ..PlayOptions::default()
    });
    assert_eq!(game.maker_moves[0], Cell::new(8, 8));
    assert_eq!(game.breaker_moves[0], Cell::new(7, 8));
    assert_eq!(game.maker_moves[1], Cell::new(8, 7));
    assert_eq!(game.breaker_moves[1], Cell::new(8, 6));
    assert_eq!(game.maker_moves[2], Cell::new(11, 8));
    assert_won_by_the_rules(&game);
}

#[test]
fn the_computer_breaker_drags_maker_to_exactly_twenty_one() {
    for board in [None, Some(17)] {
        let game = one_game(&PlayOptions {
            board,
            ..options(BreakerKind::Computer)
        });
        assert_eq!(game.maker_moves.len(), 21, "board {board:?}");
        assert_won_by_the_rules(&game);
    }
}

fn random_games(board: Option<i32>) -> PlayReport {
    let (strategy, heights) = strategy();
    play(
        &strategy,
        &heights,
        &PlayOptions {
            games: 1000,
            seed: 2026,
            board,
            ..options(BreakerKind::Random)
        },
    )
    .expect("the options are valid")
}

#[test]
fn random_breakers_typically_lose_in_six_to_eight_moves() {
    for board in [None, Some(17)] {
        let report = random_games(board);
        assert_eq!(report.games, 1000);
        assert_eq!(report.wins, 1000);
        assert!(report.max_maker_moves <= 21);
        assert_eq!(report.histogram.values().sum::<u32>(), 1000);
        let typical: u32 = report
            .histogram
            .iter()
            .filter(|(length, _)| (6..=8).contains(*length))
            .map(|(_, count)| count)
            .sum();
        assert!(typical >= 950, "{:?}", report.histogram);
        // Snaky has six cells: no game is shorter.
        assert!(report.histogram.keys().all(|&length| length >= 6));
    }
}

#[test]
fn random_games_are_won_by_the_rules_and_stay_on_the_board() {
    let (strategy, heights) = strategy();
    for seed in 0..50 {
        let options = PlayOptions {
            board: Some(17),
            seed,
            ..options(BreakerKind::Random)
        };
        let game = play_game(&strategy, &heights, &options, seed).unwrap();
        assert_won_by_the_rules(&game);
        assert!(game
            .maker_moves
            .iter()
            .chain(&game.breaker_moves)
            .all(|c| (0..17).contains(&c.x) && (0..17).contains(&c.y)));
    }
}

#[test]
fn the_same_seed_gives_the_same_games() {
    assert_eq!(random_games(None), random_games(None));
}

#[test]
fn adjacent_and_far_breakers_lose() {
    for breaker in [BreakerKind::Adjacent, BreakerKind::Far] {
        for board in [None, Some(17)] {
            let game = one_game(&PlayOptions {
                board,
                ..options(breaker)
            });
            assert_won_by_the_rules(&game);
            assert!(game.maker_moves.len() <= 21);
        }
    }
    // The far Breaker never replies inside the current placed envelope, so
    // Maker always follows the first child.
    let far = one_game(&options(BreakerKind::Far));
    assert!(far.replacement_moves.is_empty());
}

#[test]
fn play_cli_reports_the_issue_keys() {
    let output = gamecert(&["snaky", "play", "--replies", "7,8 8,6", "--json", "-"]);
    assert_eq!(output.status.code(), Some(0));
    let text = stdout(&output);
    let start = text.find("{\n").expect("JSON follows the summary");
    let value: serde_json::Value = serde_json::from_str(&text[start..]).unwrap();
    assert_eq!(value["games"], 1);
    assert_eq!(value["wins"], 1);
    assert_eq!(value["maker_moves"][2], serde_json::json!([11, 8]));
    assert_eq!(value["breaker_moves"][0], serde_json::json!([7, 8]));
    assert!(value["max_maker_moves"].as_u64().unwrap() <= 21);
    assert!(value["histogram"].is_object());

    let output = gamecert(&[
        "snaky",
        "play",
        "--breaker",
        "random",
        "--games",
        "100",
        "--json",
        "-",
    ]);
    assert_eq!(output.status.code(), Some(0));
    let text = stdout(&output);
    let start = text.find("{\n").unwrap();
    let value: serde_json::Value = serde_json::from_str(&text[start..]).unwrap();
    assert_eq!(value["games"], 100);
    assert!(value.get("maker_moves").is_none());
}

#[test]
fn bad_scripted_replies_are_bad_input() {
    // (8,8) is Maker's first move, so Breaker cannot take it.
    let output = gamecert(&["snaky", "play", "--replies", "8,8"]);
    assert_eq!(output.status.code(), Some(2));
    let output = gamecert(&["snaky", "play", "--replies", "seven"]);
    assert_eq!(output.status.code(), Some(2));
    let output = gamecert(&["snaky", "play", "--board", "17", "--replies", "20,20"]);
    assert_eq!(output.status.code(), Some(2));
    let output = gamecert(&["snaky", "play", "--board", "0"]);
    assert_eq!(output.status.code(), Some(2));
}

#[test]
fn a_tiny_board_makes_the_strategy_fail_without_a_panic() {
    // On 8x8 the pivot (8,8) is off the board: a failure, exit 1.
    let game = one_game(&PlayOptions {
        board: Some(8),
        ..options(BreakerKind::Computer)
    });
    assert!(!game.won());
    let output = gamecert(&["snaky", "play", "--board", "8"]);
    assert_eq!(output.status.code(), Some(1));
}

#[test]
fn the_computer_breaker_finds_the_hole_in_a_forged_table() {
    // Card 727's pivot moved to (8,7): Breaker takes (8,8), which every
    // child needs, and the strategy has no answer.
    let text = std::fs::read_to_string(root().join(TABLE_PATH))
        .unwrap()
        .replacen("\n727 88 ", "\n727 87 ", 1);
    let (evaluation, strategy) = load(text.as_bytes()).expect("the forgery parses");
    let game = play_game(
        &strategy,
        &heights(&evaluation),
        &options(BreakerKind::Computer),
        0,
    )
    .unwrap();
    assert!(!game.won());
    assert_eq!(game.breaker_moves, vec![Cell::new(8, 8)]);
    assert!(
        matches!(&game.end, gamecert::snaky::play::GameEnd::StrategyFailed(reason) if reason.contains("(8,8)"))
    );
}

/// `snaky play --board 17` on the 20-move draft table: the table is
/// translated as its finite-board claim says (the kernel-audited
/// certificate names the translation), and Maker wins within 20 with every
/// move of both players on the board, against the computer Breaker and
/// against random ones.
#[test]
fn the_twenty_move_table_plays_on_its_translated_board() {
    let certificate: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(root().join("certificates/snaky20.json")).unwrap(),
    )
    .unwrap();
    let claim = claim(&certificate, "finite-board");
    assert_eq!(claim["verdict"], "holds");
    let bound = certificate["bound"].as_u64().unwrap().to_string();
    let board = certificate["board"].as_u64().unwrap().to_string();
    let source = certificate["input"]["path"].as_str().unwrap();
    for breaker in ["computer", "random", "far"] {
        let output = gamecert(&[
            "snaky",
            "play",
            "--table",
            source,
            "--board",
            &board,
            "--bound",
            &bound,
            "--breaker",
            breaker,
            "--json",
            "-",
        ]);
        assert_eq!(output.status.code(), Some(0), "{breaker}");
        let text = stdout(&output);
        let start = text.find("{\n").expect("JSON follows the summary");
        let value: serde_json::Value = serde_json::from_str(&text[start..]).unwrap();
        // The same translation as the checker's claim.
        let named = text
            .split_once("(the table translated by ")
            .and_then(|(_, rest)| rest.split_once("))"))
            .map(|(pair, _)| format!("translated by {pair})"))
            .expect("the summary names the translation");
        let statement = claim["statement"].as_str().unwrap();
        assert!(statement.contains(&named), "{named} / {statement}");
        assert_eq!(value["wins"], 1, "{breaker}");
        let moves = value["maker_moves"].as_array().unwrap();
        assert!(moves.len() as u64 <= certificate["bound"].as_u64().unwrap());
        if breaker == "computer" {
            assert_eq!(
                value["maker_moves"].as_array().unwrap().len().to_string(),
                bound
            );
        }
        let n = certificate["board"].as_i64().unwrap();
        for cell in moves
            .iter()
            .chain(value["breaker_moves"].as_array().unwrap())
        {
            let on = |v: &serde_json::Value| (0..n).contains(&v.as_i64().unwrap());
            assert!(
                on(&cell[0]) && on(&cell[1]),
                "{breaker}: {cell} is off the board"
            );
        }
    }
}

/// A winner's table played with its shape: the summary names the shape,
/// not Snaky; Snaky's own summary keeps its words.
#[test]
fn play_and_search_name_the_shape_they_build() {
    let shape = "(0,0) (0,1) (0,2) (1,1)";
    let table = "certificates/sources/animals/t-tetromino.txt";
    let output = gamecert(&[
        "snaky", "play", "--table", table, "--shape", shape, "--bound", "4",
    ]);
    assert_eq!(output.status.code(), Some(0));
    let text = stdout(&output);
    assert!(text.starts_with("T tetromino play: "), "{text}");
    assert!(text.contains("\n  T tetromino t = "), "{text}");
    assert!(!text.contains("  Snaky  t = "), "{text}");
    let output = gamecert(&["snaky", "search", table, "--shape", shape, "--bound", "4"]);
    assert_eq!(output.status.code(), Some(0));
    let text = stdout(&output);
    assert!(
        text.contains("CERTIFIED: by search, Maker builds T tetromino within 4 moves"),
        "{text}"
    );
    assert!(text.starts_with("T tetromino search "), "{text}");
    let output = gamecert(&["snaky", "check", table, "--shape", shape, "--bound", "4"]);
    assert_eq!(output.status.code(), Some(0));
    assert!(stdout(&output).starts_with("T tetromino table "));
    let output = gamecert(&[
        "snaky", "draw", "game", "--table", table, "--shape", shape, "--bound", "4",
    ]);
    assert_eq!(output.status.code(), Some(0));
    let svg = stdout(&output);
    assert!(
        svg.contains(">T tetromino: Maker wins in 4 moves ("),
        "{svg}"
    );
    assert!(svg.contains("green: T tetromino</text>"), "{svg}");
    let output = gamecert(&["snaky", "play", "--replies", "7,8 8,6"]);
    let text = stdout(&output);
    assert!(text.starts_with("Snaky play: "), "{text}");
    assert!(text.contains("\n  Snaky  t = "), "{text}");
}
