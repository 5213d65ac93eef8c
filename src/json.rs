//! The one writer of the project's JSON: compact JSON of any serde type, byte for byte what
//! `serde_json::to_string` writes (tested so), into a byte buffer. A string with nothing to
//! escape (nearly every one) is checked eight bytes at a time and copied whole.

mod key;

use key::KeyWriter;
use serde::ser::{self, Error as _, Serialize};

/// The error a value's `Serialize` may give (a map key that is not a string or number,
/// a custom error); the one serde_json gives, so callers read it the same way.
pub type Error = serde_json::Error;

/// The compact JSON of `value`.
pub fn to_string<T: Serialize + ?Sized>(value: &T) -> Result<String, Error> {
    let mut out = Vec::with_capacity(128);
    to_vec(&mut out, value)?;
    String::from_utf8(out).map_err(Error::custom)
}

/// Appends the compact JSON of `value` to `out` (nothing is appended on an error's way
/// out but what was written before it).
pub fn to_vec<T: Serialize + ?Sized>(out: &mut Vec<u8>, value: &T) -> Result<(), Error> {
    value.serialize(&mut Writer { out })
}

/// Writes to `writer` the compact JSON of `value`.
pub fn to_writer<W: std::io::Write, T: Serialize + ?Sized>(
    mut writer: W,
    value: &T,
) -> Result<(), Error> {
    let mut out = Vec::with_capacity(128);
    to_vec(&mut out, value)?;
    writer.write_all(&out).map_err(Error::io)
}

/// A serde serializer appending compact JSON to a byte buffer.
struct Writer<'a> {
    out: &'a mut Vec<u8>,
}

/// The bytes of `x` below 0x20, a quote or a backslash: the high bit of each such byte is set
/// in the answer under [`HIGH`] (other high bits may be set only above one that is, so the
/// answer is exact as to whether there is one). The three tests share one mask: a byte of the
/// three differences with its high bit set is one of them or is 0x80 or above, which `!x`
/// leaves out.
#[inline]
fn special(x: u64) -> u64 {
    let q = x ^ (ONES * u64::from(b'"'));
    let b = x ^ (ONES * u64::from(b'\\'));
    (x.wrapping_sub(ONES * 0x20) | q.wrapping_sub(ONES) | b.wrapping_sub(ONES)) & !x
}

/// One in each byte of a word.
const ONES: u64 = 0x0101_0101_0101_0101;
/// The high bit of each byte of a word.
const HIGH: u64 = 0x8080_8080_8080_8080;

/// Eight bytes of `bytes` from `at` as one word.
#[inline]
fn word(bytes: &[u8], at: usize) -> u64 {
    let mut w = [0u8; 8];
    w.copy_from_slice(&bytes[at..at + 8]);
    u64::from_le_bytes(w)
}

/// Four bytes of `bytes` from `at` as one word.
#[inline]
fn half(bytes: &[u8], at: usize) -> u64 {
    let mut w = [0u8; 4];
    w.copy_from_slice(&bytes[at..at + 4]);
    u64::from(u32::from_le_bytes(w))
}

/// Whether `bytes` holds nothing JSON escapes.
#[inline]
fn plain(bytes: &[u8]) -> bool {
    let n = bytes.len();
    let found = if n >= 8 {
        let mut found = special(word(bytes, n - 8));
        let mut at = 0;
        while at + 8 < n {
            found |= special(word(bytes, at));
            at += 8;
        }
        found
    } else if n >= 4 {
        special(half(bytes, 0) | half(bytes, n - 4) << 32)
    } else if n > 0 {
        const SPACES: u64 = 0x2020_2020_2020_2020;
        let x = u64::from(bytes[0]) | u64::from(bytes[n / 2]) << 8 | u64::from(bytes[n - 1]) << 16;
        special(x | SPACES << 24)
    } else {
        0
    };
    found & HIGH == 0
}

/// Appends `s` as a JSON string. Inlined where it is called, so that a constant string (an
/// enum's variant name, a tag) is checked as one there; not in the page's WebAssembly.
#[cfg_attr(not(target_arch = "wasm32"), inline(always))]
fn write_str(out: &mut Vec<u8>, s: &str) {
    let bytes = s.as_bytes();
    out.reserve(bytes.len() + 2);
    out.push(b'"');
    if plain(bytes) {
        out.extend_from_slice(bytes);
    } else {
        write_escaped(out, bytes);
    }
    out.push(b'"');
}

