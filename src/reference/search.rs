//! Finding criteria by any name, across rulesets.
//!
//! A query is compared with every criterion's key, display name (and the parts of it in
//! brackets or around a slash), aliases and description. Words are compared after
//! folding case, spelling (`honors` → `honours`, `pung` → `pong`), plurals and number words
//! (`13` → `thirteen`), so `13 orphans`, `Thirteen Orphans` and `orphans thirteen` meet
//! the same criterion; a one- or two-letter slip (`tanyo`) still finds it. Matches from
//! different rulesets that share names and read the same hand are grouped into one
//! [`Concept`]: korean's `no-honours` (no honours, terminals allowed) shares the alias
//! `tanyao` with sanma's `tanyao` (only simples) but is another concept.

use crate::rules::{Criterion, Ruleset};

/// Best possible score: the query is a key, name or alias (up to case, spacing, plurals).
pub const EXACT: u32 = 100;
/// The query holds the words of a name or alias in another order.
pub const WORD_ORDER: u32 = 95;
/// The query is one part of a display name (`Pinfu` of `Pinfu (All Chows)`): a little
/// less than exact, so that a key or alias of another criterion wins.
pub const NAME_PART: u32 = 98;
/// The query is a name with one letter wrong, missing, added or swapped (two letters
/// wrong score 10 less); above a match of the same words in another order with a slip.
pub const TYPO: u32 = 72;
/// Every meaningful word of the query is in the description.
pub const DESCRIPTION: u32 = 40;
/// Below this a criterion does not match.
pub const THRESHOLD: u32 = 30;

/// Most words of a query that are compared one by one for typos.
const MAX_FUZZY_WORDS: usize = 12;
/// Longest query (in letters and digits) that is compared letter by letter for typos.
const MAX_FUZZY_LEN: usize = 64;

/// What part of a criterion the query met.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MatchedOn {
    /// The key (`tanyao`).
    Key,
    /// The display name or a part of it.
    Name(String),
    /// One of the aliases.
    Alias(String),
    /// Words of the description.
    Description,
}

/// One criterion of one ruleset that matches the query.
#[derive(Debug, Clone)]
pub struct Match<'r> {
    /// The ruleset it belongs to.
    pub ruleset: &'r Ruleset,
    /// The criterion.
    pub criterion: &'r Criterion,
    /// Listed by the ruleset but switched off (`enabled = false` or an option off).
    pub switched_off: bool,
    /// How well it matches, [`THRESHOLD`]..=[`EXACT`].
    pub score: u32,
    /// The name, alias or text the score comes from.
    pub matched_on: MatchedOn,
}

/// The matches that are one concept: at most one criterion per ruleset, sharing names.
#[derive(Debug, Clone)]
pub struct Concept<'r> {
    /// A name for the concept: the display name of its best match (one found by its key or
    /// name before one found by an alias).
    pub name: String,
    /// The best score among its matches.
    pub score: u32,
    /// Its matches, in the order the rulesets were given.
    pub matches: Vec<Match<'r>>,
}

/// The answer to a query.
#[derive(Debug, Clone)]
pub enum Lookup<'r> {
    /// Concepts that match, best first.
    Found(Vec<Concept<'r>>),
    /// Nothing matched; the names (keys, display names, aliases) nearest the query.
    NotFound {
        /// Up to [`NEAREST`] names, nearest first.
        nearest: Vec<String>,
    },
}

/// How many nearest names [`lookup`] offers when nothing matches.
pub const NEAREST: usize = 5;

/// Looks `query` up in `rulesets` (their switched-on and switched-off criteria).
pub fn lookup<'r>(query: &str, rulesets: &'r [Ruleset]) -> Lookup<'r> {
    Index::new(rulesets).lookup(query)
}

/// Every criterion of `rulesets` matching `query`, grouped by concept, best concept first.
pub fn search<'r>(query: &str, rulesets: &'r [Ruleset]) -> Vec<Concept<'r>> {
    Index::new(rulesets).search(query)
}

