"""Scoring files of hands on Dask (docs/python.md, "On a cluster"): a ``dask.bag`` over the
files' lines, one partition a file, each partition scored by :func:`mj3.batch` on the worker
that holds it, and the partitions' tallies added up with :func:`mj3.merge_tallies`.

    >>> from distributed import Client
    >>> import dask, mj3.bag
    >>> client = Client("scheduler:8786")          # or Client(LocalCluster(...))
    >>> records, tally = mj3.bag.score_files(["a.txt", "b.txt"], "sanma")
    >>> records, tally = dask.compute(records, tally)

``records`` are what ``mj3 batch --json a.txt b.txt`` writes for the lines, in order within
each file (the files in the order given); ``tally`` is its ``--summary json`` record. Needs
``dask[bag]`` (and ``distributed`` for a cluster); mj3 itself does not.
"""

from __future__ import annotations

from typing import Any, Dict, Iterable, List, Optional, Sequence, Tuple

import mj3

Record = Dict[str, Any]


def score_partition(
    lines: Iterable[Tuple[str, str]],
    ruleset: str = mj3.DEFAULT_RULESET,
    sets: Optional[Sequence[str]] = None,
    house: Optional[str] = None,
    jobs: int = 1,
    raw: bool = False,
) -> List[Any]:
    """One partition of ``read_text(..., include_path=True)`` (every line of one file, with
    its path) scored: the file's records (``raw``: as JSON text lines), then its tally (a
    dict of kind ``tally``)."""
    pairs = list(lines)
    if not pairs:
        return []
    path = pairs[0][1]
    run = mj3.batch(
        (line for line, _ in pairs), ruleset, set=sets, house=house, jobs=jobs, file=path, raw=raw
    )
    records = list(run)
    records.append(run.tally())
    return records


def _is_tally(record: Any) -> bool:
    return isinstance(record, dict) and record.get("kind") == "tally" and "file" not in record


def _add_up(tallies: Iterable[Optional[Record]]) -> Optional[Record]:
    """Tallies added up (a partition's one, or the sums of partitions'; `None`: none)."""
    present = [t for t in tallies if t]
    return mj3.merge_tallies(present) if present else None


def score_files(
    paths: Sequence[str],
    ruleset: str = mj3.DEFAULT_RULESET,
    *,
    set: Optional[Sequence[str]] = None,
    house: Optional[str] = None,
    jobs: int = 1,
    raw: bool = False,
):
    """The records of every line of ``paths`` and their tally, as two lazy Dask
    collections (a bag and an item) to compute together: ``dask.compute(records, tally)``
    scores each file once. ``raw=True``: each record as the JSON line the CLI writes (to
    write out on the workers, ``records.to_textfiles(...)``, without making dicts).

    Each file is one partition (``blocksize=None``), so that its lines are numbered from 1
    as ``mj3 batch`` numbers them; split an archive into files to spread it over workers.
    ``jobs`` is the threads each partition is scored on (one per worker thread is usual).
    Bytes that are not UTF-8 are read as U+FFFD (the CLI reports such a line as not UTF-8).
    """
    import dask.bag as db

    sets = list(set) if set is not None else None
    lines = db.read_text(list(paths), include_path=True, blocksize=None, errors="replace")
    scored = lines.map_partitions(score_partition, ruleset, sets, house, jobs, raw)
    records = scored.filter(lambda r: not _is_tally(r))
    tally = scored.filter(_is_tally).reduction(_add_up, _add_up)
    return records, tally
