//! Laying one layer of a ruleset over the layers below it, field by field on the schema's
//! structs: a value the top layer writes replaces the one below; the tables (`[tiles]`,
//! `[options]`, `[criteria.ID]`, …) merge key by key, so a changed criterion keeps its
//! display position and a new one goes last; an array is replaced whole.

use super::game::GameFile;
use super::options::OptionsFile;
use super::schema::{
    CriterionFile, FanFile, HanFile, PaymentFile, RulesetFile, ScoringFile, TilesFile,
};

/// Writes every field that `$top` sets over `$base`. The pattern names every field of the
/// struct, so a field added to it and not here does not compile.
macro_rules! update_fields {
    ($base:expr, $top:expr, $kind:ident { $($field:ident),* $(,)? }) => {{
        let $kind { $($field),* } = $top;
        $(if $field.is_some() {
            $base.$field = $field;
        })*
    }};
}

/// `top` over `base`: merged when both layers write the table, else whichever does.
fn update_table<T>(base: &mut Option<T>, top: Option<T>, update: fn(&mut T, T)) {
    match (base.as_mut(), top) {
        (Some(below), Some(above)) => update(below, above),
        (None, Some(above)) => *base = Some(above),
        (_, None) => {}
    }
}

impl RulesetFile {
    /// Lays `top` over this file; `extends` stays this file's.
    pub(super) fn update(&mut self, top: RulesetFile) {
        let RulesetFile {
            extends: _,
            name,
            title,
            source,
            tiles,
            scoring,
            payment,
            options,
            fan,
            han,
            criteria,
            game,
        } = top;
        for (below, above) in [
            (&mut self.name, name),
            (&mut self.title, title),
            (&mut self.source, source),
        ] {
            if above.is_some() {
                *below = above;
            }
        }
        update_table(&mut self.tiles, tiles, TilesFile::update);
        update_table(&mut self.scoring, scoring, ScoringFile::update);
        update_table(&mut self.payment, payment, PaymentFile::update);
        update_table(&mut self.options, options, OptionsFile::update);
        update_table(&mut self.fan, fan, FanFile::update);
        update_table(&mut self.game, game, GameFile::update);
        update_table(&mut self.han, han, HanFile::update);
        for (id, criterion) in criteria {
            match self.criteria.get_mut(&id) {
                Some(below) => below.update(criterion),
                None => {
                    self.criteria.insert(id, criterion);
                }
            }
        }
    }
}

impl TilesFile {
    /// Lays `top` over this table.
    pub(super) fn update(&mut self, top: TilesFile) {
        update_fields!(
            self,
            top,
            TilesFile {
                characters,
                circles,
                bamboo,
                winds,
                dragons,
                flowers,
                seasons,
                faces,
                animals,
                jokers,
                melded_chows,
                melded_chows_source,
                dora_dragon_order,
                source,
                kita,
                red_fives,
            }
        );
    }
}

impl ScoringFile {
    /// Lays `top` over this table.
    pub(super) fn update(&mut self, top: ScoringFile) {
        update_fields!(
            self,
            top,
            ScoringFile {
                system,
                minimum,
                limit,
                half_limit,
                limit_hands_concealed_only,
            }
        );
    }
}

impl PaymentFile {
    /// Lays `top` over this table.
    pub(super) fn update(&mut self, top: PaymentFile) {
        update_fields!(
            self,
            top,
            PaymentFile {
                mode,
                discard_bonus,
                goulash_per_draw,
                waiting_discount,
            }
        );
    }
}

impl FanFile {
    /// Lays `top` over this table.
    pub(super) fn update(&mut self, top: FanFile) {
        update_fields!(
            self,
            top,
            FanFile {
                cap,
                base_points,
                points_per_fan,
                self_draw_multiplier,
                discarder_multiplier,
                other_multiplier,
                concealed_kong,
                open_kong,
                full_set_dealt,
                full_set_drawn,
                fly_bonus,
            }
        );
    }
}

impl HanFile {
    /// Lays `top` over this table (`[[han.table]]` is replaced whole).
    pub(super) fn update(&mut self, top: HanFile) {
        update_fields!(
            self,
            top,
            HanFile {
                honba_ron,
                honba_tsumo,
                riichi_stick,
                ryanshi_honba,
                paarenchan_honba,
                goulash_per_draw,
                table,
            }
        );
    }
}

impl CriterionFile {
    /// Lays `top` over this criterion.
    pub(super) fn update(&mut self, top: CriterionFile) {
        update_fields!(
            self,
            top,
            CriterionFile {
                check,
                class,
                value,
                name,
                aliases,
                description,
                example,
                source,
                enabled,
                when,
                concealed_only,
                needs_hand_points,
                open_value,
            }
        );
    }
}
