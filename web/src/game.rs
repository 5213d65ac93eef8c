//! The page's game: a record replayed by the library's one game engine (`mj3::game::replay`,
//! the replay of `mj3 game`), answering with the records `mj3 game --json` writes, and the
//! record's lines written for the page from what was tapped, so that the page composes no
//! record syntax itself.

use serde::{Deserialize, Serialize};

use mj3::diagnostic::Span;
use mj3::game::record::{self, Item, Line, StartAt, StartLine, Word};
use mj3::game::sheet::EndRecord;
use mj3::game::{self, HandInPlay, HandRecord, Sheet};
use mj3::hand::stated::ValueChoices;
use mj3::rules::System;
use mj3::tile::Seat;

use crate::api::{Answer, GameSetting, game_settings};

/// What [`replay`] answers: the sheet as `mj3 game --json` writes it (its hand records and
/// its end record), the error that stopped it, and the hand in play.
#[derive(Serialize)]
struct Replayed<'a> {
    /// One record per hand (and correction), as `mj3 game --json` writes them.
    hands: &'a [HandRecord],
    /// `mj3 game --json`'s last record; `None` when the header could not be read.
    end: Option<EndRecord<'a>>,
    /// The line that stopped the replay, if one did.
    error: Option<Stopped>,
    /// The hand in play after the last event: `None` once the game is over (or stopped).
    next: Option<&'a HandInPlay>,
    /// The numbers (from 1) of the record's event lines, after its header: what an undo
    /// takes back, and which lines make each hand.
    event_lines: Vec<usize>,
    /// The all-last dealer, first at the target, may stop the game or play on now
    /// (`dealer-stops`, `dealer-plays-on` is the next line the record takes).
    dealer_choice: bool,
    /// What the game is played under (its ruleset with the record's `set` lines): the
    /// events it takes follow from it. `None` when the header could not be read.
    rules: Option<PlayedUnder>,
    /// The house file the record's `ruleset` line names (`house.toml`), to be kept beside
    /// the record; `None` for a shipped ruleset.
    house_file: Option<String>,
    /// How a game over was settled, in the library's sentence (`mj3 game`'s `Settled: …`
    /// line): what each returns, the uma, the oka, the sticks left; `None` while not over.
    settled: Option<String>,
    /// How many more players may claim the discard the record's last line won on, as an
    /// `and … ron` line next (`Sheet::open_claims`); 0 after anything but a ron.
    open_claims: usize,
}

/// The system and the `[game]` settings a game is played under.
#[derive(Serialize)]
struct PlayedUnder {
    /// The ruleset's name (a shipped ruleset's, or the house file's own).
    ruleset: String,
    /// The ruleset as a table names it (`Mahjong Soul three-player riichi
    /// (sanma-mahjongsoul)`): `Ruleset::table_name`.
    label: String,
    /// `points`, `fan`, `han-fu` or `han-table`.
    system: System,
    /// The system counts han (riichi sticks, counters): `System::counts_han`.
    counts_han: bool,
    /// What a player's declaration of his hand in play is called (`Riichi`, `Ready`), or
    /// `None` where the system has none: `System::declaration`.
    declaration: Option<&'static str>,
    /// Who was tenpai at an exhaustive draw is recorded and paid: `System::pays_tenpai`.
    pays_tenpai: bool,
    /// The table keeps counters: `System::keeps_counters`.
    keeps_counters: bool,
    /// The `[game]` keys the system reads, with the game's own values.
    game: Vec<GameSetting>,
    /// The values a win may be stated with (the value pad's choices):
    /// `mj3::hand::stated::value_choices`.
    value_pad: ValueChoices,
}

/// A line the game cannot take.
#[derive(Serialize)]
struct Stopped {
    /// Its number, from 1 (0: the record as a whole).
    line: usize,
    /// What is wrong and what is right, as `mj3 game` says it.
    message: String,
    /// The same as a table reads it: the plain words, the `[game]` setting and the rule
    /// book's section apart (for behind a tap), no record line to write.
    said: game::Said,
    /// The message with the line, its caret and the game there, as `mj3 game` prints it.
    shown: String,
}

