//! The animal atlas: the winner/loser classification of every polyomino
//! up to 7 cells, certified by card tables, pairings and containment.

pub mod atlas;
pub mod bounds;
pub mod certificate;
pub mod claims;
pub mod nopairing;
pub mod pairing;
pub mod prove;
pub mod refute;
pub mod sat;
pub mod search;
pub mod verify;
