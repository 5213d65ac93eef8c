//! `mj3._mj3`: the mj3 library for Python. Each function answers with what `mj3 … --json`
//! writes: a scored hand's record (`score`, and `Scorer.records` for `mj3.batch`) as the dicts
//! and lists `json.loads` would make of it, built from the library's serde types
//! (`objects`); the rest as the JSON text the library writes (the package's
//! `mj3/__init__.py` reads it); or raises the package's exceptions with the command line's
//! message, line, column and caret. Nothing here composes a record: the library makes every
//! one.

#![forbid(unsafe_code)]

mod objects;

use std::path::Path;
use std::sync::{Arc, Mutex, PoisonError};

use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyString;

use mj3::batch::{ScoredLine, json_record};
use mj3::diagnostic::{caret_snippet, column_of};
use mj3::game::json::{HouseFile, replay_json};
use mj3::reference::search::{self, Lookup};
use mj3::reference::{limits, lookup, rulesets, why};
use mj3::render::Brief;
use mj3::render::tally::Tally;
use mj3::rules::{self, RulesError, Ruleset};
use mj3::{InputError, score_line, sources, validate_line};

/// The file name a house ruleset given as text is loaded as, and named by in its errors.
const HOUSE_FILE: &str = "house.toml";

/// What a cached ruleset was loaded from: the name or path, the house text, the `set` items.
type LoadedFrom = (String, Option<String>, Vec<String>);

/// How many loaded rulesets are kept between calls.
const CACHED: usize = 16;

/// Rulesets loaded by earlier calls, newest last: a script scores many hands under one.
static LOADED: Mutex<Vec<(LoadedFrom, Arc<Ruleset>)>> = Mutex::new(Vec::new());

/// Raises the package's exception `kind` (`NotationError`, `RulesetError`,
/// `GameRecordError`) with the command line's `message`, and where: `line` and `column`
/// (1-based) and the `caret` snippet, when known; `record` is the JSON the command line
/// writes for it on standard output, if any.
fn raise(
    py: Python<'_>,
    kind: &str,
    message: String,
    place: Option<(usize, usize, Option<String>)>,
    record: Option<String>,
) -> PyErr {
    let made = (|| -> PyResult<PyErr> {
        let class = py.import("mj3")?.getattr(kind)?;
        let (line, column, caret) = match place {
            Some((line, column, caret)) => (Some(line), Some(column), caret),
            None => (None, None, None),
        };
        let error = class.call1((message, line, column, caret, record))?;
        Ok(PyErr::from_value(error))
    })();
    made.unwrap_or_else(|err| err)
}

/// A ruleset error as the command line prints it (sources by title), raised as
/// `RulesetError`, with the line and column in its file when the error names them.
fn ruleset_error(py: Python<'_>, err: &RulesError) -> PyErr {
    let message = sources::cite(&err.to_string());
    // A ruleset error quotes its own file where it can: no caret of its own.
    let place = match err {
        RulesError::Invalid { at: Some(at), .. } | RulesError::NotRead { at: Some(at), .. } => {
            Some((at.line, at.column, None))
        }
        _ => None,
    };
    raise(py, "RulesetError", message, place, None)
}

/// The ruleset named `name` (a shipped ruleset or a TOML file's path), or the house ruleset
/// given as TOML text, with `sets` laid over it; from the cache when loaded before.
fn ruleset(
    py: Python<'_>,
    name: &str,
    house: Option<&str>,
    sets: &[String],
) -> PyResult<Arc<Ruleset>> {
    let key: LoadedFrom = (name.to_string(), house.map(str::to_string), sets.to_vec());
    let lock = || LOADED.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some((_, found)) = lock().iter().find(|(k, _)| *k == key) {
        return Ok(Arc::clone(found));
    }
    let loaded = match house {
        Some(text) => rules::load_text(HOUSE_FILE, text, sets),
        None => rules::load_with(name, sets),
    };
    let loaded = Arc::new(loaded.map_err(|err| ruleset_error(py, &err))?);
    let mut cache = lock();
    if cache.len() >= CACHED {
        cache.remove(0);
    }
    cache.push((key, Arc::clone(&loaded)));
    Ok(loaded)
}

