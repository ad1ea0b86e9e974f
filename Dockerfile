# syntax=docker/dockerfile:1
# The portal as a container (ADR 029): built in one stage, run from the compiled JavaScript in a
# small second stage, as the unprivileged `node` user. Node 24 is the LTS release the image runs
# on (Node 20 reached its end of life in April 2026; the code also runs on 20, as CI does).

FROM node:24-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 and other native modules compile from source when no prebuilt binary fits.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
ENV PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 TURBO_TELEMETRY_DISABLED=1
# The manifests first, so `npm ci` is cached until a dependency changes.
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/api/package.json packages/api/
COPY packages/certificates/package.json packages/certificates/
COPY packages/core/package.json packages/core/
COPY packages/db/package.json packages/db/
COPY packages/i18n/package.json packages/i18n/
COPY packages/validators/package.json packages/validators/
COPY content/package.json content/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0
WORKDIR /app
# What runs: the compiled packages and server, their manifests (package exports), production
# dependencies, migrations, course content and the built web app. No sources, no tests.
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/content ./content
COPY --from=build /app/apps/server/package.json ./apps/server/
COPY --from=build /app/apps/server/dist ./apps/server/dist
COPY --from=build /app/apps/web/package.json ./apps/web/
COPY --from=build /app/apps/web/dist ./apps/web/dist
COPY --from=build /app/packages ./packages
RUN rm -rf packages/*/src content/*.test.ts \
  && mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then((r)=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "--conditions=compiled", "--enable-source-maps", "apps/server/dist/main.js"]
