//! The tags of the embedded ruleset form: `build.rs` writes them (it includes this file by
//! path) and [`super::embedded`] reads them, so the two cannot number them differently.

/// Tag of `false`.
pub const FALSE: u32 = 0;
/// Tag of `true`.
pub const TRUE: u32 = 1;
/// Tag of an integer.
pub const INTEGER: u32 = 2;
/// Tag of a string.
pub const TEXT: u32 = 3;
/// Tag of an array.
pub const ARRAY: u32 = 4;
/// Tag of a table.
pub const TABLE: u32 = 5;
