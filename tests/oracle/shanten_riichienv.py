#!/usr/bin/env python3
"""Differential test of mj3's shanten against RiichiEnv's `calculate_shanten_3p` on random
sanma hands (docs/oracle-differences.md, "Shanten").

RiichiEnv (PyPI `riichienv`) counts the concealed tiles only, given as tile ids 0-135, and
limits each kind to the four copies of that hand: it knows nothing of declared sets or of
Norths set aside (kita). mj3 counts every copy outside the concealed tiles as gone. So each
hand is scored by mj3 three times more, with those copies made harmless:

  stripped   kita dropped, each declared set replaced by one of a kind the hand cannot use
             (not held, no held tile of its suit within two, not declared twice): mj3's
             answer to RiichiEnv's own question, which must equal RiichiEnv's;
  no-kita    only the kita dropped;
  no-sets    only the declared sets replaced.

A hand where mj3 and RiichiEnv differ but the stripped hand agrees is a rule difference:
a wait or a set that needs a copy inside a declared set or among the kita. Any other
difference is printed as UNEXPLAINED and the run exits 1.

Usage:
  shanten_riichienv.py --bin target/release/mj3 [--count 100000] [--seed 1] [--out DIR]
  shanten_riichienv.py --lines-only FILE [--tiles 14] [--count N] [--seed S]
      (writes the generated hands as mj3 lines, e.g. for docs/performance.md, and stops)
"""
import argparse
import collections
import json
import os
import random
import subprocess
import sys

# Tile kinds as 34-indices: 0-8 characters, 9-17 circles, 18-26 bamboo, 27-33 E S W N w g r.
SANMA = [0, 8] + list(range(9, 34))
HONOURS = "ESWNwgr"
NORTH = 30
ORPHANS = [0, 8, 9, 17, 18, 26] + list(range(27, 34))


def name(kind):
    if kind >= 27:
        return HONOURS[kind - 27]
    return f"{kind % 9 + 1}{'mps'[kind // 9]}"


def write_tiles(kinds):
    """Tiles in mj3 notation, digits grouped by suit: `19m123p E w`."""
    out, suit = [], None
    for k in sorted(kinds):
        if k >= 27:
            if suit is not None:
                out.append("mps"[suit])
                suit = None
            out.append(HONOURS[k - 27])
            continue
        if suit is not None and suit != k // 9:
            out.append("mps"[suit])
        suit = k // 9
        out.append(str(k % 9 + 1))
    if suit is not None:
        out.append("mps"[suit])
    return "".join(out)


class Wall:
    """The copies of each sanma kind not yet used by the hand being built."""

    def __init__(self):
        self.left = {k: 4 for k in SANMA}

    def take(self, kind, n=1):
        if self.left.get(kind, 0) < n:
            return False
        self.left[kind] -= n
        return True

    def any(self, rng):
        kinds = [k for k, n in self.left.items() for _ in range(n)]
        return rng.choice(kinds) if kinds else None


def concealed_tiles(rng, wall, size):
    """`size` concealed tiles in one of four styles: drawn at random, sets and a pair with a
    few tiles changed, pairs with a few changed, or orphans with a few changed."""
    style = rng.random()
    tiles = []
    if style < 0.35:
        while len(tiles) < size:
            k = wall.any(rng)
            if k is None:
                break
            wall.take(k)
            tiles.append(k)
        return tiles
    if style < 0.75:
        # Sets and a pair, then up to three tiles swapped for random ones.
        for _ in range(50):
            if len(tiles) + 3 > size - 2 + (size % 3 == 1):
                break
            if rng.random() < 0.4:
                k = rng.choice(SANMA)
                if wall.take(k, 3):
                    tiles += [k] * 3
            else:
                suit = rng.choice([9, 18])
                low = suit + rng.randrange(7)
                run = [low, low + 1, low + 2]
                if all(wall.left[k] > 0 for k in run):
                    for k in run:
                        wall.take(k)
                    tiles += run
        k = rng.choice(SANMA)
        if len(tiles) + 2 <= size and wall.take(k, 2):
            tiles += [k, k]
    elif style < 0.88:
        for k in rng.sample(SANMA, 7):
            if len(tiles) + 2 <= size and wall.take(k, 2):
                tiles += [k, k]
    else:
        for k in ORPHANS:
            if len(tiles) < size and wall.take(k):
                tiles.append(k)
    tiles = tiles[:size]
    for _ in range(rng.randrange(4)):
        if not tiles:
            break
        i = rng.randrange(len(tiles))
        k = wall.any(rng)
        if k is not None and wall.take(k):
            wall.left[tiles[i]] += 1
            tiles[i] = k
    while len(tiles) < size:
        k = wall.any(rng)
        if k is None:
            break
        wall.take(k)
        tiles.append(k)
    return tiles


