// An HTTP/2 (TLS) front for a local HTTP/1.1 server, as a CDN would be: browsers send every
// request of a wave at once over one connection, instead of queueing behind six HTTP/1.1
// connections. The certificate is self-signed for 127.0.0.1 (made with openssl at start); the
// browser must be told to accept it. Used by the browser benchmark, in front of
// `rangefind serve` and behind scripts/bench/delay-proxy.mjs.

import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { request as httpRequest, Agent } from "node:http";
import { createSecureServer } from "node:http2";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** Headers HTTP/2 forbids or that belong to one hop. */
const HOP_HEADERS = new Set(["connection", "keep-alive", "transfer-encoding", "upgrade", "proxy-connection", "host"]);

function selfSignedCertificate() {
  const dir = mkdtempSync(join(tmpdir(), "rangefind-h2-"));
  const key = join(dir, "key.pem");
  const cert = join(dir, "cert.pem");
  execFileSync("openssl", [
    "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", key, "-out", cert, "-days", "2",
    "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
  ], { stdio: "ignore" });
  return { key: readFileSync(key), cert: readFileSync(cert) };
}

/** Starts the front for `target` (`host:port`); resolves to `{ port, close() }`. */
export function startHttp2Front({ target, port = 0 }) {
  const [host, targetPort] = target.split(":");
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const server = createSecureServer({ ...selfSignedCertificate(), allowHTTP1: true }, (req, res) => {
    const headers = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (!name.startsWith(":") && !HOP_HEADERS.has(name)) headers[name] = value;
    }
    const upstream = httpRequest(
      { host, port: Number(targetPort), method: req.method, path: req.url, headers, agent },
      (answer) => {
        const out = {};
        for (const [name, value] of Object.entries(answer.headers)) {
          if (!HOP_HEADERS.has(name)) out[name] = value;
        }
        res.writeHead(answer.statusCode ?? 502, out);
        answer.pipe(res);
      },
    );
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  return new Promise((resolve) => {
    server.listen(port, "127.0.0.1", () =>
      resolve({
        port: server.address().port,
        close: () => new Promise((done) => { agent.destroy(); server.close(done); }),
      }),
    );
  });
}