/// Appends `bytes` with each byte JSON escapes escaped as serde_json escapes it.
#[cold]
fn write_escaped(out: &mut Vec<u8>, bytes: &[u8]) {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    let mut start = 0;
    for (i, &b) in bytes.iter().enumerate() {
        let escape: &[u8] = match b {
            b'"' => b"\\\"",
            b'\\' => b"\\\\",
            b'\n' => b"\\n",
            b'\r' => b"\\r",
            b'\t' => b"\\t",
            0x08 => b"\\b",
            0x0c => b"\\f",
            0..0x20 => &[
                b'\\',
                b'u',
                b'0',
                b'0',
                HEX[usize::from(b >> 4)],
                HEX[usize::from(b & 0xf)],
            ],
            _ => continue,
        };
        out.extend_from_slice(&bytes[start..i]);
        out.extend_from_slice(escape);
        start = i + 1;
    }
    out.extend_from_slice(&bytes[start..]);
}

/// A short plain string in quotes with a constant before and after it (`,"name":`), put
/// together on the stack: where the string is a constant, the whole is one.
struct Quoted {
    buf: [u8; Quoted::ROOM],
    len: usize,
}

impl Quoted {
    /// The most bytes held.
    const ROOM: usize = 32;

    /// `before`, `text` in quotes, `after`; `None` when `text` needs escaping or the whole
    /// would not fit.
    #[inline(always)]
    fn new(text: &str, before: &[u8], after: &[u8]) -> Option<Quoted> {
        let text = text.as_bytes();
        let len = before.len() + text.len() + after.len() + 2;
        if len > Quoted::ROOM || !plain(text) {
            return None;
        }
        let mut buf = [0u8; Quoted::ROOM];
        let (head, rest) = buf.split_at_mut(before.len());
        head.copy_from_slice(before);
        let (quote, rest) = rest.split_at_mut(1);
        quote[0] = b'"';
        let (body, rest) = rest.split_at_mut(text.len());
        body.copy_from_slice(text);
        let (quote, rest) = rest.split_at_mut(1);
        quote[0] = b'"';
        rest[..after.len()].copy_from_slice(after);
        Some(Quoted { buf, len })
    }

    /// The bytes put together.
    #[inline(always)]
    fn bytes(&self) -> &[u8] {
        &self.buf[..self.len]
    }
}

impl Writer<'_> {
    /// An integer's digits; one or two (most counts, values, han and fu) written directly.
    fn int<I: itoa::Integer + TryInto<u8>>(&mut self, value: I) {
        match value.try_into() {
            Ok(digit @ 0..10) => self.out.push(b'0' + digit),
            Ok(two @ 10..100) => self
                .out
                .extend_from_slice(&[b'0' + two / 10, b'0' + two % 10]),
            _ => self
                .out
                .extend_from_slice(itoa::Buffer::new().format(value).as_bytes()),
        }
    }

    /// A float as serde_json writes it (`null` when not finite).
    fn float<F: Serialize>(&mut self, value: F) -> Result<(), Error> {
        serde_json::to_writer(&mut *self.out, &value)
    }
}

/// An array or object being written: whether an element was written yet.
struct Compound<'s, 'a> {
    ser: &'s mut Writer<'a>,
    first: bool,
    /// What closes it: `]`, `}`, or `}}` for a variant's.
    close: &'static [u8],
}

impl<'s, 'a> Compound<'s, 'a> {
    /// Writes `open` (after `{"variant":` for an enum's variant) and the compound that `close`
    /// ends.
    fn open(
        ser: &'s mut Writer<'a>,
        variant: Option<&str>,
        open: u8,
        close: &'static [u8],
    ) -> Self {
        if let Some(variant) = variant {
            ser.out.push(b'{');
            write_str(ser.out, variant);
            ser.out.push(b':');
        }
        ser.out.push(open);
        Compound {
            ser,
            first: true,
            close,
        }
    }

    #[inline]
    fn comma(&mut self) {
        if self.first {
            self.first = false;
        } else {
            self.ser.out.push(b',');
        }
    }

