//! Scoring criteria: one detector per criterion, each answering how many times it applies to
//! an arrangement of a hand and which tiles earn it.

use serde::{Deserialize, Serialize};

pub mod requirements;

use crate::decompose::{Arrangement, Group, GroupKind, Shape};
use crate::hand::{Hand, Win};
use crate::rules::Ruleset;
use crate::tile::{BonusSet, BonusTile, Dragon, Suit, Tile, TileCounts, Wind};

/// Everything a detector may look at: the hand, one arrangement of it, and the ruleset.
pub struct Situation<'a> {
    /// The hand.
    pub hand: &'a Hand,
    /// The arrangement being scored.
    pub arrangement: &'a Arrangement,
    /// The ruleset.
    pub rules: &'a Ruleset,
    /// Every tile of the hand, kongs as four.
    pub all: TileCounts,
}

impl<'a> Situation<'a> {
    /// Prepares a situation.
    pub fn new(hand: &'a Hand, arrangement: &'a Arrangement, rules: &'a Ruleset) -> Self {
        Situation {
            hand,
            arrangement,
            rules,
            all: hand.all_tiles(),
        }
    }

    fn sets(&self) -> impl Iterator<Item = &Group> {
        self.arrangement.sets()
    }

    fn pongs(&self) -> impl Iterator<Item = &Group> {
        self.sets().filter(|g| g.is_pong_or_kong())
    }

    fn standard(&self) -> bool {
        self.arrangement.shape == Shape::Standard
    }

    /// Kongs in the arrangement; with `concealed_only`, concealed kongs only.
    fn kongs(&self, concealed_only: bool) -> usize {
        self.sets()
            .filter(|g| g.kind == GroupKind::Kong && (g.concealed || !concealed_only))
            .count()
    }

    /// A standard hand with a chow whose every set and pair holds a terminal or an honour.
    fn outside(&self) -> bool {
        self.standard()
            && self
                .arrangement
                .groups()
                .iter()
                .all(Group::has_terminal_or_honour)
            && self.sets().any(|g| g.kind == GroupKind::Chow)
    }

    fn tsumo(&self) -> bool {
        self.hand.context.win == Win::Tsumo
    }

    fn seat_dragon(&self) -> Dragon {
        match self.hand.context.seat {
            Wind::East => Dragon::Green,
            Wind::South => Dragon::Red,
            _ => Dragon::White,
        }
    }

    /// The dora tile each indicator points at, following this ruleset's cycles.
    fn dora_tiles(&self, indicators: &[Tile]) -> TileCounts {
        let mut dora = TileCounts::new();
        for &indicator in indicators {
            if let Some(next) = next_in_cycle(indicator, self.rules) {
                dora.add(next, 1);
            }
        }
        dora
    }
}

/// The tile an indicator points at: the next tile in play in its suit (9 wraps to 1), the
/// next wind in play in compass order, or the next dragon in the ruleset's dragon order.
///
/// A pair-only number tile (the optional 5 bamboo) is not in the suit's cycle: 000 §Revealed
/// Dora Tiles: "If a 1 bamboo is revealed then a 9 bamboo becomes dora"; a revealed pair-only
/// tile points at the next number in the cycle.
pub fn next_in_cycle(indicator: Tile, rules: &Ruleset) -> Option<Tile> {
    let tiles = &rules.tiles;
    if let (Some(suit), Some(number)) = (indicator.suit(), indicator.number())
        && tiles.pair_only(indicator)
    {
        let mut cycle = (1..=9)
            .filter_map(|n| Tile::numbered(suit, n))
            .filter(|&t| tiles.has(t) && !tiles.pair_only(t));
        let first = cycle.clone().next();
        return cycle
            .find(|t| t.number().is_some_and(|n| n > number))
            .or(first);
    }
    let cycle: Vec<Tile> = if let Some(suit) = indicator.suit() {
        (1..=9)
            .filter_map(|n| Tile::numbered(suit, n))
            .filter(|&t| tiles.has(t) && !tiles.pair_only(t))
            .collect()
    } else if indicator.wind().is_some() {
        Wind::ALL
            .iter()
            .map(|w| w.tile())
            .filter(|&t| tiles.has(t))
            .collect()
    } else {
        rules
            .dragon_cycle
            .iter()
            .map(|d| d.tile())
            .filter(|&t| tiles.has(t))
            .collect()
    };
    let at = cycle.iter().position(|&t| t == indicator)?;
    cycle.get((at + 1) % cycle.len()).copied()
}

/// What a detector found: how many times the criterion applies and the tiles that earn it.
#[derive(Debug, Clone, Copy, Default)]
pub struct Hit {
    /// Times it applies (0: it does not).
    pub count: u32,
    /// Tiles that earn it.
    pub tiles: TileCounts,
}

impl Hit {
    fn once_if(condition: bool) -> Hit {
        Hit {
            count: u32::from(condition),
            tiles: TileCounts::new(),
        }
    }

    fn once_with(condition: bool, tiles: TileCounts) -> Hit {
        if condition {
            Hit { count: 1, tiles }
        } else {
            Hit::default()
        }
    }

    fn times(count: u32) -> Hit {
        Hit {
            count,
            tiles: TileCounts::new(),
        }
    }

    /// One count per group matching `keep`, with their tiles.
    fn per_group<'g>(
        groups: impl Iterator<Item = &'g Group>,
        keep: impl Fn(&Group) -> bool,
    ) -> Hit {
        let mut hit = Hit::default();
        for group in groups.filter(|g| keep(g)) {
            hit.count += 1;
            group.add_to(&mut hit.tiles);
        }
        hit
    }
}

