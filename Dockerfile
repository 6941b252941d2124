# One build, two images:
#   docker build --target backend -t ngo-site-backend .   the API (Koa on Node LTS, non-root)
#   docker build --target nginx   -t ngo-site-nginx .     nginx with the frontend build, its config and lego
# docker-compose.yml builds both.

ARG NODE_IMAGE=node:24-bookworm-slim
ARG NGINX_IMAGE=nginx:1.28-alpine
ARG LEGO_IMAGE=goacme/lego:v5.6.0

# ---- deps: every workspace's packages, installed once from the lock file -----------------------
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
# The backend reaches MongoDB through MONGO_URL in these images: no mongod download at install.
ENV MONGOMS_DISABLE_POSTINSTALL=1 \
    npm_config_audit=false \
    npm_config_fund=false \
    npm_config_update_notifier=false
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY backend/package.json backend/
COPY frontend/package.json frontend/
RUN npm ci

# ---- build: the frontend, the backend's JavaScript, and nginx's config for the compose network --
FROM deps AS build
ARG REQUEST_MAX_BYTES=52428800
ARG HSTS_PRELOAD=false
ARG JSON_MAX_BYTES=1048576
COPY tsconfig.base.json openapi.yaml ./
COPY shared shared
COPY frontend frontend
COPY backend/tsconfig.json backend/tsconfig.build.json backend/
COPY backend/src backend/src
COPY nginx nginx
RUN npm run build -w frontend \
 && npm run build -w backend \
 && REQUEST_MAX_BYTES="${REQUEST_MAX_BYTES}" JSON_MAX_BYTES="${JSON_MAX_BYTES}" HSTS_PRELOAD="${HSTS_PRELOAD}" node nginx/render.mjs docker --out nginx/docker

# ---- backend-modules: production dependencies only (no vite, eslint, tsx, test tools) ----------
FROM deps AS backend-modules
RUN npm prune --omit=dev \
 && mkdir -p backend/node_modules

# ---- backend: the runtime image ----------------------------------------------------------------
FROM ${NODE_IMAGE} AS backend
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    DATA_DIR=/app/data \
    STATIC_DIR="" \
    TRUST_PROXY=1
WORKDIR /app
COPY --from=backend-modules /app/node_modules node_modules
COPY --from=backend-modules /app/backend/node_modules backend/node_modules
# The built JavaScript only: no TypeScript sources, no tsx, no development tools or databases.
COPY package.json openapi.yaml ./
COPY backend/package.json backend/
COPY --from=build /app/backend/dist backend/dist
# The shared package is plain JavaScript, run as it is (node_modules links to it).
COPY shared/package.json shared/
COPY shared/src/*.js shared/src/
# The public pages are rendered from the frontend build: its page frame and the server renderer
# (one self-contained folder; the browser's files stay in the nginx image).
COPY --from=build /app/frontend/dist/index.html frontend/dist/index.html
COPY --from=build /app/frontend/dist-server frontend/dist-server
# The image's `node` user, by number so that runtimes can tell it is not root. kept-writes holds
# the forms kept while the database is away (a volume: they outlive the container).
RUN mkdir -p /app/data/kept-writes && chown -R 1000:1000 /app/data
USER 1000:1000
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/api/health.php?ready=1').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "--enable-source-maps", "backend/dist/main.js"]

# ---- lego: the ACME client that gets and renews the certificate when DOMAIN is set ---------------
FROM ${LEGO_IMAGE} AS lego

# ---- nginx: the frontend build behind the project's config -------------------------------------
# Plain HTTP on port 80 without DOMAIN; with DOMAIN, HTTPS on 443 with a certificate by ACME and
# port 80 redirecting (nginx/entrypoint.sh, docs/https.md).
FROM ${NGINX_IMAGE} AS nginx
COPY --from=lego /lego /usr/local/bin/lego
COPY --from=build /app/nginx/docker/ /etc/nginx/
COPY --from=build /app/frontend/dist /usr/share/nginx/html
# entrypoint.sh writes the trusted proxies of TRUSTED_PROXIES (trusted-proxies.sh, at every start),
# then runs nginx over HTTP, or over HTTPS with its certificate when DOMAIN is set.
COPY nginx/entrypoint.sh nginx/acme.sh nginx/trusted-proxies.sh /usr/local/bin/
RUN mkdir -p /var/lib/acme /var/lib/acme-challenge /var/lib/tls-status
EXPOSE 80 443
# In both modes the site answers plain HTTP on the container's own loopback (nginx/render.mjs).
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 \
  CMD ["wget", "-q", "-O", "/dev/null", "http://127.0.0.1/index.html"]
ENTRYPOINT ["entrypoint.sh"]
