#!/usr/bin/env node
// `npx rangefind …`: runs the native CLI of this platform's package (see src/node/cli.ts).
import { runCliAsThisProcess } from "../dist/node/cli.js";

try {
  runCliAsThisProcess(process.argv.slice(2));
} catch (error) {
  console.error(`error: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
}
