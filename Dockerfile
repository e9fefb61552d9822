# syntax=docker/dockerfile:1
#
# winnet-kb: the GraphQL API with its embedded, read-only SQLite database.
#
#   docker build -t winnet-kb:0.1.0 .
#   docker run --rm -p 4000:4000 --read-only --tmpfs /tmp --user 10001:10001 winnet-kb:0.1.0
#
# NOT BUILT YET: the machine this file was written on has no Docker engine, so the image has never
# been built or run. test/deploy/manifests.test.ts checks this file statically (two stages, a
# numeric non-root USER, db:build at build time, EXPOSE, CMD, every COPY source exists or is made
# by an earlier step). It also assembles the runtime stage's file set from the COPY lines, starts
# the server from it as uid 10001, and checks that the server writes nothing. Build the image once
# on a machine with Docker and run it with --read-only before relying on it.
#
# The database is built here, at image build time, from seeds/. The runtime stage has no seeds/,
# no src/ and no dev dependencies: the server only needs dist/, node_modules/, schema/ (the served
# SDL), migrations/ (the schema version the database must match), data/winnet-kb.sqlite, and
# package.json + tsconfig.build.json, which src/db/paths.ts uses to find the project root.

# The Node.js line CI runs on (.node-version); test/deploy/manifests.test.ts keeps it, package.json
# engines and .node-version in step.
ARG NODE_IMAGE=node:24-bookworm-slim

# ---- build: compile, build the database, drop dev dependencies ----
FROM ${NODE_IMAGE} AS build
WORKDIR /app

# Dependencies first, so this layer is reused while the lock file does not change. Install scripts
# are skipped because `prepare` (patch-package, tsc, the database) needs the sources, which are not
# copied yet; then esbuild's binary check for tsx runs, and patch-package applies patches/ (what
# `prepare` does outside Docker; docs/operations.md, "The patched dependency"). better-sqlite3
# loads the prebuilt Node-API binary it ships, so nothing is compiled: no python3, make or g++.
COPY package.json package-lock.json ./
COPY patches ./patches
RUN npm ci --ignore-scripts --no-audit --no-fund \
 && npm rebuild esbuild \
 && npx patch-package

COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY schema ./schema
COPY migrations ./migrations
COPY seeds ./seeds
COPY tools/bundle-cli.js ./tools/bundle-cli.js

# dist/ (tsc, and the CLI's bundle: tools/bundle-cli.js), then data/winnet-kb.sqlite from the seeds (validated, linted, integrity-checked;
# a bad seed fails the image build), then production dependencies only.
RUN npm run build
RUN npm run db:build
RUN npm prune --omit=dev --no-audit --no-fund

# ---- runtime ----
FROM ${NODE_IMAGE} AS runtime
# A smaller young generation keeps peak RSS under load below 200 MB at the same throughput (BENCHMARKS.md).
ENV NODE_ENV=production PORT=4000 HOST=0.0.0.0 NODE_OPTIONS=--max-semi-space-size=8
WORKDIR /app

# A numeric uid/gid, so Kubernetes' runAsNonRoot can verify it without reading /etc/passwd.
RUN groupadd --system --gid 10001 winnet \
 && useradd --system --uid 10001 --gid 10001 --no-create-home --home-dir /nonexistent --shell /usr/sbin/nologin winnet

# Files stay owned by root and are not writable by the service user. The server opens the
# database read-only and writes nothing (logs go to stdout), so the container runs with a
# read-only root filesystem (docker run --read-only; readOnlyRootFilesystem in Kubernetes).
COPY --from=build /app/package.json /app/tsconfig.build.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/schema ./schema
COPY --from=build /app/migrations ./migrations
COPY --from=build /app/data/winnet-kb.sqlite ./data/winnet-kb.sqlite

USER 10001:10001
EXPOSE 4000

# Docker's own check; Kubernetes ignores it and uses the probes in deploy/kubernetes/.
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 4000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]

# node directly, not `npm start` (its prestart compiles and rebuilds, and would need to write).
# As PID 1 node gets SIGTERM itself; the server drains in-flight requests and exits 0.
CMD ["node", "dist/src/server/main.js"]
