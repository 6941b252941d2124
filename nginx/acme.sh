#!/bin/sh
# The site's certificate by ACME (HTTP-01) with lego, in the nginx image (docs/https.md):
#   acme.sh first   before nginx starts: keep the certificate there is, or obtain one (lego answers
#                   the challenge on port 80 itself), trying again with a growing pause until it comes
#   acme.sh renew   beside nginx, for good: every ACME_CHECK_SECONDS lego renews the certificate if it
#                   is due (through nginx's webroot), then nginx reloads; a failure is tried again sooner
#   acme.sh check   one renewal check now, as the loop makes them (LEGO_RENEW_FORCE=true: renew anyway)
#   acme.sh deploy  lego's hook for a new certificate: nginx checks its config with it, then reloads
# After each attempt the certificate's public part and the outcome go to the status folder that
# the backend reads for the admin's Settings.
set -eu

state=/var/lib/acme
status_dir=/var/lib/tls-status
webroot=/var/lib/acme-challenge
nginx_config=/etc/nginx/nginx-https.conf
check_seconds=${ACME_CHECK_SECONDS:-43200}

log() { printf '%s [acme] %s\n' "$(date -u +%Y-%m-%dT%H:%M:%SZ)" "$*" >&2; }

# One lego run: obtains the certificate, or renews it when due (lego decides from the certificate's
# lifetime and the CA's renewal information). The challenge's options come as arguments.
lego_run() {
  set -- --path "$state" --accept-tos --email "$ACME_EMAIL" --domains "$DOMAIN" --cert.name site \
    --force-cert-domains --server "${ACME_DIRECTORY:-https://acme-v02.api.letsencrypt.org/directory}" "$@"
  if [ -n "${ACME_EAB_KID:-}" ]; then
    set -- "$@" --eab --eab.kid "$ACME_EAB_KID" --eab.hmac "${ACME_EAB_HMAC:-}"
  fi
  lego --log.format text run "$@"
}

# The status the backend reads: the certificate (public part only, never the key) and, with
# `ok` or `failed`, when the last attempt was made and whether it failed. Files are replaced whole.
record() {
  now=$(date -u +%Y-%m-%dT%H:%M:%SZ)
  mkdir -p "$status_dir"
  if [ -s "$state/certificates/site.crt" ]; then
    cp "$state/certificates/site.crt" "$status_dir/.certificate.pem"
    chmod 644 "$status_dir/.certificate.pem"
    mv -f "$status_dir/.certificate.pem" "$status_dir/certificate.pem"
  fi
  case $1 in
    ok) printf '{"checked_at":"%s"}\n' "$now" >"$status_dir/.status.json" ;;
    failed) printf '{"checked_at":"%s","failed_at":"%s"}\n' "$now" "$now" >"$status_dir/.status.json" ;;
    *) return 0 ;;
  esac
  chmod 644 "$status_dir/.status.json"
  mv -f "$status_dir/.status.json" "$status_dir/status.json"
}

# A status that cannot be written (a full disk) is logged; it never stops the certificate's upkeep.
keep_status() { record "$1" || log "could not write the certificate status to $status_dir"; }

first() {
  if [ -s "$state/certificates/site.crt" ] && [ -s "$state/certificates/site.key" ]; then
    keep_status kept
    return 0
  fi
  pause=30
  log "obtaining a certificate for $DOMAIN"
  until lego_run --http --http.address :80; do
    keep_status failed
    log "no certificate for $DOMAIN yet; trying again in $pause s (does $DOMAIN point at this server, with port 80 open to the internet?)"
    sleep "$pause"
    pause=$((pause * 2))
    if [ "$pause" -gt 3600 ]; then pause=3600; fi
  done
  keep_status ok
  log "certificate for $DOMAIN obtained"
}

# Renews the certificate if it is due (through nginx's webroot); nginx reloads with a new one.
check() {
  if lego_run --http --http.webroot "$webroot" --deploy-hook "$0 deploy"; then
    keep_status ok
  else
    keep_status failed
    return 1
  fi
}

renew() {
  # The first check comes soon after a start: a server that was off may hold a certificate near its end.
  pause=$((check_seconds < 30 ? check_seconds : 30))
  retry=300
  while :; do
    sleep "$pause"
    if check; then
      pause=$check_seconds
      retry=300
    else
      pause=$((retry < check_seconds ? retry : check_seconds))
      retry=$((retry * 2))
      log "the renewal check for $DOMAIN failed (lego's message above); trying again in $pause s"
    fi
  done
}

deploy() {
  if ! nginx -t -q -c "$nginx_config"; then
    log "nginx refused the new certificate for $DOMAIN; it keeps serving the previous one"
    return 1
  fi
  nginx -c "$nginx_config" -s reload
  log "new certificate for $DOMAIN in place; nginx reloaded"
}

case ${1:-} in
  first | renew | check | deploy) "$1" ;;
  *)
    echo "usage: acme.sh first|renew|check|deploy" >&2
    exit 2
    ;;
esac
