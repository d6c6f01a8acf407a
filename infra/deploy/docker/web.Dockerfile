# syntax=docker/dockerfile:1
# The shell and the three remotes, served by the project's static server (web/serve.mjs). From the root:
#   docker build -f infra/deploy/docker/web.Dockerfile -t toolshop/web:<version> .
# The remotes may instead be published from the build stage's <remote>/dist to object storage
# behind a CDN (README.md, "Production"); remotes.json then names their URLs.
FROM node:24-bookworm-slim AS build
WORKDIR /repo
COPY . .
RUN npm ci --no-audit --no-fund \
 && npm run build -w @toolshop/contracts \
 && npm run build -w @toolshop/storefront-mfe \
 && npm run build -w @toolshop/dashboard-mfe \
 && npm run build -w @toolshop/admin-mfe \
 && npm run build -w @toolshop/shell
# One tree: the shell at /, each remote under /remotes/<name>/ (same origin), /health for probes.
RUN mkdir -p /out/www/remotes /out/node_modules/react-toastify/dist \
 && cp -r shell/dist/. /out/www/ \
 && cp -r storefront-mfe/dist /out/www/remotes/storefront \
 && cp -r dashboard-mfe/dist /out/www/remotes/dashboard \
 && cp -r admin-mfe/dist /out/www/remotes/admin \
 && echo ok > /out/www/health \
 && cp node_modules/react-toastify/dist/ReactToastify.css /out/node_modules/react-toastify/dist/ \
 && mkdir -p /out/node_modules/@toolshop \
 && ln -s ../../libs/settings /out/node_modules/@toolshop/settings \
 && ln -s ../../libs/web-server /out/node_modules/@toolshop/web-server

FROM node:24-bookworm-slim
ENV NODE_ENV=production PORT=8080 HOST=0.0.0.0 WEB_ROOT=/app/www RUNTIME_DIR=/etc/toolshop/web
WORKDIR /app
COPY --from=build /out/www www
# The static server and the one package it imports (@toolshop/settings/repo-root, linked, so /app is
# the root), plus the stylesheet whose hash its CSP allows.
COPY --from=build /out/node_modules node_modules
COPY --from=build /repo/libs/settings libs/settings
# @toolshop/web-server: the server, the remote registry's per-visitor map and beacons, preview links.
COPY --from=build /repo/libs/web-server/package.json libs/web-server/package.json
COPY --from=build /repo/libs/web-server/src/static-server.mjs libs/web-server/src/static-server.mjs
COPY --from=build /repo/libs/web-server/src/remote-registry.mjs libs/web-server/src/remote-registry.mjs
COPY --from=build /repo/libs/web-server/src/preview.mjs libs/web-server/src/preview.mjs
COPY --from=build /repo/infra/deploy/web/serve.mjs infra/deploy/web/serve.mjs
COPY --from=build /repo/infra/deploy/web/operations.mjs infra/deploy/web/operations.mjs
USER 1000:1000
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s --start-period=10s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
STOPSIGNAL SIGTERM
CMD ["node", "infra/deploy/web/serve.mjs"]
