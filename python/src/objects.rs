//! Python objects from the library's serde types: the dicts, lists, strings, numbers,
//! booleans and `None` that `json.loads` gives for the JSON `mj3::json` writes of the same
//! value (equal under `==`, keys in the same order), built directly, with no JSON text in
//! between. The record's types and their `Serialize` impls stay the one JSON definition; this
//! is a second reader of them, as `mj3::json` is the writer.
//!
//! Strings repeat from record to record (every key, and most values: element ids, names,
//! sources, seats, kinds), so each is made once and shared. A string is looked up by where
//! it is in memory (its address and length) in a small table, which is cheaper than hashing
//! its text: a key or variant name is a `&'static str`, and most repeated values live in the
//! ruleset, so each has one address; another string's slot also holds its text, compared
//! before it is shared, as its memory may hold other text later.

use std::sync::{Mutex, MutexGuard, TryLockError};

use pyo3::IntoPyObjectExt;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyList, PyString};
use serde::ser::{self, Serialize};

/// Strings longer than this (in bytes) are made afresh each time: they seldom repeat.
const LONGEST_SHARED: usize = 256;

/// The slots for `&'static str`s (2^9, probed in turn from a string's own: a record's keys
/// fill a few dozen), and how many are filled before they start over.
const FIXED_SLOTS: u32 = 9;
const FIXED_MOST: usize = 3 << (FIXED_SLOTS - 2);

/// The pairs of slots for other strings (2^9 pairs, the one used last first). The tables are
/// small, so that they stay in the processor's cache between records.
const TEXT_PAIRS: u32 = 9;

/// A `&'static str`'s slot: its address and length, and its Python string.
type FixedSlot = Option<(usize, usize, Py<PyString>)>;

/// Another string's slot: its address, its text and its Python string.
type TextSlot = Option<(usize, Box<str>, Py<PyString>)>;

/// The Python strings made so far.
pub struct Strings {
    fixed: Vec<FixedSlot>,
    /// How many of `fixed` are filled.
    fixed_count: usize,
    texts: Vec<[TextSlot; 2]>,
}

impl Default for Strings {
    fn default() -> Self {
        Strings {
            fixed: (0..1 << FIXED_SLOTS).map(|_| None).collect(),
            fixed_count: 0,
            texts: (0..1 << TEXT_PAIRS).map(|_| [None, None]).collect(),
        }
    }
}

/// The strings of every call, shared by the module's functions.
static SHARED: Mutex<Option<Strings>> = Mutex::new(None);

/// The shared strings, unless another call is using them (a build started by a finalizer
/// inside a build): then that build makes its strings afresh, never waiting.
pub fn shared() -> Option<MutexGuard<'static, Option<Strings>>> {
    match SHARED.try_lock() {
        Ok(guard) => Some(guard),
        Err(TryLockError::Poisoned(poisoned)) => Some(poisoned.into_inner()),
        Err(TryLockError::WouldBlock) => None,
    }
}

/// The slot of `text` among 2^`bits`, from its address and length (Fibonacci hashing).
fn slot(text: &str, bits: u32) -> usize {
    let key = (text.as_ptr() as u64).rotate_left(12) ^ text.len() as u64;
    (key.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> (64 - bits)) as usize
}

impl Strings {
    /// `text`, a `&'static str` (a field or variant name), as a Python string (interned, as
    /// Python's own identifiers are).
    fn fixed<'s, 'py>(
        &'s mut self,
        py: Python<'py>,
        text: &'static str,
    ) -> &'s Bound<'py, PyString> {
        let address = text.as_ptr() as usize;
        if self.fixed_count >= FIXED_MOST {
            self.fixed.iter_mut().for_each(|entry| *entry = None);
            self.fixed_count = 0;
        }
        let mask = self.fixed.len() - 1;
        let mut at = slot(text, FIXED_SLOTS);
        while let Some((known, len, _)) = &self.fixed[at] {
            if *known == address && *len == text.len() {
                break;
            }
            at = (at + 1) & mask;
        }
        let entry = &mut self.fixed[at];
        if entry.is_none() {
            self.fixed_count += 1;
        }
        let (_, _, made) =
            entry.get_or_insert_with(|| (address, text.len(), PyString::intern(py, text).unbind()));
        made.bind(py)
    }

