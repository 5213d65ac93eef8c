#!/usr/bin/env bash
# The page's tests in a real browser: builds the site (web/build.sh) and the mj3 CLI, then
# drives Debian's Chromium (installed here if missing; never a downloaded browser) with
# playwright-core at phone size: every case-file hand scored in the page's WebAssembly against
# `mj3 score --json`, the other commands' JSON, the page end to end, and offline; the game's
# DOM-free core under node's test runner beside them.
#
#   web/test.sh                      # screenshots go to web/app/test-results/screenshots/
#   web/test.sh --screenshots        # and to docs/screenshots/ (the committed ones)
set -euo pipefail

web=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$web")

say() { printf 'web/test.sh: %s\n' "$*" >&2; }

if [ "${1:-}" = "--screenshots" ]; then
    export MJ3_SCREENSHOTS="$root/docs/screenshots"
fi

if [ ! -x /usr/bin/chromium ]; then
    "$root/scripts/debian-install.sh" web/test.sh chromium
fi

"$web/build.sh"

say "building the mj3 CLI to compare against"
cargo build --manifest-path "$root/Cargo.toml" -p mj3-cli --quiet
export MJ3_CLI="$root/target/debug/mj3"

cd "$web/app"
# The game's DOM-free core, compiled for node's test runner (test/core.test.mjs).
npx tsc -p tsconfig.core.json
node --test --test-concurrency=1 test/*.test.mjs