macro_rules! checks {
    ($($variant:ident = $key:literal,)*) => {
        /// The detectors a ruleset can select, by key.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize, Serialize)]
        pub enum Check {
            $(
                #[doc = concat!("`", $key, "`")]
                #[serde(rename = $key)]
                $variant,
            )*
        }

        impl Check {
            /// Every detector key.
            pub fn names() -> Vec<&'static str> {
                vec![$($key),*]
            }

            /// The detector with this key.
            pub fn from_key(key: &str) -> Option<Check> {
                match key {
                    $($key => Some(Check::$variant),)*
                    _ => None,
                }
            }

            /// This detector's key.
            pub fn key(self) -> &'static str {
                match self {
                    $(Check::$variant => $key,)*
                }
            }
        }
    };
}

checks! {
    DragonPong = "dragon-pong",
    TwoDragonPongs = "two-dragon-pongs",
    WindPong = "wind-pong",
    SeatWindPong = "seat-wind-pong",
    RoundWindPong = "round-wind-pong",
    Kong = "kong",
    ThreeKongs = "three-kongs",
    BambooTerminalPong = "bamboo-terminal-pong",
    BothBambooTerminalPongs = "both-bamboo-terminal-pongs",
    IdenticalChows = "identical-chows",
    ThreeConcealedPongs = "three-concealed-pongs",
    AllPongs = "all-pongs",
    AllPongsTerminalsHonours = "all-pongs-terminals-honours",
    CleanHand = "clean-hand",
    PureHand = "pure-hand",
    SevenPairs = "seven-pairs",
    FullStraight = "full-straight",
    NoHonours = "no-honours",
    AllChowsSimplePair = "all-chows-simple-pair",
    ConcealedHand = "concealed-hand",
    ConcealedSelfDrawn = "concealed-self-drawn",
    NorthPair = "north-pair",
    NorthKong = "north-kong",
    WinningBonus = "winning-bonus",
    SelfDraw = "self-draw",
    LastTileDraw = "last-tile-draw",
    ReplacementWin = "replacement-win",
    RobbingKong = "robbing-kong",
    PremiumTile = "premium-tile",
    Flower = "flower",
    AllFlowers = "all-flowers",
    FlowerDora = "flower-dora",
    AllRemainingFlowers = "all-remaining-flowers",
    Ready = "ready",
    ReadySelfDrawn = "ready-self-drawn",
    NorthWin = "north-win",
    Dora = "dora",
    DoraPair = "dora-pair",
    DoraPong = "dora-pong",
    DoraKong = "dora-kong",
    RedDora = "red-dora",
    BothRedDora = "both-red-dora",
    LittleThreeDragons = "little-three-dragons",
    LittleThreeWinds = "little-three-winds",
    BambooAndHonours = "bamboo-and-honours",
    TerminalOrHonourInEverySet = "terminal-or-honour-in-every-set",
    CleanHandSeatPong = "clean-hand-seat-pong",
    FourConcealedPongs = "four-concealed-pongs",
    ThreeKongsHonourPair = "three-kongs-honour-pair",
    LittleJadeDragon = "little-jade-dragon",
    ThreeConcealedKongs = "three-concealed-kongs",
    FourKongs = "four-kongs",
    AllTerminalsHonours = "all-terminals-honours",
    GreatDragons = "great-dragons",
    GreatWinds = "great-winds",
    BambooTerminalPongsFivePair = "bamboo-terminal-pongs-five-pair",
    FourConcealedKongs = "four-concealed-kongs",
    ThirteenOrphans = "thirteen-orphans",
    NineGates = "nine-gates",
    PearlDragon = "pearl-dragon",
    RubyDragon = "ruby-dragon",
    GreatJadeDragon = "great-jade-dragon",
    DragonOrWindPong = "dragon-or-wind-pong",
    SeatOrRoundWindPong = "seat-or-round-wind-pong",
    SeatDragonPong = "seat-dragon-pong",
    TwoConcealedKongs = "two-concealed-kongs",
    ConcealedWonByDiscard = "concealed-won-by-discard",
    OneSuitAndHonours = "one-suit-and-honours",
    WestBonusTile = "west-bonus-tile",
    WestEye = "west-eye",
    WestPairInSevenPairs = "west-pair-in-seven-pairs",
    FaceOrAnimal = "face-or-animal",
    FourFacesOrAnimals = "four-faces-or-animals",
    FourFlowersOrSeasons = "four-flowers-or-seasons",
    OwnFlowerOrSeason = "own-flower-or-season",
    BambooFlowerOrWinter = "bamboo-flower-or-winter",
    NorthPong = "north-pong",
    EastPong = "east-pong",
    OneSuitWithHonours = "one-suit-with-honours",
    OneSuitOnly = "one-suit-only",
    NineGatesSelfDrawn = "nine-gates-self-drawn",
    NoBonusTiles = "no-bonus-tiles",
    DoubleReplacementWin = "double-replacement-win",
    FourConcealedPongsSelfDrawn = "four-concealed-pongs-self-drawn",
    FourFly = "four-fly",
    FirstOrLastTile = "first-or-last-tile",
    AllBonusTiles = "all-bonus-tiles",
    // Japanese riichi / sanma (crate::hanfu, crate::han_table).
    Riichi = "riichi",
    DoubleRiichi = "double-riichi",
    Ippatsu = "ippatsu",
    LastDiscard = "last-discard",
    Pinfu = "pinfu",
    AllSimples = "all-simples",
    Iipeikou = "iipeikou",
    Ryanpeikou = "ryanpeikou",
    PureStraight = "pure-straight",
    ThreeIdenticalChows = "three-identical-chows",
    ThreeSequentialPongs = "three-sequential-pongs",
    TerminalInEverySet = "terminal-in-every-set",
    HalfFlush = "half-flush",
    FullFlush = "full-flush",
    AllTerminals = "all-terminals",
    AllGreen = "all-green",
    BigWheels = "big-wheels",
    ThirteenOrphansNoDiscards = "thirteen-orphans-no-discards",
    FourConcealedPongsPairWait = "four-concealed-pongs-pair-wait",
    NineGatesNoDiscards = "nine-gates-no-discards",
    BlessingOfHeaven = "blessing-of-heaven",
    BlessingOfEarth = "blessing-of-earth",
    BlessingOfMan = "blessing-of-man",
    EightConsecutiveDealerWins = "eight-consecutive-dealer-wins",
    UraDora = "ura-dora",
    Kita = "kita",
    KitaDora = "kita-dora",
    // Shared by the Malaysian and Japanese lists.
    AllHonours = "all-honours",
    FourWinds = "four-winds",
    // Korean nine gates: the winning tile is the extra one (000 §Full limit).
    NineGatesOnExtraTile = "nine-gates-extra-tile",
    // Every set and the eye hold a terminal or an honour, at least one chow; honours optional.
    OutsideHand = "outside-hand",
    // One per copy of the winning tile, the winning tile itself included (002 read literally).
    PremiumTileWithWinningTile = "premium-tile-with-winning-tile",
}

