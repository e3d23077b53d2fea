//! gamecert: verifies machine-checkable proofs about solved games.
//!
//! Each game is a module with the same rooms: `model` (rules, positions,
//! shapes), a solver or evaluator (the clever, fast part), `certificate`
//! (what is emitted) and `audit` (the small trusted re-check of an emitted
//! file, sharing no logic with the producer). `cert` is the shared core for
//! certificate files. The `gamecert` binary is a thin layer over this library.

pub mod animals;
pub mod bits;
pub mod board;
pub mod cert;
pub mod chess1d;
pub mod exit;
pub mod generate;
pub mod grid;
pub mod polyomino;
pub mod prove;
pub mod site;
pub mod snaky;
pub mod tictactoe;
pub mod verify;

/// The trusted kernel (the `gamecert-audit` crate), re-exported so that
/// `gamecert audit` and every game audit what they emit with it.
pub use gamecert_audit as audit;