/// Every shipped ruleset.
fn shipped(py: Python<'_>) -> PyResult<Vec<Ruleset>> {
    rules::shipped_names()
        .into_iter()
        .map(|name| rules::load(name).map_err(|err| ruleset_error(py, &err)))
        .collect()
}

/// A line that does not read, raised as `NotationError` (also for a hand that breaks the
/// ruleset) with the error record `mj3 score --json` writes for it.
fn notation_error(py: Python<'_>, line: &str, err: &InputError) -> PyErr {
    let column = column_of(line, err.span().start);
    let caret = caret_snippet(line, err.span());
    raise(
        py,
        "NotationError",
        err.to_string(),
        Some((1, column, Some(caret))),
        Some(err.record(line)),
    )
}

/// A JSON writing error (never for the library's plain data) as a Python error.
fn json_failed(err: impl std::fmt::Display) -> PyErr {
    PyValueError::new_err(format!("mj3 could not write JSON: {err}"))
}

/// `mj3 score LINE --json`: the report of one hand; `brief`: `--brief --json`, its short
/// record; as Python objects.
#[pyfunction]
#[pyo3(signature = (hand, ruleset_name, sets, house, brief))]
fn score<'py>(
    py: Python<'py>,
    hand: &str,
    ruleset_name: &str,
    sets: Vec<String>,
    house: Option<&str>,
    brief: bool,
) -> PyResult<Bound<'py, PyAny>> {
    let rules = ruleset(py, ruleset_name, house, &sets)?;
    let (valid, evaluation) = py
        .detach(|| score_line(hand, &rules))
        .map_err(|err| notation_error(py, hand, &err))?;
    let mut shared = objects::shared();
    let strings = shared.as_mut().map(|s| s.get_or_insert_default());
    if brief {
        let unready = py.detach(|| mj3::shanten::analyse(&valid, &evaluation, &rules));
        let record = Brief::new(None, hand, &rules, &evaluation, unready.as_ref());
        return objects::to_object(py, strings, &record);
    }
    mj3::render::unready::with_report(None, hand, &rules, &valid, &evaluation, |report| {
        objects::to_object(py, strings, report)
    })
}

/// `mj3 score LINE --why KEY… --json`: whether each criterion counted and why (JSON).
#[pyfunction(name = "why")]
#[pyo3(signature = (hand, ruleset_name, sets, house, why_keys))]
fn why_answers(
    py: Python<'_>,
    hand: &str,
    ruleset_name: &str,
    sets: Vec<String>,
    house: Option<&str>,
    why_keys: Vec<String>,
) -> PyResult<String> {
    let rules = ruleset(py, ruleset_name, house, &sets)?;
    let valid = validate_line(hand, &rules).map_err(|err| notation_error(py, hand, &err))?;
    let answers = why::answer_each(&rules, &valid, &why_keys, &shipped(py)?);
    why::json(hand, &rules, &answers).map_err(json_failed)
}

/// The shanten analysis of a hand, whatever its evaluation: the `unready` object of a
/// `mj3 score --json` record.
#[pyfunction]
#[pyo3(signature = (hand, ruleset_name, sets, house))]
fn shanten(
    py: Python<'_>,
    hand: &str,
    ruleset_name: &str,
    sets: Vec<String>,
    house: Option<&str>,
) -> PyResult<String> {
    let rules = ruleset(py, ruleset_name, house, &sets)?;
    let valid = validate_line(hand, &rules).map_err(|err| notation_error(py, hand, &err))?;
    let analysis = py.detach(|| mj3::shanten::analyse_hand(&valid, &rules));
    mj3::json::to_string(&analysis).map_err(json_failed)
}

/// A ruleset loaded for `mj3.batch`, with the tally of the lines it has scored.
#[pyclass(frozen, module = "mj3._mj3")]
struct Scorer {
    rules: Arc<Ruleset>,
    /// The lines counted so far (its ruleset name is the scorer's, set as it is written).
    tally: Mutex<Tally<'static>>,
}