    /// `text` as a Python string, shared when it is short.
    fn text<'py>(&mut self, py: Python<'py>, text: &str) -> Bound<'py, PyString> {
        if text.len() > LONGEST_SHARED {
            return PyString::new(py, text);
        }
        let address = text.as_ptr() as usize;
        let pair = &mut self.texts[slot(text, TEXT_PAIRS)];
        let holds = |entry: &TextSlot| matches!(entry, Some((at, kept, _)) if *at == address && **kept == *text);
        if holds(&pair[1]) {
            pair.swap(0, 1);
        }
        if let [Some((at, kept, made)), _] = pair
            && *at == address
            && **kept == *text
        {
            return made.bind(py).clone();
        }
        let made = PyString::new(py, text);
        pair[1] = pair[0].take();
        pair[0] = Some((address, text.into(), made.clone().unbind()));
        made
    }
}

/// The Python object of `value`, with the strings of `strings` (`None`: all made afresh).
pub fn to_object<'py, T: Serialize + ?Sized>(
    py: Python<'py>,
    strings: Option<&mut Strings>,
    value: &T,
) -> PyResult<Bound<'py, PyAny>> {
    let build = |strings| value.serialize(&mut Builder { py, strings });
    match strings {
        Some(strings) => build(strings),
        None => build(&mut Strings::default()),
    }
    .map_err(|Failed(err)| err)
}

/// A serde serializer making Python objects.
pub struct Builder<'s, 'py> {
    py: Python<'py>,
    strings: &'s mut Strings,
}

/// Why a value could not be made: a Python error, or a value JSON cannot hold (a map key
/// that is neither a string nor a number, as `mj3::json` refuses it).
#[derive(Debug)]
pub struct Failed(PyErr);

impl std::fmt::Display for Failed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl std::error::Error for Failed {}

impl ser::Error for Failed {
    fn custom<T: std::fmt::Display>(msg: T) -> Self {
        Failed(PyValueError::new_err(msg.to_string()))
    }
}

impl From<PyErr> for Failed {
    fn from(err: PyErr) -> Self {
        Failed(err)
    }
}

type Made<'py> = Result<Bound<'py, PyAny>, Failed>;

impl<'py> Builder<'_, 'py> {
    fn int(&self, value: impl IntoPyObject<'py>) -> Made<'py> {
        Ok(value.into_bound_py_any(self.py)?)
    }

    /// A float as `json.loads` reads what serde_json writes for it: `None` when not
    /// finite.
    fn float(&self, value: f64) -> Made<'py> {
        Ok(match value.is_finite() {
            true => PyFloat::new(self.py, value).into_any(),
            false => self.py.None().into_bound(self.py),
        })
    }

    /// `{variant: value}`, as serde_json writes a variant with data.
    fn variant(&mut self, variant: &'static str, value: Bound<'py, PyAny>) -> Made<'py> {
        let dict = PyDict::new(self.py);
        dict.set_item(self.strings.fixed(self.py, variant), value)?;
        Ok(dict.into_any())
    }
}

