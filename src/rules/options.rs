//! The optional rules: one table declaring each option with its doc, default and the scoring
//! systems that read it. An option that the ruleset's system does not read is an error at
//! load (`scope`). The tile-set options (`red-dora`, `north-as-normal`, `no-bamboo`,
//! `five-bamboo-pair`) and `jokers-beyond-copies` are read while building the tile set and
//! searching joker assignments, which every system does; the others by the criteria or the
//! scoring code of the systems listed.

use serde::{Deserialize, Serialize};

use super::system::System;

/// Declares the optional rules once: each with its doc, field, `OptionName` variant, default
/// and the systems that read it. Generates [`OptionsFile`] (as written), [`Options`] (defaults
/// applied), [`OptionName`] (for a criterion's `when`, with its key and readers) and
/// [`Options::is_on`].
macro_rules! optional_rules {
    ($($(#[doc = $doc:literal])* $field:ident, $variant:ident = $default:literal,
        read by [$($system:ident),+];)*) => {
        /// Optional rules as written in TOML.
        #[derive(Debug, Clone, Default, Deserialize, Serialize, PartialEq)]
        #[serde(deny_unknown_fields, rename_all = "kebab-case")]
        pub struct OptionsFile {
            $($(#[doc = $doc])* pub $field: Option<bool>,)*
        }

        /// Options with their defaults applied.
        #[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
        #[serde(rename_all = "kebab-case")]
        pub struct Options {
            $($(#[doc = $doc])* pub $field: bool,)*
        }

        /// The name of an optional rule.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, Serialize)]
        #[serde(rename_all = "kebab-case")]
        pub enum OptionName {
            $($(#[doc = $doc])* $variant,)*
        }

        impl OptionName {
            /// Every optional rule, in declaration order.
            pub const ALL: &[OptionName] = &[$(OptionName::$variant,)*];

            /// The key as written in `[options]` (`red-dora`).
            pub fn key(self) -> String {
                match self {
                    $(OptionName::$variant => stringify!($field).replace('_', "-"),)*
                }
            }

            /// What the option does when on, in a sentence (its doc comment).
            pub fn description(self) -> &'static str {
                match self {
                    $(OptionName::$variant => concat!($($doc),*).trim_ascii(),)*
                }
            }

            /// The scoring systems that read this option.
            pub fn read_by(self) -> &'static [System] {
                match self {
                    $(OptionName::$variant => &[$(System::$system),+],)*
                }
            }
        }

        impl OptionsFile {
            /// The options this file sets, in declaration order.
            pub fn named(&self) -> Vec<OptionName> {
                let mut named = Vec::new();
                $(if self.$field.is_some() {
                    named.push(OptionName::$variant);
                })*
                named
            }

            /// Lays `top` over this table: every option `top` sets replaces this one's.
            pub(super) fn update(&mut self, top: OptionsFile) {
                $(if top.$field.is_some() {
                    self.$field = top.$field;
                })*
            }
        }

        impl Options {
            /// Whether the named option is on.
            pub fn is_on(&self, name: OptionName) -> bool {
                match name {
                    $(OptionName::$variant => self.$field,)*
                }
            }

            /// The options a file sets, each one it leaves out at its default.
            pub(super) fn from_file(file: &OptionsFile) -> Options {
                Options {
                    $($field: file.$field.unwrap_or($default),)*
                }
            }
        }
    };
}

optional_rules! {
    /// Dora from indicators (`dora=`).
    dead_wall_dora, DeadWallDora = false, read by [Points];
    /// A dora eye, pong or kong scores extra points on top of one per tile.
    dora_set_extras, DoraSetExtras = true, read by [Points];
    /// Red fives score bonus-points.
    red_dora, RedDora = false, read by [Points, Fan, HanFu, HanTable];
    /// North is kept in play, usable only as a pair or a kong.
    north_as_normal, NorthAsNormal = false, read by [Points, Fan, HanFu, HanTable];
    /// All bamboo tiles are removed.
    no_bamboo, NoBamboo = false, read by [Points, Fan, HanFu, HanTable];
    /// Two 5 bamboo tiles are added, usable only as a pair.
    five_bamboo_pair, FiveBambooPair = false, read by [Points, Fan, HanFu, HanTable];
    /// West winds score as bonus tiles when set aside (`+W`), not while held in the hand.
    west_set_aside, WestSetAside = false, read by [Points];
    /// Premium tile counts every copy of the winning tile in the hand, the winning tile
    /// itself too (002's "the winning tile and any other identical tiles"), not only the
    /// other copies (000's "every extra tile").
    premium_tile_counts_winning_tile, PremiumTileCountsWinningTile = false, read by [Points];
    /// A wind pong that is both the seat wind and the round wind scores the seat-or-round
    /// point twice.
    seat_and_round_wind_both_count, SeatAndRoundWindBothCount = false, read by [Points];
    /// A concealed hand scores the concealed-hand points however it is won (self-drawn
    /// too), on top of the fully-concealed points.
    concealed_hand_stacks, ConcealedHandStacks = false, read by [Points];
    /// A clean hand needs at least one honour, so a pure hand is not also clean.
    clean_hand_needs_honours, CleanHandNeedsHonours = false, read by [Points];
    /// The West-eye criteria (sacred pair) need the winning tile to be a West.
    sacred_pair_needs_west_win, SacredPairNeedsWestWin = false, read by [Points];
    /// Fan system: every face or animal tile scores (false: one fan however many).
    face_animal_per_tile, FaceAnimalPerTile = true, read by [Fan];
    /// Fan system: nine gates counts only when self-drawn.
    nine_gates_self_draw_only, NineGatesSelfDrawOnly = true, read by [Fan];
    /// Fan system: four concealed pongs counts only when self-drawn.
    four_concealed_self_draw_only, FourConcealedSelfDrawOnly = true, read by [Fan];
    /// Jokers may stand for a copy beyond the number the set holds (a fifth 5p).
    jokers_beyond_copies, JokersBeyondCopies = false, read by [Points, Fan, HanFu, HanTable];
    /// All simples (tanyao) counts in an open hand (kuitan).
    kuitan, Kuitan = false, read by [HanFu, HanTable];
    /// Haitei, houtei, rinshan and chankan keep their han in an open hand.
    open_situational_yaku, OpenSituationalYaku = false, read by [HanFu, HanTable];
    /// Pinfu may be won by self-draw (20 fu).
    pinfu_tsumo, PinfuTsumo = true, read by [HanFu, HanTable];
    /// 4 han 30 fu and 3 han 60 fu are rounded up to mangan (kiriage).
    kiriage_mangan, KiriageMangan = false, read by [HanFu];
    /// 13 or more han without a yakuman are a yakuman (kazoe).
    kazoe_yakuman, KazoeYakuman = false, read by [HanFu, HanTable];
    /// On a tsumo the absent fourth player's share is split between the two payers
    /// (north-bisection: each pays its own four-player share plus half the absent one's,
    /// rounded up to 100); off: it is not paid, "tsumo loss".
    tsumo_split, TsumoSplit = false, read by [HanFu, HanTable];
    /// A ron needs a yaku on every tile the hand waited on (a yakuhai set made by the
    /// winning tile does not count): atozuke rules.
    atozuke, Atozuke = false, read by [HanFu, HanTable];
    /// Iipeikou and chanta won on a discard, and ittsuu, count only if every tile the hand
    /// waited on would give them.
    wait_dependent_yaku, WaitDependentYaku = false, read by [HanFu, HanTable];
    /// A ron is refused when any tile the hand waited on is among the winner's discards
    /// (off: only the winning tile itself).
    furiten_any_wait, FuritenAnyWait = false, read by [HanFu, HanTable];
    /// Paarenchan is a win only with at least one yaku (off: it needs no yaku).
    paarenchan_needs_yaku, PaarenchanNeedsYaku = false, read by [HanFu, HanTable];
    /// Han-fu system: a pair of a wind that is both the seat and the round wind scores
    /// 2 fu twice (4); off: 2 fu once.
    double_wind_pair_counts_twice, DoubleWindPairCountsTwice = true, read by [HanFu];
    /// A North set aside as kita counts among the winner's discards for furiten (003 §4.1).
    kita_furiten, KitaFuriten = true, read by [Points, HanFu, HanTable];
    /// Honroutou, sankantsu, shousangen and sanrenkoh lose one han in an open hand (003 §10
    /// Warning No. 2); off: they keep their closed value.
    open_reduction, OpenReduction = true, read by [HanFu, HanTable];
    /// Yaku whose open value is below their closed value but not zero lose that han in an
    /// open hand (kuisagari); off: they keep their closed value open.
    kuisagari, Kuisagari = true, read by [HanFu, HanTable];
    /// The `sanrenkoh` detector reads three pongs of consecutive numbers in one suit
    /// (000 §Honshū); off: three identical chows (003 §12 Sanrenkoh).
    sanrenkoh_sequential_pongs, SanrenkohSequentialPongs = false, read by [HanFu, HanTable];
    /// With `kazoe-yakuman`, 26 or more han are two yakuman (off: one, however many han).
    kazoe_double, KazoeDouble = false, read by [HanFu];
    /// Ryanshi (enough counters on the table) needs two different yaku; off: two han of
    /// yaku, which one 2-han yaku gives. Dora, kita and red fives never count.
    ryanshi_two_yaku, RyanshiTwoYaku = false, read by [HanFu, HanTable];
    /// Han-based systems: several yakuman in one hand add up (off: only the largest counts;
    /// a named double or triple, such as kokushi with no discards, stays one hand).
    yakuman_stack, YakumanStack = true, read by [HanFu, HanTable];
    /// A player in riichi may declare a concealed kong (003 §9.5), so a hand in riichi may win
    /// on a kong's replacement tile; off: the hand cannot be changed after riichi, not even by
    /// a concealed kong (000 §Honshū Riichi).
    riichi_concealed_kong, RiichiConcealedKong = true, read by [HanFu, HanTable];
    /// A North the riichi player sets aside does not end their own ippatsu, so a win on its
    /// replacement tile may be ippatsu (000 §Honshū Ippatsu names only opponents' calls); off:
    /// every kita and kong ends it (003 §12 Ippatsu, §4.1; Tenhou, Mahjong Soul).
    kita_keeps_ippatsu, KitaKeepsIppatsu = false, read by [HanFu, HanTable];
    /// On the dealer's first-draw win (tenhou) no tile is the winning tile, so thirteen
    /// orphans, four concealed pongs and nine gates count as their double forms (13-sided wait,
    /// single wait, nine-sided wait): Mahjong Soul's ruling; off: the drawn tile decides.
    tenhou_double_forms, TenhouDoubleForms = false, read by [HanFu, HanTable];
    /// A player may win on a North another player sets aside as kita (`robbed-kita`), a win
    /// on another's tile that is no chankan (003 §4.1, §9.2); off: a kita is never won on.
    robbed_kita, RobbedKita = false, read by [HanFu, HanTable];
    /// With `robbed-kita`, only thirteen orphans may win on a kita North (000 §Honshū: "an
    /// opponent may rob ... a declared / discarded North tile to win with kokushi musou").
    robbed_kita_thirteen_orphans_only, RobbedKitaThirteenOrphansOnly = false, read by [HanFu, HanTable];
    /// Thirteen orphans may rob a concealed kong (`robbed-concealed`; 003 §9.2, §12 Chankan);
    /// off: a concealed kong is never robbed. No other hand may rob one.
    robbed_concealed_kong, RobbedConcealedKong = false, read by [Points, Fan, HanFu, HanTable];
}
