//! The shared certificate core: input pinning, named check records and the
//! deterministic JSON layout every game's certificate is written with.

pub mod check;
pub mod claim;
pub mod gzip;
pub mod hash;
pub mod json;
pub mod write;

pub use check::Check;
pub use claim::{ClaimRecord, Evidence, Verdict};
pub use hash::InputRecord;
pub use json::to_certificate_json;
pub use write::{create_output_dir, write_output_file, write_output_file_with, OutputError};
