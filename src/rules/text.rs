//! [`Text`]: a ruleset's text as read, borrowed from the binary when it comes from a shipped
//! ruleset's embedded form and owned when a user file or `--set` wrote it, so that loading a
//! shipped ruleset copies none of its names, descriptions, examples or sources.

use std::borrow::{Borrow, Cow};
use std::fmt;
use std::ops::Deref;

use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize, Serializer};

use super::embedded::static_text;

/// Text of a ruleset: a `str` that is either part of a shipped ruleset's embedded text or
/// owned; it reads, compares, hashes and serializes as its `str`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Text(Cow<'static, str>);

impl Text {
    /// The text as a `str`.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl Deref for Text {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl Borrow<str> for Text {
    fn borrow(&self) -> &str {
        &self.0
    }
}

impl AsRef<str> for Text {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl From<String> for Text {
    fn from(text: String) -> Self {
        Text(Cow::Owned(text))
    }
}

impl From<&'static str> for Text {
    fn from(text: &'static str) -> Self {
        Text(Cow::Borrowed(text))
    }
}

impl From<Text> for String {
    fn from(text: Text) -> Self {
        text.0.into_owned()
    }
}

impl From<Text> for Cow<'static, str> {
    fn from(text: Text) -> Self {
        text.0
    }
}

impl PartialEq<str> for Text {
    fn eq(&self, other: &str) -> bool {
        *self.0 == *other
    }
}

impl PartialEq<&str> for Text {
    fn eq(&self, other: &&str) -> bool {
        *self.0 == **other
    }
}

impl fmt::Display for Text {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl Serialize for Text {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for Text {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_string(TextVisitor)
    }
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
    fn a_shipped_rulesets_text_is_borrowed_and_a_files_is_owned() {
        let shipped = crate::rules::load("sanma").expect("sanma loads");
        let described = shipped.criteria.first().expect("sanma has criteria");
        assert!(matches!(described.description.0, Cow::Borrowed(_)));
        let written: Text = serde_json::from_str("\"a name\"").expect("a string reads");
        assert!(matches!(written.0, Cow::Owned(_)));
        assert_eq!(written, "a name");
    }
}
