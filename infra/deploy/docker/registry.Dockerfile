# syntax=docker/dockerfile:1
# The remote registry (infra/registry, what is live of each remote, canary and rollback).
# Build from the repository root:
#   docker build -f infra/deploy/docker/registry.Dockerfile -t toolshop/registry:<version> .
# Its smoke gate drives a headless Chromium (playwright-core); this image has none, so the
# Deployment runs with REGISTRY_SMOKE=off and each team's CI runs the smoke check before activating.
FROM node:24-bookworm-slim AS deps
WORKDIR /repo
COPY . .
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund -w @toolshop/registry

FROM node:24-bookworm-slim
ENV NODE_ENV=production REGISTRY_PORT=5030 HOST=0.0.0.0 REGISTRY_SMOKE=off
WORKDIR /app
# Owned by root, read by the unprivileged user: the process cannot change its own code.
COPY --from=deps /repo/node_modules node_modules
COPY --from=deps /repo/libs/settings libs/settings
COPY --from=deps /repo/libs/routes libs/routes
COPY --from=deps /repo/libs/lease-locks libs/lease-locks
COPY --from=deps /repo/libs/observability libs/observability
COPY --from=deps /repo/libs/web-server libs/web-server
COPY --from=deps /repo/infra/registry/package.json infra/registry/package.json
COPY --from=deps /repo/infra/registry/src infra/registry/src
USER 1000:1000
EXPOSE 5030
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.REGISTRY_PORT||5030)+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
STOPSIGNAL SIGTERM
CMD ["node", "infra/registry/src/main.mjs"]