impl<'s, 'b, 'py> ser::Serializer for &'b mut Builder<'s, 'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = Failed;
    type SerializeSeq = Items<'b, 's, 'py>;
    type SerializeTuple = Items<'b, 's, 'py>;
    type SerializeTupleStruct = Items<'b, 's, 'py>;
    type SerializeTupleVariant = Items<'b, 's, 'py>;
    type SerializeMap = Fields<'b, 's, 'py>;
    type SerializeStruct = Fields<'b, 's, 'py>;
    type SerializeStructVariant = Fields<'b, 's, 'py>;

    fn serialize_bool(self, v: bool) -> Made<'py> {
        Ok(PyBool::new(self.py, v).to_owned().into_any())
    }
    fn serialize_i8(self, v: i8) -> Made<'py> {
        self.int(v)
    }
    fn serialize_i16(self, v: i16) -> Made<'py> {
        self.int(v)
    }
    fn serialize_i32(self, v: i32) -> Made<'py> {
        self.int(v)
    }
    fn serialize_i64(self, v: i64) -> Made<'py> {
        self.int(v)
    }
    fn serialize_i128(self, v: i128) -> Made<'py> {
        self.int(v)
    }
    fn serialize_u8(self, v: u8) -> Made<'py> {
        self.int(v)
    }
    fn serialize_u16(self, v: u16) -> Made<'py> {
        self.int(v)
    }
    fn serialize_u32(self, v: u32) -> Made<'py> {
        self.int(v)
    }
    fn serialize_u64(self, v: u64) -> Made<'py> {
        self.int(v)
    }
    fn serialize_u128(self, v: u128) -> Made<'py> {
        self.int(v)
    }
    /// As serde_json writes it (the shortest text that reads back as this `f32`), read as a
    /// Python float.
    fn serialize_f32(self, v: f32) -> Made<'py> {
        let text = serde_json::to_string(&v).map_err(<Failed as ser::Error>::custom)?;
        self.float(text.parse().unwrap_or(f64::NAN))
    }
    fn serialize_f64(self, v: f64) -> Made<'py> {
        self.float(v)
    }
    fn serialize_char(self, v: char) -> Made<'py> {
        self.serialize_str(v.encode_utf8(&mut [0; 4]))
    }
    fn serialize_str(self, v: &str) -> Made<'py> {
        Ok(self.strings.text(self.py, v).into_any())
    }
    fn serialize_bytes(self, v: &[u8]) -> Made<'py> {
        Ok(PyList::new(self.py, v)?.into_any())
    }
    fn serialize_none(self) -> Made<'py> {
        self.serialize_unit()
    }
    fn serialize_some<T: Serialize + ?Sized>(self, value: &T) -> Made<'py> {
        value.serialize(self)
    }
    fn serialize_unit(self) -> Made<'py> {
        Ok(self.py.None().into_bound(self.py))
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Made<'py> {
        self.serialize_unit()
    }
    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Made<'py> {
        Ok(self.strings.fixed(self.py, variant).clone().into_any())
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Made<'py> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        value: &T,
    ) -> Made<'py> {
        let value = value.serialize(&mut *self)?;
        self.variant(variant, value)
    }
    fn serialize_seq(self, len: Option<usize>) -> Result<Items<'b, 's, 'py>, Failed> {
        Ok(Items {
            items: Vec::with_capacity(len.unwrap_or(0)),
            builder: self,
            variant: None,
        })
    }
    fn serialize_tuple(self, len: usize) -> Result<Items<'b, 's, 'py>, Failed> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_struct(
        self,
        _name: &'static str,
        len: usize,
    ) -> Result<Items<'b, 's, 'py>, Failed> {
        self.serialize_seq(Some(len))
    }
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Items<'b, 's, 'py>, Failed> {
        let mut items = self.serialize_seq(Some(len))?;
        items.variant = Some(variant);
        Ok(items)
    }
    fn serialize_map(self, _len: Option<usize>) -> Result<Fields<'b, 's, 'py>, Failed> {
        Ok(Fields {
            dict: PyDict::new(self.py),
            builder: self,
            key: None,
            variant: None,
        })
    }
    fn serialize_struct(
        self,
        _name: &'static str,
        len: usize,
    ) -> Result<Fields<'b, 's, 'py>, Failed> {
        self.serialize_map(Some(len))
    }
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
        len: usize,
    ) -> Result<Fields<'b, 's, 'py>, Failed> {
        let mut fields = self.serialize_map(Some(len))?;
        fields.variant = Some(variant);
        Ok(fields)
    }
}

/// A list being made (for a tuple variant, the value of `{variant: [...]}`).
pub struct Items<'b, 's, 'py> {
    builder: &'b mut Builder<'s, 'py>,
    items: Vec<Bound<'py, PyAny>>,
    variant: Option<&'static str>,
}

impl<'py> Items<'_, '_, 'py> {
    fn push<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Failed> {
        let item = value.serialize(&mut *self.builder)?;
        self.items.push(item);
        Ok(())
    }

    fn finish(self) -> Made<'py> {
        let list = PyList::new(self.builder.py, self.items)?.into_any();
        match self.variant {
            Some(variant) => self.builder.variant(variant, list),
            None => Ok(list),
        }
    }
}

impl<'py> ser::SerializeSeq for Items<'_, '_, 'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = Failed;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Failed> {
        self.push(value)
    }
    fn end(self) -> Made<'py> {
        self.finish()
    }
}

impl<'py> ser::SerializeTuple for Items<'_, '_, 'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = Failed;
    fn serialize_element<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Failed> {
        self.push(value)
    }
    fn end(self) -> Made<'py> {
        self.finish()
    }
}

