//! The record's header — the ruleset, the players, the first dealer, the `set` lines, the
//! `start` line — read from the first lines; the ruleset it names found and loaded (a shipped
//! ruleset, or a house file beside the record or in a folder below it, never anything else);
//! and the table a `start` line sets.

use super::player::{ByPlayer, Player};
use std::path::{Component, Path};

use super::play::{Game, counts_draws};
use super::record::{Item, Line, ReadError, StartAt, StartLine, Word};
use super::state::PLAYERS;
use super::{Failure, GameError};
use crate::diagnostic::{Span, nearest_name};
use crate::rules::{self, RulesError, Ruleset};
use crate::tile::Seat;

/// The most `set` lines a record may have.
pub const MAX_SET_LINES: usize = 64;

/// The lines of a record, read one at a time.
pub(super) type Lines<'t> =
    std::iter::Peekable<Box<dyn Iterator<Item = Result<Line, ReadError>> + 't>>;

/// The header lines, each with its line.
pub(super) struct Header {
    pub ruleset: Option<(Line, Word)>,
    pub players: (Line, Vec<Word>),
    pub first_dealer: Option<(Line, Word)>,
    pub sets: Vec<(Line, Word)>,
    pub start: Option<(Line, StartLine)>,
}

/// A failure at the header (no game yet to show).
pub(super) fn failure(error: GameError) -> Box<Failure> {
    Box::new(Failure {
        error,
        sheet: None,
        bad_ruleset: false,
    })
}

/// An error at `span` of `line`, before the game has started.
pub(super) fn at(line: &Line, span: Span, message: impl Into<String>) -> Box<Failure> {
    failure(GameError {
        line: line.number,
        text: line.text.clone(),
        span,
        message: message.into(),
        state: None,
        reason: None,
    })
}

/// A line that could not be read, as a game error (the game's state added by the caller).
pub(super) fn unread(e: ReadError) -> GameError {
    GameError {
        line: e.number,
        text: e.text,
        span: e.span,
        message: e.message,
        state: None,
        reason: None,
    }
}

impl Header {
    /// Reads the header from the first lines, leaving `lines` at the first event.
    pub(super) fn read(lines: &mut Lines) -> Result<Header, Box<Failure>> {
        let mut ruleset = None;
        let mut players: Option<(Line, Vec<Word>)> = None;
        let mut first_dealer = None;
        let mut sets = Vec::new();
        let mut first: Option<Line> = None;
        let mut start = None;
        loop {
            let header_line = match lines.peek() {
                None => false,
                Some(Err(_)) => {
                    let Some(Err(e)) = lines.next() else {
                        unreachable!("peeked")
                    };
                    return Err(failure(unread(e)));
                }
                Some(Ok(line)) => matches!(
                    line.item,
                    Item::Ruleset(_)
                        | Item::Players(_)
                        | Item::FirstDealer(_)
                        | Item::Set(_)
                        | Item::Start(_)
                ),
            };
            if !header_line {
                break;
            }
            let Some(Ok(line)) = lines.next() else {
                break;
            };
            first.get_or_insert_with(|| line.clone());
            match &line.item {
                Item::Ruleset(word) if ruleset.is_none() => {
                    ruleset = Some((line.clone(), word.clone()))
                }
                Item::Ruleset(word) => {
                    return Err(at(&line, word.span, "the ruleset is named twice"));
                }
                Item::Players(names) if players.is_none() => {
                    players = Some((line.clone(), names.clone()));
                }
                Item::Players(names) => {
                    return Err(at(&line, names[0].span, "the players are named twice"));
                }
                Item::FirstDealer(word) if first_dealer.is_none() => {
                    first_dealer = Some((line.clone(), word.clone()));
                }
                Item::FirstDealer(word) => {
                    return Err(at(&line, word.span, "the first dealer is named twice"));
                }
                Item::Set(word) if sets.len() < MAX_SET_LINES => {
                    sets.push((line.clone(), word.clone()))
                }
                Item::Set(word) => {
                    let message = format!("a record has at most {MAX_SET_LINES} `set` lines");
                    return Err(at(&line, word.span, message));
                }
                Item::Start(_) if players.is_none() => {
                    let span = Span::new(0, line.text.len());
                    return Err(at(
                        &line,
                        span,
                        "a `start` line comes after the `players` line",
                    ));
                }
                Item::Start(line_start) if start.is_none() => {
                    start = Some((line.clone(), (**line_start).clone()));
                }
                Item::Start(line_start) => {
                    return Err(at(&line, line_start.at.1, "the record starts twice"));
                }
                _ => unreachable!("only header lines are taken"),
            }
        }
        let Some(players) = players else {
            let message = "the record names no players: `players A B C` in turn order, the first dealer first (docs/game.md)";
            return Err(match (&first, lines.peek()) {
                (Some(line), _) | (None, Some(Ok(line))) => {
                    at(line, Span::new(0, line.text.len().max(1)), message)
                }
                _ => failure(GameError {
                    line: 0,
                    text: String::new(),
                    span: Span::new(0, 1),
                    message: message.into(),
                    state: None,
                    reason: None,
                }),
            });
        };
        Ok(Header {
            ruleset,
            players,
            first_dealer,
            sets,
            start,
        })
    }

