#!/usr/bin/env bash
# Makes sure the toolchains of the clients in other languages (clients/python, clients/go,
# clients/rust) and of their pages' code blocks are on this machine: Python 3.11 or newer, Go 1.19 or
# newer, Rust (rustc and cargo) 1.63 or newer, and the sqlite3 headers Go's and Rust's samples link to.
# As root it installs Debian's packages for what is missing (golang-go, python3, libsqlite3-dev,
# rustc and cargo); otherwise it stops and says what to install. Prints nothing when all is there.
set -uo pipefail

missing=()
version_at_least() { [[ "$(printf '%s\n%s\n' "$2" "$1" | sort -V | head -n1)" == "$2" ]]; }

apt_install() {
	if command -v apt-get >/dev/null 2>&1 && [[ $(id -u) -eq 0 ]]; then
		echo "Installing Debian's $* for the clients' tests (apt-get install -y $*)..." >&2
		{ apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@"; } >&2 && return 0
	fi
	return 1
}

if ! command -v go >/dev/null 2>&1; then
	apt_install golang-go || true
fi
if ! command -v go >/dev/null 2>&1; then
	missing+=("Go 1.19 or newer, for clients/go: sudo apt-get install golang-go (Debian), or https://go.dev/dl/")
elif ! version_at_least "$(go env GOVERSION | sed 's/^go//')" 1.19; then
	missing+=("Go 1.19 or newer, for clients/go (found $(go env GOVERSION)): sudo apt-get install golang-go")
fi

if ! command -v python3 >/dev/null 2>&1; then
	apt_install python3 || true
fi
if ! python3 -c 'import sys, sqlite3; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
	missing+=("Python 3.11 or newer with its sqlite3 module, for clients/python: sudo apt-get install python3")
fi

if [[ ! -e /usr/include/sqlite3.h ]]; then
	apt_install libsqlite3-dev || true
fi
if [[ ! -e /usr/include/sqlite3.h ]]; then
	missing+=("SQLite's headers and library, which the Go and Rust samples' chat.db links to: sudo apt-get install libsqlite3-dev")
fi

# Debian 12's rustc and cargo (1.63) build the crate and the samples: it keeps to what 1.63 has.
if ! command -v cargo >/dev/null 2>&1 || ! command -v rustc >/dev/null 2>&1; then
	apt_install rustc cargo || true
fi
if ! command -v cargo >/dev/null 2>&1 || ! command -v rustc >/dev/null 2>&1; then
	missing+=("Rust 1.63 or newer (rustc and cargo), for clients/rust: sudo apt-get install rustc cargo (Debian), or https://rustup.rs")
elif ! version_at_least "$(rustc --version | awk '{print $2}')" 1.63; then
	missing+=("Rust 1.63 or newer, for clients/rust (found $(rustc --version)): sudo apt-get install rustc cargo")
fi

if [[ ${#missing[@]} -gt 0 ]]; then
	echo "The clients' tests need toolchains that are not on this machine. Install:" >&2
	printf '  - %s\n' "${missing[@]}" >&2
	exit 1
fi
