# Waybill's container image. Two stages: the build stage compiles the native SQLite driver from
# source (a C++ toolchain and Python for node-gyp) and bundles the service; the runtime stage is a
# slim Node 20 with the compiled service and its production packages, run as an unprivileged user.
#
# Both base images are build arguments: the defaults are the upstream Node images; a machine
# without a registry builds from local images of the same shape (scripts/container/base.sh).
ARG BUILD_IMAGE=node:20-bookworm
ARG BASE_IMAGE=node:20-bookworm-slim

FROM ${BUILD_IMAGE} AS build
WORKDIR /app
# The packages first, in a layer of their own: a change to the sources reuses it.
COPY package.json package-lock.json ./
# The typed client is a workspace of the repository: npm ci needs its package.json to link it.
COPY packages/client/package.json packages/client/
# Install scripts run only for the two packages that need one (the SQLite driver's compilation,
# esbuild's binary check), not for every package in the tree. npm's download cache stays with the
# builder between builds.
RUN --mount=type=cache,target=/root/.npm \
    npm ci --ignore-scripts --no-audit --no-fund \
 && npm rebuild better-sqlite3 esbuild
COPY tsconfig.json ./
COPY scripts/build-server.mjs scripts/
COPY bin bin
COPY src src
# The shipping commands of the CLI are built on the client's sources (its generated types committed).
COPY packages/client/src packages/client/src
COPY web web
# Then only what runs: the production packages, and of the SQLite driver its compiled module and
# JavaScript (not the SQLite sources and object files of its compilation, some 25 MB).
# The service and its pages only: the client package is published from the repository, not run here.
RUN npm run build:server && npm run build:web \
 && npm prune --omit=dev --no-audit --no-fund \
 && cd node_modules/better-sqlite3 \
 && rm -rf deps src build/Release/obj build/Release/obj.target build/Release/.deps build/Release/test_extension.node build/Release/sqlite3.a build/deps

FROM ${BASE_IMAGE}
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=8080 \
    WAYBILL_DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json ./
COPY --from=build /app/bin bin
COPY --from=build /app/dist dist
COPY --from=build /app/node_modules node_modules
# `waybill` on the PATH, for `docker compose exec waybill waybill keys create …`.
# The data directory: the SQLite database and the credential key file when no
# WAYBILL_SECRET_KEY and no PostgreSQL are given, and the emulator's state with the credentials it
# issued. Owned by the user the service runs as, and by nobody else readable.
RUN mkdir -p /data && chown 1000:1000 /data && chmod 0700 /data \
 && ln -s /app/bin/waybill.mjs /usr/local/bin/waybill
VOLUME /data
# A numeric user (the upstream images call it "node"): the service needs no passwd entry.
USER 1000:1000
EXPOSE 8080
# Node itself asks: the runtime image has no curl.
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM (what `docker stop`, compose and Kubernetes send) makes the service stop accepting,
# finish the requests and background work in flight, and exit.
STOPSIGNAL SIGTERM
ENTRYPOINT ["node", "/app/dist/cli.js"]
CMD ["serve"]
