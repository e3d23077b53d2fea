//! `gamecert site`: a static site that plays from the committed certificates.
//!
//! The site is HTML, CSS and plain JavaScript (embedded in the binary, see
//! `assets.rs`) plus one data file per dataset. Every dataset is derived
//! from a committed certificate that the kernel audits first, so the pages
//! only ever play what was certified. Data files are `.js` files that assign
//! a global (`GAMECERT_DATA[name] = {...}`), not JSON fetched at run time,
//! because browsers refuse `fetch` from `file://` and the site must open
//! from disk.
//!
//! Adding a certificate to the site is one [`Source`] line (a certificate
//! path and its export function) plus, for a new kind, one page in assets.

mod animals;
mod assets;
mod chess1d;
mod snaky;
mod tictactoe;

use serde_json::{json, Value};
use std::path::{Path, PathBuf};

/// One dataset a page can load: `data/{name}.js`.
#[derive(Debug, Clone, PartialEq)]
pub struct Dataset {
    /// File stem and key in `GAMECERT_DATA`, e.g. `snaky21`.
    pub name: String,
    /// The page that shows it, e.g. `snaky.html`.
    pub page: &'static str,
    /// What a menu calls it.
    pub title: String,
    pub data: Value,
}

/// A certificate the site is built from, and how to derive its datasets.
pub struct Source {
    /// Relative to the project root. One `*` in the file name stands for
    /// every file of that directory that matches (in name order), e.g. each
    /// pairing certificate of the atlas.
    pub certificate: &'static str,
    /// The certificate and its file stem (`snaky21`, `table-t-tetromino`),
    /// which names a dataset where one kind has many certificates.
    pub export: fn(&Value, &str) -> Result<Vec<Dataset>, String>,
}

/// Every certificate the site shows. A new certificate is one line here.
pub const SOURCES: &[Source] = &[
    Source {
        certificate: "certificates/snaky21.json",
        export: snaky::export,
    },
    Source {
        certificate: "certificates/snaky20.json",
        export: snaky::export,
    },
    Source {
        certificate: "certificates/snaky19.json",
        export: snaky::export,
    },
    Source {
        certificate: "certificates/snaky15.json",
        export: snaky::export,
    },
    Source {
        certificate: "certificates/animals/table-*.json",
        export: snaky::export,
    },
    Source {
        certificate: "certificates/animals.json",
        export: animals::export_atlas,
    },
    Source {
        certificate: "certificates/animals/pairing-*.json",
        export: animals::export_pairing,
    },
    Source {
        certificate: "certificates/tictactoe.json",
        export: tictactoe::export,
    },
    Source {
        certificate: "certificates/tictactoe-3x4k3.json",
        export: tictactoe::export,
    },
    Source {
        certificate: "certificates/tictactoe-4x4k3.json",
        export: tictactoe::export,
    },
    Source {
        certificate: "certificates/tictactoe-4x4k4.json",
        export: tictactoe::export,
    },
    Source {
        certificate: "certificates/chess1d.json",
        export: chess1d::export_claims,
    },
    Source {
        certificate: "certificates/chess1d-boards.json",
        export: chess1d::export_boards,
    },
];

#[derive(Debug, thiserror::Error)]
pub enum SiteError {
    #[error("cannot read {path}: {source}")]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{path}:{line}:{column}: not JSON: {message}")]
    Json {
        path: PathBuf,
        line: usize,
        column: usize,
        message: String,
    },
    #[error("{path}: the kernel cannot audit it: {message}")]
    Unauditable { path: PathBuf, message: String },
    #[error("{path}: fails its audit, so the site will not show it: {first} ({count} failures)")]
    AuditFailed {
        path: PathBuf,
        first: String,
        count: usize,
    },
    #[error("{path}: {message}")]
    Format { path: PathBuf, message: String },
    #[error("{0}")]
    Write(#[from] crate::cert::OutputError),
}

impl SiteError {
    /// Whether the certificates were read but one does not hold (exit 1),
    /// rather than unreadable input or an unwritable output (exit 2).
    pub fn is_refuted(&self) -> bool {
        matches!(self, SiteError::AuditFailed { .. })
    }
}

/// One file of the site, relative to its root.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SiteFile {
    pub path: String,
    pub text: String,
}

/// Read, audit and export every source under `root`, and lay out the site.
pub fn build(root: &Path, mut progress: impl FnMut(&str)) -> Result<Vec<SiteFile>, SiteError> {
    let mut files: Vec<SiteFile> = assets::ASSETS
        .iter()
        .map(|(path, text)| SiteFile {
            path: (*path).to_string(),
            text: (*text).to_string(),
        })
        .collect();
    let mut index: Vec<Value> = Vec::new();
    for source in SOURCES {
        for certificate_path in expand(root, source.certificate)? {
            progress(&certificate_path);
            let path = root.join(&certificate_path);
            let certificate = read_audited(root, &path)?;
            let stem = Path::new(&certificate_path)
                .file_stem()
                .map_or(String::new(), |stem| stem.to_string_lossy().into_owned());
            let datasets =
                (source.export)(&certificate, &stem).map_err(|message| SiteError::Format {
                    path: path.clone(),
                    message,
                })?;
            for dataset in datasets {
                // Two certificates must not write the same data file.
                if index
                    .iter()
                    .any(|entry| entry["name"] == dataset.name.as_str())
                {
                    return Err(SiteError::Format {
                        path,
                        message: format!(
                            "dataset \"{}\" is already exported from another certificate",
                            dataset.name
                        ),
                    });
                }
                index.push(json!({
                    "name": dataset.name,
                    "page": dataset.page,
                    "title": dataset.title,
                    "certificate": certificate_path,
                }));
                files.push(data_file(&dataset, &certificate_path));
            }
        }
    }
    files.push(SiteFile {
        path: "data/index.js".to_string(),
        text: format!(
            "// Generated by `gamecert site`: every dataset of the site.\nwindow.GAMECERT_INDEX = {};\n",
            serde_json::to_string_pretty(&Value::Array(index)).expect("JSON values serialise")
        ),
    });
    Ok(files)
}