/// The keys, display names and aliases nearest `query`, at most `limit`, nearest first.
pub fn nearest_names(query: &str, rulesets: &[Ruleset], limit: usize) -> Vec<String> {
    Index::new(rulesets).nearest_names(query, limit)
}

/// The criteria of some rulesets with their names folded once, for many queries.
#[derive(Debug, Clone)]
pub struct Index<'r> {
    entries: Vec<Entry<'r>>,
}

/// One criterion, ready to be compared.
#[derive(Debug, Clone)]
struct Entry<'r> {
    /// Position of its ruleset among those given.
    ruleset_index: usize,
    ruleset: &'r Ruleset,
    criterion: &'r Criterion,
    switched_off: bool,
    /// Each name as written, folded, what it is, and whether it is only part of the name.
    names: Vec<(String, Words, MatchedOn, bool)>,
    description: Words,
    /// The folded names, sorted and without repeats: what concepts are grouped by.
    terms: Vec<String>,
}

impl<'r> Index<'r> {
    /// Folds the names of every criterion (switched on or off) of `rulesets`.
    pub fn new(rulesets: &'r [Ruleset]) -> Index<'r> {
        let mut entries = Vec::new();
        for (ruleset_index, ruleset) in rulesets.iter().enumerate() {
            let listed = ruleset.criteria.iter().map(|c| (c, false));
            let off = ruleset.switched_off.iter().map(|c| (c, true));
            for (criterion, switched_off) in listed.chain(off) {
                let names: Vec<(String, Words, MatchedOn, bool)> = names(criterion)
                    .into_iter()
                    .map(|(text, on)| {
                        let part = *text != *criterion.name && matches!(on, MatchedOn::Name(_));
                        (text.clone(), Words::new(&text), on, part)
                    })
                    .collect();
                let mut terms: Vec<String> = names
                    .iter()
                    .map(|(_, words, _, _)| words.compact.clone())
                    .filter(|t| !t.is_empty())
                    .collect();
                terms.sort_unstable();
                terms.dedup();
                entries.push(Entry {
                    ruleset_index,
                    ruleset,
                    criterion,
                    switched_off,
                    names,
                    description: Words::new(&criterion.description),
                    terms,
                });
            }
        }
        Index { entries }
    }

    /// [`Index::search`], or the nearest names when nothing matches.
    pub fn lookup(&self, query: &str) -> Lookup<'r> {
        let concepts = self.search(query);
        if concepts.is_empty() {
            Lookup::NotFound {
                nearest: self.nearest_names(query, NEAREST),
            }
        } else {
            Lookup::Found(concepts)
        }
    }

    /// Every criterion matching `query`, grouped by concept, best concept first.
    pub fn search(&self, query: &str) -> Vec<Concept<'r>> {
        let query = Words::new(query);
        if query.compact.is_empty() {
            return Vec::new();
        }
        let found: Vec<(Match<'r>, &Entry<'r>)> = self
            .entries
            .iter()
            .filter_map(|entry| {
                let (score, matched_on) = score_entry(&query, entry)?;
                let found = Match {
                    ruleset: entry.ruleset,
                    criterion: entry.criterion,
                    switched_off: entry.switched_off,
                    score,
                    matched_on,
                };
                Some((found, entry))
            })
            .collect();
        group(found)
    }

    /// The keys, display names and aliases nearest `query`, at most `limit`, nearest first; a
    /// query written in Han, kana or Hangul gets names written in one of its scripts (none when
    /// no name is), never names in Latin letters.
    pub fn nearest_names(&self, query: &str, limit: usize) -> Vec<String> {
        let query = Words::new(query);
        let wanted = fuzzy_part(&query.compact);
        let scripts = Script::in_text(&query.compact);
        let mut scored: Vec<(f64, &str, &str)> = Vec::new();
        for entry in &self.entries {
            for (text, words, _, _) in &entry.names {
                if scored.iter().any(|(_, _, seen)| *seen == words.compact) {
                    continue;
                }
                if !scripts.is_empty()
                    && !Script::in_text(&words.compact)
                        .iter()
                        .any(|s| scripts.contains(s))
                {
                    continue;
                }
                let similarity = strsim::jaro_winkler(wanted, &words.compact);
                scored.push((similarity, text, &words.compact));
            }
        }
        scored.sort_by(|a, b| b.0.total_cmp(&a.0).then_with(|| a.1.cmp(b.1)));
        scored
            .into_iter()
            .take(limit)
            .map(|(_, text, _)| text.to_string())
            .collect()
    }
}

