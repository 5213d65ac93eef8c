//! The result vocabulary every scoring system produces and the renderer reads: elements,
//! verdicts, per-system totals, payment tables and the score of one arrangement.

mod payments;

pub use payments::{Payments, Role, SeatPayment};

use std::borrow::Cow;
use std::fmt;

use serde::Serialize;

use crate::amount::Grouped;
use crate::check::{BonusShown, Check};
use crate::criteria::Hit;
use crate::hand::Hand;
use crate::notation::LimitName;
use crate::plural::pick;
use crate::rules::{Class, Criterion, Text};
use crate::tile::{BonusTile, Suit};

/// One scoring element that applies to the hand.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Element {
    /// The criterion's detector.
    #[serde(skip)]
    pub check: Check,
    /// Criterion key (the ruleset's text, shared).
    pub id: Text,
    /// Display name (the ruleset's text, shared).
    pub name: Text,
    /// Hand-point, bonus-point, half limit or limit.
    pub class: Class,
    /// Points each time.
    pub value: u32,
    /// Times it applies.
    pub count: u32,
    /// `value × count` (0 for limit hands: the limit is paid instead).
    pub points: u32,
    /// The tiles that earn it, in notation.
    pub tiles: String,
    /// Source file and section (the ruleset's text, shared).
    pub source: Text,
}

/// Whether the hand is a legal win.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Verdict {
    /// A legal win.
    Win,
    /// Fewer hand-points than the minimum.
    BelowMinimum {
        /// Hand-points the hand has.
        have: u32,
        /// Hand-points needed.
        need: u32,
    },
    /// Won on a discard of a tile the winner had discarded earlier.
    SacredDiscard {
        /// The winning tile.
        tile: String,
    },
    /// Fewer fan than the minimum (fan system).
    BelowFanMinimum {
        /// Fan the hand has.
        have: u32,
        /// Fan needed.
        need: u32,
    },
    /// Han-based systems: no yaku (dora never count toward it).
    NoYaku,
    /// Han-based systems: won on a discard although some tile the hand waited on gives no
    /// yaku (a yakuhai set made by the winning tile does not count): atozuke.
    NoYakuOnEveryWait {
        /// A waiting tile that gives no yaku.
        tile: String,
    },
    /// Han-based systems: fewer yaku han than the counters on the table require (ryanshi).
    TooFewYaku {
        /// Yaku han the hand has.
        have: u32,
        /// Yaku han needed.
        need: u32,
        /// Counters on the table.
        honba: u32,
    },
    /// The tiles make only a special shape (seven pairs, thirteen orphans) that the ruleset
    /// does not play: the criterion that is the shape is switched off, or absent.
    NoWinningShape {
        /// The shape the tiles make (`seven pairs`).
        shape: String,
        /// The switched-off criterion that would make it a winning shape, if the ruleset
        /// lists one.
        criterion: Option<String>,
    },
}

impl Verdict {
    /// A legal win.
    pub fn is_win(&self) -> bool {
        *self == Verdict::Win
    }

