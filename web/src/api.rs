//! Every call the page makes into the mj3 library, answering in the JSON the `mj3` command
//! writes with `--json` (the library's own JSON functions, so that the page and the command
//! line cannot disagree), or in an error message as the command prints it.
//!
//! Four answers have no command behind them and are built here: [`ruleset_info`] (the
//! tiles and context words of a ruleset, for the tile pad and the toggles), [`parse`] (a line
//! split into its tiles, sets, bonus tiles and typed context, for filling the pad from a
//! typed line), [`write()`] (the pad's hand as a line, written by the library: the same parts
//! `parse` answers) and [`part_at`] (the part of the hand an error's column falls in).

use std::cell::RefCell;
use std::rc::Rc;

use serde::Serialize;

use mj3::notation::{self, CONTEXT, Declared, HandInput};
use mj3::reference::diff::fields;
use mj3::reference::{compare, lookup, readings, rulesets, search, why};
use mj3::rules::{self, Ruleset};
use mj3::tile::{BonusSet, BonusTile, Seat};
use mj3::{InputError, render, score_line, sources, validate_line};

/// The file name a pasted house ruleset is loaded as, and named by in its errors.
pub const HOUSE_FILE: &str = "house.toml";

/// Which ruleset a call is under: a shipped one by name, or a pasted house TOML (which names
/// its own base with `extends`), with `--set`-style overrides laid over it.
#[derive(Debug, Clone, Copy)]
pub struct Rules<'a> {
    /// A shipped ruleset's name; ignored when `house` is given.
    pub name: &'a str,
    /// The house ruleset's TOML text, or empty.
    pub house: &'a str,
    /// `KEY=VALUE` overrides, as `--set` takes them.
    pub sets: &'a [String],
}

/// What a call answers: the JSON (`Ok`) or the error message the command line would print
/// (`Err`), its sources named by title.
pub type Answer = Result<String, String>;

/// What a cached ruleset was loaded from: the name, the house text and the `--set` items.
type LoadedFrom = (String, String, Vec<String>);

/// How many loaded rulesets are kept between calls.
const CACHED: usize = 8;

thread_local! {
    /// Rulesets loaded by earlier calls, newest last, by what they were loaded from: the page
    /// scores the same hand again after every tap.
    static LOADED: RefCell<Vec<(LoadedFrom, Rc<Ruleset>)>> = const { RefCell::new(Vec::new()) };
    /// Every shipped ruleset, loaded once (for `--why` and the reference).
    static SHIPPED: RefCell<Option<Rc<Vec<Ruleset>>>> = const { RefCell::new(None) };
}

/// A ruleset error as the command line prints it.
fn rules_message(err: &rules::RulesError) -> String {
    sources::cite(&err.to_string())
}

/// The ruleset `rules` names, from the cache when it was loaded before.
pub(crate) fn ruleset(rules: Rules<'_>) -> Result<Rc<Ruleset>, String> {
    let key: LoadedFrom = (
        rules.name.to_string(),
        rules.house.to_string(),
        rules.sets.to_vec(),
    );
    if let Some(found) = LOADED.with_borrow(|loaded| {
        loaded
            .iter()
            .find(|(k, _)| *k == key)
            .map(|(_, r)| Rc::clone(r))
    }) {
        return Ok(found);
    }
    let loaded = if rules.house.trim().is_empty() {
        // The page has no files: a name is always a shipped ruleset's.
        if rules.name.contains(['/', '\\']) || rules.name.ends_with(".toml") {
            return Err(format!(
                "`{}` is no shipped ruleset (shipped: {}); paste a house ruleset instead",
                rules.name,
                rules::shipped_names().join(", ")
            ));
        }
        rules::load_with(rules.name, rules.sets)
    } else {
        rules::load_text(HOUSE_FILE, rules.house, rules.sets)
    };
    let loaded = Rc::new(loaded.map_err(|e| rules_message(&e))?);
    LOADED.with_borrow_mut(|cache| {
        if cache.len() >= CACHED {
            cache.remove(0);
        }
        cache.push((key, Rc::clone(&loaded)));
    });
    Ok(loaded)
}

