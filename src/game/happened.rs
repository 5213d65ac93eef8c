//! What happened in a hand, as the sheet says it: each sentence one variant of [`HandEvent`]
//! with its facts, written by its one `Display`; how a game ends ([`GameEnd`]) and where the
//! deal goes after a hand ([`Dealership`]). A hand's JSON carries its events twice over:
//! `events`, the sentences, and `happened`, the facts of each; nothing reads a sentence back.

use std::fmt;

use serde::{Serialize, Serializer};

/// The sentences of `events`, in order.
pub fn texts(events: &[HandEvent]) -> Vec<String> {
    events.iter().map(HandEvent::to_string).collect()
}

use crate::amount::written;
use crate::plural::{counted, pick};
pub use crate::results::Said;
use crate::tile::{BonusSet, Tile};

/// Why a game ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum GameEnd {
    /// A player went below zero (`bust = "below-zero"`).
    Bust,
    /// The last round as scheduled is over.
    LastRoundOver,
    /// A player reached the target in the extra round (`extension`).
    TargetInExtraRound,
    /// The extra round is over.
    ExtraRoundOver,
    /// The all-last dealer, first and at the target, chose to stop (`dealer-stops`).
    DealerStops,
    /// The all-last dealer, first and at the target, stops by the ruleset
    /// (`last-dealer-stops`).
    LastDealerStops,
    /// The record ends the game here, cut short after its last complete hand (`end`).
    EndedEarly,
}

impl GameEnd {
    /// Why the game ended, as the table reads it (no setting or record word named).
    pub fn plain(&self) -> &'static str {
        match self {
            GameEnd::Bust => "a player went below zero",
            GameEnd::LastRoundOver => "the last round is over",
            GameEnd::TargetInExtraRound => "a player reached the target in the extra round",
            GameEnd::ExtraRoundOver => "the extra round is over",
            GameEnd::DealerStops | GameEnd::LastDealerStops => {
                "the dealer of the last hand, first and at the target, stops"
            }
            GameEnd::EndedEarly => "the record ends it early",
        }
    }

    /// The record's word or the `[game]` setting that ended it (`dealer-stops`, `end`).
    pub fn source(&self) -> Option<&'static str> {
        match self {
            GameEnd::DealerStops => Some("dealer-stops"),
            GameEnd::LastDealerStops => Some("last-dealer-stops"),
            GameEnd::EndedEarly => Some("end"),
            _ => None,
        }
    }

    /// Its words as the table reads them, the source apart.
    pub fn said(&self) -> Said {
        Said {
            text: self.plain().to_string(),
            source: self.source().map(str::to_string),
        }
    }
}

impl fmt::Display for GameEnd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.plain())?;
        match self.source() {
            Some(source) => write!(f, " ({source})"),
            None => Ok(()),
        }
    }
}

/// How the deal moves after a hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Deal {
    /// A chombo: the hand is dealt again, same dealer, same counters.
    DealtAgain,
    /// The dealer keeps the deal.
    Stays,
    /// The winner deals, and the winner was the dealer.
    WinnerKeeps,
    /// The deal passes to the next player.
    Passes,
    /// The winner deals next.
    ToWinner,
}

/// Where the deal goes after a hand: how, and the dealer of the next hand.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Dealership {
    /// How the deal moves.
    pub deal: Deal,
    /// The dealer of the next hand.
    pub dealer: String,
}

impl fmt::Display for Dealership {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let dealer = &self.dealer;
        match self.deal {
            Deal::DealtAgain => f.write_str("the hand is dealt again: same dealer, same counters"),
            Deal::Stays => f.write_str("dealer stays"),
            Deal::WinnerKeeps => f.write_str("the winner deals: dealer stays"),
            Deal::Passes => write!(f, "deal passes to {dealer}"),
            Deal::ToWinner => write!(f, "{dealer}, the winner, deals"),
        }
    }
}

