//! Reading a shape: a list of cells `(x,y) (x,y) ...` (spaces and line
//! breaks between them, optional spaces inside), or a common name such as
//! `Snaky` or `T-tetromino`. Errors carry the line and column at fault.

use super::names::by_name;
use super::{Cell, Polyomino, PolyominoError};

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ShapeError {
    #[error("{line}:{column}: {message}")]
    Syntax {
        line: usize,
        column: usize,
        message: String,
    },
    #[error("not a polyomino: {0}")]
    NotPolyomino(#[from] PolyominoError),
    #[error("{cells} cells; at most {limit} are allowed here")]
    TooLarge { cells: usize, limit: usize },
}

/// A shape from its cell list or common name.
pub fn parse_shape(text: &str) -> Result<Polyomino, ShapeError> {
    let trimmed = text.trim();
    if !trimmed.starts_with('(') {
        if let Some(animal) = by_name(trimmed) {
            return Ok(animal);
        }
    }
    let cells = parse_cells(text)?;
    Ok(Polyomino::new(&cells)?)
}

/// A shape of at most `limit` cells.
pub fn parse_shape_upto(text: &str, limit: usize) -> Result<Polyomino, ShapeError> {
    let animal = parse_shape(text)?;
    if animal.size() > limit {
        return Err(ShapeError::TooLarge {
            cells: animal.size(),
            limit,
        });
    }
    Ok(animal)
}

/// The cells of `(x,y) (x,y) ...`, in the order written.
pub fn parse_cells(text: &str) -> Result<Vec<Cell>, ShapeError> {
    let mut reader = Reader {
        chars: text.chars().collect(),
        at: 0,
    };
    let mut cells = Vec::new();
    reader.skip_space();
    if reader.peek().is_none() {
        return Err(reader.error("expected a cell such as (0,0) or a common name such as Snaky"));
    }
    while reader.peek().is_some() {
        reader.expect('(')?;
        let x = reader.number()?;
        reader.expect(',')?;
        let y = reader.number()?;
        reader.expect(')')?;
        cells.push((x, y));
        reader.skip_space();
    }
    Ok(cells)
}

struct Reader {
    chars: Vec<char>,
    at: usize,
}

impl Reader {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn skip_space(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.at += 1;
        }
    }

    fn error(&self, message: impl Into<String>) -> ShapeError {
        let before = &self.chars[..self.at.min(self.chars.len())];
        let line = before.iter().filter(|&&c| c == '\n').count() + 1;
        let column = before.iter().rev().take_while(|&&c| c != '\n').count() + 1;
        ShapeError::Syntax {
            line,
            column,
            message: message.into(),
        }
    }

    fn found(&self) -> String {
        match self.peek() {
            Some(c) => format!("{c:?}"),
            None => "the end of the input".to_string(),
        }
    }

    fn expect(&mut self, wanted: char) -> Result<(), ShapeError> {
        self.skip_space();
        if self.peek() == Some(wanted) {
            self.at += 1;
            Ok(())
        } else {
            Err(self.error(format!("expected {wanted:?}, found {}", self.found())))
        }
    }

    fn number(&mut self) -> Result<i32, ShapeError> {
        self.skip_space();
        let start = self.at;
        if self.peek() == Some('-') {
            self.at += 1;
        }
        while self.peek().is_some_and(|c| c.is_ascii_digit()) {
            self.at += 1;
        }
        let digits: String = self.chars[start..self.at].iter().collect();
        digits.parse().map_err(|_| {
            self.at = start;
            self.error(format!("expected a whole number, found {}", self.found()))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_cells_and_names() {
        let snaky = parse_shape("(0,0) (1,0) (2,0)\n(3,0) ( 3 , 1 ) (4,1)").unwrap();
        assert_eq!(snaky, parse_shape("snaky").unwrap());
        assert_eq!(parse_shape("(-1,-1)").unwrap().size(), 1);
    }

    #[test]
    fn errors_name_line_and_column() {
        let error = parse_shape("(0,0)\n(1,x)").unwrap_err();
        assert_eq!(error.to_string(), "2:4: expected a whole number, found 'x'");
        let error = parse_shape("(0,0) (1,0").unwrap_err();
        assert_eq!(
            error.to_string(),
            "1:11: expected ')', found the end of the input"
        );
        assert!(matches!(
            parse_shape("(0,0) (2,0)"),
            Err(ShapeError::NotPolyomino(PolyominoError::Disconnected(
                2, 0, 0, 0
            )))
        ));
        assert!(matches!(
            parse_shape_upto("(0,0) (1,0) (2,0)", 2),
            Err(ShapeError::TooLarge { cells: 3, limit: 2 })
        ));
        assert!(parse_shape("").is_err());
        assert!(parse_shape("bogus").is_err());
    }
}
