#!/usr/bin/env bash
# Makes sure promtool is installed, which checks the Prometheus alert rules and runs their
# unit tests (deploy/tests/alerts.spec.ts): Debian's prometheus package carries it. Does
# nothing when it is there.
set -euo pipefail

if command -v promtool >/dev/null 2>&1; then
  echo "promtool is at $(command -v promtool)"
  exit 0
fi
echo "installing prometheus (for promtool)"
export DEBIAN_FRONTEND=noninteractive
apt-get install -y -qq --no-install-recommends prometheus || { apt-get update -qq && apt-get install -y -qq --no-install-recommends prometheus; }
echo "promtool is at $(command -v promtool)"
