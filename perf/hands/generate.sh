#!/bin/sh
# Regenerates sanma-2000.txt: 2,000 random riichi sanma winning hands from the oracle
# (../shared/oracle beside the clone, the python `mahjong` library), seed 12, 30 % with kita. The oracle
# writes kita as `kita=K`; mj3 writes the Norths set aside as `+N…`, so that key is rewritten.
# Needs the oracle's venv: python3 -m venv /tmp/oracle-venv && /tmp/oracle-venv/bin/pip install mahjong==2.1.0
set -eu
oracle=${ORACLE:-$(dirname "$0")/../../../shared/oracle/riichi_oracle.py}
python=${ORACLE_PYTHON:-/tmp/oracle-venv/bin/python}
"$python" "$oracle" gen --seed 12 --count 2000 --kita-rate 0.3 |
    python3 -c '
import json, re, sys
for record in sys.stdin:
    line = json.loads(record)["notation"]
    kita = re.search(r" kita=(\d+)", line)
    if kita:
        line = line.replace(kita.group(0), " +" + "N" * int(kita.group(1)))
    print(line)
' >"$(dirname "$0")/sanma-2000.txt"
