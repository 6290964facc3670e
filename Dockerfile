# The bot in a container. The build stage compiles the native modules (canvas, better-sqlite3)
# and the TypeScript sources to dist/, then drops the development dependencies. The final stage
# holds Node, the shared libraries the native modules load, and what the bot reads at run time:
# dist/, the production node_modules, migrations/ (SQLite's and PostgreSQL's) and assets/; no
# sources, compilers or tsx, nor the PostgreSQL server the tests start (a development dependency).
# Node 22 is the long-term support line; the version is pinned so that a rebuild runs what was tested.
ARG NODE_VERSION=22.23.3

FROM node:${NODE_VERSION}-bookworm-slim AS build
RUN apt-get update && apt-get install -y --no-install-recommends \
      python3 make g++ pkg-config libcairo2-dev libpango1.0-dev libjpeg-dev libgif-dev librsvg2-dev \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund --build-from-source
COPY tsconfig.json tsconfig.build.json ./
COPY scripts/build.sh ./scripts/build.sh
COPY src ./src
RUN npm run build && npm prune --omit=dev --no-audit --no-fund && rm -f dist/.built

FROM node:${NODE_VERSION}-bookworm-slim
LABEL org.opencontainers.image.title="Tabletop Harbour" \
      org.opencontainers.image.description="A Discord bot that hosts tabletop games in chat channels" \
      org.opencontainers.image.version="0.2.0"
# tini runs as PID 1: it passes SIGTERM on to the bot (which then stops cleanly) at any moment,
# also before the bot has set up its own handlers, and reaps what the shards leave.
RUN apt-get update && apt-get install -y --no-install-recommends \
      tini libcairo2 libpango-1.0-0 libpangocairo-1.0-0 libjpeg62-turbo libgif7 librsvg2-2 \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# HEALTH_PORT serves /healthz (the HEALTHCHECK below) and /metrics inside the container's network.
ENV NODE_ENV=production DATABASE_PATH=/app/data/games.sqlite HEALTH_PORT=9464 HEALTH_HOST=0.0.0.0
# Memory: see src/runtime-env.ts (kept equal by tests/unit/deployment.test.ts).
ENV NODE_OPTIONS=--max-old-space-size=192 MALLOC_MMAP_THRESHOLD_=131072
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json ./
COPY scripts/run.sh ./scripts/run.sh
COPY migrations ./migrations
COPY migrations-pg ./migrations-pg
COPY assets ./assets
# The database's folder is the bot's alone (README.md, "Who may read them"); a new volume takes its mode.
RUN mkdir -p /app/data && chown node:node /app/data && chmod 700 /app/data
USER node
VOLUME ["/app/data"]
HEALTHCHECK --interval=30s --timeout=5s --start-period=2m --retries=3 CMD ["node", "dist/healthcheck.js"]
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "dist/index.js"]
