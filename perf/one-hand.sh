#!/bin/sh
# One hand, whole process: `mj3 score --rules sanma` against the `agari` command line
# (`cargo install agari --version 0.27.0`), the same riichi sanma hand, output to /dev/null.
# Alternating runs, medians (perf/alternate.py), then, if valgrind is installed, the
# instructions each process executes (a count the shared machine's load does not disturb).
#
# Both binaries run from copies made side by side in one temporary directory: how a file came
# into the page cache changes how fast it starts. Measured on this machine (2026-11-23): the
# binary the linker had just written in target/release started 24 % slower than a `cp` of it,
# and the agari that `cargo install` had written 10 % slower than a `cp` of that.
#
# usage: perf/one-hand.sh [MJ3_BINARY [AGARI_BINARY]]
#   defaults: $CARGO_TARGET_DIR/release/mj3 and `agari` on the PATH
# environment: RUNS (101); MJ3_HAND and AGARI_HAND replace the hand (both notations, same hand)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
target=${CARGO_TARGET_DIR:-$here/../target}
mj3_built=${1:-$target/release/mj3}
agari_installed=${2:-agari}
copies=$(mktemp -d)
trap 'rm -rf "$copies"' EXIT
# Named mj3 and agari: the program name is part of what they print.
cp "$mj3_built" "$copies/mj3"
cp "$(command -v "$agari_installed")" "$copies/agari"
mj3=$copies/mj3
agari=$copies/agari
runs=${RUNS:-101}
# The first hand of perf/hands/sanma-2000.txt; agari writes honours as 1z-7z (r = 7z), the
# winning tile and the winds as options.
mj3_hand=${MJ3_HAND:-111123789p789srr win=7p ron seat=W round=E}
agari_hand=${AGARI_HAND:-111123789p789s77z -w 7p --seat w --round e --sanma}

# shellcheck disable=SC2086
python3 "$here/alternate.py" --runs "$runs" --warmup 5 --ok-codes 0 -- \
    "mj3 score" "$mj3" score --rules sanma "$mj3_hand" :: \
    "agari" "$agari" $agari_hand

if command -v valgrind >/dev/null; then
    instructions() {
        valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null |
            sed -n 's/.*Collected : *//p'
    }
    mj3_ir=$(instructions "$mj3" score --rules sanma "$mj3_hand")
    # shellcheck disable=SC2086
    agari_ir=$(instructions "$agari" $agari_hand)
    echo "instructions (callgrind): mj3 score $mj3_ir, agari $agari_ir," \
        "ratio $(python3 -c "print(f'{$mj3_ir / $agari_ir:.2f}')")"
fi
