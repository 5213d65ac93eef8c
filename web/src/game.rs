//! The page's game: a record replayed by the library's one game engine (`mj3::game::replay`,
//! the replay of `mj3 game`), answering with the records `mj3 game --json` writes, and the
//! record's lines written for the page from what was tapped, so that the page composes no
//! record syntax itself.

use serde::{Deserialize, Serialize};

use mj3::diagnostic::Span;
use mj3::game::record::{self, Item, KongMade, Line, StartAt, StartLine, WinLine, Word};
use mj3::game::sheet::EndRecord;
use mj3::game::{self, HandRecord, PlayerSeat, Sheet};
use mj3::notation::{LimitName, Spanned, ValueInput};
use mj3::rules::AbortiveDraw;
use mj3::rules::System;
use mj3::tile::{BonusSet, Seat, Tile};

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
    next: Option<InPlay>,
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
}

/// The system and the `[game]` settings a game is played under.
#[derive(Serialize)]
struct PlayedUnder {
    /// `points`, `fan`, `han-fu` or `han-table`.
    system: System,
    /// The `[game]` keys the system reads, with the game's own values.
    game: Vec<GameSetting>,
}

/// A line the game cannot take.
#[derive(Serialize)]
struct Stopped {
    /// Its number, from 1 (0: the record as a whole).
    line: usize,
    /// What is wrong and what is right.
    message: String,
    /// The message with the line, its caret and the game there, as `mj3 game` prints it.
    shown: String,
}

/// The hand being played: where it stands when it started, and what happened in it so far.
#[derive(Serialize)]
struct InPlay {
    /// `East 2`, or `hand 5` when the winner deals.
    label: String,
    /// The prevailing wind.
    round: Seat,
    /// The dealer.
    dealer: String,
    /// Each player's seat, in turn order.
    seats: Vec<PlayerSeat>,
    /// Counters on the table.
    honba: u32,
    /// Riichi sticks on the table when the hand started.
    sticks: u32,
    /// Drawn hands in a row just before.
    draws: u32,
    /// What happened in it so far (declarations, payments on the spot).
    events: Vec<String>,
}

/// Replays `record` as `mj3 game --json` does, and says where the hand in play stands.
/// `house` is the text of the house file the record's `ruleset` line names (empty: the
/// record names a shipped ruleset), as `mj3 game` reads that file beside the record.
///
/// The hand in play is read from the same engine: the record is replayed with an exhaustive
/// draw after it that pays nothing ([`probe`]), whose hand record starts where the next hand
/// stands; the hands before it are the record's own, and the standings are the same as
/// without it. So one replay answers, where the game is in play; a game over, a bad line or
/// a draw that would pay (a nagashi named) takes the record's own replay.
/// A record that stops in the middle of a hand (a riichi declared, nothing won yet) is a
/// game in play, not an error, when the probe's replay takes every line of it.
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
        });
    }
    let replay = |text: &str| replay_under(text, house);
    let lines = game::record::read(record).unwrap_or_default();
    let events = Events {
        lines: event_lines(&lines),
        house_file: house_file(&lines),
    };
    let last = lines.last().map_or(0, |l| l.number);
    let choice_open = |sheet: &Sheet| last > 0 && sheet.dealer_choices.contains(&last);
    if let Some(text) = probe(record, &lines, house)
        && let Ok(probed) = replay(&text)
        && probed.end.is_none()
    {
        let own = probed.hands.iter().take_while(|h| h.line <= last).count();
        let next = in_play(&probed, own);
        return answer(&probed, own, None, next, events, choice_open(&probed));
    }
    let (sheet, error) = match replay(record) {
        Ok(sheet) => (Some(sheet), None),
        Err(failure) => (failure.sheet, Some(failure.error)),
    };
    // The hand in play after a plain draw, where the game is not over: with the draw every
    // line of a record that stops inside a hand is taken, so that is no error.
    let plain = match &sheet {
        Some(sheet) if sheet.end.is_none() => record::write(&Item::Draw(Vec::new()))
            .ok()
            .and_then(|draw| replay(&format!("{}\n{draw}\n", record.trim_end())).ok())
            .map(|probed| (sheet.hands.len(), probed)),
        _ => None,
    };
    let (next, error) = match &plain {
        Some((own, probed)) => (in_play(probed, *own), None),
        None => (None, error),
    };
    let choice = error.is_none() && sheet.as_ref().is_some_and(choice_open);
    match &sheet {
        Some(sheet) => answer(sheet, sheet.hands.len(), error, next, events, choice),
        None => {
            let replayed = Replayed {
                hands: &[],
                end: None,
                error: error.map(stopped),
                next,
                event_lines: events.lines,
                dealer_choice: choice,
                rules: None,
                house_file: events.house_file,
            };
            mj3::json::to_string(&replayed).map_err(|e| e.to_string())
        }
    }
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
        shown: e.render(),
    }
}

