#!/bin/sh
# Byte-identity check for speed work (issue 12): runs one mj3 binary over the case files and
# a large random batch (perf/random-lines.py) under every shipped ruleset, with `batch`,
# `batch --json`, `batch --csv` (stdout, stderr, exit code each), `score` on a sample of
# lines, `criteria` and `rulesets`, and writes everything under OUT.
#
# usage: perf/identity.sh MJ3_BINARY OUT      then: diff -r OUT_BEFORE OUT_AFTER
# environment: COUNT (20000 random lines per ruleset), SEED (1), ORACLE_SETS (a directory of
# oracle .jsonl files whose "notation" lines are added to the sanma rulesets' input)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
mj3=$1
out=$2
count=${COUNT:-20000}
seed=${SEED:-1}
mkdir -p "$out"
out=$(cd "$out" && pwd)
mj3=$(cd "$(dirname "$mj3")" && pwd)/$(basename "$mj3")
# Relative input names: the file name is part of every error line and CSV row.
cd "$out"

# run NAME ARGS...: stdout, stderr and exit code of one mj3 run
run() {
    name=$1
    shift
    set +e
    "$mj3" "$@" >"$out/$name.out" 2>"$out/$name.err"
    echo $? >"$out/$name.rc"
    set -e
}

rulesets=$("$mj3" rulesets | awk 'NF {print $1}')
run rulesets rulesets
run rulesets-json rulesets --json
cases=$(mktemp)
trap 'rm -f "$cases"' EXIT
# every case line, expectations and `@key=value` overrides stripped
for file in "$here"/../tests/cases/*.txt; do
    sed -e 's/ *|.*//' -e 's/ @[^ ]*//g' "$file"
done >"$cases"
for ruleset in $rulesets; do
    run "criteria-$ruleset" criteria --rules "$ruleset"
    run "criteria-json-$ruleset" criteria --rules "$ruleset" --json
    input="input-$ruleset.txt"
    cp "$cases" "$input"
    python3 "$here/random-lines.py" "$ruleset" "$count" "$seed" >>"$input"
    case $ruleset in sanma*)
        if [ -n "${ORACLE_SETS:-}" ]; then
            cat "$ORACLE_SETS"/*.jsonl | python3 -c '
import json, re, sys
for record in sys.stdin:
    line = json.loads(record)["notation"]
    kita = re.search(r" kita=(\d+)", line)
    if kita:
        line = line.replace(kita.group(0), " +" + "N" * int(kita.group(1)))
    print(line)' >>"$input"
        fi
    esac
    run "batch-$ruleset" batch --rules "$ruleset" "$input"
    run "batch-json-$ruleset" batch --rules "$ruleset" --json "$input"
    run "batch-csv-$ruleset" batch --rules "$ruleset" --csv "$input"
    run "batch-stdin-$ruleset" batch --rules "$ruleset" --json - <"$input"
    # `score` on every 97th line, text and JSON
    awk 'NR % 97 == 1' "$input" | while IFS= read -r line; do
        set +e
        "$mj3" score --rules "$ruleset" "$line"
        echo "exit $?"
        "$mj3" score --rules "$ruleset" --json "$line"
        echo "exit $?"
        set -e
    done >"$out/score-$ruleset.out" 2>&1
done
