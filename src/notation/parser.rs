//! The nom parser for one line: items separated by spaces, each a tile run, a declared
//! set, bonus tiles, or a context word or key (read by [`super::context`]).

use nom::{Parser, bytes::complete::take_while};

use super::ast::{HandInput, LimitName, Spanned, TileToken};
use super::context::{flag_word, key_value};
use super::error::{NotationError, NotationErrorKind};
use super::fail::{Res, fail};
use super::tiles::{bonus_group, declared_set, glyph_run, numbered_run};
use super::value::{limit_value, numbered_value, starts_value};
use super::vocabulary::{honour_tile, key_entry, word_entry};
use crate::diagnostic::Span;
use crate::tile::Glyph;

/// Parses one line of hand notation.
pub fn parse_hand(line: &str) -> Result<HandInput, NotationError> {
    let offset = |rest: &str| line.len() - rest.len();
    let mut hand = HandInput::default();
    // A hand holds 13 or 14 playing tiles: one allocation for the usual line.
    hand.concealed.reserve(14);
    let mut rest = line;
    loop {
        rest = skip_spaces(rest);
        if rest.is_empty() {
            return no_tiles_with_a_value(hand);
        }
        match item(line, rest, &mut hand) {
            Ok((next, ())) => rest = next,
            Err(nom::Err::Failure(fail) | nom::Err::Error(fail)) => {
                let start = offset(fail.at);
                let kind = fail.kind.map_or_else(
                    || NotationErrorKind::UnexpectedChar(fail.at.chars().next().unwrap_or(' ')),
                    |kind| *kind,
                );
                return Err(NotationError {
                    span: Span::new(start, start + fail.len.max(1)),
                    kind,
                    known: None,
                });
            }
            Err(nom::Err::Incomplete(_)) => unreachable!("complete parsers never ask for more"),
        }
    }
}

/// A line whose win is stated by its value holds no tiles, sets, bonus tiles or jokers: the
/// first one written is refused.
fn no_tiles_with_a_value(hand: HandInput) -> Result<HandInput, NotationError> {
    if hand.value.is_none() {
        return Ok(hand);
    }
    let first = hand
        .concealed
        .iter()
        .map(|t| t.span)
        .chain(hand.jokers.iter().copied())
        .chain(hand.declared.iter().map(|d| d.span))
        .chain(hand.bonus.iter().map(|b| b.span))
        .min_by_key(|span| span.start);
    match first {
        Some(span) => Err(NotationError {
            span,
            kind: NotationErrorKind::ValueWithTiles,
            known: None,
        }),
        None => Ok(hand),
    }
}

/// `rest` without its leading whitespace. Items are mostly one space apart: that space is
/// stepped over by its byte when a printable ASCII character follows (never whitespace), and
/// only other cases go through `trim_start`'s Unicode-aware scan (issue 12).
fn skip_spaces(rest: &str) -> &str {
    let after_space = rest.strip_prefix(' ').unwrap_or(rest);
    if after_space
        .as_bytes()
        .first()
        .is_some_and(u8::is_ascii_graphic)
    {
        after_space
    } else {
        rest.trim_start()
    }
}

/// One item: a tile run, a declared set, bonus tiles, or context.
fn item<'a>(line: &'a str, input: &'a str, hand: &mut HandInput) -> Res<'a, ()> {
    let span_of =
        |start: &str, end: &str| Span::new(line.len() - start.len(), line.len() - end.len());
    let first = input.chars().next().unwrap_or(' ');
    match first {
        '0'..='9' if starts_value(input) => numbered_value(input, span_of, hand),
        '0'..='9' => numbered_run(input, span_of, |token| hand.concealed.push(token)),
        '+' => bonus_group(input, span_of, &mut hand.bonus),
        '[' | '(' => {
            let (rest, set) = declared_set(input, span_of)?;
            hand.declared.push(set);
            Ok((rest, ()))
        }
        c if c.is_ascii_alphabetic() => word(input, span_of, hand),
        c if Glyph::from_char(c).is_some() => glyph_run(input, span_of, hand),
        c => fail(input, c.len_utf8(), NotationErrorKind::UnexpectedChar(c)),
    }
}

