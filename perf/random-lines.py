#!/usr/bin/env python3
"""Random input lines for the byte-identity check (perf/identity.sh): winning and waiting
hands built from sets, with random context words, bonus tiles and jokers, plus mangled
copies that exercise the error paths. Deterministic for a given seed.

usage: perf/random-lines.py RULESET COUNT SEED
"""
import random
import sys

ruleset, count, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rng = random.Random(f"{ruleset}-{seed}")
sanma = ruleset.startswith("sanma")
korean = ruleset.startswith("korean")
# the suits with all nine numbers (chows), the terminals-only suit, the honours in play
suits = {"malaysian": "p"}.get(ruleset, "mp" if korean else "ps")
terminal_suit = "" if ruleset == "malaysian" else ("s" if korean else "m")
honours = list("ESWwgr" if korean else "ESWNwgr")
tiles = [f"{n}{s}" for s in suits for n in range(1, 10)] + honours
tiles += [f"{n}{terminal_suit}" for n in (1, 9) if terminal_suit]


def tile_set():
    kind = rng.random()
    if kind < 0.45:
        s = rng.choice(suits)
        n = rng.randint(1, 7)
        return [f"{n}{s}", f"{n + 1}{s}", f"{n + 2}{s}"], "chow"
    t = rng.choice(tiles)
    if kind < 0.9:
        return [t] * 3, "pong"
    return [t] * 4, "kong"


def spell(ts):
    """Tiles in compact notation: digits share their suit letter."""
    out = ""
    for t in ts:
        out += t
    # compress 1p2p3p -> 123p
    result, run, suit = "", "", None
    for t in ts:
        if len(t) == 2:
            if suit == t[1]:
                run += t[0]
            else:
                if suit:
                    result += run + suit
                run, suit = t[0], t[1]
        else:
            if suit:
                result += run + suit
                run, suit = "", None
            result += t
    if suit:
        result += run + suit
    return result


def hand_line():
    groups = []
    for _ in range(4):
        ts, kind = tile_set()
        r = rng.random()
        if kind == "kong":
            groups.append(("(" if r < 0.5 else "[") + spell(ts) + (")" if r < 0.5 else "]"))
        elif r < 0.25 and not (sanma and kind == "chow"):
            groups.append("[" + spell(ts) + "]")
        else:
            groups.append(spell(ts))
    pair = rng.choice(tiles)
    groups.append(spell([pair, pair]))
    if rng.random() < 0.05:  # seven pairs
        groups = [spell([t, t]) for t in rng.sample(tiles, 7)]
    if rng.random() < 0.03:  # thirteen orphans
        orphans = [t for t in tiles if t[0] in "19" or t in honours]
        groups = [spell(orphans + [rng.choice(orphans)])]
    rng.shuffle(groups)
    concealed = [g for g in groups if not g.startswith(("[", "("))]
    words = list(groups)
    waiting = rng.random() < 0.2
    if waiting and concealed:
        # drop one tile of a concealed group: a waiting hand
        i = words.index(rng.choice(concealed))
        g = words[i]
        cut = rng.randrange(len(g))
        if g[cut].isdigit() or g[cut] in "ESWNwgr":
            words[i] = g[:cut] + g[cut + 1:]
    if ruleset == "malaysian" and rng.random() < 0.4:
        for _ in range(rng.choice([1, 1, 1, 2, 2, 3])):
            i = rng.randrange(len(words))
            g = words[i]
            if g.startswith(("[", "(")):
                continue
            for cut in range(len(g)):
                if g[cut].isdigit() or g[cut] in "ESWNwgr":
                    words[i] = g[:cut] + g[cut + 1:] + "J"
                    break
    ctx = [rng.choice(["tsumo", "ron", "ron=S", "ron=W", "tsumo", "ron"])]
    for word, p in [("riichi", 0.3), ("last", 0.05), ("first", 0.03)]:
        if rng.random() < p:
            ctx.append(word)
    if rng.random() < 0.5:
        ctx.append("seat=" + rng.choice("ESWN" if ruleset == "malaysian" else "ESW"))
    if rng.random() < 0.3:
        ctx.append("round=" + rng.choice("ESWN"))
    if ruleset.startswith("sanma"):
        if rng.random() < 0.4:
            ctx.append("dora=" + ",".join(rng.choice(tiles) for _ in range(rng.randint(1, 2))))
        if rng.random() < 0.1:
            ctx.append("ura=" + rng.choice(tiles))
        if rng.random() < 0.25:
            ctx.append("+" + "N" * rng.randint(1, 3))
        if rng.random() < 0.1:
            ctx.append("honba=" + str(rng.randint(0, 4)))
    if ruleset == "malaysian" and rng.random() < 0.5:
        ctx.append("+" + "".join(rng.choice(["f1", "f2", "f3", "f4", "h1", "h2", "a1", "a3"]) for _ in range(rng.randint(1, 3))))
    if ruleset.startswith("korean") and rng.random() < 0.2:
        ctx.append("+f" + str(rng.randint(1, 4)))
    if rng.random() < 0.15:
        ctx.append("win=" + rng.choice(tiles))
    line = " ".join(words + ctx)
    return line


def mangle(line):
    chars = list(line)
    for _ in range(rng.randint(1, 3)):
        op = rng.random()
        if op < 0.4 and chars:
            del chars[rng.randrange(len(chars))]
        elif op < 0.8:
            chars.insert(rng.randrange(len(chars) + 1), rng.choice("123456789mpszESWNwgrJ[]()+=,x "))
        elif chars:
            i = rng.randrange(len(chars))
            chars[i] = rng.choice("0é\t9")
    return "".join(chars)


for _ in range(count):
    line = hand_line()
    r = rng.random()
    if r < 0.1:
        line = mangle(line)
    elif r < 0.12:
        line = "# a comment " + line
    elif r < 0.13:
        line = ""
    print(line)
