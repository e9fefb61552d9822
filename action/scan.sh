#!/usr/bin/env bash
# The steps of action.yml (the winnet-kb GitHub Action) as one script that runs anywhere, so a test
# runs exactly what the action runs: install the winnet-kb package, scan, write SARIF, and exit
# with the code --fail-on gives (0 pass, 2 warnings with --fail-on warning, 3 incompatible, 1 error).
#
# Inputs (action.yml sets them from its inputs):
#   WINNET_KB_ACTION_PACKAGE  what to install: a packed tarball (path or URL) or a registry spec;
#                             empty: pack the checkout this script belongs to (npm ci, then npm pack)
#   WINNET_KB_ACTION_PATHS    what to scan: files or directories, one per line (default: .)
#   WINNET_KB_ACTION_SARIF    the SARIF file to write (default: winnet-kb.sarif)
#   WINNET_KB_ACTION_FAIL_ON  error (default), warning or none
#   WINNET_KB_ACTION_PREFIX   where to install (default: $RUNNER_TEMP/winnet-kb, or a new temporary directory)
# Every WINNET_KB_<FLAG> variable of the CLI applies too (WINNET_KB_PLAN, WINNET_KB_IGNORE_FILE, ...),
# and a .winnet-kb-ignore in the working directory is read, as on the command line (only when it
# resolves inside the working directory: a committed link out of the checkout is refused).
# Outputs: exit-code and sarif-file, appended to $GITHUB_OUTPUT when it is set.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
package="${WINNET_KB_ACTION_PACKAGE:-}"
paths="${WINNET_KB_ACTION_PATHS:-.}"
sarif="${WINNET_KB_ACTION_SARIF:-winnet-kb.sarif}"
fail_on="${WINNET_KB_ACTION_FAIL_ON:-error}"
prefix="${WINNET_KB_ACTION_PREFIX:-}"
if [ -z "$prefix" ]; then
  if [ -n "${RUNNER_TEMP:-}" ]; then prefix="$RUNNER_TEMP/winnet-kb"; else prefix="$(mktemp -d)"; fi
fi

# 1. Install the package (its own node_modules are inside the tarball: nothing is compiled).
if [ -z "$package" ]; then
  echo "winnet-kb action: packing $here"
  [ -d "$here/node_modules" ] || (cd "$here" && npm ci --no-audit --no-fund)
  packed="$(mktemp -d)"
  (cd "$here" && npm pack --silent --pack-destination "$packed" >/dev/null)
  package="$(ls "$packed"/winnet-kb-*.tgz)"
fi
echo "winnet-kb action: installing $package into $prefix"
npm install --global --prefix "$prefix" --no-audit --no-fund "$package"
winnet_kb="$prefix/bin/winnet-kb"
echo "winnet-kb action: $("$winnet_kb" --version) on node $(node --version)"

# 2. Scan, writing SARIF whatever the verdict.
# One path per line, blank lines skipped (a while loop, not mapfile: macOS runners have bash 3.2).
targets=()
while IFS= read -r line; do
  line="${line#"${line%%[![:space:]]*}"}"
  line="${line%"${line##*[![:space:]]}"}"
  [ -n "$line" ] && targets+=("$line")
done <<< "$paths"
[ "${#targets[@]}" -gt 0 ] || targets=(.)
set +e
"$winnet_kb" scan "${targets[@]}" --output sarif --output-file "$sarif" --fail-on "$fail_on"
code=$?
set -e

# 3. Report: the table for the log, the outputs for later steps, and the exit code.
if [ "$code" -ne 1 ]; then
  "$winnet_kb" scan "${targets[@]}" --fail-on none || true
fi
if [ -n "${GITHUB_OUTPUT:-}" ]; then
  echo "exit-code=$code" >> "$GITHUB_OUTPUT"
  [ -f "$sarif" ] && echo "sarif-file=$sarif" >> "$GITHUB_OUTPUT"
fi
echo "winnet-kb action: scan exited $code (--fail-on $fail_on)"
exit "$code"
