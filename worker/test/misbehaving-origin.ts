/**
 * An origin that serves a real index but misbehaves the way hosts do, one way per path prefix:
 *
 *   /ignores-range/…  answers 200 with the whole file (a server without Range support)
 *   /truncated/…      answers 206 for the asked range but sends half of the body
 *   /fails/…          serves the manifest, answers 503 for splits
 *   /hangs/…          serves the manifest, never answers for splits
 *   /corrupt/…        serves split bytes with one byte changed in every range
 *   /reuploaded/…     after a split's first read, the same bytes under a new ETag
 *   /replaced/…       after a split's first read, other bytes (each one inverted) under a new ETag
 *
 * Node's http module: this runs in the tests' global setup, outside workerd.
 */

import { createReadStream, readFileSync, statSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { join, normalize } from "node:path";

export const MISBEHAVIOURS = ["ignores-range", "truncated", "fails", "hangs", "corrupt", "reuploaded", "replaced"] as const;

export function startMisbehavingOrigin(root: string): Promise<{ url: string; server: Server }> {
  /** Reads so far of each split, by mode and path. */
  const splitReads = new Map<string, number>();
  const server = createServer((request, response) => {
    const [, mode, ...rest] = (request.url ?? "/").split("?")[0].split("/");
    const path = normalize(join(root, ...rest));
    if (!path.startsWith(root) || !(MISBEHAVIOURS as readonly string[]).includes(mode)) {
      response.writeHead(404).end();
      return;
    }
    let size: number;
    try {
      size = statSync(path).size;
    } catch {
      response.writeHead(404).end();
      return;
    }
    // Splits misbehave; split filter files (read when the index opens) are served right, so
    // each misbehaviour shows where a query reads.
    const isSplit = path.endsWith(".split");
    const isFilter = path.endsWith(".filter");
    if ((!isSplit && !isFilter) || (isSplit && mode === "ignores-range")) {
      response.writeHead(200, { "Content-Length": size, ETag: `"${size}"` });
      createReadStream(path).pipe(response);
      return;
    }
    if (isSplit && mode === "fails") return void response.writeHead(503).end("try later");
    if (isSplit && mode === "hangs") return; // never answers
    const match = /^bytes=(\d*)-(\d*)$/.exec(request.headers.range ?? "");
    if (!match) return void response.writeHead(416).end();
    const start = match[1] === "" ? size - Number(match[2]) : Number(match[1]);
    const end = match[1] === "" || match[2] === "" ? size - 1 : Math.min(Number(match[2]), size - 1);
    const key = `${mode} ${path}`;
    const reads = splitReads.get(key) ?? 0;
    if (isSplit) splitReads.set(key, reads + 1);
    const secondVersion = reads > 0 && (mode === "reuploaded" || mode === "replaced");
    const bytes = Buffer.from(readFileSync(path).subarray(start, end + 1));
    if (secondVersion && mode === "replaced") bytes.forEach((byte, i) => (bytes[i] = byte ^ 0xff));
    const etag = secondVersion ? `"${size}-v2"` : `"${size}"`;
    const headers = { "Content-Range": `bytes ${start}-${end}/${size}`, ETag: etag };
    if (isFilter || mode === "reuploaded" || mode === "replaced") {
      return void response.writeHead(206, { ...headers, "Content-Length": bytes.length }).end(bytes);
    }
    if (mode === "truncated") {
      const half = bytes.subarray(0, Math.floor(bytes.length / 2));
      response.writeHead(206, { ...headers, "Content-Length": half.length }).end(half);
      return;
    }
    const changed = Buffer.from(bytes);
    changed[0] ^= 0xff;
    response.writeHead(206, { ...headers, "Content-Length": changed.length }).end(changed);
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      resolve({ url: `http://127.0.0.1:${port}/`, server });
    }),
  );
}
