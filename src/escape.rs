//! Text read from outside (a hand line, a file name, a house file's names, descriptions and
//! sources) made safe to show on a terminal: every control character and every format
//! character written as an escape, so that nothing read can move the cursor, recolour the
//! screen, set the window title, open an escape sequence that swallows what follows, or
//! reorder what is shown (bidi controls). The JSON views keep the text as read.

use std::fmt::Write as _;

use unicode_properties::{GeneralCategory, UnicodeGeneralCategory as _};

use crate::rules::{Changes, Criterion, HanRules, Ruleset, Text};

/// `text` with every character a terminal would act on written as an escape: `\0` for NUL,
/// `\xHH` for the other control characters (C0 but the tab, DEL and C1), `\u{HHHH}` for the
/// format characters (Unicode category Cf: the bidi controls U+202A–U+202E and
/// U+2066–U+2069, the zero-width characters U+200B–U+200F, U+FEFF, …). A tab stays: it is
/// whitespace in the notation. The result holds none of these characters, so escaping it
/// again changes nothing.
pub fn escape_control(text: &str) -> String {
    let mut shown = String::with_capacity(text.len());
    for c in text.chars() {
        push_escaped(&mut shown, c);
    }
    shown
}

/// Whether [`escape_control`] would change `text`.
pub fn needs_escape(text: &str) -> bool {
    !printable_ascii(text.as_bytes()) && text.chars().any(is_escaped)
}

/// Whether `bytes` are all printable ASCII or tabs, which [`escape_control`] leaves as they
/// are (most texts are; a byte test settles it without decoding a char).
pub fn printable_ascii(bytes: &[u8]) -> bool {
    crate::bytes::every_byte(bytes, printable_byte)
}

/// Whether `byte` is printable ASCII or a tab.
pub fn printable_byte(byte: u8) -> bool {
    matches!(byte, b' '..=b'~' | b'\t')
}

fn is_escaped(c: char) -> bool {
    match c {
        '\t' => false,
        c if c.is_control() => true,
        // Every format character is outside ASCII.
        c if c.is_ascii() => false,
        c => c.general_category() == GeneralCategory::Format,
    }
}

fn push_escaped(shown: &mut String, c: char) {
    match c {
        c if !is_escaped(c) => shown.push(c),
        '\0' => shown.push_str("\\0"),
        c if c.is_control() => {
            let _ = write!(shown, "\\x{:02x}", u32::from(c));
        }
        c => {
            let _ = write!(shown, "\\u{{{:x}}}", u32::from(c));
        }
    }
}

/// The byte offset in `escape_control(text)` of byte offset `at` in `text`, so that a caret
/// still points at the character it points at in `text`.
pub fn escaped_offset(text: &str, at: usize) -> usize {
    let at = text.floor_char_boundary(at.min(text.len()));
    text.get(..at)
        .map_or(0, |before| escape_control(before).len())
}

/// The ruleset as the text views show it: every text its files gave (name, title, sources,
/// the house files and `--set` items, each criterion's key, name, aliases, description,
/// example and source, the han table's row names) passed through [`escape_control`]. A text
/// with nothing to escape is kept as it is. A shipped ruleset with nothing laid over it is
/// returned untouched: none of its texts needs escaping (a test below holds every one).
pub fn ruleset(rules: Ruleset) -> Ruleset {
    match rules.changes.is_empty() {
        true => rules,
        false => escape_texts(rules),
    }
}

fn escape_texts(mut rules: Ruleset) -> Ruleset {
    // Every field named, so that a text field added later is not forgotten here.
    let Ruleset {
        name,
        title,
        source,
        tiles,
        system: _,
        minimum: _,
        points: _,
        options: _,
        criteria,
        switched_off,
        dragon_cycle: _,
        fan: _,
        han,
        changes,
        game: _,
    } = &mut rules;
    let Changes {
        base,
        files,
        record_sets,
        overrides,
    } = changes;
    let HanRules {
        table,
        honba_ron: _,
        honba_tsumo: _,
        riichi_stick: _,
        ryanshi_honba: _,
        paarenchan_honba: _,
        goulash_per_draw: _,
    } = han;
    let strings = [name, title, source, base]
        .into_iter()
        .chain([&mut tiles.source, &mut tiles.melded_chows_source])
        .chain(files.iter_mut().chain(record_sets).chain(overrides))
        .chain(table.iter_mut().map(|row| &mut row.name));
    for text in strings {
        if needs_escape(text) {
            *text = escape_control(text);
        }
    }
    for criterion in criteria.iter_mut().chain(switched_off) {
        escape_criterion(criterion);
    }
    rules
}

