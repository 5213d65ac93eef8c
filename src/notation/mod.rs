//! The hand notation (`123p456m99s EEE ww +f2 tsumo`): what a line says ([`ast`]), the
//! context vocabulary ([`vocabulary`]), the parser, its errors, and the writer that turns a
//! hand back into a line ([`write_hand`]).
//!
//! Parsing only reads the text; whether the tiles are legal under a ruleset is checked
//! later by [`crate::hand`].

pub mod ast;
mod context;
pub mod error;
mod fail;
mod parser;
mod tiles;
mod value;
pub mod vocabulary;
mod write;

pub use crate::diagnostic::{SNIPPET_WIDTH, Span, caret_snippet};
pub use ast::{
    BonusToken, ContextInput, Declared, DeclaredInput, HandInput, KongFrom, KongSource, LimitName,
    Spanned, TileToken, ValueInput, WinMethod,
};
pub use context::MAX_COUNT;
pub use error::{NotationError, NotationErrorKind};
pub use parser::parse_hand;
pub use vocabulary::{CONTEXT, ContextKey, Reader, Slot, context_key, keys, words};
pub use write::{
    ContextParts, ContextValue, HandParts, PairValue, Pairs, PartsError, SetKind, SetParts,
    context_parts, write_hand, write_parts,
};
