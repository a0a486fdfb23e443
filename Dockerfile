# syntax=docker/dockerfile:1
# Every image of the distributed deployment, chosen with the SERVICE build argument:
#   docker build --build-arg SERVICE=command-api .   (also projector, query-api, web)
# The three Node services run as the unprivileged `node` user; `web` is the built web app
# behind nginx (unprivileged too), the one HTTP entry. For a real Firebase project pass
# --build-arg VITE_FIREBASE_API_KEY=… (and PROJECT_ID, AUTH_DOMAIN) to the web build.
ARG NODE_IMAGE=node:20-bookworm-slim
ARG SERVICE=query-api

# The manifests of every workspace, so `npm ci` sees the whole lockfile (better-sqlite3 compiles here).
FROM ${NODE_IMAGE} AS manifests
WORKDIR /app
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json .npmrc ./
COPY contracts/package.json contracts/
COPY locales/package.json locales/
COPY platform/package.json platform/
COPY projections/package.json projections/
COPY command-api/package.json command-api/
COPY projector/package.json projector/
COPY query-api/package.json query-api/
COPY standalone/package.json standalone/
COPY frontend/package.json frontend/
COPY tests/package.json tests/

# Production dependencies of the service's workspace only, and firebase-admin: the platform's
# optional peer for Firebase sign-in, which a home install leaves out (the platform's only other
# development dependencies are two packages of types).
FROM manifests AS deps
ARG SERVICE
RUN npm ci --workspace "@plenty/${SERVICE}" --workspace @plenty/platform --no-audit --no-fund

# Everything, to compile the service's TypeScript (and what it references) or build the web app.
FROM manifests AS build
ARG SERVICE
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json tsconfig.json ./
COPY contracts contracts
COPY locales locales
COPY platform platform
COPY projections projections
COPY command-api command-api
COPY projector projector
COPY query-api query-api
COPY frontend frontend
ARG VITE_FIREBASE_API_KEY=""
ARG VITE_FIREBASE_PROJECT_ID=""
ARG VITE_FIREBASE_AUTH_DOMAIN=""
ARG VITE_AUTH_PROVIDERS=""
ENV VITE_FIREBASE_API_KEY=$VITE_FIREBASE_API_KEY VITE_FIREBASE_PROJECT_ID=$VITE_FIREBASE_PROJECT_ID \
  VITE_FIREBASE_AUTH_DOMAIN=$VITE_FIREBASE_AUTH_DOMAIN VITE_AUTH_PROVIDERS=$VITE_AUTH_PROVIDERS
# The compiled packages end up in /out/<package>/dist, whichever the service references.
RUN if [ "$SERVICE" = web ]; then npm run build -w frontend; else npx tsc -b "$SERVICE"; fi \
  && mkdir -p /out \
  && for package in contracts platform projections projector command-api query-api; do \
       if [ -d "$package/dist" ]; then mkdir -p "/out/$package" && cp -r "$package/dist" "/out/$package/"; fi; \
     done

# A Node service: its production dependencies, the compiled packages and the message catalogs
# (mail text in every language is read at run time).
FROM ${NODE_IMAGE} AS node-service
ARG SERVICE
ENV NODE_ENV=production HOST=0.0.0.0 SERVICE=${SERVICE}
WORKDIR /app
COPY --from=deps --chown=root:root /app /app
COPY --from=build /out/ ./
COPY locales/*.json locales/
USER node
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=5 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# `exec`: Node is PID 1 and handles SIGTERM itself (the service drains work in flight, then exits).
CMD ["sh", "-c", "exec node \"$SERVICE/dist/main.js\""]

FROM node-service AS runtime-command-api
ENV PORT=8081
EXPOSE 8081

FROM node-service AS runtime-query-api
ENV PORT=8082
EXPOSE 8082

FROM node-service AS runtime-projector
ENV PORT=8083
EXPOSE 8083

# The built web app behind nginx as an unprivileged user, listening on 8080.
FROM nginxinc/nginx-unprivileged:1.27-alpine AS runtime-web
ENV COMMAND_API_UPSTREAM=command-api:8081 QUERY_API_UPSTREAM=query-api:8082 AUTH_EMULATOR_UPSTREAM=auth:9099
COPY docker/nginx/default.conf.template /etc/nginx/templates/default.conf.template
COPY --from=build /app/frontend/dist /usr/share/nginx/html
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --retries=5 CMD ["wget", "-q", "-O", "/dev/null", "http://127.0.0.1:8080/"]

FROM runtime-${SERVICE}
