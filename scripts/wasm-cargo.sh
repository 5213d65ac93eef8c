#!/usr/bin/env bash
# Runs `cargo ARGS… --target wasm32-unknown-unknown`: with rustup's wasm32 target where it is
# installed, else with Debian's matched compiler and library source, building the standard
# library from source (rustup cannot fetch the wasm32 library on the build machines; the
# packages are installed when missing).
set -euo pipefail
target=wasm32-unknown-unknown

if rustup target list --installed 2>/dev/null | grep -qx "$target"; then
    exec cargo "$@" --target "$target"
fi

packages=(rustc-web cargo-web rust-web-src rust-web-llvm lld-22)
# Debian's wasm-capable Rust.
"$(dirname "$0")/debian-install.sh" wasm-cargo "${packages[@]}"

export RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1
export CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER=/usr/bin/rust-lld
# Its own target folder: Debian's compiler cannot read artifacts of rustup's.
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-target}/wasm-debian"
exec /usr/bin/cargo "$@" --target "$target" -Zbuild-std=std,panic_abort
