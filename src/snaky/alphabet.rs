//! The coordinate alphabet of card tables: 487 symbols, a symbol's value is
//! its position. The first 17 (`0`-`9`, `A`-`G`) keep the paper's values, so
//! every paper-format table reads as before; the rest extend it for tables in
//! wider frames (the 20-move draft). Copied unchanged from `alphabet-487.txt`
//! of the public Snaky tables (see certificates/sources/README.md).

/// Every coordinate symbol, in value order (487 characters, UTF-8).
pub const ALPHABET: &str = concat!(
    "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz!#$%&*+,-./;<=>?@[]^_{|}~\"'",
    "ÀÁÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖØÙÚÛÜÝÞßàáâãäåæçèéêëìíîïðñòóôõöøùúûüýþÿĀāĂăĄąĆćĈĉĊċČčĎďĐđĒēĔĕĖėĘęĚěĜĝĞğĠġĢģĤĥĦħĨĩĪīĬĭĮįİıĲĳĴĵĶķĸĹĺĻļĽľĿŀŁłŃńŅņŇňŉŊŋŌōŎŏŐőŒœŔŕŖŗŘřŚśŜŝŞşŠšŢţŤťŦŧŨũŪūŬŭŮůŰűŲųŴŵŶŷŸŹźŻżŽžſƀƁƂƃƄƅƆƇƈƉƊƋƌƍƎƏƐƑƒƓƔƕƖƗƘƙƚƛƜƝƞƟƠơƢƣƤƥƦƧƨƩƪƫƬƭƮƯưƱƲƳƴƵƶƷƸƹƺƻƼƽƾƿǀǁǂǃǄǅǆǇǈǉǊǋǌǍǎǏǐǑǒǓǔǕǖǗǘǙǚǛǜǝǞǟǠǡǢǣǤǥǦǧǨǩǪǫǬǭǮǯǰǱǲǳǴǵǶǷǸǹǺǻǼǽǾǿȀȁȂȃȄȅȆȇȈȉȊȋȌȍȎȏȐȑȒȓȔȕȖȗȘșȚțȜȝȞȟȠȡȢȣȤȥȦȧȨȩȪȫȬȭȮȯȰȱȲȳȴȵȶȷȸȹȺȻȼȽȾȿɀɁɂɃɄɅɆɇɈɉɊɋɌɍɎɏ",
);

/// Number of symbols: values are 0..SYMBOLS-1.
pub const SYMBOLS: usize = 487;

/// Value of the 62 letters and digits, then the 27 ASCII punctuation symbols.
const ASCII_SYMBOLS: &[u8; 89] =
    b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz!#$%&*+,-./;<=>?@[]^_{|}~\"'";

/// The value of a coordinate symbol, if `c` is one: its position in
/// [`ALPHABET`]. ASCII by a table; the Latin letters U+00C0..U+024F (without
/// U+00D7 and U+00F7) follow in code point order from 89.
///
/// Inline: the parser calls it for every coordinate, and whether it was
/// inlined into the scanner changed with unrelated edits (0.1 M
/// instructions on the paper's table).
#[inline]
pub fn symbol_value(c: char) -> Option<i32> {
    const ASCII_VALUES: [i16; 128] = ascii_values();
    let code = c as u32;
    if code < 128 {
        let value = ASCII_VALUES[code as usize];
        return (value >= 0).then_some(i32::from(value));
    }
    if !(0xC0..=0x24F).contains(&code) || code == 0xD7 || code == 0xF7 {
        return None;
    }
    let skipped = u32::from(code > 0xD7) + u32::from(code > 0xF7);
    Some((89 + code - 0xC0 - skipped) as i32)
}

const fn ascii_values() -> [i16; 128] {
    let mut values = [-1i16; 128];
    let mut i = 0;
    while i < ASCII_SYMBOLS.len() {
        values[ASCII_SYMBOLS[i] as usize] = i as i16;
        i += 1;
    }
    values
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_symbol_has_its_position_as_value() {
        assert_eq!(ALPHABET.chars().count(), SYMBOLS);
        for (position, c) in ALPHABET.chars().enumerate() {
            assert_eq!(symbol_value(c), Some(position as i32), "{c:?}");
        }
        assert!(ALPHABET.starts_with("0123456789ABCDEFG"));
        assert_eq!(symbol_value('a'), Some(36));
        assert_eq!(symbol_value('A'), Some(10));
    }

    #[test]
    fn nothing_else_is_a_symbol() {
        let symbols: std::collections::BTreeSet<char> = ALPHABET.chars().collect();
        for code in 0..0x3000u32 {
            let Some(c) = char::from_u32(code) else {
                continue;
            };
            assert_eq!(symbol_value(c).is_some(), symbols.contains(&c), "{c:?}");
        }
        for c in [' ', '(', ')', ':', '\u{d7}', '\u{f7}'] {
            assert_eq!(symbol_value(c), None);
        }
    }
}