    /// The verdict's kind as JSON and CSV name it (`win`, `below-minimum`, …).
    pub fn kind(&self) -> &'static str {
        match self {
            Verdict::Win => "win",
            Verdict::BelowMinimum { .. } => "below-minimum",
            Verdict::SacredDiscard { .. } => "sacred-discard",
            Verdict::BelowFanMinimum { .. } => "below-fan-minimum",
            Verdict::NoYaku => "no-yaku",
            Verdict::NoYakuOnEveryWait { .. } => "no-yaku-on-every-wait",
            Verdict::TooFewYaku { .. } => "too-few-yaku",
            Verdict::NoWinningShape { .. } => "no-winning-shape",
        }
    }

    /// A plain sentence for the table: [`head`](Verdict::head), then [`why`](Verdict::why).
    pub fn explain(&self) -> String {
        match self.why() {
            Some(why) => format!("{}: {why}", self.head()),
            None => self.head().into(),
        }
    }

    /// The verdict in a few words: `legal win`, `not a legal win`, `not a legal win on a
    /// discard` or `not a winning hand`.
    pub fn head(&self) -> &'static str {
        match self {
            Verdict::Win => "legal win",
            Verdict::NoYakuOnEveryWait { .. } => "not a legal win on a discard",
            Verdict::NoWinningShape { .. } => "not a winning hand",
            _ => "not a legal win",
        }
    }

    /// Why the hand is not a legal win, in a sentence; `None` for a win.
    pub fn why(&self) -> Option<String> {
        Some(match self {
            Verdict::Win => return None,
            Verdict::BelowMinimum { have, need } => format!(
                "{} {} below the minimum of {need} (bonus-points never count toward it)",
                Class::HandPoint.worth(*have),
                pick(*have, "is", "are")
            ),
            Verdict::SacredDiscard { tile } => format!(
                "sacred discard — the winner discarded {tile} earlier and may not win on it from a discard"
            ),
            Verdict::BelowFanMinimum { have, need } => {
                format!("{have} fan is below the minimum of {need} fan")
            }
            Verdict::NoYaku => {
                "the hand has no yaku (dora, kita and red fives never count as one)".into()
            }
            Verdict::NoYakuOnEveryWait { tile } => format!(
                "the hand also waited on {tile}, which gives no yaku (a yaku must be there before the winning discard; a wind or dragon set it completes does not count)"
            ),
            Verdict::TooFewYaku { have, need, honba } => format!(
                "{honba} counters on the table require {need} han of yaku (ryanshi), the hand has {have}"
            ),
            Verdict::NoWinningShape {
                shape,
                criterion: Some(criterion),
            } => format!(
                "no winning shape — the tiles make only {shape}, and {shape} is not a winning shape here: its criterion `{criterion}` is switched off, which takes the shape with it (criteria.{criterion}.enabled)"
            ),
            Verdict::NoWinningShape {
                shape,
                criterion: None,
            } => format!(
                "no winning shape — the tiles make only {shape}, and this ruleset scores no criterion for {shape}, so it is not a winning shape here"
            ),
        })
    }

    /// The verdict in one line, as `--brief` and the page say it: `legal win`, or the
    /// verdict and why in a few words (`not a legal win: no yaku`).
    pub fn brief(&self) -> String {
        match self.short_why() {
            Some(why) => format!("{}: {why}", self.head()),
            None => self.head().to_string(),
        }
    }

    /// Why the hand is not a legal win, in a few words for a one-line answer (`no yaku`,
    /// `2 of 3 hand-points`); `None` for a win.
    pub fn short_why(&self) -> Option<String> {
        Some(match self {
            Verdict::Win => return None,
            Verdict::BelowMinimum { have, need } => {
                format!("below the minimum, {have} of {need} hand-points")
            }
            Verdict::SacredDiscard { tile } => format!("sacred discard, {tile} discarded earlier"),
            Verdict::BelowFanMinimum { have, need } => {
                format!("below the minimum, {have} of {need} fan")
            }
            Verdict::NoYaku => "no yaku".into(),
            Verdict::NoYakuOnEveryWait { tile } => format!("no yaku on the wait {tile}"),
            Verdict::TooFewYaku { have, need, honba } => {
                format!("{have} of {need} han of yaku for {honba} counters (ryanshi)")
            }
            Verdict::NoWinningShape { shape, .. } => format!("only {shape}, not played here"),
        })
    }
}

/// A sentence as the table reads it (a sheet's, a score's note): the plain words, and apart from them where
/// they come from (a rule book's section, the `[game]` setting or the record's word that
/// decides it, a payment's sums), for whoever asks. `text` and `source` together are the
/// sentence `mj3 game` prints.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Said {
    /// The plain words: `draw: Ben tenpai; Ann and Cat pay Ben 1,000 each`.
    pub text: String,
    /// Where they come from: `003 §11`, `game.multiple-ron`, `Cat 3,900: 4×960 base,
    /// rounded up to 100`; `None` when nothing is named.
    pub source: Option<String>,
}

