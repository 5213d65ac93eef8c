//! The words a scored line is said in, written once here for every text that says them: the
//! verdict, what a score reaches, each element's worth in its unit, the limit, each seat's
//! amount (one sign, digits grouped), how far a hand is from ready, and every tile's name.
//! The command line gives them with `--json --words` (a `words` object on each record), the
//! web crate with every score, and the page shows them as they come (docs/json.md, "Words").

use serde::Serialize;

use crate::amount::signed;
use crate::evaluate::Evaluation;
use crate::plural::counted;
use crate::results::{Role, Score};
use crate::shanten::{Unready, distance};
use crate::tile::{BonusTile, Suit, Tile};

/// The words of one scored line: of its score (a complete hand), of each wait's score (a
/// waiting hand, in the order of `waits`), and of the analysis of a hand with no winning
/// shape.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Words {
    /// A complete hand's score.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<ScoreWords>,
    /// A waiting hand: each wait's score, as `waits` lists them.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub waits: Vec<ScoreWords>,
    /// A hand with no winning shape: how far it is from ready.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unready: Option<UnreadyWords>,
}

/// The words of one score.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ScoreWords {
    /// `legal win`, or the verdict and why in a few words (`not a legal win: no yaku`), as
    /// `--brief` says it.
    pub verdict: String,
    /// The limit reached, or the totals when none was (`mangan`, `3 han 40 fu`), as
    /// `--brief` says it.
    pub reached: String,
    /// The limit reached (`mangan`, `full limit`, `2× yakuman`), if any.
    pub limit: Option<String>,
    /// Each element's worth in its unit (`2 han`, `1 han × 2`, `yakuman`), as `elements`
    /// lists them.
    pub elements: Vec<String>,
    /// Each superseded element's worth, as `superseded` lists them.
    pub superseded: Vec<String>,
    /// What each seat receives or pays, East, South, West (empty but for a legal win).
    pub payments: Vec<PaymentWords>,
    /// What the winner collects (`+8,000`); `None` but for a legal win.
    pub collects: Option<String>,
    /// Each note as the table reads it, its source apart, as `notes` lists them.
    pub notes: Vec<crate::results::Said>,
}

/// One seat's payment in words.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct PaymentWords {
    /// The seat (`East`).
    pub seat: &'static str,
    /// Its wind's letter (`E`).
    pub letter: char,
    /// Its part: `winner`, `discarder`, `other`, with `, waiting`.
    pub role: String,
    /// The amount with its sign, digits grouped (`+8,000`, `-4,000`, `0`).
    pub amount: String,
}

/// How far a hand with no winning shape is from ready, in words.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct UnreadyWords {
    /// The line `--brief` gives it: `no winning shape: 2 tiles from ready (2-shanten), 24
    /// useful tiles unseen`, `no winning shape: discard 9s, ready, 8 useful tiles unseen`.
    pub line: String,
    /// `2 tiles from ready (2-shanten)`, `ready`, or why no winning shape can be reached
    /// (13 tiles: the hand's; 14: after the best discard).
    pub distance: String,
    /// 13 tiles: the kinds of useful draw (`3 kinds`).
    pub kinds: String,
    /// 13 tiles: their unseen copies added up (`11 tiles`).
    pub useful: String,
    /// 13 tiles: each useful draw's unseen copies (`3 copies`), as `useful` lists them.
    pub copies: Vec<String>,
    /// 14 tiles: each discard, as `discards` lists them.
    pub discards: Vec<DiscardWords>,
}

/// One discard of a 14-tile hand in words.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DiscardWords {
    /// What the 13 tiles left are: `ready`, `1 tile from ready (1-shanten)`.
    pub leaves: String,
    /// Each wait's score, as the discard's `waits` lists them.
    pub waits: Vec<ScoreWords>,
}

impl ScoreWords {
    /// The words of `score`.
    pub fn of(score: &Score) -> Self {
        let win = score.verdict.is_win();
        let payments = if win {
            score
                .payments
                .seats
                .iter()
                .map(|p| PaymentWords {
                    seat: p.seat.name(),
                    letter: p.seat.letter(),
                    role: p.role_words().into_owned(),
                    amount: signed(p.amount),
                })
                .collect()
        } else {
            Vec::new()
        };
        let collects = score
            .payments
            .seats
            .iter()
            .find(|p| p.role == Role::Winner)
            .filter(|_| win)
            .map(|p| signed(p.amount));
        ScoreWords {
            verdict: score.verdict.brief(),
            reached: score.reached(),
            limit: score.totals.limit_reached(),
            elements: score.elements.iter().map(|e| e.worth()).collect(),
            superseded: score.superseded.iter().map(|e| e.worth()).collect(),
            payments,
            collects,
            notes: score.notes.iter().map(crate::results::Note::said).collect(),
        }
    }
}

