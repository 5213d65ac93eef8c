"""Shared by the tests: the mj3 command line the package is checked against, and the
repository's case files and example games."""

import json
import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def mj3_binary() -> str:
    """The `mj3` binary: $MJ3_BIN, else the workspace's debug build, else its release
    build."""
    given = os.environ.get("MJ3_BIN")
    if given:
        return os.path.abspath(given)
    for profile in ("debug", "release"):
        path = ROOT / "target" / profile / "mj3"
        if path.exists():
            return str(path)
    pytest.exit("no mj3 binary: build it (cargo build) or set MJ3_BIN", returncode=2)


class Cli:
    """Runs the mj3 command line."""

    def __init__(self, binary: str) -> None:
        self.binary = binary

    def run(self, *args: str, stdin: str = "", cwd=None) -> subprocess.CompletedProcess:
        env = dict(os.environ, NO_COLOR="1", COLUMNS="80")
        return subprocess.run(
            [self.binary, *args],
            input=stdin,
            capture_output=True,
            text=True,
            env=env,
            cwd=cwd,
            check=False,
        )

    def records(self, *args: str, stdin: str = "", cwd=None) -> list:
        """The JSON records the command writes on stdout, one a line, parsed."""
        done = self.run(*args, stdin=stdin, cwd=cwd)
        return [json.loads(line) for line in done.stdout.splitlines() if line.strip()]


@pytest.fixture(scope="session")
def cli() -> Cli:
    return Cli(mj3_binary())


def case_hands():
    """Every hand of tests/cases/*.txt: (file, line number, ruleset, `set` items, hand)."""
    hands = []
    for path in sorted((ROOT / "tests" / "cases").glob("*.txt")):
        ruleset = "korean"
        for number, raw in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            line = raw.split(" #")[0].strip()
            if not line or line.startswith("#"):
                continue
            if line.startswith("ruleset:"):
                ruleset = line.split(":", 1)[1].strip()
                continue
            hand, _, checks = line.partition("|")
            sets = [c[1:] for c in checks.split() if c.startswith("@")]
            hands.append((path.name, number, ruleset, sets, hand.strip()))
    return hands


def example_games():
    return sorted((ROOT / "docs" / "examples").glob("*-game.txt"))
