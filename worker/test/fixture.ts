/** What the tests share inside workerd: the fixture of global-setup.ts and a way to call the Worker. */

import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import worker, { type Env } from "../src/index.js";

export interface Fixture {
  /** `rangefind serve` of the fixture root: index/ (3 splits), single/ (1 split), first-half/, grown/. */
  origin: string;
  /** The misbehaving origin over index/ (test/misbehaving-origin.ts). */
  misbehaving: string;
  queries: string[];
  /** The CLI's answers to `queries`, limit 10. */
  expected: Array<{ count: number; hits: Array<{ id: string; score: number }> }>;
  /** The CLI's answers to `aggs` over everything (limit 0), and to "array" newest first. */
  analytics: {
    aggs: Record<string, unknown>;
    aggregated: { count: number; aggregations: Record<string, unknown> };
    newest: { count: number; hits: Array<{ id: string; sort: unknown }> };
  };
}

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_FIXTURE: string;
      INDEX_BUCKET: R2Bucket;
    }
  }
}

export const fixture = JSON.parse(env.TEST_FIXTURE) as Fixture;

/** The bindings of wrangler.jsonc (a local R2 bucket as INDEX_BUCKET, INDEX_PREFIX "mdn/"). */
export const baseEnv: Env = env;

/** The Worker's settings for an index on the origin (no bucket bound). */
export function originEnv(url: string, vars: Partial<Env> = {}): Env {
  return { ...baseEnv, INDEX_BUCKET: undefined, INDEX_URL: url, ...vars };
}

export interface Answer {
  status: number;
  headers: Headers;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
}

/** Calls the Worker's fetch handler as workerd would, waiting for its waitUntil work. */
export async function call(path: string, init: RequestInit = {}, envOverride: Env = baseEnv): Promise<Answer> {
  const ctx = createExecutionContext();
  const response = await worker.fetch(new Request(`https://search.test${path}`, init), envOverride, ctx);
  await waitOnExecutionContext(ctx);
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: kept as text for the assertion message
  }
  return { status: response.status, headers: response.headers, body };
}

/** `GET /search?q=…` (and other parameters). */
export function search(query: string, params: Record<string, string> = {}, envOverride: Env = baseEnv): Promise<Answer> {
  const search = new URLSearchParams({ q: query, ...params });
  return call(`/search?${search}`, {}, envOverride);
}

/** Copies the index directory `dir` of the origin (splits, split filter files, lexicon, manifest) into the bucket under `prefix`. */
export async function seedBucket(dir: string, prefix: string): Promise<void> {
  const manifestText = await (await fetch(`${fixture.origin}${dir}/manifest.json`)).text();
  type Files = Array<{ path: string }>;
  const manifest = JSON.parse(manifestText) as { splits: Files; split_filters?: Files; lexicon?: Files[number] };
  const lexicon = manifest.lexicon ? [manifest.lexicon] : [];
  for (const file of [...manifest.splits, ...(manifest.split_filters ?? []), ...lexicon]) {
    const bytes = await (await fetch(`${fixture.origin}${dir}/${file.path}`)).arrayBuffer();
    await baseEnv.INDEX_BUCKET!.put(`${prefix}${file.path}`, bytes);
  }
  // The manifest last, as `rangefind publish` does.
  await baseEnv.INDEX_BUCKET!.put(`${prefix}manifest.json`, manifestText);
}

/** (id, score to 4 digits) of each hit, the shape the CLI's answers are compared in. */
export function ranked(hits: Array<{ id: string; score: number }>): Array<[string, string]> {
  return hits.map((h) => [h.id, h.score.toPrecision(4)]);
}
