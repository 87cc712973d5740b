import { cloudflareTest } from "@cloudflare/vitest-pool-workers";
import { defineConfig } from "vitest/config";

// The Worker's tests run inside workerd (the pool runs Miniflare with wrangler.jsonc: a local
// R2 bucket, caches.default), against real servers on 127.0.0.1 that test/global-setup.ts
// starts in Node. Needs target/release/rangefind and web/src/wasm (scripts/test.sh builds both).
export default defineConfig({
  plugins: [
    cloudflareTest(({ inject }) => ({
      wrangler: { configPath: "./wrangler.jsonc" },
      miniflare: { bindings: { TEST_FIXTURE: inject("fixture") } },
    })),
  ],
  test: {
    name: "worker",
    include: ["test/**/*.test.ts"],
    // After the other projects of a run that names it with them (vitest.config.ts).
    sequence: { groupOrder: 4 },
    globalSetup: ["test/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
