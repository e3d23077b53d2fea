//! The grid-delay auditor on arbitrary JSON: any object is relabelled as a
//! grid-delay certificate so every input reaches this auditor; it reports,
//! never panics.
#![no_main]
use libfuzzer_sys::fuzz_target;

#[path = "relabel.rs"]
mod relabel;

fuzz_target!(|data: &[u8]| relabel::audit_as("grid-delay", data));
