#!/usr/bin/env bash
# Makes sure the browser the web page's tests drive is installed: Debian's chromium (driven by
# playwright-core) and a Korean font, so that screenshots show the world's names. Does nothing
# when both are there.
set -euo pipefail

packages=()
command -v chromium >/dev/null 2>&1 || packages+=(chromium)
fc-list 2>/dev/null | grep -qi nanum || packages+=(fonts-nanum)
if [ ${#packages[@]} -eq 0 ]; then
  echo "chromium is at $(command -v chromium)"
  exit 0
fi
echo "installing ${packages[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get install -y -qq "${packages[@]}" || { apt-get update -qq && apt-get install -y -qq "${packages[@]}"; }
echo "chromium is at $(command -v chromium)"
