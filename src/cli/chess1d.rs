use clap::Args;
use gamecert::chess1d::certificate::value_name;
use gamecert::chess1d::model::{Board, Position, Side, Status};
use gamecert::chess1d::notation::{annotate, play_line};
use gamecert::chess1d::solve::{Solution, Value};
use gamecert::chess1d::verify::{
    board_certificate, decide_claims, solve_boards, solve_squares, write_and_audit, CLASSIC_SQUARES,
};
use gamecert::exit::Outcome;
use std::path::PathBuf;

/// The boards claim 3 is decided over here; `gamecert verify` extends the
/// table to 32 squares (certificates/chess1d-boards.json).
const CLAIM_3_SQUARES: std::ops::RangeInclusive<u8> = 6..=16;

#[derive(Debug, Args)]
pub struct Chess1dArgs {
    /// Number of squares of the row (6 to 64; boards up to 40 can be solved).
    #[arg(long, default_value_t = 8)]
    squares: u64,
    /// A line to check and evaluate from the start, e.g. "1. N2-4 N7-5 2. N4-6xR".
    #[arg(long)]
    line: Option<String>,
    /// Write the board's certificate (value, claims, strategy tables) here.
    #[arg(long)]
    json: Option<PathBuf>,
}

fn describe(value: Value, to_move: Side) -> String {
    match (value.winner(to_move), value.plies()) {
        (Some(winner), Some(0)) => format!("checkmate: {} has won", winner.name()),
        (Some(winner), Some(plies)) => {
            // the winner's own moves: it moves on plies 1, 3, ... if it is to move
            let moves = if winner == to_move {
                plies.div_ceil(2)
            } else {
                plies / 2
            };
            let unit = if moves == 1 { "move" } else { "moves" };
            let ply_unit = if plies == 1 { "ply" } else { "plies" };
            format!(
                "{} mates in {plies} {ply_unit} ({moves} {} {unit})",
                winner.name(),
                winner.name()
            )
        }
        _ => "draw".to_string(),
    }
}

fn print_row(label: &str, board: Board, position: &Position, note: &str) {
    let line = format!("  {label:<12} {}  {note}", board.row(position));
    println!("{}", line.trim_end());
}

fn ply_label(ply: usize, side: Side, token: &str) -> String {
    let number = ply / 2 + 1;
    match side {
        Side::White => format!("{number}. {token}"),
        Side::Black => format!("{number}... {token}"),
    }
}

pub fn run(args: Chess1dArgs) -> Outcome {
    let board = match Board::new(args.squares) {
        Ok(board) => board,
        Err(error) => {
            eprintln!("gamecert chess1d: {error}");
            return Outcome::BadInput;
        }
    };
    // Check the line before the (longer) solve, so a typo fails fast.
    let line = match args.line.as_deref().map(|text| play_line(board, text)) {
        Some(Err(error)) => {
            eprintln!("gamecert chess1d: --line: {error}");
            return Outcome::BadInput;
        }
        Some(Ok(moves)) => Some(moves),
        None => None,
    };
    let solution = match solve_squares(board.squares()) {
        Ok(solution) => solution,
        Err(error) => {
            // the rules still apply beyond the solver: show the checked line
            if let Some(moves) = &line {
                println!("line (legal; the board is too large to evaluate):");
                print_row("start", board, &board.start(), "");
                for (ply, played) in moves.iter().enumerate() {
                    let label = ply_label(
                        ply,
                        played.side,
                        &annotate(board, &played.mv, &played.after),
                    );
                    print_row(&label, board, &played.after, "");
                }
            }
            eprintln!("gamecert chess1d: {error}");
            return Outcome::BadInput;
        }
    };
    let start = solution.start();
    let value = solution.start_value();
    println!(
        "One-dimensional chess on {} squares: {} reachable positions",
        board.squares(),
        solution.position_count()
    );
    match value {
        Value::Draw => println!("value: draw (neither side can force mate)"),
        _ => println!(
            "value: {}: {}",
            value_name(value),
            describe(value, Side::White)
        ),
    }
    println!(
        "principal variation (one row per ply, squares 1..{}):",
        board.squares()
    );
    print_row("start", board, &start, "");
    let pv = solution.principal_variation(&start);
    for (ply, (mv, next)) in pv.iter().enumerate() {
        let side = if ply % 2 == 0 {
            Side::White
        } else {
            Side::Black
        };
        print_row(
            &ply_label(ply, side, &annotate(board, mv, next)),
            board,
            next,
            "",
        );
    }
    if value == Value::Draw {
        // a draw's principal variation stops at a drawn end or a repetition
        let last = pv.last().map_or(start, |(_, position)| *position);
        match board.status(&last) {
            Status::Stalemate => println!("  (stalemate: a draw)"),
            Status::BareKings => println!("  (bare kings: a draw)"),
            _ => println!("  (the last position repeats an earlier one: best play cycles)"),
        }
    }
    if let Some(moves) = &line {
        println!("line (value after each ply, with best play from there):");
        print_row("start", board, &start, &describe(value, Side::White));
        for (ply, played) in moves.iter().enumerate() {
            let after = solution.value(&played.after).unwrap_or(Value::Draw);
            print_row(
                &ply_label(
                    ply,
                    played.side,
                    &annotate(board, &played.mv, &played.after),
                ),
                board,
                &played.after,
                &describe(after, played.after.to_move),
            );
        }
    }

    // The claims are about Gardner's 8-square board (claim 3: longer ones).
    let classic = if board.squares() == CLASSIC_SQUARES {
        None
    } else {
        match solve_squares(CLASSIC_SQUARES) {
            Ok(classic) => Some(classic),
            Err(error) => {
                eprintln!("gamecert chess1d: {error}");
                return Outcome::BadInput;
            }
        }
    };
    let classic: &Solution = classic.as_ref().unwrap_or(&solution);
    let rows = match solve_boards(CLAIM_3_SQUARES, None) {
        Ok(solved) => solved.into_iter().map(|(row, _)| row).collect::<Vec<_>>(),
        Err(error) => {
            eprintln!("gamecert chess1d: {error}");
            return Outcome::BadInput;
        }
    };
    let claims = decide_claims(classic, &rows);
    println!(
        "claims (GAMES.md; decided on 8 squares, claim 3 over {}..={} squares):",
        CLAIM_3_SQUARES.start(),
        CLAIM_3_SQUARES.end()
    );
    for claim in &claims {
        let verdict = match claim.holds {
            Some(true) => "holds",
            Some(false) => "REFUTED",
            None => "answered",
        };
        println!("  claim {} [{verdict}]: {}", claim.id, claim.statement);
        println!("    {}", claim.detail);
    }

    let certificate = board_certificate(
        &solution,
        if board.squares() == CLASSIC_SQUARES {
            claims
        } else {
            Vec::new()
        },
    );
    let (text, report) = match write_and_audit(&certificate) {
        Ok(written) => written,
        Err(error) => {
            eprintln!("gamecert chess1d: {error}");
            return Outcome::BadInput;
        }
    };
    for failure in &report.failures {
        println!("AUDIT FAILED: {failure}");
    }
    println!(
        "certificate: the auditor {} ({} obligations checked, {} failures)",
        if report.holds() {
            "accepts it"
        } else {
            "REJECTS it"
        },
        report.checked.len(),
        report.failures.len()
    );
    if let Some(path) = &args.json {
        if let Err(outcome) = super::write_output("chess1d", path, &text) {
            return outcome;
        }
        if path.as_os_str() != "-" {
            println!("wrote {}", path.display());
        }
    }
    Outcome::from_holds(report.holds())
}
