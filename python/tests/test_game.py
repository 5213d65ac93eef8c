"""Every example game through `mj3.game` is exactly what `mj3 game --json` writes (parsed);
a record that stops at a bad line raises `GameRecordError` with the CLI's text and the records
written before it."""

import pytest

import mj3
from conftest import example_games

GAMES = example_games()


def test_there_are_example_games():
    assert len(GAMES) >= 10


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.name)
def test_every_example_game_gives_the_cli_json(cli, path):
    expected = cli.records("game", "--json", str(path))
    got = mj3.game(path.read_text(encoding="utf-8"), folder=str(path.parent))
    assert got == expected
    assert got[-1]["kind"] == "end"


def test_a_bad_line_raises_the_cli_text_after_the_hands_before_it(cli, tmp_path):
    text = GAMES[0].read_text(encoding="utf-8").rstrip("\n").splitlines()
    # Two hands' lines in, a line no record takes.
    bad = "\n".join(text + ["this is no event"]) + "\n"
    path = tmp_path / "bad.txt"
    path.write_text(bad, encoding="utf-8")
    done = cli.run("game", "--json", str(path))
    assert done.returncode == 2
    with pytest.raises(mj3.GameRecordError) as raised:
        mj3.game(bad)
    err = raised.value
    assert done.stderr == f"error: {err.message}\n"
    assert err.records == cli.records("game", "--json", str(path))
    assert err.line == len(text) + 1
    assert err.column == 1
    assert "this is no event" in err.caret
    assert isinstance(err, mj3.Error)


def test_a_set_item_is_laid_over_the_records_ruleset(cli):
    path = next(p for p in GAMES if p.name == "sanma-game.txt")
    item = "game.starting-points=40000"
    expected = cli.records("game", "--json", "--set", item, str(path))
    assert mj3.game(path.read_text(encoding="utf-8"), set=[item]) == expected


def test_a_record_that_stops_inside_a_hand_gives_what_the_cli_gives(cli, tmp_path):
    path = next(p for p in GAMES if p.name == "sanma-game.txt")
    lines = [l for l in path.read_text(encoding="utf-8").splitlines() if not l.startswith("#")]
    # The first hand, then a riichi of the second: the record stops inside a hand.
    text = "\n".join(lines[:5] + ["riichi Cat"]) + "\n"
    stopped = tmp_path / "stopped.txt"
    stopped.write_text(text, encoding="utf-8")
    done = cli.run("game", "--json", str(stopped))
    written = cli.records("game", "--json", str(stopped))
    if done.returncode == 0:
        # The CLI's end record carries the hand in play; so does the package's.
        assert mj3.game(text) == written
    else:
        with pytest.raises(mj3.GameRecordError) as raised:
            mj3.game(text)
        assert done.stderr == f"error: {raised.value.message}\n"
        assert raised.value.records == written
