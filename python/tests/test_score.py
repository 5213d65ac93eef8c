"""Every case-file hand through `mj3.score` is exactly what `mj3 score --json` writes
(parsed); a hand that does not read raises `NotationError` with the CLI's record and text."""

import concurrent.futures
import json
import re

import pytest

import mj3
from conftest import case_hands

HANDS = case_hands()


def cli_args(ruleset, sets, hand):
    args = ["score", "--json", "--rules", ruleset]
    for item in sets:
        args += ["--set", item]
    return args + ["--", hand]


def through_python(ruleset, sets, hand):
    try:
        return mj3.score(hand, ruleset, set=sets), None
    except mj3.NotationError as err:
        return err.record, err


def unwrapped(text):
    """The CLI's error text with its wrapping to the terminal undone."""
    return re.sub(r"\s+", " ", text).strip()


def test_there_are_case_hands():
    assert len(HANDS) > 1000


@pytest.mark.parametrize("chunk", range(8))
def test_every_case_hand_gives_the_cli_json(cli, chunk):
    mine = HANDS[chunk::8]

    def both(case):
        _, _, ruleset, sets, hand = case
        done = cli.run(*cli_args(ruleset, sets, hand))
        return case, done

    with concurrent.futures.ThreadPoolExecutor(4) as pool:
        for case, done in pool.map(both, mine):
            file, number, ruleset, sets, hand = case
            where = f"{file}:{number}: {hand}"
            expected = [json.loads(line) for line in done.stdout.splitlines() if line]
            got, err = through_python(ruleset, sets, hand)
            assert [got] == expected, where
            assert json.dumps(got) == json.dumps(expected[0]), f"{where}: the keys' order"
            if err is None:
                assert done.returncode in (0, 1), where
            else:
                assert done.returncode == 2, where
                # The CLI prints `error: MESSAGE` wrapped to the terminal, then the caret.
                said = done.stderr
                assert said.startswith("error: "), where
                assert said.endswith("\n" + err.caret + "\n"), where
                message = said[len("error: "):-len(err.caret) - 2]
                assert unwrapped(message) == unwrapped(err.message), where
                assert err.column == expected[0]["error"]["column"], where
                assert err.line == 1


def test_the_readme_hand_gives_the_cli_totals(cli):
    hand = "123p456m99s EEE ww +f2 tsumo"
    expected = cli.records("score", "--json", hand)[0]
    got = mj3.score(hand)
    assert got == expected
    assert [w["score"]["totals"] for w in got["waits"]] == [
        w["score"]["totals"] for w in expected["waits"]
    ]


def test_why_and_a_house_ruleset_give_the_cli_json(cli, tmp_path):
    hand = "123p456m999s EEE ww tsumo"
    expected = cli.records("score", "--json", "--why", "kong", "--why", "clean-hand", hand)
    assert mj3.score(hand, why=["kong", "clean-hand"]) == expected[0]
    house = 'extends = "korean"\nname = "my-house"\n\n[criteria.wind-pong]\nvalue = 2\n'
    path = tmp_path / "house.toml"
    path.write_text(house)
    got = mj3.score(hand, house=house)
    # The house file goes by its name: `house.toml` in the package.
    want = cli.records("score", "--json", "--rules", "house.toml", hand, cwd=tmp_path)[0]
    assert got["ruleset_changes"]["files"] == ["house.toml"]
    assert got == want


def test_a_ruleset_that_does_not_load_raises_the_cli_message(cli):
    done = cli.run("score", "--rules", "no-such-ruleset", "123p")
    assert done.returncode == 3
    with pytest.raises(mj3.RulesetError) as raised:
        mj3.score("123p", "no-such-ruleset")
    assert unwrapped(done.stderr[len("error: "):]) == unwrapped(str(raised.value))
    with pytest.raises(mj3.Error):
        mj3.score("123p456m999s EEE ww tsumo", set=["options.no-such-option=true"])


def test_many_threads_scoring_at_once_agree():
    hands = [h for (_, _, r, s, h) in HANDS if r == "sanma" and not s][:200]
    alone = [through_python("sanma", [], h)[0] for h in hands]
    with concurrent.futures.ThreadPoolExecutor(8) as pool:
        for _ in range(3):
            together = list(pool.map(lambda h: through_python("sanma", [], h)[0], hands))
            assert together == alone


def test_shanten_is_the_score_records_unready(cli):
    hand = "19m19p19s ESWgr 2p5s tsumo"
    record = cli.records("score", "--json", "--rules", "sanma", hand)[0]
    assert mj3.shanten(hand, "sanma") == record["unready"]


def test_a_brief_score_is_the_clis(cli):
    for ruleset, hand in [
        ("korean", "123p456m99s EEE ww +f2 tsumo"),
        ("korean", "123p456m999s EEE ww tsumo"),
        ("sanma", "19m19p19s ESWgr 2p5s tsumo"),
    ]:
        expected = cli.records("score", "--json", "--brief", "--rules", ruleset, hand)[0]
        assert mj3.score(hand, ruleset, brief=True) == expected