/// The records of lines scored by `Scorer.records`, in order, each built when it is asked
/// for (so that it is made and read while its memory is at hand, and a chunk's records are
/// never all alive at once unless kept).
#[pyclass(module = "mj3._mj3")]
struct Records {
    rules: Arc<Ruleset>,
    file: String,
    brief: bool,
    scored: std::vec::IntoIter<ScoredLine>,
}

#[pymethods]
impl Records {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__<'py>(&mut self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        let Some(scored) = self.scored.next() else {
            return Ok(None);
        };
        let record = scored.record(&self.file, &self.rules, self.brief);
        let mut shared = objects::shared();
        let strings = shared.as_mut().map(|s| s.get_or_insert_default());
        objects::to_object(py, strings, &record).map(Some)
    }
}

/// A scorer under a ruleset, for `mj3.batch`.
#[pyfunction]
#[pyo3(signature = (ruleset_name, sets, house))]
fn scorer(
    py: Python<'_>,
    ruleset_name: &str,
    sets: Vec<String>,
    house: Option<&str>,
) -> PyResult<Scorer> {
    Ok(Scorer {
        rules: ruleset(py, ruleset_name, house, &sets)?,
        tally: Mutex::new(Tally::new("")),
    })
}

#[pymethods]
impl Scorer {
    /// `mj3 batch --json` (`brief`: `--brief --json`) for `lines`, numbered from `first` in
    /// `file`: the records of the lines (blank and comment lines give none), one a line, in
    /// input order, scored and written on `jobs` threads without the GIL; the lines are
    /// counted in the scorer's tally.
    fn score_lines<'py>(
        &self,
        py: Python<'py>,
        file: &str,
        first: usize,
        lines: Vec<String>,
        jobs: usize,
        brief: bool,
    ) -> PyResult<Bound<'py, PyString>> {
        let rules = &*self.rules;
        let parts = in_jobs(py, first, &lines, jobs, |from, part| {
            score_part(file, from, part, rules, brief)
        })?;
        let mut out = Vec::with_capacity(parts.iter().map(|(o, _)| o.len()).sum());
        let mut tally = self.tally.lock().unwrap_or_else(PoisonError::into_inner);
        for (part, counted) in parts {
            out.extend_from_slice(&part);
            counted.iter().for_each(|c| tally.add(c));
        }
        let text = String::from_utf8(out).map_err(json_failed)?;
        Ok(PyString::new(py, &text))
    }

    /// The same records as [`Scorer::score_lines`] as Python objects (what `json.loads`
    /// makes of each): the lines scored on `jobs` threads without the GIL and counted in the
    /// tally, then each record built from the library's record types as it is asked for.
    fn records(
        &self,
        py: Python<'_>,
        file: String,
        first: usize,
        lines: Vec<String>,
        jobs: usize,
        brief: bool,
    ) -> PyResult<Records> {
        let rules = &*self.rules;
        let parts = in_jobs(py, first, &lines, jobs, |from, part| {
            let numbered = part.iter().enumerate();
            let scored = numbered.filter_map(|(i, line)| ScoredLine::score(from + i, line, rules));
            scored.collect::<Vec<_>>()
        })?;
        let scored: Vec<ScoredLine> = parts.into_iter().flatten().collect();
        let mut tally = self.tally.lock().unwrap_or_else(PoisonError::into_inner);
        scored.iter().for_each(|line| tally.add(&line.counted()));
        Ok(Records {
            rules: Arc::clone(&self.rules),
            file,
            brief,
            scored: scored.into_iter(),
        })
    }

    /// The tally of every line scored so far, as `mj3 batch --json --summary json` writes
    /// it.
    fn tally(&self) -> PyResult<String> {
        let mut tally: Tally<'_> = self
            .tally
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .clone();
        tally.ruleset = &self.rules.name;
        mj3::json::to_string(&tally).map_err(json_failed)
    }
}