/// Something the reader of a score should know, in words; and, where the hand's line could
/// say more, the notation that would (`others-fly=S:N,W:N`). The text views show both; the
/// JSON carries the words only, so that the page, which offers a control for each
/// circumstance, shows no notation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Note {
    /// The note, in words.
    pub text: String,
    /// The notation that would tell the evaluator more, if any.
    pub write: Option<String>,
    /// Where the rule it states comes from (`000 §Malaysia: "to a maximum of 10"`), said
    /// with the words by the text views and the JSON (as `cited` puts it), apart by
    /// [`Note::said`].
    pub source: Option<Cow<'static, str>>,
    /// How the text views and the JSON put the source after the words.
    pub cited: Cited,
}

/// How a note's source follows its words where the text views and the JSON say both.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cited {
    /// In brackets: `10 fan in all, capped at 8 (000 §Malaysia: "…")`.
    InBrackets,
    /// After a colon, the source saying why: `the discards are not used: 000 §Malaysia
    /// gives no sacred-discard rule`.
    AfterColon,
}

impl Note {
    /// A note whose advice is to write `notation` in the hand's line.
    pub fn with_notation(text: impl Into<String>, notation: impl Into<String>) -> Self {
        Note {
            text: text.into(),
            write: Some(notation.into()),
            source: None,
            cited: Cited::InBrackets,
        }
    }

    /// A note stating a rule, its source apart (said after it in brackets).
    pub fn sourced(text: impl Into<String>, source: impl Into<Cow<'static, str>>) -> Self {
        Note {
            text: text.into(),
            write: None,
            source: Some(source.into()),
            cited: Cited::InBrackets,
        }
    }

    /// A note whose source says why, after a colon: `the discards are not used` and `000
    /// §Malaysia gives no sacred-discard rule`.
    pub fn because(text: impl Into<String>, source: impl Into<Cow<'static, str>>) -> Self {
        Note {
            cited: Cited::AfterColon,
            ..Note::sourced(text, source)
        }
    }

    /// The note as the table reads it, its source apart.
    pub fn said(&self) -> Said {
        Said {
            text: self.text.clone(),
            source: self.source.as_deref().map(str::to_string),
        }
    }

    /// The words with the source, as the text views and the JSON say them.
    fn sourced_text(&self) -> Cow<'_, str> {
        match (&self.source, self.cited) {
            (Some(source), Cited::InBrackets) => format!("{} ({source})", self.text).into(),
            (Some(source), Cited::AfterColon) => format!("{}: {source}", self.text).into(),
            (None, _) => self.text.as_str().into(),
        }
    }
}

impl From<String> for Note {
    fn from(text: String) -> Self {
        Note {
            text,
            write: None,
            source: None,
            cited: Cited::InBrackets,
        }
    }
}

impl From<&str> for Note {
    fn from(text: &str) -> Self {
        Note::from(text.to_string())
    }
}

impl std::ops::Deref for Note {
    type Target = str;
    fn deref(&self) -> &str {
        &self.text
    }
}

/// The words, then the notation that would say more: `…; write others-fly=S:N,W:N`.
impl fmt::Display for Note {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.sourced_text())?;
        match &self.write {
            Some(notation) => write!(f, "; write {notation}"),
            None => Ok(()),
        }
    }
}

impl Serialize for Note {
    fn serialize<S: serde::Serializer>(&self, to: S) -> Result<S::Ok, S::Error> {
        to.serialize_str(&self.sourced_text())
    }
}

/// The score of one complete hand. Its JSON (docs/json.md, "A score") is these fields in
/// this order with `totals_line` after `totals`, `jokers` and `stated` only when there are
/// any.
#[derive(Debug, Clone)]
pub struct Score {
    /// The arrangement used, in notation (`*` marks the group the winning tile completed).
    pub arrangement: Box<str>,
    /// The winning tile.
    pub win_tile: &'static str,
    /// Every element that applies.
    pub elements: Vec<Element>,
    /// Elements present but not counted because a limit applies.
    pub superseded: Vec<Element>,
    /// The totals, in the terms of the ruleset's scoring system.
    pub totals: Totals,
    /// Legal or not, and why.
    pub verdict: Verdict,
    /// What each seat pays or receives (on the heap, so that a score stays small).
    pub payments: Box<Payments>,
    /// Things the reader should know (assumptions, options).
    pub notes: Vec<Note>,
    /// The tile each joker (`J`) was taken as, in notation; empty without jokers.
    pub jokers: Vec<String>,
    /// The value the win was stated by, as the notation writes it (`3 han 40 fu`), for a
    /// win stated by its value in place of tiles (no arrangement, no elements).
    pub stated: Option<Box<str>>,
}

