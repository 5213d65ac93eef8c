//! The Malaysian fan system (`system = "fan"`): fan items summed to a minimum and a cap,
//! points = base + per-fan × fan, paid double by both opponents on a self-draw and by the
//! discarder on a discard, with the kong, bonus-set and fly payments the hand shows and the
//! settlement between the non-winners when `others-fan=` gives their hands.
//!
//! Source: 000 §Malaysia; docs/rulesets/malaysian.md explains every reading.

use crate::criteria::Hit;
use crate::hand::KongSource;
use crate::hand::{Hand, SetKind, Win};
use crate::results::{
    Element, FanTotals, Note, Payments, Role, SeatPayment, SystemScore, Totals, Verdict, element,
};
use crate::rules::{AtMinimum, BothBelow, Class, FanParams, FlyBonusTo, Ruleset};
use crate::system::payment::role;
use crate::tile::{BonusSet, Seat};

/// Points of a hand worth `fan` fan under `params` (the cap applied).
pub fn hand_points(fan: u32, params: &FanParams) -> u32 {
    params
        .base_points
        .saturating_add(params.points_per_fan.saturating_mul(fan.min(params.cap)))
}

/// Scores one arrangement whose criteria `hits` (criterion index and hit) are known.
pub fn score(hand: &Hand, hits: &[(usize, Hit)], rules: &Ruleset) -> SystemScore {
    let params = &rules.fan;
    let mut fan = 0;
    let mut pao_item = false;
    let mut elements: Vec<Element> = Vec::with_capacity(hits.len());
    for &(i, hit) in hits {
        let criterion = &rules.criteria[i];
        if criterion.class != Class::Fan {
            continue;
        }
        pao_item |= criterion.check.facts().pao;
        let points = criterion.value.saturating_mul(hit.count);
        fan = u32::saturating_add(fan, points);
        elements.push(element(hand, criterion, &hit, points));
    }
    let counted = fan.min(params.cap);
    let points = hand_points(fan, params);
    let verdict = if counted < rules.minimum {
        Verdict::BelowFanMinimum {
            have: counted,
            need: rules.minimum,
        }
    } else {
        Verdict::Win
    };
    let mut notes: Vec<Note> = Vec::new();
    if fan > params.cap {
        notes.push(Note::sourced(
            format!("{fan} fan in all, capped at {}", params.cap),
            "000 §Malaysia: \"to a maximum of 10\"",
        ));
    }
    let payments = verdict
        .is_win()
        .then(|| settle(hand, rules, counted, points, pao_item, &mut notes));
    if hand.context.round != Seat::East {
        notes.push(Note::sourced(
            "the round wind is not used: the prevailing wind is always East",
            "000 §Malaysia",
        ));
    }
    if !hand.context.discards.is_empty() {
        notes.push(Note::because(
            "the discards are not used",
            "000 §Malaysia gives no sacred-discard rule",
        ));
    }
    SystemScore {
        elements,
        superseded: Vec::new(),
        totals: Totals::Fan(FanTotals {
            fan,
            counted,
            cap: params.cap,
            minimum: rules.minimum,
            points,
        }),
        verdict,
        payments,
        notes,
    }
}

/// One seat's running total and the parts that make it up.
struct Ledger {
    seat: Seat,
    role: Role,
    /// Paid to the winner (positive: the seat pays).
    to_winner: i64,
    /// Received from (positive) or paid to (negative) the other non-winner.
    settlement: i64,
    parts: Vec<String>,
}

impl Ledger {
    fn pay(&mut self, amount: u32, label: String) {
        if amount > 0 {
            self.to_winner += i64::from(amount);
            self.parts.push(label);
        }
    }
}

