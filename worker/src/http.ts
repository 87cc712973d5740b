/** JSON responses, errors and CORS headers of the search API. */

import type { Settings } from "./config.js";

/** The error body every non-2xx answer carries: `{"error": {"code", "message"}}`. */
export function errorResponse(status: number, code: string, message: string, headers: HeadersInit = {}): Response {
  return json({ error: { code, message } }, status, { "Cache-Control": "no-store", ...headers });
}

export function json(body: unknown, status = 200, headers: HeadersInit = {}): Response {
  return jsonText(JSON.stringify(body), status, headers);
}

/** A response whose body is `text`, already JSON. */
export function jsonText(text: string, status = 200, headers: HeadersInit = {}): Response {
  return new Response(text, {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", ...headers },
  });
}

/**
 * The CORS headers for a request from `origin` (`Origin` header): `*` allows any page,
 * a list allows those origins (echoed, with `Vary: Origin`), an empty setting sends none.
 */
export function corsHeaders(settings: Settings, origin: string | null): Record<string, string> {
  const allowed = settings.corsAllowOrigins;
  if (allowed.includes("*")) return { "Access-Control-Allow-Origin": "*" };
  if (allowed.length === 0) return {};
  const headers: Record<string, string> = { Vary: "Origin" };
  if (origin !== null && allowed.includes(origin)) headers["Access-Control-Allow-Origin"] = origin;
  return headers;
}

/** The answer to a CORS preflight. */
export function preflight(settings: Settings, origin: string | null): Response {
  return new Response(null, {
    status: 204,
    headers: {
      ...corsHeaders(settings, origin),
      "Access-Control-Allow-Methods": "GET, POST, OPTIONS",
      "Access-Control-Allow-Headers": "Content-Type",
      "Access-Control-Max-Age": "86400",
    },
  });
}