/// Written by hand for one field only the JSON has: `totals_line`, the totals as every text
/// writes them in one line ([`Totals`]' `Display`), written straight into the output.
impl Serialize for Score {
    fn serialize<S: serde::Serializer>(&self, to: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let jokers = !self.jokers.is_empty();
        let fields = 9 + usize::from(jokers) + usize::from(self.stated.is_some());
        let mut score = to.serialize_struct("Score", fields)?;
        score.serialize_field("arrangement", &self.arrangement)?;
        score.serialize_field("win_tile", &self.win_tile)?;
        score.serialize_field("elements", &self.elements)?;
        score.serialize_field("superseded", &self.superseded)?;
        score.serialize_field("totals", &self.totals)?;
        score.serialize_field("totals_line", &TotalsLine(self.totals_line()))?;
        score.serialize_field("verdict", &self.verdict)?;
        score.serialize_field("payments", &self.payments)?;
        score.serialize_field("notes", &self.notes)?;
        if jokers {
            score.serialize_field("jokers", &self.jokers)?;
        }
        if let Some(stated) = &self.stated {
            score.serialize_field("stated", stated)?;
        }
        score.end()
    }
}

/// A score's totals line as a JSON string, written straight into the output.
struct TotalsLine<'a>(&'a dyn fmt::Display);

impl Serialize for TotalsLine<'_> {
    fn serialize<S: serde::Serializer>(&self, to: S) -> Result<S::Ok, S::Error> {
        to.collect_str(self.0)
    }
}

impl Score {
    /// Total the winner receives.
    pub fn received(&self) -> i64 {
        self.payments.received()
    }

    /// The limit reached, or the totals line when none was; a han-table value stated by a row's
    /// name reads as written (`mangan`, not `6 han`).
    pub fn reached(&self) -> String {
        match (&self.totals, &self.stated) {
            (Totals::HanTable(_), Some(stated)) => stated.to_string(),
            (totals, _) => totals
                .limit_reached()
                .unwrap_or_else(|| self.totals_line().to_string()),
        }
    }

    /// The totals and verdict in one line: `2 han 30 fu; the winner receives 2,000`.
    pub fn summary(&self) -> String {
        if self.verdict.is_win() {
            format!(
                "{}; the winner receives {}",
                self.totals_line(),
                Grouped(self.received())
            )
        } else {
            format!("{}; {}", self.totals_line(), self.verdict.explain())
        }
    }

    /// The totals in one line, as every text writes them and the JSON's `totals_line`
    /// carries them: a win stated by its value as it was stated (`3 han 40 fu`), else the
    /// line of its [`Totals`].
    pub fn totals_line(&self) -> &dyn fmt::Display {
        match &self.stated {
            Some(stated) => stated,
            None => &self.totals,
        }
    }
}

/// What a scoring system makes of one arrangement. The evaluator turns it into a
/// [`Score`], adding what every system shares: the arrangement and the winning tile in
/// notation, and the empty payment table of a hand that is not a legal win.
#[derive(Debug, Clone)]
pub struct SystemScore {
    /// Every element that applies.
    pub elements: Vec<Element>,
    /// Elements present but not counted because a limit applies.
    pub superseded: Vec<Element>,
    /// The totals, in the terms of the system.
    pub totals: Totals,
    /// Legal or not, and why.
    pub verdict: Verdict,
    /// What each seat pays or receives; `None` unless the verdict is a win.
    pub payments: Option<Payments>,
    /// Things the reader should know.
    pub notes: Vec<Note>,
}

