#!/usr/bin/env bash
# Builds the playground page into OUTDIR (default target/web): the engine compiled to
# WebAssembly (crates/gwrun-web) and the page's static files (crates/gwrun-web/page).
# The folder is the whole site: serve it with any static file server, or publish it
# as it is (GitHub Pages included):
#   tools/web.sh target/web && python3 -m http.server -d target/web 8000
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-target/web}
if command -v rustup >/dev/null 2>&1 \
    && ! rustup target list --installed | grep -qx wasm32-unknown-unknown; then
  rustup target add wasm32-unknown-unknown
fi
cargo build -p gwrun-web --release --locked --target wasm32-unknown-unknown
mkdir -p "$out"
cp crates/gwrun-web/page/*.html crates/gwrun-web/page/*.js crates/gwrun-web/page/*.css "$out"/
cp target/wasm32-unknown-unknown/release/gwrun_web.wasm "$out"/
# GitHub Pages serves the folder as it is (no Jekyll)
touch "$out/.nojekyll"
echo "gwrun web page in $out ($(wc -c < "$out/gwrun_web.wasm") bytes of WebAssembly)"
