#!/usr/bin/env bash
# Builds mj3 for the phone: the library compiled to WebAssembly (web/ crate), its JS glue
# (wasm-bindgen), and the page (web/app, TypeScript + Vite) into web/dist/, a static site.
#
#   web/build.sh                         # then: python3 -m http.server -d web/dist
#
# It installs what it needs: rustup's wasm32 target is used where installed; otherwise
# Debian's rustc-web, cargo-web and the standard library's source build std for wasm32
# (docs/wasm-build in the project notes); wasm-bindgen-cli of the crate's version by
# `cargo install --locked`; the page's npm packages by `npm ci`.
set -euo pipefail

web=$(cd "$(dirname "$0")" && pwd)
root=$(dirname "$web")
target_dir="$root/target/web"
# The wasm-bindgen version the crate pins (`wasm-bindgen = "=X"`): the CLI must match it.
bindgen_version=$(sed -n 's/^wasm-bindgen = "=\(.*\)"$/\1/p' "$web/Cargo.toml")

say() { printf 'web/build.sh: %s\n' "$*" >&2; }

# Installs Debian packages that are not installed yet (as root; otherwise says which).
apt_install() {
    local missing=()
    for package in "$@"; do
        dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    if [ "$(id -u)" -ne 0 ]; then
        say "needs the Debian packages: ${missing[*]} (apt-get install -y ${missing[*]})"
        return 1
    fi
    say "installing ${missing[*]}"
    apt-get -o DPkg::Lock::Timeout=600 update -qq
    DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq "${missing[@]}" >/dev/null
}

# 1. The library in WebAssembly.
wasm="$target_dir/wasm32-unknown-unknown/web/mj3_web.wasm"
if rustup target list --installed 2>/dev/null | grep -qx wasm32-unknown-unknown; then
    say "building the WebAssembly with rustup's wasm32 target"
    cargo build --manifest-path "$root/Cargo.toml" -p mj3-web --profile web \
        --target wasm32-unknown-unknown --target-dir "$target_dir"
else
    # rustup has no wasm32 standard library here: Debian's compiler builds it from source.
    apt_install rustc-web cargo-web rust-web-src rust-web-llvm lld-22
    say "building the WebAssembly with Debian's rustc-web (std built from source)"
    RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1 \
        CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER=/usr/bin/rust-lld \
        /usr/bin/cargo build --manifest-path "$root/Cargo.toml" -p mj3-web --profile web \
        --target wasm32-unknown-unknown --target-dir "$target_dir" \
        -Zbuild-std=std,panic_abort
fi

# 2. Its JS glue, written where the page imports it.
bindgen="$HOME/.cargo/bin/wasm-bindgen"
if ! "$bindgen" --version 2>/dev/null | grep -qF "$bindgen_version"; then
    say "installing wasm-bindgen-cli $bindgen_version"
    cargo install --locked wasm-bindgen-cli --version "$bindgen_version"
fi
out="$web/app/src/wasm"
rm -rf "$out"
"$bindgen" --target web --out-dir "$out" "$wasm"

# 3. The page. (binaryen's wasm-opt from Debian, tried for size, made the gzipped file larger.)
cd "$web/app"
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    npm ci --no-audit --no-fund
fi
npm run --silent build
gzipped=$(gzip -9 -c "$out/mj3_web_bg.wasm" | wc -c)
say "web/dist/ is ready; the WebAssembly is $(( gzipped / 1024 )) KB gzipped"
