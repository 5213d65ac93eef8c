//! Evaluation: scores every arrangement of a hand under a ruleset and keeps the best for
//! the winner, with the legality checks (minimum, sacred discard) and payments.

use serde::Serialize;
use serde::ser::SerializeStruct;

use crate::criteria::detect_all;
use crate::decompose::{Arrangement, for_each_arrangement, for_each_unplayed_arrangement};
use crate::hand::{Hand, ValidHand, WaitingHand, Win};
use crate::jokers;
use crate::results::{Note, Payments, Score, Totals, Verdict};
use crate::rules::{Ruleset, System};
use crate::system;
use crate::tile::Tile;

/// The result of evaluating a line of input; its JSON names the variant in `kind`
/// (`complete`, `waiting`) beside the variant's field.
#[derive(Debug, Clone)]
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

impl Evaluation {
    /// Writes `kind` and the variant's field into the record `to` is writing (the line's
    /// record carries them among its own fields).
    pub fn serialize_fields<S: SerializeStruct>(&self, to: &mut S) -> Result<(), S::Error> {
        match self {
            Evaluation::Complete { score } => {
                to.serialize_field("kind", "complete")?;
                to.serialize_field("score", score)
            }
            Evaluation::Waiting { waits } => {
                to.serialize_field("kind", "waiting")?;
                to.serialize_field("waits", waits)
            }
        }
    }
}

