/// <reference lib="webworker" />
/**
 * The engine's worker for every index type (openIndex, openSite without `engineDir`): loads the
 * engine an index needs when it is opened. Each engine's glue resolves its .wasm next to it
 * (new URL(…, import.meta.url)), and so does this script for the split engines, to fetch one
 * beside its glue; the paths are literal, so that bundlers see and emit them.
 */

import { englishEngineStems, siteEngineFor } from "./site.js";
import { serveEngines, type SplitEngineName } from "./worker-host.js";

// Each path written out, so that bundlers see and emit every engine.
const splitEngines = {
  wasm: () => import("./wasm/rangefind_wasm.js"),
  "wasm-all": () => import("./wasm-all/rangefind_wasm.js"),
  "wasm-analytics": () => import("./wasm-analytics/rangefind_wasm.js"),
  "wasm-analytics-all": () => import("./wasm-analytics-all/rangefind_wasm.js"),
} satisfies Record<SplitEngineName, unknown>;
const splitEngineWasm: Record<SplitEngineName, () => URL> = {
  wasm: () => new URL("./wasm/rangefind_wasm_bg.wasm", import.meta.url),
  "wasm-all": () => new URL("./wasm-all/rangefind_wasm_bg.wasm", import.meta.url),
  "wasm-analytics": () => new URL("./wasm-analytics/rangefind_wasm_bg.wasm", import.meta.url),
  "wasm-analytics-all": () => new URL("./wasm-analytics-all/rangefind_wasm_bg.wasm", import.meta.url),
};

serveEngines({
  site: (stemmer) =>
    siteEngineFor(stemmer) === "wasm-site"
      ? import("./wasm-site/rangefind_wasm.js")
      : import("./wasm-site-all/rangefind_wasm.js"),
  splits: (name) => splitEngines[name](),
  splitsWasm: (name) => splitEngineWasm[name](),
  englishStems: englishEngineStems,
});
