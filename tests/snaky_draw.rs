//! Card pictures: well-formed SVG, the right marks, a snapshot of card 6,
//! and the `snaky draw card` command.

mod common;

use common::{gamecert, root, snapshot_settings, stderr, stdout};
use gamecert::snaky::{
    draw::card_svg, evaluate::evaluate, evaluate::Evaluation, parse::parse_table, TABLE_PATH,
};
use std::sync::OnceLock;

fn evaluation() -> &'static Evaluation {
    static EVALUATION: OnceLock<Evaluation> = OnceLock::new();
    EVALUATION.get_or_init(|| {
        let bytes = std::fs::read(root().join(TABLE_PATH)).expect("the pinned table is readable");
        evaluate(&parse_table(&bytes).expect("the table parses")).expect("the table evaluates")
    })
}

/// A small XML well-formedness check: one prolog, one root, tags nest and
/// close, attributes are `name="value"` once each, and `&` only starts an
/// entity. Enough for the SVG we write, without an XML dependency.
fn assert_well_formed(xml: &str) {
    let mut rest = xml
        .strip_prefix("<?xml")
        .and_then(|r| r.split_once("?>"))
        .map(|(_, r)| r)
        .expect("an XML prolog");
    let check_text = |text: &str| {
        for (i, _) in text.match_indices('&') {
            let entity = &text[i..];
            assert!(
                ["&amp;", "&lt;", "&gt;", "&quot;", "&apos;"]
                    .iter()
                    .any(|e| entity.starts_with(e)),
                "bare & in {text:?}"
            );
        }
    };
    let mut open: Vec<&str> = Vec::new();
    let mut roots = 0;
    while let Some(start) = rest.find('<') {
        let text = &rest[..start];
        assert!(
            !open.is_empty() || text.trim().is_empty(),
            "text outside the root: {text:?}"
        );
        check_text(text);
        let end = start + rest[start..].find('>').expect("a tag ends");
        let tag = &rest[start + 1..end];
        rest = &rest[end + 1..];
        if let Some(name) = tag.strip_prefix('/') {
            assert_eq!(
                open.pop(),
                Some(name),
                "closing tag </{name}> does not match"
            );
            continue;
        }
        let self_closing = tag.ends_with('/');
        let body = tag.trim_end_matches('/');
        let name_end = body.find(char::is_whitespace).unwrap_or(body.len());
        let name = &body[..name_end];
        assert!(
            !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric()),
            "tag name {name:?}"
        );
        let mut attributes = &body[name_end..];
        let mut seen = Vec::new();
        loop {
            attributes = attributes.trim_start();
            if attributes.is_empty() {
                break;
            }
            let (key, after) = attributes
                .split_once("=\"")
                .expect("attribute name=\"value\"");
            assert!(
                key.chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == ':'),
                "attribute {key:?}"
            );
            assert!(!seen.contains(&key), "attribute {key} twice in <{name}>");
            seen.push(key);
            let (value, after) = after.split_once('"').expect("a closing quote");
            assert!(!value.contains('<'), "< in attribute {key}");
            check_text(value);
            attributes = after;
        }
        if open.is_empty() {
            roots += 1;
        }
        if !self_closing {
            open.push(name);
        }
    }
    assert!(open.is_empty(), "unclosed tags {open:?}");
    assert!(rest.trim().is_empty(), "text after the root: {rest:?}");
    assert_eq!(roots, 1, "exactly one root element");
}

#[test]
fn the_checker_rejects_malformed_xml() {
    let cases = [
        "<?xml version=\"1.0\"?><svg><g></svg>",
        "<?xml version=\"1.0\"?><svg a=\"1\" a=\"2\"/>",
        "<?xml version=\"1.0\"?><svg>fish & chips</svg>",
        "<?xml version=\"1.0\"?><svg/><svg/>",
    ];
    for case in cases {
        assert!(
            std::panic::catch_unwind(|| assert_well_formed(case)).is_err(),
            "accepted {case}"
        );
    }
    assert_well_formed("<?xml version=\"1.0\"?><svg a=\"1\"><g>x &amp; y</g></svg>");
}

#[test]
fn card_6_is_drawn_with_its_pivot_required_cells_and_completing_cells() {
    let svg = card_svg(evaluation(), 6).expect("card 6 is in the table");
    assert_well_formed(&svg);
    assert!(
        svg.contains("Card 6: pivot (1,4), |A| = 5, |T| = 8, h = 2"),
        "{svg}"
    );
    // Card 6 places base cards 4 and 5; their missing Snaky cells land on
    // (1,3) and (1,5). One more diamond is the legend's.
    assert_eq!(svg.matches("<polygon").count(), 3);
    assert_eq!(
        svg.matches(r#"fill="white" font-size="10">1</text>"#)
            .count(),
        1
    );
    assert_eq!(
        svg.matches(r#"fill="white" font-size="10">2</text>"#)
            .count(),
        1
    );
    // Five required cells plus the legend's sample; one pivot plus the legend's.
    assert_eq!(svg.matches(r##"fill="#1f4e8c""##).count(), 6);
    assert_eq!(svg.matches("<circle").count(), 2);
    snapshot_settings().bind(|| insta::assert_snapshot!("snaky_draw_card_6", svg));
}

#[test]
fn card_727_is_well_formed_and_has_no_completing_cells() {
    let svg = card_svg(evaluation(), 727).expect("card 727 is in the table");
    assert_well_formed(&svg);
    assert!(svg.contains("Card 727: pivot (8,8), |A| = 0, |T| = 251, h = 21"));
    // Its 32 children are all table cards: no diamond, not even in the legend.
    assert_eq!(svg.matches("<polygon").count(), 0);
    assert!(!svg.contains("completing cell"));
    assert_eq!(svg.matches(r##"fill="#cfe0f5""##).count(), 251 + 1);
}

#[test]
fn base_and_unknown_cards_are_not_drawn() {
    for card in [0, 5, 728] {
        let error = card_svg(evaluation(), card).expect_err("not a card line");
        assert!(error.to_string().contains("cards 6..727"), "{error}");
    }
}

#[test]
fn draw_card_command_writes_stdout_or_a_file_and_rejects_unknown_cards() {
    let printed = gamecert(&["snaky", "draw", "card", "6"]);
    assert_eq!(printed.status.code(), Some(0), "{}", stderr(&printed));
    assert_eq!(stdout(&printed), card_svg(evaluation(), 6).expect("card 6"));

    let file = std::env::temp_dir().join(format!("gamecert-draw-{}.svg", std::process::id()));
    let path = file.to_str().expect("utf-8 path");
    let written = gamecert(&["snaky", "draw", "card", "6", "-o", path]);
    assert_eq!(written.status.code(), Some(0), "{}", stderr(&written));
    assert_eq!(
        std::fs::read_to_string(&file).expect("the SVG file"),
        stdout(&printed)
    );
    std::fs::remove_file(&file).expect("remove the SVG file");

    let unknown = gamecert(&["snaky", "draw", "card", "9999"]);
    assert_eq!(unknown.status.code(), Some(2));
    assert!(
        stderr(&unknown).contains("card 9999 is not a card line"),
        "{}",
        stderr(&unknown)
    );
}
