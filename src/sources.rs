//! The rule texts mj3 follows, and citations a reader can follow.
//!
//! Rulesets cite their sources by file name (`003_39dfac9db387ff3e.txt §12 Yaku Table › …`),
//! which no reader can open or even name. [`cite`] puts the document's title (and a short
//! id) in place of every file name it knows; `docs/sources.md` describes each document.

use std::fmt;

/// What kind of text a source document is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SourceKind {
    /// A copy of an encyclopedia article; several copies of different dates exist.
    EncyclopediaArticle,
    /// A page from a website.
    WebPage,
    /// A rule book.
    RuleBook,
}

impl fmt::Display for SourceKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SourceKind::EncyclopediaArticle => "encyclopedia article",
            SourceKind::WebPage => "web page",
            SourceKind::RuleBook => "rule book",
        })
    }
}

/// One source document.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SourceDocument {
    /// The file name the rulesets cite, e.g. `003_39dfac9db387ff3e.txt`.
    pub file: &'static str,
    /// The short id used in the rulesets' comments, e.g. `003`.
    pub short_id: &'static str,
    /// The document's own title.
    pub title: &'static str,
    /// What kind of text it is.
    pub kind: SourceKind,
    /// Which copy or edition, where the title alone does not tell (empty otherwise).
    pub edition: &'static str,
}

impl SourceDocument {
    /// The name to print in a citation: the title, the edition when the title is shared,
    /// then the short id, e.g. `"Three-player mahjong" (encyclopedia article, newest copy; 000)`.
    pub fn label(&self) -> String {
        if self.edition.is_empty() {
            format!("{} ({})", self.title, self.short_id)
        } else {
            format!("{} ({}; {})", self.title, self.edition, self.short_id)
        }
    }
}

/// Every source document, in short-id order.
pub const DOCUMENTS: &[SourceDocument] = &[
    SourceDocument {
        file: "000_3037644a9b602e62.txt",
        short_id: "000",
        title: "Three-player mahjong",
        kind: SourceKind::EncyclopediaArticle,
        edition: "encyclopedia article, newest copy",
    },
    SourceDocument {
        file: "001_34bfd7e29740032d.txt",
        short_id: "001",
        title: "Three-player mahjong",
        kind: SourceKind::EncyclopediaArticle,
        edition: "encyclopedia article, older copy",
    },
    SourceDocument {
        file: "002_2d704a5784f2d4f8.txt",
        short_id: "002",
        title: "Three Player Scoring",
        kind: SourceKind::WebPage,
        edition: "web page",
    },
    SourceDocument {
        file: "003_39dfac9db387ff3e.txt",
        short_id: "003",
        title: "Sanma Japanese MJ Rule Book",
        kind: SourceKind::RuleBook,
        edition: "",
    },
    SourceDocument {
        file: "004_4ac3515904bd79ce.txt",
        short_id: "004",
        title: "Three player mahjong",
        kind: SourceKind::EncyclopediaArticle,
        edition: "encyclopedia article, 2016 copy",
    },
];

/// The document with this file name (`003_39dfac9db387ff3e.txt`) or short id (`003`).
pub fn document(file_or_short_id: &str) -> Option<&'static SourceDocument> {
    DOCUMENTS
        .iter()
        .find(|d| d.file == file_or_short_id || d.short_id == file_or_short_id)
}

/// The citation with every known file name replaced by its document's
/// [`SourceDocument::label`], keeping the sections as written:
/// `003_39dfac9db387ff3e.txt §12 Yaku Table › Tanyao` becomes
/// `Sanma Japanese MJ Rule Book (003) §12 Yaku Table › Tanyao`.
pub fn cite(citation: &str) -> String {
    DOCUMENTS.iter().fold(citation.to_string(), |text, d| {
        text.replace(d.file, &d.label())
    })
}

/// Whether the text still holds a source file name (`NNN_` and 16 hex digits, `.txt`)
/// that a reader would have to decode.
pub fn names_a_file(text: &str) -> bool {
    text.match_indices(".txt").any(|(end, _)| {
        let Some(start) = end.checked_sub(20) else {
            return false;
        };
        let Some(stem) = text.as_bytes().get(start..end) else {
            return false;
        };
        stem.iter().take(3).all(u8::is_ascii_digit)
            && stem.get(3) == Some(&b'_')
            && stem.iter().skip(4).all(u8::is_ascii_hexdigit)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::SHIPPED;

    /// Every string under a key named `source` or ending in `-source`, at any depth.
    fn source_strings(value: &toml::Value, key: &str, out: &mut Vec<String>) {
        match value {
            toml::Value::String(s) if key == "source" || key.ends_with("-source") => {
                out.push(s.clone())
            }
            toml::Value::Table(table) => {
                for (k, v) in table {
                    source_strings(v, k, out);
                }
            }
            toml::Value::Array(items) => {
                for v in items {
                    source_strings(v, key, out);
                }
            }
            _ => {}
        }
    }

    #[test]
    fn every_source_in_the_shipped_rulesets_is_cited_by_title() {
        let mut checked = 0;
        for (name, text) in SHIPPED {
            let value: toml::Value = toml::from_str(text).expect("shipped ruleset parses");
            let mut sources = Vec::new();
            source_strings(&value, "", &mut sources);
            for source in sources {
                assert!(names_a_file(&source), "{name}: `{source}` names no file");
                let cited = cite(&source);
                assert!(!names_a_file(&cited), "{name}: `{cited}` left a file name");
                assert!(
                    DOCUMENTS.iter().any(|d| cited.contains(d.title)),
                    "{name}: `{cited}` names no title"
                );
                checked += 1;
            }
        }
        assert!(checked > 200, "only {checked} sources found");
    }

    #[test]
    fn the_title_comes_first_and_the_sections_stay() {
        assert_eq!(
            cite("003_39dfac9db387ff3e.txt §12 Yaku Table › Yaku – 1 han › Yakuhai"),
            "Sanma Japanese MJ Rule Book (003) §12 Yaku Table › Yaku – 1 han › Yakuhai"
        );
        assert_eq!(
            cite("002_2d704a5784f2d4f8.txt §Scoring Table; 000_3037644a9b602e62.txt §Tiles"),
            "Three Player Scoring (web page; 002) §Scoring Table; \
             Three-player mahjong (encyclopedia article, newest copy; 000) §Tiles"
        );
    }

    #[test]
    fn documents_are_found_by_file_or_short_id() {
        assert_eq!(
            document("004").map(|d| d.kind),
            Some(SourceKind::EncyclopediaArticle)
        );
        assert_eq!(
            document("003_39dfac9db387ff3e.txt").map(|d| d.title),
            Some("Sanma Japanese MJ Rule Book")
        );
        assert_eq!(document("005"), None);
        for d in DOCUMENTS {
            assert!(names_a_file(d.file), "{}", d.file);
        }
    }

    #[test]
    fn text_without_a_file_name_is_left_alone() {
        assert_eq!(cite("no source"), "no source");
        assert!(!names_a_file("notes.txt"));
        assert!(!names_a_file("é.txt"));
    }
}