impl Words {
    /// The words of a scored line: its evaluation and, for a hand with no winning shape,
    /// its analysis.
    pub fn of(evaluation: &Evaluation, unready: Option<&Unready>) -> Self {
        let (score, waits) = match evaluation {
            Evaluation::Complete { score } => (score.as_ref().map(ScoreWords::of), Vec::new()),
            Evaluation::Waiting { waits } => (
                None,
                waits.iter().map(|w| ScoreWords::of(&w.score)).collect(),
            ),
        };
        Words {
            score,
            waits,
            unready: unready.map(UnreadyWords::of),
        }
    }
}

impl UnreadyWords {
    /// The words of `unready`.
    pub fn of(unready: &Unready) -> Self {
        UnreadyWords {
            line: super::unready_line(unready),
            distance: distance(unready.shanten),
            kinds: counted(unready.useful.len() as u64, "kind", "kinds"),
            useful: counted(unready.useful_count, "tile", "tiles"),
            copies: unready
                .useful
                .iter()
                .map(|d| counted(d.unseen, "copy", "copies"))
                .collect(),
            discards: unready
                .discards
                .iter()
                .map(|d| DiscardWords {
                    leaves: distance(d.shanten),
                    waits: d.waits.iter().map(|w| ScoreWords::of(&w.score)).collect(),
                })
                .collect(),
        }
    }
}

/// mj3's things the page counts, each said with its number by [`Counted::said`] (`1 hand`,
/// `3 hands`, `2 fan`, `1 fly tile`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Counted {
    /// Hands of a game.
    Hand,
    /// Games of an evening.
    Game,
    /// Fan (the fan system's unit: the same word for one and many).
    Fan,
    /// Fly tiles (jokers) a player held.
    FlyTile,
    /// Points.
    Point,
    /// Tiles of a hand.
    Tile,
}

impl Counted {
    /// The thing by its name: `hand`, `game`, `fan`, `fly-tile`, `point`, `tile`.
    pub fn named(name: &str) -> Option<Self> {
        Some(match name {
            "hand" => Counted::Hand,
            "game" => Counted::Game,
            "fan" => Counted::Fan,
            "fly-tile" => Counted::FlyTile,
            "point" => Counted::Point,
            "tile" => Counted::Tile,
            _ => return None,
        })
    }

    /// Its word for one and for many.
    fn words(self) -> (&'static str, &'static str) {
        match self {
            Counted::Hand => ("hand", "hands"),
            Counted::Game => ("game", "games"),
            Counted::Fan => ("fan", "fan"),
            Counted::FlyTile => ("fly tile", "fly tiles"),
            Counted::Point => ("point", "points"),
            Counted::Tile => ("tile", "tiles"),
        }
    }

    /// `n` of the thing, the number written as every amount is (`1 hand`, `1,200 points`,
    /// `-1 point`).
    pub fn said(self, n: i64) -> String {
        let (one, many) = self.words();
        let word = if n.unsigned_abs() == 1 { one } else { many };
        format!("{} {word}", crate::amount::written(n))
    }
}

/// The joker's name.
pub const JOKER: &str = "joker";

/// A tile written in notation with its name, for screen readers and labels.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TileName {
    /// The tile in notation (`5p`, `0p`, `E`, `J`, `f2`).
    pub tile: String,
    /// Its name (`5 circles`, `1 circle`, `red 5 circles`, `East wind`, `joker`, `flower 2`).
    pub name: String,
    /// A bonus tile of a set: the set's word for one tile (`flower`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub set: Option<&'static str>,
}

