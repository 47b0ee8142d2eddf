#!/usr/bin/env bash
# Makes sure the PostgreSQL and NATS JetStream servers the integration tests use are up on
# loopback, starting them the way this machine starts them when they are down.
set -euo pipefail

port_open() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

wait_for() {
  local name=$1 port=$2
  for _ in $(seq 1 60); do
    if port_open "$port"; then echo "$name is up on 127.0.0.1:$port"; return 0; fi
    sleep 0.5
  done
  echo "$name did not come up on 127.0.0.1:$port" >&2
  return 1
}

if ! port_open 5432; then
  echo "starting PostgreSQL"
  pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main start
fi
wait_for PostgreSQL 5432

if ! port_open 4222; then
  echo "starting nats-server with JetStream"
  if ! command -v nats-server >/dev/null 2>&1 && [ ! -x /usr/sbin/nats-server ]; then
    apt-get update -qq && apt-get install -y -qq nats-server
  fi
  mkdir -p /var/lib/nats-server
  start-stop-daemon --start --oknodo --background --exec /usr/sbin/nats-server -- \
    -a 127.0.0.1 -p 4222 -js -sd /var/lib/nats-server -l /var/log/nats-server.log
fi
wait_for NATS 4222