/// Every shipped ruleset.
fn shipped() -> Result<Rc<Vec<Ruleset>>, String> {
    if let Some(all) = SHIPPED.with_borrow(|s| s.clone()) {
        return Ok(all);
    }
    let all: Vec<Ruleset> = rules::shipped_names()
        .into_iter()
        .map(rules::load)
        .collect::<Result<_, _>>()
        .map_err(|e| rules_message(&e))?;
    let all = Rc::new(all);
    SHIPPED.with_borrow_mut(|s| *s = Some(Rc::clone(&all)));
    Ok(all)
}

/// `mj3 score LINE --json --words`: the hand's report with its words (the page shows them as
/// they come), or the error record of a line that does not read, its message also as a
/// table reads it.
pub fn score(line: &str, rules: Rules<'_>) -> Answer {
    let rules = ruleset(rules)?;
    Ok(match score_line(line, &rules) {
        Ok((hand, evaluation)) => {
            render::unready::record_with(None, line, &rules, &hand, &evaluation, true)
                .map_err(|e| e.to_string())?
        }
        Err(err) => err.record_with_words(line),
    })
}

/// `mj3 score LINE --all --json`: every reading of the hand (the error record of a line
/// that does not read, as [`score`] gives it).
pub fn all(line: &str, rules: Rules<'_>) -> Answer {
    let rules = ruleset(rules)?;
    Ok(match validate_line(line, &rules) {
        Ok(hand) => readings::json(line, &rules, &readings::every_reading_of(&hand, &rules))
            .map_err(|e| e.to_string())?,
        Err(err) => err.record_with_words(line),
    })
}

/// `mj3 score LINE --why KEY… --json`: whether each criterion counted and why (the error
/// record of a line that does not read, as [`score`] gives it).
pub fn why(line: &str, keys: &[String], rules: Rules<'_>) -> Answer {
    let rules = ruleset(rules)?;
    let hand = match validate_line(line, &rules) {
        Ok(hand) => hand,
        Err(err) => return Ok(err.record_with_words(line)),
    };
    let answers = why::answers(&rules, &hand, keys, &shipped()?)
        .map_err(|unknown| format!("--why {unknown}"))?;
    why::json(line, &rules, &answers).map_err(|e| e.to_string())
}

/// `mj3 criteria --json`: the ruleset's criteria.
pub fn criteria(rules: Rules<'_>) -> Answer {
    mj3::json::to_string(&render::criteria_listing(ruleset(rules)?.as_ref()))
        .map_err(|e| e.to_string())
}

/// `mj3 criteria QUERY --json [--all]`: the criteria matching `query` in the ruleset given, or
/// in every shipped ruleset (`None`), with their cards.
pub fn lookup(query: &str, all: bool, rules: Option<Rules<'_>>) -> Answer {
    let (searched, answer) = match rules {
        Some(rules) => {
            let one = [ruleset(rules)?.as_ref().clone()];
            let name = one[0].name.clone();
            (format!("ruleset {name}"), lookup_in(query, all, &one))
        }
        None => (
            "any shipped ruleset".to_string(),
            lookup_in(query, all, &shipped()?),
        ),
    };
    answer.map_err(|nearest| {
        let hint = if nearest.is_empty() {
            String::new()
        } else {
            format!("; nearest: {}", nearest.join(", "))
        };
        format!("no criterion of {searched} matches \"{query}\"{hint}")
    })
}

/// The lookup's JSON, or the nearest names when nothing matches.
fn lookup_in(query: &str, all: bool, rulesets: &[Ruleset]) -> Result<String, Vec<String>> {
    match search::lookup(query, rulesets) {
        search::Lookup::Found(concepts) => Ok(lookup::json(query, &concepts, all)
            .unwrap_or_else(|e| unreachable!("plain data serializes: {e}"))),
        search::Lookup::NotFound { nearest } => Err(nearest),
    }
}

/// `mj3 compare LINE --rules A,B… --json`: the hand under each shipped ruleset named (every
/// one when none is), and under the house ruleset when `house` is given.
pub fn compare(line: &str, names: &[String], house: &str) -> Answer {
    let mut chosen: Vec<Ruleset> = if names.is_empty() {
        shipped()?.as_ref().clone()
    } else {
        let mut some = Vec::new();
        for name in names {
            let rules = Rules {
                name: name.trim(),
                house: "",
                sets: &[],
            };
            some.push(ruleset(rules)?.as_ref().clone());
        }
        some
    };
    if !house.trim().is_empty() {
        let rules = Rules {
            name: "",
            house,
            sets: &[],
        };
        chosen.push(ruleset(rules)?.as_ref().clone());
    }
    let comparison = compare::compare(line, &chosen);
    mj3::json::to_string(&comparison).map_err(|e| e.to_string())
}