/// Every tile the notation writes, with its name: the 34 kinds, the red fives, the joker and
/// the bonus tiles of the four sets.
pub fn tile_names() -> Vec<TileName> {
    let plain = |tile: String, name: String| TileName {
        tile,
        name,
        set: None,
    };
    let kinds = Tile::all().map(|t| plain(t.to_string(), t.name()));
    let reds = [Suit::Characters, Suit::Circles, Suit::Bamboo]
        .into_iter()
        .map(|s| plain(s.red_five().to_string(), s.red_five_name()));
    let bonus = [
        BonusTile::Flower as fn(u8) -> BonusTile,
        BonusTile::Season,
        BonusTile::Face,
        BonusTile::Animal,
    ]
    .into_iter()
    .flat_map(|of| (1..=4).map(of))
    .map(|b| TileName {
        tile: b.to_string(),
        name: b.name(),
        set: b.set().map(|s| s.singular()),
    });
    kinds
        .chain(reds)
        .chain(std::iter::once(plain("J".to_string(), JOKER.to_string())))
        .chain(bonus)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(line: &str, ruleset: &str) -> Words {
        let rules = crate::rules::load(ruleset).expect("shipped");
        let (hand, evaluation) = crate::score_line(line, &rules).expect("scores");
        let unready = crate::shanten::analyse(&hand, &evaluation, &rules);
        Words::of(&evaluation, unready.as_ref())
    }

    #[test]
    fn a_wins_words_are_the_brief_answers_and_its_amounts_carry_one_minus_sign() {
        let w = words("234p567p678s99s234s riichi tsumo", "sanma");
        let score = w.score.expect("complete");
        assert_eq!(score.verdict, "legal win");
        assert!(score.elements.iter().any(|e| e == "1 han"), "{score:?}");
        assert!(
            score
                .payments
                .iter()
                .all(|p| !p.amount.contains('\u{2212}'))
        );
        let paid: Vec<&str> = score.payments.iter().map(|p| p.amount.as_str()).collect();
        assert!(paid.iter().any(|a| a.starts_with('-')), "{paid:?}");
        assert!(
            score
                .collects
                .as_deref()
                .is_some_and(|c| c.starts_with('+'))
        );
        // Near-miss: a hand that is no legal win has its verdict in words, no payments.
        let no = words("[111p] 234p567p99s678s ron", "sanma");
        let no = no.score.expect("complete");
        assert_eq!(no.verdict, "not a legal win: no yaku");
        assert!(no.payments.is_empty() && no.collects.is_none());
    }

    /// A note naming its rule book says it apart: the words the table reads, the source
    /// behind them; the JSON's note (and `mj3 score`'s) keeps both as before.
    #[test]
    fn a_notes_source_is_apart_from_its_words() {
        let said = |line: &str, ruleset: &str| words(line, ruleset).score.expect("complete").notes;
        let malaysian = said(
            "123p456p789p EEE ww +f2 +h1 +a1 tsumo others-fan=S:2,W:4 discards=1p",
            "malaysian",
        );
        let sanma = said("234p567p678s99s234s ron=S first", "sanma");
        for note in malaysian.iter().chain(&sanma) {
            assert!(!note.text.contains('§'), "{note:?}");
            assert!(!crate::sources::names_a_file(&note.text), "{note:?}");
        }
        let source = |notes: &[crate::results::Said], text: &str| {
            notes
                .iter()
                .find(|n| n.text == text)
                .map(|n| n.source.clone())
        };
        assert_eq!(
            source(&malaysian, "the discards are not used"),
            Some(Some("000 §Malaysia gives no sacred-discard rule".into()))
        );
        assert_eq!(
            source(
                &malaysian,
                "neither non-winner's hand reaches the minimum (below 5 fan)"
            ),
            Some(Some("000 §Malaysia names no payment between them".into()))
        );
        let renhou = source(
            &sanma,
            "`first` is not scored here: a dealer's first-go-around win on a discard is no renhou",
        );
        let renhou = renhou.flatten().expect("sourced");
        assert!(renhou.contains("§12 Renhou"), "{renhou}");
        assert!(!crate::sources::names_a_file(&renhou), "{renhou}");
        // The text views and the JSON say the note as they did.
        let rules = crate::rules::load("malaysian").expect("shipped");
        let (_, evaluation) = crate::score_line(
            "123p456p789p EEE ww +f2 +h1 +a1 tsumo others-fan=S:2,W:4 discards=1p",
            &rules,
        )
        .expect("scores");
        let crate::evaluate::Evaluation::Complete { score: Some(score) } = &evaluation else {
            panic!("a complete hand");
        };
        let json = crate::json::to_string(&score.notes).expect("writes");
        assert!(
            json.contains("the discards are not used: 000 §Malaysia gives no sacred-discard rule"),
            "{json}"
        );
        assert!(json.contains("neither non-winner's hand reaches the minimum (below 5 fan): 000 §Malaysia names no payment between them"), "{json}");
    }

    #[test]
    fn a_count_of_one_is_singular_fan_alike_and_the_number_grouped() {
        assert_eq!(Counted::Hand.said(1), "1 hand");
        assert_eq!(Counted::Hand.said(0), "0 hands");
        assert_eq!(Counted::Hand.said(12), "12 hands");
        assert_eq!(Counted::Fan.said(1), "1 fan");
        assert_eq!(Counted::Fan.said(3), "3 fan");
        assert_eq!(Counted::FlyTile.said(2), "2 fly tiles");
        assert_eq!(Counted::Point.said(-1), "-1 point");
        assert_eq!(Counted::Tile.said(1), "1 tile");
        assert_eq!(Counted::Tile.said(5), "5 tiles");
        assert_eq!(Counted::Point.said(1200), "1,200 points");
        assert_eq!(Counted::named("fly-tile"), Some(Counted::FlyTile));
        assert_eq!(Counted::named("hands"), None);
    }

    #[test]
    fn tile_names_count_one_in_the_singular() {
        let names = tile_names();
        let name = |t: &str| names.iter().find(|n| n.tile == t).map(|n| n.name.clone());
        assert_eq!(name("1p").as_deref(), Some("1 circle"));
        assert_eq!(name("5p").as_deref(), Some("5 circles"));
        assert_eq!(name("0s").as_deref(), Some("red 5 bamboo"));
        assert_eq!(name("J").as_deref(), Some("joker"));
        assert_eq!(name("f2").as_deref(), Some("flower 2"));
        assert_eq!(name("q9"), None);
    }
}