/// How a kong paid on the spot was paid.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "made", rename_all = "kebab-case")]
pub enum KongPayment {
    /// Concealed: `each` from each other player.
    Concealed {
        /// Points from each.
        each: u32,
    },
    /// Promoted, no feeder named: `each` from each other player.
    Promoted {
        /// Points from each.
        each: u32,
    },
    /// Promoted, the feeder named, but `each` from each other player by
    /// `game.promoted-kong-payer = "each"`.
    PromotedEach {
        /// Points from each.
        each: u32,
    },
    /// Open (claimed) or promoted, `amount` paid by the feeder for both others.
    Fed {
        /// A promoted kong, not one claimed from a discard.
        promoted: bool,
        /// Points the feeder pays.
        amount: i64,
        /// The feeder.
        feeder: String,
    },
}

/// Why a claim on the winning discard lost to another.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum LostOn {
    /// Fewer hand-points (000 §Priority of stealing tiles).
    HandPoints,
    /// As many hand-points, fewer bonus-points.
    BonusPoints,
    /// As many points: the first in claim order takes it.
    ClaimOrder,
    /// The ruleset's `multiple-ron`: the first in claim order takes it.
    MultipleRon,
}

/// One sentence of the sheet: what happened in a hand, with its facts.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum HandEvent {
    /// A riichi: the stick (`stick` points) goes on the table.
    Riichi {
        /// Who declared.
        player: String,
        /// Points of the stick.
        stick: i64,
    },
    /// A declaration of ready, no stick (the points system).
    DeclaresReady {
        /// Who declared.
        player: String,
    },
    /// All three declared ready: the hand is a draw (`three-declared-ready = "draw"`; 000
    /// §Three declared ready).
    ThreeReadyDraw,
    /// All three declared ready: the winner wins only the hand-points (000 §Three declared
    /// ready).
    ThreeReadyHandPoints,
    /// A kong paid on the spot.
    Kong {
        /// Who made it.
        player: String,
        /// Its tile.
        #[serde(serialize_with = "notation")]
        tile: Tile,
        /// How it was paid.
        paid: KongPayment,
    },
    /// A full set of bonus tiles paid on the spot, `each` from each other player.
    BonusSet {
        /// Who holds it.
        player: String,
        /// Which set.
        set: BonusSet,
        /// In the starting hand.
        dealt: bool,
        /// Points from each.
        each: u32,
    },
    /// Points moved by a correction line.
    Correction {
        /// Each player moved, and by how much.
        moves: Vec<(String, i64)>,
    },
    /// A chombo: the offender pays each other player.
    Chombo {
        /// The offender.
        player: String,
        /// What he pays to whom.
        pays: Vec<(i64, String)>,
    },
    /// A riichi stick handed back to its owner (a chombo's hand dealt again).
    StickHandedBack {
        /// Its owner.
        player: String,
    },
    /// A claim on the winning discard lost to another's.
    ClaimLoses {
        /// Who lost.
        loser: String,
        /// Whose claim won.
        winner: String,
        /// Why.
        on: LostOn,
    },
    /// A player whose claim lost pays as a waiting player (000 §Bonus points).
    PaysAsWaiting {
        /// Who.
        player: String,
    },
    /// A win: how it scored and what it collected (the win's summary).
    Win {
        /// The winner.
        winner: String,
        /// The win's summary sentence.
        summary: String,
        /// The same as the table reads it, its sums apart.
        #[serde(skip)]
        said: Said,
    },
    /// Two wins on one discard: the discarder pays both (003 §9.7).
    DoubleRon {
        /// The discarder.
        from: String,
    },
    /// A ron on the discarder's riichi declaration tile: the stick stays (the ruleset or a
    /// stick already paid), or none was put out (`from` named).
    DeclarationTile {
        /// The discarder whose stick is not put out; `None`: the stick stays on the table.
        from: Option<String>,
    },
    /// An exhaustive draw where nothing is paid (goulash: the next winner collects `goulash`
    /// more from each per drawn hand in a row).
    ExhaustiveDraw {
        /// The goulash per drawn hand (0: none).
        goulash: u32,
    },
    /// An exhaustive draw under the han systems: who was tenpai, and the noten payments.
    Draw {
        /// The tenpai players, in turn order.
        tenpai: Vec<String>,
        /// All three were tenpai.
        all: bool,
        /// The noten players' payment to each tenpai player (0: none is paid).
        noten: i64,
        /// The noten players who paid.
        payers: Vec<String>,
    },
    /// A nagashi mangan, paid as a mangan by self-draw.
    Nagashi {
        /// Who.
        player: String,
        /// What he collected.
        collected: i64,
    },
    /// An abortive draw: nine terminals (`player` named) or four kongs; nothing is paid.
    Abort {
        /// Who showed nine terminals; `None`: four kongs.
        player: Option<String>,
        /// Riichi sticks were on the table (they stay).
        sticks: bool,
    },
    /// Where the deal goes.
    Deal(Dealership),
    /// The game ends.
    GameEnds {
        /// Why.
        end: GameEnd,
    },
    /// The all-last dealer, first, plays on (`dealer-plays-on`).
    DealerPlaysOn,
    /// A player is at the target, but the dealer's repeat goes first: the extra round goes
    /// on (`extension-repeat`).
    RepeatPlaysOn,
    /// A shown tenpai hand waits only on tiles whose every copy is the player's own, not
    /// all concealed: tenpai by `game.own-tiles-wait`.
    OwnTilesTenpai {
        /// The player.
        player: String,
        /// The tiles waited on, in notation.
        tiles: Vec<String>,
    },
    /// The riichi sticks left on the table at the end go to first place.
    SticksToFirst {
        /// How many.
        sticks: u32,
        /// First place.
        player: String,
        /// Their points.
        amount: i64,
    },
}

