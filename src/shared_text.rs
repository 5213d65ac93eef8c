//! Constant text of a ruleset (a criterion's key, name and source) shared by every element
//! that shows it, with its JSON string form escaped once, the first time it is written.

use std::borrow::Cow;
use std::fmt;
use std::ops::Deref;
use std::sync::{Arc, OnceLock};

use serde::{Serialize, Serializer};
use serde_json::value::RawValue;

/// Shared, immutable text that serializes as its JSON string made once (on first use, so a
/// run that writes no JSON never makes it); reads as a `str`. Texts made together
/// ([`SharedText::all`]) share one allocation.
#[derive(Debug, Clone)]
pub struct SharedText {
    /// The texts made together with this one.
    all: Arc<[Forms]>,
    /// Which of them this is.
    at: usize,
}

#[derive(Debug)]
struct Forms {
    /// Borrowed from the binary for a shipped ruleset's text.
    text: Cow<'static, str>,
    json: OnceLock<Box<RawValue>>,
}

impl Forms {
    fn new(text: Cow<'static, str>) -> Self {
        Forms {
            text,
            json: OnceLock::new(),
        }
    }
}

impl SharedText {
    /// Shares `text` (static text is borrowed, not copied).
    pub fn new(text: impl Into<Cow<'static, str>>) -> Self {
        SharedText {
            all: Arc::new([Forms::new(text.into())]),
            at: 0,
        }
    }

    /// Shares each of `texts`, in order, all in one allocation (a ruleset's criteria make
    /// theirs at once: one allocation instead of one per id, name and source).
    pub fn all(texts: impl IntoIterator<Item = Cow<'static, str>>) -> Vec<SharedText> {
        let all: Arc<[Forms]> = texts.into_iter().map(Forms::new).collect();
        (0..all.len())
            .map(|at| SharedText {
                all: Arc::clone(&all),
                at,
            })
            .collect()
    }

    /// This text's forms.
    fn forms(&self) -> &Forms {
        // `at` is below the length: `all` makes no other.
        &self.all[self.at]
    }

    /// The JSON string form, in quotes and escaped as serde_json escapes it (made the first
    /// time it is asked for, then kept).
    pub fn escaped(&self) -> &str {
        self.json().get()
    }

    /// The JSON string, escaped the first time it is asked for.
    fn json(&self) -> &RawValue {
        let forms = self.forms();
        forms.json.get_or_init(|| {
            let escaped = serde_json::to_string(&*forms.text)
                .unwrap_or_else(|e| unreachable!("a string serializes: {e}"));
            RawValue::from_string(escaped)
                .unwrap_or_else(|e| unreachable!("an escaped string is JSON: {e}"))
        })
    }
}

impl Deref for SharedText {
    type Target = str;
    fn deref(&self) -> &str {
        &self.forms().text
    }
}

impl From<String> for SharedText {
    fn from(text: String) -> Self {
        SharedText::new(text)
    }
}

impl From<&str> for SharedText {
    fn from(text: &str) -> Self {
        SharedText::new(text.to_string())
    }
}

impl PartialEq for SharedText {
    fn eq(&self, other: &Self) -> bool {
        **self == **other
    }
}

impl Eq for SharedText {}

impl fmt::Display for SharedText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self)
    }
}

impl Serialize for SharedText {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        // serde_json writes a raw value as it is (the only serializer these are written with).
        self.json().serialize(serializer)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn serializes_as_the_escaped_string() {
        let text = SharedText::new("a \"quoted\" § name\\\n");
        let written = serde_json::to_string(&vec![text.clone()]).expect("json");
        assert_eq!(
            written,
            format!("[{}]", serde_json::to_string(&*text).expect("json"))
        );
        assert_eq!(&*text, "a \"quoted\" § name\\\n");
    }

    #[test]
    fn texts_made_together_read_each_its_own() {
        let texts: Vec<SharedText> = SharedText::all(["a", "b\"", ""].map(Cow::from));
        let read: Vec<&str> = texts.iter().map(|t| &**t).collect();
        assert_eq!(read, ["a", "b\"", ""]);
        assert_eq!(
            serde_json::to_string(&texts).expect("json"),
            r#"["a","b\"",""]"#
        );
    }
}