/// `text` as names are compared: script folded, case, spelling and plurals folded, the words
/// run together (`Half-Limit` and `half limits` give the same).
pub fn folded(text: &str) -> String {
    Words::new(text).compact
}

/// Whether `a` and `b` are one concept, as a lookup groups them: their detectors are one
/// concept and they share a key, name or alias (up to case, spelling and plurals).
pub fn one_concept(a: &Criterion, b: &Criterion) -> bool {
    if a.check.concept() != b.check.concept() {
        return false;
    }
    let folded = |c: &Criterion| -> Vec<String> {
        names(c)
            .into_iter()
            .map(|(text, _)| Words::new(&text).compact)
            .filter(|t| !t.is_empty())
            .collect()
    };
    let theirs = folded(b);
    folded(a).iter().any(|t| theirs.contains(t))
}

/// The first [`MAX_FUZZY_LEN`] bytes of a compact (ASCII or not) query, on a char boundary.
fn fuzzy_part(compact: &str) -> &str {
    let mut end = compact.len().min(MAX_FUZZY_LEN);
    while !compact.is_char_boundary(end) {
        end -= 1;
    }
    compact.get(..end).unwrap_or_default()
}

/// A text folded for comparison: its words and the words run together.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Words {
    words: Vec<String>,
    /// The words sorted, for comparing regardless of order.
    sorted: Vec<String>,
    compact: String,
    /// How many characters `compact` holds.
    length: usize,
    /// The letters and digits before folding (`allpungs`), so that a slip in a word that
    /// folding would have changed (`all ungs`) is still one slip away.
    raw: String,
}

impl Words {
    fn new(text: &str) -> Words {
        let folded = fold_script(text);
        let text = folded.as_str();
        let words: Vec<String> = text
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .map(|w| fold_word(&w.to_lowercase()))
            .collect();
        let compact = words.concat();
        let mut sorted = words.clone();
        sorted.sort_unstable();
        let length = compact.chars().count();
        let raw = text
            .chars()
            .filter(|c| c.is_alphanumeric())
            .flat_map(char::to_lowercase)
            .collect();
        Words {
            words,
            sorted,
            compact,
            length,
            raw,
        }
    }
}

/// A text in the form its script is compared: NFKC (full-width letters and digits, half-width
/// katakana: `ＲＩＩＣＨＩ` → `RIICHI`, `ﾘｰﾁ` → `リーチ`), hiragana as katakana (`りーち` →
/// `リーチ`), and the repeat mark written out (`対々和` → `対対和`). ASCII is returned as is.
fn fold_script(text: &str) -> String {
    use unicode_normalization::UnicodeNormalization;
    if text.is_ascii() {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    let mut previous = None;
    for c in text.nfkc() {
        let c = match c {
            // Hiragana ぁ..ゖ and the iteration marks ゝゞ sit 0x60 below their katakana.
            '\u{3041}'..='\u{3096}' | '\u{309D}'..='\u{309E}' => {
                char::from_u32(u32::from(c) + 0x60).unwrap_or(c)
            }
            '々' => previous.unwrap_or(c),
            c => c,
        };
        out.push(c);
        previous = Some(c);
    }
    out
}

/// The writing systems a text's letters belong to, for offering nearest names in the
/// script of the query: Han (kanji, hanzi), kana, Hangul, or other (Latin and the rest).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Script {
    Han,
    Kana,
    Hangul,
    Other,
}

impl Script {
    fn of(c: char) -> Script {
        match c {
            '\u{3005}'
            | '\u{3400}'..='\u{4DBF}'
            | '\u{4E00}'..='\u{9FFF}'
            | '\u{F900}'..='\u{FAFF}' => Script::Han,
            '\u{3040}'..='\u{30FF}' | '\u{31F0}'..='\u{31FF}' | '\u{FF66}'..='\u{FF9F}' => {
                Script::Kana
            }
            '\u{1100}'..='\u{11FF}' | '\u{3130}'..='\u{318F}' | '\u{AC00}'..='\u{D7AF}' => {
                Script::Hangul
            }
            _ => Script::Other,
        }
    }

