# syntax=docker/dockerfile:1
# Prosa in one image: API, realtime and web app on port 3000 (docs/deploy.md).
# The start command is the README's ("Quick start"): `npm start` builds the web app and the server when their
# build is missing or older than the sources, then runs the compiled server (apps/server/dist/main.js). Both
# are built here, at image-build time, so a broken build fails the image and not a deploy, and a container
# start finds them fresh and runs at once. deploy-files.test.ts keeps CMD and the README identical.

# 1. Dependencies, exactly as locked (argon2 and esbuild ship prebuilt binaries: no compiler needed).
FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
COPY packages/fakes/package.json packages/fakes/
RUN npm ci --no-audit --no-fund

# 2. The web app (apps/web/dist, with .br/.gz copies) and the compiled server (apps/server/dist).
FROM deps AS build
COPY . .
RUN npm run build

# 3. Runtime: sources, builds and dependencies owned by root (COPY keeps the build stage's file times, so the
#    builds stay newer than the sources); only the data volume is writable by `node`.
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data \
    SEED_DEMO=0
WORKDIR /app
COPY --from=build /app /app
RUN mkdir -p /data && chown -R node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["npm", "start"]
