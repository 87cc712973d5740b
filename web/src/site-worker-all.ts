/// <reference lib="webworker" />
/** site-worker.ts for the site engine with every stemmer (sites in other languages). */

import * as engine from "./wasm-site-all/rangefind_wasm.js";
import { serveEngines } from "./worker-host.js";

serveEngines({ site: () => Promise.resolve(engine) });