    /// The scripts other than [`Script::Other`] among `text`'s letters.
    fn in_text(text: &str) -> Vec<Script> {
        let mut scripts = Vec::new();
        for script in text.chars().filter(|c| c.is_alphanumeric()).map(Script::of) {
            if script != Script::Other && !scripts.contains(&script) {
                scripts.push(script);
            }
        }
        scripts
    }
}

/// One word in the form it is compared: numbers up to 13 as words, one spelling, no plural.
fn fold_word(word: &str) -> String {
    const NUMBERS: [&str; 13] = [
        "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
        "twelve", "thirteen",
    ];
    let number = word.parse::<usize>().ok().and_then(|n| n.checked_sub(1));
    if let Some(name) = number.and_then(|n| NUMBERS.get(n)) {
        return name.to_string();
    }
    let word = match word {
        "honors" | "honor" => "honours",
        "pung" | "pungs" => "pong",
        "triplet" | "triplets" => "pong",
        "quad" | "quads" => "kong",
        other => other,
    };
    let singular = word.len() > 3
        && word.ends_with('s')
        && !word.ends_with("ss")
        && !word.ends_with("us")
        && !word.ends_with("ous");
    match word.strip_suffix('s') {
        Some(stem) if singular => stem.to_string(),
        _ => word.to_string(),
    }
}

/// Words that carry no meaning in a description search.
const STOP_WORDS: &[&str] = &[
    "a", "an", "the", "of", "or", "and", "in", "on", "with", "to", "is", "it", "its", "by", "for",
    "at", "as", "be",
];

/// The key, display name, the parts of the name in brackets or around `/`, `:` and `,`,
/// and the aliases, each with what it is.
fn names(criterion: &Criterion) -> Vec<(String, MatchedOn)> {
    let mut out = vec![(criterion.id.to_string(), MatchedOn::Key)];
    out.push((
        criterion.name.to_string(),
        MatchedOn::Name(criterion.name.to_string()),
    ));
    let parts = criterion
        .name
        .split(['(', ')', '/', ':', ','])
        .map(str::trim)
        .filter(|p| !p.is_empty() && *p != &*criterion.name);
    for part in parts {
        out.push((
            part.to_string(),
            MatchedOn::Name(criterion.name.to_string()),
        ));
    }
    for alias in &criterion.aliases {
        out.push((alias.to_string(), MatchedOn::Alias(alias.to_string())));
    }
    out
}

/// The best score of a criterion for `query`, if it reaches [`THRESHOLD`].
fn score_entry(query: &Words, entry: &Entry<'_>) -> Option<(u32, MatchedOn)> {
    let mut best: Option<(u32, MatchedOn)> = None;
    for (_, words, matched_on, part) in &entry.names {
        let mut score = score_name(query, words);
        if *part {
            // One less than the same match on a whole name or alias, so that ties go to
            // the criterion that is called that.
            score = score.min(NAME_PART + 1).saturating_sub(1);
        }
        if score > best.as_ref().map_or(0, |b| b.0) {
            best = Some((score, matched_on.clone()));
        }
    }
    if best.as_ref().map_or(0, |b| b.0) < DESCRIPTION {
        let described = score_description(query, &entry.description);
        if described > 0 {
            best = Some((described, MatchedOn::Description));
        }
    }
    best.filter(|(score, _)| *score >= THRESHOLD)
}

