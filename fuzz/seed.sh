#!/usr/bin/env bash
# Writes the seed corpora of the fuzz targets into fuzz/corpus/TARGET/ (not committed):
# score_line and shanten: every hand of tests/cases/*.txt and every `score "…"` example of
# the docs, and for shanten the unready hands of the shanten tests too;
# house_rules: the house files of the README and tests/oracle, and the `@KEY=VALUE` settings
# of the case files as `--set` items.
set -euo pipefail
cd "$(dirname "$0")/.."
lines=fuzz/corpus/score_line
houses=fuzz/corpus/house_rules
mkdir -p "$lines" "$houses"

n=0
seed() { # DIR TEXT: one seed file
    n=$((n + 1))
    printf '%s' "$2" >"$1/seed-$n"
}

# The hand of each case line: the text before `|`, without its `@` settings.
while IFS= read -r hand; do
    seed "$lines" "$hand"
done < <(grep -hv '^\s*\(#\|ruleset:\|$\)' tests/cases/*.txt |
    sed -e 's/|.*//' -e 's/ @[^ ]*//g' -e 's/[[:space:]]*$//' | sort -u)
while IFS= read -r hand; do
    seed "$lines" "$hand"
done < <(grep -oh 'score "[^"]*"' README.md docs/*.md docs/rulesets/*.md |
    sed -e 's/^score "//' -e 's/"$//' | sort -u)

# House files without their `extends` line (the target writes its own).
body() { grep -v '^extends' "$1"; }
seed "$houses" "$(body tests/oracle/aligned.toml)"
seed "$houses" "$(sed -n '/^```toml$/,/^```$/p' README.md | grep -v '^```\|^extends')"
# Each case line's settings as `--set` items under an empty file.
while IFS= read -r sets; do
    seed "$houses" "$(printf 'name = "fuzz"\n---\n%s' "$sets")"
done < <(grep -ho ' @[^ |]*' tests/cases/*.txt | sed 's/^ @//' | sort -u)

# The shanten target reads the same lines, and the hands of the shanten tests' cases.
hands=fuzz/corpus/shanten
mkdir -p "$hands"
cp "$lines"/* "$hands"/
while IFS= read -r hand; do
    seed "$hands" "$hand"
done < <(grep -oh '"[0-9mpsESWNwgr][^"]*"' src/shanten/tests.rs | tr -d '"' | sort -u)

echo "corpora: $(ls "$lines" | wc -l) lines, $(ls "$houses" | wc -l) house files, $(ls "$hands" | wc -l) shanten hands"
