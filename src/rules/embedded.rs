//! The shipped rulesets in the form build.rs writes them: each ruleset, laid over the shipped
//! rulesets it `extends`, as a flat array of numbers with its text beside it, read into a
//! [`RulesetFile`] by a serde deserializer, so that loading a shipped ruleset scans no text
//! and merges no layers (`mj3 score` starts quickly under every shipped ruleset).
//! The array holds no pointers, so the binary's start-up has nothing of it to relocate.
//!
//! The form, value by value (every entry a `u32`; text is a start and an end byte offset in
//! the text):
//!
//! | value | entries |
//! |---|---|
//! | `false`, `true` | [`FALSE`] or [`TRUE`] |
//! | an integer | [`INTEGER`], its low and its high 32 bits |
//! | a string (or a float or date, as written: no ruleset key takes one) | [`TEXT`], start, end |
//! | an array | [`ARRAY`], its length, then each item |
//! | a table | [`TABLE`], its length, then each key (start, end) and its value |

use serde::Deserialize;
use serde::de::value::{BorrowedStrDeserializer, Error};
use serde::de::{self, DeserializeSeed, IntoDeserializer, MapAccess, SeqAccess, Visitor};

use super::schema::RulesetFile;
use super::text::reading_embedded;

use super::embedded_tags::{ARRAY, FALSE, INTEGER, TABLE, TEXT, TRUE};

/// A shipped ruleset as build.rs writes it: laid over the shipped rulesets it `extends`.
#[derive(Debug)]
pub(crate) struct Embedded {
    /// The shipped rulesets it is made of, bottom first (the last is itself).
    pub(crate) layers: &'static [&'static str],
    /// The document, in the form the module documentation describes.
    pub(crate) words: &'static [u32],
    /// The text of its keys and strings.
    pub(crate) text: &'static str,
}

impl Embedded {
    /// The document read as a ruleset file, or serde's message when it does not fit.
    pub(crate) fn ruleset_file(&self) -> Result<RulesetFile, Error> {
        let mut reader = Reader {
            words: self.words,
            text: self.text,
            at: 0,
        };
        let file = reading_embedded(self.text, || RulesetFile::deserialize(&mut reader))?;
        if reader.at != self.words.len() {
            return Err(de::Error::custom(
                "the embedded form goes on after the document",
            ));
        }
        Ok(file)
    }
}

/// Reads the values of an embedded form in order.
struct Reader {
    words: &'static [u32],
    text: &'static str,
    /// The next entry.
    at: usize,
}

impl Reader {
    #[inline]
    fn next(&mut self) -> Result<u32, Error> {
        let word = self.words.get(self.at).copied();
        self.at += 1;
        word.ok_or_else(|| de::Error::custom("the embedded form ends early"))
    }

    fn peek(&self) -> Option<u32> {
        self.words.get(self.at).copied()
    }

    /// A length or offset.
    #[inline]
    fn count(&mut self) -> Result<usize, Error> {
        usize::try_from(self.next()?).map_err(de::Error::custom)
    }

    /// A start and end offset: the text between them.
    #[inline]
    fn text(&mut self) -> Result<&'static str, Error> {
        let (start, end) = (self.count()?, self.count()?);
        self.text
            .get(start..end)
            .ok_or_else(|| de::Error::custom("the embedded form names text it does not hold"))
    }
}

impl<'de> de::Deserializer<'de> for &mut Reader {
    type Error = Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        match self.next()? {
            FALSE => visitor.visit_bool(false),
            TRUE => visitor.visit_bool(true),
            INTEGER => {
                let (low, high) = (u64::from(self.next()?), u64::from(self.next()?));
                visitor.visit_i64(i64::from_le_bytes(((high << 32) | low).to_le_bytes()))
            }
            TEXT => visitor.visit_borrowed_str(self.text()?),
            ARRAY => {
                let left = self.count()?;
                let mut items = Items { reader: self, left };
                let value = visitor.visit_seq(&mut items)?;
                items.read_all(value)
            }
            TABLE => {
                let left = self.count()?;
                let mut entries = Items { reader: self, left };
                let value = visitor.visit_map(&mut entries)?;
                entries.read_all(value)
            }
            tag => Err(de::Error::custom(format_args!(
                "the embedded form has no tag {tag}"
            ))),
        }
    }

    /// A key that is present holds a value (TOML has no null).
    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, Error> {
        visitor.visit_some(self)
    }

    /// Enums are unit variants written as their name.
    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, Error> {
        if self.peek() != Some(TEXT) {
            return self.deserialize_any(visitor);
        }
        self.next()?;
        visitor.visit_enum(self.text()?.into_deserializer())
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string bytes byte_buf
        unit unit_struct newtype_struct seq tuple tuple_struct map struct identifier ignored_any
    }
}

/// The items of an array, or the entries of a table, still to read.
struct Items<'r> {
    reader: &'r mut Reader,
    left: usize,
}

impl Items<'_> {
    /// `value`, once every item was read (else the form would be read out of step).
    fn read_all<T>(self, value: T) -> Result<T, Error> {
        match self.left {
            0 => Ok(value),
            _ => Err(de::Error::custom("a value was not read to its end")),
        }
    }
}

impl<'de> SeqAccess<'de> for Items<'_> {
    type Error = Error;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, Error> {
        if self.left == 0 {
            return Ok(None);
        }
        self.left -= 1;
        seed.deserialize(&mut *self.reader).map(Some)
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.left)
    }
}

impl<'de> MapAccess<'de> for Items<'_> {
    type Error = Error;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, Error> {
        if self.left == 0 {
            return Ok(None);
        }
        let key = self.reader.text()?;
        seed.deserialize(BorrowedStrDeserializer::new(key))
            .map(Some)
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, Error> {
        self.left = self.left.saturating_sub(1);
        seed.deserialize(&mut *self.reader)
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.left)
    }
}