/// How well `query` matches one name: exact, reordered, some of its words, or a typo away.
fn score_name(query: &Words, name: &Words) -> u32 {
    if name.compact.is_empty() {
        return 0;
    }
    if query.compact == name.compact {
        return EXACT;
    }
    if query.sorted == name.sorted {
        return WORD_ORDER;
    }
    let share = |matched: usize| (20 * matched / name.words.len().max(1)) as u32;
    let mut exact_words = 0;
    let mut close_words = 0;
    for word in &query.words {
        if name.words.contains(word) {
            exact_words += 1;
        } else if query.words.len() > MAX_FUZZY_WORDS {
            break;
        } else if name.words.iter().any(|w| one_slip(word, w)) {
            close_words += 1;
        } else {
            break;
        }
    }
    let all_words = exact_words + close_words == query.words.len();
    let mut score = 0;
    if all_words && close_words == 0 {
        score = 70 + share(exact_words);
    } else if all_words {
        // Each slipped word costs 5: `three concaled kongs` prefers "three concealed kongs"
        // (one slip) to "three concealed pongs" (two). At most 70, below `TYPO`.
        score = (55 + share(exact_words + close_words)).saturating_sub(5 * close_words as u32);
    }
    let allowed = match query.length {
        0..=3 => 0,
        4..=7 => 1,
        _ => 2,
    };
    if query.length <= MAX_FUZZY_LEN {
        let pairs = [(&query.compact, &name.compact), (&query.raw, &name.raw)];
        for (a, b) in pairs {
            if a.chars().count().abs_diff(b.chars().count()) <= allowed {
                let distance = strsim::osa_distance(a, b);
                if distance <= allowed {
                    score = score.max(TYPO + 10 - 10 * distance as u32);
                }
            }
        }
    }
    if query.length >= 4 && name.compact.starts_with(&query.compact) {
        score = score.max(50 + (20 * query.length / name.length.max(1)) as u32);
    }
    score
}

/// Whether two words (of four letters or more) are one edit apart.
fn one_slip(a: &str, b: &str) -> bool {
    let (la, lb) = (a.chars().count(), b.chars().count());
    la >= 4 && lb >= 4 && la.abs_diff(lb) <= 1 && strsim::osa_distance(a, b) == 1
}

/// [`DESCRIPTION`] when every meaningful word of the query is in the description, else 0.
fn score_description(query: &Words, description: &Words) -> u32 {
    let mut meaningful = query
        .words
        .iter()
        .filter(|w| !STOP_WORDS.contains(&w.as_str()))
        .peekable();
    if meaningful.peek().is_none() {
        return 0;
    }
    if meaningful.all(|w| description.words.contains(w)) {
        DESCRIPTION
    } else {
        0
    }
}