fn notation<S: Serializer>(tile: &Tile, serializer: S) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(tile.notation())
}

/// Names joined with `and`.
fn and(names: &[String]) -> String {
    names.join(" and ")
}

/// A [`HandEvent`]'s plain words, its source left out.
struct Plain<'a>(&'a HandEvent);

impl fmt::Display for Plain<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            HandEvent::Riichi { player, stick } => {
                write!(f, "{player} riichi ({} on the table)", written(*stick))
            }
            HandEvent::DeclaresReady { player } => write!(f, "{player} declares ready"),
            HandEvent::ThreeReadyDraw => f.write_str(
                "all three have declared ready: the hand is a draw",
            ),
            HandEvent::ThreeReadyHandPoints => f.write_str(
                "all three have declared ready: the winner wins only the hand-points",
            ),
            HandEvent::Kong { player, tile, paid } => {
                // A sentence names the tile (`5 circles`); its facts keep the notation.
                let tile = tile.name();
                match paid {
                    KongPayment::Concealed { each } => {
                        write!(f, "{player}: concealed kong of {tile}, {each} from each")
                    }
                    KongPayment::Promoted { each } => {
                        write!(f, "{player}: promoted kong of {tile}, {each} from each")
                    }
                    KongPayment::PromotedEach { each } => write!(
                        f,
                        "{player}: promoted kong of {tile}, {each} from each"
                    ),
                    KongPayment::Fed {
                        promoted,
                        amount,
                        feeder,
                    } => write!(
                        f,
                        "{player}: {} kong of {tile}, {amount} paid by {feeder} for both",
                        if *promoted { "promoted" } else { "open" }
                    ),
                }
            }
            HandEvent::BonusSet {
                player,
                set,
                dealt,
                each,
            } => write!(
                f,
                "{player}: full set of {} {}, {each} from each",
                set.name(),
                if *dealt { "dealt" } else { "drawn" }
            ),
            HandEvent::Correction { moves } => {
                let said: Vec<String> = moves
                    .iter()
                    .map(|(p, n)| format!("{p} {}", crate::amount::signed(*n)))
                    .collect();
                write!(f, "correction: {}", said.join(", "))
            }
            HandEvent::Chombo { player, pays } => {
                let paid: Vec<String> = pays
                    .iter()
                    .map(|(a, p)| format!("{} to {p}", written(*a)))
                    .collect();
                write!(f, "chombo by {player}: pays {}", paid.join(", "))
            }
            HandEvent::StickHandedBack { player } => {
                write!(f, "{player}'s riichi stick is handed back")
            }
            HandEvent::ClaimLoses { loser, winner, on } => {
                let why = match on {
                    LostOn::HandPoints => "fewer hand-points",
                    LostOn::BonusPoints => {
                        "as many hand-points, fewer bonus-points"
                    }
                    LostOn::ClaimOrder => {
                        "as many points: the first in claim order takes it"
                    }
                    LostOn::MultipleRon => "the first in claim order takes it",
                };
                write!(f, "{loser}'s claim loses to {winner}'s: {why}")
            }
            HandEvent::PaysAsWaiting { player } => write!(
                f,
                "{player} was waiting on the discard, so pays as a waiting player"
            ),
            HandEvent::Win { said, .. } => f.write_str(&said.text),
            HandEvent::DoubleRon { from } => {
                write!(f, "two wins on one discard: {from} pays both")
            }
            HandEvent::DeclarationTile { from: None } => f.write_str(
                "the win is on the riichi declaration tile: the stick stays on the table",
            ),
            HandEvent::DeclarationTile { from: Some(from) } => write!(
                f,
                "the win is on {from}'s riichi declaration tile: no stick is put out"
            ),
            HandEvent::ExhaustiveDraw { goulash: 0 } => f.write_str("exhaustive draw"),
            HandEvent::ExhaustiveDraw { goulash } => write!(
                f,
                "exhaustive draw (goulash): the next winner collects {goulash} more from each player per drawn hand in a row"
            ),
            HandEvent::Draw {
                tenpai,
                all,
                noten,
                payers,
            } => {
                match (tenpai.is_empty(), all) {
                    (true, _) => f.write_str("draw: nobody tenpai")?,
                    (_, true) => f.write_str("draw: all three tenpai")?,
                    _ => write!(f, "draw: {} tenpai", and(tenpai))?,
                }
                if *noten > 0 && !payers.is_empty() {
                    write!(
                        f,
                        "; {} pay{} {} {} each",
                        and(payers),
                        pick(payers.len() as u64, "s", ""),
                        and(tenpai),
                        written(*noten)
                    )?;
                }
                Ok(())
            }
            HandEvent::Nagashi { player, collected } => write!(
                f,
                "{player}: nagashi mangan, paid as a mangan by self-draw ({}), in place of the noten payments",
                written(*collected)
            ),
            HandEvent::Abort { player, sticks } => {
                match player {
                    Some(player) => write!(
                        f,
                        "abortive draw: {player} shows nine different terminals and honours (kyuushu kyuuhai)"
                    )?,
                    None => f.write_str(
                        "abortive draw: a fourth kong, the four not all one player's (suukaikan)",
                    )?,
                }
                f.write_str("; nothing is paid")?;
                if *sticks {
                    f.write_str("; the riichi sticks stay on the table")?;
                }
                Ok(())
            }
            HandEvent::Deal(deal) => deal.fmt(f),
            HandEvent::GameEnds { end } => write!(f, "the game ends: {}", end.plain()),
            HandEvent::DealerPlaysOn => {
                f.write_str("the dealer, first, plays on")
            }
            HandEvent::RepeatPlaysOn => f.write_str(
                "a player is at the target, but the dealer's repeat goes first: the extra round goes on",
            ),
            HandEvent::OwnTilesTenpai { player, tiles } => write!(
                f,
                "{player}'s hand waits only on {}, whose every copy is his own, not all concealed: tenpai",
                tiles.join(" ")
            ),
            HandEvent::SticksToFirst {
                sticks,
                player,
                amount,
            } => write!(
                f,
                "the {} left on the table {} to {player}, first ({})",
                counted(*sticks, "riichi stick", "riichi sticks"),
                pick(*sticks, "goes", "go"),
                written(*amount)
            ),
        }
    }
}

