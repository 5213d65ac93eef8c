//! Winning on a tile another player did not discard, beyond the added kong of `robbed`
//! (chankan): a North set aside as kita (`robbed-kita`) and, for thirteen orphans alone, a
//! concealed kong (`robbed-concealed`). Each is allowed only where the ruleset's option says so.

use super::error::{HandError, HandErrorKind, Why, err};
use super::model::{Hand, Win};
use crate::diagnostic::Span;
use crate::notation::HandInput;
use crate::rules::Ruleset;
use crate::tile::{Tile, Wind};

/// Where the rule texts and platforms stand, for the errors (docs/rulesets/*.md list each).
const KITA_PLAYED: &str = "on under sanma (003_39dfac9db387ff3e.txt §4.1: \"A kita call can be ronned, but this does not award chankan\"), sanma-tenhou and sanma-mahjongsoul; sanma-honshu for thirteen orphans alone";
/// Why nothing is robbed once the live wall's last tile is drawn.
const LAST_SOURCE: &str = "003_39dfac9db387ff3e.txt §12 Haitei raoyue and houtei raoyui";
const CONCEALED_PLAYED: &str = "on under sanma (003_39dfac9db387ff3e.txt §9.2, §12 Chankan), sanma-honshu (000_3037644a9b602e62.txt §Honshū) and sanma-mahjongsoul; off under sanma-tenhou";

fn refuse<T>(span: Span, why: impl Into<Why>) -> Result<T, HandError> {
    err(span, HandErrorKind::Robbing(why.into()))
}

/// Whether `hand` (complete) is thirteen orphans: no declared set, one of each terminal and
/// honour the set holds and one more of them.
pub(super) fn thirteen_orphans(hand: &Hand, rules: &Ruleset) -> bool {
    let orphans: Vec<Tile> = rules
        .tiles
        .tiles()
        .filter(|t| t.is_terminal_or_honour())
        .collect();
    let total: u32 = rules
        .tiles
        .tiles()
        .map(|t| u32::from(hand.concealed.get(t)))
        .sum();
    hand.melds.is_empty()
        && hand.jokers == 0
        && total == 14
        && orphans.len() == 13
        && orphans.iter().all(|&t| hand.concealed.get(t) >= 1)
        && orphans
            .iter()
            .map(|&t| u32::from(hand.concealed.get(t)))
            .sum::<u32>()
            == 14
}

/// `robbed-kita` and `robbed-concealed` against the way the hand was won, each other, the
/// ruleset's options and (for a complete hand) the winning tile and the hand's shape.
pub(super) fn check(
    input: &HandInput,
    hand: &Hand,
    complete: bool,
    rules: &Ruleset,
) -> Result<(), HandError> {
    let ctx = &input.context;
    let robbed = [
        ("robbed", ctx.robbed),
        ("robbed-kita", ctx.robbed_kita),
        ("robbed-concealed", ctx.robbed_concealed),
    ];
    let mut given = robbed.iter().filter_map(|(w, s)| s.map(|s| (*w, s)));
    let first = given.next();
    if let (Some((one, _)), Some((other, span))) = (first, given.next()) {
        return refuse(
            span,
            format!("`{one}` and `{other}` are two ways of robbing a tile: a win robs one"),
        );
    }
    if let (Some((word, _)), Some(span)) = (first, ctx.first)
        && word != "robbed"
    {
        return refuse(
            span,
            Why::new(|c| {
                format!(
                    "`first` with `{word}`: the kita or the concealed kong robbed is a call, which ends the first go-around{}",
                    c.cite(
                        "003_39dfac9db387ff3e.txt §4.1: put aside \"like an open call\"; §12 Blessing of Heaven / Earth: \"Concealed kan is not allowed\""
                    )
                )
            }),
        );
    }
    if let Some(span) = ctx.robbed_kita {
        kita(hand, span, complete, rules)?;
    }
    if let Some(span) = ctx.robbed_concealed {
        concealed(hand, span, complete, rules)?;
    }
    Ok(())
}

