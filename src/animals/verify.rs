//! `gamecert verify` for the animal atlas: re-check (never re-search) the
//! committed pairings and Snaky's no-pairing proof, classify every animal
//! up to 7 cells, decide the article's claims and emit
//! `certificates/animals.json`, audited by the kernel before it is written.

use super::atlas::{classify, induction, levels, pairing_committed};
use super::bounds::MoveBounds;
use super::certificate::{
    AtlasCertificate, AtlasEntry, NoPairingSummary, ATLAS_KIND, ATLAS_PATH, FORMAT, NO_PAIRING_PATH,
};
use super::claims::{decide, Facts};
use super::prove::{certificate_path, check, table_path, WINNERS};
use crate::cert::claim::any_refuted;
use crate::polyomino::{names::by_name, Polyomino};
use crate::snaky::certificate::bounded_certificate_json;
use crate::snaky::play::{play_table, BreakerKind, PlayOptions};
use crate::verify::{CertificateFile, GameRun, RunFiles, VerifyError};
use gamecert_audit::animals::{atlas as atlas_audit, pairing as pairing_audit};
use rayon::prelude::*;
use std::collections::BTreeMap;
use std::fmt::Write;
use std::path::{Path, PathBuf};

/// The atlas, its report and whether everything it decides holds.
pub struct AtlasRun {
    pub certificate: AtlasCertificate,
    /// The winners' table certificates, written before the atlas cites them.
    pub tables: Vec<WinnerTable>,
    pub json: String,
    pub report: String,
    pub holds: bool,
}

