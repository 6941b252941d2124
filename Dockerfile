# One build, two images:
#   docker build --target backend -t ngo-site-backend .   the API (Koa on Node LTS, non-root)
#   docker build --target nginx   -t ngo-site-nginx .     nginx with the frontend build and config
# docker-compose.yml builds both.

ARG NODE_IMAGE=node:24-bookworm-slim
ARG NGINX_IMAGE=nginx:1.28-alpine

# ---- deps: every workspace's packages, installed once from the lock file -----------------------
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
# The backend reaches MongoDB through MONGO_URL in these images: no mongod download at install.
ENV MONGOMS_DISABLE_POSTINSTALL=1 \
    npm_config_audit=false \
    npm_config_fund=false \
    npm_config_update_notifier=false
COPY package.json package-lock.json ./
COPY backend/package.json backend/
COPY frontend/package.json frontend/
RUN npm ci

# ---- build: the frontend, the backend's JavaScript, and nginx's config for the compose network --
FROM deps AS build
ARG REQUEST_MAX_BYTES=52428800
COPY tsconfig.base.json openapi.yaml ./
COPY contract contract
COPY frontend frontend
COPY backend/tsconfig.json backend/tsconfig.build.json backend/
COPY backend/src backend/src
COPY nginx nginx
RUN npm run build -w frontend \
 && npm run build -w backend \
 && REQUEST_MAX_BYTES="${REQUEST_MAX_BYTES}" node nginx/render.mjs docker > nginx/nginx.docker.conf

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
# The public pages are rendered from the frontend build: its page frame and the server renderer
# (one self-contained folder; the browser's files stay in the nginx image).
COPY --from=build /app/frontend/dist/index.html frontend/dist/index.html
COPY --from=build /app/frontend/dist-server frontend/dist-server
# The image's `node` user, by number so that runtimes can tell it is not root.
RUN mkdir -p /app/data && chown 1000:1000 /app/data
USER 1000:1000
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/api/health.php?ready=1').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "--enable-source-maps", "backend/dist/main.js"]

# ---- nginx: the frontend build behind the project's config -------------------------------------
FROM ${NGINX_IMAGE} AS nginx
COPY --from=build /app/nginx/nginx.docker.conf /etc/nginx/nginx.conf
COPY --from=build /app/frontend/dist /usr/share/nginx/html
EXPOSE 80
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 \
  CMD ["wget", "-q", "-O", "/dev/null", "http://127.0.0.1/index.html"]