def random_hand(rng, sizes=(13, 14)):
    """One hand: concealed kinds, declared sets [(kind, 'pong'|'kong'|'concealed')], kita."""
    wall = Wall()
    size = rng.choice(sizes)
    melds = []
    n_melds = rng.choices([0, 1, 2, 3, 4], weights=[50, 25, 14, 8, 3])[0]
    for _ in range(n_melds):
        kind = rng.choice(SANMA)
        how = rng.choices(["pong", "kong", "concealed"], weights=[60, 20, 20])[0]
        if wall.take(kind, 3 if how == "pong" else 4):
            melds.append((kind, how))
    kita = 0
    if rng.random() < 0.4:
        kita = rng.randint(1, 4)
        while kita and not wall.take(NORTH, kita):
            kita -= 1
    concealed = concealed_tiles(rng, wall, size - 3 * len(melds))
    return {"concealed": sorted(concealed), "melds": melds, "kita": kita}


def meld_text(kind, how):
    t = name(kind)
    if kind >= 27:
        body = t * (3 if how == "pong" else 4)
    else:
        body = f"{t[0] * (3 if how == 'pong' else 4)}{t[1]}"
    return f"({body})" if how == "concealed" else f"[{body}]"


def harmless(hand, taken):
    """A kind whose copies the concealed tiles can never use in a set with them: not held,
    no held tile of its suit within two, not declared already."""
    held = set(hand["concealed"])
    for kind in list(range(27, 34)) + SANMA:
        if kind in held or kind in taken or kind == NORTH:
            continue
        if kind < 27 and kind not in (0, 8):
            near = [kind + d for d in (-2, -1, 1, 2) if (kind + d) // 9 == kind // 9]
            if any(n in held for n in near):
                continue
        return kind
    return None


def line(hand, strip_sets, strip_kita):
    words = [write_tiles(hand["concealed"])]
    taken = {k for k, _ in hand["melds"]}
    for kind, how in hand["melds"]:
        if strip_sets:
            other = harmless(hand, taken)
            if other is not None:
                taken.add(other)
                kind = other
        words.append(meld_text(kind, how))
    if hand["kita"] and not strip_kita:
        words.append("+" + "N" * hand["kita"])
    return " ".join(words)


def mj3_shanten(binary, lines, jobs):
    """mj3's shanten of each line through `mj3 batch --json`: -1 for a winning shape, 0 for a
    hand with a wait, else the analysis's; a string for a refused line."""
    text = "\n".join(lines) + "\n"
    run = subprocess.run(
        [binary, "batch", "-r", "sanma", "--json", "--jobs", str(jobs)],
        input=text, capture_output=True, text=True,
    )
    out = []
    for record in map(json.loads, run.stdout.splitlines()):
        if "error" in record:
            out.append("error: " + record["error"]["message"])
        elif "unready" in record:
            out.append(record["unready"]["shanten"])
        elif record["kind"] == "complete":
            out.append(-1)
        else:
            out.append(0)
    if len(out) != len(lines):
        sys.exit(f"mj3 answered {len(out)} lines of {len(lines)}: {run.stderr[-2000:]}")
    return out


def riichienv_shanten(hand):
    import riichienv

    ids, copies = [], collections.Counter()
    for kind in hand["concealed"]:
        ids.append(kind * 4 + copies[kind])
        copies[kind] += 1
    return riichienv.calculate_shanten_3p(ids)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bin", default="target/release/mj3")
    ap.add_argument("--count", type=int, default=100_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--out", default="/tmp/mj3-shanten-oracle")
    ap.add_argument("--lines-only", metavar="FILE", help="write the hands as mj3 lines and stop")
    ap.add_argument("--tiles", type=int, choices=[13, 14], help="only hands of this size")
    a = ap.parse_args()
    rng = random.Random(a.seed)
    sizes = (a.tiles,) if a.tiles else (13, 14)
    hands = [random_hand(rng, sizes) for _ in range(a.count)]
    if a.lines_only:
        with open(a.lines_only, "w") as out:
            out.writelines(line(h, False, False) + "\n" for h in hands)
        return 0
    os.makedirs(a.out, exist_ok=True)
    answers = {}
    for label, sets, kita in [("hand", False, False), ("stripped", True, True),
                              ("no-kita", False, True), ("no-sets", True, False)]:
        lines = [line(h, sets, kita) for h in hands]
        answers[label] = mj3_shanten(a.bin, lines, a.jobs)
    theirs = [riichienv_shanten(h) for h in hands]

    groups = collections.Counter()
    tally = collections.Counter()
    unexplained = []
    with open(os.path.join(a.out, "differences.jsonl"), "w") as diffs:
        for i, hand in enumerate(hands):
            size = len(hand["concealed"]) + 3 * len(hand["melds"])
            group = (size, "declared" if hand["melds"] else "concealed",
                     "kita" if hand["kita"] else "no kita")
            groups[group] += 1
            mine, other = answers["hand"][i], theirs[i]
            if mine == other:
                tally[(group, "agree")] += 1
                continue
            stripped = answers["stripped"][i]
            if stripped != other:
                why = "UNEXPLAINED"
                unexplained.append(i)
            elif answers["no-kita"][i] == other:
                why = "a copy among the kita"
            elif answers["no-sets"][i] == other:
                why = "a copy inside a declared set"
            else:
                why = "copies inside declared sets and among the kita together"
            tally[(group, why)] += 1
            diffs.write(json.dumps({
                "line": line(hand, False, False), "mj3": mine, "riichienv": other,
                "stripped": line(hand, True, True), "mj3_stripped": stripped, "why": why,
            }) + "\n")

    total = sum(groups.values())
    agree = sum(n for (g, why), n in tally.items() if why == "agree")
    print(f"{total} hands (seed {a.seed}); mj3 and RiichiEnv agree on {agree} "
          f"({100 * agree / total:.2f} %)")
    print(f"{'tiles':>5}  {'sets':<10} {'kita':<8} {'hands':>7} {'agree':>7}  differences")
    for group in sorted(groups):
        rows = {why: n for (g, why), n in tally.items() if g == group and why != "agree"}
        same = tally[(group, "agree")]
        detail = ", ".join(f"{n} {why}" for why, n in sorted(rows.items())) or "none"
        print(f"{group[0]:>5}  {group[1]:<10} {group[2]:<8} {groups[group]:>7} {same:>7}  {detail}")
    by_why = collections.Counter()
    for (g, why), n in tally.items():
        if why != "agree":
            by_why[why] += n
    for why, n in sorted(by_why.items()):
        print(f"  {why}: {n}")
    print(f"differing hands: {os.path.join(a.out, 'differences.jsonl')}")
    if unexplained:
        for i in unexplained[:20]:
            print("UNEXPLAINED:", line(hands[i], False, False),
                  "mj3", answers["hand"][i], "riichienv", theirs[i],
                  "mj3 stripped", answers["stripped"][i])
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