fn bamboo(n: u8) -> Tile {
    Tile::numbered(Suit::Bamboo, n).unwrap_or_else(|| unreachable!("1-9 are tiles"))
}

fn is_dragon_pong(g: &Group) -> bool {
    g.is_pong_or_kong() && g.tile.dragon().is_some()
}

/// East, South and West: the winds that are seats.
fn is_seat_wind_tile(t: Tile) -> bool {
    matches!(t.wind(), Some(Wind::East | Wind::South | Wind::West))
}

fn is_wind_pong(g: &Group) -> bool {
    g.is_pong_or_kong() && is_seat_wind_tile(g.tile)
}

/// The one numbered suit of the hand, if exactly one suit appears.
fn single_suit(all: &TileCounts) -> Option<Suit> {
    let mut suit = None;
    for (tile, _) in all.iter() {
        if let Some(s) = tile.suit() {
            match suit {
                None => suit = Some(s),
                Some(prev) if prev != s => return None,
                Some(_) => {}
            }
        }
    }
    suit
}

fn has_honours(all: &TileCounts) -> bool {
    all.iter().any(|(t, _)| t.is_honour())
}

fn tiles_of(all: &TileCounts, keep: impl Fn(Tile) -> bool) -> TileCounts {
    let mut out = TileCounts::new();
    for (t, n) in all.iter().filter(|&(t, _)| keep(t)) {
        out.add(t, n);
    }
    out
}

fn pong_of(s: &Situation, tile: Tile) -> bool {
    s.pongs().any(|g| g.tile == tile)
}

