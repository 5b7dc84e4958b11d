#!/usr/bin/env bash
# Makes sure a Chromium for the browser tests is on this machine, installing Debian's when it
# can, and prints its path. Fails, saying what to install, when it cannot get one.
set -euo pipefail

if [[ -n "${CHROMIUM_PATH:-}" ]]; then
	if [[ -x "$CHROMIUM_PATH" ]]; then echo "$CHROMIUM_PATH"; exit 0; fi
	echo "CHROMIUM_PATH=$CHROMIUM_PATH is not an executable file" >&2
	exit 1
fi
if [[ -x /usr/bin/chromium ]]; then echo /usr/bin/chromium; exit 0; fi

# Playwright's own browser, on machines that could download it (npx playwright install).
own=$(node -e "try { const p = require('playwright-core').chromium.executablePath(); if (require('fs').existsSync(p)) console.log(p) } catch {}" 2>/dev/null || true)
if [[ -n "$own" ]]; then echo "$own"; exit 0; fi

if command -v apt-get >/dev/null 2>&1 && [[ $(id -u) -eq 0 ]]; then
	echo "Installing Debian's chromium for the browser tests (apt-get install chromium)..." >&2
	apt-get update -qq >&2
	DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >&2
	if [[ -x /usr/bin/chromium ]]; then echo /usr/bin/chromium; exit 0; fi
fi

cat >&2 <<'MSG'
No Chromium for the browser tests. Install one of:
  - Debian/Ubuntu: sudo apt-get install chromium        (then /usr/bin/chromium is used)
  - anywhere with internet: npx playwright install chromium
  - or point CHROMIUM_PATH at a Chromium or Chrome executable.
MSG
exit 1
