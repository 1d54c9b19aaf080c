/**
 * The yardstick of `npm run bench:api`: bare Hono on @hono/node-server, no middleware, answering
 * the very JSON bodies the API answered for its reference lists (read from BARE_BODIES, a JSON
 * file `{ "/api/hospital_list": {...}, … }`) and Hono's own 404 for anything else. Prints
 * `listening` when ready.
 */
import fs from "node:fs";
import { serve } from "@hono/node-server";
import { Hono } from "hono";

const bodies = JSON.parse(fs.readFileSync(String(process.env.BARE_BODIES), "utf8")) as Record<string, object>;
const app = new Hono();
for (const [path, body] of Object.entries(bodies)) app.get(path, (c) => c.json(body));
serve({ fetch: app.fetch, hostname: "127.0.0.1", port: Number(process.env.PORT) }, () =>
  console.log("listening"),
);