fn escape_criterion(criterion: &mut Criterion) {
    let Criterion {
        id,
        check: _,
        class: _,
        value: _,
        name,
        aliases,
        description,
        example,
        source,
        concealed_only: _,
        when: _,
        needs_hand_points: _,
        open_value: _,
    } = criterion;
    for text in aliases
        .iter_mut()
        .chain([id, name, source, description, example])
    {
        if needs_escape(text) {
            *text = Text::from(escape_control(text));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_shipped_text_needs_escaping() {
        for name in crate::rules::shipped_names() {
            let rules = crate::rules::load(name).expect("a shipped ruleset loads");
            let shown = format!("{:?}", escape_texts(rules.clone()));
            assert_eq!(shown, format!("{rules:?}"), "{name}");
        }
    }

    #[test]
    fn control_characters_are_escaped_and_the_rest_kept() {
        assert_eq!(
            escape_control("ron=\u{1b}[2J\0 1p\u{7f}\u{9b}\té"),
            "ron=\\x1b[2J\\0 1p\\x7f\\x9b\té"
        );
    }

    #[test]
    fn format_characters_are_escaped_by_code_point() {
        assert_eq!(
            escape_control("a\u{202e}b\u{2066}c\u{200b}d\u{feff}e\u{ad}f\u{e0041}"),
            "a\\u{202e}b\\u{2066}c\\u{200b}d\\u{feff}e\\u{ad}f\\u{e0041}"
        );
        // Letters, marks and wide characters beyond ASCII stay.
        assert_eq!(escape_control("Honshū 一 🀄 é"), "Honshū 一 🀄 é");
    }

    #[test]
    fn a_character_to_escape_is_found_at_any_place_of_a_block_or_the_rest() {
        for len in 1..40 {
            for at in 0..len {
                let with = |c: char| (0..len).map(|i| if i == at { c } else { 'a' }).collect();
                for c in [
                    '\0', '\n', '\r', '\u{1b}', '\u{7f}', '\u{9b}', '\u{202e}', '\u{feff}',
                ] {
                    let text: String = with(c);
                    assert!(needs_escape(&text), "{text:?}");
                }
                for c in ['\t', ' ', '~', 'é', '一', '🀄'] {
                    let text: String = with(c);
                    assert!(!needs_escape(&text), "{text:?}");
                }
            }
        }
    }

    #[test]
    fn escaping_twice_is_escaping_once() {
        let once = escape_control("\u{1b}]0;x\u{7}\u{202e}\0");
        assert!(!needs_escape(&once));
        assert_eq!(escape_control(&once), once);
    }

    #[test]
    fn the_offset_moves_with_the_escapes() {
        assert_eq!(escaped_offset("\u{1b}\u{202e}x", 4), 4 + 8);
        assert_eq!(escaped_offset("abc", 99), 3);
    }

    #[test]
    fn every_text_of_a_ruleset_is_escaped_and_a_clean_one_kept() {
        let mut rules = crate::rules::load("sanma").expect("shipped");
        let clean = ruleset(rules.clone());
        assert_eq!(clean.name, rules.name);
        assert_eq!(clean.criteria.len(), rules.criteria.len());
        rules.name = "a\u{1b}[31m".into();
        rules.changes.files.push("f\u{202e}.toml".into());
        rules.han.table.push(crate::rules::HanTableRow {
            name: "row\u{7}".into(),
            ..Default::default()
        });
        let first = rules.criteria.first_mut().expect("criteria");
        first.name = Text::from("n\u{1b}]0;t\u{7}".to_string());
        first.aliases.push(Text::from("al\u{200b}".to_string()));
        first.description = Text::from("d\u{9b}".to_string());
        let shown = ruleset(rules);
        assert_eq!(shown.name, "a\\x1b[31m");
        assert_eq!(
            shown.changes.files.last().map(String::as_str),
            Some("f\\u{202e}.toml")
        );
        assert_eq!(
            shown.han.table.last().map(|r| r.name.as_str()),
            Some("row\\x07")
        );
        let first = shown.criteria.first().expect("criteria");
        assert_eq!(&*first.name, "n\\x1b]0;t\\x07");
        assert_eq!(first.aliases.last().map(Text::as_str), Some("al\\u{200b}"));
        assert_eq!(first.description, "d\\x9b");
    }
}