/// A word: a context word, a `key=value`, or a run of honour letters (`EEE`, `ww`, `J`).
fn word<'a>(
    input: &'a str,
    span_of: impl Fn(&str, &str) -> Span + Copy,
    hand: &mut HandInput,
) -> Res<'a, ()> {
    // The name's characters are all ASCII, so its bytes are scanned without decoding
    // characters; the caller saw a letter first, so the name is never empty.
    let name_len = input
        .bytes()
        .take_while(|&b| b.is_ascii_alphabetic() || b == b'-')
        .count();
    let (name, rest) = input.split_at(name_len);
    let name_span = span_of(input, rest);
    // Honour letters first: the most common words of a line, and no word or key of the
    // vocabulary and no limit is spelt with them alone (a test says so), so they are not
    // looked up there.
    if !rest.starts_with('=') && is_honour_run(name) {
        for (i, letter) in name.char_indices() {
            let at = &input[i..];
            let span = span_of(at, &at[1..]);
            if letter == 'J' {
                hand.jokers.push(span);
            } else {
                hand.concealed.push(TileToken {
                    tile: honour_tile(letter).unwrap_or_else(|| unreachable!("filtered")),
                    red: false,
                    span,
                });
            }
        }
        return Ok((rest, ()));
    }
    if let Some(limit) = LimitName::from_word(name)
        && !rest.starts_with('=')
    {
        let limit = Spanned {
            value: limit,
            span: name_span,
        };
        return limit_value(input, limit, rest, span_of, hand);
    }
    if let Some(value_input) = rest.strip_prefix('=') {
        let key = || name.to_string();
        let Some(entry) = key_entry(name) else {
            return if word_entry(name).is_some() {
                fail(
                    input,
                    name_len + 1,
                    NotationErrorKind::UnexpectedValue(key()),
                )
            } else {
                let value = value_input.split_whitespace().next().unwrap_or_default();
                let kind = NotationErrorKind::UnknownKey {
                    key: key(),
                    value: value.to_string(),
                };
                fail(input, name_len, kind)
            };
        };
        let (value_rest, value) = take_while(|c: char| !c.is_whitespace()).parse(value_input)?;
        if value.is_empty() {
            return fail(input, name_len + 1, NotationErrorKind::MissingValue(key()));
        }
        key_value(entry, name_span, value_input, span_of, &mut hand.context)?;
        return Ok((value_rest, ()));
    }
    if let Some(entry) = word_entry(name) {
        flag_word(input, entry, name, name_span, &mut hand.context)?;
        return Ok((rest, ()));
    }
    fail(
        input,
        name_len,
        NotationErrorKind::UnknownWord(name.to_string()),
    )
}

/// `name` is a run of honour letters and jokers (`EEE`, `ww`, `EJE`).
fn is_honour_run(name: &str) -> bool {
    name.chars().all(|c| honour_tile(c).is_some() || c == 'J')
}

#[cfg(test)]
mod tests {
    use crate::diagnostic::Span;
    use crate::notation::*;
    use crate::tile::{BonusSet, BonusTile, Wind};

    fn tiles(hand: &HandInput) -> String {
        crate::tile::write_tiles(hand.concealed.iter().map(|t| t.tile))
    }

    #[test]
    fn no_word_key_or_limit_is_spelt_with_honour_letters_alone() {
        use super::is_honour_run;
        let vocabulary = CONTEXT
            .iter()
            .flat_map(|e| std::iter::once(e.name).chain(e.aliases.iter().copied()));
        for name in vocabulary.chain(LimitName::ALL.map(LimitName::word)) {
            assert!(!is_honour_run(name), "{name}");
        }
        // The near-miss: a run of honours is one.
        assert!(is_honour_run("EJEwgr"));
    }