    /// A struct's field name, with the comma before it and the colon after it. Inlined where
    /// the field is written, the name (and whether a comma comes) is a constant there: the
    /// bytes are put together on the stack and written with one copy of a known length.
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    fn key(&mut self, key: &str) {
        let comma = !std::mem::replace(&mut self.first, false);
        let out = &mut *self.ser.out;
        if let Some(quoted) = Quoted::new(key, if comma { b"," } else { b"" }, b":") {
            out.extend_from_slice(quoted.bytes());
            return;
        }
        if comma {
            out.push(b',');
        }
        write_str(out, key);
        out.push(b':');
    }

    fn end(self) {
        self.ser.out.extend_from_slice(self.close);
    }
}

impl<'s, 'a> ser::Serializer for &'s mut Writer<'a> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Compound<'s, 'a>;
    type SerializeTuple = Compound<'s, 'a>;
    type SerializeTupleStruct = Compound<'s, 'a>;
    type SerializeTupleVariant = Compound<'s, 'a>;
    type SerializeMap = Compound<'s, 'a>;
    type SerializeStruct = Compound<'s, 'a>;
    type SerializeStructVariant = Compound<'s, 'a>;

    fn serialize_bool(self, v: bool) -> Result<(), Error> {
        self.out
            .extend_from_slice(if v { b"true" } else { b"false" });
        Ok(())
    }
    fn serialize_i8(self, v: i8) -> Result<(), Error> {
        self.int(v);
        Ok(())
    }
    fn serialize_i16(self, v: i16) -> Result<(), Error> {
        self.int(v);
        Ok(())
    }
    fn serialize_i32(self, v: i32) -> Result<(), Error> {
        self.int(v);
        Ok(())
    }
    fn serialize_i64(self, v: i64) -> Result<(), Error> {
        self.int(v);
        Ok(())
    }
    fn serialize_i128(self, v: i128) -> Result<(), Error> {
        self.int(v);
        Ok(())
    }
    fn serialize_u8(self, v: u8) -> Result<(), Error> {
        self.int(v);
        Ok(())
    }
    fn serialize_u16(self, v: u16) -> Result<(), Error> {
        self.int(v);
        Ok(())
    }
    fn serialize_u32(self, v: u32) -> Result<(), Error> {
        self.int(v);
        Ok(())
    }
    fn serialize_u64(self, v: u64) -> Result<(), Error> {
        self.int(v);
        Ok(())
    }
    fn serialize_u128(self, v: u128) -> Result<(), Error> {
        self.int(v);
        Ok(())
    }
    fn serialize_f32(self, v: f32) -> Result<(), Error> {
        self.float(v)
    }
    fn serialize_f64(self, v: f64) -> Result<(), Error> {
        self.float(v)
    }
    fn serialize_char(self, v: char) -> Result<(), Error> {
        write_str(self.out, v.encode_utf8(&mut [0; 4]));
        Ok(())
    }
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    fn serialize_str(self, v: &str) -> Result<(), Error> {
        write_str(self.out, v);
        Ok(())
    }
    fn serialize_bytes(self, v: &[u8]) -> Result<(), Error> {
        use ser::SerializeSeq;
        let mut seq = self.serialize_seq(Some(v.len()))?;
        for b in v {
            seq.serialize_element(b)?;
        }
        SerializeSeq::end(seq)
    }
    fn serialize_none(self) -> Result<(), Error> {
        self.serialize_unit()
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Result<(), Error> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Result<(), Error> {
        self.out.extend_from_slice(b"null");
        Ok(())
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Result<(), Error> {
        self.serialize_unit()
    }
    /// Inlined where the variant is written, so that its name is a constant there, put
    /// together in quotes as one (docs/performance.md).
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Result<(), Error> {
        match Quoted::new(variant, b"", b"") {
            Some(quoted) => self.out.extend_from_slice(quoted.bytes()),
            None => write_str(self.out, variant),
        }
        Ok(())
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        self.out.push(b'{');
        write_str(self.out, variant);
        self.out.push(b':');
        value.serialize(&mut *self)?;
        self.out.push(b'}');
        Ok(())
    }
    fn serialize_seq(self, _len: Option<usize>) -> Result<Compound<'s, 'a>, Error> {
        Ok(Compound::open(self, None, b'[', b"]"))
    }
    fn serialize_tuple(self, len: usize) -> Result<Compound<'s, 'a>, Error> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(
        self,
        _name: &'static str,
        len: usize,
    ) -> Result<Compound<'s, 'a>, Error> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Compound<'s, 'a>, Error> {
        Ok(Compound::open(self, Some(variant), b'[', b"]}"))
    }
    fn serialize_map(self, _len: Option<usize>) -> Result<Compound<'s, 'a>, Error> {
        Ok(Compound::open(self, None, b'{', b"}"))
    }
    fn serialize_struct(self, _name: &'static str, len: usize) -> Result<Compound<'s, 'a>, Error> {
        self.serialize_map(Some(len))
    }
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        _len: usize,
    ) -> Result<Compound<'s, 'a>, Error> {
        Ok(Compound::open(self, Some(variant), b'{', b"}}"))
    }
    /// A `Display` value as a string, written straight into the output (serde's default
    /// would make a `String` of it first).
    fn collect_str<T: std::fmt::Display + ?Sized>(self, value: &T) -> Result<(), Error> {
        use std::fmt::Write as _;
        self.out.push(b'"');
        write!(Escaping { out: self.out }, "{value}").map_err(Error::custom)?;
        self.out.push(b'"');
        Ok(())
    }
}

