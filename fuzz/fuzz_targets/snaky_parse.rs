//! The card-table parser on arbitrary bytes: a table or an error, never a panic.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let _ = gamecert::snaky::parse::parse_table(data);
});
