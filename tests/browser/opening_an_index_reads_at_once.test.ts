/**
 * `openIndex` reads what it can at once: the engine's worker asks for the split engine's .wasm
 * and the index's manifest while the engine's glue is still loading, instead of one after the
 * other (a round trip each where a host revalidates them).
 *
 * A proxy in front of `rangefind serve` holds the glue's answer until both the .wasm and the
 * manifest have been asked for. A worker that asked for either only once the glue had loaded
 * would never get the glue: the open would stop at its deadline.
 */

import { afterAll, beforeAll, expect, it } from "vitest";
import { createServer, request as forward, type IncomingMessage, type ServerResponse, type Server as HttpServer } from "node:http";
import { join } from "node:path";
import type * as Rangefind from "../../web/src/index.js";
import { buildIndex, makeSite, openPage, sample, serve, tempDir, type Server, type Session } from "./harness.js";

type PageWindow = Window & { rangefind: typeof Rangefind };

const GLUE = "/rangefind/wasm/rangefind_wasm.js";
const HELD_FOR = ["/rangefind/wasm/rangefind_wasm_bg.wasm", "/index/manifest.json"];

let server: Server;
let proxy: HttpServer;
let session: Session;
/** Paths asked for through the proxy, in order. */
const asked: string[] = [];

beforeAll(async () => {
  const site = tempDir("open-at-once");
  makeSite(site);
  buildIndex(join(site, "index"), sample, 150);
  server = await serve(site);
  const target = new URL(server.url);
  const held: Array<() => void> = [];
  const pass = (req: IncomingMessage, res: ServerResponse) => {
    const upstream = forward(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => res.destroy());
    req.pipe(upstream);
  };
  proxy = createServer((req, res) => {
    const path = new URL(req.url ?? "/", "http://proxy").pathname;
    asked.push(path);
    const seenAll = () => HELD_FOR.every((p) => asked.includes(p));
    if (path === GLUE && !seenAll()) held.push(() => pass(req, res));
    else pass(req, res);
    if (seenAll()) held.splice(0).forEach((release) => release());
  });
  await new Promise<void>((listening) => proxy.listen(0, "127.0.0.1", listening));
  const port = (proxy.address() as { port: number }).port;
  session = await openPage(`http://127.0.0.1:${port}/page.html`);
});

afterAll(async () => {
  await session?.close();
  await new Promise((closed) => proxy?.close(closed));
  await server?.stop();
});

it("asks for the engine's wasm and the manifest while the engine's glue loads", async () => {
  const answer = await session.page.evaluate(async () => {
    const w = window as unknown as PageWindow;
    try {
      const index = await w.rangefind.openIndex("/index/", { persistent: false, deadlineMs: 15_000 });
      const { count } = await index.search("array");
      index.close();
      return `found ${count}`;
    } catch (e) {
      return `failed: ${(e as Error).message}`;
    }
  });
  expect(answer, asked.join(" ")).toMatch(/^found [1-9]/);
  expect(asked).toContain(GLUE);
});
