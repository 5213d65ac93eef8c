#!/bin/sh
# How the cost of one hand grows with waits, jokers and line length: instructions per hand
# (callgrind), each hand repeated COPIES times in one `batch --json`, minus an empty batch.
#
# usage: perf/growth.sh MJ3_BINARY [EXTRA_BATCH_ARGS...]   (e.g. `--jobs 1`; needs valgrind)
# environment: COPIES (200)
set -eu
mj3=$1
shift
copies=${COPIES:-200}
count() { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 >/dev/null | sed -n 's/.*Collected : *//p'; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "# nothing" >"$work/empty.txt"
while IFS='|' read -r rules label hand; do
    : >"$work/hands.txt"
    i=0
    while [ "$i" -lt "$copies" ]; do
        echo "$hand" >>"$work/hands.txt"
        i=$((i + 1))
    done
    all=$(count "$mj3" batch "$@" --rules "$rules" --json "$work/hands.txt")
    none=$(count "$mj3" batch "$@" --rules "$rules" --json "$work/empty.txt")
    echo "$label: $(((all - none) / copies)) instructions per hand"
done <<'LIST'
sanma|sanma, complete, ron without riichi (waits checked)|111123789p789srr win=7p ron seat=W round=E
sanma|sanma, complete, riichi tsumo|234p567p678s99s234s riichi tsumo seat=S dora=W +N
sanma|sanma, 13 tiles, 2 waits|234p567p678s99s23s riichi
sanma|sanma, 13 tiles, 9 waits|1112345678999p ron
korean|korean, complete|123p456m99s EEE www +f2 tsumo
korean|korean, 13 tiles, 9 waits|1112345678999p tsumo
malaysian|malaysian, no joker|123p456p789p EEE ww +f2 +h1 +a1 ron=S
malaysian|malaysian, 1 joker|123p456p789p EE ww J tsumo
malaysian|malaysian, 2 jokers|[EEE] SSS www NN 1p JJ +f2 tsumo
malaysian|malaysian, 4 jokers|123p456p789p E JJJJ tsumo
sanma|sanma, short line|234p567p678s99s234s tsumo
sanma|sanma, long line|234p567p678s99s234s tsumo riichi seat=S round=S dora=1p,2p,3p,4p,5p,6p,7p,8p,9p,1s discards=1s,2s,3s,4s honba=2
LIST