impl HandEvent {
    /// The sentence as the table reads it: what happened, with no rule book, setting or
    /// record word named.
    pub fn plain(&self) -> String {
        Plain(self).to_string()
    }

    /// Where the sentence comes from: the rule book's section (`003 §11`), the `[game]`
    /// setting or the record's word that decides it (`game.multiple-ron`, `dealer-stops`), a
    /// win's sums; `None` when it names none.
    pub fn source(&self) -> Option<String> {
        let s = |text: &str| Some(text.to_string());
        match self {
            HandEvent::ThreeReadyDraw | HandEvent::ThreeReadyHandPoints => {
                s("000 §Three declared ready")
            }
            HandEvent::Kong { paid, .. } => match paid {
                KongPayment::PromotedEach { .. } => s("game.promoted-kong-payer = \"each\""),
                KongPayment::Fed { .. } => s("000 §Malaysia"),
                _ => None,
            },
            HandEvent::ClaimLoses { on, .. } => match on {
                LostOn::MultipleRon => s("game.multiple-ron"),
                _ => s("000 §Priority of stealing tiles"),
            },
            HandEvent::PaysAsWaiting { .. } => s("000 §Bonus points"),
            HandEvent::Win { said, .. } => said.source.clone(),
            HandEvent::DoubleRon { .. } => s("003 §9.7"),
            HandEvent::DeclarationTile { from: None } => s("003 §9.4"),
            HandEvent::DeclarationTile { from: Some(_) } => s("003 §12 Riichi"),
            HandEvent::Draw { noten, payers, .. } if *noten > 0 && !payers.is_empty() => {
                s("003 §11")
            }
            HandEvent::Abort { .. } => s("game.abortive-draws"),
            HandEvent::GameEnds { end } => end.source().map(str::to_string),
            HandEvent::DealerPlaysOn => s("dealer-plays-on"),
            HandEvent::RepeatPlaysOn => s("extension-repeat"),
            HandEvent::OwnTilesTenpai { .. } => s("game.own-tiles-wait"),
            _ => None,
        }
    }