impl Check {
    /// Runs the detector.
    pub fn detect(self, s: &Situation) -> Hit {
        use Check::*;
        let all = &s.all;
        let ctx = &s.hand.context;
        match self {
            DragonPong => Hit::per_group(s.sets(), is_dragon_pong),
            TwoDragonPongs => Hit::once_if(s.sets().filter(|g| is_dragon_pong(g)).count() >= 2),
            WindPong => Hit::per_group(s.sets(), is_wind_pong),
            SeatWindPong => Hit::per_group(s.sets(), |g| {
                g.is_pong_or_kong() && g.tile == ctx.seat.tile()
            }),
            RoundWindPong => Hit::per_group(s.sets(), |g| {
                g.is_pong_or_kong() && g.tile == ctx.round.tile()
            }),
            Kong => Hit::per_group(s.sets(), |g| g.kind == GroupKind::Kong),
            ThreeKongs => Hit::once_if(s.kongs(false) >= 3),
            BambooTerminalPong => Hit::per_group(s.sets(), |g| {
                g.is_pong_or_kong() && g.tile.suit() == Some(Suit::Bamboo) && g.tile.is_terminal()
            }),
            BothBambooTerminalPongs => Hit::once_if(pong_of(s, bamboo(1)) && pong_of(s, bamboo(9))),
            IdenticalChows => {
                let mut hit = Hit::default();
                let chows: Vec<&Group> = s.sets().filter(|g| g.kind == GroupKind::Chow).collect();
                let mut used = [false; 4];
                for i in 0..chows.len() {
                    for j in i + 1..chows.len() {
                        if !used[i] && !used[j] && chows[i].tile == chows[j].tile {
                            used[i] = true;
                            used[j] = true;
                            hit.count += 1;
                            chows[i].add_to(&mut hit.tiles);
                            chows[j].add_to(&mut hit.tiles);
                        }
                    }
                }
                hit
            }
            ThreeConcealedPongs => {
                let hit = Hit::per_group(s.sets(), |g| g.is_pong_or_kong() && g.concealed);
                Hit::once_with(hit.count >= 3, hit.tiles)
            }
            AllPongs => Hit::once_if(s.standard() && s.sets().all(Group::is_pong_or_kong)),
            AllPongsTerminalsHonours => Hit::once_if(
                s.standard()
                    && s.sets().all(Group::is_pong_or_kong)
                    && all.iter().all(|(t, _)| t.is_terminal_or_honour()),
            ),
            CleanHand => Hit::once_if(matches!(
                single_suit(all),
                Some(Suit::Characters | Suit::Circles)
            )),
            PureHand => Hit::once_if(
                matches!(single_suit(all), Some(Suit::Characters | Suit::Circles))
                    && !has_honours(all),
            ),
            SevenPairs => Hit::once_if(s.arrangement.shape == Shape::SevenPairs),
            FullStraight => {
                let straight = [Suit::Characters, Suit::Circles].into_iter().find(|&suit| {
                    [1, 4, 7].iter().all(|&n| {
                        s.sets().any(|g| {
                            g.kind == GroupKind::Chow && Tile::numbered(suit, n) == Some(g.tile)
                        })
                    })
                });
                let mut tiles = TileCounts::new();
                for tile in straight
                    .into_iter()
                    .flat_map(|suit| (1..=9).filter_map(move |n| Tile::numbered(suit, n)))
                {
                    tiles.add(tile, 1);
                }
                Hit::once_with(straight.is_some(), tiles)
            }
            NoHonours => Hit::once_if(!has_honours(all)),
            AllChowsSimplePair => Hit::once_if(
                s.standard()
                    && s.sets().all(|g| g.kind == GroupKind::Chow)
                    && s.arrangement.pair().is_some_and(|p| !p.is_honour()),
            ),
            ConcealedHand => Hit::once_if(s.hand.is_concealed()),
            ConcealedSelfDrawn => Hit::once_if(s.hand.is_concealed() && s.tsumo()),
            NorthPair => {
                let north = Wind::North.tile();
                let pair = s.arrangement.pair() == Some(north)
                    || (s.arrangement.shape == Shape::SevenPairs && all.get(north) == 2);
                Hit::once_with(pair, tiles_of(all, |t| t == north))
            }
            NorthKong => Hit::per_group(s.sets(), |g| {
                g.kind == GroupKind::Kong && g.tile == Wind::North.tile()
            }),
            WinningBonus => Hit::times(1),
            SelfDraw => Hit::once_if(s.tsumo()),
            // Haitei is the last tile of the live wall: a replacement tile comes from the
            // dead wall (rinshan instead).
            LastTileDraw => Hit::once_if(ctx.last && s.tsumo() && !ctx.replacement),
            ReplacementWin => Hit::once_if(ctx.replacement),
            RobbingKong => Hit::once_if(ctx.robbed),
            PremiumTile => {
                let win = s.hand.win_tile;
                let extra = u32::from(all.get(win).saturating_sub(1));
                Hit {
                    count: extra,
                    tiles: tiles_of(all, |t| t == win),
                }
            }
            Flower => Hit::times(s.hand.flowers()),
            AllFlowers => Hit::once_if(
                s.rules.tiles.flowers > 0 && s.hand.flowers() == u32::from(s.rules.tiles.flowers),
            ),
            // A flower turned over in the dead wall makes every flower held a dora.
            FlowerDora => Hit::times(s.hand.flowers() * ctx.dora_flowers.len() as u32),
            // Every flower that is not in the dead wall (three with one turned over).
            AllRemainingFlowers => {
                let in_play = u32::from(s.rules.tiles.flowers);
                let indicated = ctx.dora_flowers.len() as u32;
                Hit::once_if(
                    indicated > 0 && indicated < in_play && s.hand.flowers() == in_play - indicated,
                )
            }
            // 000 §Declare ready: "A player with a concealed hand may declare ready".
            Ready => Hit::once_if(ctx.riichi && s.hand.is_concealed()),
            ReadySelfDrawn => Hit::once_if(ctx.riichi && s.hand.is_concealed() && s.tsumo()),
            NorthWin => Hit::once_if(s.hand.win_tile == Wind::North.tile()),
            Dora => {
                let dora = s.dora_tiles(&ctx.dora);
                let mut hit = Hit::default();
                for (tile, times) in dora.iter() {
                    let held = all.get(tile);
                    hit.count += u32::from(held) * u32::from(times);
                    if held > 0 {
                        hit.tiles.add(tile, held);
                    }
                }
                hit
            }
            DoraPair | DoraPong | DoraKong => {
                let dora = s.dora_tiles(&ctx.dora);
                let kind = match self {
                    DoraPair => GroupKind::Pair,
                    DoraPong => GroupKind::Pong,
                    _ => GroupKind::Kong,
                };
                let mut hit = Hit::default();
                for group in s.arrangement.groups().iter().filter(|g| g.kind == kind) {
                    let times = u32::from(dora.get(group.tile));
                    if times > 0 {
                        hit.count += times;
                        group.add_to(&mut hit.tiles);
                    }
                }
                hit
            }
            RedDora => Hit::times(s.hand.red_fives()),
            BothRedDora => {
                let in_play = s.rules.tiles.red_fives.len() as u32;
                Hit::once_if(in_play >= 2 && s.hand.red_fives() == in_play)
            }
            LittleThreeDragons => Hit::once_if(
                s.standard()
                    && s.sets().filter(|g| is_dragon_pong(g)).count() == 2
                    && s.arrangement.pair().is_some_and(|p| p.dragon().is_some()),
            ),
            LittleThreeWinds => Hit::once_if(
                s.standard()
                    && s.sets().filter(|g| is_wind_pong(g)).count() == 2
                    && s.arrangement.pair().is_some_and(is_seat_wind_tile),
            ),
            BambooAndHonours => Hit::once_if(
                all.iter()
                    .all(|(t, _)| t.is_honour() || t.suit() == Some(Suit::Bamboo))
                    && all.iter().any(|(t, _)| t.suit() == Some(Suit::Bamboo)),
            ),
            TerminalOrHonourInEverySet => Hit::once_if(s.outside() && has_honours(all)),
            CleanHandSeatPong => {
                let seat_tiles = [ctx.seat.tile(), s.seat_dragon().tile()];
                Hit::once_if(
                    matches!(single_suit(all), Some(Suit::Characters | Suit::Circles))
                        && s.pongs().any(|g| seat_tiles.contains(&g.tile)),
                )
            }
            FourConcealedPongs => Hit::once_if(
                s.standard()
                    && s.sets()
                        .filter(|g| g.is_pong_or_kong() && g.concealed)
                        .count()
                        == 4,
            ),
            ThreeKongsHonourPair => Hit::once_if(
                s.kongs(false) >= 3 && s.arrangement.pair().is_some_and(Tile::is_honour),
            ),
            LittleJadeDragon => Hit::once_if(
                s.arrangement.pair() == Some(bamboo(5)) && pong_of(s, Dragon::Green.tile()),
            ),
            ThreeConcealedKongs => Hit::once_if(s.kongs(true) >= 3),
            FourKongs => Hit::once_if(s.kongs(false) == 4),
            AllTerminalsHonours => Hit::once_if(
                s.arrangement.shape != Shape::ThirteenOrphans
                    && all.iter().all(|(t, _)| t.is_terminal_or_honour()),
            ),
            GreatDragons => Hit::once_if(s.sets().filter(|g| is_dragon_pong(g)).count() == 3),
            GreatWinds => Hit::once_if(s.sets().filter(|g| is_wind_pong(g)).count() == 3),
            BambooTerminalPongsFivePair => Hit::once_if(
                pong_of(s, bamboo(1))
                    && pong_of(s, bamboo(9))
                    && s.arrangement.pair() == Some(bamboo(5)),
            ),
            FourConcealedKongs => Hit::once_if(s.kongs(true) == 4),
            ThirteenOrphans => Hit::once_if(s.arrangement.shape == Shape::ThirteenOrphans),
            NineGates => Hit::once_if(s.hand.melds.is_empty() && is_nine_gates(all)),
            PremiumTileWithWinningTile => {
                let win = s.hand.win_tile;
                Hit {
                    count: u32::from(all.get(win)),
                    tiles: tiles_of(all, |t| t == win),
                }
            }
            OutsideHand => Hit::once_if(s.outside()),
            NineGatesOnExtraTile => {
                Hit::once_if(s.hand.melds.is_empty() && is_nine_gates_before(all, s.hand.win_tile))
            }
            PearlDragon => Hit::once_if(
                s.standard()
                    && pong_of(s, Dragon::White.tile())
                    && all
                        .iter()
                        .all(|(t, _)| t == Dragon::White.tile() || t.suit() == Some(Suit::Circles)),
            ),
            RubyDragon => Hit::once_if(
                s.standard()
                    && pong_of(s, Dragon::Red.tile())
                    && all.iter().all(|(t, _)| {
                        t == Dragon::Red.tile() || t.suit() == Some(Suit::Characters)
                    }),
            ),
            GreatJadeDragon => Hit::once_if(
                pong_of(s, bamboo(1)) && pong_of(s, bamboo(9)) && pong_of(s, Dragon::Green.tile()),
            ),
            DragonOrWindPong => {
                Hit::per_group(s.sets(), |g| g.is_pong_or_kong() && g.tile.is_honour())
            }
            SeatOrRoundWindPong => {
                let (seat, round) = (ctx.seat.tile(), ctx.round.tile());
                let both_count = s.rules.options.seat_and_round_wind_both_count;
                let mut hit = Hit::default();
                for group in s.pongs() {
                    let matches = u32::from(group.tile == seat) + u32::from(group.tile == round);
                    let times = if both_count { matches } else { matches.min(1) };
                    if times > 0 {
                        hit.count += times;
                        group.add_to(&mut hit.tiles);
                    }
                }
                hit
            }
            SeatDragonPong => {
                let dragon = s.seat_dragon().tile();
                Hit::per_group(s.sets(), |g| g.is_pong_or_kong() && g.tile == dragon)
            }
            TwoConcealedKongs => {
                let kongs = Hit::per_group(s.sets(), |g| g.kind == GroupKind::Kong && g.concealed);
                Hit::once_with(kongs.count >= 2, kongs.tiles)
            }
            ConcealedWonByDiscard => Hit::once_if(
                s.hand.is_concealed() && (!s.tsumo() || s.rules.options.concealed_hand_stacks),
            ),
            OneSuitAndHonours => Hit::once_if(
                single_suit(all).is_some()
                    && (has_honours(all) || !s.rules.options.clean_hand_needs_honours),
            ),
            WestBonusTile => {
                let west = Wind::West.tile();
                if s.rules.options.west_set_aside {
                    let set_aside = s.hand.set_aside_wests();
                    let mut tiles = TileCounts::new();
                    tiles.add(west, set_aside as u8);
                    Hit {
                        count: set_aside,
                        tiles,
                    }
                } else {
                    Hit {
                        count: u32::from(all.get(west)),
                        tiles: tiles_of(all, |t| t == west),
                    }
                }
            }
            WestEye | WestPairInSevenPairs => {
                let west = Wind::West.tile();
                let mut tiles = TileCounts::new();
                tiles.add(west, 2);
                let shape = if self == WestEye {
                    s.standard() && s.arrangement.pair() == Some(west)
                } else {
                    s.arrangement.shape == Shape::SevenPairs && all.get(west) == 2
                };
                let won_on_west =
                    s.hand.win_tile == west || !s.rules.options.sacred_pair_needs_west_win;
                Hit::once_with(shape && won_on_west, tiles)
            }
            FaceOrAnimal
            | FourFacesOrAnimals
            | FourFlowersOrSeasons
            | OwnFlowerOrSeason
            | BambooFlowerOrWinter
            | NorthPong
            | EastPong
            | OneSuitWithHonours
            | OneSuitOnly
            | NineGatesSelfDrawn
            | NoBonusTiles
            | DoubleReplacementWin
            | FourConcealedPongsSelfDrawn
            | FourFly
            | FirstOrLastTile
            | AllBonusTiles => detect_malaysian(self, s),
            Riichi
            | DoubleRiichi
            | Ippatsu
            | LastDiscard
            | Pinfu
            | AllSimples
            | Iipeikou
            | Ryanpeikou
            | PureStraight
            | ThreeIdenticalChows
            | ThreeSequentialPongs
            | TerminalInEverySet
            | HalfFlush
            | FullFlush
            | AllTerminals
            | AllGreen
            | BigWheels
            | ThirteenOrphansNoDiscards
            | FourConcealedPongsPairWait
            | NineGatesNoDiscards
            | BlessingOfHeaven
            | BlessingOfEarth
            | BlessingOfMan
            | EightConsecutiveDealerWins
            | UraDora
            | Kita
            | KitaDora => japanese::detect(self, s),
            AllHonours => Hit::once_if(all.total() > 0 && all.iter().all(|(t, _)| t.is_honour())),
            FourWinds => {
                // Big four winds (four wind sets) or little four winds (three and the pair).
                let wind_sets = s.pongs().filter(|g| g.tile.wind().is_some()).count();
                let wind_pair = s.arrangement.pair().is_some_and(|p| p.wind().is_some());
                Hit::once_if(s.standard() && (wind_sets == 4 || (wind_sets == 3 && wind_pair)))
            }
        }
    }
}

