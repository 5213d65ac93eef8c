#!/usr/bin/env python3
"""Per hand in one run, side by side (docs/performance.md, "From Python"): the mj3 CLI's
`batch --json --jobs 1`, the Python package's `mj3.batch` (records as dicts, and as the JSON
text lines), `mj3.score` one call a hand, python `mahjong` 2.1's `HandCalculator` and
RiichiEnv's three-player `HandEvaluator3P`, on the same 2,000 riichi sanma hands
(perf/hands/sanma-2000.txt, from the oracle's generator).

Each peer gets its input prepared before the clock starts (the tile ids, melds and options
each library takes, built as the oracle script tests/../shared/oracle/riichi_oracle.py builds
them); each is timed over the whole list, rounds alternating, and the median round is kept.
mj3 is timed from the text line (parsing, validating, scoring and the full JSON record).

Usage (in the virtualenv holding mj3, mahjong==2.1.0 and riichienv; with --dask, dask[bag] and
distributed too):
  perf/python-peers.py [--bin target/release/mj3] [--rounds 9] [--oracle DIR] [--dask RUNS]
"""

import argparse
import json
import os
import pathlib
import re
import statistics
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
HANDS = ROOT / "perf" / "hands" / "sanma-2000.txt"
# The ruleset the batch figures of docs/performance.md use on these hands.
RULESET = "sanma"


def oracle_module(folder):
    for candidate in [folder, ROOT.parent / "shared" / "oracle", pathlib.Path("/work/shared/oracle")]:
        if candidate and (pathlib.Path(candidate) / "riichi_oracle.py").exists():
            sys.path.insert(0, str(candidate))
            import riichi_oracle

            return riichi_oracle
    sys.exit("riichi_oracle.py not found: give --oracle DIR")


def oracle_hands(oracle, lines):
    """Each line as the oracle's hand dict (the file writes its kita as `+N…`)."""
    hands = []
    for line in lines:
        kita = re.search(r" \+(N+)", line)
        if kita:
            line = line.replace(kita.group(0), "") + f" kita={len(kita.group(1))}"
        hands.append(oracle.parse_notation(line))
    return hands


