//! Validated hands: a parsed [`crate::notation::HandInput`] checked against a ruleset's
//! tile set, copies, size and context, becoming a complete [`Hand`] or a [`WaitingHand`].

pub mod capabilities;
mod context;
pub mod error;
pub mod model;
mod robbing;
mod situations;
pub mod stated;
mod validate;

pub use capabilities::{Capabilities, capabilities, ruleset_reads};
pub use error::Impossible;
pub use error::{HandError, HandErrorKind};
pub use model::{
    Context, Hand, KongSource, Meld, SetKind, Stated, StatedValue, ValidHand, WaitingHand, Win,
};
pub use validate::validate;
