use super::{warn, write_output, CliError, CommandResult, Done};
use clap::Args;
use gamecert::audit::audit_value;
use gamecert::cert::claim::any_refuted;
use gamecert::chess1d::model::Board;
use gamecert::chess1d::notation::play_line;
use gamecert::chess1d::report;
use gamecert::chess1d::verify::{
    board_certificate, boards_certificate, certificate_text, decide_claims, solve_boards,
    solve_squares, CERTIFIED_SQUARES, CLASSIC_SQUARES, TABLE_SQUARES,
};
use gamecert::exit::Outcome;
use std::path::PathBuf;

/// Claim 3 asks about 9 and 10 squares; `gamecert verify` answers it over
/// 6..=32 squares (certificates/chess1d-boards.json, rows 17..=32 as
/// committed by `gamecert chess1d --boards`).
const CLAIM_3_SQUARES: std::ops::RangeInclusive<u8> = 9..=10;

const COMMAND: &str = "chess1d";

#[derive(Debug, Args)]
pub struct Chess1dArgs {
    /// Number of squares of the row (6 to 64; boards up to 40 can be solved).
    /// The published claims are decided on 8 squares only.
    #[arg(long, default_value_t = 8)]
    squares: u64,
    /// A line to check and evaluate from the start, e.g. "1. N2-4 N7-5 2. N4-6xR".
    #[arg(long)]
    line: Option<String>,
    /// Write the board's certificate (value, claims, strategy tables) here.
    #[arg(long)]
    json: Option<PathBuf>,
    /// Solve the whole table of boards 6..=32 (slow: the cost grows like
    /// n^7) instead of one board; --json then writes the boards certificate
    /// (certificates/chess1d-boards.json, whose report rows 17..=32
    /// `gamecert verify` reads instead of re-solving them).
    #[arg(long, conflicts_with_all = ["line", "squares"])]
    boards: bool,
}

/// `--boards`: the table of boards, its certificate audited, then written.
fn table_of_boards(json: Option<&PathBuf>) -> CommandResult {
    let solved =
        solve_boards(TABLE_SQUARES, Some(&CERTIFIED_SQUARES)).map_err(CliError::of(COMMAND))?;
    let mut stdout = format!(
        "One-dimensional chess, boards {}..={} (strategy tables for {}..={}):\n",
        TABLE_SQUARES.start(),
        TABLE_SQUARES.end(),
        CERTIFIED_SQUARES.start(),
        CERTIFIED_SQUARES.end()
    );
    for (row, _) in &solved {
        let distance = row.plies_to_mate.map_or(String::new(), |plies| {
            format!(
                ", mate in {plies} {}",
                if plies == 1 { "ply" } else { "plies" }
            )
        });
        stdout.push_str(&format!(
            "  {:>2} squares: {:>9} positions, {}{distance}\n",
            row.squares, row.positions, row.value
        ));
    }
    let text = certificate_text(&boards_certificate(solved, &CERTIFIED_SQUARES))
        .map_err(CliError::of(COMMAND))?;
    let value: serde_json::Value = serde_json::from_str(&text).map_err(CliError::of(COMMAND))?;
    let audit = audit_value(&value).map_err(CliError::of(COMMAND))?;
    stdout.push_str(&report::audit(&audit));
    if let (Some(path), true) = (json, audit.holds()) {
        write_output(COMMAND, path, &text, &mut stdout)?;
        if path.as_os_str() != "-" {
            stdout.push_str(&format!("wrote {}\n", path.display()));
        }
    }
    Ok(Done::new(stdout, Outcome::from_holds(audit.holds())))
}

pub fn run(args: Chess1dArgs) -> CommandResult {
    if args.boards {
        return table_of_boards(args.json.as_ref());
    }
    let board = Board::new(args.squares).map_err(CliError::of(COMMAND))?;
    // Check the line before the (longer) solve, so a typo fails fast.
    let line = args
        .line
        .as_deref()
        .map(|text| play_line(board, text))
        .transpose()
        .map_err(|error| CliError::new(COMMAND, format!("--line: {error}")))?;
    let solution = match solve_squares(board.squares()) {
        Ok(solution) => solution,
        Err(error) => {
            // The rules still apply beyond the solver: show the checked line.
            let Some(moves) = &line else {
                return Err(CliError::new(COMMAND, error));
            };
            warn(&format!("gamecert {COMMAND}: {error}"));
            return Ok(Done::new(
                report::unsolved_line(board, moves),
                Outcome::BadInput,
            ));
        }
    };
    let mut stdout = report::solved_board(&solution, line.as_deref());
    // The published claims are about Gardner's 8-square board; claim 3
    // about 9 and 10 squares, solved only when the claims are decided.
    let claims = if board.squares() == CLASSIC_SQUARES {
        let rows: Vec<_> = solve_boards(CLAIM_3_SQUARES, None)
            .map_err(CliError::of(COMMAND))?
            .into_iter()
            .map(|(row, _)| row)
            .collect();
        let claims = decide_claims(&solution, &rows);
        stdout.push_str(&report::claims(&claims, &CLAIM_3_SQUARES));
        claims
    } else {
        Vec::new()
    };
    let refuted = any_refuted(&claims);
    let text =
        certificate_text(&board_certificate(&solution, claims)).map_err(CliError::of(COMMAND))?;
    let value: serde_json::Value = serde_json::from_str(&text).map_err(CliError::of(COMMAND))?;
    let audit = audit_value(&value).map_err(CliError::of(COMMAND))?;
    stdout.push_str(&report::audit(&audit));
    if let (Some(path), true) = (&args.json, audit.holds()) {
        write_output(COMMAND, path, &text, &mut stdout)?;
        if path.as_os_str() != "-" {
            stdout.push_str(&format!("wrote {}\n", path.display()));
        }
    }
    Ok(Done::new(
        stdout,
        Outcome::from_holds(audit.holds() && !refuted),
    ))
}