/// Replays `record` as `mj3 game --json` does, once: the hands, the end, and the hand in
/// play where the record stops. `house` is the text of the house file the record's
/// `ruleset` line names (empty: the record names a shipped ruleset), as `mj3 game` reads
/// that file beside the record.
pub fn replay(record: &str, house: &str) -> Answer {
    if let Some(error) = game::oversized(record, MAX_RECORD_BYTES) {
        return refused(error);
    }
    if house.len() > MAX_HOUSE_BYTES {
        let message = format!(
            "the house file is larger than {MAX_HOUSE_BYTES} bytes ({} bytes)",
            house.len()
        );
        return refused(game::GameError {
            line: 0,
            text: String::new(),
            span: Span::new(0, 1),
            message,
            state: None,
            reason: None,
        });
    }
    let lines = game::record::read(record).unwrap_or_default();
    let (sheet, error) = match replay_under(record, house) {
        Ok(sheet) => (Some(sheet), None),
        Err(failure) => (failure.sheet, Some(failure.error)),
    };
    let playing = sheet.as_ref().filter(|_| error.is_none());
    let replayed = Replayed {
        hands: sheet.as_ref().map_or(&[], |s| &s.hands),
        end: sheet.as_ref().map(Sheet::end_record),
        next: playing.and_then(|s| s.in_play.as_ref()),
        dealer_choice: playing.is_some_and(|s| s.dealer_choice),
        error: error.map(stopped),
        event_lines: event_lines(&lines),
        house_file: house_file(&lines),
        rules: sheet.as_ref().map(|sheet| PlayedUnder {
            ruleset: sheet.ruleset_name.clone(),
            label: sheet.ruleset_table_name.clone(),
            system: sheet.system,
            counts_han: sheet.system.counts_han(),
            declaration: sheet.system.declaration(),
            pays_tenpai: sheet.system.pays_tenpai(),
            keeps_counters: sheet.system.keeps_counters(),
            game: game_settings(&sheet.game, sheet.system),
            value_pad: sheet.value_choices.clone(),
        }),
        settled: sheet
            .as_ref()
            .and_then(|s| s.settlement.as_ref())
            .and_then(mj3::game::Settlement::said),
        open_claims: playing.map_or(0, |s| s.open_claims),
    };
    mj3::json::to_string(&replayed).map_err(|e| e.to_string())
}

/// The longest record the page replays, in bytes (docs/limits.md): 32 KiB, some 6,500 hands
/// of `draw` or 1,000 of wins — a long evening's game is a few KiB — whose sheet replays and
/// draws on a phone; `mj3 game` takes 16 MiB, which the page's memory does not hold.
pub const MAX_RECORD_BYTES: usize = 32 << 10;

/// The longest house file the page takes with a game, in bytes (docs/limits.md): 256 KiB,
/// four times the largest shipped ruleset.
pub const MAX_HOUSE_BYTES: usize = 256 << 10;

/// The page's limits, `{"record": …, "house": …}` in bytes: what a link may hold.
pub fn limits() -> Answer {
    Ok(format!(
        r#"{{"record":{MAX_RECORD_BYTES},"house":{MAX_HOUSE_BYTES}}}"#
    ))
}

/// The answer of a record refused before any line of it is read.
fn refused(error: game::GameError) -> Answer {
    let replayed = Replayed {
        hands: &[],
        end: None,
        error: Some(stopped(error)),
        next: None,
        event_lines: Vec::new(),
        dealer_choice: false,
        rules: None,
        house_file: None,
        settled: None,
        open_claims: 0,
    };
    mj3::json::to_string(&replayed).map_err(|e| e.to_string())
}

/// Replays `record` under a shipped ruleset, or under the house file whose text is `house`
/// (not empty) when the record names one.
fn replay_under(record: &str, house: &str) -> Result<Sheet, Box<game::Failure>> {
    match house.trim().is_empty() {
        true => game::replay(record, &[]),
        false => game::replay_house(record, house, &[]),
    }
}

/// The line that stopped a replay, as the page shows it.
fn stopped(e: game::GameError) -> Stopped {
    Stopped {
        line: e.line,
        message: e.message.clone(),
        said: e.said(),
        shown: e.render(),
    }
}