    #[test]
    fn reads_runs_honours_and_context() {
        let hand = parse_hand("123p456m99s EEE ww +f2 tsumo").expect("valid");
        assert_eq!(tiles(&hand), "123p456m99sEEEww");
        assert_eq!(hand.bonus.len(), 1);
        assert_eq!(
            hand.context.win_method.map(|m| m.value),
            Some(WinMethod::Tsumo)
        );
    }

    #[test]
    fn runs_may_touch() {
        let a = parse_hand("123p456m99sEEEww").expect("valid");
        let b = parse_hand("123p 456m 99s EEE ww").expect("valid");
        assert_eq!(tiles(&a), tiles(&b));
    }

    #[test]
    fn reads_mpsz_honours_and_red_fives() {
        let hand = parse_hand("1234567z 0p").expect("valid");
        assert_eq!(tiles(&hand), "ESWNwgr5p");
        assert!(hand.concealed[7].red);
    }

    #[test]
    fn reads_the_tile_characters_of_unicode() {
        let hand = parse_hand("🀙🀚🀛 🀇🀇 [🀆🀆🀆] 🀢 🀪 win=🀇").expect("valid");
        assert_eq!(tiles(&hand), "123p11m");
        assert_eq!(hand.declared[0].tiles.len(), 3);
        assert_eq!(hand.bonus[0].tile, BonusTile::Flower(1));
        assert_eq!(hand.jokers.len(), 1);
        // Spans are bytes of the line: each character is four.
        assert_eq!(hand.concealed[1].span, Span::new(4, 8));
        let with_plus = parse_hand("+🀣🀃").expect("valid");
        let bonus: Vec<BonusTile> = with_plus.bonus.iter().map(|b| b.tile).collect();
        assert_eq!(bonus, [BonusTile::Flower(2), BonusTile::Kita]);
        let back = parse_hand("123p 🀫").expect_err("a tile back");
        assert_eq!(back.span, Span::new(5, 9));
        assert_eq!(back.kind, NotationErrorKind::TileBack);
    }

    #[test]
    fn reads_sets_and_keys() {
        let hand =
            parse_hand("[555p] (rrrr) 11m win=1m ron=S seat=W round=S dora=3p,N waiting=S draws=2")
                .expect("valid");
        assert_eq!(hand.declared.len(), 2);
        assert_eq!(hand.declared[1].declared, Declared::Concealed);
        assert_eq!(
            hand.context.win_method.map(|m| m.value),
            Some(WinMethod::Ron(Some(Wind::South)))
        );
        assert_eq!(hand.context.dora.len(), 2);
        assert_eq!(hand.context.draws.map(|d| d.value), Some(2));
    }

    #[test]
    fn errors_point_at_the_problem() {
        let err = parse_hand("123x456p").expect_err("bad suit");
        assert_eq!(err.span, Span::new(3, 4));
        assert_eq!(
            err.to_string(),
            "'x' is not a suit letter (expected m, p, s or z)"
        );
        let err = parse_hand("123p tsumoo").expect_err("unknown word");
        assert_eq!(err.span, Span::new(5, 11));
        let err = parse_hand("123p foo=1").expect_err("unknown key");
        assert!(matches!(err.kind, NotationErrorKind::UnknownKey { .. }));
        let err = parse_hand("[555p").expect_err("unclosed");
        assert!(matches!(err.kind, NotationErrorKind::Unclosed('[')));
        let err = parse_hand("8z").expect_err("bad honour");
        assert!(matches!(err.kind, NotationErrorKind::BadNumber { .. }));
        let err = parse_hand("tsumo ron").expect_err("twice");
        assert!(matches!(err.kind, NotationErrorKind::Repeated(_)));
        let err = parse_hand("[124p]").expect_err("not a set");
        assert!(matches!(err.kind, NotationErrorKind::NotASet(_)));
        let err = parse_hand("(555p)").expect_err("concealed pong");
        assert_eq!(err.kind, NotationErrorKind::ConcealedNotKong);
    }