    /// The ruleset the record names, with its `set` lines and then `overrides` laid over
    /// it; a house file is found as `house` says, and only there.
    pub(super) fn load(&self, overrides: &[String], house: House) -> Result<Ruleset, Box<Failure>> {
        let Some((line, word)) = &self.ruleset else {
            let (line, _) = &self.players;
            return Err(at(
                line,
                Span::new(0, line.text.len().max(1)),
                "the record names no ruleset: start it with `ruleset NAME` (docs/game.md)",
            ));
        };
        let bad = |line: &Line, span: Span, message: String| {
            Box::new(Failure {
                bad_ruleset: true,
                ..*at(line, span, message)
            })
        };
        let (name, given) = resolve(&word.text, house).map_err(|m| {
            bad(
                line,
                word.span,
                format!("the ruleset cannot be loaded: {m}"),
            )
        })?;
        let sets: Vec<String> = self.sets.iter().map(|w| w.1.text.clone()).collect();
        rules::load_for_record(&name, given, &sets, overrides).map_err(|e| {
            // The error is shown at what set the value: a `set` line, a `--set` argument,
            // or else the `ruleset` line.
            let layer = layer_of(&e);
            let set_line = layer
                .and_then(|label| label.strip_prefix("set "))
                .and_then(|item| self.sets.iter().find(|(_, set)| set.text == item));
            let argument = layer.filter(|label| {
                label
                    .strip_prefix("--set ")
                    .is_some_and(|item| overrides.iter().any(|o| o == item))
            });
            let said = match (set_line, argument) {
                (None, None) => shown(&e, &word.text),
                _ => e.to_string(),
            };
            let message = format!("the ruleset cannot be loaded: {said}");
            match (set_line, argument) {
                (Some((line, set)), _) => bad(line, set.span, message),
                (None, Some(argument)) => Box::new(Failure {
                    bad_ruleset: true,
                    ..*failure(GameError {
                        line: 0,
                        text: argument.to_string(),
                        span: Span::new("--set ".len(), argument.len()),
                        message,
                        state: None,
                        reason: None,
                    })
                }),
                (None, None) => bad(line, word.span, message),
            }
        })
    }
}

/// The layer a loading error names: a file, a record's `set ITEM` or a `--set ITEM`.
fn layer_of(error: &RulesError) -> Option<&str> {
    match error {
        RulesError::Toml { file, .. }
        | RulesError::Invalid { file, .. }
        | RulesError::NotRead { file, .. } => Some(file),
        _ => None,
    }
}