/// How many of `sets` the hand holds complete (every tile the ruleset has of it).
fn complete_sets(s: &Situation, sets: &[BonusSet]) -> u32 {
    sets.iter()
        .filter(|&&set| s.hand.holds_full_set(set, &s.rules.tiles))
        .count() as u32
}

/// The flower/season number that belongs to a seat: East 1, South 2, West 3, North 4.
fn seat_number(seat: Wind) -> u8 {
    seat as u8 + 1
}

/// Detectors of the Malaysian fan list (000 §Malaysia).
fn detect_malaysian(check: Check, s: &Situation) -> Hit {
    use Check::*;
    let all = &s.all;
    let ctx = &s.hand.context;
    let options = &s.rules.options;
    match check {
        FaceOrAnimal => {
            let n = s.hand.bonus_count(BonusSet::Faces) + s.hand.bonus_count(BonusSet::Animals);
            if options.face_animal_per_tile {
                Hit::times(n)
            } else {
                Hit::once_if(n > 0)
            }
        }
        FourFacesOrAnimals => Hit::times(complete_sets(s, &[BonusSet::Faces, BonusSet::Animals])),
        FourFlowersOrSeasons => {
            Hit::times(complete_sets(s, &[BonusSet::Flowers, BonusSet::Seasons]))
        }
        OwnFlowerOrSeason => {
            let n = seat_number(ctx.seat);
            Hit::times(
                s.hand
                    .bonus
                    .iter()
                    .filter(|&&b| b == BonusTile::Flower(n) || b == BonusTile::Season(n))
                    .count() as u32,
            )
        }
        BambooFlowerOrWinter => Hit::times(
            s.hand
                .bonus
                .iter()
                .filter(|&&b| b == BonusTile::Flower(4) || b == BonusTile::Season(4))
                .count() as u32,
        ),
        NorthPong => Hit::per_group(s.sets(), |g| {
            g.is_pong_or_kong() && g.tile == Wind::North.tile()
        }),
        EastPong => Hit::per_group(s.sets(), |g| {
            g.is_pong_or_kong() && g.tile == Wind::East.tile()
        }),
        OneSuitWithHonours => Hit::once_if(single_suit(all).is_some() && has_honours(all)),
        OneSuitOnly => Hit::once_if(single_suit(all).is_some() && !has_honours(all)),
        NineGatesSelfDrawn => Hit::once_if(
            s.hand.melds.is_empty()
                && is_nine_gates(all)
                && (s.tsumo() || !options.nine_gates_self_draw_only),
        ),
        NoBonusTiles => Hit::once_if(
            BonusSet::ALL
                .iter()
                .all(|&set| s.hand.bonus_count(set) == 0),
        ),
        DoubleReplacementWin => Hit::once_if(ctx.double_replacement),
        FourConcealedPongsSelfDrawn => Hit::once_if(
            s.standard()
                && s.sets()
                    .filter(|g| g.is_pong_or_kong() && g.concealed)
                    .count()
                    == 4
                && (s.tsumo() || !options.four_concealed_self_draw_only),
        ),
        FourFly => Hit::once_if(s.hand.jokers >= 4),
        FirstOrLastTile => Hit::once_if(ctx.first || ctx.last),
        AllBonusTiles => {
            let in_set: u32 = BonusSet::ALL
                .iter()
                .map(|&set| u32::from(s.rules.tiles.bonus_set_size(set)))
                .sum();
            let held: u32 = BonusSet::ALL
                .iter()
                .map(|&set| s.hand.bonus_count(set))
                .sum();
            Hit::once_if(in_set > 0 && held == in_set)
        }
        _ => Hit::default(),
    }
}

