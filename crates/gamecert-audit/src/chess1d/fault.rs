//! What the chess1d auditor can find wrong, each fault carrying the board,
//! table, position, move or claim at fault; rendered as the messages users
//! read.

use super::rules::End;
use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fault {
    NotChess1d {
        kind: String,
    },
    /// A field the auditor neither checks nor ignores by name: accepting it
    /// would let a file say things no audit backs.
    UnknownField {
        at: String,
        field: String,
    },
    /// `rules` or `conventions` differ from the text the auditor checks by.
    Prose {
        field: &'static str,
    },
    Squares {
        at: String,
        found: Option<u64>,
    },
    Start {
        expected: String,
    },
    /// Refused before any work: over a documented limit.
    OverLimit {
        what: &'static str,
        count: u64,
        limit: u64,
    },
    NoStrategies,
    Table {
        table: String,
        fault: TableFault,
    },
    ValueNotBacked {
        squares: u64,
        value: Option<String>,
        plies: Option<u64>,
    },
    MovesToMate {
        squares: u64,
        moves: Option<u64>,
        plies: Option<u64>,
    },
    Positions {
        squares: u64,
        stated: Option<u64>,
        counted: u64,
    },
    NotRecounted {
        squares: u64,
    },
    NoRange,
    DuplicateBoard {
        squares: u64,
    },
    UnexpectedBoard {
        index: usize,
        squares: Option<u64>,
        expected: u64,
    },
    MissingBoard {
        squares: u64,
    },
    UnlistedTable {
        table: String,
        squares: u64,
    },
    Line {
        line: String,
        fault: LineFault,
    },
    PvLength {
        plies: usize,
        mates: bool,
        stated: Option<u64>,
    },
    /// A principal-variation move the verified tables do not show to keep
    /// the proven value.
    NotBestPlay {
        ply: usize,
        token: String,
        why: String,
    },
    DrawLineEnd {
        plies: usize,
    },
    ClaimIds {
        found: Vec<String>,
        expected: Vec<&'static str>,
    },
    ClaimStatement {
        id: String,
    },
    ClaimVerdict {
        id: String,
        found: Option<String>,
        expected: &'static str,
    },
    ClaimLine {
        id: String,
    },
    ClaimAnswer {
        id: String,
        expected: String,
    },
}

/// A strategy table's fault, at the position or entry named.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TableFault {
    Side {
        found: Option<String>,
    },
    Name {
        expected: String,
    },
    From {
        expected: String,
    },
    Position {
        text: String,
        why: String,
    },
    NotToMove {
        position: String,
        white: bool,
    },
    Duplicate {
        position: String,
    },
    UnknownGoal {
        goal: String,
    },
    NeedsPlies {
        goal: String,
    },
    /// `plies` on a `never_loses` table, which has no distance to state.
    StrayPlies {
        found: String,
    },
    /// An entry that is not `[position, move, plies]` (mate_within) or
    /// `[position, move]` (the other goals): extra items would go unread.
    EntryShape {
        index: usize,
        items: usize,
        expected: usize,
    },
    Unused {
        count: usize,
        first: String,
    },
    MissingEntry {
        position: String,
    },
    IllegalMove {
        position: String,
        mv: String,
    },
    RootDistance {
        position: String,
        bound: u64,
        found: Option<u64>,
    },
    EvenDistance {
        position: String,
    },
    NoMate {
        position: String,
    },
    Drawn {
        position: String,
    },
    ReplyEndsGame {
        position: String,
        reply: String,
        outcome: End,
    },
    ReplyMissing {
        position: String,
        reply: String,
        after: String,
    },
    WrongDistance {
        position: String,
        distance: u64,
        reply: String,
        after: String,
        found: Option<u64>,
    },
    MatedWithin {
        position: String,
        ply: u64,
        horizon: u64,
    },
    Lost {
        position: String,
    },
}