/// The JSON of [`Replayed`]: the first `own` hands of `sheet` (the record's own, before a
/// probe's draw) and its end.
fn answer(
    sheet: &Sheet,
    own: usize,
    error: Option<game::GameError>,
    next: Option<InPlay>,
    events: Events,
    dealer_choice: bool,
) -> Answer {
    let replayed = Replayed {
        hands: &sheet.hands[..own.min(sheet.hands.len())],
        end: Some(sheet.end_record()),
        error: error.map(stopped),
        next,
        event_lines: events.lines,
        dealer_choice,
        house_file: events.house_file,
        rules: Some(PlayedUnder {
            system: sheet.system,
            game: game_settings(&sheet.game, sheet.system),
        }),
    };
    mj3::json::to_string(&replayed).map_err(|e| e.to_string())
}

/// The hand in play: hand `own` of the probe's replay (the one its draw ended).
fn in_play(probed: &Sheet, own: usize) -> Option<InPlay> {
    let hand = probed.hands.get(own)?;
    // The sentences of the record's own lines come first; the probe's draw says the rest,
    // starting with the draw itself.
    let said_by_draw =
        |event: &String| event.starts_with("draw: ") || event.starts_with("exhaustive draw");
    let events = hand
        .events
        .iter()
        .take_while(|e| !said_by_draw(e))
        .cloned()
        .collect();
    Some(InPlay {
        label: hand.label.clone(),
        round: hand.round,
        dealer: hand.dealer.clone(),
        seats: hand.seats.clone(),
        honba: hand.honba,
        sticks: hand.sticks,
        draws: hand.draws,
        events,
    })
}