/// The house file the record's `ruleset` line names: any name but a shipped ruleset's.
fn house_file(lines: &[Line]) -> Option<String> {
    let shipped = mj3::rules::shipped_names();
    lines.iter().find_map(|line| match &line.item {
        Item::Ruleset(name) if !shipped.contains(&name.text.as_str()) => Some(name.text.clone()),
        _ => None,
    })
}

/// The numbers of the record's lines that say something after its header.
fn event_lines(lines: &[Line]) -> Vec<usize> {
    lines
        .iter()
        .skip_while(|line| {
            matches!(
                line.item,
                Item::Ruleset(_) | Item::Players(_) | Item::FirstDealer(_) | Item::Set(_)
            )
        })
        .map(|line| line.number)
        .collect()
}

/// The start of a game as the page sends it.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Start {
    /// The shipped ruleset, or the house file's name when `house` is given.
    ruleset: String,
    /// The text of the house file the game is played under (empty: a shipped ruleset).
    #[serde(default)]
    house: String,
    /// The three players in turn order.
    players: Vec<String>,
    /// Who deals first, when not the first player.
    #[serde(default)]
    first_dealer: Option<String>,
    /// The `[game]` settings this game changes: each key with its value as the start form
    /// holds it (a number, a word, a boolean, a list); the web crate writes the `set` lines.
    #[serde(default)]
    settings: Vec<(String, toml::Value)>,
    /// Where a table that starts keeping score late starts (East 1 when none).
    #[serde(default)]
    at: Option<Where>,
}

/// Where the record starts: the hand, its dealer, the counters, the sticks and the points.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Where {
    /// `East`, `South` or `West`.
    round: Seat,
    /// The hand of the round, from 1.
    hand: u32,
    /// Its dealer.
    dealer: String,
    /// Counters on the table.
    counters: u32,
    /// Riichi sticks on the table.
    sticks: u32,
    /// Each player's points, in turn order.
    points: Vec<(String, i64)>,
}

/// A setting's value as TOML writes it inline, but with no space between a list's items: a
/// record's `set` line takes one word (`game.uma=[15000,0,-15000]`).
fn one_word(value: &toml::Value) -> String {
    match value {
        toml::Value::Array(items) => {
            let items: Vec<String> = items.iter().map(one_word).collect();
            format!("[{}]", items.join(","))
        }
        other => other.to_string(),
    }
}

/// The settings the page sent, refused before any line is written or replayed when they are
/// more than a record's `set` lines may be (`mj3::game::MAX_SET_LINES`) or name a key twice.
fn checked(settings: &[(String, toml::Value)]) -> Result<(), String> {
    if settings.len() > game::MAX_SET_LINES {
        return Err(format!(
            "the settings the page sent: a record has at most {} `set` lines ({} settings were sent)",
            game::MAX_SET_LINES,
            settings.len()
        ));
    }
    for (at, (key, _)) in settings.iter().enumerate() {
        if settings[..at].iter().any(|(first, _)| first == key) {
            return Err(format!(
                "the settings the page sent name `game.{key}` twice; each key is sent once"
            ));
        }
    }
    Ok(())
}

/// A word of a line (where it was written is of no matter to the writer).
fn word(text: &str) -> Word {
    Word::new(text)
}

fn words(texts: &[String]) -> Vec<Word> {
    texts.iter().map(|t| word(t)).collect()
}

/// The record's header lines for a new game, by the library's writer.
fn header_of(start: &Start) -> Result<String, String> {
    let mut items = vec![
        Item::Ruleset(word(&start.ruleset)),
        Item::Players(words(&start.players)),
    ];
    items.extend(
        start
            .first_dealer
            .as_deref()
            .map(|d| Item::FirstDealer(word(d))),
    );
    checked(&start.settings)?;
    for (key, value) in &start.settings {
        items.push(Item::Set(word(&format!("game.{key}={}", one_word(value)))));
    }
    if let Some(at) = &start.at {
        items.push(Item::Start(Box::new(StartLine {
            at: (StartAt::Round(at.round, at.hand), Span::default()),
            dealer: word(&at.dealer),
            counters: (at.counters, Span::default()),
            sticks: (at.sticks, Span::default()),
            draws: (0, Span::default()),
            points: at.points.iter().map(|(p, n)| (word(p), *n)).collect(),
            points_span: Span::default(),
        })));
    }
    items
        .iter()
        .map(|item| {
            record::write(item)
                .map(|line| line + "\n")
                .map_err(|e| e.to_string())
        })
        .collect()
}

