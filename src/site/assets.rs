//! The site's fixed files, embedded in the binary so `gamecert site` needs
//! nothing at run time but the certificates.

/// (path in the site, contents).
pub const ASSETS: &[(&str, &str)] = &[
    ("index.html", include_str!("assets/index.html")),
    ("snaky.html", include_str!("assets/snaky.html")),
    ("tictactoe.html", include_str!("assets/tictactoe.html")),
    ("chess1d.html", include_str!("assets/chess1d.html")),
    ("pairings.html", include_str!("assets/pairings.html")),
    ("atlas.html", include_str!("assets/atlas.html")),
    ("style.css", include_str!("assets/style.css")),
    ("common.js", include_str!("assets/common.js")),
    ("snaky.js", include_str!("assets/snaky.js")),
    ("tictactoe.js", include_str!("assets/tictactoe.js")),
    ("chess1d.js", include_str!("assets/chess1d.js")),
    ("pairings.js", include_str!("assets/pairings.js")),
    ("atlas.js", include_str!("assets/atlas.js")),
];
