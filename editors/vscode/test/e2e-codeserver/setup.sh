#!/bin/sh
# Installs code-server and playwright-core for the end-to-end test, offline
# from GitHub: only the npm registry is used.
#
# code-server's postinstall runs `npm install` in lib/vscode, which builds
# native modules (needs gcc, make, python3, pkg-config and the Debian package
# libkrb5-dev) and would download ripgrep from GitHub releases. The ripgrep
# download is answered from its cache, seeded with the system rg (Debian
# package ripgrep); node-pty's install script runs `npx node-gyp`, hence
# npm_config_yes. code-server 4.100.3 is the last release for Node 20.
# Usage: sh setup.sh [install]  (npm ci by default; `install` updates the lockfile)
set -eu
cd "$(dirname "$0")"
rg=$(command -v rg || true)
if [ -z "$rg" ]; then
  echo "setup.sh: needs ripgrep (apt-get install ripgrep)" >&2
  exit 1
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cache="$tmp/vscode-ripgrep-cache-1.15.11"   # @vscode/ripgrep 1.15.11, as code-server 4.100.3 pins it
mkdir -p "$cache" "$tmp/rg"
cp "$rg" "$tmp/rg/rg"
case "$(uname -m)" in
  x86_64) target=x86_64-unknown-linux-musl ;;
  aarch64) target=aarch64-unknown-linux-musl ;;
  *) echo "setup.sh: no ripgrep target for $(uname -m)" >&2; exit 1 ;;
esac
tar czf "$cache/ripgrep-v13.0.0-10-$target.tar.gz" -C "$tmp/rg" rg
# node-gyp builds against the headers of the running node when it has them
# (Debian's nodejs ships /usr/include/node), instead of downloading them.
prefix=$(dirname "$(dirname "$(command -v node)")")
if [ -z "${npm_config_nodedir:-}" ] && [ -f "$prefix/include/node/node.h" ]; then
  export npm_config_nodedir="$prefix"
fi
TMPDIR="$tmp" npm_config_yes=true npm_config_unsafe_perm=true \
  npm "${1:-ci}" --no-audit --no-fund --loglevel=error
