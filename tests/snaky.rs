//! Snaky through the library and the CLI: the paper's table, forgeries,
//! malformed tables, determinism and the certificate's shape.

mod common;

use common::{gamecert, root, snapshot_settings, stderr, stdout};
use gamecert::cert::hash::sha256_hex;
use gamecert::snaky::{certificate::certificate_json, check_table, DEFAULT_BOUND, TABLE_PATH};
use serde_json::Value;
use std::path::PathBuf;
use std::process::Command;

fn paper_table() -> String {
    std::fs::read_to_string(root().join(TABLE_PATH)).expect("the paper's table is in the repo")
}

/// The paper's table with one substring replaced on the line of `card`.
fn forge(card: u32, from: &str, to: &str) -> String {
    let prefix = format!("{card} ");
    let mut changed = 0;
    let lines: Vec<String> = paper_table()
        .lines()
        .map(|line| {
            if line.starts_with(&prefix) && line.contains(from) {
                changed += 1;
                line.replacen(from, to, 1)
            } else {
                line.to_string()
            }
        })
        .collect();
    assert_eq!(
        changed, 1,
        "forgery {from:?} -> {to:?} applies to exactly one line"
    );
    lines.join("\n") + "\n"
}

fn temp_file(name: &str, contents: &[u8]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gamecert-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, contents).unwrap();
    path
}

/// Check a table through the CLI with its JSON certificate; returns
/// (exit code, stdout, certificate).
fn check_via_cli(name: &str, table: &str, extra: &[&str]) -> (i32, String, Value) {
    let path = temp_file(name, table.as_bytes());
    let json = path.with_extension("json");
    let mut args = vec![
        "snaky",
        "check",
        path.to_str().unwrap(),
        "--json",
        json.to_str().unwrap(),
    ];
    args.extend_from_slice(extra);
    let output = gamecert(&args);
    let certificate = serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    (output.status.code().unwrap(), stdout(&output), certificate)
}

#[test]
fn the_table_is_byte_identical_to_the_papers() {
    let bytes = std::fs::read(root().join(TABLE_PATH)).unwrap();
    assert_eq!(bytes.len(), 38_367);
    assert_eq!(
        sha256_hex(&bytes),
        "3fa12d36a6d4dbb185e3f2808c8dfde13d85ee309afbca030d6ad17ae9fe3d04"
    );
}

#[test]
fn the_papers_table_is_certified_with_every_printed_number() {
    let run = check_table(TABLE_PATH, paper_table().as_bytes(), DEFAULT_BOUND).unwrap();
    assert!(run.claim.holds());
    let failed: Vec<_> = run.checks.iter().filter(|c| !c.pass).collect();
    assert!(failed.is_empty(), "{failed:#?}");
    assert_eq!(run.counts.reply_classes, 37_042);
    assert_eq!(run.counts.nodes, 1_620);
    // Format 2: the claim's obligations are claim parts; checks are the paper's.
    assert!(run.checks.iter().all(|c| c.name.starts_with("paper: ")));
    assert!(run.checks.len() >= 25);
    let ids: Vec<&str> = run.claims.iter().map(|c| c.id.as_str()).collect();
    assert_eq!(ids, ["empty-board", "finite-board"]);
    assert!(run.claims[0].parts.iter().all(|p| p.pass));
}

#[test]
fn cli_summary_of_the_papers_table() {
    let output = gamecert(&["snaky", "check"]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    snapshot_settings().bind(|| insta::assert_snapshot!("snaky_check_summary", stdout(&output)));
}

#[test]
fn certificate_without_nodes_matches_the_snapshot() {
    let run = check_table(TABLE_PATH, paper_table().as_bytes(), DEFAULT_BOUND).unwrap();
    let mut certificate: Value = serde_json::from_str(&certificate_json(&run)).unwrap();
    let object = certificate.as_object_mut().unwrap();
    let nodes = object.remove("nodes").unwrap();
    assert_eq!(nodes.as_array().unwrap().len(), 1_620);
    let text = serde_json::to_string_pretty(&certificate).unwrap();
    snapshot_settings().bind(|| insta::assert_snapshot!("snaky_certificate_head", text));
}

#[test]
fn certificate_is_one_node_per_line() {
    let run = check_table(TABLE_PATH, paper_table().as_bytes(), DEFAULT_BOUND).unwrap();
    let text = certificate_json(&run);
    let node_lines = text
        .lines()
        .filter(|l| l.starts_with("    {\"id\":") && !l.starts_with("    {\"id\":\""))
        .count();
    assert_eq!(node_lines, 1_620);
    let replies: usize = text
        .lines()
        .filter(|l| l.starts_with("    {\"id\":") && !l.starts_with("    {\"id\":\""))
        .map(|l| {
            let node: Value = serde_json::from_str(l.trim_end_matches(',')).unwrap();
            node["replies"].as_array().unwrap().len() + 1
        })
        .sum();
    assert_eq!(replies, 37_042);
}

#[test]
fn output_is_identical_across_runs_and_thread_counts() {
    let mut outputs = Vec::new();
    for threads in ["1", "2", "4"] {
        let json = temp_file(&format!("threads-{threads}.json"), b"");
        let output = Command::new(env!("CARGO_BIN_EXE_gamecert"))
            .args(["snaky", "check", "--json", json.to_str().unwrap()])
            .env("RAYON_NUM_THREADS", threads)
            .current_dir(root())
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(0));
        outputs.push((output.stdout, std::fs::read(&json).unwrap()));
    }
    assert!(outputs.windows(2).all(|w| w[0] == w[1]));
}

