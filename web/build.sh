#!/usr/bin/env bash
# Builds mj3 for the phone: the library compiled to WebAssembly (web/ crate), its JS glue
# (wasm-bindgen), and the page (web/app, TypeScript + Vite) into web/dist/, a static site.
#
#   web/build.sh                         # then: python3 -m http.server -d web/dist
#
# It installs what it needs: rustup's wasm32 target is used where installed; otherwise
# Debian's rustc-web, cargo-web and the standard library's source build std for wasm32
# (docs/wasm-build in the project notes); wasm-bindgen-cli of the crate's version by
# `cargo install --locked`; the page's npm packages by `npm ci`; Debian's brotli (apt-get,
# as root) for the precompressed copies beside the site's files.
set -euo pipefail

web=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$web")
target_dir="$root/target/web"
# The wasm-bindgen version the crate pins (`wasm-bindgen = "=X"`): the CLI must match it.
bindgen_version=$(sed -n 's/^wasm-bindgen = "=\(.*\)"$/\1/p' "$web/Cargo.toml")

say() { printf 'web/build.sh: %s\n' "$*" >&2; }

# 1. The library in WebAssembly, by the one wasm32 recipe (scripts/wasm-cargo.sh: rustup's
# target where installed, else Debian's compiler building std from source).
say "1/3 building the library as WebAssembly (the first time on Debian's route: installing its packages, then building the standard library; minutes)"
CARGO_TARGET_DIR="$target_dir" "$root/scripts/wasm-cargo.sh" build \
    --manifest-path "$root/Cargo.toml" -p mj3-web --profile web
# Where the route taken wrote it (the Debian route keeps its own folder): the newer one.
wasm=""
for built in "$target_dir"/wasm32-unknown-unknown/web/mj3_web.wasm \
    "$target_dir"/wasm-debian/wasm32-unknown-unknown/web/mj3_web.wasm; do
    if [ -f "$built" ] && { [ -z "$wasm" ] || [ "$built" -nt "$wasm" ]; }; then
        wasm=$built
    fi
done

# 2. Its JS glue, written where the page imports it.
bindgen="$HOME/.cargo/bin/wasm-bindgen"
if ! "$bindgen" --version 2>/dev/null | grep -qF "$bindgen_version"; then
    say "2/3 installing wasm-bindgen-cli $bindgen_version (cargo install; compiles it from crates.io the first time)"
    cargo install --locked wasm-bindgen-cli --version "$bindgen_version"
fi
out="$web/app/src/wasm"
rm -rf "$out"
say "2/3 writing the JS glue into ${out#"$root"/}"
"$bindgen" --target web --out-dir "$out" "$wasm"

# 3. The page. (binaryen's wasm-opt from Debian, tried for size, made the gzipped file larger.)
cd "$web/app"
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    say "3/3 installing the page's npm packages (npm ci)"
    npm ci --no-audit --no-fund
fi
say "3/3 building the page into web/dist/ (Vite)"
npm run --silent build

# Precompressed copies beside each file that compresses (FILE.gz by gzip -9, FILE.br by
# brotli), which a static host serves in its place to a browser that takes them (nginx's
# gzip_static and brotli_static, Caddy's `precompressed`).
"$root/scripts/debian-install.sh" web/build.sh brotli
dist="$web/dist"
find "$dist" -type f \( -name '*.html' -o -name '*.js' -o -name '*.css' -o -name '*.wasm' \
    -o -name '*.svg' -o -name '*.webmanifest' -o -name '*.json' -o -name '*.txt' \) -print0 |
    while IFS= read -r -d '' file; do
        gzip -9kfn "$file"
        brotli -kf -q 11 "$file"
    done
wasm_out=$(find "$dist" -name '*.wasm' | head -n 1)
say "web/dist/ is ready, with .gz and .br copies; the WebAssembly is $(( $(wc -c <"$wasm_out.gz") / 1024 )) KB gzipped, $(( $(wc -c <"$wasm_out.br") / 1024 )) KB in brotli"
