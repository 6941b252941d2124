#!/bin/sh
# The nginx image's entry point. Without DOMAIN: the site over plain HTTP on port 80, as always.
# With DOMAIN: a certificate first (nginx/acme.sh), then nginx with the HTTPS variant of its
# config and the renewal loop beside it (docs/https.md).
set -eu

# The proxies whose X-Forwarded-For nginx believes (TRUSTED_PROXIES), written at every start.
trusted-proxies.sh

if [ -z "${DOMAIN:-}" ]; then
  exec nginx -g 'daemon off;'
fi
if [ -z "${ACME_EMAIL:-}" ]; then
  echo "DOMAIN is set ($DOMAIN) but ACME_EMAIL is not: set both in .env (the certificate authority writes to that address about this site's certificates)" >&2
  exit 1
fi

# Until nginx takes over, this shell is the container's first process: a stop ends the wait.
acme.sh first &
first=$!
trap 'kill "$first" 2>/dev/null; exit 143' INT QUIT TERM
wait "$first"
trap - INT QUIT TERM

acme.sh renew &
exec nginx -c /etc/nginx/nginx-https.conf -g 'daemon off;'