/// The totals of a score, one shape per scoring system.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "system", rename_all = "kebab-case")]
pub enum Totals {
    /// Hand-points, bonus-points and limits.
    Points(PointsTotals),
    /// Fan, capped, and the points they give.
    Fan(FanTotals),
    /// Han, fu, base points and the limit reached.
    HanFu(Box<HanFuTotals>),
    /// Han and the row of the printed payment table.
    HanTable(Box<HanTableTotals>),
}

impl Totals {
    /// The limit the hand reached, in words (`mangan`, `2× yakuman`, `full limit`, `8 fan
    /// (the cap)`); `None` when it reached none.
    pub fn limit_reached(&self) -> Option<String> {
        match self {
            Totals::Points(t) => t.limit.map(|limit| limit.name().to_string()),
            Totals::Fan(t) if t.fan > t.cap => Some(format!("{} fan (the cap)", t.counted)),
            Totals::Fan(_) => None,
            Totals::HanFu(t) if t.yakuman > 0 => Some(Class::Yakuman.worth(t.yakuman)),
            Totals::HanFu(t) => t.limit.map(|limit| limit.name().to_string()),
            Totals::HanTable(t) if t.yakuman > 0 => Some(Class::Yakuman.worth(t.yakuman)),
            Totals::HanTable(_) => None,
        }
    }
}

/// The totals in one line, in the terms of the system: `2 han 30 fu`, `5 han 30 fu, mangan`,
/// `2× yakuman`, `3 han (row 3)`, `7 hand-points + 6 bonus-points`, `full limit, 8,000 points`,
/// `5 fan, 1,280 points`. Every text that shows the totals in one line writes this, and the
/// JSON carries it as the score's `totals_line`.
impl fmt::Display for Totals {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Totals::Points(t) => match t.limit {
                Some(limit) => write!(
                    f,
                    "{}, {} points",
                    limit.name(),
                    Grouped(t.limit_points.into())
                ),
                None => write!(
                    f,
                    "{} + {}",
                    Class::HandPoint.worth(t.hand_points),
                    Class::BonusPoint.worth(t.bonus_points)
                ),
            },
            Totals::Fan(t) => write!(f, "{} fan, {} points", t.counted, Grouped(t.points.into())),
            Totals::HanFu(t) if t.yakuman > 0 => f.write_str(&Class::Yakuman.worth(t.yakuman)),
            Totals::HanFu(t) => {
                let mut digits = itoa::Buffer::new();
                f.write_str(digits.format(t.han))?;
                f.write_str(" han ")?;
                f.write_str(digits.format(t.fu))?;
                f.write_str(" fu")?;
                match t.limit {
                    Some(limit) => write!(f, ", {}", limit.name()),
                    None => Ok(()),
                }
            }
            Totals::HanTable(t) => {
                if t.yakuman > 0 {
                    f.write_str(&Class::Yakuman.worth(t.yakuman))?;
                } else {
                    write!(f, "{} han", t.han)?;
                }
                if t.row.is_empty() {
                    Ok(())
                } else {
                    write!(f, " ({})", t.row)
                }
            }
        }
    }
}

impl Element {
    /// What the element is worth in its class's unit, as the page says it: `2 han`,
    /// `2 han × 3` (counted three times), `2× yakuman`, `limit`, `4 hand-points`.
    pub fn worth(&self) -> String {
        match self.class {
            Class::Limit | Class::HalfLimit => self.class.worth(self.value),
            // Yakuman are counted in yakuman, each time adding to the count.
            Class::Yakuman => self.class.worth(self.points),
            class if self.count > 1 => format!("{} × {}", class.worth(self.value), self.count),
            class => class.worth(self.value),
        }
    }
}

