#!/usr/bin/env bash
# Packages every publishable crate the way `cargo publish` would, in dependency order (cargo's
# workspace packaging: each package is verified by building it from its .crate file against
# the others' .crate files, so a missing file or a path-only dependency fails here, not on
# crates.io). The crates that are not published on crates.io (harvest-bench,
# harvest-test-suite, harvest-test-support, and harvest-python, which ships as the PyPI wheel;
# fuzz/ is not a member)
# are left out. Needs the crates.io index for the dependencies.
set -euo pipefail
cd "$(dirname "$0")/.."
# Cargo verifies each package against the others through a temporary local registry, and keeps
# what it extracted from it (under the cargo home) and built from it (registry crates are never
# rebuilt for a changed source) from one run to the next: with the version number unchanged, a
# later run would build against stale copies. Both are removed first: the extracted sources, and
# the verification's own target folder.
cargo_home="${CARGO_HOME:-$HOME/.cargo}"
rm -rf "$cargo_home"/registry/src/-*/harvest-*-[0-9]* "$cargo_home"/registry/cache/-*/harvest-*-[0-9]*.crate
export CARGO_TARGET_DIR="$PWD/target/package-check"
rm -rf "$CARGO_TARGET_DIR"
# Uncommitted changes are allowed so the check can run while working; CI runs on a clean clone.
cargo package --workspace --exclude harvest-bench --exclude harvest-test-suite --exclude harvest-test-support --exclude harvest-python --allow-dirty "$@"
ls -1 "$CARGO_TARGET_DIR"/package/*.crate