/// Settles a legal win worth `counted` fan and `points` points (`pao_item`: an item that
/// makes the feeder liable applies), adding what the reader should know to `notes`.
pub fn settle(
    hand: &Hand,
    rules: &Ruleset,
    counted: u32,
    points: u32,
    pao_item: bool,
    notes: &mut Vec<Note>,
) -> Payments {
    let params = &rules.fan;
    let ctx = &hand.context;
    let mut ledgers: Vec<Ledger> = Seat::ALL
        .into_iter()
        .filter(|&seat| seat != ctx.seat)
        .map(|seat| Ledger {
            seat,
            role: role(hand, seat),
            to_winner: 0,
            settlement: 0,
            parts: Vec::new(),
        })
        .collect();

    // The hand itself (000 §Malaysia: "Both players pay the winner double this value if the
    // hand is won by self-draw but if by discard only the discarder does so (the other pays
    // the normal value)").
    for ledger in &mut ledgers {
        let (times, why) = match (ctx.win, ledger.role) {
            (Win::Tsumo, _) => (params.self_draw_multiplier, "self-draw"),
            (Win::Ron(_), Role::Discarder) => (params.discarder_multiplier, "discarder"),
            _ => (params.other_multiplier, "not the discarder"),
        };
        ledger.pay(
            times.saturating_mul(points),
            format!("{times}×{points} hand ({why})"),
        );
    }

    // Kongs (000 §Malaysia: "Kongs immediately score from the other players 100 points if
    // concealed and 50 if open / promoted (open kong points are paid by the discarder for
    // both players)").
    let mut unknown_kongs = Vec::new();
    let on_the_spot = ctx.paid_on_the_spot;
    if on_the_spot {
        notes.push("kongs and full bonus sets were paid on the spot, when made".into());
    }
    for meld in hand
        .melds
        .iter()
        .filter(|m| m.kind == SetKind::Kong && !on_the_spot)
    {
        let tile = meld.tile;
        if meld.concealed {
            for ledger in &mut ledgers {
                ledger.pay(
                    params.concealed_kong,
                    format!("{} concealed kong {tile}", params.concealed_kong),
                );
            }
            continue;
        }
        match ctx.kong_from.iter().find(|(t, _)| *t == tile).map(|k| k.1) {
            Some(KongSource::Promoted) => {
                for ledger in &mut ledgers {
                    ledger.pay(
                        params.open_kong,
                        format!("{} promoted kong {tile}", params.open_kong),
                    );
                }
            }
            Some(KongSource::Claimed(from)) => {
                if let Some(ledger) = ledgers.iter_mut().find(|l| l.seat == from) {
                    ledger.pay(
                        params.open_kong.saturating_mul(2),
                        format!(
                            "2×{} open kong {tile} (fed it: pays for both)",
                            params.open_kong
                        ),
                    );
                }
            }
            None => unknown_kongs.push(tile.to_string()),
        }
    }
    if !unknown_kongs.is_empty() {
        notes.push(Note::with_notation(
            format!(
                "kong payment for the exposed kong {} not computed: the hand does not say whether it was claimed from a discard or promoted from the winner's own pong",
                unknown_kongs.join(", ")
            ),
            "kong-from=TILE:SEAT or kong-from=TILE:self",
        ));
    }

    // Full sets of bonus tiles (000 §Malaysia: "A full set of bonus tiles in one's starting
    // hand also earns an immediate 100 points, or 50 if drawn later").
    let mut drawn_assumed = Vec::new();
    for set in BonusSet::ALL {
        if on_the_spot || !hand.holds_full_set(set, &rules.tiles) {
            continue;
        }
        let dealt = ctx.dealt.contains(&set);
        let (amount, when) = if dealt {
            (params.full_set_dealt, "dealt")
        } else {
            drawn_assumed.push(set);
            (params.full_set_drawn, "drawn")
        };
        for ledger in &mut ledgers {
            ledger.pay(
                amount,
                format!("{amount} full set of {} ({when})", set.name()),
            );
        }
    }
    if !drawn_assumed.is_empty() {
        notes.push(Note::with_notation(
            format!(
                "full set of {} taken as drawn during play ({} each); if it was in the starting hand, {} each",
                drawn_assumed
                    .iter()
                    .map(|s| s.name())
                    .collect::<Vec<_>>()
                    .join(", "),
                params.full_set_drawn,
                params.full_set_dealt
            ),
            format!(
                "dealt={}",
                drawn_assumed
                    .iter()
                    .map(|s| s.letter().to_string())
                    .collect::<Vec<_>>()
                    .join(",")
            ),
        ));
    }

    // Fly tiles (000 §Malaysia: "Fly tiles earn 50 points as a final bonus score for all
    // players"): the winner's jokers, paid by each opponent.
    if hand.jokers > 0 {
        let amount = params.fly_bonus.saturating_mul(u32::from(hand.jokers));
        for ledger in &mut ledgers {
            ledger.pay(amount, format!("{}×{} fly", hand.jokers, params.fly_bonus));
        }
    }
    // A non-winner's fly tiles ("for all players"), given by `others-fly=`: each other
    // player pays that seat, as the winner's are paid (`game.fly-bonus-to`).
    let every_player = rules.game.fly_bonus_to == FlyBonusTo::EveryPlayer;
    if !every_player && ctx.others_fly.iter().any(|&(_, fly)| fly > 0) {
        notes.push(
            "the other players' fly tiles are not paid: only the winner's earn the fly bonus under this ruleset (game.fly-bonus-to = \"winner-only\")".into(),
        );
    }
    for &(seat, fly) in ctx.others_fly.iter().filter(|_| every_player) {
        let amount = i64::from(params.fly_bonus) * i64::from(fly);
        if amount == 0 {
            continue;
        }
        let winner = ctx.seat.name();
        let Some(other) = ledgers.iter().map(|l| l.seat).find(|&s| s != seat) else {
            continue;
        };
        for ledger in &mut ledgers {
            if ledger.seat == seat {
                ledger.to_winner -= amount;
                ledger.settlement += amount;
                ledger.parts.push(format!(
                    "receives {fly}×{} fly from {winner} and from {}",
                    params.fly_bonus,
                    other.name()
                ));
            } else {
                ledger.settlement -= amount;
                ledger.parts.push(format!(
                    "pays {fly}×{} fly to {}",
                    params.fly_bonus,
                    seat.name()
                ));
            }
        }
    }
    if !on_the_spot {
        notes.push(if ctx.others_fly.is_empty() && every_player {
            Note::with_notation(
                "not computed: the other players' own fly tiles (unless given), kongs and bonus sets (a hand holds only the winner's tiles)",
                "others-fly=S:N,W:N",
            )
        } else {
            "not computed: the other players' own kongs and bonus sets (a hand holds only the winner's tiles)".into()
        });
    }

    // Between the non-winners (000 §Malaysia: "If the winning player does not score 10 fan
    // the non-winner whose hand would have less than 5 fan ... pays the other non-winner the
    // score of the more valuable hand; if both ... are worth more than 5 fan they only pay
    // the difference").
    if counted >= params.cap {
        notes.push(
            format!(
                "the winner scored the cap ({} fan): no settlement between the non-winners",
                params.cap
            )
            .into(),
        );
    } else {
        settle_non_winners(hand, rules, &mut ledgers, notes);
    }

    // Pao needs a set fed by a discard: an exposed set, or the winning discard itself.
    let fed = matches!(ctx.win, Win::Ron(_)) || !hand.is_concealed();
    if pao_item && fed {
        notes.push(Note::sourced(
            "pao not applied: the notation does not say who discarded the tile that gave the last set",
            "000 §Malaysia: \"pao\" rule applies",
        ));
    }

    // The settlement between the non-winners nets to zero, so the winner collects every
    // payment to the winner.
    let payer = |seat, role| match ledgers.iter().find(|l| l.seat == seat) {
        Some(l) => SeatPayment {
            seat,
            role,
            waiting: ctx.waiting.contains(&seat),
            amount: l.settlement - l.to_winner,
            breakdown: if l.parts.is_empty() {
                "nothing".into()
            } else {
                l.parts.join(" + ").into()
            },
        },
        None => SeatPayment::nothing(seat, role),
    };
    Payments::for_win(hand, payer, 0, String::new())
}

