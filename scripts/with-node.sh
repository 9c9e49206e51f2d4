#!/bin/sh
# Runs a command with a Node.js >= 22 first on PATH: `sh scripts/with-node.sh node --experimental-strip-types x.ts`.
# Every npm script that needs a current Node goes through it. When the `node` on PATH is older (or missing), it
# provisions the project's own Node 24 from the npm registry (the `node-<os>-<arch>` package that the registry's
# `node` package installs) into a cache folder outside the repository, says so in one line on stderr, and runs the
# command under it. POSIX sh on purpose: an old node cannot run --experimental-strip-types.
set -eu

MIN_MAJOR=22
WANT_MAJOR=24
CACHE_DIR="${STACKYARD_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/stackyard/node}"

# The major version of the node at $1, or 0 when it does not run.
major_of() {
  version=$("$1" --version 2>/dev/null) || version=v0
  version=${version#v}
  major=${version%%.*}
  case "$major" in '' | *[!0-9]*) echo 0 ;; *) echo "$major" ;; esac
}

current=0
if command -v node >/dev/null 2>&1; then current=$(major_of node); fi
if [ "$current" -ge "$MIN_MAJOR" ]; then exec "$@"; fi

case "$(uname -s)" in Linux) os=linux ;; Darwin) os=darwin ;; *) echo "stackyard: unsupported OS $(uname -s)" >&2; exit 1 ;; esac
case "$(uname -m)" in x86_64 | amd64) arch=x64 ;; aarch64 | arm64) arch=arm64 ;; *) echo "stackyard: unsupported CPU $(uname -m)" >&2; exit 1 ;; esac
target="$CACHE_DIR/$WANT_MAJOR-$os-$arch"

if [ "$(major_of "$target/bin/node")" -lt "$MIN_MAJOR" ]; then
  command -v npm >/dev/null 2>&1 || { echo "stackyard: npm is needed to fetch Node $WANT_MAJOR" >&2; exit 1; }
  echo "stackyard: fetching Node $WANT_MAJOR (node-$os-$arch from the npm registry) into $target" >&2
  work=$(mktemp -d)
  if (cd "$work" && npm pack --silent "node-$os-$arch@$WANT_MAJOR" >/dev/null) && mkdir "$work/x" &&
    tar -xzf "$work"/node-"$os"-"$arch"-*.tgz -C "$work/x"; then
    rm -rf "$target.tmp" && mkdir -p "$(dirname "$target")"
    mv "$work/x/package" "$target.tmp"
    rm -rf "$target" && mv "$target.tmp" "$target"
  fi
  rm -rf "$work"
  [ -x "$target/bin/node" ] || { echo "stackyard: could not fetch Node $WANT_MAJOR" >&2; exit 1; }
fi

if [ "$current" -eq 0 ]; then found="no node on PATH"; else found="node on PATH is $(node --version)"; fi
echo "stackyard: $found (needs >= $MIN_MAJOR); running under $target/bin/node ($("$target/bin/node" --version))" >&2
PATH="$target/bin:$PATH"
# npm itself comes from the system and runs on whichever node is first on PATH. Native addons must build against
# the headers of the Node that runs them: node-gyp reads this (it outranks a `nodedir` in ~/.npmrc), and unlike
# npm_config_nodedir it does not make npm 11 warn about an unknown config on every call.
npm_package_config_node_gyp_nodedir="$target"
STACKYARD_NODE_SWITCHED=1
export PATH npm_package_config_node_gyp_nodedir STACKYARD_NODE_SWITCHED
# A nodedir that npm passed down (from an .npmrc) names the old node's headers.
unset npm_config_nodedir
exec "$@"
