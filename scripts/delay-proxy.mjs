// A TCP proxy that makes loopback behave like a slow network: every byte is delayed by half
// the round-trip time in each direction and the link is capped at a bandwidth, per direction
// and per connection. `tc netem` is not available on these machines; this stands in for it.
//
//   node scripts/delay-proxy.mjs --target 127.0.0.1:8080 [--port 0] [--rtt-ms 100] [--mbit 10]
//
// or import { startDelayProxy } from "./delay-proxy.mjs".

import { createConnection, createServer } from "node:net";

/** A pipe from `from` to `to` that delays each chunk by `delayMs` after a `bitsPerMs` link. */
function delayedPipe(from, to, delayMs, bitsPerMs) {
  let linkFree = 0;
  let pending = 0;
  let ended = false;
  from.on("data", (chunk) => {
    const now = performance.now();
    const start = Math.max(now, linkFree);
    linkFree = start + (chunk.length * 8) / bitsPerMs;
    pending++;
    setTimeout(() => {
      if (!to.destroyed) to.write(chunk);
      pending--;
      if (ended && pending === 0) to.end();
    }, linkFree + delayMs - now);
  });
  from.on("end", () => {
    ended = true;
    if (pending === 0) to.end();
  });
  from.on("error", () => to.destroy());
}

/**
 * Starts the proxy in front of `target` (`host:port`). Resolves to `{ port, close() }`.
 */
export function startDelayProxy({ target, port = 0, rttMs = 100, mbit = 10 }) {
  const [host, targetPort] = target.split(":");
  const bitsPerMs = mbit * 1000;
  const server = createServer((client) => {
    const upstream = createConnection({ host, port: Number(targetPort) });
    client.setNoDelay(true);
    upstream.setNoDelay(true);
    delayedPipe(client, upstream, rttMs / 2, bitsPerMs);
    delayedPipe(upstream, client, rttMs / 2, bitsPerMs);
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