impl<'py> ser::SerializeTupleStruct for Items<'_, '_, 'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = Failed;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Failed> {
        self.push(value)
    }
    fn end(self) -> Made<'py> {
        self.finish()
    }
}

impl<'py> ser::SerializeTupleVariant for Items<'_, '_, 'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = Failed;
    fn serialize_field<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Failed> {
        self.push(value)
    }
    fn end(self) -> Made<'py> {
        self.finish()
    }
}

/// A dict being made (for a struct variant, the value of `{variant: {...}}`), and the key
/// of a map entry whose value is next.
pub struct Fields<'b, 's, 'py> {
    builder: &'b mut Builder<'s, 'py>,
    dict: Bound<'py, PyDict>,
    key: Option<Bound<'py, PyString>>,
    variant: Option<&'static str>,
}

impl<'py> Fields<'_, '_, 'py> {
    fn field<T: Serialize + ?Sized>(&mut self, key: &'static str, value: &T) -> Result<(), Failed> {
        let value = value.serialize(&mut *self.builder)?;
        let key = self.builder.strings.fixed(self.builder.py, key);
        self.dict.set_item(key, value)?;
        Ok(())
    }

    fn finish(self) -> Made<'py> {
        let dict = self.dict.into_any();
        match self.variant {
            Some(variant) => self.builder.variant(variant, dict),
            None => Ok(dict),
        }
    }
}

impl<'py> ser::SerializeMap for Fields<'_, '_, 'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = Failed;
    fn serialize_key<T: Serialize + ?Sized>(&mut self, key: &T) -> Result<(), Failed> {
        self.key = Some(key.serialize(KeyText(&mut *self.builder))?);
        Ok(())
    }
    fn serialize_value<T: Serialize + ?Sized>(&mut self, value: &T) -> Result<(), Failed> {
        let Some(key) = self.key.take() else {
            return Err(ser::Error::custom("a map value with no key before it"));
        };
        let value = value.serialize(&mut *self.builder)?;
        self.dict.set_item(key, value)?;
        Ok(())
    }
    fn end(self) -> Made<'py> {
        self.finish()
    }
}

impl<'py> ser::SerializeStruct for Fields<'_, '_, 'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = Failed;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Failed> {
        self.field(key, value)
    }
    fn end(self) -> Made<'py> {
        self.finish()
    }
}

impl<'py> ser::SerializeStructVariant for Fields<'_, '_, 'py> {
    type Ok = Bound<'py, PyAny>;
    type Error = Failed;
    fn serialize_field<T: Serialize + ?Sized>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Failed> {
        self.field(key, value)
    }
    fn end(self) -> Made<'py> {
        self.finish()
    }
}

/// A map key's text as JSON writes it: a string as it is, a number or `bool` as its text
/// (serde_json's), anything else refused, as `mj3::json` and serde_json refuse it.
struct KeyText<'b, 's, 'py>(&'b mut Builder<'s, 'py>);

fn not_a_key() -> Failed {
    ser::Error::custom("key must be a string")
}

impl<'py> ser::Serializer for KeyText<'_, '_, 'py> {
    type Ok = Bound<'py, PyString>;
    type Error = Failed;
    type SerializeSeq = ser::Impossible<Bound<'py, PyString>, Failed>;
    type SerializeTuple = ser::Impossible<Bound<'py, PyString>, Failed>;
    type SerializeTupleStruct = ser::Impossible<Bound<'py, PyString>, Failed>;
    type SerializeTupleVariant = ser::Impossible<Bound<'py, PyString>, Failed>;
    type SerializeMap = ser::Impossible<Bound<'py, PyString>, Failed>;
    type SerializeStruct = ser::Impossible<Bound<'py, PyString>, Failed>;
    type SerializeStructVariant = ser::Impossible<Bound<'py, PyString>, Failed>;

