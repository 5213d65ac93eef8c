//! A JSON object's keys: a string as it is, a number or `bool` as a string, anything else an
//! error, as serde_json writes them.

use serde::ser::{self, Error as _, Serialize};

use super::{Error, write_str};

/// A map key: a string as it is, a number or `bool` as a string, anything else an error
/// (as serde_json).
pub(super) struct KeyWriter<'a> {
    pub(super) out: &'a mut Vec<u8>,
}

impl KeyWriter<'_> {
    fn quoted(self, text: &str) -> Result<(), Error> {
        write_str(self.out, text);
        Ok(())
    }
    fn int(self, value: impl itoa::Integer) -> Result<(), Error> {
        self.quoted(itoa::Buffer::new().format(value))
    }
    /// A finite float quoted as serde_json writes it; another an error.
    fn float<F: Serialize>(self, value: F, finite: bool) -> Result<(), Error> {
        if !finite {
            return Err(Error::custom(
                "float key must be finite (got NaN or +/-inf)",
            ));
        }
        self.quoted(&serde_json::to_string(&value)?)
    }
}

fn key_must_be_a_string() -> Error {
    Error::custom("key must be a string")
}

impl ser::Serializer for KeyWriter<'_> {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = ser::Impossible<(), Error>;
    type SerializeTuple = ser::Impossible<(), Error>;
    type SerializeTupleStruct = ser::Impossible<(), Error>;
    type SerializeTupleVariant = ser::Impossible<(), Error>;
    type SerializeMap = ser::Impossible<(), Error>;
    type SerializeStruct = ser::Impossible<(), Error>;
    type SerializeStructVariant = ser::Impossible<(), Error>;

    fn serialize_bool(self, v: bool) -> Result<(), Error> {
        self.quoted(if v { "true" } else { "false" })
    }
    fn serialize_i8(self, v: i8) -> Result<(), Error> {
        self.int(v)
    }
    fn serialize_i16(self, v: i16) -> Result<(), Error> {
        self.int(v)
    }
    fn serialize_i32(self, v: i32) -> Result<(), Error> {
        self.int(v)
    }
    fn serialize_i64(self, v: i64) -> Result<(), Error> {
        self.int(v)
    }
    fn serialize_i128(self, v: i128) -> Result<(), Error> {
        self.int(v)
    }
    fn serialize_u8(self, v: u8) -> Result<(), Error> {
        self.int(v)
    }
    fn serialize_u16(self, v: u16) -> Result<(), Error> {
        self.int(v)
    }
    fn serialize_u32(self, v: u32) -> Result<(), Error> {
        self.int(v)
    }
    fn serialize_u64(self, v: u64) -> Result<(), Error> {
        self.int(v)
    }
    fn serialize_u128(self, v: u128) -> Result<(), Error> {
        self.int(v)
    }
    fn serialize_f32(self, v: f32) -> Result<(), Error> {
        self.float(v, v.is_finite())
    }
    fn serialize_f64(self, v: f64) -> Result<(), Error> {
        self.float(v, v.is_finite())
    }
    fn serialize_char(self, v: char) -> Result<(), Error> {
        self.quoted(v.encode_utf8(&mut [0; 4]))
    }
    fn serialize_str(self, v: &str) -> Result<(), Error> {
        self.quoted(v)
    }
    fn serialize_bytes(self, _v: &[u8]) -> Result<(), Error> {
        Err(key_must_be_a_string())
    }
    fn serialize_none(self) -> Result<(), Error> {
        Err(key_must_be_a_string())
    }
    fn serialize_some<T: Serialize + ?Sized>(self, _value: &T) -> Result<(), Error> {
        Err(key_must_be_a_string())
    }
    fn serialize_unit(self) -> Result<(), Error> {
        Err(key_must_be_a_string())
    }
    fn serialize_unit_struct(self, _name: &'static str) -> Result<(), Error> {
        Err(key_must_be_a_string())
    }
    fn serialize_unit_variant(
        self,
        _name: &'static str,
        _index: u32,
        variant: &'static str,
    ) -> Result<(), Error> {
        self.quoted(variant)
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
        _variant: &'static str,
        _value: &T,
    ) -> Result<(), Error> {
        Err(key_must_be_a_string())
    }
    fn serialize_seq(self, _len: Option<usize>) -> Result<Self::SerializeSeq, Error> {
        Err(key_must_be_a_string())
    }
    fn serialize_tuple(self, _len: usize) -> Result<Self::SerializeTuple, Error> {
        Err(key_must_be_a_string())
    }
    fn serialize_tuple_struct(
        self,
        _name: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeTupleStruct, Error> {
        Err(key_must_be_a_string())
    }
    fn serialize_tuple_variant(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeTupleVariant, Error> {
        Err(key_must_be_a_string())
    }
    fn serialize_map(self, _len: Option<usize>) -> Result<Self::SerializeMap, Error> {
        Err(key_must_be_a_string())
    }
    fn serialize_struct(
        self,
        _name: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeStruct, Error> {
        Err(key_must_be_a_string())
    }
    fn serialize_struct_variant(
        self,
        _name: &'static str,
        _index: u32,
        _variant: &'static str,
        _len: usize,
    ) -> Result<Self::SerializeStructVariant, Error> {
        Err(key_must_be_a_string())
    }
}