#[derive(Debug, thiserror::Error)]
pub enum AtlasError {
    #[error("cannot write the atlas as JSON: {0}")]
    Json(#[from] serde_json::Error),
    #[error("{path}: {message}")]
    Reference { path: String, message: String },
}

fn read_value(root: &Path, path: &str) -> Result<serde_json::Value, AtlasError> {
    let error = |message: String| AtlasError::Reference {
        path: path.to_string(),
        message,
    };
    let text = std::fs::read_to_string(root.join(path)).map_err(|e| error(e.to_string()))?;
    serde_json::from_str(&text).map_err(|e| error(e.to_string()))
}

/// The committed no-pairing proof's region size and proof steps, as its
/// certificate states them. The atlas audit below checks the proof and that
/// these numbers are the checked ones, so it runs once.
fn no_pairing(root: &Path) -> Result<Option<(usize, usize)>, AtlasError> {
    if !root.join(NO_PAIRING_PATH).is_file() {
        return Ok(None);
    }
    let value = read_value(root, NO_PAIRING_PATH)?;
    let region = value
        .get("region")
        .and_then(serde_json::Value::as_array)
        .map(Vec::len);
    let steps = value.get("proof_steps").and_then(serde_json::Value::as_u64);
    match (region, steps) {
        (Some(region), Some(steps)) => Ok(Some((region, steps as usize))),
        _ => Err(AtlasError::Reference {
            path: NO_PAIRING_PATH.into(),
            message: "has no region or proof_steps".into(),
        }),
    }
}

/// One winner's committed card table, checked: its snaky-format
/// certificate (audited by the kernel like every snaky certificate) and
/// its certified bound.
pub struct WinnerTable {
    pub animal: Polyomino,
    pub certificate_path: String,
    pub json: String,
    pub moves: u32,
    /// The checker certifies it and the rule-free search confirms it.
    pub holds: bool,
}

/// Re-check (never re-search) the eleven winners' committed tables.
pub fn winner_tables(root: &Path) -> Result<Vec<WinnerTable>, AtlasError> {
    WINNERS
        .par_iter()
        .map(|name| {
            let animal =
                by_name(name)
                    .map(|a| a.canonical())
                    .ok_or_else(|| AtlasError::Reference {
                        path: table_path(name),
                        message: format!("{name} is no named animal"),
                    })?;
            let path = table_path(name);
            let error = |message: String| AtlasError::Reference {
                path: path.clone(),
                message,
            };
            let bytes = std::fs::read(root.join(&path)).map_err(|e| error(e.to_string()))?;
            let checked = check(&animal, &path, &bytes).map_err(|e| error(e.to_string()))?;
            let json = bounded_certificate_json(&checked.run).map_err(|e| error(e.to_string()))?;
            Ok(WinnerTable {
                certificate_path: certificate_path(name),
                moves: checked.height(),
                holds: checked.holds(),
                animal,
                json,
            })
        })
        .collect()
}

/// Claim 9: the paper's table against the uniform random Breaker.
pub const RANDOM_GAMES: u32 = 10_000;

fn random_games(root: &Path) -> Result<(u32, u32, BTreeMap<u32, u32>), AtlasError> {
    let path = crate::snaky::TABLE_PATH;
    let bytes = std::fs::read(root.join(path)).map_err(|e| AtlasError::Reference {
        path: path.into(),
        message: e.to_string(),
    })?;
    // Game k of a run uses seed k, so four runs of a quarter each (seeds
    // from 0, 2500, ...) play exactly the games of one run, on both cores.
    let quarter = RANDOM_GAMES / 4;
    let reports: Vec<_> = (0..4)
        .into_par_iter()
        .map(|part| {
            let options = PlayOptions {
                breaker: BreakerKind::Random,
                games: quarter,
                seed: u64::from(part * quarter),
                ..PlayOptions::default()
            };
            play_table(&bytes, &options)
        })
        .collect();
    let (mut games, mut wins, mut histogram) = (0, 0, BTreeMap::new());
    for report in reports {
        let report = report.map_err(|e| AtlasError::Reference {
            path: path.into(),
            message: e.to_string(),
        })?;
        games += report.games;
        wins += report.wins;
        for (moves, count) in report.histogram {
            *histogram.entry(moves).or_insert(0) += count;
        }
    }
    Ok((games, wins, histogram))
}

/// Whether the O tetromino's committed pairing is the article's brick wall
/// and audits.
fn brick_wall_audits(root: &Path, atlas: &[AtlasEntry]) -> bool {
    let square = crate::polyomino::names::by_name("O tetromino").map(|a| a.canonical());
    let Some(entry) = atlas
        .iter()
        .find(|e| Some(e.cells.as_slice()) == square.as_ref().map(|s| s.cells()))
    else {
        return false;
    };
    let Some(Ok(value)) = entry
        .certificate
        .as_deref()
        .filter(|_| entry.how == "pairing")
        .map(|p| read_value(root, p))
    else {
        return false;
    };
    let wall = super::pairing::brick_wall();
    let is_wall = value.get("lattice")
        == Some(&serde_json::json!([
            [wall.lattice.a, 0],
            [wall.lattice.s, wall.lattice.b]
        ]))
        && value.get("pairs")
            == Some(&serde_json::json!(wall
                .pairs
                .iter()
                .map(|&(u, v)| [[u.0, u.1], [v.0, v.1]])
                .collect::<Vec<_>>()));
    is_wall && pairing_audit::audit_pairing(&value).1.is_empty()
}

/// The atlas and the winners' table certificates it cites, not yet audited.
pub struct Assembled {
    pub certificate: AtlasCertificate,
    pub tables: Vec<WinnerTable>,
    pub json: String,
}

impl Assembled {
    /// The files to write: the tables, then the atlas that cites them.
    pub fn files(&self) -> Vec<CertificateFile> {
        self.tables
            .iter()
            .map(|table| CertificateFile {
                path: PathBuf::from(&table.certificate_path),
                contents: table.json.clone(),
            })
            .chain(std::iter::once(CertificateFile {
                path: PathBuf::from(ATLAS_PATH),
                contents: self.json.clone(),
            }))
            .collect()
    }
}

/// The atlas with the kernel's audit (cited tables read as this run
/// writes them, then from `root`) and its report.
pub fn build(root: &Path) -> Result<AtlasRun, AtlasError> {
    let assembled = assemble(root)?;
    let files = assembled.files();
    let value: serde_json::Value = serde_json::from_str(&assembled.json)?;
    let audit = atlas_audit::audit_in(&value, &RunFiles::new(root, &files));
    let mut report = render(&assembled.certificate);
    for message in audit.messages() {
        let _ = writeln!(report, "AUDIT FAILURE: {message}");
    }
    let _ = writeln!(
        report,
        "kernel audit: {}",
        if audit.holds() { "passes" } else { "FAILS" }
    );
    Ok(AtlasRun {
        holds: audit.holds() && !any_refuted(&assembled.certificate.claims),
        certificate: assembled.certificate,
        tables: assembled.tables,
        json: assembled.json,
        report,
    })
}

/// The atlas: every animal classified, the claims decided, the winners'
/// tables re-checked; the kernel's audit is left to the caller.
pub fn assemble(root: &Path) -> Result<Assembled, AtlasError> {
    let levels = levels();
    let counts: BTreeMap<String, usize> = levels
        .iter()
        .enumerate()
        .map(|(k, level)| (format!("{}", k + 1), level.len()))
        .collect();
    let tables = winner_tables(root)?;
    let own_table = |animal: &Polyomino| {
        tables
            .iter()
            .find(|t| t.holds && t.animal == animal.canonical())
            .map(|t| (t.certificate_path.clone(), t.moves))
    };
    let sources = super::bounds::committed_sources(root);
    let animals = classify(
        &levels,
        &|animal| pairing_committed(root, animal),
        &own_table,
        &sources,
    );
    let proof = no_pairing(root)?;
    let facts = Facts {
        levels: &levels,
        atlas: &animals,
        snaky_no_pairing: proof,
        brick_wall_audits: brick_wall_audits(root, &animals),
        random_games: Some(random_games(root)?),
    };
    let claims = decide(&facts);
    let certificate = AtlasCertificate {
        kind: ATLAS_KIND,
        format: FORMAT,
        counts,
        induction: induction(levels.last().map(Vec::as_slice).unwrap_or_default()),
        snaky_no_pairing: proof.map(|(region_cells, proof_steps)| NoPairingSummary {
            region_cells,
            proof_path: NO_PAIRING_PATH.to_string(),
            proof_steps,
            checked: true,
        }),
        animals,
        claims,
    };
    let json = super::certificate::to_json(&certificate)?;
    Ok(Assembled {
        certificate,
        tables,
        json,
    })
}

/// The atlas for a human: one line per animal, then the claims.
pub fn render(certificate: &AtlasCertificate) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "free polyominoes by cells: {:?}",
        certificate.counts.values().collect::<Vec<_>>()
    );
    for entry in &certificate.animals {
        let cells: Vec<String> = entry
            .cells
            .iter()
            .map(|(x, y)| format!("({x},{y})"))
            .collect();
        let _ = write!(
            out,
            "{} cells  {:<7} {:<20} {}",
            entry.size,
            entry.status,
            entry.how.split(';').next().unwrap_or(""),
            cells.join(" ")
        );
        if let Some(name) = &entry.name {
            let _ = write!(out, "  [{name}]");
        }
        if let Some(moves) = &entry.moves {
            let _ = write!(out, "  {}", moves_text(moves));
        }
        out.push('\n');
    }
    for claim in &certificate.claims {
        let _ = writeln!(
            out,
            "claim {} [{}]: {} -- {}",
            claim.id,
            claim.verdict.label(),
            claim.statement,
            claim.detail
        );
    }
    out
}

