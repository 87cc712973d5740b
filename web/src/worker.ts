/// <reference lib="webworker" />
/**
 * The engine's worker for every index type (openIndex, openSite without `engineDir`): loads the
 * engine an index needs when it is opened. Each engine's glue resolves its .wasm next to it
 * (new URL(…, import.meta.url)), and so does this script for the split engines, to fetch one
 * beside its glue; the paths are literal, so that bundlers see and emit them.
 */

import { englishEngineStems, siteEngineFor } from "./site.js";
import { serveEngines } from "./worker-host.js";

serveEngines({
  site: (stemmer) =>
    siteEngineFor(stemmer) === "wasm-site"
      ? import("./wasm-site/rangefind_wasm.js")
      : import("./wasm-site-all/rangefind_wasm.js"),
  splits: (name) =>
    name === "wasm-analytics"
      ? import("./wasm-analytics/rangefind_wasm.js")
      : name === "wasm-all"
        ? import("./wasm-all/rangefind_wasm.js")
        : import("./wasm/rangefind_wasm.js"),
  splitsWasm: (name) =>
    name === "wasm-analytics"
      ? new URL("./wasm-analytics/rangefind_wasm_bg.wasm", import.meta.url)
      : name === "wasm-all"
        ? new URL("./wasm-all/rangefind_wasm_bg.wasm", import.meta.url)
        : new URL("./wasm/rangefind_wasm_bg.wasm", import.meta.url),
  englishStems: englishEngineStems,
});