/// `mj3 rulesets --json`: the shipped rulesets.
pub fn rulesets() -> Answer {
    let summaries = rulesets::summaries().map_err(|e| rules_message(&e))?;
    rulesets::summaries_json(&summaries).map_err(|e| e.to_string())
}

/// `mj3 rulesets --diff A B --json`: every setting on which two rulesets differ; a name of
/// [`HOUSE_FILE`] is the pasted house ruleset.
pub fn diff(a: &str, b: &str, house: &str) -> Answer {
    let load = |name: &str| {
        let given = if name == HOUSE_FILE { house } else { "" };
        ruleset(Rules {
            name,
            house: given,
            sets: &[],
        })
    };
    let (a, b) = (load(a)?, load(b)?);
    fields::diff_json(&a, &b, &fields::differences(&a, &b)).map_err(|e| e.to_string())
}

/// A kind of bonus tile, by its number (`BonusTile::Flower`).
type BonusOfNumber = fn(u8) -> BonusTile;

/// The tiles and context of a ruleset, for the tile pad and the toggles.
#[derive(Serialize)]
struct RulesetInfo<'a> {
    name: &'a str,
    title: &'a str,
    system: rules::System,
    /// The system counts han: a game under it keeps riichi sticks (`System::counts_han`).
    counts_han: bool,
    /// A game under it keeps counters (`System::keeps_counters`).
    keeps_counters: bool,
    /// Every tile kind in play (`1m`, `E`, `w`), with its name for screen readers.
    tiles: Vec<Named>,
    /// The red fives in play, one per suit that has any (`0p`), with how many exist.
    red_fives: Vec<RedFive>,
    /// The bonus tiles that may be set aside (`f1`, `N` for kita, `W`, `h1`, `a1`).
    bonus: Vec<Named>,
    /// How many jokers (`J`) the set holds.
    jokers: u8,
    /// Chows may be melded.
    melded_chows: bool,
    /// The context words and keys the ruleset reads (its system or one of its criteria),
    /// beyond `tsumo`, `ron`, `seat`, `round` and `win`, and but the robbing words its
    /// options refuse.
    context: Vec<ContextEntry>,
    /// The options after merging.
    options: &'a rules::Options,
    /// The `[game]` keys the ruleset's system reads, each with its value and choices.
    game: Vec<GameSetting>,
    /// The three seats by letter and name (`E`, `East`).
    seats: Vec<Lettered>,
    /// The whole bonus sets in play by letter and name (`f`, `flowers`).
    bonus_sets: Vec<Lettered>,
}

/// A thing written by a letter, with its name.
#[derive(Serialize)]
struct Lettered {
    letter: char,
    name: &'static str,
}

/// One `[game]` setting, for the game's start form and buttons, from its row in the library's
/// table: its key, its kind (`number`, `switch`, `word`, `words`, `criteria`, `places`) and a
/// number's unit, its value under the ruleset as TOML holds it (a number, a word, a boolean
/// or a list), the words a word or a list of words may take, and its one-line help.
#[derive(Serialize)]
pub(crate) struct GameSetting {
    key: &'static str,
    kind: &'static str,
    unit: Option<&'static str>,
    value: toml::Value,
    choices: Option<&'static [&'static str]>,
    help: &'static str,
}

#[derive(Serialize)]
struct Named {
    tile: String,
    name: String,
}

#[derive(Serialize)]
struct RedFive {
    tile: &'static str,
    /// For screen readers: `red 5 circles`.
    name: String,
    copies: usize,
}

#[derive(Serialize)]
struct ContextEntry {
    name: &'static str,
    /// Its name for people (`Last tile`).
    label: &'static str,
    /// Written alone (`riichi`) rather than `key=value`.
    word: bool,
    /// An example of the key written with a value (`honba=1`).
    example: Option<&'static str>,
}

