# Velolog: one image for every mode (embedded database in /data, or PostgreSQL through DATABASE_URL).
# Not built on our own machines (no container engine there): the journeys and a process test start the
# same `node build/server/main.js` with the same settings. See docs/deploy.md.

# --- build: all dependencies, then the web app into dist/ and the server bundle into build/ ---
FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# --- production dependencies only (the packages the server bundle leaves outside, and the scripts') ---
FROM node:24-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# --- the image that runs ---
FROM node:24-slim
# MALLOC_TRIM_THRESHOLD_: glibc gives freed memory back to the system.
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    BACKUP_DIR=/data/backups \
    MALLOC_TRIM_THRESHOLD_=131072
WORKDIR /app
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/build ./build
COPY package.json package-lock.json ./
COPY src ./src
COPY scripts ./scripts
# The image's files belong to root and are read-only to the app; only /data is writable by it.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# Ready means migrated, database reachable and not shutting down.
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# Node receives SIGTERM directly (exec form): it stops taking requests, finishes those in flight, closes the database.
# A 16 MB young generation instead of V8's 64 MB: about 100 MB less resident memory (decision 0031).
CMD ["node", "--max-semi-space-size=16", "build/server/main.js"]
