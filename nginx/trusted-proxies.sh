#!/bin/sh
# nginx believes X-Forwarded-For only from the proxies in TRUSTED_PROXIES: comma-separated
# addresses or CIDR ranges of a TLS proxy or CDN in front of it. Writes their set_real_ip_from
# lines to TRUSTED_PROXIES_CONF, then runs its arguments (it is the nginx image's entrypoint).
set -eu
set -f # the list is split on commas and blanks, never expanded as file names
conf="${TRUSTED_PROXIES_CONF:-/etc/nginx/real-ip/trusted-proxies.conf}"
lines=''
for proxy in $(printf '%s' "${TRUSTED_PROXIES:-}" | tr ',' ' '); do
  case "$proxy" in
    *[!0-9A-Fa-f.:/]*)
      echo "TRUSTED_PROXIES: \"$proxy\" is not an IP address or CIDR range" >&2
      exit 1
      ;;
  esac
  lines="${lines}set_real_ip_from ${proxy};
"
done
mkdir -p "$(dirname "$conf")"
printf '%s' "$lines" >"$conf"
[ "$#" -eq 0 ] || exec "$@"
