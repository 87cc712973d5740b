// `npx webpack --config examples/bundlers/webpack.config.js` (or the Node API, as the tests do)
// → examples/bundlers/dist-webpack. webpack 5 turns new Worker(new URL(…, import.meta.url))
// into a worker chunk and new URL("….wasm", import.meta.url) into an emitted asset.
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));

export default {
  mode: "production",
  context: here,
  entry: "./src/main.js",
  output: { path: join(here, "dist-webpack"), filename: "main.js", clean: true },
  resolve: { modules: [join(here, "..", "..", "node_modules"), "node_modules"] },
};