/// What the record's lines say of themselves, whether or not it replays.
struct Events {
    /// [`event_lines`].
    lines: Vec<usize>,
    /// [`house_file`].
    house_file: Option<String>,
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

/// `record` with an exhaustive draw after it that pays nothing: under the han systems every
/// player named tenpai (no noten payment), under the others a plain draw (nothing is paid
/// at a draw). `None` where no such draw can be written: the record does not read, names no
/// players or ruleset, or names a nagashi (paid at the draw). `house`: the house file's
/// text, when the record names one.
fn probe(record: &str, lines: &[Line], house: &str) -> Option<String> {
    let mut players = None;
    let mut ruleset = None;
    for line in lines {
        match &line.item {
            Item::Players(names) => players = Some(names.iter().map(|w| w.text.clone()).collect()),
            Item::Ruleset(name) => ruleset = Some(name.text.as_str()),
            Item::Nagashi(_) => return None,
            _ => {}
        }
    }
    let loaded = crate::api::ruleset(crate::api::Rules {
        name: ruleset?,
        house,
        sets: &[],
    })
    .ok()?;
    let han = matches!(loaded.system, System::HanFu | System::HanTable);
    let draw = Event::Draw {
        tenpai: if han { players? } else { Vec::new() },
    };
    let mut text = record.trim_end().to_string();
    text.push('\n');
    text.push_str(&line_of(&draw).ok()?);
    text.push('\n');
    Some(text)
}

/// An event of the game as the page sends it (JSON, `kind` naming it).
#[derive(Debug, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case", deny_unknown_fields)]
enum Event {
    /// A win: by self-draw (`from` none) or on `from`'s discard; `also` for the second claim
    /// on the same discard; `pao` the liable player.
    Win {
        winner: String,
        from: Option<String>,
        #[serde(default)]
        also: bool,
        #[serde(default)]
        pao: Option<String>,
        #[serde(default)]
        riichi_discard: bool,
        /// The hand in notation (its tiles and the context the game cannot know).
        #[serde(default)]
        hand: Option<String>,
        /// Or the hand's value, agreed at the table (issue 29: a win stated by its value).
        #[serde(default)]
        value: Option<Value>,
    },
    /// A riichi (or declared-ready) declaration.
    Riichi { player: String },
    /// An exhaustive draw, the ready players named.
    Draw { tenpai: Vec<String> },
    /// A nagashi mangan at the coming draw.
    Nagashi { player: String },
    /// A chombo.
    Chombo { player: String },
    /// An abortive draw (`nine-terminals` by `player`, or `four-kans`).
    Abort {
        draw: String,
        #[serde(default)]
        player: Option<String>,
    },
    /// A kong paid on the spot: `made` is `concealed`, `from` (with `from`) or `promoted`
    /// (with `fed_by` when named).
    Kong {
        player: String,
        tile: String,
        made: String,
        #[serde(default)]
        from: Option<String>,
        #[serde(default)]
        fed_by: Option<String>,
    },
    /// A full set of bonus tiles paid on the spot.
    BonusSet {
        player: String,
        set: String,
        dealt: bool,
    },
    /// Points moved between players.
    Correct { moves: Vec<(String, i64)> },
    /// The all-last dealer, first, ends the game (issue 29: the dealer's choice).
    DealerStops,
    /// The all-last dealer, first, plays on.
    DealerPlaysOn,
}

/// A win's value as the table states it.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "kebab-case", deny_unknown_fields)]
enum Value {
    /// Han and fu (fu may be left out from 5 han up).
    HanFu { han: u32, fu: Option<u32> },
    /// Han alone (the han table's systems).
    Han(u32),
    /// A limit by name (`mangan`, `yakuman`, `half-limit`, …).
    Limit(String),
    /// Hand-points and bonus-points (the points systems).
    Points { hand: u32, bonus: u32 },
    /// Fan.
    Fan(u32),
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
    round: String,
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

/// A word of a line (where it was written is of no matter to the writer).
fn word(text: &str) -> Word {
    Word::new(text)
}

fn words(texts: &[String]) -> Vec<Word> {
    texts.iter().map(|t| word(t)).collect()
}

/// The one of `options` that `written` writes as `given`, or what `given` is not.
fn one_of<T: Copy>(
    given: &str,
    options: &[T],
    written: impl Fn(T) -> String,
    what: &str,
) -> Result<T, String> {
    options
        .iter()
        .copied()
        .find(|&o| written(o) == given)
        .ok_or_else(|| format!("`{given}` is no {what}"))
}

/// The record's item for `event`, for the library's record writer
/// (`mj3::game::record::write`).
fn item_of(event: &Event) -> Result<Item, String> {
    Ok(match event {
        Event::Win {
            winner,
            from,
            also,
            pao,
            riichi_discard,
            hand,
            value,
        } => Item::Win(WinLine {
            also: *also,
            winner: word(winner),
            from: from.as_deref().map(word),
            riichi_discard: riichi_discard.then(Span::default),
            pao: pao.as_deref().map(word),
            hand: 0,
            hand_text: match (hand, value) {
                (_, Some(value)) => value_input(value)?.to_string(),
                (Some(hand), None) => hand.trim().to_string(),
                (None, None) => String::new(),
            },
        }),
        Event::Riichi { player } => Item::Riichi {
            player: word(player),
            left: None,
        },
        Event::Draw { tenpai } => Item::Draw(words(tenpai)),
        Event::Nagashi { player } => Item::Nagashi(word(player)),
        Event::Chombo { player } => Item::Chombo(word(player)),
        Event::Abort { draw, player } => {
            let kinds = [AbortiveDraw::NineTerminals, AbortiveDraw::FourKans];
            let kind = one_of(draw, &kinds, |k| k.word().to_string(), "abortive draw")?;
            Item::Abort {
                kind: (kind, Span::default()),
                player: player.as_deref().map(word),
            }
        }
        Event::Kong {
            player,
            tile,
            made,
            from,
            fed_by,
        } => {
            let tiles: Vec<Tile> = Tile::all().collect();
            let tile = one_of(tile, &tiles, |t| t.notation().to_string(), "tile")?;
            let made = match (made.as_str(), from) {
                ("concealed", _) => KongMade::Concealed,
                ("from", Some(from)) => KongMade::From(word(from)),
                ("promoted", _) => KongMade::Promoted(fed_by.as_deref().map(word)),
                (other, _) => return Err(format!("`{other}` is no way to make a kong")),
            };
            Item::Kong {
                player: word(player),
                tile: (tile, Span::default()),
                made,
            }
        }
        Event::BonusSet { player, set, dealt } => {
            let set = one_of(set, &BonusSet::ALL, |s| s.name().to_string(), "bonus set")?;
            Item::BonusSet {
                player: word(player),
                set: (set, Span::default()),
                dealt: *dealt,
            }
        }
        Event::Correct { moves } => {
            Item::Correct(moves.iter().map(|(p, n)| (word(p), *n)).collect())
        }
        Event::DealerStops => Item::DealerChoice(true, Span::default()),
        Event::DealerPlaysOn => Item::DealerChoice(false, Span::default()),
    })
}

/// The record's line for `event`, by the library's writer (which refuses a word the page
/// sent, a name or a setting's key, that holds a line break).
fn line_of(event: &Event) -> Result<String, String> {
    record::write(&item_of(event)?).map_err(|e| e.to_string())
}

/// A win's value as the page gives it, for the library's notation writer (`ValueInput`'s
/// `Display`) to spell.
fn value_input(value: &Value) -> Result<ValueInput, String> {
    let at = |value: u32| Spanned {
        value,
        span: Span::default(),
    };
    Ok(match value {
        Value::HanFu { han, fu } => ValueInput::Han {
            han: at(*han),
            fu: fu.map(at),
        },
        Value::Han(han) => ValueInput::Han {
            han: at(*han),
            fu: None,
        },
        Value::Limit(name) => ValueInput::Limit {
            limit: Spanned {
                value: LimitName::from_word(name).ok_or_else(|| format!("`{name}` is no limit"))?,
                span: Span::default(),
            },
            bonus: None,
        },
        Value::Points { hand, bonus } => ValueInput::Points {
            hand: at(*hand),
            bonus: Some(at(*bonus)),
        },
        Value::Fan(fan) => ValueInput::Fan(at(*fan)),
    })
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
    for (key, value) in &start.settings {
        items.push(Item::Set(word(&format!("game.{key}={}", one_word(value)))));
    }
    if let Some(at) = &start.at {
        let round = one_of(&at.round, &Seat::ALL, |s| s.name().to_string(), "round")?;
        items.push(Item::Start(Box::new(StartLine {
            at: (StartAt::Round(round, at.hand), Span::default()),
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

/// The record line of an event (JSON, see [`Event`]); the line is read back by the record's
/// own reader, so that a line the game cannot read is never written.
pub fn record_line(event: &str) -> Answer {
    let event: Event =
        serde_json::from_str(event).map_err(|e| format!("an event the page sent: {e}"))?;
    let line = line_of(&event)?;
    game::record::read(&line).map_err(|e| e.message)?;
    Ok(line)
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