/// Text written into the output as the inside of a JSON string.
struct Escaping<'a> {
    out: &'a mut Vec<u8>,
}

impl std::fmt::Write for Escaping<'_> {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        if plain(s.as_bytes()) {
            self.out.extend_from_slice(s.as_bytes());
        } else {
            write_escaped(self.out, s.as_bytes());
        }
        Ok(())
    }
}

impl ser::SerializeSeq for Compound<'_, '_> {
    type Ok = ();
    type Error = Error;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        self.comma();
        value.serialize(&mut *self.ser)
    }
    fn end(self) -> Result<(), Error> {
        Compound::end(self);
        Ok(())
    }
}

impl ser::SerializeTuple for Compound<'_, '_> {
    type Ok = ();
    type Error = Error;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        ser::SerializeSeq::serialize_element(self, value)
    }
    fn end(self) -> Result<(), Error> {
        Compound::end(self);
        Ok(())
    }
}

impl ser::SerializeTupleStruct for Compound<'_, '_> {
    type Ok = ();
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        ser::SerializeSeq::serialize_element(self, value)
    }
    fn end(self) -> Result<(), Error> {
        Compound::end(self);
        Ok(())
    }
}

impl ser::SerializeTupleVariant for Compound<'_, '_> {
    type Ok = ();
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        ser::SerializeSeq::serialize_element(self, value)
    }
    fn end(self) -> Result<(), Error> {
        Compound::end(self);
        Ok(())
    }
}

impl ser::SerializeMap for Compound<'_, '_> {
    type Ok = ();
    type Error = Error;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Error> {
        self.comma();
        key.serialize(KeyWriter {
            out: &mut *self.ser.out,
        })?;
        self.ser.out.push(b':');
        Ok(())
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Error> {
        value.serialize(&mut *self.ser)
    }
    fn end(self) -> Result<(), Error> {
        Compound::end(self);
        Ok(())
    }
}

impl ser::SerializeStruct for Compound<'_, '_> {
    type Ok = ();
    type Error = Error;
    /// Inlined where the field is written, so that its name is a constant there: checked
    /// and copied as such. Not in the page's WebAssembly, whose size counts more.
    #[cfg_attr(not(target_arch = "wasm32"), inline(always))]
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        self.key(key);
        value.serialize(&mut *self.ser)
    }
    fn end(self) -> Result<(), Error> {
        Compound::end(self);
        Ok(())
    }
}

