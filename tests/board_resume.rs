//! A resumable prover search (`--state`, `--seconds`): stopped by its
//! budget it proves nothing and exits 1 with its state saved; the same
//! command without the budget resumes from that state and certifies; a
//! state of another game, or `--state` with a shard, is bad input.

mod common;

use common::{gamecert, stderr, stdout};
use std::path::PathBuf;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gamecert-resume-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn prove_snaky(size: &str, state: &str, extra: &[&str]) -> std::process::Output {
    let mut args = vec![
        "board",
        "snaky",
        "--size",
        size,
        "--pairing-plies",
        "16",
        "--state",
        state,
    ];
    args.extend(extra);
    gamecert(&args)
}

#[test]
fn a_search_out_of_time_saves_its_state_and_the_same_command_resumes_it() {
    let dir = scratch("snaky8");
    let state = dir.join("state.gz");
    let state = state.to_str().unwrap();
    let stopped = prove_snaky("8", state, &["--seconds", "0"]);
    assert_eq!(stopped.status.code(), Some(1), "{}", stderr(&stopped));
    assert!(stdout(&stopped).contains("nothing proved"));
    assert!(stdout(&stopped).contains("the same command resumes"));
    assert!(std::fs::metadata(state).unwrap().len() > 0);
    let table = dir.join("snaky-on-8x8-weak.json");
    let resumed = prove_snaky("8", state, &["--json", table.to_str().unwrap()]);
    assert_eq!(resumed.status.code(), Some(0), "{}", stderr(&resumed));
    assert!(stdout(&resumed).contains("Breaker wins"));
    assert!(stdout(&resumed).contains("certificate audited"));
    let audited = gamecert(&["audit", table.to_str().unwrap()]);
    assert_eq!(audited.status.code(), Some(0), "{}", stdout(&audited));
    let other_board = prove_snaky("7", state, &[]);
    assert_eq!(other_board.status.code(), Some(2));
    assert!(stderr(&other_board).contains("not a prover state of this game"));
}

#[test]
fn the_state_flag_goes_with_a_plain_search() {
    let dir = scratch("flags");
    let state = dir.join("state.gz");
    let state = state.to_str().unwrap();
    let sharded = prove_snaky("6", state, &["--shard", "1/1"]);
    assert_eq!(sharded.status.code(), Some(2));
    assert!(stderr(&sharded).contains("keeps its groups' states in --parts-dir"));
}