fn assert_refuted(code: i32, summary: &str, certificate: &Value) {
    assert_eq!(code, 1, "{summary}");
    assert_eq!(certificate["verdict"], "refuted");
    assert!(summary.contains("REFUTED"), "{summary}");
    assert!(!certificate["diagnosis"].as_array().unwrap().is_empty());
}

#[test]
fn forgery_pivot_of_727_moved_to_8_7() {
    let (code, summary, certificate) =
        check_via_cli("pivot.txt", &forge(727, "727 88 ", "727 87 "), &[]);
    assert_refuted(code, &summary, &certificate);
    assert_eq!(
        certificate["final_card"]["required"],
        serde_json::json!([[8, 8]])
    );
    assert!(
        summary.contains("(8,8): arises at node 727 (line 722, column 5)"),
        "{summary}"
    );
}

#[test]
fn forgery_last_child_of_727_dropped() {
    let (code, summary, certificate) = check_via_cli("drop.txt", &forge(727, " 726:6FF", ""), &[]);
    assert_refuted(code, &summary, &certificate);
    assert_eq!(
        certificate["final_card"]["required"],
        serde_json::json!([[9, 9]])
    );
    assert!(
        summary.contains("(9,9) lies in every child's envelope"),
        "{summary}"
    );
}

/// How many cells the claim card still requires.
fn required_count(certificate: &serde_json::Value) -> usize {
    certificate["final_card"]["required"]
        .as_array()
        .unwrap()
        .len()
}

#[test]
fn forgery_transposed_child_of_708() {
    let (code, summary, certificate) =
        check_via_cli("transpose.txt", &forge(708, "684:011", "684:111"), &[]);
    assert_refuted(code, &summary, &certificate);
    assert_eq!(required_count(&certificate), 8);
    // The cells that enter through card 708 arise in card 708 itself.
    assert!(
        summary.contains("arises at node 708 (line 703, column 5)"),
        "{summary}"
    );
}

#[test]
fn forgery_inline_pivot_of_311() {
    let (code, summary, certificate) =
        check_via_cli("inline.txt", &forge(311, "(41 ", "(42 "), &[]);
    assert_refuted(code, &summary, &certificate);
    assert_eq!(required_count(&certificate), 36);
    // Every remaining cell is traced down to the forged inline node.
    let diagnosis: Vec<&str> = certificate["diagnosis"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l.as_str().unwrap())
        .collect();
    let per_cell = diagnosis.iter().filter(|l| l.contains("arises at")).count();
    let at_311 = diagnosis
        .iter()
        .filter(|l| l.contains("arises at node 311/2 (line 306, column 15)"))
        .count();
    assert_eq!((per_cell, at_311), (36, 36), "{diagnosis:#?}");
}

#[test]
fn the_honest_table_does_not_prove_20_moves() {
    let (code, summary, certificate) =
        check_via_cli("bound20.txt", &paper_table(), &["--bound", "20"]);
    assert_refuted(code, &summary, &certificate);
    assert_eq!(certificate["bound"], 20);
    assert!(
        summary.contains("card 727 has height 21 > bound 20"),
        "{summary}"
    );
    assert!(
        summary.contains("node 727 (h = 21): child 5 (card 708:100) has h = 20"),
        "{summary}"
    );
}

#[test]
fn a_different_table_that_proves_the_claim_is_certified() {
    // Same proof, one line with an extra (redundant) child: the hash and the
    // paper's counts differ, the claim still holds.
    let table = forge(727, " 726:6FF", " 726:6FF 726:6FF");
    let (code, summary, certificate) = check_via_cli("extra.txt", &table, &[]);
    assert_eq!(code, 0, "{summary}");
    assert_eq!(certificate["verdict"], "certified");
    // Not the paper's bytes: the paper's numbers are not compared at all.
    let checks = certificate["checks"].as_array().unwrap();
    assert_eq!(checks.len(), 1);
    assert_eq!(checks[0]["name"], "source: not a published table");
}