/// The record line of an event (JSON, `record::Item`'s serde form), by the library's writer
/// (which refuses a word the page sent, a name or a setting's key, that holds a line break),
/// and whether it closes an entry of the sheet (`Item::closes_entry`): `{"line": …,
/// "closes_entry": …}`.
pub fn record_line(event: &str) -> Answer {
    let item: Item =
        serde_json::from_str(event).map_err(|e| format!("an event the page sent: {e}"))?;
    let written = Written {
        line: record::write(&item).map_err(|e| e.to_string())?,
        closes_entry: item.closes_entry(),
    };
    mj3::json::to_string(&written).map_err(|e| e.to_string())
}

/// An event's record line and what it does to the sheet.
#[derive(Serialize)]
struct Written {
    /// The line, without its line break.
    line: String,
    /// It closes an entry of the sheet (a hand, or a correction between hands).
    closes_entry: bool,
}

/// The header of a new game's record (JSON, see [`Start`]), checked by replaying it.
pub fn record_start(start: &str) -> Answer {
    let start: Start =
        serde_json::from_str(start).map_err(|e| format!("the start the page sent: {e}"))?;
    let text = header_of(&start)?;
    if let Err(failure) = replay_under(&text, &start.house) {
        return Err(failure.error.render());
    }
    Ok(text)
}

/// The `[game]` settings a game in play (or over) changes, as the page sends them: the
/// record and its house file, and each key with its new value.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Resettle {
    record: String,
    #[serde(default)]
    house: String,
    settings: Vec<(String, toml::Value)>,
}

/// The record (JSON, see [`Resettle`]) with each setting written into its header as a `set
/// game.KEY=VALUE` line, by the library's writer: the key's `set` line replaced (a second one
/// for the key taken out), or a new one after the header's last `set` line (after `players`
/// or `first-dealer` when there is none); every other line byte for byte as it was. The record
/// is then replayed: refused with the replay's message (the line, its caret and the game
/// there) when the game does not take it so.
pub fn record_settings(asked: &str) -> Answer {
    let asked: Resettle =
        serde_json::from_str(asked).map_err(|e| format!("the settings the page sent: {e}"))?;
    checked(&asked.settings)?;
    if let Some(error) = game::oversized(&asked.record, MAX_RECORD_BYTES) {
        return Err(error.render());
    }
    // A record with a line that cannot be read is refused as its replay says it.
    let Ok(read) = game::record::read(&asked.record) else {
        return Err(replay_under(&asked.record, &asked.house)
            .err()
            .map_or_else(String::new, |failure| failure.error.render()));
    };
    let mut lines: Vec<(String, &str)> = with_ends(&asked.record)
        .map(|(text, end)| (text.to_owned(), end))
        .collect();
    // The header's lines (the record's lines before its first event), by number.
    let header: Vec<&Line> = read
        .iter()
        .take_while(|line| {
            matches!(
                line.item,
                Item::Ruleset(_) | Item::Players(_) | Item::FirstDealer(_) | Item::Set(_)
            )
        })
        .collect();
    let mut gone = Vec::new();
    let mut added: Vec<String> = Vec::new();
    for (key, value) in &asked.settings {
        let written = record::write(&Item::Set(word(&format!("game.{key}={}", one_word(value)))))
            .map_err(|e| e.to_string())?;
        let own = format!("game.{key}");
        let mut sets = header.iter().filter(|line| match &line.item {
            Item::Set(w) => w.text.split('=').next() == Some(own.as_str()),
            _ => false,
        });
        match sets.next() {
            Some(line) => {
                if let Some(there) = lines.get_mut(line.number - 1) {
                    there.0 = written;
                }
                gone.extend(sets.map(|line| line.number));
            }
            None => added.push(written),
        }
    }
    let after = header
        .iter()
        .rev()
        .find(|line| matches!(line.item, Item::Set(_)))
        .or_else(|| header.last())
        .map_or(0, |line| line.number);
    let mut text = String::with_capacity(asked.record.len() + 64);
    for (number, (line, end)) in lines.iter().enumerate().map(|(i, l)| (i + 1, l)) {
        if !gone.contains(&number) {
            text.push_str(line);
            text.push_str(if number == after && end.is_empty() {
                "\n"
            } else {
                end
            });
        }
        if number == after {
            for line in &added {
                text.push_str(line);
                text.push('\n');
            }
        }
    }
    if let Err(failure) = replay_under(&text, &asked.house) {
        return Err(failure.error.render());
    }
    Ok(text)
}

