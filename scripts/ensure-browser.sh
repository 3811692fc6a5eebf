#!/usr/bin/env bash
# The browser tests run on Debian's chromium (Playwright never downloads a browser here). When it
# is missing: installed as CI does, if this user may (root with apt-get); otherwise stop at once
# with the one command to run. .ci/run and `npm test` both call this.
#
# CHROMIUM_PATH names the browser (default /usr/bin/chromium; playwright.config.ts reads it too).
set -euo pipefail
browser="${CHROMIUM_PATH:-/usr/bin/chromium}"

[ -x "$browser" ] && exit 0

if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian chromium (the browser tests need it)..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  [ -x "$browser" ] && exit 0
  echo "chromium was installed, but not at $browser: set CHROMIUM_PATH to where it is." >&2
  exit 1
fi

echo "The browser tests need Debian's chromium at $browser: run \`sudo apt-get install chromium\`, then run the tests again." >&2
exit 1
