//! Situations the game cannot produce: two things written together (two context words, a
//! word and a declared set, a word and a bonus tile set aside) that no real hand holds at
//! once. Each is refused with the rule that forbids it and its source; a situation that
//! can occur but that a ruleset does not reward is a note of the score instead.

use std::fmt;

use super::error::{HandError, HandErrorKind, err};
use super::model::{Hand, Win};
use crate::diagnostic::Span;
use crate::notation::{Declared, HandInput};
use crate::rules::{Ruleset, System};
use crate::tile::{BonusTile, Seat};

/// 003, the rule book every riichi word of the notation is defined by.
const BOOK: &str = "003_39dfac9db387ff3e.txt";

/// Two things a hand holds that the game cannot produce together.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Impossible {
    /// `ippatsu` with no riichi declared.
    IppatsuWithoutRiichi,
    /// `ura=` with no riichi declared.
    UraWithoutRiichi,
    /// `ippatsu` on a replacement tile: the kong or kita it replaced ended the go-around.
    IppatsuOnReplacement,
    /// `riichi` and a win on the replacement tile of a kong, where a hand in riichi makes
    /// no kong (`riichi-concealed-kong` off).
    RiichiThenKong,
    /// `riichi` with a set claimed from a discard: riichi needs a closed hand.
    RiichiOpenHand {
        /// The claimed set as written.
        set: String,
    },
    /// `riichi` with `sticks=0`: the winner's own riichi stick is on the table.
    RiichiWithoutStick,
    /// `first` with a declared set.
    FirstWithCall {
        /// The set as written.
        set: String,
    },
    /// `first` with a North set aside.
    FirstWithKita,
    /// `first` with a word that needs a discard of the winner's (`riichi`, `double-riichi`,
    /// `discards=`), where the winner has not discarded yet.
    FirstBeforeDiscard {
        /// The word as written in the notation.
        word: &'static str,
        /// Won by self-draw (else by a non-dealer on a discard).
        tsumo: bool,
    },
    /// `first` with a dealer's ron and more than one discard of the dealer's.
    FirstDealerDiscards {
        /// Discards written.
        found: usize,
    },
    /// `first` with `last`.
    FirstAndLast,
    /// `first` with `robbed`.
    FirstAndRobbed,
    /// `last` with a replacement tile (han systems: the dead wall).
    LastOnReplacement,
    /// `last` with `robbed` (han systems).
    LastOnRobbed,
    /// More dora indicators than can be turned over.
    TooManyDora {
        /// Indicators written.
        found: usize,
        /// The most that can be turned over.
        most: usize,
        /// The ruleset's scoring system (what turns them over).
        system: System,
    },
    /// More ura indicators than dora indicators (or than can be turned over).
    TooManyUra {
        /// Ura indicators written.
        found: usize,
        /// Dora indicators written (or the most there can be).
        dora: usize,
    },
}