/// The element row for a criterion that applies: the playing tiles the detector found, or for
/// a flower or bonus-tile criterion the bonus tiles set aside.
pub fn element(hand: &Hand, criterion: &Criterion, hit: &Hit, points: u32) -> Element {
    let flowers = bonus_tiles_earning(criterion.check, hand);
    Element {
        check: criterion.check,
        id: criterion.id.clone(),
        name: criterion.name.clone(),
        class: criterion.class,
        value: criterion.value,
        count: hit.count,
        points,
        tiles: flowers.unwrap_or_else(|| {
            if matches!(criterion.check, Check::RedDora | Check::BothRedDora) {
                return red_fives_written(hand);
            }
            hit.tiles.written()
        }),
        source: criterion.source.clone(),
    }
}

/// The hand's red fives as the notation writes them, by suit: `0m 00p`.
fn red_fives_written(hand: &Hand) -> String {
    Suit::ALL
        .iter()
        .filter_map(|&suit| {
            let declared: u8 = hand
                .melds
                .iter()
                .filter(|meld| meld.tile.suit() == Some(suit))
                .map(|meld| meld.red)
                .sum();
            let concealed = hand.concealed_red.get(suit as usize).copied().unwrap_or(0);
            let n = usize::from(declared + concealed);
            (n > 0).then(|| format!("{}{}", "0".repeat(n), suit.letter()))
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The bonus tiles that earn a flower or bonus-tile criterion, in notation (`f1 x1`; `J…` for
/// the fly tiles); `None` for the others, whose tiles are the playing tiles the detector found.
fn bonus_tiles_earning(check: Check, hand: &Hand) -> Option<String> {
    let shown = check.facts().shows?;
    if shown == BonusShown::Jokers {
        return Some("J".repeat(usize::from(hand.jokers)));
    }
    let mut tiles: Vec<BonusTile> = hand
        .bonus
        .iter()
        .copied()
        .filter(|&tile| shown.keeps(tile, hand.context.seat))
        .collect();
    tiles.sort();
    Some(
        tiles
            .iter()
            .map(BonusTile::to_string)
            .collect::<Vec<_>>()
            .join(" "),
    )
}

/// A limit the hand reached.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Limit {
    /// Half limit.
    Half,
    /// Full limit.
    Full,
}

impl Limit {
    /// `half` or `full`, as JSON and CSV name it.
    pub fn key(self) -> &'static str {
        match self {
            Limit::Half => "half",
            Limit::Full => "full",
        }
    }

    /// `half limit` or `full limit`, as the value pad names it too ([`LimitName::name`]).
    pub fn name(self) -> &'static str {
        match self {
            Limit::Half => LimitName::HalfLimit.name(),
            Limit::Full => LimitName::FullLimit.name(),
        }
    }
}

/// The totals of a points-system score.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PointsTotals {
    /// Sum of hand-points (0 when a limit applies).
    pub hand_points: u32,
    /// Sum of bonus-points (0 when a limit applies).
    pub bonus_points: u32,
    /// Minimum hand-points of the ruleset.
    pub minimum: u32,
    /// The limit reached, if any.
    pub limit: Option<Limit>,
    /// Points of that limit.
    pub limit_points: u32,
}

/// The totals of a fan-system score.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FanTotals {
    /// Fan of every item that applies, before the cap.
    pub fan: u32,
    /// Fan counted: `fan` capped at `cap`.
    pub counted: u32,
    /// The most fan counted.
    pub cap: u32,
    /// Fan needed to win.
    pub minimum: u32,
    /// Points of the hand: base + per-fan × counted fan.
    pub points: u32,
}

/// One line of the fu count.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct FuLine {
    /// Short key of the rule (`base`, `closed-ron`, `tsumo`, `set`, `pair`, `wait`,
    /// `pinfu`, `seven-pairs`, `rounding`, `open-minimum`).
    pub id: &'static str,
    /// What earned it, for people (most labels are constant text).
    pub label: Cow<'static, str>,
    /// Fu of the line.
    pub fu: u32,
}

/// A limit the hand reached.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum HanLimit {
    /// 5 han, or base points above 2,000 (or kiriage).
    Mangan,
    /// 6–7 han.
    Haneman,
    /// 8–10 han.
    Baiman,
    /// 11–12 han (or more without kazoe yakuman).
    Sanbaiman,
    /// 13 or more han without a yakuman, when the option is on.
    KazoeYakuman,
    /// One or more yakuman.
    Yakuman,
}

