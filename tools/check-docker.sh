#!/usr/bin/env bash
# Static checks of the production topology, runnable without a Docker engine:
#   1. hadolint on the Dockerfile;
#   2. docker-compose.yml validated by Docker Compose itself against the compose specification,
#      plus the topology rules of tools/check-compose.mjs;
#   3. every file and package the backend imports at run time is in its image;
#   4. nginx/nginx.conf rendered for both topologies and checked with `nginx -t`, then run in front
#      of two stand-in backends (nginx/nginx.test.mjs);
#   5. the Docker variants (HTTP, and HTTPS for DOMAIN) through `nginx -t` on the image's nginx 1.28,
#      when an engine runs here.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
venv="$(tools/python-tools.sh)"

echo "== hadolint Dockerfile"
"$venv/bin/hadolint" --failure-threshold info Dockerfile
echo "ok"

echo "== docker compose config (compose specification schema)"
compose="$("$venv/bin/python" -c 'import compose, pathlib; print(pathlib.Path(compose.__file__).parent / "docker-compose")')"
# .env.example leaves the secrets empty on purpose (compose refuses to start without them), so
# the check supplies stand-ins for exactly those.
resolved="$(JWT_SECRET=check-only-secret-check-only-secret-0000 ADMIN_PASSWORD=check-only \
  "$compose" --project-directory "$root" -f docker-compose.yml --env-file .env.example config --format json)"
node tools/check-compose.mjs <<<"$resolved"

echo "== backend image file set"
node tools/check-image-files.mjs

echo "== nginx -t and behaviour"
node nginx/render.mjs docker >/dev/null
node --test --test-reporter=spec nginx/

# The Docker variant uses `server backend:8080 resolve`, which Debian's nginx 1.22 cannot read;
# it is checked on the image's own nginx when an engine and that image are here (always during
# `npm run test:docker`, which also runs this check itself).
echo "== nginx -t of the Docker variant on the image's nginx"
# (A stand-in image built before nginx.conf used auth_request lacks that module:
# tools/docker/stand-ins.sh builds it again when the Docker test runs.)
if docker info >/dev/null 2>&1 && docker image inspect nginx:1.28-alpine >/dev/null 2>&1 \
  && docker run --rm nginx:1.28-alpine nginx -V 2>&1 | grep -q -- '--with-http_auth_request_module'; then
  conf="$root/.tmp/nginx.docker"
  rm -rf "$conf" && node nginx/render.mjs docker --out "$conf"
  docker run --rm --add-host backend:127.0.0.1 -v "$conf/nginx.conf:/etc/nginx/nginx.conf:ro" nginx:1.28-alpine nginx -t
  # The HTTPS variant (DOMAIN set), with a throwaway certificate where lego keeps the real one.
  mkdir -p "$conf/certificates"
  openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 1 -subj /CN=check.invalid \
    -keyout "$conf/certificates/site.key" -out "$conf/certificates/site.crt" 2>/dev/null
  mounts=()
  for file in nginx-https.conf tls.conf tls-site.conf; do mounts+=(-v "$conf/$file:/etc/nginx/$file:ro"); done
  docker run --rm --add-host backend:127.0.0.1 "${mounts[@]}" -v "$conf/certificates:/var/lib/acme/certificates:ro" \
    nginx:1.28-alpine nginx -t -c /etc/nginx/nginx-https.conf
else
  echo "skipped: no Docker engine or fitting nginx:1.28-alpine image here (npm run test:docker checks it)"
fi
