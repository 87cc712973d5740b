// `rangefind/vite`: a Vite plugin that indexes the built site after `vite build` (the
// <rangefind-search> widget, site.json and the site files in OUTDIR/_rangefind), so that
// `vite preview` and any static host serve the search with the pages.

import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Logger, Plugin } from "vite";
import { runCli } from "./cli.js";

export interface RangefindViteOptions {
  /**
   * Add the widget's script to every built page (default true), so that a page needs only a
   * `<rangefind-search></rangefind-search>` element where the search box goes. Set it to false
   * when the site loads the widget itself (e.g. `import "rangefind/search"`).
   */
  widgetScript?: boolean;
  /**
   * More arguments for `rangefind build --site OUTDIR`, e.g. `["--language", "en"]` or
   * `["--no-widget"]` (see `npx rangefind build --help`).
   */
  args?: readonly string[];
}

/** The plugin: add `rangefind()` to `plugins` in vite.config. */
export default function rangefind(options: RangefindViteOptions = {}): Plugin {
  let outDir = "";
  let base = "/";
  let logger: Logger | undefined;
  return {
    name: "rangefind",
    apply: (_config, env) => env.command === "build" || env.isPreview === true,
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
      logger = config.logger;
      const configured = config.base || "./";
      base = configured.endsWith("/") ? configured : `${configured}/`;
    },
    // A tag added after Vite's own processing is left as written: the script does not exist
    // until the index is built, after the bundle.
    transformIndexHtml: {
      order: "post",
      handler: (_html, { path }) =>
        options.widgetScript === false
          ? []
          : [{ tag: "script", attrs: { type: "module", src: `${siteRoot(base, path)}_rangefind/rangefind-search.js` }, injectTo: "head" }],
    },
    // Only the browser's build writes the pages: an SSR build (its own environment) has none.
    applyToEnvironment: (environment) => environment.name === "client",
    async closeBundle() {
      await runCli(["build", "--site", outDir, "--quiet", ...(options.args ?? [])]);
      logger?.info(`rangefind: indexed ${outDir} (_rangefind/)`);
    },
    configurePreviewServer(server) {
      const site = join(resolve(server.config.root, server.config.build.outDir), "_rangefind", "site.json");
      if (!existsSync(site)) {
        server.config.logger.warn(`rangefind: ${site} is missing: run \`vite build\` first, then preview`);
      }
    },
  };
}

/** The site's root as a page at `path` (e.g. /guide/index.html) reaches it, for Vite's `base`. */
function siteRoot(base: string, path: string): string {
  if (!base.startsWith(".")) return base;
  // A relative base (`./`) makes every URL relative to its page.
  const depth = path.split("/").length - 2;
  return depth > 0 ? "../".repeat(depth) : "./";
}
