//! Resolving the merged layers into a [`Ruleset`]: defaults filled in, every criterion given
//! its detector and class, and every number the scoring multiplies or adds range-checked.

use super::bounds::{MAX_COUNT, MAX_JOKERS, MAX_MULTIPLIER, MAX_POINTS, game_bound};
use super::error::{KeyError, KeyPath};
use super::game::GameRules;
use super::names::shipped_names;
use super::options::Options;
use super::registry::{detector_for, detector_names};
use super::schema::{DiscardBonus, FanFile, HanFile, PaymentMode, RulesetFile};
use super::tiles::{build_tile_set, dragon_cycle};
use super::{Changes, Criterion, DEFAULT_RULESET, FanParams, HanRules, PointsParams, Ruleset};
use crate::tile::BonusSet;

/// Checks the merged layers and fills in defaults, moving their text into the ruleset.
pub(super) fn finish(file: RulesetFile) -> Result<Ruleset, KeyError> {
    let RulesetFile {
        extends: _,
        name,
        title,
        source,
        tiles: tiles_file,
        scoring,
        payment,
        options,
        fan,
        han,
        game,
        criteria: criteria_file,
    } = file;
    let tiles_file = tiles_file.unwrap_or_default();
    let scoring = scoring.unwrap_or_default();
    let payment = payment.unwrap_or_default();
    let options = Options::from_file(&options.unwrap_or_default());
    let source = source.unwrap_or_default();
    let tiles = build_tile_set(&tiles_file, &options, &source)?;
    let dragon_cycle = dragon_cycle(&tiles_file)?;
    let Some(system) = scoring.system else {
        return Err(KeyError::new(
            KeyPath::new(["scoring", "system"]),
            format!(
                "`scoring.system` is missing: a house file starts with `extends = \"{DEFAULT_RULESET}\"` (or another shipped ruleset: {}) and changes only what it needs",
                shipped_names().join(", ")
            ),
        ));
    };
    let limit_hands_concealed_only = scoring.limit_hands_concealed_only.unwrap_or(true);
    let mut criteria = Vec::with_capacity(criteria_file.len());
    let mut switched_off = Vec::new();
    for (id, c) in criteria_file {
        let at = || KeyPath::new(["criteria", id.as_str()]);
        let check = detector_for(&id, c.check).ok_or_else(|| {
            KeyError::new(
                at(),
                format!(
                    "criterion `{id}` names no detector: add `check = \"…\"` (one of: {})",
                    detector_names()
                ),
            )
        })?;
        let class = c
            .class
            .ok_or_else(|| KeyError::new(at(), format!("criterion `{id}` has no `class`")))?;
        if !class.is_limit() && c.value.is_none() {
            return Err(KeyError::new(
                at(),
                format!("criterion `{id}` has no `value`"),
            ));
        }
        let enabled = c.enabled.unwrap_or(true)
            && c.when.iter().flatten().all(|&option| options.is_on(option));
        let criterion = Criterion {
            id: id.clone(),
            check,
            class,
            value: c.value.unwrap_or(0),
            name: c.name.unwrap_or_else(|| id.replace('-', " ").into()),
            aliases: c.aliases.unwrap_or_default(),
            description: c.description.unwrap_or_default(),
            example: c.example.unwrap_or_default(),
            source: c.source.unwrap_or_default(),
            concealed_only: c.concealed_only.unwrap_or(limit_hands_concealed_only),
            when: c.when.unwrap_or_default(),
            needs_hand_points: c.needs_hand_points.unwrap_or(0),
            open_value: c.open_value.or(c.value).unwrap_or(0),
        };
        if enabled {
            criteria.push(criterion);
        } else {
            switched_off.push(criterion);
        }
    }
    let limit = scoring.limit.unwrap_or(40);
    let half_limit = scoring.half_limit.unwrap_or(limit / 2);
    if half_limit > limit {
        return Err(KeyError::new(
            KeyPath::new(["scoring", "half-limit"]),
            format!("`scoring.half-limit` ({half_limit}) is above `scoring.limit` ({limit})"),
        ));
    }
    let ruleset = Ruleset {
        name: name.unwrap_or_else(|| "custom".into()),
        title: title.unwrap_or_default(),
        source,
        tiles,
        system,
        minimum: scoring.minimum.unwrap_or(0),
        points: PointsParams {
            limit,
            half_limit,
            limit_hands_concealed_only,
            discard_bonus: payment.discard_bonus.unwrap_or(DiscardBonus::BothPay),
            goulash_per_draw: payment.goulash_per_draw.unwrap_or(0),
            waiting_discount: payment.waiting_discount.unwrap_or(0),
            payment_mode: payment.mode.unwrap_or(PaymentMode::DoubleHandPoints),
        },
        options,
        criteria,
        switched_off,
        dragon_cycle,
        fan: fan_params(&fan.unwrap_or_default()),
        han: han_rules(han.unwrap_or_default()),
        game: GameRules::resolve(&game.unwrap_or_default(), system).map_err(|(key, message)| {
            KeyError::new(
                KeyPath::new(["game", key]),
                format!("`game.{key}` {message}"),
            )
        })?,
        changes: Changes::default(),
    };
    check_ranges(&ruleset)?;
    check_bonus_tiles_scored(&ruleset)?;
    check_target(&ruleset)?;
    Ok(ruleset)
}

