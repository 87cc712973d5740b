/**
 * The Worker's settings: bindings and `vars` of wrangler.jsonc, checked once per environment.
 * A bad setting is the operator's mistake, so it answers 500 `misconfigured` naming the
 * setting, never a guess.
 */

/** What wrangler.jsonc may bind (every var is optional; see README.md for the defaults). */
export interface Env {
  /** R2 bucket holding the index. When bound, it is used and INDEX_URL is ignored. */
  INDEX_BUCKET?: R2Bucket;
  /** Key prefix of the index in the bucket (the "directory" holding manifest.json). */
  INDEX_PREFIX?: string;
  /** Base URL of the index on an origin that honours Range (used without INDEX_BUCKET). */
  INDEX_URL?: string;
  MANIFEST_TTL_SECONDS?: string | number;
  CORS_ALLOW_ORIGIN?: string;
  UPSTREAM_TIMEOUT_MS?: string | number;
  SEARCH_TIMEOUT_MS?: string | number;
  MAX_QUERY_LENGTH?: string | number;
  MAX_LIMIT?: string | number;
  MAX_OFFSET?: string | number;
  MEMORY_CACHE_MB?: string | number;
  MAX_REQUESTS_PER_WAVE?: string | number;
  MAX_READ_THROUGH_KB?: string | number;
  EDGE_CACHE?: string;
  EDGE_CACHE_TTL_SECONDS?: string | number;
}

/** Where the index lives. */
export type Upstream =
  | { kind: "r2"; bucket: R2Bucket; prefix: string }
  | { kind: "origin"; baseUrl: string };

export interface Settings {
  upstream: Upstream;
  /** Names the index in messages and keys the isolate's open index. */
  upstreamName: string;
  manifestTtlMs: number;
  /** `*`, a list of allowed origins, or empty (no CORS headers). */
  corsAllowOrigins: string[];
  upstreamTimeoutMs: number;
  searchTimeoutMs: number;
  maxQueryLength: number;
  maxLimit: number;
  maxOffset: number;
  memoryCacheBytes: number;
  /** Upstream requests a wave of reads aims at (the engine reads through small gaps). */
  maxRequestsPerWave: number;
  /** Widest gap (bytes) a read may span to stay within that budget. */
  maxReadThroughBytes: number;
  edgeCache: boolean;
  edgeCacheTtlSeconds: number;
  /** Identifies the open index these settings describe (every setting but the bucket object). */
  indexKey: string;
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

function integer(env: Env, name: keyof Env, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = typeof raw === "number" ? raw : Number(String(raw).trim());
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, not ${JSON.stringify(raw)}`);
  }
  return value;
}

function flag(env: Env, name: keyof Env, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const text = String(raw).trim().toLowerCase();
  if (["on", "true", "1", "yes"].includes(text)) return true;
  if (["off", "false", "0", "no"].includes(text)) return false;
  throw new ConfigError(`${name} must be on or off, not ${JSON.stringify(raw)}`);
}

function upstreamOf(env: Env): { upstream: Upstream; upstreamName: string } {
  if (env.INDEX_BUCKET) {
    let prefix = (env.INDEX_PREFIX ?? "").trim().replace(/^\/+/, "");
    if (prefix && !prefix.endsWith("/")) prefix += "/";
    return { upstream: { kind: "r2", bucket: env.INDEX_BUCKET, prefix }, upstreamName: `r2:${prefix}` };
  }
  const raw = (env.INDEX_URL ?? "").trim();
  if (!raw) {
    throw new ConfigError("no index: bind an R2 bucket as INDEX_BUCKET, or set INDEX_URL to the index's base URL");
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`INDEX_URL is not a URL: ${JSON.stringify(raw)}`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new ConfigError(`INDEX_URL must be http(s), not ${url.protocol}`);
  }
  if (url.search || url.hash) throw new ConfigError("INDEX_URL must not have a query string or fragment");
  if (!url.pathname.endsWith("/")) url.pathname += "/";
  return { upstream: { kind: "origin", baseUrl: url.href }, upstreamName: url.href };
}

/** Settings already read, by environment: workerd hands every request the same `env`. */
const checked = new WeakMap<Env, Settings>();

/** The settings of `env`, read once per environment; throws ConfigError naming the first bad one. */
export function settingsOf(env: Env): Settings {
  let settings = checked.get(env);
  if (settings === undefined) {
    settings = readSettings(env);
    checked.set(env, settings);
  }
  return settings;
}

function readSettings(env: Env): Settings {
  const cors = (env.CORS_ALLOW_ORIGIN ?? "*").split(",").map((s) => s.trim()).filter(Boolean);
  const settings: Omit<Settings, "indexKey"> = {
    ...upstreamOf(env),
    manifestTtlMs: integer(env, "MANIFEST_TTL_SECONDS", 60, 0, 86_400) * 1000,
    corsAllowOrigins: cors,
    upstreamTimeoutMs: integer(env, "UPSTREAM_TIMEOUT_MS", 10_000, 100, 120_000),
    searchTimeoutMs: integer(env, "SEARCH_TIMEOUT_MS", 25_000, 100, 300_000),
    maxQueryLength: integer(env, "MAX_QUERY_LENGTH", 512, 1, 10_000),
    maxLimit: integer(env, "MAX_LIMIT", 100, 1, 1000),
    maxOffset: integer(env, "MAX_OFFSET", 1000, 0, 9000),
    memoryCacheBytes: integer(env, "MEMORY_CACHE_MB", 32, 0, 100) * 1024 * 1024,
    maxRequestsPerWave: integer(env, "MAX_REQUESTS_PER_WAVE", 2, 0, 6),
    maxReadThroughBytes: integer(env, "MAX_READ_THROUGH_KB", 2048, 0, 8192) * 1024,
    edgeCache: flag(env, "EDGE_CACHE", true),
    edgeCacheTtlSeconds: integer(env, "EDGE_CACHE_TTL_SECONDS", 30 * 86_400, 60, 365 * 86_400),
  };
  return { ...settings, indexKey: JSON.stringify({ ...settings, upstream: undefined }) };
}