/// Write the site under `out`, creating `out` and its folders as needed
/// (filling that tree is the command's purpose).
pub fn write(out: &Path, files: &[SiteFile]) -> Result<(), SiteError> {
    for file in files {
        let path = out.join(&file.path);
        let write = || -> Result<(), crate::cert::OutputError> {
            if let Some(parent) = path.parent() {
                crate::cert::create_output_dir(parent)?;
            }
            crate::cert::write_output_file(&path, file.text.as_bytes())
        };
        write().map_err(SiteError::Write)?;
    }
    Ok(())
}

/// The certificate paths a source names: itself, or for `dir/a*b` every
/// file `a...b` of `dir`, sorted (an empty match is an error: a source
/// that shows nothing is a mistake).
fn expand(root: &Path, pattern: &str) -> Result<Vec<String>, SiteError> {
    let Some((head, tail)) = pattern.split_once('*') else {
        return Ok(vec![pattern.to_string()]);
    };
    let (dir, prefix) = head.rsplit_once('/').unwrap_or(("", head));
    let read_error = |source| SiteError::Read {
        path: root.join(dir),
        source,
    };
    let mut names = Vec::new();
    for entry in std::fs::read_dir(root.join(dir)).map_err(read_error)? {
        let name = entry.map_err(read_error)?.file_name();
        let name = name.to_string_lossy();
        if name.len() >= prefix.len() + tail.len()
            && name.starts_with(prefix)
            && name.ends_with(tail)
        {
            names.push(format!("{dir}/{name}"));
        }
    }
    names.sort();
    if names.is_empty() {
        return Err(read_error(std::io::Error::new(
            std::io::ErrorKind::NotFound,
            format!("no certificate matches {pattern}"),
        )));
    }
    Ok(names)
}

fn read_audited(root: &Path, path: &Path) -> Result<Value, SiteError> {
    let text = std::fs::read_to_string(path).map_err(|source| SiteError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    let value: Value = serde_json::from_str(&text).map_err(|error| SiteError::Json {
        path: path.to_path_buf(),
        line: error.line(),
        column: error.column(),
        message: error.to_string(),
    })?;
    // The atlas names other certificates by paths from the project root.
    let report = match value.get("kind").and_then(Value::as_str) {
        Some("animals") => crate::audit::animals::atlas::audit_at(&value, root),
        _ => crate::audit::audit_value(&value).map_err(|error| SiteError::Unauditable {
            path: path.to_path_buf(),
            message: error.to_string(),
        })?,
    };
    if let Some(first) = report.failures.first() {
        return Err(SiteError::AuditFailed {
            path: path.to_path_buf(),
            first: first.to_string(),
            count: report.failures.len(),
        });
    }
    Ok(value)
}

fn data_file(dataset: &Dataset, certificate: &str) -> SiteFile {
    let data = serde_json::to_string(&dataset.data).expect("JSON values serialise");
    SiteFile {
        path: format!("data/{}.js", dataset.name),
        text: format!(
            "// Generated by `gamecert site` from {certificate} (audited). Do not edit.\n\
             (window.GAMECERT_DATA = window.GAMECERT_DATA || {{}})[{name}] = {data};\n",
            name = Value::String(dataset.name.clone()),
        ),
    }
}

/// `value[key]`, or a message naming the missing field.
fn field<'a>(value: &'a Value, key: &str) -> Result<&'a Value, String> {
    value
        .get(key)
        .ok_or_else(|| format!("certificate has no field \"{key}\""))
}

fn array<'a>(value: &'a Value, key: &str) -> Result<&'a Vec<Value>, String> {
    field(value, key)?
        .as_array()
        .ok_or_else(|| format!("field \"{key}\" is not an array"))
}

fn integer(value: &Value, key: &str) -> Result<i64, String> {
    field(value, key)?
        .as_i64()
        .ok_or_else(|| format!("field \"{key}\" is not an integer"))
}

/// Copy the named fields of `from` (each must exist) into a new object.
fn pick(from: &Value, keys: &[&str]) -> Result<Value, String> {
    let mut out = serde_json::Map::new();
    for key in keys {
        out.insert((*key).to_string(), field(from, key)?.clone());
    }
    Ok(Value::Object(out))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_star_expands_to_the_matching_files_in_name_order() {
        let dir = std::env::temp_dir().join(format!("gamecert-site-expand-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("c")).unwrap();
        for name in ["p-2.json", "p-1.json", "q-1.json", "p-3.txt"] {
            std::fs::write(dir.join("c").join(name), "{}").unwrap();
        }
        assert_eq!(
            expand(&dir, "c/p-*.json").unwrap(),
            ["c/p-1.json", "c/p-2.json"]
        );
        assert_eq!(expand(&dir, "c/x.json").unwrap(), ["c/x.json"]);
        assert!(matches!(
            expand(&dir, "c/none-*.json"),
            Err(SiteError::Read { .. })
        ));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