    fn serialize_bool(self, v: bool) -> Result<Bound<'py, PyString>, Failed> {
        Ok(self.made(&v.to_string()))
    }
    fn serialize_i8(self, v: i8) -> Result<Bound<'py, PyString>, Failed> {
        Ok(self.made(&v.to_string()))
    }
    fn serialize_i16(self, v: i16) -> Result<Bound<'py, PyString>, Failed> {
        Ok(self.made(&v.to_string()))
    }
    fn serialize_i32(self, v: i32) -> Result<Bound<'py, PyString>, Failed> {
        Ok(self.made(&v.to_string()))
    }
    fn serialize_i64(self, v: i64) -> Result<Bound<'py, PyString>, Failed> {
        Ok(self.made(&v.to_string()))
    }
    fn serialize_i128(self, v: i128) -> Result<Bound<'py, PyString>, Failed> {
        Ok(self.made(&v.to_string()))
    }
    fn serialize_u8(self, v: u8) -> Result<Bound<'py, PyString>, Failed> {
        Ok(self.made(&v.to_string()))
    }
    fn serialize_u16(self, v: u16) -> Result<Bound<'py, PyString>, Failed> {
        Ok(self.made(&v.to_string()))
    }
    fn serialize_u32(self, v: u32) -> Result<Bound<'py, PyString>, Failed> {
        Ok(self.made(&v.to_string()))
    }
    fn serialize_u64(self, v: u64) -> Result<Bound<'py, PyString>, Failed> {
        Ok(self.made(&v.to_string()))
    }
    fn serialize_u128(self, v: u128) -> Result<Bound<'py, PyString>, Failed> {
        Ok(self.made(&v.to_string()))
    }
    fn serialize_f32(self, v: f32) -> Result<Bound<'py, PyString>, Failed> {
        self.float(v, v.is_finite())
    }
    fn serialize_f64(self, v: f64) -> Result<Bound<'py, PyString>, Failed> {
        self.float(v, v.is_finite())
    }
    fn serialize_char(self, v: char) -> Result<Bound<'py, PyString>, Failed> {
        Ok(self.made(&v.to_string()))
    }
    fn serialize_str(self, v: &str) -> Result<Bound<'py, PyString>, Failed> {
        Ok(self.0.strings.text(self.0.py, v))
    }
    fn serialize_bytes(self, _v: &[u8]) -> Result<Bound<'py, PyString>, Failed> {
        Err(not_a_key())
    }
    fn serialize_none(self) -> Result<Bound<'py, PyString>, Failed> {
        Err(not_a_key())
    }
    fn serialize_some<T: Serialize + ?Sized>(
        self,
        _value: &T,
    ) -> Result<Bound<'py, PyString>, Failed> {
        Err(not_a_key())
    }
    fn serialize_unit(self) -> Result<Bound<'py, PyString>, Failed> {
        Err(not_a_key())
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Result<Bound<'py, PyString>, Failed> {
        Err(not_a_key())
    }
    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Result<Bound<'py, PyString>, Failed> {
        Ok(self.0.strings.fixed(self.0.py, variant).clone())
    }
    fn serialize_newtype_struct<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        value: &T,
    ) -> Result<Bound<'py, PyString>, Failed> {
        value.serialize(self)
    }
    fn serialize_newtype_variant<T: Serialize + ?Sized>(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _value: &T,
    ) -> Result<Bound<'py, PyString>, Failed> {
        Err(not_a_key())
    }
    fn serialize_seq(self, _len: Option<usize>) -> Result<Self::SerializeSeq, Failed> {
        Err(not_a_key())
    }
    fn serialize_tuple(self, _len: usize) -> Result<Self::SerializeTuple, Failed> {
        Err(not_a_key())
    }
    fn serialize_tuple_struct(
        self,
        _name: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeTupleStruct, Failed> {
        Err(not_a_key())
    }
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeTupleVariant, Failed> {
        Err(not_a_key())
    }
    fn serialize_map(self, _len: Option<usize>) -> Result<Self::SerializeMap, Failed> {
        Err(not_a_key())
    }
    fn serialize_struct(
        self,
        _name: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeStruct, Failed> {
        Err(not_a_key())
    }
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeStructVariant, Failed> {
        Err(not_a_key())
    }
}

impl<'py> KeyText<'_, '_, 'py> {
    /// A finite float as serde_json writes it as a key; another refused.
    fn float<F: Serialize>(self, value: F, finite: bool) -> Result<Bound<'py, PyString>, Failed> {
        if !finite {
            return Err(ser::Error::custom(
                "float key must be finite (got NaN or +/-inf)",
            ));
        }
        let text = serde_json::to_string(&value).map_err(<Failed as ser::Error>::custom)?;
        Ok(self.made(&text))
    }

    /// A key made afresh from its text.
    fn made(&self, text: &str) -> Bound<'py, PyString> {
        PyString::new(self.0.py, text)
    }
}
