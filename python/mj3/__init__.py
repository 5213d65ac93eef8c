"""mj3 from Python: the mj3 library's hand evaluation, rules reference and game replay.

Every answer is the object ``mj3 … --json`` writes, as dicts and lists: the library makes
every record (docs/json.md is its schema); a scored hand's record (:func:`score`,
:func:`batch`) is built as Python objects from the same serde types the JSON writer writes,
anything else is the library's JSON read with :func:`json.loads`, so that the command line and
this package cannot disagree.

    >>> import mj3
    >>> mj3.score("123p456m99s EEE ww +f2 tsumo")["score"]["totals"]
    {...}
"""

from __future__ import annotations

import itertools as _itertools
import json as _json
from typing import Any, Dict, Iterable, Iterator, List, Optional, Sequence, Union

from . import _mj3

__all__ = [
    "Error",
    "NotationError",
    "RulesetError",
    "GameRecordError",
    "Batch",
    "score",
    "batch",
    "shanten",
    "game",
    "criteria",
    "compare",
    "rulesets",
    "merge_tallies",
    "DEFAULT_RULESET",
    "__version__",
]

__version__: str = _mj3.version()

#: The ruleset a call is under when none is named (as ``mj3 --rules``'s default).
DEFAULT_RULESET = "korean"

#: Lines handed to the library at a time by :func:`batch`, per job.
LINES_PER_JOB = 256

#: Lines handed to the library at a time by :func:`batch` on one job: few, so that each
#: hand's data is still in the processor's cache when its record is built.
LINES_ON_ONE_JOB = 16

Record = Dict[str, Any]


