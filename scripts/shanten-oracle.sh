#!/usr/bin/env bash
# Reruns the differential test of mj3's shanten against RiichiEnv's calculate_shanten_3p
# (docs/oracle-differences.md, "Shanten"): sets up RiichiEnv's virtualenv if missing, builds
# target/release/mj3 if missing, and runs tests/oracle/shanten_riichienv.py, which generates
# random sanma hands (13 and 14 tiles, with and without declared sets and kita), asks both,
# classifies every difference and exits 1 when one is left unexplained.
#
# Usage: scripts/shanten-oracle.sh
# Environment (all optional):
#   MJ3_BIN   mj3 binary          (default: target/release/mj3, built if missing)
#   VENV      RiichiEnv's venv    (default: /tmp/riichienv-venv)
#   COUNT     hands               (default: 100000)
#   SEED      seed                (default: 25)
#   OUT       differing hands     (default: /tmp/mj3-shanten-oracle)
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

venv=${VENV:-/tmp/riichienv-venv}
if ! "$venv/bin/python" -c 'import riichienv' 2>/dev/null; then
    echo "setting up $venv (riichienv 0.4.11)" >&2
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet riichienv==0.4.11
fi

bin=${MJ3_BIN:-target/release/mj3}
if [[ ! -x $bin ]]; then
    echo "building $bin" >&2
    cargo build --release --quiet
fi

exec "$venv/bin/python" tests/oracle/shanten_riichienv.py --bin "$bin" \
    --count "${COUNT:-100000}" --seed "${SEED:-25}" --out "${OUT:-/tmp/mj3-shanten-oracle}"
