//! The Snaky entry of `gamecert verify`: every committed card table
//! (certificates/sources/README.md), each checked for the claim its source
//! makes, with its certificate (and, for tables claiming a win from the
//! empty board, the rule-free search, the finite board and one game
//! against the computer Breaker).

use super::certificate::bounded_certificate_json;
use super::model::Shape;
use super::play::{play_table, BreakerKind, PlayOptions};
use super::search::{search_json, search_table_with, SearchOptions};
use super::{check_table_with, CheckOptions, CERTIFICATE_PATH, TABLE_PATH};
use crate::cert::check::failures;
use crate::verify::{CertificateFile, GameRun, VerifyError};
use std::path::{Path, PathBuf};

/// One committed table and the claim `verify` decides about it.
pub struct PublishedTable {
    pub name: &'static str,
    pub table: &'static str,
    pub certificate: &'static str,
    /// Where the search certificate goes; None: no search (a conditional card).
    pub search: Option<&'static str>,
    pub bound: u32,
    pub board: Option<u32>,
    pub conditional: bool,
}

/// The tables `gamecert verify` certifies, in order.
pub const TABLES: [PublishedTable; 6] = [
    PublishedTable {
        name: "paper's 21-move table",
        table: TABLE_PATH,
        certificate: CERTIFICATE_PATH,
        search: Some(super::search::SEARCH_CERTIFICATE_PATH),
        bound: 21,
        board: Some(17),
        conditional: false,
    },
    PublishedTable {
        name: "20-move draft (unreviewed)",
        table: "certificates/sources/snaky20-kaiasage.txt",
        certificate: "certificates/snaky20.json",
        search: Some("certificates/snaky20-search.json"),
        bound: 20,
        board: Some(17),
        conditional: false,
    },
    PublishedTable {
        name: "19-move table (gamecert snaky improve, from the 20-move draft)",
        table: "certificates/sources/snaky19-gamecert.txt",
        certificate: "certificates/snaky19.json",
        search: Some("certificates/snaky19-search.json"),
        bound: 19,
        board: Some(21),
        conditional: false,
    },
    PublishedTable {
        name: "19-move table on 17x17 (gamecert snaky board 17, from the 19-move table)",
        table: "certificates/sources/snaky19-17x17-gamecert.txt",
        certificate: "certificates/snaky19-17x17.json",
        search: Some("certificates/snaky19-17x17-search.json"),
        bound: 19,
        board: Some(17),
        conditional: false,
    },
    PublishedTable {
        name: "15x15 card set (public, converted)",
        table: "certificates/sources/snaky15-gotrevor.txt",
        certificate: "certificates/snaky15.json",
        search: Some("certificates/snaky15-search.json"),
        bound: 25,
        board: Some(15),
        conditional: false,
    },
    PublishedTable {
        name: "35-move Lean table",
        table: "certificates/sources/snaky35-formalpedia.txt",
        certificate: "certificates/snaky35.json",
        search: None,
        bound: 34,
        board: None,
        conditional: true,
    },
];

pub fn generate(root: &Path) -> Result<GameRun, VerifyError> {
    let mut summaries = Vec::new();
    let mut files = Vec::new();
    for table in &TABLES {
        let (summary, table_files) = certify(root, table)?;
        summaries.push(summary);
        files.extend(table_files);
    }
    Ok(GameRun {
        game: "snaky",
        summary: summaries.join("; "),
        files,
    })
}

fn certify(
    root: &Path,
    published: &PublishedTable,
) -> Result<(String, Vec<CertificateFile>), VerifyError> {
    let path = published.table;
    let error = |message: String| VerifyError {
        game: "snaky",
        message,
    };
    let bytes =
        std::fs::read(root.join(path)).map_err(|e| error(format!("cannot read {path}: {e}")))?;
    let options = CheckOptions {
        bound: Some(published.bound),
        card: None,
        board: published.board,
        conditional: published.conditional,
        shape: Shape::snaky(),
    };
    let run =
        check_table_with(path, &bytes, &options).map_err(|e| error(format!("{path}: {e}")))?;
    let failed = failures(&run.checks);
    let json = bounded_certificate_json(&run).map_err(|e| error(format!("{path}: {e}")))?;
    let mut files = vec![CertificateFile {
        path: PathBuf::from(published.certificate),
        contents: json,
    }];
    let verdicts: Vec<String> = run
        .claims
        .iter()
        .map(|c| format!("{} {}", c.id, c.verdict.label()))
        .collect();
    let mut summary = format!(
        "{}: {} ({} nodes, {} reply classes, {} of {} source checks pass)",
        published.name,
        verdicts.join(", "),
        run.counts.nodes,
        run.counts.reply_classes,
        run.checks.len() - failed,
        run.checks.len(),
    );
    if let Some(search_path) = published.search {
        let search_options = SearchOptions {
            bound: Some(published.bound),
            board: published.board,
            shape: Shape::snaky(),
        };
        let mut search = search_table_with(path, &bytes, &search_options)
            .map_err(|e| error(format!("{path}: {e}")))?;
        let play_options = PlayOptions {
            breaker: BreakerKind::Computer,
            board: published.board.and_then(|n| i32::try_from(n).ok()),
            bound: published.bound,
            ..PlayOptions::default()
        };
        let play = play_table(&bytes, &play_options).map_err(|e| error(format!("{path}: {e}")))?;
        let searched = &search.result;
        summary.push_str(&format!(
            "; search: worst case {} over {} states, finite board {}; computer Breaker: {} in {} moves",
            searched
                .worst_case_maker_moves
                .map_or("none (a line fails)".to_string(), |m| m.to_string()),
            searched.states,
            if searched.finite_board.holds { "holds" } else { "FAILS" },
            if play.holds() { "won" } else { "NOT WON" },
            play.max_maker_moves
        ));
        search.play = Some(play);
        search.certificate = Some(published.certificate.to_string());
        files.push(CertificateFile {
            path: PathBuf::from(search_path),
            contents: search_json(&search),
        });
    }
    Ok((summary, files))
}