/// What `work` makes of `lines` (numbered from `first`), split in order among `jobs` threads
/// without the GIL: each part's answer (given the number of its first line), in order.
fn in_jobs<'l, T: Send>(
    py: Python<'_>,
    first: usize,
    lines: &'l [String],
    jobs: usize,
    work: impl Fn(usize, &'l [String]) -> T + Sync,
) -> PyResult<Vec<T>> {
    // Every line's number, `first + i`, must fit: Python's int does not stop at 64 bits.
    if first.checked_add(lines.len()).is_none() {
        return Err(PyValueError::new_err(format!(
            "line numbers from {first} run past {}",
            usize::MAX
        )));
    }
    let parts = py.detach(|| {
        let jobs = jobs.clamp(1, lines.len().max(1));
        if jobs == 1 {
            return Some(vec![work(first, lines)]);
        }
        let per_job = lines.len().div_ceil(jobs);
        let work = &work;
        std::thread::scope(|scope| {
            let handles: Vec<_> = lines
                .chunks(per_job)
                .enumerate()
                .map(|(i, part)| scope.spawn(move || work(first + i * per_job, part)))
                .collect();
            // A job that panicked (none should) loses its lines: the call fails whole.
            handles.into_iter().map(|h| h.join().ok()).collect()
        })
    });
    parts.ok_or_else(|| {
        PyRuntimeError::new_err("mj3 stopped while scoring these lines (a bug: please report it)")
    })
}

/// The records of `lines` numbered from `first`, and how each counts.
fn score_part(
    file: &str,
    first: usize,
    lines: &[String],
    rules: &Ruleset,
    brief: bool,
) -> (Vec<u8>, Vec<mj3::render::tally::Counted>) {
    let mut out = Vec::new();
    let counted = lines
        .iter()
        .enumerate()
        .map(|(i, line)| json_record(file, first + i, line, rules, brief, &mut out))
        .collect();
    (out, counted)
}

/// Tallies (JSON, as `--summary json` writes them) added up into one, under the first's
/// ruleset name.
fn merge(tallies: &[&str]) -> PyResult<String> {
    let mut read = tallies.iter().map(|text| {
        serde_json::from_str::<Tally<'_>>(text)
            .map_err(|err| PyValueError::new_err(format!("not a tally: {err}")))
    });
    let Some(first) = read.next() else {
        return Err(PyValueError::new_err("no tally to add up"));
    };
    let mut sum: Tally<'_> = first?;
    for tally in read {
        sum.merge(&tally?);
    }
    mj3::json::to_string(&sum).map_err(json_failed)
}

/// Tallies (JSON) added up into one (JSON).
#[pyfunction]
fn merge_tallies(tallies: Vec<String>) -> PyResult<String> {
    let texts: Vec<&str> = tallies.iter().map(String::as_str).collect();
    merge(&texts)
}

/// `mj3 game --json`: the records of a replayed game record, in order (each hand, then the
/// end record), and the error that stopped the replay: `(message, line, column, caret,
/// bad_ruleset)`.
#[pyfunction]
#[pyo3(signature = (record, house, sets, folder))]
#[allow(clippy::type_complexity)]
fn game(
    py: Python<'_>,
    record: &str,
    house: Option<&str>,
    sets: Vec<String>,
    folder: Option<&str>,
) -> (Vec<String>, Option<(String, usize, usize, String, bool)>) {
    let mut records = Vec::new();
    let from = match (house, folder) {
        (Some(text), _) => HouseFile::Text(text),
        (None, Some(folder)) => HouseFile::Folder(Path::new(folder)),
        (None, None) => HouseFile::None,
    };
    let result = py.detach(|| replay_json(record, &sets, from, &mut |line| records.push(line)));
    let stopped = result.err().map(|failure| {
        let error = &failure.error;
        let column = match error.line {
            0 => 0,
            _ => column_of(&error.text, error.span.start),
        };
        let caret = match error.line {
            0 => String::new(),
            _ => caret_snippet(&error.text, error.span),
        };
        (
            error.render(),
            error.line,
            column,
            caret,
            failure.bad_ruleset,
        )
    });
    (records, stopped)
}

