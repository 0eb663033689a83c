# The portal's image (README "Operations", decision 028). The build stage runs the same script as
# the production-install test (scripts/production-build.sh): dist/ built once, node_modules then the
# production dependencies only. The run stage holds dist/ (with the migrations and the migration
# command, dist/server/migrate.js) and those dependencies, and nothing of the sources or the tools.
#
# docker build -t portal .
# docker run -p 3000:3000 -v portal-data:/data portal

FROM node:20.20.2-bookworm-slim AS build
WORKDIR /app
# The lockfile first, so that a change of the sources alone reuses the installed tools.
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN sh scripts/production-build.sh

FROM node:20.20.2-bookworm-slim AS run
# The metrics listener reachable from outside the container (a scraper of its network), on a
# port of its own that a balancer never forwards to (decision 029).
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    METRICS_HOST=0.0.0.0 \
    METRICS_PORT=9464 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
# PGlite, the local object storage and the mail files when no outside system is configured; the
# image's own user (uid 1000) owns it, and nothing under /app.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000 9464
# Node, not curl (the slim image has none): ready = the database answers, and Redis when set.
HEALTHCHECK --interval=10s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Exec form: node is the container's first process, with no npm or shell in between, so SIGTERM
# reaches the server's own handler and in-flight requests finish (SHUTDOWN_GRACE_MS).
STOPSIGNAL SIGTERM
CMD ["node", "dist/server/main.js"]