/// The tiles and context words of the ruleset, for the page's pad and toggles.
pub fn ruleset_info(rules: Rules<'_>) -> Answer {
    let rules = ruleset(rules)?;
    let set = &rules.tiles;
    let tiles = set
        .tiles()
        .map(|t| Named {
            tile: t.to_string(),
            name: t.name(),
        })
        .collect();
    let mut red_fives: Vec<RedFive> = Vec::new();
    for &suit in &set.red_fives {
        match red_fives.iter_mut().find(|r| r.tile == suit.red_five()) {
            Some(red) => red.copies += 1,
            None => red_fives.push(RedFive {
                tile: suit.red_five(),
                name: suit.red_five_name(),
                copies: 1,
            }),
        }
    }
    let sets: [(BonusOfNumber, u8); 4] = [
        (BonusTile::Flower, set.flowers),
        (BonusTile::Season, set.seasons),
        (BonusTile::Face, set.faces),
        (BonusTile::Animal, set.animals),
    ];
    let bonus = sets
        .into_iter()
        .flat_map(|(tile, count)| (1..=count.min(4)).map(tile))
        .chain(set.kita.then_some(BonusTile::Kita))
        .chain(rules.options.west_set_aside.then_some(BonusTile::West))
        .map(|tile| Named {
            tile: tile.to_string(),
            name: tile.name(),
        })
        .collect();
    let system = mj3::hand::capabilities(rules.system);
    let read_by_criterion = |name: &str| {
        rules.criteria.iter().any(|c| {
            c.check
                .facts()
                .reads
                .iter()
                .any(|read| read.split(['=', ' ']).next() == Some(name))
        })
    };
    // A robbing word the ruleset's options refuse is not offered: under it the word is
    // always an error (which names the option).
    let allowed = |entry: &&notation::ContextKey| match entry.slot {
        notation::Slot::RobbedKita => rules.tiles.kita && rules.options.robbed_kita,
        notation::Slot::RobbedConcealed => rules.options.robbed_concealed_kong,
        _ => true,
    };
    let context = CONTEXT
        .iter()
        .filter(|entry| !["tsumo", "ron", "seat", "round", "win"].contains(&entry.name))
        .filter(|entry| system.reads(entry) || read_by_criterion(entry.name))
        .filter(allowed)
        .map(|entry| ContextEntry {
            name: entry.name,
            label: entry.label(),
            word: entry.word,
            example: entry.example,
        })
        .collect();
    let info = RulesetInfo {
        name: &rules.name,
        title: &rules.title,
        system: rules.system,
        counts_han: rules.system.counts_han(),
        keeps_counters: rules.system.keeps_counters(),
        tiles,
        red_fives,
        bonus,
        jokers: set.jokers,
        melded_chows: set.melded_chows,
        context,
        options: &rules.options,
        game: game_settings(&rules.game, rules.system),
        seats: Seat::ALL
            .iter()
            .map(|&seat| Lettered {
                letter: seat.letter(),
                name: seat.name(),
            })
            .collect(),
        bonus_sets: BonusSet::ALL
            .into_iter()
            .filter(|&set| rules.tiles.bonus_set_size(set) > 0)
            .map(|set| Lettered {
                letter: set.letter(),
                name: set.name(),
            })
            .collect(),
    };
    mj3::json::to_string(&info).map_err(|e| e.to_string())
}

/// The `[game]` keys `system` reads, each with its value in `game` and its choices.
pub(crate) fn game_settings(game: &rules::GameRules, system: rules::System) -> Vec<GameSetting> {
    game.values(system)
        .into_iter()
        .map(|(setting, value)| GameSetting {
            key: setting.key,
            kind: setting.kind.name(),
            unit: setting.kind.unit().map(rules::SettingUnit::name),
            value,
            choices: setting.choices(),
            help: setting.help,
        })
        .collect()
}

/// A line split into its parts, for filling the pad from a typed line: the parts
/// [`write`] takes back.
#[derive(Serialize)]
struct Parsed {
    /// The concealed tiles in the order written (`0p` for a red five).
    concealed: Vec<String>,
    /// How many jokers are among them.
    jokers: usize,
    /// The declared sets.
    declared: Vec<Set>,
    /// The bonus tiles set aside.
    bonus: Vec<String>,
    /// The context by the vocabulary's names, as typed values (`riichi: true`, `honba: 2`,
    /// `ron: "S"`, `win: "0p"`, `dora: ["3p", "N"]`, `others-fan: {"S": 6}`).
    context: notation::ContextParts,
}

#[derive(Serialize)]
struct Set {
    /// `exposed` (`[…]`) or `concealed` (`(…)`).
    kind: &'static str,
    tiles: Vec<String>,
}

