# The bot in a container. Build stage compiles the native modules (canvas, better-sqlite3) and
# the TypeScript sources to dist/; the runtime stage has only the shared libraries they need and
# runs the built JavaScript with plain Node (tsx stays for `npm run restore`).
FROM node:20-bookworm-slim AS build
RUN apt-get update && apt-get install -y --no-install-recommends \
      python3 make g++ pkg-config libcairo2-dev libpango1.0-dev libjpeg-dev libgif-dev librsvg2-dev \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund --build-from-source
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
RUN apt-get update && apt-get install -y --no-install-recommends \
      libcairo2 libpango-1.0-0 libpangocairo-1.0-0 libjpeg62-turbo libgif7 librsvg2-2 \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production DATABASE_PATH=/app/data/games.sqlite
# Memory: see src/runtime-env.ts (kept equal by tests/unit/deployment.test.ts).
ENV NODE_OPTIONS=--max-old-space-size=192 MALLOC_MMAP_THRESHOLD_=131072
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY package.json tsconfig.json ./
COPY src ./src
COPY migrations ./migrations
COPY assets ./assets
RUN mkdir -p /app/data && chown node:node /app/data
USER node
VOLUME ["/app/data"]
CMD ["node", "dist/index.js"]
