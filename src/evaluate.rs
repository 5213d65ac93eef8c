//! Evaluation: scores every arrangement of a hand under a ruleset and keeps the best for
//! the winner, with the legality checks (minimum, sacred discard) and payments.

use serde::Serialize;

use crate::criteria::Situation;
use crate::decompose::{Arrangement, for_each_arrangement};
use crate::hand::{Hand, ValidHand, WaitingHand, Win};
use crate::payment::{Payments, settle};
use crate::rules::{Class, Ruleset};
use crate::tile::write_tiles;

/// One scoring element that applies to the hand.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Element {
    /// Criterion key.
    pub id: String,
    /// Display name.
    pub name: String,
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
    /// Source file and section.
    pub source: String,
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
}

impl Verdict {
    /// A legal win.
    pub fn is_win(&self) -> bool {
        *self == Verdict::Win
    }

    /// A plain sentence for the table.
    pub fn explain(&self) -> String {
        match self {
            Verdict::Win => "legal win".into(),
            Verdict::BelowMinimum { have, need } => format!(
                "not a legal win: {have} hand-point{} is below the minimum of {need} (bonus-points never count toward it)",
                if *have == 1 { "" } else { "s" }
            ),
            Verdict::SacredDiscard { tile } => format!(
                "not a legal win: sacred discard — the winner discarded {tile} earlier and may not win on it from a discard"
            ),
        }
    }
}

/// The score of one complete hand.
#[derive(Debug, Clone, Serialize)]
pub struct Score {
    /// The arrangement used, in notation (`*` marks the group the winning tile completed).
    pub arrangement: String,
    /// The winning tile.
    pub win_tile: String,
    /// Every element that applies.
    pub elements: Vec<Element>,
    /// Elements present but not counted because a limit applies.
    pub superseded: Vec<Element>,
    /// Sum of hand-points.
    pub hand_points: u32,
    /// Sum of bonus-points.
    pub bonus_points: u32,
    /// The limit reached, if any.
    pub limit: Option<Limit>,
    /// Points of that limit.
    pub limit_points: u32,
    /// Minimum hand-points of the ruleset.
    pub minimum: u32,
    /// Legal or not, and why.
    pub verdict: Verdict,
    /// What each seat pays or receives.
    pub payments: Payments,
    /// Things the reader should know (assumptions, options).
    pub notes: Vec<String>,
}

impl Score {
    /// Total the winner receives.
    pub fn received(&self) -> i64 {
        self.payments.received()
    }
}

/// The result of evaluating a line of input.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Evaluation {
    /// A complete hand.
    Complete {
        /// Its score, or `None` when the tiles make no winning shape.
        score: Option<Score>,
    },
    /// A 13-tile hand and the tiles that complete it.
    Waiting {
        /// One entry per winning tile.
        waits: Vec<Wait>,
    },
}

/// One tile a waiting hand may win on, and its score.
#[derive(Debug, Clone, Serialize)]
pub struct Wait {
    /// The tile.
    pub tile: String,
    /// The score it would give.
    pub score: Score,
}

/// Evaluates a validated hand.
pub fn evaluate(hand: &ValidHand, rules: &Ruleset) -> Evaluation {
    match hand {
        ValidHand::Complete(hand) => Evaluation::Complete {
            score: score_hand(hand, rules),
        },
        ValidHand::Waiting(waiting) => Evaluation::Waiting {
            waits: waits(waiting, rules),
        },
    }
}

/// Every tile that completes `waiting`, with its score.
pub fn waits(waiting: &WaitingHand, rules: &Ruleset) -> Vec<Wait> {
    rules
        .tiles
        .tiles()
        .filter_map(|tile| {
            let hand = waiting.completed_by(tile, rules)?;
            let score = score_hand(&hand, rules)?;
            Some(Wait {
                tile: tile.to_string(),
                score,
            })
        })
        .collect()
}

/// The best score of a complete hand, or `None` when it makes no winning shape.
pub fn score_hand(hand: &Hand, rules: &Ruleset) -> Option<Score> {
    let mut best: Option<(Arrangement, Tally)> = None;
    for_each_arrangement(hand, &rules.tiles, |arrangement| {
        let tally = tally(hand, arrangement, rules);
        let better = match &best {
            None => true,
            Some((_, current)) => tally.rank(hand, rules) > current.rank(hand, rules),
        };
        if better {
            best = Some((*arrangement, tally));
        }
    });
    let (arrangement, tally) = best?;
    Some(finish(hand, &arrangement, tally, rules))
}

