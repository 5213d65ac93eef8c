"""`mj3.batch` gives the records `mj3 batch --json` writes, in input order, a bad line as its
error record, at one job and at several; its tally is the CLI's `--summary json`."""

import json

import pytest

import mj3
from conftest import ROOT, case_hands

HANDS = ROOT / "perf" / "hands" / "sanma-2000.txt"


def lines_with_bad_ones():
    lines = HANDS.read_text(encoding="utf-8").splitlines()[:700]
    lines[3] = "123p 456x # a bad line"
    lines[10] = ""
    lines[11] = "   # only a comment"
    lines[500] = "\ufeffnot a hand"
    lines.insert(0, "\ufeff" + lines[0] + "  # first, after a byte-order mark")
    return lines


@pytest.mark.parametrize("jobs", [1, 3])
def test_records_and_tally_are_the_clis_in_order(cli, tmp_path, jobs):
    lines = lines_with_bad_ones()
    path = tmp_path / "hands.txt"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    expected = cli.records(
        "batch", "--json", "--summary", "json", "--rules", "sanma", "--jobs", "2", str(path)
    )
    run = mj3.batch(lines, "sanma", jobs=jobs, file=str(path))
    got = list(run)
    assert len(got) == len(expected) - 1
    assert got == expected[:-1]
    assert [r["line"] for r in got] == sorted(r["line"] for r in got)
    assert run.tally() == expected[-1]
    assert sum(1 for r in got if r["kind"] == "error") == 2


def test_raw_records_are_the_clis_bytes(cli):
    lines = lines_with_bad_ones()
    done = cli.run("batch", "--json", "--summary", "none", "--rules", "sanma", stdin="\n".join(lines))
    got = list(mj3.batch(lines, "sanma", jobs=2, raw=True))
    assert got == done.stdout.splitlines()


def test_lines_with_their_ends_and_a_generator_are_read_as_the_cli_reads_them(cli):
    lines = lines_with_bad_ones()[:300]
    text = "\r\n".join(lines) + "\r\n"
    expected = cli.records("batch", "--json", "--summary", "none", "--rules", "sanma", stdin=text)
    got = list(mj3.batch((line + "\r\n" for line in lines), "sanma", jobs=2))
    assert got == expected


def test_no_line_is_lost_across_chunks():
    lines = [f"{i % 9 + 1}{i % 9 + 1}{i % 9 + 1}m" for i in range(2000)]
    got = list(mj3.batch(lines, "korean", jobs=4))
    assert [r["line"] for r in got] == list(range(1, 2001))
    assert all(r["kind"] == "error" for r in got)


def test_tallies_of_parts_add_up_to_the_whole():
    lines = HANDS.read_text(encoding="utf-8").splitlines()[:600]
    whole = mj3.batch(lines, "sanma", jobs=2)
    list(whole)
    parts = []
    for start in range(0, 600, 250):
        part = mj3.batch(lines[start:start + 250], "sanma", jobs=1, first_line=start + 1)
        list(part)
        parts.append(part.tally())
    assert mj3.merge_tallies(parts) == whole.tally()


def test_an_unknown_ruleset_raises_before_any_line():
    with pytest.raises(mj3.RulesetError):
        mj3.batch(["123p"], "no-such-ruleset")


@pytest.mark.parametrize("jobs", [1, 2])
def test_brief_records_are_the_clis(cli, jobs):
    lines = lines_with_bad_ones()
    expected = cli.records(
        "batch", "--json", "--brief", "--summary", "json", "--rules", "sanma",
        stdin="\n".join(lines),
    )
    run = mj3.batch(lines, "sanma", jobs=jobs, brief=True)
    assert list(run) == expected[:-1]
    assert run.tally() == expected[-1]


def test_line_numbers_past_64_bits_are_a_value_error():
    with pytest.raises(ValueError, match="line numbers"):
        list(mj3.batch(["123p", "456p"], "sanma", first_line=2**64 - 2))


def same_json(a, b):
    """Equal under == and with every object's keys in the same order."""
    return a == b and json.dumps(a) == json.dumps(b)


@pytest.mark.parametrize("brief", [False, True])
def test_every_case_line_gives_the_clis_batch_records(cli, tmp_path, brief):
    """The records `mj3.batch` builds as objects are, for every case-file line (grouped by
    ruleset and `set` items, a file each), `json.loads` of the line `mj3 batch --json`
    writes, keys in the same order; and the same as its own JSON text lines (`raw=True`)."""
    groups = {}
    for _, _, ruleset, sets, hand in case_hands():
        groups.setdefault((ruleset, tuple(sets)), []).append(hand)
    assert len(groups) >= 5
    compared = 0
    for n, ((ruleset, sets), hands) in enumerate(sorted(groups.items())):
        path = tmp_path / f"cases-{n}.txt"
        path.write_text("\n".join(hands) + "\n", encoding="utf-8")
        args = ["batch", "--json", "--summary", "none", "--rules", ruleset]
        args += [a for item in sets for a in ("--set", item)]
        args += ["--brief"] if brief else []
        expected = cli.records(*args, str(path))
        how = dict(set=list(sets), file=str(path), brief=brief)
        got = list(mj3.batch(hands, ruleset, jobs=2, **how))
        raw = [json.loads(r) for r in mj3.batch(hands, ruleset, jobs=1, raw=True, **how)]
        where = f"{ruleset} {sets}"
        assert len(got) == len(expected) == len(hands), where
        for mine, theirs, text in zip(got, expected, raw):
            assert same_json(mine, theirs), f"{where}: {mine['input']}"
            assert same_json(mine, text), f"{where}: {mine['input']}"
        compared += len(got)
    assert compared > 1000
