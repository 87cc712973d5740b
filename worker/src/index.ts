/**
 * rangefind's edge search API, a module Worker:
 *
 *   GET  /search?q=array+map&limit=10&offset=0&snippet=true&filters={"section":"Web/CSS"}
 *   POST /search  {"query": "array map", "limit": 10, "offset": 0, "snippet": true, "filters": {…}}
 *
 * answer `{count, hits, stats}`, the JSON of `rangefind search --json`, with two more stats:
 * `subrequests` (upstream reads this request made) and `cache_hits` (pages from the edge
 * cache). Errors answer `{"error": {"code", "message"}}`: 400/413/415 for what the caller sent,
 * 502 when the index's host misbehaves, 409 when a split was replaced under its name, 504 past
 * SEARCH_TIMEOUT_MS, 500 for a bad setting.
 */

import { ConfigError, settingsOf, type Env, type Settings } from "./config.js";
import { corsHeaders, errorResponse, jsonText, preflight } from "./http.js";
import { openIndex } from "./open-index.js";
import { BadRequest, fromBody, fromQueryString, type EngineRequest } from "./search-request.js";

export type { Env } from "./config.js";

/**
 * Searches in flight in this isolate. The engine shares reads between concurrent searches,
 * and workerd ties every fetch to the request that started it: each request stays alive
 * (`waitUntil`) until the isolate has no search left, so a read it started on behalf of
 * another search is never cancelled when it answers.
 */
class InFlight {
  private count = 0;
  private waiters: (() => void)[] = [];

  begin(): void {
    this.count += 1;
  }

  end(): void {
    this.count -= 1;
    if (this.count === 0) for (const wake of this.waiters.splice(0)) wake();
  }

  isIdle(): boolean {
    return this.count === 0;
  }

  idle(): Promise<void> {
    return this.count === 0 ? Promise.resolve() : new Promise((wake) => this.waiters.push(wake));
  }
}

const inFlight = new InFlight();

/** An error of the engine (a JS Error named RangefindError with a stable `code`). */
function engineCode(error: unknown): string | null {
  if (error instanceof Error && error.name === "RangefindError" && "code" in error) return String(error.code);
  return null;
}

class Timeout extends Error {}

/** `promise`, or a Timeout once `signal` aborts. */
function before<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => {
      if (signal.aborted) reject(new Timeout());
      signal.addEventListener("abort", () => reject(new Timeout()));
    }),
  ]);
}

/** What the tail of the engine's JSON answer says the search cost. */
interface Costs {
  requests: number;
  cacheHits: number;
}

/**
 * `stats` is the engine's answer's last member and holds only numbers (a guarantee of the
 * engine's SearchResponse), so it is read from, and `subrequests` spliced into, the text:
 * parsing and printing again a page of hits with their stored fields cost more than the rest
 * of a warm request.
 */
function costsOf(text: string): Costs {
  const stats = text.lastIndexOf('"stats":{');
  const tail = stats < 0 ? "" : text.slice(stats);
  const requests = /"requests":(\d+)/.exec(tail);
  const cacheHits = /"cache_hits":(\d+)/.exec(tail);
  if (!text.endsWith("}}") || requests === null || cacheHits === null) {
    throw new Error(`the engine's answer does not end with its stats: ${text.slice(-200)}`);
  }
  return { requests: Number(requests[1]), cacheHits: Number(cacheHits[1]) };
}

/** The engine's answer with `stats.subrequests`: its reads plus this request's manifest reads. */
function withSubrequests(text: string, subrequests: number): string {
  return `${text.slice(0, -2)},"subrequests":${subrequests}}}`;
}

async function search(request: EngineRequest, settings: Settings, origin: string, ctx: ExecutionContext): Promise<string> {
  inFlight.begin();
  // Whether this search did I/O of its own (unknown until it answers: assume so).
  let didIo = true;
  const deadline = AbortSignal.timeout(settings.searchTimeoutMs);
  try {
    const pending = openIndex(settings, origin, Date.now());
    const opened = pending instanceof Promise ? await before(pending, deadline) : pending;
    let text: string;
    try {
      text = await opened.index.search(request, deadline);
    } catch (error) {
      throw engineCode(error) === "aborted" ? new Timeout() : error;
    }
    const costs = costsOf(text);
    didIo = opened.manifestReads + costs.requests + costs.cacheHits > 0;
    if (opened.edgeCache?.writing()) ctx.waitUntil(opened.edgeCache.settled());
    return withSubrequests(text, costs.requests + opened.manifestReads);
  } finally {
    inFlight.end();
    // See InFlight: a search that read anything, or that leaves others running, keeps its
    // request alive until the isolate has no search left. (A warm search alone needs not.)
    if (didIo || !inFlight.isIdle()) ctx.waitUntil(inFlight.idle());
  }
}

/** The error response for `error`, with `cors` headers. */
function failure(error: unknown, settings: Settings, cors: Record<string, string>): Response {
  if (error instanceof BadRequest) return errorResponse(error.status, "bad_request", error.message, cors);
  if (error instanceof Timeout) {
    return errorResponse(504, "timeout", `the search did not finish within ${settings.searchTimeoutMs} ms (SEARCH_TIMEOUT_MS)`, cors);
  }
  const code = engineCode(error);
  const message = error instanceof Error ? error.message : String(error);
  if (code === "invalid_query") return errorResponse(400, code, message, cors);
  if (code === "changed") {
    // A split replaced under its name: the publisher must fix it; retrying will not help.
    console.error(`rangefind: upstream ${settings.upstreamName}: ${code}: ${message}`);
    return errorResponse(409, code, `the index at ${settings.upstreamName} changed under this reader: ${message}`, cors);
  }
  if (code !== null && code !== "internal") {
    console.error(`rangefind: upstream ${settings.upstreamName}: ${code}: ${message}`);
    return errorResponse(502, code, `the index at ${settings.upstreamName} could not be read: ${message}`, cors);
  }
  console.error("rangefind: internal error", error);
  return errorResponse(500, "internal", `internal error: ${message}`, cors);
}

export default {
  async fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    let settings: Settings;
    try {
      settings = settingsOf(env);
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      console.error(`rangefind: misconfigured: ${error.message}`);
      return errorResponse(500, "misconfigured", `the Worker is misconfigured: ${error.message}`);
    }
    const origin = request.headers.get("Origin");
    const cors = corsHeaders(settings, origin);
    const url = new URL(request.url);
    if (url.pathname !== "/search") {
      return errorResponse(404, "not_found", `no endpoint ${url.pathname}: use GET or POST /search`, cors);
    }
    if (request.method === "OPTIONS") return preflight(settings, origin);
    if (request.method !== "GET" && request.method !== "POST") {
      return errorResponse(405, "method_not_allowed", `${request.method} is not allowed: use GET or POST`, {
        ...cors,
        Allow: "GET, POST, OPTIONS",
      });
    }
    try {
      const engineRequest =
        request.method === "GET" ? fromQueryString(url.searchParams, settings) : await fromBody(request, settings);
      const body = await search(engineRequest, settings, url.origin, ctx);
      // GET answers may be kept as long as the manifest is; POST answers are not cached.
      const caching = request.method === "GET" ? `public, max-age=${settings.manifestTtlMs / 1000}` : "no-store";
      return jsonText(body, 200, { ...cors, "Cache-Control": caching });
    } catch (error) {
      return failure(error, settings, cors);
    }
  },
} satisfies ExportedHandler<Env>;
