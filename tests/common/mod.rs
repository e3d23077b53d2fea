//! Functions shared by the integration tests.
#![allow(dead_code)]

use std::path::PathBuf;
use std::process::{Command, Output};

/// The project root (where Cargo.toml and certificates/ live).
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Insta settings that put snapshot files in the top-level `snapshots/`.
pub fn snapshot_settings() -> insta::Settings {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(root().join("snapshots"));
    settings.set_prepend_module_to_snapshot(false);
    settings
}

/// Run the gamecert binary from the project root.
pub fn gamecert(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_gamecert"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("the gamecert binary runs")
}

pub fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

pub fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// The claim record `id` of a certificate (`claims[i].id`); panics if absent.
pub fn claim<'a>(certificate: &'a serde_json::Value, id: &str) -> &'a serde_json::Value {
    certificate["claims"]
        .as_array()
        .expect("a claims list")
        .iter()
        .find(|record| record["id"] == id)
        .unwrap_or_else(|| panic!("no claim {id:?}"))
}
