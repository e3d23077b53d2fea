//! `gamecert snaky draw game` (issue 3, item 5): the SVG is well-formed,
//! deterministic and shows the game.

mod common;

use common::{gamecert, root, snapshot_settings, stdout};
use gamecert::snaky::play::{heights, play_game, BreakerKind, PlayOptions};
use gamecert::snaky::strategy::load;
use gamecert::snaky::svg_game::game_svg;
use gamecert::snaky::TABLE_PATH;

/// A small well-formedness check: tags nest and close, attribute values
/// are quoted, text has no stray `<` or `&`. Returns the element names.
fn well_formed(svg: &str) -> Result<Vec<String>, String> {
    let mut open: Vec<String> = Vec::new();
    let mut names = Vec::new();
    let mut rest = svg;
    while let Some(start) = rest.find('<') {
        let text = &rest[..start];
        if let Some(amp) = text.find('&') {
            let entity = &text[amp..];
            if !["&amp;", "&lt;", "&gt;", "&quot;"]
                .iter()
                .any(|e| entity.starts_with(e))
            {
                return Err(format!("stray & in {text:?}"));
            }
        }
        let end = rest[start..].find('>').ok_or("unclosed tag")? + start;
        let tag = &rest[start + 1..end];
        rest = &rest[end + 1..];
        if let Some(name) = tag.strip_prefix('/') {
            match open.pop() {
                Some(expected) if expected == name => {}
                other => return Err(format!("</{name}> closes {other:?}")),
            }
            continue;
        }
        let self_closing = tag.ends_with('/');
        let body = tag.trim_end_matches('/');
        let name: String = body.chars().take_while(|c| !c.is_whitespace()).collect();
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric()) {
            return Err(format!("bad element name in <{tag}>"));
        }
        if !body.matches('"').count().is_multiple_of(2) {
            return Err(format!("unbalanced quotes in <{tag}>"));
        }
        names.push(name.clone());
        if !self_closing {
            open.push(name);
        }
    }
    if !open.is_empty() {
        return Err(format!("unclosed elements {open:?}"));
    }
    if !rest.trim().is_empty() {
        return Err(format!("text after the root: {rest:?}"));
    }
    Ok(names)
}

fn far_game_svg() -> String {
    let bytes = std::fs::read(root().join(TABLE_PATH)).unwrap();
    let (evaluation, strategy) = load(&bytes).unwrap();
    let options = PlayOptions {
        breaker: BreakerKind::Far,
        board: Some(17),
        ..PlayOptions::default()
    };
    let game = play_game(&strategy, &heights(&evaluation), &options, 0).unwrap();
    game_svg(&game, "far", Some(17))
}

#[test]
fn the_checker_rejects_broken_svg() {
    assert!(well_formed("<svg><g></svg>").is_err());
    assert!(well_formed("<svg><rect x=\"1/></svg>").is_err());
    assert!(well_formed("<svg>a & b</svg>").is_err());
    assert_eq!(
        well_formed("<svg><rect/><text>1</text></svg>").unwrap(),
        vec!["svg", "rect", "text"]
    );
}

#[test]
fn a_small_drawing_is_well_formed_and_snapshotted() {
    let svg = far_game_svg();
    let names = well_formed(&svg).expect("well-formed SVG");
    assert_eq!(names[0], "svg");
    // Seven Maker discs, six Breaker squares, six Snaky cells.
    assert_eq!(names.iter().filter(|n| *n == "circle").count(), 7);
    assert!(svg.contains("Maker wins in 7 moves"));
    assert_eq!(svg, far_game_svg(), "deterministic");
    snapshot_settings().bind(|| insta::assert_snapshot!("snaky_draw_game_far", svg));
}

#[test]
fn draw_game_cli_writes_the_computer_game() {
    let output = gamecert(&["snaky", "draw", "game"]);
    assert_eq!(output.status.code(), Some(0));
    let svg = stdout(&output);
    let names = well_formed(&svg).expect("well-formed SVG");
    assert_eq!(names.iter().filter(|n| *n == "circle").count(), 21);
    assert!(svg.contains("Maker wins in 21 moves"));

    let path = std::env::temp_dir().join(format!("gamecert-game-{}.svg", std::process::id()));
    let output = gamecert(&[
        "snaky",
        "draw",
        "game",
        "--breaker",
        "random",
        "--seed",
        "5",
        "-o",
        path.to_str().unwrap(),
    ]);
    assert_eq!(output.status.code(), Some(0));
    let written = std::fs::read_to_string(&path).unwrap();
    assert!(well_formed(&written).is_ok());
    assert!(written.contains("random Breaker"));
}