/// The settlement between the two non-winners, from `others-fan=`.
fn settle_non_winners(hand: &Hand, rules: &Ruleset, ledgers: &mut [Ledger], notes: &mut Vec<Note>) {
    let params = &rules.fan;
    let minimum = rules.minimum;
    let fan_of = |seat: Seat| {
        hand.context
            .others_fan
            .iter()
            .find(|(s, _)| *s == seat)
            .map(|f| f.1)
    };
    let [a, b] = ledgers else {
        return;
    };
    let (Some(fan_a), Some(fan_b)) = (fan_of(a.seat), fan_of(b.seat)) else {
        notes.push(Note::with_notation(
            "settlement between the non-winners not computed: the fan of both their hands is not given",
            format!("others-fan={}:N,{}:N", a.seat.letter(), b.seat.letter()),
        ));
        return;
    };
    let (weak, strong, weak_fan, strong_fan) = if fan_a <= fan_b {
        (a, b, fan_a, fan_b)
    } else {
        (b, a, fan_b, fan_a)
    };
    let strong_points = hand_points(strong_fan, params);
    let weak_points = hand_points(weak_fan, params);
    // A hand of exactly the minimum reaches it, or not (`game.non-winners-at-minimum`).
    let (reaches, short) = match rules.game.non_winners_at_minimum {
        AtMinimum::Reaches => (weak_fan >= minimum, format!("below {minimum} fan")),
        AtMinimum::Below => (weak_fan > minimum, format!("not above {minimum} fan")),
    };
    let strong_reaches = match rules.game.non_winners_at_minimum {
        AtMinimum::Reaches => strong_fan >= minimum,
        AtMinimum::Below => strong_fan > minimum,
    };
    let difference = || {
        (
            strong_points - weak_points,
            format!(
                "{} to {} (difference of {strong_fan}-fan and {weak_fan}-fan hands)",
                strong_points - weak_points,
                strong.seat.name()
            ),
        )
    };
    let (amount, why) = if !strong_reaches {
        // Both below: 000 §Malaysia names no payment (`game.non-winners-both-below`).
        match rules.game.non_winners_both_below {
            BothBelow::Nothing => {
                notes.push(Note::because(
                    format!("neither non-winner's hand reaches the minimum ({short})"),
                    "000 §Malaysia names no payment between them",
                ));
                return;
            }
            BothBelow::WeakerPaysStronger if strong_fan > weak_fan => (
                strong_points,
                format!(
                    "{strong_points} to {} (their {strong_fan}-fan hand; both hands {short})",
                    strong.seat.name()
                ),
            ),
            BothBelow::WeakerPaysStronger => (0, String::new()),
            BothBelow::Difference => difference(),
        }
    } else if !reaches {
        (
            strong_points,
            format!(
                "{strong_points} to {} (their {strong_fan}-fan hand; this hand is {short})",
                strong.seat.name()
            ),
        )
    } else {
        difference()
    };
    if amount == 0 {
        return;
    }
    let amount = i64::from(amount);
    weak.settlement -= amount;
    weak.parts.push(why);
    strong.settlement += amount;
    strong
        .parts
        .push(format!("receives {amount} from {}", weak.seat.name()));
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules;

    /// An element row names the bonus tiles that earn it, and only those: a flower set's row
    /// does not list the faces and animals beside it.
    #[test]
    fn bonus_rows_show_their_own_tiles() {
        let rules = rules::load("malaysian").expect("loads");
        let (_, evaluation) =
            crate::score_line("123p456p789p EEE ww +f1f2f3f4 +h1a3 tsumo", &rules).expect("parses");
        let crate::Evaluation::Complete { score: Some(score) } = evaluation else {
            panic!("a complete hand");
        };
        let tiles = |id: &str| {
            score
                .elements
                .iter()
                .find(|e| *e.id == *id)
                .map(|e| e.tiles.clone())
        };
        assert_eq!(
            tiles("four-flowers-or-seasons").as_deref(),
            Some("f1 f2 f3 f4")
        );
        assert_eq!(tiles("face-or-animal").as_deref(), Some("h1 a3"));
        assert_eq!(tiles("own-flower-or-season").as_deref(), Some("f1"));
    }

    /// A context word no criterion of the ruleset reads is named, under the fan system as
    /// under the points system.
    #[test]
    fn a_full_set_taken_as_drawn_names_the_notation_that_says_dealt() {
        let rules = rules::load("malaysian").expect("loads");
        let (_, evaluation) =
            crate::score_line("123p456p789p EEE ww +f1f2f3f4 +x1x2x3x4 tsumo", &rules)
                .expect("parses");
        let crate::Evaluation::Complete { score: Some(score) } = evaluation else {
            panic!("a complete hand");
        };
        let note = score
            .notes
            .iter()
            .find(|n| n.text.starts_with("full set of"))
            .expect("the full sets are noted");
        assert!(note.text.contains("flowers, seasons"), "{note}");
        assert_eq!(note.write.as_deref(), Some("dealt=f,x"));
        // Near-miss: a set said to be dealt is not assumed drawn.
        let (_, evaluation) = crate::score_line(
            "123p456p789p EEE ww +f1f2f3f4 +x1x2x3x4 tsumo dealt=f,x",
            &rules,
        )
        .expect("parses");
        let crate::Evaluation::Complete { score: Some(score) } = evaluation else {
            panic!("a complete hand");
        };
        assert!(
            !score
                .notes
                .iter()
                .any(|n| n.text.starts_with("full set of"))
        );
    }

    #[test]
    fn replacement_without_a_replacement_item_is_named() {
        let overrides = [
            "criteria.replacement-win.enabled=false".to_string(),
            "criteria.double-replacement-win.enabled=false".to_string(),
        ];
        let rules = rules::load_with("malaysian", &overrides).expect("loads");
        let (_, evaluation) =
            crate::score_line("123p456p [7777p] EEE ww +f2 tsumo replacement", &rules)
                .expect("parses");
        let crate::Evaluation::Complete { score: Some(score) } = evaluation else {
            panic!("a complete hand");
        };
        assert!(
            score
                .notes
                .iter()
                .any(|n| n.text == "replacement is not scored under malaysian"),
            "{:?}",
            score.notes
        );
    }

    #[test]
    fn points_are_base_plus_twenty_per_fan_capped() {
        let params = rules::load("malaysian").expect("loads").fan;
        assert_eq!(hand_points(5, &params), 200);
        assert_eq!(hand_points(10, &params), 300);
        assert_eq!(hand_points(14, &params), 300);
    }

    /// "Chicken hand" is the hand worth nothing (HK 雞糊), not all chows (平糊, ping hu): a
    /// player typing it must not be sent to "All chows with pair of circles".
    #[test]
    fn chicken_hand_is_not_an_alias_of_all_chows() {
        let rules = rules::load("malaysian").expect("loads");
        assert_eq!(rules.find("chicken hand").map(|c| &*c.id), None);
        assert_eq!(
            rules.find("ping hu").map(|c| &*c.id),
            Some("all-chows-circle-pair")
        );
    }

    #[test]
    fn every_name_and_alias_finds_its_criterion() {
        let rules = rules::load("malaysian").expect("loads");
        for criterion in &rules.criteria {
            let names = [&*criterion.id, &*criterion.name]
                .into_iter()
                .chain(criterion.aliases.iter().map(rules::Text::as_str));
            for name in names {
                let found = rules.find(name).map(|c| &*c.id);
                assert_eq!(found, Some(&*criterion.id), "`{name}`");
            }
        }
    }
}
