//! One claim record for every game: a published (or table-stated) claim and
//! the tool's decision on it. Certificates list their claims in this shape
//! and the kernel re-derives each verdict it can from the proof object.

use super::check::Check;
use serde::Serialize;

/// The tool's decision on a claim.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    /// What the claim asserts is true.
    Holds,
    /// What the claim asserts is false; the evidence shows why.
    Refuted,
    /// The claim is an open question, and `detail` gives the computed answer.
    Answered,
}

impl Verdict {
    pub fn from_holds(holds: bool) -> Verdict {
        if holds {
            Verdict::Holds
        } else {
            Verdict::Refuted
        }
    }

    /// The word reports print in brackets: `holds`, `REFUTED`, `answered`.
    pub fn label(self) -> &'static str {
        match self {
            Verdict::Holds => "holds",
            Verdict::Refuted => "REFUTED",
            Verdict::Answered => "answered",
        }
    }
}

/// A caption, and a board drawn as row strings joined by '/' when the
/// evidence is a position.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Evidence {
    pub caption: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub board: Option<String>,
}

impl Evidence {
    pub fn text(caption: impl Into<String>) -> Evidence {
        Evidence {
            caption: caption.into(),
            board: None,
        }
    }

    pub fn board(caption: impl Into<String>, board: impl Into<String>) -> Evidence {
        Evidence {
            caption: caption.into(),
            board: Some(board.into()),
        }
    }
}

/// A claim and its decision. `id` is the source's own numbering.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ClaimRecord {
    pub id: String,
    pub statement: String,
    pub verdict: Verdict,
    /// The decision in words: what was computed and what it shows.
    pub detail: String,
    /// Each part of the claim decided on its own.
    pub parts: Vec<Check>,
    pub evidence: Vec<Evidence>,
    /// The line of play the claim is about, as published, for a checker to replay.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub line: Option<String>,
}

impl ClaimRecord {
    pub fn refuted(&self) -> bool {
        self.verdict == Verdict::Refuted
    }
}

/// Whether any claim of a list is refuted (the exit rule's "1").
pub fn any_refuted(claims: &[ClaimRecord]) -> bool {
    claims.iter().any(ClaimRecord::refuted)
}
