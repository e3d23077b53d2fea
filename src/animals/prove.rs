//! The winners' own card tables: which animals have one, where the
//! generated table and its certificate live, and the check of a table
//! (the card-table checker with `--shape`, then the rule-free search).

use crate::generate::shape_argument;
use crate::polyomino::Polyomino;
use crate::snaky::model::{Shape, ShapeError};
use crate::snaky::search::{search_table_with, SearchOptions, SearchRun};
use crate::snaky::{check_table_with, CheckOptions, SnakyRun};

/// The eleven animals the generator proves winners, by common name.
pub const WINNERS: [&str; 11] = [
    "monomino",
    "domino",
    "straight tromino",
    "L tromino",
    "I tetromino",
    "L tetromino",
    "T tetromino",
    "S tetromino",
    "L pentomino",
    "Y pentomino",
    "N pentomino",
];

/// Where a winner's generated table is committed.
pub const SOURCES: &str = "certificates/sources/animals";

/// A name as a file name: lower case, words joined by "-".
pub fn slug(name: &str) -> String {
    name.to_lowercase().replace(' ', "-")
}

pub fn table_path(name: &str) -> String {
    format!("{SOURCES}/{}.txt", slug(name))
}

/// The snaky-format certificate of a winner's table.
pub fn certificate_path(name: &str) -> String {
    format!(
        "{}/table-{}.json",
        super::certificate::DIRECTORY,
        slug(name)
    )
}

/// The card-table checker's shape for an animal: its canonical cells, in
/// order (the base cards' order), as `--shape` reads them.
pub fn table_shape(animal: &Polyomino) -> Result<Shape, ShapeError> {
    Shape::parse(&shape_argument(animal.canonical().cells()))
}

/// A table checked twice: by Lemmas 3 and 4 (the certificate) and by the
/// rule-free search of every Breaker line.
pub struct Checked {
    pub run: SnakyRun,
    pub search: SearchRun,
}

impl Checked {
    pub fn holds(&self) -> bool {
        self.run.claim.holds() && self.search.result.holds()
    }

    /// The certified bound: the last card's height.
    pub fn height(&self) -> u32 {
        self.run.claim.height
    }
}

#[derive(Debug, thiserror::Error)]
pub enum TableError {
    #[error("{0}")]
    Shape(#[from] ShapeError),
    #[error("{path}: {message}")]
    Table { path: String, message: String },
}

/// Check the table `bytes` (read from `path`) for `animal`, with the bound
/// and board left to the table (its last card's height, the smallest board).
pub fn check(animal: &Polyomino, path: &str, bytes: &[u8]) -> Result<Checked, TableError> {
    let shape = table_shape(animal)?;
    let error = |message: String| TableError::Table {
        path: path.to_string(),
        message,
    };
    let options = CheckOptions {
        shape: shape.clone(),
        ..CheckOptions::default()
    };
    let run = check_table_with(path, bytes, &options).map_err(|e| error(e.to_string()))?;
    let search_options = SearchOptions {
        bound: None,
        board: None,
        shape,
    };
    let search =
        search_table_with(path, bytes, &search_options).map_err(|e| error(e.to_string()))?;
    Ok(Checked { run, search })
}