/// A winner's bounds for a human: "moves 4..6 (lower..upper bound, lower
/// by FILE, upper by FILE)", or one number when they meet; a trivial lower
/// bound (the animal's cells) names no file.
pub fn moves_text(moves: &MoveBounds) -> String {
    let lower_by = match &moves.lower_by {
        Some(path) => format!("lower by {path}"),
        None => "lower trivial".to_string(),
    };
    if moves.lower == moves.upper {
        format!(
            "moves {} (lower bound = upper bound; {lower_by}, upper by {})",
            moves.upper, moves.upper_by
        )
    } else {
        format!(
            "moves {}..{} (lower..upper bound; {lower_by}, upper by {})",
            moves.lower, moves.upper, moves.upper_by
        )
    }
}

/// `verify`: the atlas and its tables, audited by `verify` itself like
/// every emitted file (so once, and against the tables this run writes).
pub fn generate(root: &Path) -> Result<GameRun, VerifyError> {
    let assembled = assemble(root).map_err(|error| VerifyError {
        game: "animals",
        message: error.to_string(),
    })?;
    let tally = |status: &str| {
        assembled
            .certificate
            .animals
            .iter()
            .filter(|e| e.status == status)
            .count()
    };
    let claims = &assembled.certificate.claims;
    let refuted = claims.iter().filter(|claim| claim.refuted()).count();
    Ok(GameRun {
        game: "animals",
        summary: format!(
            "{} animals of 1..7 cells: {} winners, {} losers, {} open; {} of {} claims refuted",
            assembled.certificate.animals.len(),
            tally("winner"),
            tally("loser"),
            tally("open"),
            refuted,
            claims.len()
        ),
        files: assembled.files(),
    })
}
