//! Gardner's one-dimensional chess: a row of n squares, each side a king,
//! a knight and a rook (docs/rules.md, "Gardner's one-dimensional chess").
//!
//! Rooms, as for every game:
//! - [`model`]: the rules (moves, check, checkmate, stalemate, bare kings);
//! - [`notation`]: moves like `N4-6xR` and lines like `1. N2-4 N7-5 ...`;
//! - [`solve`]: every reachable position, solved by retrograde analysis to
//!   win or loss in exactly d plies, or draw;
//! - [`claims`]: the published claims 1, 2a, 2b and 3, each decided;
//! - [`certificate`]: what is emitted, including strategy tables;
//! - [`audit`]: the independent checker of emitted certificates, with its
//!   own move generator (the trusted kernel);
//! - [`verify`]: the `gamecert verify` generator.
//!
//! Counting: a ply is one side's single move; "White mates in m moves"
//! means mate on ply 2m - 1 from the start, since White moves first.

pub mod certificate;
pub mod claims;
pub mod model;
pub mod notation;
pub mod report;
pub mod solve;
pub mod verify;

pub use certificate::{BoardRow, BoardsCertificate, Chess1dCertificate};
pub use model::{Board, Kind, Move, Piece, Position, Side, Status};
pub use solve::{solve, Solution, Value};