/// Where the house file a record's `ruleset` line names is found.
#[derive(Debug, Clone, Copy)]
pub(super) enum House<'a> {
    /// Nowhere: the record may name only a shipped ruleset.
    None,
    /// In the record's folder, at the relative path the line names.
    Folder(&'a Path),
    /// Its text is given (a page has no files), loaded as the file the line names; its
    /// `extends` may name only a shipped ruleset.
    Text(&'a str),
}

/// What `name` on a `ruleset` line loads, and the house file's text when it is given: a
/// shipped ruleset as it is; otherwise a house file named by a relative path — read from the
/// record's folder (no absolute path, no `..`, nothing under `/proc`, `/sys` or `/dev`; a
/// device or FIFO is refused by the loader before it opens it), or its text given.
fn resolve<'h>(name: &str, house: House<'h>) -> Result<(String, Option<&'h str>), String> {
    let shipped = rules::shipped_names();
    if shipped.contains(&name) {
        if let House::Text(_) = house {
            return Err(format!(
                "the record names the shipped ruleset `{name}`, but a house file is given for it: a record played under a house file names that file (`ruleset house.toml`)"
            ));
        }
        return Ok((name.to_string(), None));
    }
    let guess = nearest_name(name, shipped.iter().copied())
        .map(|n| format!(" (did you mean `{n}`?)"))
        .unwrap_or_default();
    let path = Path::new(name);
    let plain = path
        .components()
        .all(|c| matches!(c, Component::Normal(_) | Component::CurDir));
    if !plain || name.contains('\\') {
        return Err(format!(
            "`{name}` is no shipped ruleset{guess}, and a record may name a house file only by a path relative to its own folder, without `..`"
        ));
    }
    let folder = match house {
        House::Folder(folder) => folder,
        House::Text(text) if name.ends_with(".toml") => return Ok((name.to_string(), Some(text))),
        House::Text(_) => {
            return Err(format!(
                "`{name}` is no shipped ruleset{guess}; a house file given with the record is named by its file name, ending in `.toml` (`ruleset house.toml`)"
            ));
        }
        House::None => {
            return Err(format!(
                "`{name}` is no shipped ruleset ({}){guess}; a house file is read from the record's folder, so only a record replayed from a file (or given its house file) may name one",
                shipped.join(", ")
            ));
        }
    };
    let full = folder.join(path);
    let Ok(canonical) = full.canonicalize() else {
        return Err(format!(
            "`{name}` is no shipped ruleset ({}){guess}, and no file of that name is beside the record",
            shipped.join(", ")
        ));
    };
    if ["/proc", "/sys", "/dev"]
        .iter()
        .any(|p| canonical.starts_with(p))
    {
        return Err(format!(
            "`{name}` leads to a system file ({}), not a house file",
            canonical.display()
        ));
    }
    Ok((full.to_string_lossy().into_owned(), None))
}

/// A loading error in a file as the record's error says it: a file that does not read as
/// TOML is not a ruleset, and its content is not quoted (it may be any file); where it
/// failed is.
fn shown(error: &RulesError, name: &str) -> String {
    match error {
        RulesError::Toml { message, .. } => {
            let first = message.lines().next().unwrap_or("");
            format!("`{name}` does not read as a ruleset ({first})")
        }
        _ => error.to_string(),
    }
}