    /// A context tile is one digit and its suit letter; the errors of the other spellings, as
    /// released (a second digit reads as digits still waiting for their letter).
    #[test]
    fn a_context_tiles_errors_point_where_they_always_did() {
        let expect = |line: &str, span: Span, message: &str| {
            let err = parse_hand(line).expect_err(line);
            assert_eq!(
                (err.span, err.to_string().as_str()),
                (span, message),
                "{line}"
            );
        };
        let need_letter = "the digits need a suit letter after them (m, p, s or z)";
        expect("123p dora=31m", Span::new(12, 13), need_letter);
        expect("123p dora=3", Span::new(11, 12), need_letter);
        expect(
            "123p dora=3x",
            Span::new(11, 12),
            "'x' is not a suit letter (expected m, p, s or z)",
        );
        let hand = parse_hand("123p dora=0p").expect("a red five");
        assert_eq!(hand.context.dora.len(), 1);
    }

    #[test]
    fn reads_jokers_and_the_malaysian_keys() {
        let hand = parse_hand(
            "123p EJE +h1a4x2 kong-from=7p:S,E:self dealt=f,h others-fan=S:3,W:6 double-replacement",
        )
        .expect("valid");
        assert_eq!(tiles(&hand), "123pEE");
        assert_eq!(hand.jokers.len(), 1);
        assert_eq!(hand.jokers[0], Span::new(6, 7));
        assert_eq!(
            hand.bonus.iter().map(|b| b.tile).collect::<Vec<_>>(),
            vec![
                BonusTile::Face(1),
                BonusTile::Animal(4),
                BonusTile::Season(2)
            ]
        );
        let ctx = &hand.context;
        assert_eq!(ctx.kong_from.len(), 2);
        assert_eq!(ctx.kong_from[0].source, KongSource::Claimed(Wind::South));
        assert_eq!(ctx.kong_from[1].source, KongSource::Promoted);
        assert_eq!(
            ctx.dealt.iter().map(|d| d.value).collect::<Vec<_>>(),
            vec![BonusSet::Flowers, BonusSet::Faces]
        );
        assert_eq!(
            ctx.others_fan
                .iter()
                .map(|(w, f)| (w.value, *f))
                .collect::<Vec<_>>(),
            vec![(Wind::South, 3), (Wind::West, 6)]
        );
        assert!(ctx.double_replacement.is_some());
        let err = parse_hand("123p dealt=f,q").expect_err("bad set letter");
        assert!(matches!(err.kind, NotationErrorKind::BadValue { .. }));
        let err = parse_hand("123p others-fan=S:1,S").expect_err("no fan");
        assert!(matches!(err.kind, NotationErrorKind::BadValue { .. }));
    }

    #[test]
    fn a_missing_value_or_bracket_shows_what_is_expected() {
        for key in keys() {
            let err = parse_hand(&format!("123p {key}=")).expect_err("no value");
            assert!(
                err.to_string().contains(&format!("such as {key}=")),
                "{err}"
            );
        }
        let err = parse_hand("[555p 123p").expect_err("unclosed");
        assert_eq!(
            err.to_string(),
            "'[' is not closed (expected ']' after the set's tiles, such as [555p])"
        );
    }

    #[test]
    fn a_space_before_equals_is_pointed_out() {
        let err = parse_hand("123p ron =S").expect_err("space");
        assert!(err.to_string().contains("no space around '='"), "{err}");
        assert_eq!(err.span, Span::new(9, 10));
    }

    #[test]
    fn an_upper_case_suit_letter_is_pointed_out() {
        let err = parse_hand("123p 99S").expect_err("S after digits");
        assert!(err.to_string().contains("did you mean 's'?"), "{err}");
        assert_eq!(err.span, Span::new(7, 8));
    }

    #[test]
    fn a_count_too_large_says_the_limit() {
        for line in [
            "123p draws=1001",
            "123p honba=99999999999999",
            "123p others-fan=S:1001",
            "123p others-fly=S:1,W:99999999999999",
        ] {
            let err = parse_hand(line).expect_err("too large");
            assert!(err.to_string().contains("up to 1000"), "{err}");
        }
    }

