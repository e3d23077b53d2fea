//! Sharded board search: one shard and three shards (separate processes)
//! give the same certificate bytes; a stopped shard resumes; a missing part
//! is reported; pairing leaves at first-player-to-move positions are
//! checked by the kernel.

mod common;

use common::{gamecert, stdout};
use gamecert::audit::{audit_value, board::Fault, Failure};
use std::path::Path;

fn run_shards(dir: &Path, shape: &str, size: &str, bound: Option<&str>, n: usize) -> String {
    run_shards_with(dir, shape, size, bound, n, &[])
}

fn run_shards_with(
    dir: &Path,
    shape: &str,
    size: &str,
    bound: Option<&str>,
    n: usize,
    extra: &[&str],
) -> String {
    for k in 1..=n {
        let shard = format!("{k}/{n}");
        let mut args = vec![
            "board",
            shape,
            "--size",
            size,
            "--pairing-plies",
            "12",
            "--shard",
            &shard,
            "--parts-dir",
            dir.to_str().unwrap(),
        ];
        if let Some(bound) = bound {
            args.extend(["--bound", bound]);
        }
        args.extend(extra);
        let out = gamecert(&args);
        assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    }
    let parts: Vec<String> = (1..=n)
        .map(|k| {
            dir.join(format!("part-{k}-of-{n}.json"))
                .display()
                .to_string()
        })
        .collect();
    let target = dir.join("merged.json");
    let mut args = vec!["board", "merge"];
    args.extend(parts.iter().map(String::as_str));
    args.extend(["--json", target.to_str().unwrap()]);
    let out = gamecert(&args);
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    assert!(stdout(&out).contains("certificate audited"));
    std::fs::read_to_string(target).unwrap()
}

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("gamecert-shard-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// Snaky on `size` x `size` in one shard and in three: the same audited
/// Breaker certificate.
fn assert_split_gives_the_same_breaker_certificate(name: &str, size: &str, extra: &[&str]) {
    let (one, three) = (scratch(&format!("{name}-1")), scratch(&format!("{name}-3")));
    let a = run_shards_with(&one, "snaky", size, None, 1, extra);
    let b = run_shards_with(&three, "snaky", size, None, 3, extra);
    assert_eq!(a, b);
    let json: serde_json::Value = serde_json::from_str(&a).unwrap();
    assert_eq!(json["claim"], "first-does-not-win");
    assert!(audit_value(&json).unwrap().holds());
}

#[test]
fn one_and_three_shards_give_the_same_breaker_certificate() {
    assert_split_gives_the_same_breaker_certificate("snaky", "6", &[]);
}

/// Each first move is one search with a table of its own, so the split
/// does not change the certificate on 7x7 either.
#[test]
fn shards_on_7x7_give_the_same_breaker_certificate_however_split() {
    assert_split_gives_the_same_breaker_certificate("snaky7", "7", &["--memory", "64M"]);
}

/// `--seconds` stops a shard inside a group: exit 1, nothing proved
/// of it, the group's state saved in the parts directory; the same command
/// without the budget settles it (the spent state is removed).
#[test]
fn a_shard_out_of_time_keeps_its_group_state_and_resumes() {
    let dir = scratch("snaky7-pn-stop");
    let shard = |extra: &[&str]| {
        let mut args = vec![
            "board",
            "snaky",
            "--size",
            "7",
            "--pairing-plies",
            "16",
            "--memory",
            "64M",
            "--shard",
            "1/1",
            "--parts-dir",
            dir.to_str().unwrap(),
        ];
        args.extend(extra);
        gamecert(&args)
    };
    let stopped = shard(&["--seconds", "0"]);
    assert_eq!(stopped.status.code(), Some(1), "{}", stdout(&stopped));
    assert!(stdout(&stopped).contains("stopped in group 0"));
    assert!(stdout(&stopped).contains("nothing proved of it"));
    assert!(dir.join("group-0.state.gz").exists());
    let resumed = shard(&[]);
    assert_eq!(resumed.status.code(), Some(0), "{}", stdout(&resumed));
    assert!(!dir.join("group-0.state.gz").exists());
    let part = dir.join("part-1-of-1.json");
    // A certificate named .json.gz is written compressed, as `board` does.
    let compressed = dir.join("merged.json.gz");
    let merged = gamecert(&[
        "board",
        "merge",
        part.to_str().unwrap(),
        "--json",
        compressed.to_str().unwrap(),
    ]);
    assert_eq!(merged.status.code(), Some(0), "{}", stdout(&merged));
    assert!(stdout(&merged).contains("certificate audited"));
    let bytes = std::fs::read(&compressed).unwrap();
    assert_eq!(bytes[..2], [0x1f, 0x8b], "not gzip");
    let audited = gamecert(&["audit", compressed.to_str().unwrap()]);
    assert_eq!(audited.status.code(), Some(0), "{}", stdout(&audited));
    let maker_claim = shard(&["--bound", "12", "--seconds", "5"]);
    assert_eq!(maker_claim.status.code(), Some(2));
    assert!(common::stderr(&maker_claim).contains("goes with Breaker's claim"));
}

/// The first player's claim shares one table among a group's units: a
/// part stopped inside the group (its later units dropped, as a killed
/// shard leaves it) resumes to the same bytes as the run without a stop.
#[test]
fn a_maker_claim_resumed_inside_a_group_writes_the_same_part() {
    let dir = scratch("l4-resume");
    let shard = || {
        let out = gamecert(&[
            "board",
            "L-tetromino",
            "--size",
            "4",
            "--bound",
            "4",
            "--pairing-plies",
            "12",
            "--shard",
            "1/1",
            "--parts-dir",
            dir.to_str().unwrap(),
        ]);
        assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    };
    shard();
    let path = dir.join("part-1-of-1.json");
    let whole = std::fs::read_to_string(&path).unwrap();
    let mut part: serde_json::Value = serde_json::from_str(&whole).unwrap();
    let results = part["results"].as_array_mut().unwrap();
    assert!(results.len() >= 3, "a group of several units");
    results.truncate(2);
    part["complete"] = serde_json::Value::Bool(false);
    std::fs::write(&path, serde_json::to_string_pretty(&part).unwrap()).unwrap();
    shard();
    assert_eq!(std::fs::read_to_string(&path).unwrap(), whole);
}

#[test]
fn one_and_three_shards_give_the_same_maker_certificate() {
    let (one, three) = (scratch("l4-1"), scratch("l4-3"));
    let a = run_shards(&one, "L-tetromino", "4", Some("4"), 1);
    let b = run_shards(&three, "L-tetromino", "4", Some("4"), 3);
    assert_eq!(a, b);
    let json: serde_json::Value = serde_json::from_str(&a).unwrap();
    assert_eq!(json["move_bound"], 4);
    assert!(audit_value(&json).unwrap().holds());
}

/// Two of Snaky 6x6's three shards: the merge refuses them (a first move
/// is open), the partial merge writes the second player's table after the
/// first moves they settle, named by the certificate and audited; with
/// every part the partial merge is the whole claim, byte for byte.
#[test]
fn a_partial_merge_claims_the_settled_first_moves_only() {
    let dir = scratch("snaky6-partial");
    let whole = run_shards(&dir, "snaky", "6", None, 3);
    let part = |k: usize| {
        dir.join(format!("part-{k}-of-3.json"))
            .display()
            .to_string()
    };
    let merge = |parts: &[String], partial: bool| {
        let target = dir.join("partial.json");
        let mut args = vec!["board", "merge"];
        args.extend(parts.iter().map(String::as_str));
        args.extend(["--json", target.to_str().unwrap()]);
        if partial {
            args.push("--partial");
        }
        let out = gamecert(&args);
        let text = std::fs::read_to_string(&target).ok();
        let _ = std::fs::remove_file(target);
        (out.status.code(), text)
    };
    let two = [part(1), part(2)];
    assert_eq!(merge(&two, false), (Some(2), None));
    let (code, text) = merge(&two, true);
    assert_eq!(code, Some(0));
    let json: serde_json::Value = serde_json::from_str(&text.unwrap()).unwrap();
    assert_eq!(json["claim"], "first-does-not-win-after");
    let cells: Vec<u64> = (json["first_moves"].as_array().unwrap().iter())
        .map(|cell| cell.as_u64().unwrap())
        .collect();
    let whole_json: serde_json::Value = serde_json::from_str(&whole).unwrap();
    assert!(whole_json.get("first_moves").is_none());
    assert!(!cells.is_empty() && cells.windows(2).all(|pair| pair[0] < pair[1]));
    // Six first-move classes, group g in shard g mod 3 + 1: shard 3's two
    // are left out.
    assert_eq!(cells.len(), 4);
    let report = audit_value(&json).unwrap();
    assert!(report.holds(), "{:?}", report.failures);
    let all = [part(1), part(2), part(3)];
    assert_eq!(merge(&all, true), (Some(0), Some(whole)));
}

/// Snaky 6x6's three shards, each merged alone into a partial certificate
/// (compressed), joined: the index the kernel audits holds, naming its
/// shards in order; without the third shard the join is refused, naming
/// the opening classes left unanswered; a path out of the project is bad
/// input.
#[test]
fn partial_certificates_that_answer_every_first_move_join_into_the_whole_claim() {
    let dir = scratch("snaky6-join");
    run_shards(&dir, "snaky", "6", None, 3);
    for k in 1..=3 {
        let part = dir.join(format!("part-{k}-of-3.json"));
        let shard = dir.join(format!("after-{k}.json.gz"));
        let out = gamecert(&[
            "board",
            "merge",
            part.to_str().unwrap(),
            "--partial",
            "--json",
            shard.to_str().unwrap(),
        ]);
        assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    }
    // The index cites its shards relative to the directory it is audited in.
    let join = |shards: &[&str]| {
        let mut args = vec!["board", "join"];
        args.extend(shards);
        args.extend(["--json", "index.json"]);
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_gamecert"))
            .args(&args)
            .current_dir(&dir)
            .output()
            .unwrap();
        let text = std::fs::read_to_string(dir.join("index.json")).ok();
        let _ = std::fs::remove_file(dir.join("index.json"));
        (out.status.code(), stdout(&out), text)
    };
    let (code, report, text) = join(&["after-3.json.gz", "./after-1.json.gz", "after-2.json.gz"]);
    assert_eq!(code, Some(0), "{report}");
    assert!(report.contains(
        "the 3 shards hold and answer each of the first player's 6 opening classes once"
    ));
    let index: serde_json::Value = serde_json::from_str(&text.unwrap()).unwrap();
    assert_eq!(index["kind"], "board-shards");
    assert_eq!(index["claim"], "first-does-not-win");
    assert_eq!(
        index["shards"],
        serde_json::json!(["after-1.json.gz", "after-2.json.gz", "after-3.json.gz"])
    );

    let (code, report, text) = join(&["after-1.json.gz", "after-2.json.gz"]);
    assert_eq!((code, text), (Some(1), None));
    assert!(
        report.contains("CERTIFICATE REJECTED: the shards answer no first move of the classes"),
        "{report}"
    );
    let (code, _, text) = join(&["../after-1.json.gz"]);
    assert_eq!((code, text), (Some(2), None));
}

#[test]
fn a_too_small_bound_is_refuted_and_a_missing_part_is_reported() {
    let dir = scratch("l4-bound3");
    let shard = gamecert(&[
        "board",
        "L-tetromino",
        "--size",
        "4",
        "--bound",
        "3",
        "--shard",
        "1/2",
        "--parts-dir",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(shard.status.code(), Some(0));
    let part = dir.join("part-1-of-2.json");
    let missing = gamecert(&["board", "merge", part.to_str().unwrap()]);
    let text = format!("{}{}", stdout(&missing), common::stderr(&missing));
    // Either a needed unit of shard 2 is missing, or shard 1 alone refutes
    // every first move; both are reported, neither writes a certificate.
    assert!(
        text.contains("incomplete") || text.contains("refuted"),
        "{text}"
    );
    assert_ne!(missing.status.code(), Some(0));
}

/// Snaky on 5x5 as one shard with its part in `dir`.
fn snaky5_in_one_shard(dir: &Path) -> std::process::Output {
    gamecert(&[
        "board",
        "snaky",
        "--size",
        "5",
        "--shard",
        "1/1",
        "--parts-dir",
        dir.to_str().unwrap(),
    ])
}

#[test]
fn a_finished_shard_is_not_solved_again() {
    let dir = scratch("resume");
    assert_eq!(snaky5_in_one_shard(&dir).status.code(), Some(0));
    let part = dir.join("part-1-of-1.json");
    let before = std::fs::read_to_string(&part).unwrap();
    assert_eq!(snaky5_in_one_shard(&dir).status.code(), Some(0));
    assert_eq!(before, std::fs::read_to_string(&part).unwrap());
}

/// Snaky 7x7's committed certificate ends lines with pairings at positions
/// where Maker is to move; a pairing entry that misses a live placement there
/// is rejected with its position.
#[test]
fn a_maker_to_move_pairing_that_misses_a_placement_is_rejected() {
    let path = common::root().join("certificates/boards/snaky-on-7x7-weak.json");
    let mut json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap();
    assert!(audit_value(&json).unwrap().holds());
    let strategy = json["strategy"].as_object_mut().unwrap();
    let (key, entry) = strategy
        .iter_mut()
        .find(|(key, entry)| {
            let (first, second) = key.split_once('.').unwrap();
            let count = |hex: &str| u128::from_str_radix(hex, 16).unwrap().count_ones();
            entry.is_array() && count(first) == count(second)
        })
        .expect("a pairing at a Maker-to-move position");
    let key = key.clone();
    entry.as_array_mut().unwrap().clear();
    let report = audit_value(&json).unwrap();
    match report.failures.as_slice() {
        [Failure::Board(Fault::PairingFault { position, .. })] => {
            assert!(!position.is_empty(), "{key}")
        }
        other => panic!("expected a pairing fault, got {other:?}"),
    }
}

/// A one-cell shape ends the game at the first move, before the cut after
/// two moves: the shard mode says so (exit 2) instead of refuting a first
/// player's win that holds.
#[test]
fn a_first_move_that_completes_a_set_is_not_sharded() {
    let dir = scratch("monomino");
    let shard = gamecert(&[
        "board",
        "monomino",
        "--size",
        "1",
        "--bound",
        "1",
        "--shard",
        "1/1",
        "--parts-dir",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(shard.status.code(), Some(2));
    assert!(common::stderr(&shard).contains("solve the board without --shard"));
}

/// A settled part kept compressed (`part-K-of-N.json.gz`, the plain file
/// gone) is read back by its shard, which solves nothing again and leaves
/// it as it is, and merges to the same certificate as the plain part.
#[test]
fn a_compressed_settled_part_is_read_back_and_merged_alike() {
    let dir = scratch("compressed");
    assert_eq!(snaky5_in_one_shard(&dir).status.code(), Some(0));
    let plain = dir.join("part-1-of-1.json");
    let merge = |part: &Path, name: &str| {
        let target = dir.join(name);
        let out = gamecert(&[
            "board",
            "merge",
            part.to_str().unwrap(),
            "--json",
            target.to_str().unwrap(),
        ]);
        assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
        std::fs::read(target).unwrap()
    };
    let from_plain = merge(&plain, "from-plain.json");
    let packed = dir.join("part-1-of-1.json.gz");
    let text = std::fs::read_to_string(&plain).unwrap();
    std::fs::write(&packed, gamecert::cert::gzip::compress(&text)).unwrap();
    std::fs::remove_file(&plain).unwrap();
    let bytes = std::fs::read(&packed).unwrap();
    let again = snaky5_in_one_shard(&dir);
    assert_eq!(again.status.code(), Some(0), "{}", stdout(&again));
    assert!(!plain.exists());
    assert_eq!(std::fs::read(&packed).unwrap(), bytes);
    assert_eq!(merge(&packed, "from-packed.json"), from_plain);
}

/// `contrib/certify-parts.sh` run in `dir`: its exit code and output.
fn certify_parts(dir: &Path) -> (Option<i32>, String) {
    let out = std::process::Command::new("bash")
        .arg(common::root().join("contrib/certify-parts.sh"))
        .args(["6", ".", "snaky6.json.gz"])
        .env("GAMECERT", env!("CARGO_BIN_EXE_gamecert"))
        .current_dir(dir)
        .output()
        .unwrap();
    (
        out.status.code(),
        format!("{}{}", stdout(&out), common::stderr(&out)),
    )
}

/// Snaky 6x6 in three shards, one part kept compressed: the script
/// certifies each part alone, named by its first moves, and joins them into
/// an index the kernel audits; run again it certifies nothing new; without
/// a part the join names the classes left open (exit 1).
#[test]
fn certify_parts_certifies_each_part_alone_and_joins_them() {
    let dir = scratch("certify-parts");
    run_shards(&dir, "snaky", "6", None, 3);
    let part = dir.join("part-2-of-3.json");
    let text = std::fs::read_to_string(&part).unwrap();
    std::fs::write(
        dir.join("part-2-of-3.json.gz"),
        gamecert::cert::gzip::compress(&text),
    )
    .unwrap();
    std::fs::remove_file(&part).unwrap();
    let (code, report) = certify_parts(&dir);
    assert_eq!(code, Some(0), "{report}");
    assert_eq!(report.matches("== certified").count(), 3, "{report}");
    let index: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("snaky6.json")).unwrap()).unwrap();
    assert_eq!(index["kind"], "board-shards");
    let shards = index["shards"].as_array().unwrap();
    assert_eq!(shards.len(), 3);
    for shard in shards {
        let name = shard.as_str().unwrap();
        assert!(name.starts_with("snaky6-after-"), "{name}");
        let json: serde_json::Value =
            serde_json::from_str(&gamecert::verify::read_text(&dir.join(name)).unwrap()).unwrap();
        assert_eq!(json["claim"], "first-does-not-win-after");
    }
    let (code, report) = certify_parts(&dir);
    assert_eq!(code, Some(0), "{report}");
    assert!(!report.contains("== certified"), "{report}");

    // Without part 3 and the certificates, the two other parts do not answer every class.
    std::fs::remove_file(dir.join("part-3-of-3.json")).unwrap();
    for shard in shards {
        std::fs::remove_file(dir.join(shard.as_str().unwrap())).unwrap();
    }
    let (code, report) = certify_parts(&dir);
    assert_eq!(code, Some(1), "{report}");
    assert!(
        report.contains("the shards answer no first move"),
        "{report}"
    );
}
