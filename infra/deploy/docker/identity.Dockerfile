# syntax=docker/dockerfile:1
# The identity provider (TypeScript run by Node 24 as it is: no build of its own). From the root:
#   docker build -f infra/deploy/docker/identity.Dockerfile -t toolshop/identity:<version> .
FROM node:24-bookworm-slim AS build
WORKDIR /repo
COPY . .
RUN npm ci --no-audit --no-fund \
 && npm run build -w @toolshop/contracts

FROM node:24-bookworm-slim AS deps
WORKDIR /repo
COPY . .
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund -w @toolshop/identity

FROM node:24-bookworm-slim
ENV NODE_ENV=production PORT=4000 HOST=0.0.0.0 KEYS_DIR=/etc/toolshop/identity-keys
WORKDIR /app
COPY --from=deps /repo/node_modules node_modules
COPY --from=deps /repo/libs/settings libs/settings
COPY --from=deps /repo/libs/observability libs/observability
COPY --from=deps /repo/libs/rate-limits libs/rate-limits
COPY --from=build /repo/libs/contracts/package.json libs/contracts/package.json
COPY --from=build /repo/libs/contracts/dist libs/contracts/dist
COPY --from=build /repo/infra/identity/package.json infra/identity/package.json
COPY --from=build /repo/infra/identity/src infra/identity/src
USER 1000:1000
EXPOSE 4000
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||4000)+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
STOPSIGNAL SIGTERM
CMD ["node", "infra/identity/src/main.ts"]
