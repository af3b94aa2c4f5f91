#!/usr/bin/env bash
# Packages every publishable crate the way `cargo publish` would, in dependency order (cargo's
# workspace packaging: each package is verified by building it from its .crate file against
# the others' .crate files, so a missing file or a path-only dependency fails here, not on
# crates.io). The crates that are not published on crates.io (harvest-bench,
# harvest-test-suite, and harvest-python, which ships as the PyPI wheel; fuzz/ is not a member)
# are left out. Needs the crates.io index for the dependencies.
set -euo pipefail
cd "$(dirname "$0")/.."
# Uncommitted changes are allowed so the check can run while working; CI runs on a clean clone.
cargo package --workspace --exclude harvest-bench --exclude harvest-test-suite --exclude harvest-python --allow-dirty "$@"
ls -1 target/package/*.crate
