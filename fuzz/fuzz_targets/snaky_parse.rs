//! The card-table parser on arbitrary bytes: a table or an error, never a
//! panic, and the byte scanner reads exactly what the nom grammar reads.
#![no_main]
use gamecert::snaky::model::Shape;
use gamecert::snaky::parse::{parse_table_with, Reader};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let shape = Shape::snaky();
    let scanned = parse_table_with(data, &shape, Reader::Scanner);
    assert_eq!(scanned, parse_table_with(data, &shape, Reader::Grammar));
});
