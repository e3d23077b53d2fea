//! The prover as the generator's search on a box (`generate::boxed`,
//! `animals prove --box N`): its card tables for the eleven small winners
//! are certified by the checker and the rule-free search, at the height the
//! generator finds or below (both computed here), and a box too small for
//! any win says so for every bound.

mod common;

use common::{gamecert, stderr, stdout};
use gamecert::animals::prove::{check, WINNERS};
use gamecert::generate::boxed::prove_in_box;
use gamecert::generate::{prove, ProveOptions};
use gamecert::polyomino::names::by_name;

#[test]
fn the_provers_tables_of_the_small_winners_are_certified_at_the_generators_height_or_below() {
    for name in WINNERS {
        let animal = by_name(name).unwrap().canonical();
        let options = ProveOptions {
            max_bound: 10,
            node_limit: 1_000_000,
        };
        let generated = prove(animal.cells(), options, &mut |_| {}).unwrap();
        let generated_height = generated.height.expect("the generator's table");
        let boxed = prove_in_box(animal.cells(), 7, 10, u64::MAX, &mut |_| {}).unwrap();
        let table = boxed.table.as_ref().expect("the prover's table");
        let height = boxed.height.unwrap();
        let checked = check(&animal, name, table.as_bytes()).unwrap();
        assert!(checked.holds(), "{name}: {table}");
        assert_eq!(checked.height(), height, "{name}");
        assert!(
            height <= generated_height,
            "{name}: {height} > {generated_height}"
        );
        // Every bound below the table's, from the polyomino's size (fewer
        // moves cannot build it), was proved lost on the box.
        let first_bound = (animal.cells().len() as u32).max(2);
        let lost = (height > first_bound).then(|| height - 1);
        assert_eq!(boxed.proved_none_within(), lost, "{name}");
    }
}

#[test]
fn a_box_too_small_for_a_win_refutes_every_bound() {
    let animal = by_name("L tetromino").unwrap().canonical();
    let boxed = prove_in_box(animal.cells(), 2, 6, u64::MAX, &mut |_| {}).unwrap();
    assert_eq!(boxed.table, None);
    assert_eq!(boxed.proved_none_within(), Some(6));
    // A node limit stops the search with nothing proved of the bound.
    let animal = by_name("L pentomino").unwrap().canonical();
    let stopped = prove_in_box(animal.cells(), 7, 10, 100, &mut |_| {}).unwrap();
    assert_eq!(stopped.table, None);
    assert!(stopped.bounds.last().is_some_and(|b| !b.finished));
}

#[test]
fn the_box_option_prints_a_certified_table_and_refuses_a_box_over_the_provers_cells() {
    let output = gamecert(&["animals", "prove", "T tetromino", "--box", "5"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(stdout(&output).contains("checker: certified; rule-free search: certified"));
    let output = gamecert(&["animals", "prove", "T tetromino", "--box", "12"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("--box must be 1..=11"));
    let output = gamecert(&[
        "animals",
        "prove",
        "L tetromino",
        "--box",
        "2",
        "--bound",
        "5",
    ]);
    assert_eq!(output.status.code(), Some(1), "{}", stdout(&output));
    assert!(stdout(&output).contains("Maker does not win within 5 moves on the 2x2 box"));
}
