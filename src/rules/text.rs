//! [`Text`]: a ruleset's text as read (a criterion's key, name, aliases, description, example
//! and source), borrowed from the binary when it comes from a shipped ruleset's embedded form
//! and shared when a user file or `--set` wrote it, so that loading a shipped ruleset copies
//! none of it and every element that shows a criterion's name shares it.

use std::borrow::Borrow;
use std::cell::Cell;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::Deref;
use std::sync::Arc;

use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize, Serializer};

/// Text of a ruleset: a `str` that is either part of a shipped ruleset's embedded text or
/// shared; it clones without copying, and reads, compares, hashes and serializes as its `str`.
#[derive(Debug, Clone)]
pub struct Text(Stored);

/// Where a [`Text`]'s characters are.
#[derive(Debug, Clone)]
enum Stored {
    /// In a shipped ruleset's embedded text.
    Shipped(&'static str),
    /// Written by a user file or `--set`.
    Shared(Arc<str>),
}

impl Text {
    /// The text as a `str`.
    pub fn as_str(&self) -> &str {
        match &self.0 {
            Stored::Shipped(text) => text,
            Stored::Shared(text) => text,
        }
    }
}

impl Default for Text {
    fn default() -> Self {
        Text(Stored::Shipped(""))
    }
}

impl Deref for Text {
    type Target = str;
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl Borrow<str> for Text {
    fn borrow(&self) -> &str {
        self.as_str()
    }
}

impl AsRef<str> for Text {
    fn as_ref(&self) -> &str {
        self.as_str()
    }
}

impl From<String> for Text {
    fn from(text: String) -> Self {
        Text(Stored::Shared(text.into()))
    }
}

impl From<&'static str> for Text {
    fn from(text: &'static str) -> Self {
        Text(Stored::Shipped(text))
    }
}

impl From<Text> for String {
    fn from(text: Text) -> Self {
        text.as_str().to_string()
    }
}

impl PartialEq for Text {
    fn eq(&self, other: &Self) -> bool {
        self.as_str() == other.as_str()
    }
}

impl Eq for Text {}

impl Hash for Text {
    /// Hashed as its `str` is, so that a map keyed by `Text` is looked up by `&str`.
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_str().hash(state);
    }
}

impl PartialOrd for Text {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Text {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.as_str().cmp(other.as_str())
    }
}

impl PartialEq<str> for Text {
    fn eq(&self, other: &str) -> bool {
        self.as_str() == other
    }
}

impl PartialEq<&str> for Text {
    fn eq(&self, other: &&str) -> bool {
        self.as_str() == *other
    }
}

impl fmt::Display for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl Serialize for Text {
    /// Inlined where the record is written (docs/performance.md); not in the page's
    /// WebAssembly.
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for Text {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_string(TextVisitor)
    }
}

thread_local! {
    /// The embedded text this thread is reading a document of (empty when none).
    static READING: Cell<&'static str> = const { Cell::new("") };
}

/// What `read` gives, reading a document of the embedded text `text`: a [`Text`] read then
/// borrows its characters from `text` where they lie in it.
pub(super) fn reading_embedded<T>(text: &'static str, read: impl FnOnce() -> T) -> T {
    let outer = READING.replace(text);
    let read = read();
    READING.set(outer);
    read
}

/// `text` as the part of the embedded text being read that it is, when it is one: the
/// reader hands out such parts, so that a [`Text`] borrows them instead of copying them.
fn static_text(text: &str) -> Option<&'static str> {
    let reading = READING.with(Cell::get);
    let start = (text.as_ptr() as usize).checked_sub(reading.as_ptr() as usize)?;
    reading.get(start..start.checked_add(text.len())?)
}

/// Borrows a string that lies in a shipped ruleset's embedded text; copies any other.
struct TextVisitor;

impl<'de> Visitor<'de> for TextVisitor {
    type Value = Text;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a string")
    }

    fn visit_borrowed_str<E: de::Error>(self, text: &'de str) -> Result<Text, E> {
        Ok(static_text(text).map_or_else(|| Text::from(text.to_string()), Text::from))
    }

    fn visit_str<E: de::Error>(self, text: &str) -> Result<Text, E> {
        Ok(Text::from(text.to_string()))
    }

    fn visit_string<E: de::Error>(self, text: String) -> Result<Text, E> {
        Ok(Text::from(text))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shipped_rulesets_text_is_borrowed_and_a_files_is_shared() {
        let shipped = crate::rules::load("sanma").expect("sanma loads");
        let described = shipped.criteria.first().expect("sanma has criteria");
        assert!(matches!(described.description.0, Stored::Shipped(_)));
        assert!(matches!(described.name.0, Stored::Shipped(_)));
        let written: Text = serde_json::from_str("\"a name\"").expect("a string reads");
        assert!(matches!(written.0, Stored::Shared(_)));
        assert_eq!(written, "a name");
    }

    #[test]
    fn text_is_written_as_serde_json_writes_it_with_or_without_escapes() {
        for text in ["Chanta (Outside Hand)", "a \"quoted\" \\ name\n", ""] {
            let expected = serde_json::to_string(text).expect("serde_json");
            for written in [Text::from(text), Text::from(text.to_string())] {
                assert_eq!(crate::json::to_string(&written).expect("json"), expected);
                assert_eq!(
                    serde_json::to_string(&written).expect("serde_json"),
                    expected
                );
            }
        }
    }

    #[test]
    fn a_clone_shares_the_characters() {
        let written = Text::from("a \"quoted\" § name".to_string());
        let copy = written.clone();
        assert!(std::ptr::eq(written.as_str(), copy.as_str()));
        assert_eq!(
            crate::json::to_string(&copy).expect("json"),
            r#""a \"quoted\" § name""#
        );
    }
}
