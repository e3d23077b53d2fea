//! `gamecert site` without a browser: what it writes, that it is
//! deterministic, and that it refuses a certificate its audit rejects.

mod common;

use common::{gamecert, root, stderr};
use std::path::{Path, PathBuf};

fn fresh(name: &str) -> PathBuf {
    let dir = root().join("target").join(name);
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn read_tree(dir: &Path) -> Vec<(String, String)> {
    let mut files = Vec::new();
    for sub in ["", "data"] {
        for entry in std::fs::read_dir(dir.join(sub)).unwrap() {
            let path = entry.unwrap().path();
            if path.is_file() {
                let name = path.strip_prefix(dir).unwrap().display().to_string();
                files.push((name, std::fs::read_to_string(&path).unwrap()));
            }
        }
    }
    files.sort();
    files
}

#[test]
fn site_writes_every_page_and_dataset_deterministically() {
    let out = fresh("site-cli-a");
    let output = gamecert(&["site", "-o", out.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let files = read_tree(&out);
    let names: Vec<&str> = files.iter().map(|(name, _)| name.as_str()).collect();
    for expected in [
        "index.html",
        "snaky.html",
        "tictactoe.html",
        "chess1d.html",
        "pairings.html",
        "atlas.html",
        "data/index.js",
        "data/snaky20.js",
        "data/atlas.js",
        "data/pairing-00-01-10-11.js",
    ] {
        assert!(
            names.contains(&expected),
            "{expected} missing from {names:?}"
        );
    }
    // Every script a page names exists (the pages load nothing else).
    for (name, text) in files.iter().filter(|(name, _)| name.ends_with(".html")) {
        for script in text.split("<script src=\"").skip(1) {
            let src = script.split('"').next().unwrap();
            assert!(
                names.contains(&src),
                "{name} loads {src}, which was not written"
            );
        }
        assert!(
            !text.contains("http://") && !text.contains("https://"),
            "{name} uses the network"
        );
    }
    // Each data file assigns one JSON value to GAMECERT_DATA.
    for (name, text) in files
        .iter()
        .filter(|(name, _)| name.starts_with("data/") && *name != "data/index.js")
    {
        let value = text
            .split_once("\"] = ")
            .and_then(|(_, rest)| rest.trim_end().strip_suffix(';'));
        let parsed: Result<serde_json::Value, _> = serde_json::from_str(value.unwrap_or(""));
        assert!(parsed.is_ok(), "{name} does not carry one JSON value");
    }
    let again = fresh("site-cli-b");
    let output = gamecert(&["site", "-o", again.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(0));
    assert!(read_tree(&again) == files, "two builds differ");
}

/// A data file's JSON value.
fn data_value(text: &str) -> serde_json::Value {
    let value = text
        .split_once("\"] = ")
        .and_then(|(_, rest)| rest.trim_end().strip_suffix(';'))
        .expect("one assignment");
    serde_json::from_str(value).expect("JSON")
}

#[test]
fn every_atlas_animal_and_pairing_certificate_is_exported() {
    let out = fresh("site-cli-atlas");
    let output = gamecert(&["site", "-o", out.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let atlas: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(root().join("certificates/animals.json")).unwrap(),
    )
    .unwrap();
    let exported = data_value(&std::fs::read_to_string(out.join("data/atlas.js")).unwrap());
    assert_eq!(
        exported["animals"].as_array().unwrap().len(),
        atlas["animals"].as_array().unwrap().len()
    );
    // Each pairing certificate the atlas cites is a dataset of the pairings page.
    let index = std::fs::read_to_string(out.join("data/index.js")).unwrap();
    for animal in atlas["animals"].as_array().unwrap() {
        if animal["how"] == "pairing" {
            let path = animal["certificate"].as_str().unwrap();
            assert!(
                index.contains(&format!("\"certificate\": \"{path}\"")),
                "{path}"
            );
        }
        // Each winner's own card table is a dataset of the Snaky page, named
        // by the certificate's file stem and titled by the animal's name.
        if animal["how"] == "card-table" {
            let path = animal["certificate"].as_str().unwrap();
            let stem = Path::new(path).file_stem().unwrap().to_str().unwrap();
            let data = out.join(format!("data/{stem}.js"));
            let table = data_value(&std::fs::read_to_string(&data).unwrap());
            assert!(
                index.contains(&format!("\"certificate\": \"{path}\"")),
                "{path}"
            );
            assert_eq!(table["name"], stem);
            assert_eq!(table["shape_name"], animal["name"], "{path}");
            let certificate: serde_json::Value =
                serde_json::from_str(&std::fs::read_to_string(root().join(path)).unwrap()).unwrap();
            assert_eq!(table["shape"], certificate["shape"], "{path}");
            // The table bounds the moves from above; a board win or a
            // shorter table may certify fewer.
            let upper = &animal["moves"]["upper"];
            assert!(upper.as_u64() <= table["bound"].as_u64(), "{path}");
            if animal["moves"]["upper_by"] == path {
                assert_eq!(&table["bound"], upper, "{path}");
            }
        }
    }
}

#[test]
fn the_snaky20_board_is_where_its_final_card_lies() {
    let out = fresh("site-cli-snaky20");
    let output = gamecert(&["site", "-o", out.to_str().unwrap()]);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let certificate: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(root().join("certificates/snaky20.json")).unwrap(),
    )
    .unwrap();
    // The final card's envelope, from the producer's own evaluation of the
    // table (format 3 certificates do not record envelopes).
    let source = root().join("certificates/sources/snaky20-kaiasage.txt");
    let bytes = std::fs::read(&source).unwrap();
    let run = gamecert::snaky::check_table("snaky20-kaiasage.txt", &bytes, 20).unwrap();
    let evaluation = &run.evaluation;
    let envelope = evaluation
        .window
        .to_vec(&evaluation.final_node().condition.envelope);
    let coordinates = |axis: usize| envelope.iter().map(move |c| i64::from([c.x, c.y][axis]));
    let least = |axis: usize| coordinates(axis).min().unwrap();
    let most = |axis: usize| coordinates(axis).max().unwrap();
    let data = data_value(&std::fs::read_to_string(out.join("data/snaky20.js")).unwrap());
    let size = certificate["board"].as_i64().unwrap();
    assert_eq!(
        data["board"]["corner"],
        serde_json::json!([least(0), least(1)])
    );
    assert_eq!(data["board"]["size"], serde_json::json!(size));
    assert!(
        most(0) < least(0) + size && most(1) < least(1) + size,
        "T fits the board"
    );
}

#[test]
fn a_certificate_that_fails_its_audit_is_not_shown() {
    let project = fresh("site-cli-tampered");
    let certificates = project.join("certificates");
    std::fs::create_dir_all(&certificates).unwrap();
    for entry in std::fs::read_dir(root().join("certificates")).unwrap() {
        let path = entry.unwrap().path();
        if path.is_file() {
            std::fs::copy(&path, certificates.join(path.file_name().unwrap())).unwrap();
        }
    }
    let snaky = certificates.join("snaky21.json");
    let text = std::fs::read_to_string(&snaky).unwrap();
    // Node 0 (card 6) claims height 3 instead of the 2 Lemma 3 gives.
    let forged = text.replacen("\"height\":2,\"children\"", "\"height\":3,\"children\"", 1);
    assert!(forged != text, "node 0's height was not found");
    std::fs::write(&snaky, forged).unwrap();
    let out = project.join("site");
    let build_site = || {
        gamecert(&[
            "site",
            "--root",
            project.to_str().unwrap(),
            "-o",
            out.to_str().unwrap(),
        ])
    };
    let output = build_site();
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("snaky21.json: fails its audit"),
        "{}",
        stderr(&output)
    );
    assert!(!out.exists(), "nothing is written when a certificate fails");

    std::fs::remove_file(&snaky).unwrap();
    let output = build_site();
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("cannot read"),
        "{}",
        stderr(&output)
    );
}
