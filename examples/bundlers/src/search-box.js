// The `<rangefind-search>` element from the `rangefind` package, bundled: it searches the site
// index (`rangefind build --site`) at its `index` attribute; the bundler emits the engine's
// worker and .wasm, as for src/main.js.
import "rangefind/search";
