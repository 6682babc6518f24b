# syntax=docker/dockerfile:1
# A role's remote (mfe-patient, mfe-doctor, mfe-admin): static files on nginx-unprivileged (uid 101, port 8080,
# read-only root filesystem works: nginx writes only under /tmp). Build from the repository root:
#   docker build -f shell/remote.Dockerfile --build-arg REMOTE=patient -t ghcr.io/afya/mfe-patient:<tag> .
ARG NODE_IMAGE=node:20-alpine
ARG NGINX_IMAGE=nginxinc/nginx-unprivileged:1.27-alpine

FROM ${NODE_IMAGE} AS build
ARG REMOTE
WORKDIR /app
ENV PUPPETEER_SKIP_DOWNLOAD=1 NX_DAEMON=false NX_NO_CLOUD=true
COPY . .
# npm install on the committed lockfile, not npm ci (DECISIONS.md: "Installs use npm install")
RUN test -n "${REMOTE}" && npm install --no-audit --no-fund
RUN npx nx run-many -t build -p "@afya/mfe-${REMOTE}"

FROM ${NGINX_IMAGE}
ARG REMOTE
COPY infra/docker/nginx/mfe.conf /etc/nginx/conf.d/default.conf
# served under /mfe/<remote>/, the path the Ingress routes here (no rewrite)
COPY --from=build /app/mfe-${REMOTE}/dist /usr/share/nginx/html/mfe/${REMOTE}
EXPOSE 8080
