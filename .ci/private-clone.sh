#!/usr/bin/env bash
# Proves that a newcomer's clone passes `npm ci && npm test && npm run test:e2e` wherever it
# lives: clones this checkout's HEAD into "$(mktemp -d)/dir with spaces/winnet-kb", with both
# parents mode 700 and no ../shared beside it (as a clone from a git host has none), installs from
# the lockfile and runs the whole suite there, as whoever runs this script (root in CI).
#
# Usage: .ci/private-clone.sh            (from anywhere; .ci/run calls it after the main suite)
# The install reuses npm's cache (--prefer-offline) and runs on the Node.js of .node-version
# (.ci/node.sh, as .ci/run does).
set -euo pipefail
source_repo="$(cd "$(dirname "$0")/.." && pwd)"
source "$source_repo/.ci/node.sh"

base="$(mktemp -d)"
trap 'rm -rf "$base"' EXIT
parent="$base/dir with spaces"
clone="$parent/winnet-kb"
mkdir -m 700 "$parent"
chmod 700 "$base"

git clone --quiet --no-hardlinks "$source_repo" "$clone"
echo "private clone: $clone (HEAD $(git -C "$clone" rev-parse --short HEAD))"
stat -c '%a %U %n' "$base" "$parent"
if [ -e "$parent/shared" ]; then
  echo "private clone: ../shared must not exist beside the clone" >&2
  exit 1
fi

cd "$clone"
npm ci --prefer-offline --no-audit --no-fund
# The install alone leaves a compiled CLI and a built database (prepare): the CLI works at once.
test -f data/winnet-kb.sqlite
npx winnet-kb check examples/compatible.yaml
mkdir -p test-results
reporters=(--reporter=default --reporter=./test/support/slowest-files.ts --reporter=json)
npm test -- "${reporters[@]}" --outputFile=test-results/vitest.json
npm run test:e2e -- "${reporters[@]}" --outputFile=test-results/vitest-e2e.json

node -e '
const runs = ["vitest", "vitest-e2e"].map((name) => require(`./test-results/${name}.json`));
for (const r of runs) if (r.numTotalTests === 0) { console.error("private clone: no tests ran"); process.exit(1); }
const sum = (key) => runs.reduce((n, r) => n + r[key], 0);
if (sum("numFailedTests") > 0) process.exit(1);
console.log(`private-clone: ${sum("numPassedTests")} passed, ${sum("numFailedTests")} failed` + (sum("numPendingTests") ? `, ${sum("numPendingTests")} skipped` : ""));
'
