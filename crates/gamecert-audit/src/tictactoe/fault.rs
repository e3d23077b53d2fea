//! What the tic-tac-toe auditor can find wrong, each fault carrying the
//! position, move, table entry or field at fault; rendered as the messages
//! users read.

use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fault {
    NotTictactoe {
        kind: String,
    },
    MissingNumber {
        field: &'static str,
    },
    NotAuditable {
        rows: u64,
        cols: u64,
        k: u64,
    },
    KTooLong {
        rows: u64,
        cols: u64,
        k: u64,
    },
    /// A field the auditor neither checks nor ignores by name.
    UnknownField {
        at: String,
        field: String,
    },
    /// Fixed text (`canonical_form`, a table's `goal` or `player`) that is
    /// not what the audit checks by.
    Text {
        field: String,
        expected: String,
    },
    NoValue,
    SequenceSum,
    /// A field the auditor recomputes, with both values.
    Derived {
        field: &'static str,
        stated: String,
        derived: String,
    },
    MissingStrategy {
        player: char,
    },
    StrategyShape {
        player: char,
    },
    Guarantee {
        player: char,
        guarantee: i64,
    },
    Size {
        player: char,
        entries: usize,
    },
    OverLimit {
        what: &'static str,
        count: u64,
        limit: u64,
    },
    Strategy {
        player: char,
        fault: StrategyFault,
    },
    MoreFailures {
        player: char,
        count: usize,
    },
    ValueNotProved {
        value: i64,
        lowest: i64,
        highest: i64,
    },
    ClaimIds {
        found: Vec<String>,
        expected: Vec<String>,
    },
    ClaimVerdict {
        id: String,
        found: Option<String>,
        expected: &'static str,
    },
    /// A statement that is not the text the audit regenerates from the
    /// published numbers and lines it decides, with that text.
    ClaimStatement {
        id: String,
        expected: String,
    },
}

/// A strategy table's fault, at the position (a table key) named.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StrategyFault {
    NoEntry {
        position: String,
    },
    NotACell {
        position: String,
        entry: String,
    },
    Taken {
        position: String,
        cell: usize,
    },
    MoveDraws {
        position: String,
        cell: usize,
    },
    Lost {
        position: String,
        player: char,
        after: String,
        opponent: char,
        cell: usize,
    },
    ReplyDraws {
        position: String,
        reply: usize,
    },
    Unreachable {
        position: String,
    },
}

fn field_of(player: char) -> char {
    player.to_ascii_lowercase()
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::NotTictactoe { kind } => {
                write!(f, "not a tictactoe certificate: kind {kind:?}")
            }
            Fault::MissingNumber { field } => {
                write!(f, "certificate has no whole number \"{field}\"")
            }
            Fault::NotAuditable { rows, cols, k } => write!(
                f,
                "board {rows}x{cols} with k={k} is not auditable (need 1 <= cells <= {}, k >= 1)",
                super::MAX_CELLS
            ),
            Fault::KTooLong { rows, cols, k } => {
                write!(f, "k={k} does not fit on a {rows}x{cols} board")
            }
            Fault::UnknownField { at, field } => write!(
                f,
                "{at}: field {field:?} is not part of the format (nothing would check it)"
            ),
            Fault::Text { field, expected } => write!(f, "{field} must read {expected:?}"),
            Fault::NoValue => f.write_str("certificate has no \"value\" of -1, 0 or 1"),
            Fault::SequenceSum => f.write_str("sequences: x_wins + o_wins + draws is not total"),
            Fault::Derived {
                field,
                stated,
                derived,
            } => write!(f, "{field} is {stated}, but the audit derives {derived}"),
            Fault::MissingStrategy { player } => write!(
                f,
                "certificate has no strategies.{} (null if none)",
                field_of(*player)
            ),
            Fault::StrategyShape { player } => write!(
                f,
                "strategies.{} needs a whole \"guarantee\" and an object \"table\"",
                field_of(*player)
            ),
            Fault::Guarantee { player, guarantee } => write!(
                f,
                "strategies.{}: guarantee {guarantee} is not -1, 0 or 1",
                field_of(*player)
            ),
            Fault::Size { player, entries } => write!(
                f,
                "strategies.{}: size is not the table's {entries} entries",
                field_of(*player)
            ),
            Fault::OverLimit { what, count, limit } => {
                write!(f, "{count} {what}: over the auditor's limit of {limit}; refused")
            }
            Fault::Strategy { player, fault } => {
                write!(f, "strategies.{}: {fault}", field_of(*player))
            }
            Fault::MoreFailures { player, count } => {
                write!(f, "strategies.{}: {count} more failures", field_of(*player))
            }
            Fault::ValueNotProved {
                value,
                lowest,
                highest,
            } => write!(
                f,
                "the value {value} is not proved: the verified strategies only show it lies in {lowest}..={highest}"
            ),
            Fault::ClaimIds { found, expected } => write!(
                f,
                "claims: ids {found:?}, but this board's certificate carries exactly {expected:?}"
            ),
            Fault::ClaimVerdict {
                id,
                found,
                expected,
            } => write!(
                f,
                "claim {id}: verdict is {found:?}, but the certificate shows {expected:?}"
            ),
            Fault::ClaimStatement { id, expected } => write!(
                f,
                "claim {id}: the statement is not the published claim the audit decides, which reads {expected:?}"
            ),
        }
    }
}

impl fmt::Display for StrategyFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StrategyFault::NoEntry { position } => {
                write!(f, "no entry for reachable position {position}")
            }
            StrategyFault::NotACell { position, entry } => {
                write!(f, "entry {position}: move {entry} is not a cell of the board")
            }
            StrategyFault::Taken { position, cell } => {
                write!(f, "entry {position}: move {cell} is illegal, the cell is taken")
            }
            StrategyFault::MoveDraws { position, cell } => {
                write!(f, "entry {position}: move {cell} ends in a draw, not a win")
            }
            StrategyFault::Lost {
                position,
                player,
                after,
                opponent,
                cell,
            } => write!(
                f,
                "position {position} is lost: after {player}'s move {after}, {opponent} completes a line at {cell}"
            ),
            StrategyFault::ReplyDraws { position, reply } => {
                write!(f, "position {position}: reply {reply} ends in a draw, not a win")
            }
            StrategyFault::Unreachable { position } => {
                write!(f, "entry {position} is not reachable under the strategy")
            }
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
