"""Stubs of the extension module `mj3._mj3` (python/src/lib.rs): `score` and
`Scorer.records` answer with a scored hand's record as dicts and lists (built from the
library's record types); the other functions with the JSON text the mj3 library writes, which
the package `mj3` reads into dicts and lists."""

from typing import Any, Dict, Iterator, List, Optional, Tuple

def version() -> str: ...
def score(
    hand: str,
    ruleset_name: str,
    sets: List[str],
    house: Optional[str],
    brief: bool,
) -> Dict[str, Any]: ...
def why(
    hand: str,
    ruleset_name: str,
    sets: List[str],
    house: Optional[str],
    why_keys: List[str],
) -> str: ...
def shanten(hand: str, ruleset_name: str, sets: List[str], house: Optional[str]) -> str: ...

class Scorer:
    def score_lines(
        self, file: str, first: int, lines: List[str], jobs: int, brief: bool
    ) -> str: ...
    def records(
        self, file: str, first: int, lines: List[str], jobs: int, brief: bool
    ) -> Records: ...
    def tally(self) -> str: ...

class Records(Iterator[Dict[str, Any]]):
    def __iter__(self) -> Records: ...
    def __next__(self) -> Dict[str, Any]: ...

def scorer(ruleset_name: str, sets: List[str], house: Optional[str]) -> Scorer: ...
def merge_tallies(tallies: List[str]) -> str: ...
def game(
    record: str, house: Optional[str], sets: List[str], folder: Optional[str]
) -> Tuple[List[str], Optional[Tuple[str, int, int, str, bool]]]: ...
def criteria(
    query: Optional[str],
    ruleset_name: Optional[str],
    sets: List[str],
    house: Optional[str],
    all: bool,
) -> Tuple[Optional[str], Optional[str]]: ...
def compare(hand: str, rulesets: Optional[List[str]]) -> str: ...
def rulesets() -> str: ...