class Error(Exception):
    """Any error mj3 reports: ``str(err)`` is the text the command line prints after
    ``error:``.

    Attributes: ``message`` (what is wrong), ``line`` and ``column`` (1-based, where known,
    else ``None``), ``caret`` (the line shown with a caret under the problem, as the command
    line shows it, or ``None``), ``record`` (the JSON record the command line writes on
    standard output for it with ``--json``, as a dict, or ``None``).
    """

    def __init__(
        self,
        message: str,
        line: Optional[int] = None,
        column: Optional[int] = None,
        caret: Optional[str] = None,
        record: Optional[str] = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.line = line
        self.column = column
        self.caret = caret
        self.record: Optional[Record] = _json.loads(record) if record else None

    def __str__(self) -> str:
        if self.caret:
            return f"{self.message}\n{self.caret}"
        return self.message


class NotationError(Error):
    """A hand that does not read: bad notation, or a hand that breaks the ruleset (what
    ``mj3 score`` reports with exit code 2). ``record`` is its error record."""


class RulesetError(Error):
    """A ruleset that could not be loaded: an unknown name, a house file or ``set`` item
    that does not read or makes no sense (``mj3`` exit code 3)."""


class GameRecordError(Error):
    """A game record the replay stopped at: ``line`` is the record's line (0: the record as
    a whole), ``message`` the whole text ``mj3 game`` prints (with the line, its caret and
    the game there); ``records`` are the records written before it (the hands settled, then
    the end record when there was a hand), as ``mj3 game --json`` writes them."""

    records: List[Record]
    bad_ruleset: bool

    def __str__(self) -> str:
        return self.message


def _sets(set: Optional[Iterable[str]]) -> List[str]:
    if set is None:
        return []
    if isinstance(set, str):
        return [set]
    return list(set)


def score(
    hand: str,
    ruleset: str = DEFAULT_RULESET,
    *,
    set: Optional[Iterable[str]] = None,
    house: Optional[str] = None,
    why: Optional[Sequence[str]] = None,
    brief: bool = False,
) -> Record:
    """Scores one hand in mj3 notation: the object ``mj3 score HAND --json`` writes.

    ``ruleset`` is a shipped ruleset's name or a TOML file's path; ``house`` a house
    ruleset's TOML text (which names its base with ``extends``), used instead; ``set``
    ``KEY=VALUE`` overrides as ``--set`` takes them. With ``why`` (criterion keys or limit
    names), the answer of ``mj3 score HAND --why KEY… --json`` instead; with ``brief``, the
    short record of ``--brief --json`` (the verdict, the limit or totals, the payments).

    Raises :class:`NotationError` for a hand that does not read, :class:`RulesetError` for a
    ruleset that does not load.
    """
    if why is not None:
        keys = [why] if isinstance(why, str) else list(why)
        return _json.loads(_mj3.why(hand, ruleset, _sets(set), house, keys))
    return _mj3.score(hand, ruleset, _sets(set), house, brief)


def shanten(
    hand: str,
    ruleset: str = DEFAULT_RULESET,
    *,
    set: Optional[Iterable[str]] = None,
    house: Optional[str] = None,
) -> Record:
    """How far a hand of 13 or 14 tiles is from ready: the ``unready`` object of a
    ``mj3 score --json`` record (``shanten``, the useful draws, or every discard ranked),
    for any hand."""
    return _json.loads(_mj3.shanten(hand, ruleset, _sets(set), house))


class Batch(Iterator[Any]):
    """The records of :func:`batch`, in input order; :meth:`tally` counts the lines read so
    far."""

    def __init__(
        self,
        lines: Iterable[str],
        scorer: Any,
        jobs: int,
        file: str,
        first_line: int,
        raw: bool,
        brief: bool,
    ) -> None:
        self._lines = iter(lines)
        self._scorer = scorer
        self._jobs = jobs
        self._file = file
        self._number = first_line
        self._raw = raw
        self._brief = brief
        # The chunks' records one after another, iterated in C: no Python frame per record.
        self._records: Iterator[Any] = _itertools.chain.from_iterable(self._chunks())

    def __iter__(self) -> Iterator[Any]:
        return self._records

    def __next__(self) -> Any:
        return next(self._records)

    def _chunks(self) -> Iterator[Iterator[Any]]:
        """Each chunk's records (an iterator), the lines read and scored as it is reached."""
        size = LINES_PER_JOB * self._jobs if self._jobs > 1 else LINES_ON_ONE_JOB
        while True:
            chunk = [_line_text(line) for line in _itertools.islice(self._lines, size)]
            if not chunk:
                return
            args = (self._file, self._number, chunk, self._jobs, self._brief)
            self._number += len(chunk)
            if self._raw:
                yield iter(self._scorer.score_lines(*args).splitlines())
            else:
                yield self._scorer.records(*args)

    def tally(self) -> Record:
        """The tally of the lines read so far, as ``mj3 batch --json --summary json`` writes
        it last: the hands by verdict, each seat's net."""
        return _json.loads(self._scorer.tally())


def _line_text(line: Union[str, bytes]) -> str:
    """A line as the command line reads it: without its line end; bytes that are not UTF-8
    are read as the command line shows them (its error record says so)."""
    if isinstance(line, bytes):
        line = line.decode("utf-8", errors="replace")
    if line.endswith("\n"):
        line = line[:-1]
        if line.endswith("\r"):
            line = line[:-1]
    return line


def batch(
    lines: Iterable[str],
    ruleset: str = DEFAULT_RULESET,
    *,
    set: Optional[Iterable[str]] = None,
    house: Optional[str] = None,
    jobs: Optional[int] = None,
    file: str = "<stdin>",
    first_line: int = 1,
    raw: bool = False,
    brief: bool = False,
) -> Batch:
    """Scores lines of hands, one a line: an iterator of the records ``mj3 batch --json``
    writes for them, in input order (a blank or comment line gives none; a line that does
    not read gives its error record, never an exception).

    The lines are scored in chunks on ``jobs`` threads (default: one per core) with the GIL
    released. ``file`` and ``first_line`` are the records' ``file`` and first ``line``
    (``mj3 batch FILE`` names the file as given); ``raw=True`` gives each record as its JSON
    text, one line as the command line writes it, instead of a dict; ``brief=True`` the short
    records of ``mj3 batch --brief --json`` (the verdict, the limit or totals, the payments).
    ``.tally()`` on the iterator is the tally of the lines read so far.
    """
    if jobs is None:
        import os

        jobs = os.cpu_count() or 1
    if jobs < 1:
        raise ValueError("jobs must be at least 1")
    scorer = _mj3.scorer(ruleset, _sets(set), house)
    return Batch(lines, scorer, jobs, file, first_line, raw, brief)


def merge_tallies(tallies: Iterable[Record]) -> Record:
    """Tallies of separate runs (each as :meth:`Batch.tally` gives it) added up into one,
    under the first's ruleset name: the tally of a run split across processes or machines."""
    texts = [_json.dumps(t) for t in tallies]
    return _json.loads(_mj3.merge_tallies(texts))


def game(
    record: str,
    house: Optional[str] = None,
    *,
    set: Optional[Iterable[str]] = None,
    folder: Optional[str] = None,
) -> List[Record]:
    """Replays a game record (docs/game.md) given as text: the records ``mj3 game --json``
    writes, in order (one per hand and correction, then the ``end`` record with the
    standings).

    ``house`` is the text of the house ruleset the record's ``ruleset`` line names;
    ``folder`` is where such a file is read from instead (``mj3 game FILE`` reads it beside
    the record). Raises :class:`GameRecordError` at the line the replay stops at (its
    ``records`` are those written before it), :class:`RulesetError` when the ruleset the
    record names does not load.
    """
    records, stopped = _mj3.game(record, house, _sets(set), folder)
    parsed = [_json.loads(r) for r in records]
    if stopped is None:
        return parsed
    message, line, column, caret, bad_ruleset = stopped
    kind = RulesetError if bad_ruleset else GameRecordError
    error = kind(message, line, column or None, caret or None)
    error.records = parsed  # type: ignore[attr-defined]
    error.bad_ruleset = bad_ruleset  # type: ignore[attr-defined]
    raise error


def criteria(
    query: Optional[str] = None,
    ruleset: Optional[str] = None,
    *,
    set: Optional[Iterable[str]] = None,
    house: Optional[str] = None,
    all: bool = False,
) -> Record:
    """The rules reference: without ``query``, ``mj3 criteria --json`` (the ruleset's
    criteria, default korean); with one, ``mj3 criteria QUERY --json`` (the criteria or limit
    any of whose names match, with their cards; in ``ruleset`` only when given, else in
    every shipped ruleset; ``all``: every match's card).

    Raises :class:`LookupError` when nothing matches (its message names the nearest).
    """
    answer, missing = _mj3.criteria(query, ruleset, _sets(set), house, all)
    if answer is None:
        raise LookupError(missing)
    return _json.loads(answer)


def compare(hand: str, rulesets: Optional[Sequence[str]] = None) -> Record:
    """One hand under every shipped ruleset (or those named), side by side: what
    ``mj3 compare HAND --json`` writes."""
    names = [rulesets] if isinstance(rulesets, str) else rulesets
    return _json.loads(_mj3.compare(hand, None if names is None else list(names)))


def rulesets() -> List[Record]:
    """The shipped rulesets: what ``mj3 rulesets --json`` writes."""
    return _json.loads(_mj3.rulesets())
