// A TCP proxy that makes loopback behave like a slow network: every byte is delayed by half
// the round-trip time in each direction, and each direction is one link of the given
// bandwidth shared by all connections (as a user's access link is: six HTTP/1.1 connections
// do not get six times the bandwidth). `tc netem` is not available on these machines; this
// stands in for it.
//
//   node scripts/bench/delay-proxy.mjs --target 127.0.0.1:8080 [--port 0] [--rtt-ms 100] [--mbit 10]
//
// or import { startDelayProxy } from "./delay-proxy.mjs".

import { createConnection, createServer } from "node:net";

/**
 * A pipe from `from` to `to` that delays each chunk by `delayMs` after it crossed `link`
 * (`{ bitsPerMs, free }`, shared by the pipes of one direction). Chunks leave in order from
 * one queue (separate timers per chunk could reorder them).
 */
function delayedPipe(from, to, delayMs, link) {
  let ended = false;
  let timer = null;
  const queue = [];
  const drain = () => {
    timer = null;
    const now = performance.now();
    while (queue.length > 0 && queue[0].due <= now) {
      const { chunk } = queue.shift();
      if (!to.destroyed) to.write(chunk);
    }
    if (queue.length > 0) timer = setTimeout(drain, Math.max(1, queue[0].due - now));
    else if (ended) to.end();
  };
  from.on("data", (chunk) => {
    const now = performance.now();
    link.free = Math.max(now, link.free) + (chunk.length * 8) / link.bitsPerMs;
    queue.push({ chunk, due: link.free + delayMs });
    timer ??= setTimeout(drain, Math.max(1, queue[0].due - now));
  });
  from.on("end", () => {
    ended = true;
    if (queue.length === 0 && timer === null) to.end();
  });
  from.on("error", () => to.destroy());
}

/**
 * Starts the proxy in front of `target` (`host:port`). Resolves to `{ port, close() }`.
 */
export function startDelayProxy({ target, port = 0, rttMs = 100, mbit = 10 }) {
  const [host, targetPort] = target.split(":");
  const up = { bitsPerMs: mbit * 1000, free: 0 };
  const down = { bitsPerMs: mbit * 1000, free: 0 };
  const server = createServer((client) => {
    const upstream = createConnection({ host, port: Number(targetPort) });
    client.setNoDelay(true);
    upstream.setNoDelay(true);
    delayedPipe(client, upstream, rttMs / 2, up);
    delayedPipe(upstream, client, rttMs / 2, down);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  return new Promise((resolve) => {
    server.listen(port, "127.0.0.1", () =>
      resolve({ port: server.address().port, close: () => new Promise((done) => server.close(done)) }),
    );
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = Object.fromEntries(
    process.argv.slice(2).reduce((pairs, arg, i, all) => (arg.startsWith("--") ? [...pairs, [arg.slice(2), all[i + 1]]] : pairs), []),
  );
  if (!args.target) {
    console.error("usage: delay-proxy.mjs --target HOST:PORT [--port P] [--rtt-ms 100] [--mbit 10]");
    process.exit(2);
  }
  const proxy = await startDelayProxy({
    target: args.target,
    port: Number(args.port ?? 0),
    rttMs: Number(args["rtt-ms"] ?? 100),
    mbit: Number(args.mbit ?? 10),
  });
  console.log(`delay proxy on http://127.0.0.1:${proxy.port}/ → ${args.target}`);
}