impl HanLimit {
    /// Name for tables and case files.
    pub fn name(self) -> &'static str {
        match self {
            HanLimit::Mangan => "mangan",
            HanLimit::Haneman => "haneman",
            HanLimit::Baiman => "baiman",
            HanLimit::Sanbaiman => "sanbaiman",
            HanLimit::KazoeYakuman => "kazoe-yakuman",
            HanLimit::Yakuman => "yakuman",
        }
    }
}

/// The totals of a han-and-fu score.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct HanFuTotals {
    /// Han from yaku.
    pub yaku_han: u32,
    /// Han from dora, ura-dora, kita and red fives.
    pub dora_han: u32,
    /// All han.
    pub han: u32,
    /// How many yakuman (0: none).
    pub yakuman: u32,
    /// The fu count, line by line.
    pub fu_lines: Vec<FuLine>,
    /// Fu after rounding.
    pub fu: u32,
    /// Base points (before the dealer and payment multipliers).
    pub base_points: u32,
    /// The limit reached, if any.
    pub limit: Option<HanLimit>,
}

/// The totals of a han-table score.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct HanTableTotals {
    /// Han from yaku.
    pub yaku_han: u32,
    /// Bonus han (dora, kita, red fives, ippatsu, the winning bonus).
    pub bonus_han: u32,
    /// All han.
    pub han: u32,
    /// How many yakuman (0: none).
    pub yakuman: u32,
    /// The table row used, as printed.
    pub row: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_verdicts_kind_and_a_limits_key_are_their_json_names() {
        let tile = || "9s".to_string();
        let verdicts = [
            Verdict::Win,
            Verdict::BelowMinimum { have: 1, need: 3 },
            Verdict::SacredDiscard { tile: tile() },
            Verdict::BelowFanMinimum { have: 1, need: 5 },
            Verdict::NoYaku,
            Verdict::NoYakuOnEveryWait { tile: tile() },
            Verdict::TooFewYaku {
                have: 1,
                need: 2,
                honba: 5,
            },
            Verdict::NoWinningShape {
                shape: "seven pairs".into(),
                criterion: None,
            },
        ];
        for verdict in &verdicts {
            let json = serde_json::to_value(verdict).expect("a verdict serializes");
            assert_eq!(json["kind"], verdict.kind(), "{verdict:?}");
        }
        for limit in [Limit::Half, Limit::Full] {
            let json = serde_json::to_value(limit).expect("a limit serializes");
            assert_eq!(json, limit.key());
        }
        // Near miss: the table's name is not the JSON's.
        assert_ne!(Limit::Half.name(), Limit::Half.key());
    }

    fn han_fu(han: u32, fu: u32, yakuman: u32, limit: Option<HanLimit>) -> Totals {
        Totals::HanFu(Box::new(HanFuTotals {
            yaku_han: han,
            dora_han: 0,
            han,
            yakuman,
            fu_lines: Vec::new(),
            fu,
            base_points: 0,
            limit,
        }))
    }

    fn points(hand_points: u32, bonus_points: u32, limit: Option<Limit>) -> Totals {
        Totals::Points(PointsTotals {
            hand_points,
            bonus_points,
            minimum: 3,
            limit,
            limit_points: 40,
        })
    }

    fn fan(fan: u32, cap: u32) -> Totals {
        Totals::Fan(FanTotals {
            fan,
            counted: fan.min(cap),
            cap,
            minimum: 1,
            points: 1280,
        })
    }

    fn han_table(han: u32, yakuman: u32, row: &str) -> Totals {
        Totals::HanTable(Box::new(HanTableTotals {
            yaku_han: han,
            bonus_han: 0,
            han,
            yakuman,
            row: row.to_string(),
        }))
    }

    #[test]
    fn a_note_says_its_notation_in_the_text_views_and_only_its_words_in_the_json() {
        let advice = Note::with_notation(
            "not computed: the other players' own fly tiles",
            "others-fly=S:N,W:N",
        );
        assert_eq!(
            advice.to_string(),
            "not computed: the other players' own fly tiles; write others-fly=S:N,W:N"
        );
        assert_eq!(
            crate::json::to_string(&advice).expect("a note serializes"),
            r#""not computed: the other players' own fly tiles""#
        );
        let plain = Note::from("a yakuman is paid as such");
        assert_eq!(plain.to_string(), "a yakuman is paid as such");
        assert_eq!(plain.write, None);
    }

    #[test]
    fn a_malaysian_note_with_notation_keeps_it_out_of_the_json() {
        let rules = crate::rules::load("malaysian").expect("the shipped ruleset loads");
        let (_, evaluation) =
            crate::score_line("123p456p789p EEE ww +f2 +h1 +a1 tsumo", &rules).expect("parses");
        let crate::Evaluation::Complete { score: Some(score) } = evaluation else {
            panic!("a complete hand");
        };
        let json = crate::json::to_string(&score).expect("serializes");
        assert!(
            score
                .notes
                .iter()
                .any(|n| n.write.as_deref() == Some("others-fly=S:N,W:N"))
        );
        assert!(!json.contains("others-fly="), "{json}");
        assert!(!json.contains("others-fan="), "{json}");
    }

    #[test]
    fn the_totals_line_speaks_each_systems_terms() {
        let line = |t: Totals| t.to_string();
        assert_eq!(line(han_fu(2, 30, 0, None)), "2 han 30 fu");
        assert_eq!(
            line(han_fu(5, 30, 0, Some(HanLimit::Mangan))),
            "5 han 30 fu, mangan"
        );
        assert_eq!(line(han_fu(0, 30, 1, Some(HanLimit::Yakuman))), "yakuman");
        assert_eq!(
            line(han_fu(0, 30, 2, Some(HanLimit::Yakuman))),
            "2× yakuman"
        );
        assert_eq!(line(han_table(3, 0, "3 han")), "3 han (3 han)");
        assert_eq!(line(han_table(3, 0, "")), "3 han");
        assert_eq!(line(han_table(0, 2, "Yakuman")), "2× yakuman (Yakuman)");
        assert_eq!(line(points(1, 1, None)), "1 hand-point + 1 bonus-point");
        assert_eq!(line(points(7, 6, None)), "7 hand-points + 6 bonus-points");
        assert_eq!(
            line(points(0, 0, Some(Limit::Full))),
            "full limit, 40 points"
        );
        assert_eq!(line(fan(5, 10)), "5 fan, 1,280 points");
    }

    #[test]
    fn the_limit_reached_is_named_and_no_limit_is_none() {
        assert_eq!(han_fu(2, 30, 0, None).limit_reached(), None);
        let named = |totals: Totals| totals.limit_reached();
        assert_eq!(
            named(han_fu(6, 30, 0, Some(HanLimit::Haneman))).as_deref(),
            Some("haneman")
        );
        assert_eq!(
            named(points(0, 0, Some(Limit::Half))).as_deref(),
            Some("half limit")
        );
        assert_eq!(named(fan(12, 10)).as_deref(), Some("10 fan (the cap)"));
        assert_eq!(fan(10, 10).limit_reached(), None);
        assert_eq!(
            named(han_table(1, 1, "Yakuman")).as_deref(),
            Some("yakuman")
        );
    }

    #[test]
    fn a_value_is_written_in_its_class_unit() {
        assert_eq!(Class::HandPoint.worth(1), "1 hand-point");
        assert_eq!(Class::BonusPoint.worth(2), "2 bonus-points");
        assert_eq!(Class::Yaku.worth(2), "2 han");
        assert_eq!(Class::Dora.worth(1), "1 han");
        assert_eq!(Class::Fan.worth(3), "3 fan");
        assert_eq!(Class::Yakuman.worth(1), "yakuman");
        assert_eq!(Class::Yakuman.worth(3), "3× yakuman");
        assert_eq!(Class::Limit.worth(40), "limit");
        assert_eq!(Class::HalfLimit.worth(20), "half limit");
    }
}