/// A line of moves that does not replay.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LineFault {
    Illegal {
        token: String,
        position: String,
    },
    MarkedMate {
        token: String,
    },
    MarkedCheck {
        token: String,
    },
    /// The principal variation writes each move exactly, marks included.
    Mark {
        token: String,
        expected: String,
    },
    MateWord,
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::NotChess1d { kind } => write!(f, "not a chess1d certificate: kind {kind:?}"),
            Fault::UnknownField { at, field } => {
                write!(f, "{at}: field {field:?} is not part of the format (nothing would check it)")
            }
            Fault::Prose { field } => {
                write!(f, "{field} is not the text the audit checks the certificate by")
            }
            Fault::Squares { at, found } => {
                write!(f, "{at}: squares must be a number from 6 to 64, found {found:?}")
            }
            Fault::Start { expected } => write!(f, "start must be the setup {expected:?}"),
            Fault::OverLimit { what, count, limit } => {
                write!(f, "{count} {what}: over the auditor's limit of {limit}; refused")
            }
            Fault::NoStrategies => f.write_str("no strategies list"),
            Fault::Table { table, fault } => write!(f, "table {table}: {fault}"),
            Fault::ValueNotBacked { squares, value, plies } => write!(
                f,
                "{squares} squares: value {value:?} with plies_to_mate {plies:?} is not backed by verified tables (a win in d plies, d odd for White and even for Black, needs the winner's mate_within d table and the loser's no_mate_within d-2 table; a draw needs both never_loses tables)"
            ),
            Fault::MovesToMate { squares, moves, plies } => write!(
                f,
                "{squares} squares: moves_to_mate {moves:?} does not match plies_to_mate {plies:?}"
            ),
            Fault::Positions { squares, stated, counted } => write!(
                f,
                "{squares} squares: positions stated {stated:?}, recounted {counted}"
            ),
            Fault::NotRecounted { squares } => write!(
                f,
                "{squares} squares: positions cannot be recounted (boards above {} squares are refused)",
                super::RECOUNT_SQUARES
            ),
            Fault::NoRange => f.write_str(
                "no \"squares\": {\"from\": A, \"to\": B} range declaring the boards listed",
            ),
            Fault::DuplicateBoard { squares } => {
                write!(f, "board {squares} is listed twice")
            }
            Fault::UnexpectedBoard { index, squares, expected } => write!(
                f,
                "boards[{index}]: squares {squares:?}, but the declared range lists {expected} here"
            ),
            Fault::MissingBoard { squares } => {
                write!(f, "board {squares} is in the declared range but not listed")
            }
            Fault::UnlistedTable { table, squares } => {
                write!(f, "table {table} is for {squares} squares, a board the file does not list")
            }
            Fault::Line { line, fault } => write!(f, "{line}: {fault}"),
            Fault::PvLength { plies, mates, stated } => write!(
                f,
                "principal_variation: {plies} plies{}, but plies_to_mate is {stated:?}",
                if *mates { " ending in mate" } else { " not ending in mate" }
            ),
            Fault::NotBestPlay { ply, token, why } => {
                write!(f, "principal_variation: ply {ply} {token} is not best play: {why}")
            }
            Fault::DrawLineEnd { plies } => write!(
                f,
                "principal_variation: a drawn line must stop at its first repeated position or a drawn end, not after {plies} plies"
            ),
            Fault::ClaimIds { found, expected } => write!(
                f,
                "claims: ids {found:?}, but this board's certificate carries exactly {expected:?}"
            ),
            Fault::ClaimStatement { id } => {
                write!(f, "claim {id}: the statement is not the published claim's text")
            }
            Fault::ClaimVerdict { id, found, expected } => write!(
                f,
                "claim {id}: verdict is {found:?}, but the certificate shows {expected:?}"
            ),
            Fault::ClaimLine { id } => {
                write!(f, "claim {id}: line is not the published line")
            }
            Fault::ClaimAnswer { id, expected } => write!(
                f,
                "claim {id}: the detail must begin with the answer the audit derives: {expected:?}"
            ),
        }
    }
}

impl fmt::Display for TableFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableFault::Side { found } => {
                write!(f, "side must be white or black, found {found:?}")
            }
            TableFault::Name { expected } => write!(f, "the name must be {expected:?}"),
            TableFault::From { expected } => write!(f, "from must be the start {expected:?}"),
            TableFault::Position { text, why } => write!(f, "position {text:?}: {why}"),
            TableFault::NotToMove { position, white } => write!(
                f,
                "position {position}: not {} to move",
                if *white { "White" } else { "Black" }
            ),
            TableFault::Duplicate { position } => write!(f, "position {position} appears twice"),
            TableFault::UnknownGoal { goal } => write!(f, "unknown goal {goal:?}"),
            TableFault::NeedsPlies { goal } => write!(f, "{goal} needs plies"),
            TableFault::StrayPlies { found } => {
                write!(f, "never_loses states no distance: plies must be null, found {found}")
            }
            TableFault::EntryShape {
                index,
                items,
                expected,
            } => write!(
                f,
                "entry {index} has {items} items; this goal's entries have exactly {expected}"
            ),
            TableFault::Unused { count, first } => write!(
                f,
                "{count} entries are never reached by the strategy (first: {first})"
            ),
            TableFault::MissingEntry { position } => write!(
                f,
                "position {position} is reachable but has no entry (missing reply)"
            ),
            TableFault::IllegalMove { position, mv } => {
                write!(f, "position {position}: move {mv} is not legal")
            }
            TableFault::RootDistance { position, bound, found } => write!(
                f,
                "position {position} must have an entry with plies at most {bound} (the table's claim), found {found:?}"
            ),
            TableFault::EvenDistance { position } => {
                write!(f, "position {position}: plies must be an odd number")
            }
            TableFault::NoMate { position } => {
                write!(f, "position {position}: plies 1, but the move does not mate")
            }
            TableFault::Drawn { position } => {
                write!(f, "position {position}: the move ends the game in a draw")
            }
            TableFault::ReplyEndsGame { position, reply, outcome } => write!(
                f,
                "position {position}: reply {reply} ends the game ({outcome:?}) without the table's mate"
            ),
            TableFault::ReplyMissing { position, reply, after } => write!(
                f,
                "position {position}: reply {reply} leads to {after}, which has no entry (missing reply)"
            ),
            TableFault::WrongDistance { position, distance, reply, after, found } => write!(
                f,
                "position {position} (mate within {distance} plies): reply {reply} leads to {after} with plies {found:?}, not at most {} (wrong distance)",
                distance.saturating_sub(2)
            ),
            TableFault::MatedWithin { position, ply, horizon } => write!(
                f,
                "position {position} is mate on ply {ply}, within {horizon}"
            ),
            TableFault::Lost { position } => {
                write!(f, "position {position} is reachable and lost (mate)")
            }
        }
    }
}

impl fmt::Display for LineFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LineFault::Illegal { token, position } => {
                write!(f, "{token} is not legal in {position}")
            }
            LineFault::MarkedMate { token } => {
                write!(f, "{token} is marked mate, but does not mate")
            }
            LineFault::MarkedCheck { token } => {
                write!(f, "{token} is marked check, but gives no check")
            }
            LineFault::Mark { token, expected } => {
                write!(f, "{token} must be written {expected}")
            }
            LineFault::MateWord => f.write_str("marked mate, but the position is not checkmate"),
        }
    }
}

impl crate::FieldFault for Fault {
    fn unknown_field(at: &str, field: &str) -> Self {
        Fault::UnknownField {
            at: at.to_string(),
            field: field.to_string(),
        }
    }
}