/// Detectors of the Japanese riichi / sanma yaku and dora.
mod japanese {
    use super::*;

    fn chows<'s>(s: &'s Situation) -> impl Iterator<Item = &'s Group> {
        s.sets().filter(|g| g.kind == GroupKind::Chow)
    }

    /// How many pairs of identical chows, each chow used once; 0 if three are identical
    /// (that is three identical chows, not a pure double chow).
    fn identical_chow_pairs(s: &Situation) -> u32 {
        let mut tiles: Vec<Tile> = chows(s).map(|g| g.tile).collect();
        tiles.sort();
        let mut pairs = 0;
        let mut i = 0;
        while i + 1 < tiles.len() {
            if tiles[i] == tiles[i + 1] {
                if i + 2 < tiles.len() && tiles[i + 2] == tiles[i] {
                    return 0;
                }
                pairs += 1;
                i += 2;
            } else {
                i += 1;
            }
        }
        pairs
    }

    /// The winning tile finished a chow from a two-sided (ryanmen) wait.
    fn two_sided_wait(s: &Situation) -> bool {
        let Some(group) = s.arrangement.win_group() else {
            return false;
        };
        let (Some(low), win) = (group.tile.number(), s.hand.win_tile.number()) else {
            return false;
        };
        group.kind == GroupKind::Chow
            && ((win == Some(low) && low != 7) || (win == Some(low + 2) && low != 1))
    }

    /// A pair that is a value tile: a dragon, the seat wind or the round wind.
    pub(crate) fn is_value_pair(s: &Situation, tile: Tile) -> bool {
        let ctx = &s.hand.context;
        tile.dragon().is_some() || tile == ctx.seat.tile() || tile == ctx.round.tile()
    }

    /// How many times each tile is pointed at by `indicators`.
    fn pointed(s: &Situation, indicators: &[Tile]) -> TileCounts {
        s.dora_tiles(indicators)
    }

    fn dora_in_hand(s: &Situation, indicators: &[Tile], kita_too: bool) -> Hit {
        let dora = pointed(s, indicators);
        let north = Wind::North.tile();
        let mut hit = Hit::default();
        for (tile, times) in dora.iter() {
            let mut held = s.all.get(tile);
            if kita_too && tile == north {
                held += s.hand.kita() as u8;
            }
            hit.count += u32::from(held) * u32::from(times);
            if held > 0 {
                hit.tiles.add(tile, held);
            }
        }
        hit
    }

    fn suit_tiles(suit: Suit) -> impl Iterator<Item = Tile> {
        (1..=9).filter_map(move |n| Tile::numbered(suit, n))
    }

    pub(super) fn detect(check: Check, s: &Situation) -> Hit {
        use Check::*;
        let all = &s.all;
        let ctx = &s.hand.context;
        let standard = s.standard();
        match check {
            Riichi => Hit::once_if(ctx.riichi && !ctx.double_riichi),
            DoubleRiichi => Hit::once_if(ctx.double_riichi),
            Ippatsu => Hit::once_if(ctx.ippatsu && ctx.riichi),
            // Houtei is won on the last discard: a tile robbed from a kong is not a discard.
            LastDiscard => Hit::once_if(ctx.last && !s.tsumo() && !ctx.robbed),
            Pinfu => Hit::once_if(
                standard
                    && s.hand.is_concealed()
                    && s.sets().all(|g| g.kind == GroupKind::Chow)
                    && s.arrangement.pair().is_some_and(|p| !is_value_pair(s, p))
                    && two_sided_wait(s)
                    && (s.rules.options.pinfu_tsumo || !s.tsumo()),
            ),
            AllSimples => Hit::once_if(all.iter().all(|(t, _)| !t.is_terminal_or_honour())),
            Iipeikou => {
                // Two pure double chows are ryanpeikou where the ruleset has it; otherwise
                // they still make (one) iipeikou.
                let pairs = identical_chow_pairs(s);
                let has_ryanpeikou = s.rules.criteria.iter().any(|c| c.check == Ryanpeikou);
                Hit::once_if(standard && (pairs == 1 || (pairs == 2 && !has_ryanpeikou)))
            }
            Ryanpeikou => Hit::once_if(standard && identical_chow_pairs(s) == 2),
            PureStraight => {
                let straight = [Suit::Circles, Suit::Bamboo, Suit::Characters]
                    .into_iter()
                    .find(|&suit| {
                        [1, 4, 7]
                            .iter()
                            .all(|&n| chows(s).any(|g| Tile::numbered(suit, n) == Some(g.tile)))
                    });
                let mut tiles = TileCounts::new();
                for tile in straight.into_iter().flat_map(suit_tiles) {
                    tiles.add(tile, 1);
                }
                Hit::once_with(straight.is_some(), tiles)
            }
            ThreeIdenticalChows => {
                let found = chows(s)
                    .find(|g| chows(s).filter(|h| h.tile == g.tile).count() >= 3)
                    .map(|g| g.tile);
                let mut tiles = TileCounts::new();
                if let Some(low) = found {
                    for i in 0..3 {
                        if let Some(t) = low.offset(i) {
                            tiles.add(t, 3);
                        }
                    }
                }
                Hit::once_with(found.is_some(), tiles)
            }
            ThreeSequentialPongs => {
                let found = s.pongs().find(|g| {
                    g.tile.suit().is_some()
                        && (1..3).all(|i| g.tile.offset(i).is_some_and(|t| pong_of(s, t)))
                });
                let mut tiles = TileCounts::new();
                if let Some(g) = found {
                    for i in 0..3 {
                        if let Some(t) = g.tile.offset(i) {
                            tiles.add(t, 3);
                        }
                    }
                }
                Hit::once_with(found.is_some(), tiles)
            }
            TerminalInEverySet => Hit::once_if(
                standard
                    && s.arrangement
                        .groups()
                        .iter()
                        .all(|g| g.tiles().any(Tile::is_terminal))
                    && s.sets().any(|g| g.kind == GroupKind::Chow),
            ),
            HalfFlush => Hit::once_if(single_suit(all).is_some() && has_honours(all)),
            FullFlush => Hit::once_if(single_suit(all).is_some() && !has_honours(all)),
            AllTerminals => Hit::once_if(all.iter().all(|(t, _)| t.is_terminal())),
            AllGreen => Hit::once_if(all.iter().all(|(t, _)| {
                t == Dragon::Green.tile()
                    || (t.suit() == Some(Suit::Bamboo)
                        && matches!(t.number(), Some(2 | 3 | 4 | 6 | 8)))
            })),
            BigWheels => Hit::once_if(
                s.hand.melds.is_empty()
                    && [Suit::Circles, Suit::Bamboo, Suit::Characters]
                        .into_iter()
                        .any(|suit| {
                            all.total() == 14
                                && (2..=8).all(|n| {
                                    Tile::numbered(suit, n).is_some_and(|t| all.get(t) == 2)
                                })
                        }),
            ),
            ThirteenOrphansNoDiscards => Hit::once_if(
                s.arrangement.shape == Shape::ThirteenOrphans
                    && s.hand.kita() == 0
                    && !ctx.discards.iter().any(|t| t.is_terminal_or_honour()),
            ),
            FourConcealedPongsPairWait => Hit::once_if(
                standard
                    && s.sets()
                        .filter(|g| g.is_pong_or_kong() && g.concealed)
                        .count()
                        == 4
                    && s.arrangement
                        .win_group()
                        .is_some_and(|g| g.kind == GroupKind::Pair),
            ),
            NineGatesNoDiscards => Hit::once_if(
                s.hand.melds.is_empty()
                    && is_nine_gates(all)
                    && single_suit(all)
                        .is_some_and(|suit| !ctx.discards.iter().any(|t| t.suit() == Some(suit))),
            ),
            BlessingOfHeaven => {
                Hit::once_if(ctx.first && s.tsumo() && ctx.seat == Wind::East && !has_kong(s))
            }
            BlessingOfEarth => {
                Hit::once_if(ctx.first && s.tsumo() && ctx.seat != Wind::East && !has_kong(s))
            }
            BlessingOfMan => Hit::once_if(ctx.first && !s.tsumo() && ctx.seat != Wind::East),
            EightConsecutiveDealerWins => Hit::once_if(
                ctx.seat == Wind::East
                    && s.rules.han.paarenchan_honba > 0
                    && ctx.honba == s.rules.han.paarenchan_honba,
            ),
            UraDora if ctx.riichi => dora_in_hand(s, &ctx.ura, true),
            UraDora => Hit::default(),
            Kita => {
                let n = s.hand.kita();
                let mut tiles = TileCounts::new();
                tiles.add(Wind::North.tile(), n as u8);
                Hit { count: n, tiles }
            }
            KitaDora => {
                let times = u32::from(pointed(s, &ctx.dora).get(Wind::North.tile()));
                let n = s.hand.kita();
                let mut tiles = TileCounts::new();
                if times > 0 {
                    tiles.add(Wind::North.tile(), n as u8);
                }
                Hit {
                    count: n * times,
                    tiles,
                }
            }
            _ => Hit::default(),
        }
    }

    fn has_kong(s: &Situation) -> bool {
        s.sets().any(|g| g.kind == GroupKind::Kong)
    }
}

/// Without the winning tile, exactly 1112345678999 of one suit: the winning tile is the extra
/// one (000 §Full limit: "a concealed hand of 1112345678999 tiles in one suit, and winning on
/// any extra tile of the same suit").
fn is_nine_gates_before(all: &TileCounts, win: Tile) -> bool {
    if !is_nine_gates(all) {
        return false;
    }
    let mut before = *all;
    before.remove(win, 1);
    let need = [3u8, 1, 1, 1, 1, 1, 1, 1, 3];
    single_suit(all).is_some_and(|suit| {
        (1..=9u8)
            .all(|n| Tile::numbered(suit, n).is_some_and(|t| before.get(t) == need[n as usize - 1]))
    })
}

/// 1112345678999 of one suit plus any tile of that suit.
fn is_nine_gates(all: &TileCounts) -> bool {
    let Some(suit) = single_suit(all) else {
        return false;
    };
    if has_honours(all) || all.total() != 14 {
        return false;
    }
    let need = [3u8, 1, 1, 1, 1, 1, 1, 1, 3];
    (1..=9u8).all(|n| Tile::numbered(suit, n).is_some_and(|t| all.get(t) >= need[n as usize - 1]))
}
