//! Constant text of a ruleset (a criterion's key, name and source) shared by every element
//! that shows it, with its JSON string form escaped once, when the ruleset is read.

use std::fmt;
use std::ops::Deref;
use std::sync::Arc;

use serde::{Serialize, Serializer};
use serde_json::value::RawValue;

/// Shared, immutable text that serializes as its JSON string made once; reads as a `str`.
#[derive(Debug, Clone)]
pub struct SharedText(Arc<Forms>);

#[derive(Debug)]
struct Forms {
    text: Box<str>,
    json: Box<RawValue>,
}

impl SharedText {
    /// Shares `text`, escaping its JSON form now.
    pub fn new(text: impl Into<Box<str>>) -> Self {
        let text = text.into();
        let escaped = serde_json::to_string(&*text)
            .unwrap_or_else(|e| unreachable!("a string serializes: {e}"));
        let json = RawValue::from_string(escaped)
            .unwrap_or_else(|e| unreachable!("an escaped string is JSON: {e}"));
        SharedText(Arc::new(Forms { text, json }))
    }
}

impl Deref for SharedText {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0.text
    }
}

impl From<String> for SharedText {
    fn from(text: String) -> Self {
        SharedText::new(text)
    }
}

impl From<&str> for SharedText {
    fn from(text: &str) -> Self {
        SharedText::new(text)
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
        self.0.json.serialize(serializer)
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
}
