#!/bin/sh
# Whole-batch benchmark: `mj3 batch --json` and `mj3 batch` (tables) against the floor
# (perf/floor: the same reading and splitting, the same output bytes through a 64 KiB
# buffer, no scoring), on LINES riichi sanma lines (perf/hands/sanma-2000.txt repeated),
# `--rules sanma`, and `--csv` against `--json` on the same lines (per line: one CSV row per
# winning tile, one JSON record per line). Alternating runs, medians (perf/alternate.py);
# prints hands/s, the wall and CPU medians, and each as a multiple of the other's. Checks
# first that the floor writes exactly mj3's bytes.
#
# With `--against REV`, REV (a commit, tag or branch) is built in a git worktree under /tmp
# (removed at the end; its build is kept in target/against for the next run) and each form
# is timed against REV's binary in the same run: JSON at `--jobs 1` and at the default (every
# core), tables, and both binaries' `--jobs 2` against `--jobs 1` (how much two jobs earn).
#
# With `--against REV` and valgrind installed, the run ends with instruction counts
# (callgrind, `--jobs 1`, the corpus once): JSON and tables against REV, CSV against JSON.
# Unlike the times, which swing from block to block on a shared machine, they are the same
# from run to run.
#
# With `--quick` (CI): 400 lines (the corpus's first 200 twice), one run of each, nothing
# built but the floor: that the harness runs and the floor still writes mj3's bytes. Not a
# timing.
#
# usage: perf/batch-ratio.sh [--quick] [--against REV] [MJ3_BINARY]
#        (default binary: $CARGO_TARGET_DIR/release/mj3)
# environment: LINES (100000; 20000 with --against), RUNS (11; 5 with --against), SINK
#   (devnull or pipe), CHECK (1; 0 skips the byte check)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
target=${CARGO_TARGET_DIR:-$here/../target}
against=
quick=0
while [ $# -gt 0 ]; do
    case $1 in
    --against)
        against=${2:?--against needs a revision}
        shift 2
        ;;
    --quick)
        quick=1
        shift
        ;;
    *) break ;;
    esac
done
mj3=${1:-$target/release/mj3}
if [ -n "$against" ]; then
    lines=${LINES:-20000}
    runs=${RUNS:-5}
else
    lines=${LINES:-100000}
    runs=${RUNS:-11}
fi
sink=${SINK:-devnull}
corpus=$here/hands/sanma-2000.txt

CARGO_TARGET_DIR=$target cargo build --quiet --release --manifest-path "$here/floor/Cargo.toml"
floor=$target/release/mj3-floor