/// The line's tiles, sets, bonus tiles and context (no ruleset is applied), or the error
/// record of a line that does not parse.
pub fn parse(line: &str) -> Answer {
    let input: HandInput = match notation::parse_hand(line) {
        Ok(input) => input,
        Err(err) => return Ok(InputError::Notation(err).record_with_words(line)),
    };
    let parsed = Parsed {
        concealed: input.concealed.iter().map(ToString::to_string).collect(),
        jokers: input.jokers.len(),
        declared: input
            .declared
            .iter()
            .map(|set| Set {
                kind: match set.declared {
                    Declared::Exposed => "exposed",
                    Declared::Concealed => "concealed",
                },
                tiles: set.tiles.iter().map(ToString::to_string).collect(),
            })
            .collect(),
        bonus: input.bonus.iter().map(|b| b.tile.to_string()).collect(),
        context: notation::context_parts(&input.context),
    };
    mj3::json::to_string(&parsed).map_err(|e| e.to_string())
}

/// Every tile the notation writes with its name (`[{"tile": "1p", "name": "1 circle"}, …]`,
/// a bonus tile with its set's word), for the page's labels: the library's
/// [`mj3::render::words::tile_names`].
pub fn tile_names() -> Answer {
    mj3::json::to_string(&mj3::render::words::tile_names()).map_err(|e| e.to_string())
}

/// Where in the hand a place of a line falls, for saying in words what to change.
#[derive(Serialize)]
struct Place {
    /// `concealed` (the hand's tiles), `declared` (a set), `bonus` (the tiles set aside),
    /// `context`, `value` (a win's stated value) or `none` (between words, past the end).
    part: &'static str,
    /// The context entry, by the vocabulary's name (`dora`, `riichi`).
    #[serde(skip_serializing_if = "Option::is_none")]
    name: Option<&'static str>,
    /// The context entry's name for people (`Dora indicators`, `Riichi`).
    #[serde(skip_serializing_if = "Option::is_none")]
    label: Option<&'static str>,
}

/// The part of the hand that the word of `line` at character `column` (1-based, as error
/// records count) belongs to: the word read alone by the library's parser.
pub fn part_at(line: &str, column: usize) -> Answer {
    let none = || {
        mj3::json::to_string(&Place {
            part: "none",
            name: None,
            label: None,
        })
        .map_err(|e| e.to_string())
    };
    let Some((at, _)) = line
        .char_indices()
        .nth(column.saturating_sub(1))
        .filter(|(_, c)| !c.is_whitespace())
    else {
        return none();
    };
    let start = line[..at]
        .rfind(char::is_whitespace)
        .map_or(0, |space| space + 1);
    let end = line[at..]
        .find(char::is_whitespace)
        .map_or(line.len(), |space| at + space);
    let word = line.get(start..end).unwrap_or_default();
    let place = match notation::parse_hand(word) {
        Ok(hand) if !hand.bonus.is_empty() => ("bonus", None),
        Ok(hand) if !hand.declared.is_empty() => ("declared", None),
        Ok(hand) if !hand.concealed.is_empty() || !hand.jokers.is_empty() => ("concealed", None),
        Ok(hand) if hand.value.is_some() => ("value", None),
        Ok(hand) => match notation::context_parts(&hand.context).keys().next() {
            Some(name) => ("context", Some(*name)),
            None => ("none", None),
        },
        // A word of a stated value (`3 han 40 fu`) does not read alone.
        Err(_) if notation::parse_hand(line).is_ok_and(|hand| hand.value.is_some()) => {
            ("value", None)
        }
        Err(_) => ("none", None),
    };
    let (part, name) = place;
    let label = name
        .and_then(|name| CONTEXT.iter().find(|e| e.name == name))
        .map(|e| e.label());
    mj3::json::to_string(&Place { part, name, label }).map_err(|e| e.to_string())
}

/// A hand given by its parts (the tiles in notation, the context by name:
/// [`notation::HandParts`]) as
/// one line of notation, written by the library (`{"line": "123p… riichi seat=W"}`), or
/// what in the parts is no notation.
pub fn write(parts: &str) -> Answer {
    let parts: notation::HandParts =
        serde_json::from_str(parts).map_err(|e| format!("the hand's parts: {e}"))?;
    let line = notation::write_parts(&parts).map_err(|e| e.to_string())?;
    Ok(serde_json::json!({ "line": line }).to_string())
}