/// A target below the starting points would have every player give back less than was dealt:
/// the results would not add up to zero, a game no table plays.
fn check_target(ruleset: &Ruleset) -> Result<(), KeyError> {
    let game = &ruleset.game;
    if game.target_points == 0 || game.target_points >= game.starting_points {
        return Ok(());
    }
    Err(KeyError::new(
        KeyPath::new(["game", "target-points"]),
        format!(
            "`game.target-points` is {}, below `game.starting-points` ({}): the players would give back less than they were dealt; set it to 0 (no target) or at least {}",
            game.target_points, game.starting_points, game.starting_points
        ),
    ))
}

/// `[fan]` with its defaults (000 §Malaysia's values).
fn fan_params(file: &FanFile) -> FanParams {
    FanParams {
        cap: file.cap.unwrap_or(10),
        base_points: file.base_points.unwrap_or(100),
        points_per_fan: file.points_per_fan.unwrap_or(20),
        self_draw_multiplier: file.self_draw_multiplier.unwrap_or(2),
        discarder_multiplier: file.discarder_multiplier.unwrap_or(2),
        other_multiplier: file.other_multiplier.unwrap_or(1),
        concealed_kong: file.concealed_kong.unwrap_or(100),
        open_kong: file.open_kong.unwrap_or(50),
        full_set_dealt: file.full_set_dealt.unwrap_or(100),
        full_set_drawn: file.full_set_drawn.unwrap_or(50),
        fly_bonus: file.fly_bonus.unwrap_or(50),
    }
}

/// `[han]` with its defaults (every amount 0: off).
fn han_rules(file: HanFile) -> HanRules {
    HanRules {
        honba_ron: file.honba_ron.unwrap_or(0),
        honba_tsumo: file.honba_tsumo.unwrap_or(0),
        riichi_stick: file.riichi_stick.unwrap_or(0),
        ryanshi_honba: file.ryanshi_honba.unwrap_or(0),
        paarenchan_honba: file.paarenchan_honba.unwrap_or(0),
        goulash_per_draw: file.goulash_per_draw.unwrap_or(0),
        table: file.table.unwrap_or_default(),
    }
}

/// A bonus set put in play (`tiles.flowers = 4`) that no switched-on criterion scores would
/// be set aside and count for nothing, silently: an error naming the criteria that would.
fn check_bonus_tiles_scored(ruleset: &Ruleset) -> Result<(), KeyError> {
    let scores = |c: &&Criterion, set: BonusSet| {
        c.check.facts().shows.is_some_and(|shown| shown.covers(set))
    };
    for set in BonusSet::ALL {
        if ruleset.tiles.bonus_set_size(set) == 0
            || ruleset.criteria.iter().any(|c| scores(&c, set))
        {
            continue;
        }
        let would: Vec<String> = ruleset
            .switched_off
            .iter()
            .filter(|c| scores(c, set))
            .map(|c| format!("--set criteria.{}.enabled=true", c.id))
            .collect();
        let fix = match would.as_slice() {
            [] => "or add a criterion that scores them".to_string(),
            _ => format!(
                "or switch on a criterion that scores them: {}",
                would.join(", ")
            ),
        };
        let name = set.name();
        return Err(KeyError::new(
            KeyPath::new(["tiles", name]),
            format!(
                "`tiles.{name}` puts {name} in play, but no criterion that is on scores them: they would be set aside for nothing; leave them out ({name} = 0) {fix}"
            ),
        ));
    }
    Ok(())
}

