//! Exit codes that scripts can rely on.

/// The process outcome of a gamecert command.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Every claim checked by the run holds (exit 0).
    Holds,
    /// The input was read, but a claim or certificate does not hold (exit 1).
    Refuted,
    /// The input could not be read or parsed, or the command was misused (exit 2).
    BadInput,
}

impl Outcome {
    pub fn code(self) -> u8 {
        match self {
            Outcome::Holds => 0,
            Outcome::Refuted => 1,
            Outcome::BadInput => 2,
        }
    }

    pub fn from_holds(holds: bool) -> Self {
        if holds {
            Outcome::Holds
        } else {
            Outcome::Refuted
        }
    }
}