impl Serialize for Evaluation {
    fn serialize<S: serde::Serializer>(&self, to: S) -> Result<S::Ok, S::Error> {
        let mut record = to.serialize_struct("Evaluation", 2)?;
        self.serialize_fields(&mut record)?;
        record.end()
    }
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
            score: score_hand(hand, rules).or_else(|| score_unplayed(hand, rules)),
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

/// What makes one score better than another for the winner: a legal win first, then what
/// the winner collects, then the system's tie-break ([`tiebreak`]).
fn better(score: &Score, than: &Score) -> bool {
    let key = |s: &Score| (s.verdict.is_win(), s.received(), tiebreak(s));
    key(score) > key(than)
}

/// With jokers, ties in [`better`] (every assignment below the minimum collects nothing) go
/// to the assignment whose elements add up to more, so a refused hand shows its best reading.
fn better_assignment(score: &Score, than: &Score) -> bool {
    let total = |s: &Score| s.elements.iter().map(|e| u64::from(e.points)).sum::<u64>();
    better(score, than) || (!better(than, score) && total(score) > total(than))
}

/// The best score of a hand without unassigned jokers, and its arrangement (the score's
/// `arrangement` text is left empty: it is written once, for the score that is kept).
fn score_concrete(hand: &Hand, rules: &Ruleset) -> Option<(Score, Arrangement)> {
    let mut best: Option<(Score, Arrangement)> = None;
    let waits = system::Waits::default();
    for_each_arrangement(hand, rules, |arrangement| {
        let score = score_arrangement(hand, arrangement, rules, &waits);
        if best.as_ref().is_none_or(|(b, _)| better(&score, b)) {
            best = Some((score, *arrangement));
        }
    });
    best
}

/// Calls `visit` with each joker assignment that can give the hand a winning shape (in
/// ascending order) and the hand with its jokers taken as those tiles; unless
/// `jokers-beyond-copies` is on, an assignment beyond the copies the set holds is skipped
/// (a robbed tile's other three copies are in the kong it was added to).
fn for_each_assignment(hand: &Hand, rules: &Ruleset, mut visit: impl FnMut(&[Tile], &Hand)) {
    let mut all = hand.all_tiles();
    if hand.context.robbed {
        all.add(hand.win_tile, 3);
    }
    let candidates =
        jokers::candidate_assignments(&hand.concealed, hand.melds.len(), hand.jokers, &rules.tiles);
    // One hand for every assignment: its concealed tiles are set anew each time.
    let mut concrete = hand.clone();
    for assignment in candidates {
        concrete.concealed = hand.concealed;
        let mut total = all;
        for &tile in &assignment {
            concrete.concealed.add(tile, 1);
            total.add(tile, 1);
        }
        let beyond = assignment
            .iter()
            .any(|&tile| total.get(tile) > rules.tiles.copies(tile));
        if beyond && !rules.options.jokers_beyond_copies {
            continue;
        }
        visit(&assignment, &concrete);
    }
}

/// The best score over every assignment of the hand's jokers to tile kinds in play.
///
/// Jokers are interchangeable, so assignments are multisets, tried in ascending order (ties
/// go to the first). Only the assignments that can give the hand a winning shape are built
/// ([`jokers::candidate_assignments`]): every other multiset of the 3,876 for four jokers
/// over 16 kinds scores nothing, so the best is the same as over all of them. Unless
/// `jokers-beyond-copies` is on, a joker may not stand for a copy the set does not hold.
fn score_with_jokers(hand: &Hand, rules: &Ruleset) -> Option<Score> {
    let mut best: Option<Score> = None;
    for_each_assignment(hand, rules, |assignment, concrete| {
        if let Some((mut score, arrangement)) = score_concrete(concrete, rules)
            && best.as_ref().is_none_or(|b| better_assignment(&score, b))
        {
            score.jokers = assignment.iter().map(Tile::to_string).collect();
            score.arrangement = arrangement.text(concrete).into();
            best = Some(score);
        }
    });
    best
}

/// Scores one arrangement under the ruleset's system (`waits`: the hand's, shared by its
/// arrangements).
fn score_arrangement(
    hand: &Hand,
    arrangement: &Arrangement,
    rules: &Ruleset,
    waits: &system::Waits,
) -> Score {
    let hits = detect_all(hand, arrangement, rules);
    let scored = system::score(&system::Scoring {
        hand,
        arrangement,
        hits: &hits,
        rules,
        waits,
    });
    // Every system settles only a win, so `None` is every other verdict.
    let payments = scored.payments.unwrap_or_else(|| Payments::none(hand));
    Score {
        arrangement: Box::default(),
        win_tile: hand.win_tile.notation(),
        elements: scored.elements,
        superseded: scored.superseded,
        totals: scored.totals,
        verdict: scored.verdict,
        payments: Box::new(payments),
        notes: scored.notes,
        jokers: Vec::new(),
        stated: None,
    }
}

/// The score of a win stated by its value: no arrangement, no elements, the value's totals
/// and payments.
fn score_stated(hand: &Hand, stated: &crate::hand::Stated, rules: &Ruleset) -> Score {
    let scored = system::stated::score(hand, stated, rules);
    let payments = scored.payments.unwrap_or_else(|| Payments::none(hand));
    let mut notes = scored.notes;
    notes.extend(unused_context(hand, rules).into_iter().map(Note::from));
    Score {
        arrangement: Box::default(),
        win_tile: "",
        elements: scored.elements,
        superseded: scored.superseded,
        totals: scored.totals,
        verdict: scored.verdict,
        payments: Box::new(payments),
        notes,
        jokers: Vec::new(),
        stated: Some(stated.written.as_str().into()),
    }
}

/// Among arrangements that pay the same, the one with more han, then more fu, then more
/// scoring elements is shown (han-based systems); the points system shows the one with more
/// hand-points, then more bonus-points, and the fan system the one with more fan before the
/// cap (so a refused or capped hand reports its best reading).
fn tiebreak(score: &Score) -> (u32, u32, usize) {
    match &score.totals {
        Totals::Points(t) => (t.hand_points, t.bonus_points, 0),
        Totals::Fan(t) => (t.fan, 0, 0),
        Totals::HanFu(t) => (t.han, t.fu, score.elements.len()),
        Totals::HanTable(t) => (t.han, 0, score.elements.len()),
    }
}

/// Notes for context words and keys the hand carries but the ruleset's system and criteria
/// never consult, so that nothing written is silently dropped (notation.md: unknown words are
/// errors; known words a ruleset does not use are named). Which system reads which word or
/// key is the context vocabulary's table ([`crate::notation::CONTEXT`]): the han systems read
/// riichi, ippatsu, dora, ura, honba and sticks themselves; the points system pays draws and
/// waiting through `payment.goulash-per-draw` and `payment.waiting-discount`.
fn unused_context(hand: &Hand, rules: &Ruleset) -> Vec<String> {
    let ctx = &hand.context;
    // Whether a criterion the ruleset scores reads this context word (`Facts::reads`).
    let read = |word: &str| {
        rules
            .criteria
            .iter()
            .any(|c| c.check.facts().reads.contains(&word))
    };
    let system = crate::hand::capabilities(rules.system);
    let points = rules.system == System::Points;
    // The han systems pay `draws=` only with a goulash (`han.goulash-per-draw`).
    let han_goulash = rules.han.goulash_per_draw > 0;
    // The entry named `name` as written, when the system does not read it itself.
    let unread = |name: &str| {
        crate::notation::context_key(name)
            .filter(|entry| !system.reads(entry))
            .map(|entry| entry.shown())
    };
    // Point at an option only where the ruleset lists a switched-off criterion it would enable.
    let unless_dead_wall_dora = |word: &str| {
        if rules
            .switched_off
            .iter()
            .any(|c| c.check.facts().reads.contains(&word))
        {
            " unless options.dead-wall-dora is on"
        } else {
            ""
        }
    };
    let riichi = if ctx.double_riichi {
        "double-riichi"
    } else {
        "riichi"
    };
    // Each row: whether the hand gives the word and no criterion reads it, then (worked out
    // only for such a word) what to call it and why.
    type Describe<'a> = &'a dyn Fn() -> (Option<String>, &'static str);
    let unused: [(bool, Describe); 12] = [
        (ctx.draws > 0 && !han_goulash, &|| (unread("draws"), "")),
        (!ctx.waiting.is_empty(), &|| (unread("waiting"), "")),
        (ctx.riichi && !read(riichi), &|| (unread(riichi), "")),
        (ctx.ippatsu && !read("ippatsu"), &|| (unread("ippatsu"), "")),
        (ctx.replacement && !read("replacement"), &|| {
            (unread("replacement"), "")
        }),
        (ctx.honba > 0, &|| (unread("honba"), "")),
        (ctx.sticks > 0, &|| (unread("sticks"), "")),
        (ctx.first && !read("first"), &|| (unread("first"), "")),
        (!ctx.ura.is_empty() && !read("ura="), &|| {
            (unread("ura"), "")
        }),
        (!ctx.dora.is_empty() && !read("dora="), &|| {
            (unread("dora"), unless_dead_wall_dora("dora="))
        }),
        (!ctx.dora_flowers.is_empty() && !read("dora=f"), &|| {
            (
                unread("dora").map(|_| "a flower dora indicator".to_string()),
                unless_dead_wall_dora("dora=f"),
            )
        }),
        (
            ctx.last && ctx.win != Win::Tsumo && !read("last ron"),
            &|| {
                (
                    unread("last").map(|_| "last with a discard win".to_string()),
                    " (its bonus is for the last tile from the wall)",
                )
            },
        ),
    ];
    let mut notes: Vec<String> = unused
        .into_iter()
        .filter(|(given, _)| *given)
        .filter_map(|(_, describe)| match describe() {
            (Some(what), why) => Some((what, why)),
            (None, _) => None,
        })
        .map(|(what, why)| format!("{what} is not scored under {}{why}", rules.name))
        .collect();
    if points && ctx.draws > 0 && rules.points.goulash_per_draw == 0 {
        notes.push(format!(
            "the draws before this hand change nothing: payment.goulash-per-draw is 0 under {}",
            rules.name
        ));
    }
    if points && !ctx.waiting.is_empty() && rules.points.waiting_discount == 0 {
        notes.push(format!(
            "the other players who were waiting change nothing: payment.waiting-discount is 0 under {}",
            rules.name
        ));
    }
    notes
}

/// The best score of a complete hand for the winner (a legal win first, then what the
/// winner collects), or `None` when it makes no winning shape.
pub fn score_hand(hand: &Hand, rules: &Ruleset) -> Option<Score> {
    if let Some(stated) = &hand.stated {
        return Some(score_stated(hand, stated, rules));
    }
    let mut score = if hand.jokers == 0 {
        let (mut score, arrangement) = score_concrete(hand, rules)?;
        score.arrangement = arrangement.text(hand).into();
        score
    } else {
        score_with_jokers(hand, rules)?
    };
    score
        .notes
        .extend(unused_context(hand, rules).into_iter().map(Note::from));
    if hand.context.win_assumed {
        score.notes.insert(
            0,
            format!(
                "no `tsumo` or `ron` given: scored as a win on a discard from {} (the winner's left)",
                match hand.context.win {
                    Win::Ron(seat) => seat.name(),
                    Win::Tsumo => "nobody",
                }
            )
            .into(),
        );
    }
    Some(score)
}

/// Calls `visit` with the score of every reading of `hand` in a special shape `rules` does
/// not play (seven pairs with its criterion switched off), each marked as no winning shape
/// and paying nothing, under each joker assignment.
fn for_each_unplayed_reading(hand: &Hand, rules: &Ruleset, mut visit: impl FnMut(Score)) {
    let mut readings = |concrete: &Hand, jokers: &[Tile]| {
        let waits = system::Waits::default();
        for_each_unplayed_arrangement(concrete, rules, |arrangement| {
            let mut score = score_arrangement(concrete, arrangement, rules, &waits);
            let criterion = rules
                .switched_off
                .iter()
                .find(|c| Some(c.check) == arrangement.shape.criterion());
            score.verdict = Verdict::NoWinningShape {
                shape: arrangement.shape.name().to_string(),
                criterion: criterion.map(|c| c.id.to_string()),
            };
            score.payments = Box::new(Payments::none(concrete));
            score.notes.clear();
            score.arrangement = arrangement.text(concrete).into();
            score.jokers = jokers.iter().map(Tile::to_string).collect();
            visit(score);
        });
    };
    if hand.jokers == 0 {
        readings(hand, &[]);
    } else {
        for_each_assignment(hand, rules, |assignment, concrete| {
            readings(concrete, assignment);
        });
    }
}

/// The best reading of a complete hand that makes no winning shape but one the ruleset does
/// not play, so that the output says which shape and why (`None`: no such shape either).
fn score_unplayed(hand: &Hand, rules: &Ruleset) -> Option<Score> {
    let mut best: Option<Score> = None;
    for_each_unplayed_reading(hand, rules, |score| {
        if best.as_ref().is_none_or(|b| better_assignment(&score, b)) {
            best = Some(score);
        }
    });
    best
}

/// One reading of a hand: an arrangement (and joker assignment) and its score.
#[derive(Debug, Clone, Serialize)]
pub struct Reading {
    /// Whether [`score_hand`] picks this reading.
    pub chosen: bool,
    /// The score of this reading (its arrangement and jokers included).
    pub score: Score,
}

/// Every reading of a complete hand: each arrangement under each joker assignment that
/// gives the hand a winning shape, scored, in the order [`score_hand`] tries them, with the
/// one it picks marked. For `mj3 score --all`; [`score_hand`] itself keeps only the best.
pub fn every_reading(hand: &Hand, rules: &Ruleset) -> Vec<Reading> {
    // A win stated by its value has one reading: the value.
    if let Some(stated) = &hand.stated {
        return vec![Reading {
            chosen: true,
            score: score_stated(hand, stated, rules),
        }];
    }
    let mut readings = Vec::new();
    let mut concrete_readings = |concrete: &Hand, jokers: Vec<String>| {
        let waits = system::Waits::default();
        for_each_arrangement(concrete, rules, |arrangement| {
            let mut score = score_arrangement(concrete, arrangement, rules, &waits);
            score.arrangement = arrangement.text(concrete).into();
            score.jokers = jokers.clone();
            readings.push(Reading {
                score,
                chosen: false,
            });
        });
    };
    if hand.jokers == 0 {
        concrete_readings(hand, Vec::new());
    } else {
        for_each_assignment(hand, rules, |assignment, concrete| {
            concrete_readings(concrete, assignment.iter().map(Tile::to_string).collect());
        });
    }
    if readings.is_empty() {
        for_each_unplayed_reading(hand, rules, |score| {
            readings.push(Reading {
                score,
                chosen: false,
            });
        });
    }
    if let Some(best) = score_hand(hand, rules).or_else(|| score_unplayed(hand, rules))
        && let Some(reading) = readings
            .iter_mut()
            .find(|r| r.score.arrangement == best.arrangement && r.score.jokers == best.jokers)
    {
        reading.chosen = true;
    }
    readings
}

/// How [`score_hand`] picks among readings, in words, for the ruleset's system.
pub fn picking_rule(rules: &Ruleset) -> &'static str {
    match rules.system {
        System::Points => {
            "a legal win first, then the most the winner collects, then more hand-points, then more bonus-points"
        }
        System::Fan => {
            "a legal win first, then the most the winner collects, then more fan before the cap"
        }
        System::HanFu => {
            "a legal win first, then the most the winner collects, then more han, more fu, more elements"
        }
        System::HanTable => {
            "a legal win first, then the most the winner collects, then more han, more elements"
        }
    }
}
