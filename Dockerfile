# One image for every process of the product; the command picks the role.
FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
COPY domain/package.json domain/
COPY document/package.json document/
COPY db/package.json db/
COPY realtime-server/package.json realtime-server/
COPY api/package.json api/
COPY web/package.json web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm ci --include=dev --no-audit --no-fund
COPY . .
RUN npm run build
EXPOSE 3000
# The V8 flags of api/node-flags.json (api/test/node-flags.test.ts checks they are the same).
CMD ["node", "--max-semi-space-size=4", "--expose-gc", "--import", "tsx", "api/src/main.ts"]