/// Every number the scoring multiplies or adds must be in range: with these bounds the largest
/// payment (base + per-fan × cap, times a multiplier) stays far inside `u32`, where
/// `--set fan.points-per-fan=4294967295` used to overflow. Thresholds that are only compared
/// (`scoring.minimum`, `needs-hand-points`, `han.ryanshi-honba`) are not bounded.
fn check_ranges(ruleset: &Ruleset) -> Result<(), KeyError> {
    // The key is only spelt out for an error: loading stays allocation-light.
    let in_range = |value: u32, max: u32, key: &dyn Fn() -> (KeyPath, String)| {
        if value <= max {
            return Ok(());
        }
        let (path, shown) = key();
        Err(KeyError::new(
            path,
            format!("`{shown}` is {value}; it may be at most {max}"),
        ))
    };
    let dotted = |key: &str| {
        let path = KeyPath(key.split('.').map(str::to_string).collect());
        (path, key.to_string())
    };
    let fan = &ruleset.fan;
    let han = &ruleset.han;
    let points = &ruleset.points;
    let amounts = [
        ("scoring.limit", points.limit),
        ("scoring.half-limit", points.half_limit),
        ("payment.goulash-per-draw", points.goulash_per_draw),
        ("payment.waiting-discount", points.waiting_discount),
        ("fan.base-points", fan.base_points),
        ("fan.points-per-fan", fan.points_per_fan),
        ("fan.concealed-kong", fan.concealed_kong),
        ("fan.open-kong", fan.open_kong),
        ("fan.full-set-dealt", fan.full_set_dealt),
        ("fan.full-set-drawn", fan.full_set_drawn),
        ("fan.fly-bonus", fan.fly_bonus),
        ("han.honba-ron", han.honba_ron),
        ("han.honba-tsumo", han.honba_tsumo),
        ("han.riichi-stick", han.riichi_stick),
        ("han.goulash-per-draw", han.goulash_per_draw),
    ];
    let multipliers = [
        ("fan.self-draw-multiplier", fan.self_draw_multiplier),
        ("fan.discarder-multiplier", fan.discarder_multiplier),
        ("fan.other-multiplier", fan.other_multiplier),
    ];
    let jokers = u32::from(ruleset.tiles.jokers);
    let bounded = [
        (MAX_POINTS, &amounts[..]),
        (MAX_COUNT, &[("fan.cap", fan.cap)][..]),
        (MAX_MULTIPLIER, &multipliers[..]),
        (MAX_JOKERS, &[("tiles.jokers", jokers)][..]),
    ];
    for (max, keys) in bounded {
        for &(key, value) in keys {
            in_range(value, max, &|| dotted(key))?;
        }
    }
    let game = &ruleset.game;
    for (setting, &value) in game.each_of::<u32>() {
        in_range(value, game_bound(setting), &|| {
            dotted(&format!("game.{}", setting.key))
        })?;
    }
    // Said as written, sign and all, under the key the file or `set` line writes.
    for (setting, places) in game.each_of::<[i64; 3]>() {
        let (key, max) = (setting.key, game_bound(setting));
        for (value, place) in places.iter().zip(["first", "second", "third"]) {
            if value.unsigned_abs() > u64::from(max) {
                return Err(KeyError::new(
                    KeyPath::new(["game", key]),
                    format!(
                        "`game.{key}` gives {place} place {value}; an uma may be from -{max} to {max}"
                    ),
                ));
            }
        }
    }
    // A list names each entry once, so it is no longer than the entries there are.
    let lists = game
        .each_of::<Vec<crate::check::Check>>()
        .map(|(s, l)| (s, repeated(l)));
    let words = game.each_of::<Vec<super::game::AbortiveDraw>>();
    for (setting, twice) in lists.chain(words.map(|(s, l)| (s, repeated(l)))) {
        if let Some(entry) = twice {
            let key = setting.key;
            return Err(KeyError::new(
                KeyPath::new(["game", key]),
                format!("`game.{key}` names `{entry}` twice; a list names each entry once"),
            ));
        }
    }
    for c in ruleset.criteria.iter().chain(&ruleset.switched_off) {
        for (field, value) in [("value", c.value), ("open-value", c.open_value)] {
            in_range(value, MAX_COUNT, &|| {
                dotted(&format!("criteria.{}.{field}", c.id))
            })?;
        }
    }
    for (index, row) in han.table.iter().enumerate() {
        for (column, value, max) in [
            ("han", row.han.unwrap_or(0), MAX_COUNT),
            ("yakuman", row.yakuman.unwrap_or(0), MAX_COUNT),
            ("ron-ko", row.ron_ko, MAX_POINTS),
            ("ron-oya", row.ron_oya, MAX_POINTS),
            ("tsumo-ko-from-ko", row.tsumo_ko_from_ko, MAX_POINTS),
            ("tsumo-ko-from-oya", row.tsumo_ko_from_oya, MAX_POINTS),
            ("tsumo-oya", row.tsumo_oya, MAX_POINTS),
        ] {
            in_range(value, max, &|| {
                let path = KeyPath::new(["han", "table", &index.to_string(), column]);
                (path, format!("han.table.{column}` of row `{}", row.name))
            })?;
        }
    }
    Ok(())
}

/// The first entry of `list` written a second time, as the file writes it. Found in time
/// linear in the list: the entries before the first repeat are distinct, so few.
fn repeated<T: PartialEq + serde::Serialize>(list: &[T]) -> Option<String> {
    let twice = list
        .iter()
        .enumerate()
        .find_map(|(at, entry)| list[..at].contains(entry).then_some(entry))?;
    // Every entry is a word or a string; one that would not write is still refused.
    let written = toml::Value::try_from(twice).map_or_else(
        |_| "an entry".to_string(),
        |v| v.as_str().map_or_else(|| v.to_string(), str::to_owned),
    );
    Some(written)
}
