#!/usr/bin/env bash
# Reruns the differential comparison of mj3 with the python `mahjong` 2.1.0 library
# (docs/oracle-differences.md): sets up the oracle's virtualenv if missing, generates seeded
# random sanma hands with and without kita, scores each with mj3 through `compare.py --strict`
# and prints the agreement per set and in total.
#
# Usage: scripts/oracle-compare.sh [HOUSE.toml]
# Environment (all optional):
#   MJ3_BIN     mj3 binary            (default: target/release/mj3, built if missing)
#   ORACLE_DIR  the oracle's folder   (default: ../shared/oracle, else /work/shared/oracle)
#   VENV        its virtualenv        (default: /tmp/oracle-venv)
#   SEEDS       seeds                 (default: "101 202 303")
#   COUNT       hands per set         (default: 2000)
#   KITA_RATES  kita rates            (default: "0 0.3")
#   OUT         sets and diff files   (default: /tmp/mj3-oracle)
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

oracle=${ORACLE_DIR:-}
if [[ -z $oracle ]]; then
    for dir in "$root/../shared/oracle" /work/shared/oracle; do
        if [[ -f $dir/riichi_oracle.py ]]; then
            oracle=$dir
            break
        fi
    done
fi
[[ -n $oracle && -f $oracle/riichi_oracle.py ]] || {
    echo "oracle not found: set ORACLE_DIR to the folder holding riichi_oracle.py" >&2
    exit 2
}

venv=${VENV:-/tmp/oracle-venv}
if ! "$venv/bin/python" -c 'import mahjong' 2>/dev/null; then
    echo "setting up $venv (python mahjong 2.1.0)" >&2
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet mahjong==2.1.0
fi

bin=${MJ3_BIN:-target/release/mj3}
if [[ ! -x $bin ]]; then
    echo "building $bin" >&2
    cargo build --release --quiet
fi

# The issue's target: sanma-mahjongsoul with the library's three choices (kuitan off, tsumo
# loss, no kita furiten).
house=${1:-tests/oracle/aligned.toml}

out=${OUT:-/tmp/mj3-oracle}
mkdir -p "$out"
count=${COUNT:-2000}
echo "mj3: $bin   house file: $house   oracle: $oracle" >&2

percent() { awk -v a="$1" -v n="$2" 'BEGIN { printf "%.2f", 100 * a / n }'; }

total_agree=0
total_hands=0
for rate in ${KITA_RATES:-0 0.3}; do
    rate_agree=0
    rate_hands=0
    for seed in ${SEEDS:-101 202 303}; do
        set_file="$out/cases-s$seed-k$rate.jsonl"
        if [[ ! -s $set_file ]]; then
            "$venv/bin/python" "$oracle/riichi_oracle.py" gen --seed "$seed" --count "$count" \
                --kita-rate "$rate" >"$set_file" 2>/dev/null
        fi
        diffs="$out/diffs-s$seed-k$rate.txt"
        # compare.py exits 1 when any hand differs; the figures are what matters here.
        result=$(python3 "$oracle/compare.py" --bin "$bin" --cases "$set_file" --limit "$count" \
            --strict --house "$house" --diffs "$diffs" | tail -n 1) || true
        agree=${result%%/*}
        hands=$(wc -l <"$set_file")
        [[ $agree =~ ^[0-9]+$ ]] || { echo "compare.py failed on $set_file: $result" >&2; exit 1; }
        printf 'seed %-5s kita-rate %-4s %5d/%-5d %6s %%   diffs: %s\n' \
            "$seed" "$rate" "$agree" "$hands" "$(percent "$agree" "$hands")" "$diffs"
        rate_agree=$((rate_agree + agree))
        rate_hands=$((rate_hands + hands))
    done
    printf 'kita-rate %-4s all seeds   %5d/%-5d %6s %%\n' \
        "$rate" "$rate_agree" "$rate_hands" "$(percent "$rate_agree" "$rate_hands")"
    total_agree=$((total_agree + rate_agree))
    total_hands=$((total_hands + rate_hands))
done
printf 'total                    %5d/%-5d %6s %%\n' \
    "$total_agree" "$total_hands" "$(percent "$total_agree" "$total_hands")"
