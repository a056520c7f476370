# syntax=docker/dockerfile:1
# Prosa in one image: API, realtime and web app on port 3000 (docs/deploy.md).
# The start command is the README's ("Quick start"): `npm start` builds the web app and starts the server
# through tsx. The web app is also built here, at image-build time, so a broken build fails the image and
# not a deploy; `npm start` rebuilds it at each container start, which is why the runtime keeps the
# dependencies the build needs. deploy-files.test.ts keeps CMD and the README identical.

# 1. Dependencies, exactly as locked (argon2 and esbuild ship prebuilt binaries: no compiler needed).
FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY packages/contracts/package.json packages/contracts/
COPY packages/fakes/package.json packages/fakes/
RUN npm ci --no-audit --no-fund

# 2. The web app (apps/web/dist).
FROM deps AS build
COPY . .
RUN npm run build

# 3. Runtime: sources and dependencies owned by root, only what the process writes owned by `node`.
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data \
    SEED_DEMO=0
WORKDIR /app
COPY --from=build /app /app
RUN mkdir -p /data /app/node_modules/.vite-temp \
  && chown -R node:node /data /app/apps/web/dist /app/node_modules/.vite-temp
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=120s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["npm", "start"]
