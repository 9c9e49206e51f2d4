#!/bin/sh
# Root `postinstall`, run through with-node.sh. npm ran the dependencies' install scripts (native builds, binary
# checks) under the node on PATH; when with-node.sh had to switch to the project's own Node, run them again
# under that one so that what they built matches the Node that will load it.
set -eu
if [ "${STACKYARD_NODE_SWITCHED:-}" = 1 ]; then
  echo "stackyard: building the dependencies' native parts again for $(node --version)" >&2
  STACKYARD_NODE_SWITCHED= exec npm rebuild
fi