impl fmt::Display for Impossible {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Impossible::*;
        match self {
            IppatsuWithoutRiichi => write!(
                f,
                "`ippatsu` without `riichi`: ippatsu is a win within one go-around after declaring riichi, so there is none without it ({BOOK} §12 Ippatsu: \"ippatsu requires a riichi declaration to be in effect\"); write riichi or double-riichi too"
            ),
            UraWithoutRiichi => write!(
                f,
                "`ura=` without `riichi`: the tiles beneath the dora indicators are looked at only by a winner who declared riichi ({BOOK} §9.6 The Riichi Privilege)"
            ),
            IppatsuOnReplacement => write!(
                f,
                "`ippatsu` with `rinshan` (a replacement tile): the kong or the North set aside that the replacement tile replaced ends the go-around of ippatsu before the replacement draw ({BOOK} §12 Ippatsu: the latest chance is \"the player's next drawn tile after the riichi declaration\", and the replacement is drawn after it; {BOOK} §4.1: kita is treated like a call for ippatsu; Tenhou and Mahjong Soul: a kong or kita ends ippatsu, docs/rulesets/sanma-tenhou.md [T1], sanma-mahjongsoul.md [M1])"
            ),
            RiichiThenKong => write!(
                f,
                "`riichi` with `rinshan` after a kong: a hand in riichi cannot be changed, not even by a concealed kong (000_3037644a9b602e62.txt §Honshū and other parts of Japan, Riichi: \"the hand cannot be modified (i.e., no concealed kongs)\"; options.riichi-concealed-kong), so the kong and its replacement tile came before riichi"
            ),
            RiichiOpenHand { set } => write!(
                f,
                "`riichi` with the claimed set {set}: riichi is declared with a closed hand, and after it the hand may add only a concealed kong ({BOOK} §12 Riichi: \"a closed tenpai hand\", §9.5; 000_3037644a9b602e62.txt §Declare ready: \"A player with a concealed hand\")"
            ),
            RiichiWithoutStick => write!(
                f,
                "`riichi` with `sticks=0`: the winner's own riichi stick is on the table, placed once the riichi discard passed ({BOOK} §12 Riichi: the bet is placed \"Unless the first sideways discard is claimed for a win immediately\"); write sticks=1 or more"
            ),
            FirstWithCall { set } => write!(
                f,
                "`first` with the declared set {set}: a first-go-around win comes before any call, a concealed kong included ({BOOK} §12 Blessing of Heaven, Blessing of Earth: \"Concealed kan is not allowed\"; Renhou: \"before any called tile\")"
            ),
            FirstWithKita => write!(
                f,
                "`first` with a North set aside (+N): setting a North aside counts as a call and ends the first go-around ({BOOK} §4.1: kita is put aside \"like an open call\", §12 Chihou: \"the very first un-interrupted set of turns\"; Tenhou and Mahjong Soul: kita ends chiihou and double riichi, docs/rulesets/sanma-tenhou.md [T1], sanma-mahjongsoul.md [M1])"
            ),
            FirstBeforeDiscard { word, tsumo } => {
                let when = if *tsumo {
                    format!(
                        "a first-go-around win by self-draw is on the winner's first draw ({BOOK} §12 Blessing of Heaven, Blessing of Earth)"
                    )
                } else {
                    format!(
                        "a non-dealer's first-go-around win on a discard comes before its first draw ({BOOK} §12 Renhou: \"with a starting hand\")"
                    )
                };
                let needs = match *word {
                    "discards=" => "discards= lists the winner's own discards".to_string(),
                    _ => format!(
                        "{word} is declared with a discard of the winner's ({BOOK} §12 Riichi, Double Riichi)"
                    ),
                };
                write!(
                    f,
                    "`first` with `{word}`: {needs}, but {when}, before the winner has discarded"
                )
            }
            FirstDealerDiscards { found } => write!(
                f,
                "`first` with {found} discards of the dealer's: a first-go-around win on a discard comes after the dealer's first discard and before its second ({BOOK} §5.1 Commencing Play)"
            ),
            FirstAndLast => write!(
                f,
                "`first` with `last`: the first go-around is never the end of the wall ({BOOK} §6: play continues until fourteen tiles remain)"
            ),
            FirstAndRobbed => write!(
                f,
                "`first` with `chankan` (robbed): the robbed tile was added to a pong claimed earlier, and a first-go-around win comes before any call ({BOOK} §12 Renhou: \"before any called tile\")"
            ),
            LastOnReplacement => write!(
                f,
                "`last` with `rinshan` (a replacement tile): a replacement tile comes from the dead wall, and once the last tile of the live wall is drawn no kong or kita can be made ({BOOK} §12 Haitei raoyue: \"the last drawable tile from the live wall\", \"the dead wall must retain 14-tiles at all times\")"
            ),
            LastOnRobbed => write!(
                f,
                "`last` with `chankan` (robbed): houtei is won on the last discard and a robbed tile is no discard, and once the last tile of the live wall is drawn no kong can be added ({BOOK} §12 Haitei raoyue and houtei raoyui: \"the dead wall must retain 14-tiles at all times\")"
            ),
            TooManyDora {
                found,
                most,
                system: System::Points,
            } => write!(
                f,
                "`dora=` lists {found} indicators, but {most} is turned over: \"The dealer turns over one piece\" (000_3037644a9b602e62.txt §Dead wall, §Revealed Dora Tiles)"
            ),
            TooManyDora { found, most, .. } => write!(
                f,
                "`dora=` lists {found} indicators, but at most {most} are turned over: one at the start and one for each kong, four kongs at most ({BOOK} §4 Mekuri-Pai, §10.2: \"Whenever a Kan is declared another tile is turned over\"; 000_3037644a9b602e62.txt §Honshū: one more once all four Norths are exposed, under sanma-honshu)"
            ),
            TooManyUra { found, dora } => write!(
                f,
                "`ura=` lists {found} indicators, but there are only {dora} dora indicators: each ura indicator is the tile beneath one ({BOOK} §9.6: \"the two tiles beneath them\")"
            ),
        }
    }
}

