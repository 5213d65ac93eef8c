//! The views of a scored hand and of the rules: tables and lines for people, fitted to the
//! terminal's width, and JSON for machines (docs/json.md is its schema).
//!
//! [`style`](Style) says how text is written (colour, tile glyphs, ASCII only); `width`
//! measures text and holds the one line wrapper; every table is drawn by comfy-table
//! ([`table`]); `page` is a text view being written, its lines fitted as it grows; `score`
//! lays out the score of one line and `totals` the totals lines of each scoring system;
//! `report` is the JSON of one scored line and `listing` the JSON listing of a ruleset's
//! criteria; `tally` counts many scored lines and nets their payments; `words` says a scored
//! line's facts in the words every text uses (`--json --words`, the page).

mod alike;
mod brief;
mod listing;
mod page;
mod report;
mod score;
mod style;
mod table;
pub mod tally;
mod totals;
pub mod unready;
mod width;
pub mod words;

pub use brief::{Brief, BriefPayment, BriefResult, BriefUnready, unready_line};
pub use listing::{ListedCriterion, criteria_listing};
pub use report::{ContextReport, Report, context_of, json, json_capacity};
pub use score::text;
pub use style::{Style, ascii_only};
pub use table::{draw, table};
pub use width::{display_width, fit_lines, wrap_lines};