    /// The sentence as the table reads it, its source apart.
    pub fn said(&self) -> Said {
        Said {
            text: self.plain(),
            source: self.source(),
        }
    }
}

/// The sentences of `events` as the table reads them, in order.
pub fn said(events: &[HandEvent]) -> Vec<Said> {
    events.iter().map(HandEvent::said).collect()
}

impl fmt::Display for HandEvent {
    /// The sentence `mj3 game` prints: the plain words and, in brackets, their source (a
    /// win's summary as it is).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let HandEvent::Win { summary, .. } = self {
            return f.write_str(summary);
        }
        Plain(self).fmt(f)?;
        match self.source() {
            Some(source) => write!(f, " ({source})"),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod said_tests {
    use super::*;

    #[test]
    fn the_table_reads_a_sentence_without_its_source_and_the_cli_prints_both() {
        let draw = HandEvent::Draw {
            tenpai: vec!["Ben".into()],
            all: false,
            noten: 1000,
            payers: vec!["Ann".into(), "Cat".into()],
        };
        let said = draw.said();
        assert_eq!(
            said.text,
            "draw: Ben tenpai; Ann and Cat pay Ben 1,000 each"
        );
        assert_eq!(said.source.as_deref(), Some("003 §11"));
        assert_eq!(
            draw.to_string(),
            "draw: Ben tenpai; Ann and Cat pay Ben 1,000 each (003 §11)"
        );
        // Near-miss: a draw that pays nothing names no source.
        let none = HandEvent::Draw {
            tenpai: Vec::new(),
            all: false,
            noten: 1000,
            payers: Vec::new(),
        };
        assert_eq!(none.said().source, None);
        assert_eq!(none.to_string(), none.said().text);
        // The end of a game: the record's word or the setting apart.
        let end = HandEvent::GameEnds {
            end: GameEnd::LastDealerStops,
        };
        assert_eq!(
            end.said().text,
            "the game ends: the dealer of the last hand, first and at the target, stops"
        );
        assert_eq!(end.said().source.as_deref(), Some("last-dealer-stops"));
        assert!(end.to_string().ends_with(" (last-dealer-stops)"));
        for event in [
            HandEvent::DoubleRon { from: "Ann".into() },
            HandEvent::DealerPlaysOn,
            HandEvent::Abort {
                player: None,
                sticks: true,
            },
        ] {
            let said = event.said();
            let named = ["§", "game.", "(dealer-plays-on)"];
            assert!(!named.iter().any(|n| said.text.contains(n)), "{said:?}");
            assert!(said.source.is_some(), "{said:?}");
        }
    }
}