/// Refuses the hand when two things it holds cannot occur together in a game of `rules`.
pub(super) fn refuse_impossible(
    input: &HandInput,
    hand: &Hand,
    rules: &Ruleset,
) -> Result<(), HandError> {
    riichi_words(input, hand, rules)?;
    first_go_around(input, hand)?;
    last_tile(input, hand, rules)?;
    indicators(input, rules)
}

fn impossible<T>(span: Span, what: Impossible) -> Result<T, HandError> {
    err(span, HandErrorKind::Impossible(what))
}

/// A declared set as written: `[555p]`, `(0555p)`, `(EEEE)`.
fn written_set(set: &crate::notation::DeclaredInput) -> String {
    let mut tiles = String::new();
    for token in &set.tiles {
        match token.tile.number() {
            Some(_) if token.red => tiles.push('0'),
            Some(n) => tiles.push(char::from(b'0' + n)),
            None => tiles.push_str(&token.tile.to_string()),
        }
    }
    if let Some(suit) = set.tiles.first().and_then(|t| t.tile.suit()) {
        tiles.push(suit.letter());
    }
    match set.declared {
        Declared::Exposed => format!("[{tiles}]"),
        Declared::Concealed => format!("({tiles})"),
    }
}

/// `riichi`, `double-riichi`, `ippatsu` and `ura=` against each other, the hand's sets and
/// the replacement tile.
fn riichi_words(input: &HandInput, hand: &Hand, rules: &Ruleset) -> Result<(), HandError> {
    let ctx = &input.context;
    if ctx.riichi.or(ctx.double_riichi).is_none() {
        if let Some(span) = ctx.ippatsu {
            return impossible(span, Impossible::IppatsuWithoutRiichi);
        }
        if let Some(token) = ctx.ura.first() {
            return impossible(token.span, Impossible::UraWithoutRiichi);
        }
        return Ok(());
    }
    if let Some(set) = input
        .declared
        .iter()
        .find(|s| s.declared == Declared::Exposed)
    {
        let what = Impossible::RiichiOpenHand {
            set: written_set(set),
        };
        return impossible(set.span, what);
    }
    if let Some(sticks) = ctx.sticks
        && sticks.value == 0
        && rules.system.counts_han()
    {
        return impossible(sticks.span, Impossible::RiichiWithoutStick);
    }
    let Some(replacement) = ctx.replacement.or(ctx.double_replacement) else {
        return Ok(());
    };
    // The replacement tile replaced a kong unless the hand set a tile aside.
    if hand.bonus.is_empty() && !rules.options.riichi_concealed_kong {
        return impossible(replacement, Impossible::RiichiThenKong);
    }
    if let Some(span) = ctx.ippatsu
        && !(hand.kita() > 0 && rules.options.kita_keeps_ippatsu)
    {
        return impossible(span, Impossible::IppatsuOnReplacement);
    }
    Ok(())
}

/// `first`: no call before it (declared sets, kita, a robbed kong's pong), no discard of the
/// winner's before a self-draw or a non-dealer's ron, never the end of the wall.
fn first_go_around(input: &HandInput, hand: &Hand) -> Result<(), HandError> {
    let ctx = &input.context;
    if ctx.first.is_none() {
        return Ok(());
    }
    if let Some(set) = input.declared.first() {
        let what = Impossible::FirstWithCall {
            set: written_set(set),
        };
        return impossible(set.span, what);
    }
    if let Some(kita) = input.bonus.iter().find(|b| b.tile == BonusTile::Kita) {
        return impossible(kita.span, Impossible::FirstWithKita);
    }
    if let Some(span) = ctx.robbed {
        return impossible(span, Impossible::FirstAndRobbed);
    }
    if let Some(span) = ctx.last {
        return impossible(span, Impossible::FirstAndLast);
    }
    let tsumo = hand.context.win == Win::Tsumo;
    let before_own_discard = tsumo || hand.context.seat != Seat::East;
    let needs_discard = [
        (ctx.double_riichi, "double-riichi"),
        (ctx.riichi, "riichi"),
        (ctx.discards.first().map(|t| t.span), "discards="),
    ];
    if before_own_discard
        && let Some((span, word)) = needs_discard
            .into_iter()
            .find_map(|(span, word)| Some((span?, word)))
    {
        return impossible(span, Impossible::FirstBeforeDiscard { word, tsumo });
    }
    if let Some(second) = ctx.discards.get(1) {
        let found = ctx.discards.len();
        return impossible(second.span, Impossible::FirstDealerDiscards { found });
    }
    Ok(())
}

