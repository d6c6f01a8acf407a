# syntax=docker/dockerfile:1
# The API. Build from the repository root:
#   docker build -f infra/deploy/docker/api.Dockerfile -t toolshop/api:<version> .
FROM node:24-bookworm-slim AS build
WORKDIR /repo
COPY . .
RUN npm ci --no-audit --no-fund \
 && npm run build -w @toolshop/contracts \
 && npm run build -w @toolshop/api

# Only the API's production dependencies (the workspace packages are links into libs/).
FROM node:24-bookworm-slim AS deps
WORKDIR /repo
COPY . .
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund -w @toolshop/api

FROM node:24-bookworm-slim
ENV NODE_ENV=production PORT=5000 HOST=0.0.0.0
WORKDIR /app
# Owned by root, read by the unprivileged user: the process cannot change its own code.
COPY --from=deps /repo/node_modules node_modules
COPY --from=deps /repo/libs/settings libs/settings
COPY --from=deps /repo/libs/observability libs/observability
COPY --from=deps /repo/libs/lease-locks libs/lease-locks
COPY --from=deps /repo/libs/rate-limits libs/rate-limits
COPY --from=build /repo/libs/contracts/package.json libs/contracts/package.json
COPY --from=build /repo/libs/contracts/dist libs/contracts/dist
COPY --from=build /repo/api/package.json api/package.json
COPY --from=build /repo/api/dist api/dist
COPY --from=build /repo/api/assets api/assets
USER 1000:1000
EXPOSE 5000
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||5000)+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM: not ready, drain (SHUTDOWN_DRAIN_MS), finish requests, exit 0 (node is PID 1: it handles it).
STOPSIGNAL SIGTERM
CMD ["node", "api/dist/main.js"]