    #[test]
    fn an_alias_given_with_its_word_says_they_are_one() {
        let err = parse_hand("123p riichi ready").expect_err("twice");
        assert_eq!(
            err.to_string(),
            "'ready' is given twice ('riichi' and 'ready' are the same word)"
        );
        assert_eq!(err.span, Span::new(12, 17));
    }

    #[test]
    fn unknown_words_and_keys_suggest_what_was_meant() {
        let message = |line: &str| parse_hand(line).expect_err("refused").to_string();
        assert!(message("123p eee").contains("unknown word 'eee'; did you mean 'EEE'?"));
        assert!(message("123p GG").contains("did you mean 'gg'?"));
        assert!(message("123p Tsumo").contains("did you mean 'tsumo'?"));
        assert!(message("123p ipatsu").contains("did you mean 'ippatsu'?"));
        assert!(message("123p Seat=S").contains("unknown key 'Seat='; did you mean 'seat='?"));
        assert!(message("123p draw=1").contains("did you mean 'draws='?"));
        assert!(!message("123p xyz").contains("did you mean"));
    }

    #[test]
    fn guessed_notation_is_answered_in_the_notations_words() {
        let message = |line: &str| parse_hand(line).expect_err("refused").to_string();
        assert!(message("123p kita=2").contains("unknown key 'kita='; did you mean '+NN'?"));
        assert!(message("123b").contains("did you mean 's'? (bamboo is s)"));
        assert!(message("123p self-draw").contains("did you mean 'tsumo'?"));
        assert!(message("123p seat=south").contains("did you mean 'seat=S'?"));
        assert!(message("123p ron=west").contains("did you mean 'ron=W'?"));
        assert!(message("123p waiting=s,w").contains("did you mean 'waiting=S,W'?"));
        assert!(!message("123p seat=north").contains("did you mean"));
    }

    #[test]
    fn a_set_left_open_is_named_at_its_bracket() {
        for (line, bracket) in [
            ("11p [EEE ww tsumo", 4),
            ("11p (EEEE ww tsumo", 4),
            ("11p [123p (EEEE)", 4),
            ("11p [555p", 4),
        ] {
            let err = parse_hand(line).expect_err(line);
            assert!(
                matches!(err.kind, NotationErrorKind::Unclosed(_)),
                "{line}: {err}"
            );
            assert_eq!(err.span, Span::new(bracket, bracket + 1), "{line}");
        }
        // Without a space, a character that cannot be in a set is named itself.
        let err = parse_hand("11p [EEx]").expect_err("x");
        assert_eq!(err.kind, NotationErrorKind::UnexpectedChar('x'));
    }

    #[test]
    fn unknown_words_are_listed_against_the_words_a_ruleset_reads() {
        let err = parse_hand("123p foo").expect_err("unknown");
        assert!(err.to_string().contains("ippatsu"), "{err}");
        let riichi_only = err.known_to("house", |entry| entry.name == "riichi");
        assert!(
            riichi_only
                .to_string()
                .ends_with("(expected tiles or a word house reads: riichi, ready)"),
            "{riichi_only}"
        );
    }

    #[test]
    fn a_tile_in_a_context_value_is_placed_where_it_is_written() {
        let hand = parse_hand("11p win=9p dora=1p,E discards=0s tsumo").expect("valid");
        let ctx = &hand.context;
        assert_eq!(ctx.win.map(|t| t.span), Some(Span::new(8, 9)));
        assert_eq!(ctx.dora[0].span, Span::new(16, 17));
        assert_eq!(ctx.discards[0].span, Span::new(30, 31));
        let err = parse_hand("11p dora=8z tsumo").expect_err("no such honour");
        assert_eq!(err.span, Span::new(9, 10));
        let err = parse_hand("11p dora=9x tsumo").expect_err("no such suit");
        assert_eq!(err.span, Span::new(10, 11));
    }
}
