//! `contrib/snaky/join-tables.py`: the 19-move table joined with the
//! 35-move Lean table is a table whose every card means what it meant in
//! its own table (the same required set, envelope and height), the second
//! table's cards shifted past the first's.

mod common;

use common::root;
use gamecert::snaky::evaluate::{evaluate, Evaluation};

fn evaluation(text: &[u8]) -> Evaluation {
    evaluate(&gamecert::snaky::parse::parse_table(text).unwrap()).unwrap()
}

#[test]
fn a_joined_table_keeps_every_cards_condition() {
    let sources = root().join("certificates/sources");
    let (first, second) = (
        sources.join("snaky19-gamecert.txt"),
        sources.join("snaky35-formalpedia.txt"),
    );
    let out = std::process::Command::new("python3")
        .arg(root().join("contrib/snaky/join-tables.py"))
        .args([&first, &second])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let joined = evaluation(&out.stdout);
    let first = evaluation(&std::fs::read(first).unwrap());
    let second = evaluation(&std::fs::read(second).unwrap());
    let offset = (first.card_count() - 6) as u32;
    assert_eq!(
        joined.card_count(),
        first.card_count() + second.card_count() - 6
    );
    for card in 0..first.card_count() as u32 {
        assert_eq!(joined.card(card), first.card(card), "card {card}");
    }
    for card in 6..second.card_count() as u32 {
        assert_eq!(joined.card(card + offset), second.card(card), "card {card}");
    }
}