/// The record's lines as the library numbers them (split at LF, CRLF or a lone CR), each
/// with the end it was written with (empty for a last line without one).
fn with_ends(text: &str) -> impl Iterator<Item = (&str, &str)> + '_ {
    let mut rest = text;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        let (line, end, next) = match rest.find(['\n', '\r']) {
            Some(at) if rest[at..].starts_with("\r\n") => (&rest[..at], &rest[at..at + 2], at + 2),
            Some(at) => (&rest[..at], &rest[at..=at], at + 1),
            None => (rest, "", rest.len()),
        };
        rest = &rest[next..];
        Some((line, end))
    })
}

/// One game of an evening, as the page sends it: a name to call it by, its record and the
/// house file its `ruleset` line names (empty: a shipped ruleset).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct EveningGame {
    name: String,
    record: String,
    #[serde(default)]
    house: String,
}

/// The evening the page sends: its games in the order played and the value per unit, if
/// any (`"0.5"`).
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct EveningAsked {
    games: Vec<EveningGame>,
    #[serde(default)]
    rate: Option<String>,
}

/// The evening (JSON `{"games": [{"name", "record", "house"}], "rate": "0.5" | null}`)
/// added up by the library, answering `mj3 evening --json`'s object; each record and house
/// file bounded as for [`replay`], the games by the library
/// (`mj3::game::evening::MAX_EVENING_GAMES`). Refused with the message `mj3 evening` prints,
/// a game not over without the record line that would end it (`EveningError::said`).
pub fn evening(asked: &str) -> Answer {
    use mj3::game::evening::{self, GameText, MAX_EVENING_GAMES, Rate};
    use mj3::game::json::HouseFile;
    let most = MAX_EVENING_GAMES * (MAX_RECORD_BYTES + MAX_HOUSE_BYTES) + (64 << 10);
    if asked.len() > most {
        return Err(format!(
            "an evening the page sends holds at most {most} bytes ({} bytes)",
            asked.len()
        ));
    }
    let asked: EveningAsked =
        serde_json::from_str(asked).map_err(|e| format!("the evening the page sent: {e}"))?;
    for game in &asked.games {
        if let Some(error) = game::oversized(&game.record, MAX_RECORD_BYTES) {
            return Err(format!("{}: {}", game.name, error.render()));
        }
        if game.house.len() > MAX_HOUSE_BYTES {
            return Err(format!(
                "{}: the house file is larger than {MAX_HOUSE_BYTES} bytes ({} bytes)",
                game.name,
                game.house.len()
            ));
        }
    }
    let rate = match asked.rate.as_deref().map(Rate::parse).transpose() {
        Ok(rate) => rate,
        Err(error) => return Err(error.render()),
    };
    let games: Vec<GameText> = asked
        .games
        .iter()
        .map(|g| GameText {
            name: &g.name,
            text: &g.record,
            house: if g.house.is_empty() {
                HouseFile::None
            } else {
                HouseFile::Text(&g.house)
            },
        })
        .collect();
    let added = evening::evening(&games, &[], rate).map_err(|e| e.said())?;
    mj3::json::to_string(&added).map_err(|e| e.to_string())
}

/// The units an evening's value is given per, each with its words (`per 1,000 points`), as
/// `mj3 evening` says them: `[{"unit": "thousand", "per": "per 1,000 points"}, …]`.
pub fn evening_units() -> Answer {
    use mj3::game::evening::Unit;
    #[derive(Serialize)]
    struct UnitWords {
        unit: Unit,
        per: String,
    }
    let units: Vec<UnitWords> = [Unit::Thousand, Unit::Point]
        .into_iter()
        .map(|unit| UnitWords {
            unit,
            per: unit.to_string(),
        })
        .collect();
    mj3::json::to_string(&units).map_err(|e| e.to_string())
}
