#!/usr/bin/env bash
# Makes sure a Node.js >= 22 is at hand. When the `node` on PATH is older (or missing), it provisions
# Node 24 from the npm registry (the `node-<os>-<arch>` package that the registry's `node` package installs)
# into a cache folder outside the repository, then prints the shell lines that put it first on PATH:
#
#   eval "$(scripts/ensure-node.sh)"
#
# Everything it reports goes to stderr, so stdout is only what `eval` needs.
set -euo pipefail

MIN_MAJOR=22
WANT_MAJOR=24
CACHE_DIR="${STACKYARD_NODE_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/stackyard/node}"

major_of() { "$1" -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }

current=0
if command -v node >/dev/null 2>&1; then current=$(major_of node); fi
if [ "$current" -ge "$MIN_MAJOR" ]; then
  echo "ensure-node: using $(command -v node) ($(node --version))" >&2
  exit 0
fi

case "$(uname -s)" in Linux) os=linux ;; Darwin) os=darwin ;; *) echo "ensure-node: unsupported OS $(uname -s)" >&2; exit 1 ;; esac
case "$(uname -m)" in x86_64|amd64) arch=x64 ;; aarch64|arm64) arch=arm64 ;; *) echo "ensure-node: unsupported CPU $(uname -m)" >&2; exit 1 ;; esac

target="$CACHE_DIR/$WANT_MAJOR-$os-$arch"
if [ ! -x "$target/bin/node" ] || [ "$(major_of "$target/bin/node")" != "$WANT_MAJOR" ]; then
  command -v npm >/dev/null 2>&1 || { echo "ensure-node: npm is needed to fetch Node $WANT_MAJOR" >&2; exit 1; }
  echo "ensure-node: node on PATH is v${current}; fetching Node $WANT_MAJOR (node-$os-$arch) into $target" >&2
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  (cd "$work" && npm pack --silent "node-$os-$arch@$WANT_MAJOR" >/dev/null)
  mkdir -p "$work/x"
  tar -xzf "$work"/node-"$os"-"$arch"-*.tgz -C "$work/x"
  rm -rf "$target.tmp" && mkdir -p "$(dirname "$target")"
  mv "$work/x/package" "$target.tmp"
  rm -rf "$target" && mv "$target.tmp" "$target"
fi
echo "ensure-node: using $target/bin/node ($("$target/bin/node" --version))" >&2
# npm itself comes from the system and runs on whichever node is first on PATH. Native addons must build
# against the headers of the Node that runs them, not a system nodedir.
printf 'export PATH=%q:"$PATH"\n' "$target/bin"
printf 'export npm_config_nodedir=%q\n' "$target"
