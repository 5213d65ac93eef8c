"""The reference calls give what `mj3 criteria`, `mj3 compare` and `mj3 rulesets` write with
`--json`."""

import pytest

import mj3


def test_rulesets(cli):
    assert mj3.rulesets() == cli.records("rulesets", "--json")[0]


@pytest.mark.parametrize("ruleset", [None, "sanma", "malaysian"])
def test_the_criteria_of_a_ruleset(cli, ruleset):
    args = ["criteria", "--json"] + (["--rules", ruleset] if ruleset else [])
    assert mj3.criteria(ruleset=ruleset) == cli.records(*args)[0]


@pytest.mark.parametrize("query", ["riichi", "seven pairs", "haneman", "ﾘｰﾁ", "kong"])
def test_a_lookup_in_every_ruleset_and_in_one(cli, query):
    assert mj3.criteria(query) == cli.records("criteria", "--json", query)[0]
    assert mj3.criteria(query, all=True) == cli.records("criteria", "--json", "--all", query)[0]
    one = cli.records("criteria", "--json", "--rules", "sanma", query)
    if one:
        assert mj3.criteria(query, "sanma") == one[0]


def test_a_lookup_that_finds_nothing_says_what_the_cli_says(cli):
    done = cli.run("criteria", "--json", "zzzqqq")
    with pytest.raises(LookupError) as raised:
        mj3.criteria("zzzqqq")
    assert done.stderr == f"error: {raised.value.args[0]}\n"


@pytest.mark.parametrize("rulesets", [None, ["sanma", "korean"]])
def test_compare(cli, rulesets):
    hand = "123p456m999s EEE ww tsumo"
    args = ["compare", "--json", hand] + (["--rules", ",".join(rulesets)] if rulesets else [])
    assert mj3.compare(hand, rulesets) == cli.records(*args)[0]
