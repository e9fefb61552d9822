#!/usr/bin/env bash
# The steps of action.yml (the winnet-kb GitHub Action) as one script that runs anywhere, so a test
# runs exactly what the action runs: get the winnet-kb CLI, scan once, write SARIF, and exit
# with the code --fail-on gives (0 pass, 2 warnings with --fail-on warning, 3 incompatible, 1 error).
#
# Inputs (action.yml sets them from its inputs):
#   WINNET_KB_ACTION_PACKAGE  what to install: a packed tarball (path or URL) or a registry spec;
#                             empty: run the checkout this script belongs to in place (step 1)
#   WINNET_KB_ACTION_PATHS    what to scan: files or directories, one per line (default: .)
#   WINNET_KB_ACTION_SARIF    the SARIF file to write (default: winnet-kb.sarif)
#   WINNET_KB_ACTION_FAIL_ON  error (default), warning or none
#   WINNET_KB_ACTION_DOCS_URL the published docs/api.md SARIF's rules link to (action.yml gives the
#                             action's repository at its ref; ignored unless it is such a URL)
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
docs_url="${WINNET_KB_ACTION_DOCS_URL:-}"
# A local action (uses: ./) has no repository or ref in the context: the URL is then incomplete.
if [[ "$docs_url" =~ ^https?://[^/]+/[^/]+/[^/]+/blob/[^/]+/docs/api\.md$ ]]; then export WINNET_KB_DOCS_URL="$docs_url"; fi
prefix="${WINNET_KB_ACTION_PREFIX:-}"
if [ -z "$prefix" ]; then
  if [ -n "${RUNNER_TEMP:-}" ]; then prefix="$RUNNER_TEMP/winnet-kb"; else prefix="$(mktemp -d)"; fi
fi

# 1. The CLI. Given a package, install it (its own node_modules are inside the tarball: nothing is
# compiled). Without one, run this checkout in place: its production dependencies only, without
# install scripts (better-sqlite3 ships its binaries), the CLI and the database builder bundled by
# esbuild alone (tools/bundle-cli.js; at the version package.json pins), the database built from
# the seeds into the prefix. No development dependency, no pack.
if [ -n "$package" ]; then
  echo "winnet-kb action: installing $package into $prefix"
  npm install --global --prefix "$prefix" --no-audit --no-fund "$package"
  winnet_kb() { "$prefix/bin/winnet-kb" "$@"; }
else
  echo "winnet-kb action: running $here in place"
  if [ ! -d "$here/node_modules" ]; then
    (cd "$here" && npm ci --omit=dev --ignore-scripts --no-audit --no-fund)
  fi
  if [ ! -f "$here/dist/cli/winnet-kb.js" ] || [ ! -f "$here/dist/cli/build-db.js" ]; then
    esbuild_version="$(cd "$here" && node -p "require('./package.json').devDependencies.esbuild")"
    npm install --prefix "$prefix/esbuild" --no-audit --no-fund --no-save "esbuild@$esbuild_version"
    (cd "$here" && WINNET_KB_ESBUILD="$prefix/esbuild/node_modules/esbuild" node tools/bundle-cli.js)
  fi
  node "$here/dist/cli/build-db.js" --target "$prefix/data/winnet-kb.sqlite"
  winnet_kb() { node "$here/bin/winnet-kb.js" --database "$prefix/data/winnet-kb.sqlite" "$@"; }
fi
echo "winnet-kb action: $(winnet_kb --version) on node $(node --version)"

# 2. Scan once, writing SARIF whatever the verdict.
# One path per line, blank lines skipped (a while loop, not mapfile: macOS runners have bash 3.2).
targets=()
while IFS= read -r line; do
  line="${line#"${line%%[![:space:]]*}"}"
  line="${line%"${line##*[![:space:]]}"}"
  [ -n "$line" ] && targets+=("$line")
done <<< "$paths"
[ "${#targets[@]}" -gt 0 ] || targets=(.)
set +e
winnet_kb scan "${targets[@]}" --output sarif --output-file "$sarif" --fail-on "$fail_on"
code=$?
set -e

# 3. Report: each result for the log (file:line: level rule: message, read from the SARIF just
# written), the outputs for later steps, and the exit code.
if [ "$code" -ne 1 ] && [ -f "$sarif" ]; then
  node -e '
    const log = JSON.parse(require("node:fs").readFileSync(process.argv[1], "utf8"));
    const results = log.runs.flatMap((run) => run.results);
    for (const r of results) {
      const at = r.locations?.[0]?.physicalLocation;
      console.log(`${at?.artifactLocation?.uri ?? "?"}:${at?.region?.startLine ?? 0}: ${r.level} ${r.ruleId}: ${r.message.text}`);
    }
    const count = (level) => results.filter((r) => r.level === level && !r.suppressions).length;
    console.log(`winnet-kb action: ${count("error")} error(s), ${count("warning")} warning(s), ${count("note")} note(s) in ${process.argv[1]}`);
  ' "$sarif"
fi
if [ -n "${GITHUB_OUTPUT:-}" ]; then
  echo "exit-code=$code" >> "$GITHUB_OUTPUT"
  [ -f "$sarif" ] && echo "sarif-file=$sarif" >> "$GITHUB_OUTPUT"
fi
echo "winnet-kb action: scan exited $code (--fail-on $fail_on)"
exit "$code"
