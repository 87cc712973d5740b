/// <reference lib="webworker" />
/**
 * The widget's worker for sites searched with the English-only site engine: its glue is part
 * of this script, so the worker needs no second script before it can run, and the page hands
 * it the compiled module (openSite's `engineDir`). site-worker-all.ts is the same for the
 * engine with every stemmer.
 */

import * as engine from "./wasm-site/rangefind_wasm.js";
import { serveEngines } from "./worker-host.js";

serveEngines({ site: () => Promise.resolve(engine) });