impl ser::SerializeStructVariant for Compound<'_, '_> {
    type Ok = ();
    type Error = Error;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        ser::SerializeStruct::serialize_field(self, key, value)
    }
    fn end(self) -> Result<(), Error> {
        Compound::end(self);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use serde::Serialize;
    use std::collections::BTreeMap;

    fn same<T: Serialize + ?Sized>(value: &T) {
        let ours = to_string(value).expect("ours");
        let theirs = serde_json::to_string(value).expect("serde_json");
        assert_eq!(ours, theirs);
    }

    #[derive(Serialize)]
    enum Shape {
        Unit,
        #[serde(rename = "a \"quoted\" unit variant")]
        QuotedUnit,
        #[serde(rename = "a unit variant whose name is longer than the room on the stack")]
        LongUnit,
        Newtype(i64),
        Tuple(u8, String),
        Struct {
            a: Option<bool>,
            b: Vec<char>,
        },
    }

    #[derive(Serialize)]
    struct Inner {
        name: String,
        n: u32,
    }

    #[derive(Serialize)]
    struct Outer {
        #[serde(flatten)]
        inner: Inner,
        shapes: Vec<Shape>,
        map: BTreeMap<String, i32>,
        by_number: BTreeMap<u16, bool>,
        #[serde(skip_serializing_if = "Option::is_none")]
        skipped: Option<u8>,
        #[serde(rename = "a \"quoted\" key")]
        quoted_key: u8,
        #[serde(rename = "a field name longer than the room on the stack for it")]
        long_key: u16,
        unit: (),
        pair: (i8, f64),
        float: f32,
    }

    #[test]
    fn every_shape_as_serde_json_writes_it() {
        same(&Outer {
            inner: Inner {
                name: "a \"b\" \\ c\n\t\u{1}\u{7f}é漢".into(),
                n: 7,
            },
            shapes: vec![
                Shape::Unit,
                Shape::QuotedUnit,
                Shape::LongUnit,
                Shape::Newtype(-3),
                Shape::Tuple(1, "x".into()),
                Shape::Struct {
                    a: None,
                    b: vec!['"', 'z'],
                },
            ],
            map: [("k\"".to_string(), 1), (String::new(), -1)].into(),
            by_number: [(1, true), (65535, false)].into(),
            skipped: None,
            quoted_key: 42,
            long_key: 1000,
            unit: (),
            pair: (-128, 1.5e300),
            float: f32::NAN,
        });
        same(&[1.0f64, -0.0, 0.1, f64::INFINITY]);
        same(&BTreeMap::from([(true, 1)]));
        same(&u128::MAX);
        same(&i128::MIN);
        same(b"bytes".as_slice());
        same(&serde_json::json!({"a": [1, 2.5, null, "x"], "b": {"c": false}}));
    }

    #[test]
    fn a_key_that_is_no_string_is_an_error() {
        let map = BTreeMap::from([((1, 2), 3)]);
        assert!(to_string(&map).is_err());
        assert!(serde_json::to_string(&map).is_err());
    }

    /// What [`plain`] answers, byte by byte.
    fn plain_by_bytes(bytes: &[u8]) -> bool {
        bytes.iter().all(|&b| b >= 0x20 && b != b'"' && b != b'\\')
    }

    #[test]
    fn plain_finds_every_byte_json_escapes_wherever_it_is() {
        // Every byte value at every place of every length the word paths take, among bytes
        // that need no escaping, at and above 0x80 among them (near misses: 0x20, 0x21,
        // 0x23, 0x5b, 0x5d, 0x80, 0xa0, 0xa2, 0xdc).
        for len in 1..=24 {
            for fill in [b'a', b' ', 0x80, 0xa2, 0xdc, 0xff] {
                for at in 0..len {
                    for b in 0..=u8::MAX {
                        let mut bytes = vec![fill; len];
                        bytes[at] = b;
                        assert_eq!(plain(&bytes), plain_by_bytes(&bytes), "{bytes:?}");
                    }
                }
            }
        }
        assert!(plain(b""));
    }

    proptest! {
        #[test]
        fn plain_answers_as_the_bytes_do(bytes in proptest::collection::vec(any::<u8>(), 0..40)) {
            prop_assert_eq!(plain(&bytes), plain_by_bytes(&bytes));
        }

        #[test]
        fn strings_as_serde_json_writes_them(s in "\\PC*|[\\x00-\\x7f]{0,40}") {
            same(&s);
        }

        #[test]
        fn displayed_text_as_serde_json_writes_it(
            a in "\\PC*|[\\x00-\\x7f]{0,20}",
            b in "\\PC*|[\\x00-\\x7f]{0,20}",
            n in any::<i32>(),
        ) {
            same(&format_args!("{a}{n}\"{b}"));
        }

        #[test]
        fn nested_values_as_serde_json_writes_them(
            v in proptest::collection::vec(
                (any::<String>(), any::<i64>(), any::<Option<u32>>(), any::<bool>()),
                0..8,
            ),
            keys in proptest::collection::btree_map(any::<String>(), any::<i16>(), 0..6),
        ) {
            same(&(v, keys));
        }
    }
}