/// The raw counts for one arrangement, before elements are written out.
#[derive(Clone)]
struct Tally {
    hits: Vec<(usize, crate::criteria::Hit)>,
    hand_points: u32,
    bonus_points: u32,
    limit: Option<Limit>,
}

impl Tally {
    fn limit_points(&self, rules: &Ruleset) -> u32 {
        match self.limit {
            Some(Limit::Full) => rules.limit,
            Some(Limit::Half) => rules.half_limit,
            None => 0,
        }
    }

    /// Legal first, then what the winner collects, then hand-points.
    fn rank(&self, hand: &Hand, rules: &Ruleset) -> (bool, i64, u32) {
        let legal = self.limit.is_some() || self.hand_points >= rules.minimum;
        let payments = settle(hand, rules, self.hand_points, self.bonus_points, self.limit_points(rules));
        (legal, payments.received(), self.hand_points)
    }
}

fn tally(hand: &Hand, arrangement: &Arrangement, rules: &Ruleset) -> Tally {
    let situation = Situation::new(hand, arrangement, rules);
    let mut hits = Vec::with_capacity(16);
    let mut hand_points = 0;
    let mut bonus_points = 0;
    let mut limit = None;
    for (i, criterion) in rules.criteria.iter().enumerate() {
        let hit = criterion.check.detect(&situation);
        if hit.count == 0 {
            continue;
        }
        match criterion.class {
            Class::HandPoint => hand_points += criterion.value * hit.count,
            Class::BonusPoint => bonus_points += criterion.value * hit.count,
            Class::HalfLimit | Class::Limit => {
                if criterion.concealed_only && !hand.is_concealed() {
                    continue;
                }
                let level = if criterion.class == Class::Limit {
                    Limit::Full
                } else {
                    Limit::Half
                };
                limit = limit.max(Some(level));
            }
        }
        hits.push((i, hit));
    }
    Tally {
        hits,
        hand_points,
        bonus_points,
        limit,
    }
}

fn finish(hand: &Hand, arrangement: &Arrangement, tally: Tally, rules: &Ruleset) -> Score {
    let limit_points = tally.limit_points(rules);
    let (elements, superseded): (Vec<Element>, Vec<Element>) = tally
        .hits
        .iter()
        .map(|(i, hit)| {
            let criterion = &rules.criteria[*i];
            let points = if criterion.class.is_limit() {
                0
            } else {
                criterion.value * hit.count
            };
            Element {
                id: criterion.id.clone(),
                name: criterion.name.clone(),
                class: criterion.class,
                value: criterion.value,
                count: hit.count,
                points,
                tiles: write_tiles(
                    hit.tiles
                        .iter()
                        .flat_map(|(t, n)| std::iter::repeat_n(t, n as usize)),
                ),
                source: criterion.source.clone(),
            }
        })
        .partition(|element| element.class.is_limit() == tally.limit.is_some());
    let verdict = verdict(hand, &tally, rules);
    let payments = if verdict.is_win() {
        settle(hand, rules, tally.hand_points, tally.bonus_points, limit_points)
    } else {
        Payments::none(hand)
    };
    let mut notes = Vec::new();
    if hand.context.win_assumed {
        notes.push(format!(
            "no `tsumo` or `ron` given: scored as a win on a discard from {} (the winner's left)",
            match hand.context.win {
                Win::Ron(seat) => seat.name(),
                Win::Tsumo => "nobody",
            }
        ));
    }
    if tally.limit.is_some() {
        notes.push("a limit hand scores the limit; other points are not totalled".into());
    }
    Score {
        arrangement: arrangement.to_string(),
        win_tile: hand.win_tile.to_string(),
        elements,
        superseded,
        hand_points: if tally.limit.is_some() { 0 } else { tally.hand_points },
        bonus_points: if tally.limit.is_some() { 0 } else { tally.bonus_points },
        limit: tally.limit,
        limit_points,
        minimum: rules.minimum,
        verdict,
        payments,
        notes,
    }
}

fn verdict(hand: &Hand, tally: &Tally, rules: &Ruleset) -> Verdict {
    if matches!(hand.context.win, Win::Ron(_)) && hand.context.discards.contains(&hand.win_tile) {
        return Verdict::SacredDiscard {
            tile: hand.win_tile.to_string(),
        };
    }
    if tally.limit.is_none() && tally.hand_points < rules.minimum {
        return Verdict::BelowMinimum {
            have: tally.hand_points,
            need: rules.minimum,
        };
    }
    Verdict::Win
}
