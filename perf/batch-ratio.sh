#!/bin/sh
# Whole-batch benchmark: `mj3 batch --json` and `mj3 batch` (tables) against the floor
# (perf/floor: the same reading and splitting, the same output bytes through a 64 KiB
# buffer, no scoring), on LINES riichi sanma lines (perf/hands/sanma-2000.txt repeated),
# `--rules sanma`. Alternating runs, medians; prints hands/s and each time as a multiple of
# the floor's. Checks first that the floor writes exactly mj3's bytes.
#
# usage: perf/batch-ratio.sh [MJ3_BINARY]    (default: $CARGO_TARGET_DIR/release/mj3)
# environment: LINES (100000), RUNS (11), SINK (devnull or pipe), CHECK (1; 0 skips the byte check)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
target=${CARGO_TARGET_DIR:-$here/../target}
mj3=${1:-$target/release/mj3}
lines=${LINES:-100000}
runs=${RUNS:-11}
sink=${SINK:-devnull}
corpus=$here/hands/sanma-2000.txt

CARGO_TARGET_DIR=$target cargo build --quiet --release --manifest-path "$here/floor/Cargo.toml"
floor=$target/release/mj3-floor

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# A failure (exit code 2: a bad line in the corpus) stops the script (set -e).
"$mj3" batch --rules sanma --json "$corpus" >"$work/reference.json"
"$mj3" batch --rules sanma "$corpus" >"$work/reference.txt"
corpus_lines=$(wc -l <"$corpus")
: >"$work/input.txt"
copies=$(((lines + corpus_lines - 1) / corpus_lines))
i=0
while [ "$i" -lt "$copies" ]; do
    cat "$corpus" >>"$work/input.txt"
    i=$((i + 1))
done
head -n "$lines" "$work/input.txt" >"$work/lines.txt"

if [ "${CHECK:-1}" = 1 ]; then
    "$mj3" batch --rules sanma --json "$work/lines.txt" >"$work/mj3.out"
    "$floor" json "$work/reference.json" "$work/lines.txt" >"$work/floor.out"
    cmp -s "$work/mj3.out" "$work/floor.out" || { echo "floor differs from mj3 (json)" >&2; exit 1; }
    "$mj3" batch --rules sanma "$work/lines.txt" >"$work/mj3.out"
    "$floor" tables "$work/reference.txt" "$work/lines.txt" >"$work/floor.out"
    cmp -s "$work/mj3.out" "$work/floor.out" || { echo "floor differs from mj3 (tables)" >&2; exit 1; }
    rm -f "$work/mj3.out" "$work/floor.out"
    echo "floor output byte-identical to mj3's ($lines lines, JSON and tables)"
fi

echo "mj3 batch --json vs floor, $lines lines:"
python3 "$here/alternate.py" --runs "$runs" --items "$lines" --sink "$sink" -- \
    "mj3 batch --json" "$mj3" batch --rules sanma --json "$work/lines.txt" :: \
    "floor (json)" "$floor" json "$work/reference.json" "$work/lines.txt"
echo "mj3 batch (tables) vs floor, $lines lines:"
python3 "$here/alternate.py" --runs "$runs" --items "$lines" --sink "$sink" -- \
    "mj3 batch" "$mj3" batch --rules sanma "$work/lines.txt" :: \
    "floor (tables)" "$floor" tables "$work/reference.txt" "$work/lines.txt"