def ids136(oracle, h):
    """The 136-ids of a hand as the oracle's `evaluate` gives them: concealed, the melds'
    tiles, the winning tile among the concealed ones, the dora indicators."""
    used = {}

    def take(t34):
        k = used.get(t34, 0)
        used[t34] = k + 1
        return t34 * 4 + k

    concealed = [take(t) for t in h["concealed"]]
    melds = [(kind, [take(t) for _ in range(3 if kind == "pon" else 4)]) for kind, t in h["melds"]]
    win = next(i for i in concealed if i // 4 == h["win"])
    dora = [take(oracle.parse_one_tile(d)) for d in h["ctx"]["dora"]]
    return concealed, melds, win, dora


def mahjong_calls(oracle, hands):
    from mahjong.hand_calculating.hand import HandCalculator
    from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
    from mahjong.meld import Meld

    calls = []
    for h in hands:
        concealed, melds, win, dora = ids136(oracle, h)
        c = h["ctx"]
        tiles = list(concealed)
        made = []
        for kind, ids in melds:
            tiles += ids
            kind_of = Meld.PON if kind == "pon" else Meld.KAN
            made.append(Meld(meld_type=kind_of, tiles=ids, opened=(kind != "ankan")))
        config = HandConfig(
            is_tsumo=c["tsumo"],
            is_riichi=c["riichi"],
            is_ippatsu=c["ippatsu"],
            player_wind=oracle.WIND_OF[c["seat"]],
            round_wind=oracle.WIND_OF[c["round"]],
            num_nuki_dora=c.get("kita", 0),
            options=OptionalRules(**oracle.RULES),
        )
        calls.append((tiles, win, made, dora, config))

    def run():
        wins = 0
        for tiles, win, made, dora, config in calls:
            result = HandCalculator.estimate_hand_value(
                tiles, win, melds=made, dora_indicators=dora, config=config
            )
            wins += result.error is None
        return wins

    return run


def riichienv_calls(oracle, hands):
    import riichienv as rv

    wind = {"E": rv.Wind.East, "S": rv.Wind.South, "W": rv.Wind.West, "N": rv.Wind.North}
    kinds = {"pon": rv.MeldType.Pon, "kan": rv.MeldType.Daiminkan, "ankan": rv.MeldType.Ankan}
    calls = []
    for h in hands:
        concealed, melds, win, dora = ids136(oracle, h)
        c = h["ctx"]
        made = [rv.Meld(kinds[kind], ids, kind != "ankan") for kind, ids in melds]
        conditions = rv.Conditions(
            tsumo=c["tsumo"],
            riichi=c["riichi"],
            ippatsu=c["ippatsu"],
            player_wind=wind[c["seat"]],
            round_wind=wind[c["round"]],
            kita_count=c.get("kita", 0),
            is_sanma=True,
            num_players=3,
        )
        calls.append((concealed, made, win, dora, conditions))

    def run():
        wins = 0
        for concealed, made, win, dora, conditions in calls:
            result = rv.HandEvaluator3P(concealed, made).calc(win, dora, conditions)
            wins += result.is_win
        return wins

    return run


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bin", default=str(ROOT / "target" / "release" / "mj3"))
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--oracle", default=None)
    parser.add_argument("--dask", type=int, default=0, metavar="RUNS",
                        help="also time the Dask recipe on 1 and 2 local workers, RUNS runs")
    args = parser.parse_args()

    import mj3

    lines = HANDS.read_text(encoding="utf-8").splitlines()
    count = len(lines)
    oracle = oracle_module(args.oracle)
    hands = oracle_hands(oracle, lines)
    text = "\n".join(lines) + "\n"

    def cli(*extra):
        def run():
            done = subprocess.run(
                [args.bin, "batch", "--json", *extra, "--jobs", "1", "--summary", "none",
                 "--rules", RULESET, str(HANDS)],
                stdout=subprocess.PIPE, check=False,
            )
            return done.stdout.count(b"\n")

        return run

    def batch(**how):
        return lambda: sum(1 for _ in mj3.batch(lines, RULESET, jobs=1, **how))

    def score_each(**how):
        def run():
            scored = 0
            for line in lines:
                try:
                    scored += bool(mj3.score(line, RULESET, **how))
                except mj3.NotationError as err:  # its error record, as batch writes it
                    scored += bool(err.record)
            return scored

        return run

    contenders = [
        ("mj3 CLI `batch --json --jobs 1` (a process, from the file)", cli()),
        ("`mj3.batch(lines, jobs=1, raw=True)` (JSON text lines)", batch(raw=True)),
        ("`mj3.batch(lines, jobs=1)` (dicts)", batch()),
        ("`mj3.score(line)` one call a hand (dict)", score_each()),
        ("mj3 CLI `batch --json --brief --jobs 1`", cli("--brief")),
        ("`mj3.batch(lines, jobs=1, brief=True, raw=True)`", batch(brief=True, raw=True)),
        ("`mj3.batch(lines, jobs=1, brief=True)` (dicts)", batch(brief=True)),
        ("`mj3.score(line, brief=True)` one call a hand", score_each(brief=True)),
        ("python `mahjong` 2.1 `HandCalculator.estimate_hand_value`", mahjong_calls(oracle, hands)),
        ("RiichiEnv 0.4 `HandEvaluator3P(...).calc(...)`", riichienv_calls(oracle, hands)),
    ]
    times = {name: [] for name, _ in contenders}
    answers = {}
    for name, run in contenders:  # warm-up: rulesets loaded, caches filled
        answers[name] = run()
    for _ in range(args.rounds):
        for name, run in contenders:
            start = time.perf_counter()
            run()
            times[name].append(time.perf_counter() - start)

    cli_name = contenders[0][0]
    cli_per_hand = statistics.median(times[cli_name]) / count
    print(f"{count} hands (perf/hands/sanma-2000.txt), median of {args.rounds} alternating rounds; "
          f"mj3 under --rules {RULESET}; load average {os.getloadavg()[0]:.1f}")
    print()
    print("| Scorer | µs per hand | hands/s | × CLI | answers |")
    print("|---|---:|---:|---:|---:|")
    for name, _ in contenders:
        per_hand = statistics.median(times[name]) / count
        print(f"| {name} | {per_hand * 1e6:.1f} | {1 / per_hand:,.0f} | "
              f"{per_hand / cli_per_hand:.2f} | {answers[name]} |")
    print()
    print("answers: records written (mj3) or hands the library calls a win (peers).")
    if args.dask:
        dask_workers(lines, args.dask)


def dask_workers(lines, rounds):
    """The Dask recipe (mj3.bag.score_files) on a LocalCluster of one and of two worker
    processes of one thread each, over 10 files of the 2,000 lines, the records computed to
    the client; the cluster is started before the clock."""
    import tempfile

    import dask
    import distributed

    import mj3.bag

    folder = tempfile.mkdtemp(prefix="mj3-dask-")
    paths = []
    for i in range(10):
        path = pathlib.Path(folder) / f"hands-{i}.txt"
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        paths.append(str(path))
    count = 10 * len(lines)
    print()
    print(f"Dask recipe, {count} hands in 10 files, median of {rounds} runs:")
    print()
    print("| Workers (processes × 1 thread) | records | hands/s | hands/s per worker |")
    print("|---|---|---:|---:|")
    out = pathlib.Path(folder) / "out"
    for workers in (1, 2):
        with distributed.LocalCluster(
            n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster, distributed.Client(cluster):
            ways = [
                ("dicts, computed to the client", lambda: dask.compute(
                    *mj3.bag.score_files(paths, RULESET))),
                ("JSON lines, computed to the client", lambda: dask.compute(
                    *mj3.bag.score_files(paths, RULESET, raw=True))),
                ("JSON lines, written to files by the workers", lambda: written(paths, out)),
            ]
            for name, run in ways:
                runs = []
                for _ in range(rounds + 1):
                    start = time.perf_counter()
                    records, tally = run()
                    runs.append(time.perf_counter() - start)
                    assert tally["lines"] == count
                rate = count / statistics.median(runs[1:])
                print(f"| {workers} | {name} | {rate:,.0f} | {rate / workers:,.0f} |")


def written(paths, out):
    """The records written out as JSON Lines by the workers, and the tally to the client."""
    import dask

    import mj3.bag

    records, tally = mj3.bag.score_files(paths, RULESET, raw=True)
    files = records.to_textfiles(str(out / "*.jsonl"), compute=False)
    done, tally = dask.compute(files, tally)
    return done, tally


if __name__ == "__main__":
    main()