#[test]
fn malformed_tables_exit_2_with_line_and_column() {
    let cases: Vec<(&str, Vec<u8>, &str)> = vec![
        (
            // 'H' is a symbol of the extended alphabet (issue 11); '×' is not.
            "bad coordinate",
            "6 1× 4:100 5:101\n".as_bytes().to_vec(),
            "line 1, column 4: expected a pivot cell",
        ),
        (
            "invalid UTF-8",
            b"6 14 4:100 \xff5:101\n".to_vec(),
            "byte offset 11 (line 1, column 12): invalid UTF-8",
        ),
        (
            "orientation",
            b"6 14 4:900 5:101\n".to_vec(),
            "line 1, column 8: expected an orientation code 0-7",
        ),
        (
            "self reference",
            b"6 14 6 5\n".to_vec(),
            "line 1, column 6: card 6 refers to card 6",
        ),
        (
            "later reference",
            b"6 14 4 5\n7 14 8 6\n".to_vec(),
            "line 2, column 6: card 7 refers to card 8",
        ),
        (
            "out of order",
            b"6 14 4 5\n8 14 4 5\n".to_vec(),
            "line 2, column 1: expected card 7, found card 8",
        ),
        (
            "repeated",
            b"6 14 4 5\n6 14 4 5\n".to_vec(),
            "line 2, column 1: expected card 7, found card 6",
        ),
        (
            "unbalanced",
            b"6 14 4 (22 5\n".to_vec(),
            "line 1, column 13: expected ')'",
        ),
        (
            "empty children",
            b"6 14\n".to_vec(),
            "line 1, column 5: expected a space and at least one child",
        ),
        ("stray", b"6 14 4 5;\n".to_vec(), "line 1, column 9"),
        ("empty", b"".to_vec(), "the table is empty"),
        (
            "binary",
            b"\x00\x01\x02".to_vec(),
            "line 1, column 1: not a text table",
        ),
    ];
    for (name, contents, message) in cases {
        let path = temp_file(&format!("{}.txt", name.replace(' ', "-")), &contents);
        let output = gamecert(&["snaky", "check", path.to_str().unwrap()]);
        assert_eq!(output.status.code(), Some(2), "{name}");
        assert!(
            stderr(&output).contains(message),
            "{name}: {}",
            stderr(&output)
        );
        assert!(!stderr(&output).contains("panicked"), "{name}");
        assert!(stdout(&output).is_empty(), "{name}");
    }
}

#[test]
fn a_crlf_copy_is_certified_like_the_original() {
    let crlf = paper_table().replace('\n', "\r\n");
    let original = check_table("t", paper_table().as_bytes(), DEFAULT_BOUND).unwrap();
    let copy = check_table("t", crlf.as_bytes(), DEFAULT_BOUND).unwrap();
    assert_eq!(original.table, copy.table);
    assert!(copy.claim.holds());
}

#[test]
fn missing_table_file_exits_2() {
    let output = gamecert(&["snaky", "check", "no/such/table.txt"]);
    assert_eq!(output.status.code(), Some(2));
    assert!(stderr(&output).contains("cannot read no/such/table.txt"));
}

#[test]
fn the_committed_snaky_certificates_are_current() {
    // Only the Snaky generator: `just verify-check` (run by CI) covers all games.
    let run = gamecert::snaky::verify::generate(&root()).unwrap();
    for file in &run.files {
        let report = gamecert::verify::audit(file).unwrap();
        assert!(
            report.holds(),
            "{}: {:?}",
            file.path.display(),
            report.messages()
        );
        assert_eq!(
            gamecert::verify::compare(&root(), file),
            gamecert::verify::FileStatus::Unchanged,
            "{} is stale: run `just verify`",
            file.path.display()
        );
    }
}

mod no_panics {
    use super::*;
    use proptest::prelude::*;

    fn head(lines: usize) -> String {
        paper_table()
            .lines()
            .take(lines)
            .map(|l| format!("{l}\n"))
            .collect()
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// Mutated tables are either checked or rejected with a located
        /// error; nothing panics.
        #[test]
        fn mutated_tables_never_panic(
            edits in proptest::collection::vec((0usize..4000, prop::sample::select(
                vec![b'0', b'7', b'9', b'G', b'H', b':', b'(', b')', b' ', b'\n', b'\r', 0u8, 0xff]
            )), 1..6)
        ) {
            let mut bytes = head(120).into_bytes();
            for (position, byte) in edits {
                let position = position % bytes.len();
                bytes[position] = byte;
            }
            match check_table("fuzz", &bytes, DEFAULT_BOUND) {
                Ok(run) => prop_assert_eq!(run.counts.lines, run.table.lines.len()),
                Err(error) => prop_assert!(!error.to_string().is_empty()),
            }
        }
    }

    #[test]
    fn spread_out_tables_are_refused_cleanly() {
        // Each card places the previous one 16 cells further out and flips
        // it, so the window doubles in each direction; the checker refuses
        // the table instead of allocating without limit.
        let mut table = String::from("6 14 4:100 5:101\n");
        for card in 7..400u32 {
            table.push_str(&format!("{card} 00 {}:6GG {}:0GG\n", card - 1, card - 1));
        }
        let path = temp_file("spread.txt", table.as_bytes());
        let output = gamecert(&["snaky", "check", path.to_str().unwrap()]);
        assert_eq!(output.status.code(), Some(2));
        assert!(
            stderr(&output).contains("more than the"),
            "{}",
            stderr(&output)
        );
        // Issue 9: the error names where the spread begins.
        let message = stderr(&output);
        assert!(
            message.contains("line 66, column 4: from card 71 on"),
            "{message}"
        );
    }
}