impl Game<'_> {
    /// The table as a `start` line sets it: the round, the dealer, the counters, the sticks,
    /// the drawn hands and each player's points, which with the sticks must add up to what
    /// the players started with.
    pub(super) fn start_partway(
        &mut self,
        line: &Line,
        start: &StartLine,
        first_dealer_named: bool,
    ) -> Result<(), Box<Failure>> {
        let rules = self.rules;
        let han = rules.system.counts_han();
        let dealer = self.player(line, &start.dealer).map_err(failure)?;
        let (place, at_span) = start.at;
        let winner_deals = rules.game.dealer == rules::DealerRule::WinnerDeals;
        match place {
            StartAt::Hand(n) if winner_deals => {
                self.table.hands = n.saturating_sub(1);
                self.table.dealer = dealer;
            }
            StartAt::Round(wind, n) if !winner_deals => {
                let round = Seat::ALL.iter().position(|&s| s == wind).unwrap_or(0) as u32;
                // The dealer of hand n sits n - 1 seats after the round's first dealer.
                let back = (n as usize).saturating_sub(1) % PLAYERS;
                let first = Player::at(dealer.index() + PLAYERS - back);
                if first_dealer_named && first != self.table.first_dealer {
                    let message = format!(
                        "{} deals hand {n} of the round, so {} opened it, not the first dealer named",
                        self.names[dealer], self.names[first]
                    );
                    return Err(at(line, start.dealer.span, message));
                }
                let game = &rules.game;
                if game.rounds > 0 && round >= game.rounds {
                    if !game.extension || round > game.rounds {
                        let message = format!(
                            "{} plays {} and {}: no hand of the {} round is dealt",
                            rules.name,
                            crate::plural::counted(
                                u64::from(game.rounds),
                                "wind round",
                                "wind rounds"
                            ),
                            if game.extension {
                                "one extra round"
                            } else {
                                "no extra round"
                            },
                            wind.name()
                        );
                        return Err(at(line, at_span, message));
                    }
                    // A game that starts in the extra round is in it (`extension`).
                    self.table.extra_round = true;
                }
                self.table.first_dealer = first;
                self.table.dealer = dealer;
                self.table.round = round;
            }
            StartAt::Hand(_) => {
                let message = "this ruleset plays wind rounds: `start East 2 dealer NAME …`";
                return Err(at(line, at_span, message));
            }
            StartAt::Round(..) => {
                let message = "the winner deals under this ruleset: `start hand N dealer NAME …`";
                return Err(at(line, at_span, message));
            }
        }
        for ((count, span), kept, what) in [
            (start.counters, rules.system.keeps_counters(), "counters"),
            (start.sticks, han, "riichi sticks"),
            (start.draws, counts_draws(rules), "drawn hands"),
        ] {
            if count > 0 && !kept {
                let message = format!("{} keeps no {what}", rules.name);
                return Err(at(line, span, message));
            }
        }
        self.table.honba = start.counters.0;
        self.table.sticks = start.sticks.0;
        self.table.draws = start.draws.0;
        // Counters carried in may not be the dealer's own streak.
        self.table.streak_broken = self.table.honba > 0;
        let mut seen = ByPlayer::all(false);
        for (word, points) in &start.points {
            let p = self.player(line, word).map_err(failure)?;
            if std::mem::replace(&mut seen[p], true) {
                return Err(at(line, word.span, format!("{} is named twice", word.text)));
            }
            self.table.scores[p] = *points;
        }
        let held: i64 =
            self.table.scores.iter().sum::<i64>() + i64::from(self.table.sticks) * self.stick;
        let started = i64::from(rules.game.starting_points) * PLAYERS as i64;
        if held != started {
            let message = format!(
                "the points and the sticks on the table add up to {}, not the {} the players started with",
                crate::amount::written(held),
                crate::amount::written(started)
            );
            return Err(at(line, start.points_span, message));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Failure, replay_each, replay_house};
    use super::super::{HandRecord, Sheet};

    /// A house file on sanma that plays nagashi mangan, 40,000 points each.
    const HOUSE: &str = "extends = \"sanma\"\nname = \"our-table\"\n\n[game]\nnagashi-mangan = true\nstarting-points = 40000\n";

    const RECORD: &str = "ruleset house.toml\nplayers Ann Ben Cat\nriichi Ben\nBen ron Cat: 234p567p678s88s234s\nnagashi Cat\ndraw tenpai Ann\nAnn tsumo: 123p456p789p11s rrr\n";

    fn hands_and_standings(sheet: &Sheet, hands: &[HandRecord]) -> String {
        format!("{hands:?} {:?} {:?}", sheet.standings, sheet.end)
    }

    fn said(failure: &Failure) -> String {
        failure.error.render()
    }

    #[test]
    fn a_house_file_given_as_text_replays_as_the_file_beside_the_record() {
        let dir = std::env::temp_dir().join(format!("mj3-house-given-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("folder");
        std::fs::write(dir.join("house.toml"), HOUSE).expect("house file");
        let mut from_file = Vec::new();
        let sheet = replay_each(RECORD, &[], Some(&dir), &mut |_, h| from_file.push(h))
            .unwrap_or_else(|f| panic!("{}", said(&f)));
        std::fs::remove_dir_all(&dir).expect("the folder removed");
        let given = replay_house(RECORD, HOUSE, &[]).unwrap_or_else(|f| panic!("{}", said(&f)));
        assert_eq!(
            hands_and_standings(&given, &given.hands),
            hands_and_standings(&sheet, &from_file)
        );
        assert_eq!(given.ruleset, "our-table from house.toml on sanma");
        assert_eq!(given.starting_points, 40_000);
        // The nagashi is paid: the house file's [game] is played.
        assert!(
            given.hands[1]
                .events
                .iter()
                .any(|e| e.to_string().contains("nagashi"))
        );
        assert!(given.game.nagashi_mangan);
        // Near-miss: without the house file the record's `nagashi` is refused (sanma plays none).
        let plain = RECORD.replace("ruleset house.toml", "ruleset sanma");
        let failure =
            replay_house(&plain, HOUSE, &[]).expect_err("a shipped name with a house file");
        assert!(
            said(&failure).contains("names the shipped ruleset `sanma`"),
            "{}",
            said(&failure)
        );
        assert!(said(&failure).contains("line 1:"), "{}", said(&failure));
        assert!(failure.bad_ruleset);
        let failure = super::super::replay(&plain, &[]).expect_err("sanma plays no nagashi");
        assert!(said(&failure).contains("line 5"), "{}", said(&failure));
    }

    #[test]
    fn a_game_carries_the_game_rules_its_set_lines_make() {
        let off = RECORD.replacen("players", "set game.nagashi-mangan=false\nplayers", 1);
        let off = off.replace("nagashi Cat\n", "");
        let sheet = replay_house(&off, HOUSE, &[]).unwrap_or_else(|f| panic!("{}", said(&f)));
        assert!(!sheet.game.nagashi_mangan);
        assert_eq!(sheet.game.starting_points, 40_000);
        assert_eq!(sheet.system, crate::rules::System::HanFu);
    }

    #[test]
    fn a_house_file_given_as_text_is_bounded_and_reads_nothing_from_disk() {
        let failure = |record: &str, house: &str| {
            let failure = replay_house(record, house, &[]).expect_err(record);
            assert!(failure.bad_ruleset, "{}", said(&failure));
            assert_eq!(failure.error.line, 1, "{}", said(&failure));
            said(&failure)
        };
        // Named as the CLI would read it beside the record: a plain relative path.
        for name in ["../house.toml", "/etc/house.toml", "a/../../house.toml"] {
            let record = RECORD.replace("house.toml", name);
            assert!(failure(&record, HOUSE).contains("without `..`"), "{name}");
        }
        let said = failure(&RECORD.replace("house.toml", "house"), HOUSE);
        assert!(said.contains("ending in `.toml`"), "{said}");
        // Its `extends` names a shipped ruleset, never a file.
        let said = failure(RECORD, "extends = \"/etc/passwd.toml\"\n");
        assert!(said.contains("extends only a shipped ruleset"), "{said}");
        assert!(said.contains("house.toml"), "{said}");
        // At most 1 MiB.
        let large = format!("{HOUSE}#{}\n", "x".repeat(1 << 20));
        let said = failure(RECORD, &large);
        assert!(said.contains("larger than 1048576 bytes"), "{said}");
        // Not TOML: where, not what (the text may be anything).
        let said = failure(RECORD, "extends = \"sanma\"\n[game\nsecret = 1\n");
        assert!(said.contains("does not read as a ruleset"), "{said}");
        assert!(!said.contains("secret"), "{said}");
        assert!(said.contains("ruleset house.toml\n"), "{said}");
        assert!(said.contains("         ^^^^^^^^^^"), "{said}");
    }
}