/// `last` with a replacement tile or a robbed kong, where a dead wall of fourteen tiles
/// stays behind the last tile (the han systems).
fn last_tile(input: &HandInput, hand: &Hand, rules: &Ruleset) -> Result<(), HandError> {
    let ctx = &input.context;
    let Some(last) = ctx.last.filter(|_| rules.system.counts_han()) else {
        return Ok(());
    };
    if ctx.replacement.is_some() {
        return impossible(last, Impossible::LastOnReplacement);
    }
    if hand.context.robbed {
        return impossible(last, Impossible::LastOnRobbed);
    }
    Ok(())
}

/// The most dora indicators a ruleset's game turns over: one under the points system
/// (000 §Dead wall); under the han systems one and one per kong (four at most), and under
/// the han table (000 §Honshū) one more once all four Norths are set aside.
fn most_indicators(rules: &Ruleset) -> usize {
    match rules.system {
        System::Points => 1,
        System::HanTable => 6,
        System::HanFu | System::Fan => 5,
    }
}

/// No more dora indicators than the game turns over, and no more ura indicators than dora
/// indicators beneath which they lie.
fn indicators(input: &HandInput, rules: &Ruleset) -> Result<(), HandError> {
    let ctx = &input.context;
    let most = most_indicators(rules);
    let dora = ctx.dora.len() + ctx.dora_flowers.len();
    let reads_dora = rules.system != System::Fan;
    if reads_dora && dora > most {
        let span = ctx
            .dora
            .get(most)
            .map(|t| t.span)
            .or(ctx.dora_flowers.last().map(|t| t.span))
            .unwrap_or_default();
        let what = Impossible::TooManyDora {
            found: dora,
            most,
            system: rules.system,
        };
        return impossible(span, what);
    }
    let ura = ctx.ura.len();
    let beneath = if dora == 0 { most } else { dora.min(most) };
    if ura > beneath
        && let Some(token) = ctx.ura.get(beneath)
    {
        let what = Impossible::TooManyUra {
            found: ura,
            dora: beneath,
        };
        return impossible(token.span, what);
    }
    Ok(())
}

/// The hand robs a kong while holding or having seen another copy of the winning tile:
/// `held` counts every copy seen, the winning tile itself included. A robbed tile is the
/// fourth copy, added to a melded pong (or, for thirteen orphans, the fourth of a concealed
/// kong), so the other three are in that kong.
pub(super) fn robbed_tile_held(hand: &Hand, held: u8) -> bool {
    (hand.context.robbed || hand.context.robbed_concealed) && held > 1
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_message_names_what_conflicts_and_cites_a_section() {
        use Impossible::*;
        let every = [
            IppatsuWithoutRiichi,
            UraWithoutRiichi,
            IppatsuOnReplacement,
            RiichiThenKong,
            RiichiOpenHand {
                set: "[rrr]".into(),
            },
            RiichiWithoutStick,
            FirstWithCall {
                set: "(EEEE)".into(),
            },
            FirstWithKita,
            FirstBeforeDiscard {
                word: "riichi",
                tsumo: true,
            },
            FirstBeforeDiscard {
                word: "discards=",
                tsumo: false,
            },
            FirstDealerDiscards { found: 2 },
            FirstAndLast,
            FirstAndRobbed,
            LastOnReplacement,
            LastOnRobbed,
            TooManyDora {
                found: 2,
                most: 1,
                system: System::Points,
            },
            TooManyDora {
                found: 6,
                most: 5,
                system: System::HanFu,
            },
            TooManyUra { found: 2, dora: 1 },
        ];
        for what in every {
            let text = what.to_string();
            assert!(text.starts_with('`'), "{text}");
            assert!(
                [" with ", " without ", " lists "]
                    .iter()
                    .any(|joint| text.contains(joint)),
                "{text}"
            );
            assert!(text.contains('§'), "{text}");
        }
    }
}
