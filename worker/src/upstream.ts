/**
 * How the engine's reads reach the index: a `fetch`-shaped function handed to the wasm engine.
 * The engine keeps its own rules for statuses, Content-Range, ETags and retries, so an R2
 * bucket and an origin misbehave (and are reported) the same way.
 *
 * - origin: the global `fetch`, refusing any URL outside the configured base (a manifest
 *   cannot send the Worker elsewhere);
 * - R2: each request becomes a `bucket.get` with the same range, answered as the HTTP response
 *   an origin would give (206 + Content-Range + ETag, 404, 200 for whole objects).
 */

import type { Upstream } from "./config.js";

export type FetchFunction = (request: Request) => Promise<Response>;

/** The base URL the engine sees for an R2 index (never fetched: mapped onto the bucket). */
const R2_BASE = "https://r2-bucket.rangefind.invalid/";

/** The engine's base URL for `upstream`. */
export function baseUrlOf(upstream: Upstream): string {
  return upstream.kind === "origin" ? upstream.baseUrl : R2_BASE;
}

/** The path of `url` below `base`, or null when it lies outside (after URL normalisation). */
export function pathBelow(base: string, url: string): string | null {
  const b = new URL(base);
  const u = new URL(url);
  if (u.origin !== b.origin || !u.pathname.startsWith(b.pathname) || u.search || u.hash) return null;
  return decodeURIComponent(u.pathname.slice(b.pathname.length));
}

/** The fetch function the engine uses to read `upstream`. */
export function upstreamFetch(upstream: Upstream): FetchFunction {
  const base = baseUrlOf(upstream);
  return async (request) => {
    const path = pathBelow(base, request.url);
    if (path === null) {
      // A TypeError is what fetch throws for a refused request; the engine reports it.
      throw new TypeError(`refused to fetch ${request.url}: outside the configured index ${base}`);
    }
    return upstream.kind === "origin" ? fetch(request) : readR2(upstream.bucket, upstream.prefix + path, request);
  };
}

type R2Range = { offset: number; length: number } | { suffix: number };

/** The R2 range of a `Range: bytes=…` header (the engine sends one bounded or suffix range). */
function r2Range(header: string | null): R2Range | undefined {
  if (!header) return undefined;
  const bounded = /^bytes=(\d+)-(\d+)$/.exec(header);
  if (bounded) {
    const start = Number(bounded[1]);
    return { offset: start, length: Number(bounded[2]) - start + 1 };
  }
  const suffix = /^bytes=-(\d+)$/.exec(header);
  if (suffix) return { suffix: Number(suffix[1]) };
  throw new TypeError(`unsupported Range header for R2: ${header}`);
}

/** The byte range an R2 body covers, as `[start, endInclusive]`. */
function coveredRange(object: R2ObjectBody, asked: R2Range): [number, number] {
  const size = object.size;
  const range = object.range as { offset?: number; length?: number; suffix?: number } | undefined;
  let start: number;
  let length: number;
  if (range && range.suffix !== undefined) {
    length = Math.min(range.suffix, size);
    start = size - length;
  } else if (range && range.offset !== undefined) {
    start = range.offset;
    length = range.length ?? size - start;
  } else if ("suffix" in asked) {
    length = Math.min(asked.suffix, size);
    start = size - length;
  } else {
    start = asked.offset;
    length = asked.length;
  }
  return [start, Math.min(start + length, size) - 1];
}

async function readR2(bucket: R2Bucket, key: string, request: Request): Promise<Response> {
  const asked = r2Range(request.headers.get("Range"));
  const object = await bucket.get(key, asked ? { range: asked } : undefined);
  if (object === null) return new Response(`no object ${key} in the bucket`, { status: 404 });
  const headers = new Headers({ ETag: object.httpEtag });
  if (!asked) return new Response(object.body, { status: 200, headers });
  const [start, end] = coveredRange(object, asked);
  if (end < start) {
    // R2 answers an empty body for a range past the end; an origin would say 416.
    await object.body.cancel();
    return new Response(null, { status: 416, headers: { "Content-Range": `bytes */${object.size}` } });
  }
  headers.set("Content-Range", `bytes ${start}-${end}/${object.size}`);
  return new Response(object.body, { status: 206, headers });
}
