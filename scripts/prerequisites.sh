#!/usr/bin/env bash
# The programs the tests need beyond Rust, checked in the first seconds instead of failing after
# the whole Rust run: a Java runtime (17 or later) for the Spark job's test, Chromium and its
# WebDriver for the playground's browser test, Python's venv module for the Python package,
# rustfmt and clippy. Called by scripts/test.sh and .ci/run, so the list lives here only.
#
#   scripts/prerequisites.sh           check; print the command that installs what is missing
#   scripts/prerequisites.sh --install install what is missing, saying so: Debian's packages as
#                                      root or through sudo without a password, rustup's
#                                      components as the user; when the packages cannot be
#                                      installed that way, print the command and fail
set -euo pipefail

install=false
[ "${1:-}" = "--install" ] && install=true

missing_packages=()
java_major() { java -version 2>&1 | sed -n 's/.*version "\([0-9]*\).*/\1/p' | head -n1; }
if ! java -version >/dev/null 2>&1 || [ "$(java_major)" -lt 17 ] 2>/dev/null; then
  missing_packages+=(default-jre-headless)
fi
if ! command -v chromium >/dev/null 2>&1 || ! command -v chromedriver >/dev/null 2>&1; then
  missing_packages+=(chromium chromium-driver)
fi
if ! python3 -m venv --help >/dev/null 2>&1; then
  missing_packages+=(python3-venv)
fi
missing_components=()
cargo fmt --version >/dev/null 2>&1 || missing_components+=(rustfmt)
cargo clippy --version >/dev/null 2>&1 || missing_components+=(clippy)

if [ ${#missing_packages[@]} -eq 0 ] && [ ${#missing_components[@]} -eq 0 ]; then
  exit 0
fi

# How packages can be installed here: as root, or through sudo when it asks no password.
as_root=()
can_install_packages=false
if [ "$(id -u)" -eq 0 ]; then
  can_install_packages=true
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  as_root=(sudo -n)
  can_install_packages=true
fi

if $install && { [ ${#missing_packages[@]} -eq 0 ] || $can_install_packages; }; then
  if [ ${#missing_packages[@]} -gt 0 ]; then
    echo "Installing what the tests need: ${missing_packages[*]} (Debian's packages)" >&2
    ${as_root[@]+"${as_root[@]}"} apt-get update -qq
    ${as_root[@]+"${as_root[@]}"} env DEBIAN_FRONTEND=noninteractive \
      apt-get install -y -qq "${missing_packages[@]}" >/dev/null
  fi
  if [ ${#missing_components[@]} -gt 0 ]; then
    echo "Installing what the tests need: rustup component ${missing_components[*]}" >&2
    rustup component add "${missing_components[@]}"
  fi
  exit 0
fi
{
  echo "The tests need programs this machine lacks. Install them with:"
  [ ${#missing_packages[@]} -gt 0 ] && echo "  sudo apt-get install ${missing_packages[*]}"
  [ ${#missing_components[@]} -gt 0 ] && echo "  rustup component add ${missing_components[*]}"
  if $install; then
    echo "(installing them needs root, or sudo without a password)"
  else
    echo "(or run scripts/prerequisites.sh --install, as root or with sudo without a password)"
  fi
} >&2
exit 1
