import { defineConfig } from "vitest/config";

// Projects: `unit` (Node, fast), `browser` (real Chromium against a real Range server; needs
// web/dist and target/release/rangefind, which scripts/test.sh builds first), `packages` (the
// npm packages packed and installed as users get them, with no Rust on PATH), `worker-e2e`
// (`wrangler dev` serving the Worker over a local R2 bucket), and the Worker's own tests in
// workerd (worker/vitest.config.ts).

// Where the temporary directories of a run are made; removed when the run ends.
const tempRoot = "tests/temp-root.global.ts";

// Projects run one group after another (`sequence.groupOrder`): the machine has two cores, and
// two projects that each start Chromium, wrangler or a build at once would share them.
const group = (groupOrder: number) => ({ sequence: { groupOrder } });

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: "unit",
          include: ["web/test/**/*.test.ts"],
          environment: "node",
          ...group(0),
        },
      },
      {
        test: {
          name: "browser",
          ...group(1),
          globalSetup: [tempRoot],
          include: ["tests/browser/**/*.test.ts"],
          environment: "node",
          testTimeout: 180_000,
          hookTimeout: 300_000,
          // One Chromium at a time: the machine has two cores.
          fileParallelism: false,
        },
      },
      {
        test: {
          name: "packages",
          ...group(2),
          globalSetup: [tempRoot],
          include: ["tests/packages/**/*.test.ts"],
          environment: "node",
          testTimeout: 180_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: "worker-e2e",
          ...group(3),
          globalSetup: [tempRoot],
          include: ["tests/worker/**/*.test.ts"],
          environment: "node",
          testTimeout: 120_000,
          hookTimeout: 300_000,
        },
      },
      "worker/vitest.config.ts",
      {
        // Not tests: scripts/bench-*.sh and tests/real-sites/run.sh run them, BENCHMARKS.md
        // quotes them.
        test: {
          name: "benchmark",
          include: ["tests/benchmarks/**/*.bench-run.ts", "tests/real-sites/**/*.bench-run.ts"],
          environment: "node",
          hookTimeout: 600_000,
        },
      },
    ],
  },
});
