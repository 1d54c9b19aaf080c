import { type ChildProcess, spawn } from "node:child_process";
import { once } from "node:events";
import { afterAll, beforeAll, expect, test } from "vitest";
import { testFetch } from "../e2e/support/fetch.ts";

// A server that answers every other request and closes the connection of the rest without an
// answer: what the client sees when its request crosses the server's close of an idle connection.
const SERVER = `
let n = 0;
const server = require("node:http").createServer((req, res) => {
  if (++n % 2 === 0) return req.socket.destroy();
  res.end("ok");
});
server.listen(0, "127.0.0.1", () => console.log(server.address().port));
process.stdin.on("end", () => process.exit(0)).resume();
`;

let child: ChildProcess;
let url: string;

beforeAll(async () => {
  child = spawn(process.execPath, ["-e", SERVER], { stdio: ["pipe", "pipe", "inherit"] });
  const [port] = (await once(child.stdout as NodeJS.ReadableStream, "data")) as [Buffer];
  url = `http://127.0.0.1:${String(port).trim()}/`;
});

afterAll(() => {
  child.stdin?.end();
});

// POSTs: Node's fetch already sends a GET again by itself.
const post = { method: "POST", body: "x" };

test("plain fetch fails when the connection is closed before an answer", async () => {
  expect(await (await fetch(url, post)).text()).toBe("ok");
  const failure = await fetch(url, post).catch((error: unknown) => error);
  expect(failure).toBeInstanceOf(TypeError);
  expect((failure as { cause?: { code?: string } }).cause?.code).toBe("UND_ERR_SOCKET");
});

test("testFetch sends such a request again and gets its answer", async () => {
  expect(await (await testFetch(url, post)).text()).toBe("ok");
  const response = await testFetch(url, post);
  expect(await response.text()).toBe("ok");
});

test("testFetch does not hide other failures", async () => {
  const closedPort = url.replace(/:\d+\//, ":9/");
  await expect(testFetch(closedPort)).rejects.toThrow(TypeError);
});