work=$(mktemp -d)
tree=
cleanup() {
    if [ -n "$tree" ]; then
        git -C "$here" worktree remove --force "$tree" 2>/dev/null || rm -rf "$tree"
        git -C "$here" worktree prune
    fi
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 1' INT TERM

# Quick: the first 200 lines of the corpus, twice over (the floor's line numbers wrap).
if [ "$quick" = 1 ]; then
    head -n 200 "$corpus" >"$work/corpus.txt"
    corpus=$work/corpus.txt
    lines=400
    runs=1
fi

# The earlier binary: REV checked out beside this tree and built with its own Cargo.lock.
if [ -n "$against" ]; then
    rev=$(git -C "$here" rev-parse --short "$against^{commit}")
    # At the same path each time (outside this workspace), so that target/against's build of
    # REV is reused by the next run; removed at the end.
    tree=${TMPDIR:-/tmp}/mj3-against-$rev
    git -C "$here" worktree remove --force "$tree" 2>/dev/null || rm -rf "$tree"
    git -C "$here" worktree add --quiet --detach "$tree" "$rev"
    echo "building $rev (a release build; target/against keeps it for the next run)..."
    (cd "$tree" && CARGO_TARGET_DIR=$target/against cargo build --quiet --release --bin mj3)
    cp "$target/against/release/mj3" "$work/mj3-$rev"
    old=$work/mj3-$rev
fi
# A copy, so that the binary the linker has just written (which starts slower) is not timed.
cp "$mj3" "$work/mj3"
mj3=$work/mj3

# With no tally, where the binary has `--summary` (the floor writes no tally).
quiet() {
    if "$1" batch --help 2>/dev/null | grep -q -- '--summary'; then
        echo "--summary none"
    fi
}
q=$(quiet "$mj3")

# A failure (exit code 2: a bad line in the corpus) stops the script (set -e).
# shellcheck disable=SC2086
"$mj3" batch --rules sanma $q --json "$corpus" >"$work/reference.json"
# shellcheck disable=SC2086
"$mj3" batch --rules sanma $q "$corpus" >"$work/reference.txt"
corpus_lines=$(wc -l <"$corpus")
: >"$work/input.txt"
copies=$(((lines + corpus_lines - 1) / corpus_lines))
i=0
while [ "$i" -lt "$copies" ]; do
    cat "$corpus" >>"$work/input.txt"
    i=$((i + 1))
done
head -n "$lines" "$work/input.txt" >"$work/lines.txt"
input=$work/lines.txt

if [ "${CHECK:-1}" = 1 ]; then
    # shellcheck disable=SC2086
    "$mj3" batch --rules sanma $q --json "$input" >"$work/mj3.out"
    "$floor" json "$work/reference.json" "$input" >"$work/floor.out"
    cmp -s "$work/mj3.out" "$work/floor.out" || { echo "floor differs from mj3 (json)" >&2; exit 1; }
    # shellcheck disable=SC2086
    "$mj3" batch --rules sanma $q "$input" >"$work/mj3.out"
    "$floor" tables "$work/reference.txt" "$input" >"$work/floor.out"
    cmp -s "$work/mj3.out" "$work/floor.out" || { echo "floor differs from mj3 (tables)" >&2; exit 1; }
    rm -f "$work/mj3.out" "$work/floor.out"
    echo "floor output byte-identical to mj3's ($lines lines, JSON and tables)"
fi

alternate() {
    echo "$1"
    shift
    python3 "$here/alternate.py" --runs "$runs" --warmup "$((1 - quick))" --items "$lines" \
        --sink "$sink" -- "$@"
}

# shellcheck disable=SC2086
alternate "mj3 batch --json vs floor, $lines lines:" \
    "mj3 batch --json" "$mj3" batch --rules sanma $q --json "$input" :: \
    "floor (json)" "$floor" json "$work/reference.json" "$input"
# shellcheck disable=SC2086
alternate "mj3 batch (tables) vs floor, $lines lines:" \
    "mj3 batch" "$mj3" batch --rules sanma $q "$input" :: \
    "floor (tables)" "$floor" tables "$work/reference.txt" "$input"
# shellcheck disable=SC2086
alternate "mj3 batch --csv vs --json, per line, $lines lines (--jobs 1, then every core):" \
    "--csv --jobs 1" "$mj3" batch --rules sanma $q --csv --jobs 1 "$input" :: \
    "--csv" "$mj3" batch --rules sanma $q --csv "$input" :: \
    "--json" "$mj3" batch --rules sanma $q --json "$input" :: \
    "--json --jobs 1" "$mj3" batch --rules sanma $q --json --jobs 1 "$input"

[ -n "$against" ] || exit 0
qo=$(quiet "$old")
# shellcheck disable=SC2086
alternate "--json --jobs 1, this tree vs $rev:" \
    "this tree" "$mj3" batch --rules sanma $q --json --jobs 1 "$input" :: \
    "$rev" "$old" batch --rules sanma $qo --json --jobs 1 "$input"
# shellcheck disable=SC2086
alternate "--json (every core), this tree vs $rev:" \
    "this tree" "$mj3" batch --rules sanma $q --json "$input" :: \
    "$rev" "$old" batch --rules sanma $qo --json "$input"
# shellcheck disable=SC2086
alternate "tables (every core), this tree vs $rev:" \
    "this tree" "$mj3" batch --rules sanma $q "$input" :: \
    "$rev" "$old" batch --rules sanma $qo "$input"
# shellcheck disable=SC2086
alternate "this tree, --json --jobs 2 vs --jobs 1 (two jobs earn their keep: wall 1/1.7 = 0.59x or less, CPU near 1x):" \
    "--jobs 2" "$mj3" batch --rules sanma $q --json --jobs 2 "$input" :: \
    "--jobs 1" "$mj3" batch --rules sanma $q --json --jobs 1 "$input"
# shellcheck disable=SC2086
alternate "$rev, --json --jobs 2 vs --jobs 1:" \
    "--jobs 2" "$old" batch --rules sanma $qo --json --jobs 2 "$input" :: \
    "--jobs 1" "$old" batch --rules sanma $qo --json --jobs 1 "$input"

command -v valgrind >/dev/null 2>&1 || exit 0
# The instructions `$@` executes (callgrind; its output file's `summary:` line).
instructions() {
    valgrind --tool=callgrind --callgrind-out-file="$work/callgrind.out" "$@" >/dev/null 2>&1
    sed -n 's/^summary: //p' "$work/callgrind.out"
}
ratio() {
    python3 -c "import sys; print(f'{int(sys.argv[1]) / int(sys.argv[2]):.2f}')" "$1" "$2"
}
echo "instructions (callgrind, --jobs 1, $corpus_lines lines; the same from run to run):"
# shellcheck disable=SC2086
json=$(instructions "$mj3" batch --rules sanma $q --json --jobs 1 "$corpus")
# shellcheck disable=SC2086
json_old=$(instructions "$old" batch --rules sanma $qo --json --jobs 1 "$corpus")
# shellcheck disable=SC2086
tables=$(instructions "$mj3" batch --rules sanma $q --jobs 1 "$corpus")
# shellcheck disable=SC2086
tables_old=$(instructions "$old" batch --rules sanma $qo --jobs 1 "$corpus")
# shellcheck disable=SC2086
csv=$(instructions "$mj3" batch --rules sanma $q --csv --jobs 1 "$corpus")
printf '  --json   this tree %13s  %s %13s  %sx\n' "$json" "$rev" "$json_old" "$(ratio "$json" "$json_old")"
printf '  tables   this tree %13s  %s %13s  %sx\n' "$tables" "$rev" "$tables_old" "$(ratio "$tables" "$tables_old")"
printf '  --csv    this tree %13s  --json %13s  %sx\n' "$csv" "$json" "$(ratio "$csv" "$json")"