/// `robbed-kita`: a ron on the North another player set aside.
fn kita(hand: &Hand, span: Span, complete: bool, rules: &Ruleset) -> Result<(), HandError> {
    let name = &rules.name;
    if hand.context.win == Win::Tsumo {
        return refuse(
            span,
            "`robbed-kita` is a win on the North another player set aside, not a self-draw: write ron=SEAT for that player",
        );
    }
    if !rules.tiles.kita {
        return refuse(
            span,
            Why::new(|c| {
                format!(
                    "no North is set aside as kita under {name}{}, so none is robbed",
                    c.cite("tiles.kita is off")
                )
            }),
        );
    }
    if !rules.options.robbed_kita {
        return refuse(
            span,
            Why::new(|c| {
                format!(
                    "{name} does not let a player win on a North another sets aside{}",
                    c.cite(format_args!("options.robbed-kita: {KITA_PLAYED}"))
                )
            }),
        );
    }
    if hand.context.last {
        return refuse(
            span,
            Why::new(|c| {
                format!(
                    "`last` with `robbed-kita`: a kita is answered by a replacement tile from the dead wall, which keeps fourteen tiles, so none is set aside after the last tile of the live wall, and a kita North is no discard{}",
                    c.cite(LAST_SOURCE)
                )
            }),
        );
    }
    if !complete {
        return Ok(());
    }
    let north = Wind::North.tile();
    if hand.win_tile != north {
        return refuse(
            span,
            format!(
                "`robbed-kita` wins on the North set aside: the winning tile is N, not {} (write win=N)",
                hand.win_tile
            ),
        );
    }
    if rules.options.robbed_kita_thirteen_orphans_only && !thirteen_orphans(hand, rules) {
        return refuse(
            span,
            Why::new(|c| {
                format!(
                    "under {name} only thirteen orphans may win on a North set aside{}",
                    c.cite(
                        "options.robbed-kita-thirteen-orphans-only; 000_3037644a9b602e62.txt §Honshū: \"an opponent may rob ... a declared / discarded North tile to win with kokushi musou\""
                    )
                )
            }),
        );
    }
    Ok(())
}

/// `robbed-concealed`: thirteen orphans robbing a concealed kong.
fn concealed(hand: &Hand, span: Span, complete: bool, rules: &Ruleset) -> Result<(), HandError> {
    let name = &rules.name;
    if hand.context.win == Win::Tsumo {
        return refuse(
            span,
            "`robbed-concealed` is a win on the tile of another player's concealed kong, not a self-draw: write ron=SEAT for that player",
        );
    }
    if !rules.options.robbed_concealed_kong {
        return refuse(
            span,
            Why::new(|c| {
                format!(
                    "{name} does not let thirteen orphans rob a concealed kong{}",
                    c.cite(format_args!(
                        "options.robbed-concealed-kong: {CONCEALED_PLAYED}"
                    ))
                )
            }),
        );
    }
    if hand.context.last {
        return refuse(
            span,
            Why::new(|c| {
                format!(
                    "`last` with `robbed-concealed`: no kong is declared after the last tile of the live wall, the dead wall keeping fourteen tiles, and a kong's tile is no discard{}",
                    c.cite(LAST_SOURCE)
                )
            }),
        );
    }
    if !complete {
        return Ok(());
    }
    if !thirteen_orphans(hand, rules) {
        return refuse(
            span,
            Why::new(|c| {
                format!(
                    "only thirteen orphans may rob a concealed kong, and these tiles are not thirteen orphans{}",
                    c.cite(
                        "003_39dfac9db387ff3e.txt §12 Chankan: \"In almost all cases, players are not allowed to call ron on an ankan ... The notable exception involves a kokushi tenpai hand\""
                    )
                )
            }),
        );
    }
    if hand.concealed.get(hand.win_tile) > 1 {
        return refuse(
            span,
            format!(
                "`robbed-concealed`: the robbed {tile} is the fourth of a concealed kong, so the winner cannot hold another {tile}",
                tile = hand.win_tile
            ),
        );
    }
    Ok(())
}
