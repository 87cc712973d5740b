// A consumer of the `rangefind` package, built by vite and by webpack (see the configs next
// to this file). The bundler follows the package's new URL(…, import.meta.url) references and
// emits the engine's worker and .wasm as separate assets.
import { openIndex } from "rangefind";

const form = document.querySelector("form");
const input = document.querySelector("input");
const output = document.querySelector("output");
let index;

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  index ??= await openIndex(form.dataset.index ?? "/index/");
  const { count, hits, stats } = await index.search(input.value, { limit: 10 });
  output.innerHTML = `<p>${count} results (${stats.requests} requests, ${stats.bytes} bytes)</p>` +
    hits.map((hit) => `<article><h3>${hit.doc.title ?? hit.id}</h3><p>${hit.snippet ?? ""}</p></article>`).join("");
  output.dataset.count = String(count);
});