/// Groups matches into concepts: matches of different rulesets join when their detectors are
/// one concept ([`crate::check::Check::concept`]: the same detector, or readings of the same
/// hand) and they share a key, name or alias (the pairs sharing most names first); a concept
/// never holds two criteria of one ruleset.
fn group<'r>(mut found: Vec<(Match<'r>, &Entry<'r>)>) -> Vec<Concept<'r>> {
    // Best first; among equals a key or name before an alias, so that the concept is named
    // by a criterion called what the user typed (`riichi` → "Riichi (Ready)").
    let rank = |m: &Match<'_>| match m.matched_on {
        MatchedOn::Key | MatchedOn::Name(_) => 0,
        MatchedOn::Alias(_) => 1,
        MatchedOn::Description => 2,
    };
    found.sort_by(|(a, ea), (b, eb)| {
        b.score
            .cmp(&a.score)
            .then(rank(a).cmp(&rank(b)))
            .then(ea.ruleset_index.cmp(&eb.ruleset_index))
    });
    let mut pairs = Vec::new();
    for (i, (_, a)) in found.iter().enumerate() {
        for (j, (_, b)) in found.iter().enumerate().skip(i + 1) {
            if a.criterion.check.concept() != b.criterion.check.concept() {
                continue;
            }
            let shared = a
                .terms
                .iter()
                .filter(|t| b.terms.binary_search(t).is_ok())
                .count();
            if shared > 0 {
                pairs.push((shared, i, j));
            }
        }
    }
    pairs.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)).then(a.2.cmp(&b.2)));
    // Each match starts as its own concept; `concept_of[i]` is the concept of match i and
    // `members[c]` the rulesets (by index) concept c holds.
    let mut concept_of: Vec<usize> = (0..found.len()).collect();
    let mut members: Vec<Vec<usize>> = found.iter().map(|(_, e)| vec![e.ruleset_index]).collect();
    for (_, i, j) in pairs {
        let (Some(&ci), Some(&cj)) = (concept_of.get(i), concept_of.get(j)) else {
            continue;
        };
        let (keep, merge) = (ci.min(cj), ci.max(cj));
        let merged = members.get(merge).cloned().unwrap_or_default();
        let Some(kept) = members.get_mut(keep) else {
            continue;
        };
        if ci == cj || merged.iter().any(|r| kept.contains(r)) {
            continue;
        }
        kept.extend(merged);
        for k in concept_of.iter_mut().filter(|k| **k == merge) {
            *k = keep;
        }
    }
    // Each concept's matches, with their ruleset's index to order them by.
    let mut grouped: Vec<(usize, Vec<(usize, Match<'r>)>)> = Vec::new();
    for ((m, entry), c) in found.into_iter().zip(concept_of) {
        let placed = (entry.ruleset_index, m);
        match grouped.iter_mut().find(|(id, _)| *id == c) {
            Some((_, matches)) => matches.push(placed),
            None => grouped.push((c, vec![placed])),
        }
    }
    let mut concepts: Vec<Concept<'r>> = grouped
        .into_iter()
        .filter_map(|(_, mut matches)| {
            // Named and scored by its best match, the first one found.
            let (_, best) = matches.first()?;
            let (name, score) = (best.criterion.name.to_string(), best.score);
            matches.sort_by_key(|(index, _)| *index);
            Some(Concept {
                name,
                score,
                matches: matches.into_iter().map(|(_, m)| m).collect(),
            })
        })
        .collect();
    concepts.sort_by(|a, b| {
        b.score
            .cmp(&a.score)
            .then(b.matches.len().cmp(&a.matches.len()))
    });
    concepts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_fold_numbers_spelling_and_plurals() {
        assert_eq!(
            Words::new("13 orphans").compact,
            Words::new("Thirteen Orphan").compact
        );
        assert_eq!(Words::new("all honors").compact, "allhonour");
        assert_eq!(
            Words::new("All Pungs").compact,
            Words::new("all-pongs").compact
        );
        assert_eq!(Words::new("chankan").compact, "chankan");
        assert_eq!(Words::new("  ").compact, "");
    }

    #[test]
    fn names_score_exact_reordered_partial_and_typo() {
        let name = Words::new("thirteen orphans");
        assert_eq!(score_name(&Words::new("13 orphans"), &name), EXACT);
        assert_eq!(
            score_name(&Words::new("orphans thirteen"), &name),
            WORD_ORDER
        );
        assert_eq!(score_name(&Words::new("orphans"), &name), 80);
        let typo = |query: &str, name: &str| score_name(&Words::new(query), &Words::new(name));
        assert_eq!(typo("tanyo", "tanyao"), TYPO);
        assert_eq!(typo("all ungs", "all pungs"), TYPO);
        assert_eq!(typo("sevenpars", "seven pairs"), TYPO);
        assert_eq!(typo("chuurenpoto", "chuuren poutou"), TYPO - 10);
        assert_eq!(typo("three concaled kongs", "three concealed kongs"), TYPO);
        assert_eq!(typo("three concaled kongs", "three concealed pongs"), 65);
        assert_eq!(score_name(&Words::new("kokushi"), &name), 0);
        assert_eq!(score_name(&Words::new("dor"), &Words::new("dora")), 0);
    }

    #[test]
    fn a_concept_is_named_by_a_detector_that_is_its_own() {
        use crate::check::Check;
        for check in Check::names().into_iter().filter_map(Check::from_key) {
            let concept = check.concept();
            assert_eq!(concept.concept(), concept, "{}", check.key());
            assert!(
                !check.facts().on_top_of.contains(&check),
                "{} adds to itself",
                check.key()
            );
        }
    }

    #[test]
    fn fuzzy_part_keeps_char_boundaries() {
        let long = "é".repeat(40);
        assert!(fuzzy_part(&long).len() <= MAX_FUZZY_LEN);
        assert_eq!(fuzzy_part("abc"), "abc");
    }
}