/// `mj3 criteria --json` (no query: the ruleset's criteria) or `mj3 criteria QUERY --json
/// [--all]` (the matches in the ruleset given, or in every shipped one, with their cards);
/// `None` with the message when nothing matches.
#[pyfunction]
#[pyo3(signature = (query, ruleset_name, sets, house, all))]
fn criteria(
    py: Python<'_>,
    query: Option<&str>,
    ruleset_name: Option<&str>,
    sets: Vec<String>,
    house: Option<&str>,
    all: bool,
) -> PyResult<(Option<String>, Option<String>)> {
    let given = |py| -> PyResult<Option<Ruleset>> {
        match (ruleset_name, house) {
            (None, None) => Ok(None),
            (name, house) => Ok(Some(
                ruleset(py, name.unwrap_or(rules::DEFAULT_RULESET), house, &sets)?
                    .as_ref()
                    .clone(),
            )),
        }
    };
    let Some(query) = query.filter(|q| !q.trim().is_empty()) else {
        let rules = match given(py)? {
            Some(rules) => rules,
            None => ruleset(py, rules::DEFAULT_RULESET, None, &sets)?
                .as_ref()
                .clone(),
        };
        let listing = mj3::render::criteria_listing(&rules);
        return Ok((
            Some(mj3::json::to_string(&listing).map_err(json_failed)?),
            None,
        ));
    };
    let (searched, rulesets) = match given(py)? {
        Some(rules) => (format!("ruleset {}", rules.name), vec![rules]),
        None => ("any shipped ruleset".to_string(), shipped(py)?),
    };
    if let Some(level) = limits::Level::find(query) {
        let card = limits::card(level, &rulesets);
        return Ok((Some(limits::json(query, &card)), None));
    }
    match search::lookup(query, &rulesets) {
        Lookup::Found(concepts) => Ok((
            Some(lookup::json(query, &concepts, all).map_err(json_failed)?),
            None,
        )),
        Lookup::NotFound { nearest } => {
            let mut message = format!("no criterion of {searched} matches \"{query}\"");
            if !nearest.is_empty() {
                message.push_str(&format!("; nearest: {}", nearest.join(", ")));
            }
            Ok((None, Some(message)))
        }
    }
}

/// `mj3 compare LINE --json [--rules A,B…]`: the hand under each shipped ruleset named
/// (every one when none is).
#[pyfunction]
#[pyo3(signature = (hand, rulesets))]
fn compare(py: Python<'_>, hand: &str, rulesets: Option<Vec<String>>) -> PyResult<String> {
    let chosen: Vec<Ruleset> = match rulesets {
        None => shipped(py)?,
        Some(names) => names
            .iter()
            .map(|name| rules::load(name.trim()).map_err(|err| ruleset_error(py, &err)))
            .collect::<PyResult<_>>()?,
    };
    let comparison = py.detach(|| mj3::reference::compare::compare(hand, &chosen));
    mj3::json::to_string(&comparison).map_err(json_failed)
}

/// `mj3 rulesets --json`: the shipped rulesets.
#[pyfunction(name = "rulesets")]
fn shipped_rulesets(py: Python<'_>) -> PyResult<String> {
    let summaries = rulesets::summaries().map_err(|err| ruleset_error(py, &err))?;
    rulesets::summaries_json(&summaries).map_err(json_failed)
}

/// The version of mj3 this module was built from.
#[pyfunction]
fn version() -> &'static str {
    env!("CARGO_PKG_VERSION")
}

/// The extension module.
#[pymodule]
fn _mj3(module: &Bound<'_, PyModule>) -> PyResult<()> {
    module.add_function(wrap_pyfunction!(score, module)?)?;
    module.add_function(wrap_pyfunction!(why_answers, module)?)?;
    module.add_function(wrap_pyfunction!(shanten, module)?)?;
    module.add_function(wrap_pyfunction!(scorer, module)?)?;
    module.add_function(wrap_pyfunction!(merge_tallies, module)?)?;
    module.add_function(wrap_pyfunction!(game, module)?)?;
    module.add_function(wrap_pyfunction!(criteria, module)?)?;
    module.add_function(wrap_pyfunction!(compare, module)?)?;
    module.add_function(wrap_pyfunction!(shipped_rulesets, module)?)?;
    module.add_function(wrap_pyfunction!(version, module)?)?;
    module.add_class::<Scorer>()?;
    module.add_class::<Records>()?;
    Ok(())
}
