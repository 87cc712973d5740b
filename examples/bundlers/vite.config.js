// `npx vite build examples/bundlers` → examples/bundlers/dist-vite (index.html, JS, worker, .wasm).
import { defineConfig } from "vite";

export default defineConfig({
  root: import.meta.dirname,
  build: {
    outDir: "dist-vite",
    emptyOutDir: true,
    // Two pages: an app calling openIndex, and the <rangefind-search> element.
    rollupOptions: { input: ["index.html", "search-box.html"].map((page) => `${import.meta.dirname}/${page}`) },
  },
  // The engine's worker is an ES module (it imports the wasm glue).
  worker: { format: "es" },
});
