//! The han-only table system (`system = "han-table"`): yaku han, bonus han and yakuman are
//! counted as in [`crate::system::han`], without fu; the payment is read from the ruleset's printed
//! table (`[[han.table]]` rows): the highest han row the hand reaches, or the yakuman row.

use crate::criteria::Hit;
use crate::hand::{Hand, Win};
use crate::results::{HanTableTotals, Note, Payments, SystemScore, Totals};
use crate::rules::{HanTableRow, Ruleset};
use crate::system::han::{Waits, judge, settle_with};
use crate::tile::Seat;

/// The row of `table` for `han` (or `yakuman` multiples), and a note when the hand falls
/// outside the printed rows.
pub fn row_for(
    table: &[HanTableRow],
    han: u32,
    yakuman: u32,
) -> (Option<&HanTableRow>, Option<String>) {
    if yakuman > 0 {
        let rows = table.iter().filter(|r| r.yakuman.is_some());
        let best = rows
            .filter(|r| r.yakuman.is_some_and(|y| y <= yakuman))
            .max_by_key(|r| r.yakuman);
        let note = best.and_then(|r| {
            (r.yakuman != Some(yakuman)).then(|| {
                format!(
                    "{yakuman} yakuman is beyond the printed table: paid as its highest row ({})",
                    r.name
                )
            })
        });
        return (best, note);
    }
    let han_rows = || table.iter().filter(|r| r.han.is_some());
    match han_rows()
        .filter(|r| r.han.is_some_and(|h| h <= han))
        .max_by_key(|r| r.han)
    {
        Some(row) => (Some(row), None),
        None => {
            let first = han_rows().min_by_key(|r| r.han);
            let note = first.map(|r| {
                format!(
                    "{han} han is below the table's first row; paid as that row ({})",
                    r.name
                )
            });
            (first, note)
        }
    }
}

/// What is said of `tsumo-split` on a tsumo: the table does not split.
pub const TSUMO_SPLIT_NOTE: &str =
    "tsumo-split does not apply: the printed table fixes what each player pays on a tsumo";

/// The row a hand of `han` han (or `yakuman` yakuman) is paid by, and what to note: a row
/// outside the printed ones, or han beyond the last han row paid as a yakuman under
/// `kazoe-yakuman`.
pub fn row_of(rules: &Ruleset, han: u32, yakuman: u32) -> (Option<&HanTableRow>, Vec<String>) {
    let kazoe = yakuman == 0 && rules.options.kazoe_yakuman && {
        let top = rules.han.table.iter().filter_map(|r| r.han).max();
        top.is_some_and(|top| han > top.saturating_add(2))
    };
    let (row, row_note) = row_for(&rules.han.table, han, if kazoe { 1 } else { yakuman });
    let mut notes: Vec<String> = row_note.into_iter().collect();
    if kazoe {
        notes.push("counted han beyond the table's last han row are paid as a yakuman (kazoe-yakuman option)".into());
    }
    (row, notes)
}

/// Scores one arrangement whose criteria `hits` are known.
pub fn score(hand: &Hand, hits: &[(usize, Hit)], rules: &Ruleset, waits: &Waits) -> SystemScore {
    let (count, verdict) = judge(hand, hits, rules, waits);
    let han = count.yaku_han.saturating_add(count.dora_han);
    let (row, row_notes) = row_of(rules, han, count.yakuman);
    let mut notes = count.notes;
    notes.extend(row_notes.into_iter().map(Note::from));
    if count.yakuman > 0 {
        notes.push("a yakuman is paid as such; other han are not totalled".into());
    }
    if rules.options.tsumo_split && hand.context.win == Win::Tsumo {
        notes.push(TSUMO_SPLIT_NOTE.into());
    }
    let payments = row
        .filter(|_| verdict.is_win())
        .map(|row| settle(hand, rules, row));
    SystemScore {
        elements: count.elements,
        superseded: count.superseded,
        totals: Totals::HanTable(Box::new(HanTableTotals {
            yaku_han: count.yaku_han,
            bonus_han: count.dora_han,
            han,
            yakuman: count.yakuman,
            row: row.map_or_else(String::new, |r| r.name.clone()),
        })),
        verdict,
        payments,
        notes,
    }
}

/// Payments read from the table row: ron from the discarder, tsumo from each payer's column.
pub fn settle(hand: &Hand, rules: &Ruleset, row: &HanTableRow) -> Payments {
    let ctx = &hand.context;
    let dealer = ctx.seat == Seat::East;
    settle_with(hand, rules, |payer| {
        let (amount, column) = match (ctx.win, dealer, payer == Seat::East) {
            (Win::Ron(_), true, _) => (row.ron_oya, "ron (payment to oya)"),
            (Win::Ron(_), false, _) => (row.ron_ko, "ron (payment to ko)"),
            (Win::Tsumo, true, _) => (row.tsumo_oya, "tsumo (payment to oya from ko)"),
            (Win::Tsumo, false, true) => (row.tsumo_ko_from_oya, "tsumo (payment to ko from oya)"),
            (Win::Tsumo, false, false) => (row.tsumo_ko_from_ko, "tsumo (payment to ko from ko)"),
        };
        (
            i64::from(amount),
            format!(
                "{}: table row {}, {column}",
                crate::amount::Grouped(i64::from(amount)),
                row.name
            ),
        )
    })
}
