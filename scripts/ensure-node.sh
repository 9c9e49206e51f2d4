#!/usr/bin/env bash
# Prints the shell lines that put a Node.js >= 22 first on PATH, provisioning the project's own Node 24 as
# scripts/with-node.sh does when the node on PATH is older. For a shell of your own; npm scripts need nothing:
#
#   eval "$(scripts/ensure-node.sh)"
#
# Everything it reports goes to stderr, so stdout is only what `eval` needs.
set -euo pipefail
# shellcheck disable=SC2016 # expanded by the inner bash, under the Node that with-node.sh chose
exec "$(dirname "$0")/with-node.sh" bash -c '
  echo "ensure-node: using $(command -v node) ($(node --version))" >&2
  printf "export PATH=%q\n" "$PATH"
  if [ -n "${npm_package_config_node_gyp_nodedir:-}" ]; then
    printf "export npm_package_config_node_gyp_nodedir=%q\n" "$npm_package_config_node_gyp_nodedir"
  fi'
