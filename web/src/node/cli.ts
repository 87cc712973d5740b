// Finds and runs the `rangefind` CLI from npm: a native binary shipped in one package per
// platform (@rangefind/cli-linux-x64, …), listed as optional dependencies of `rangefind` with
// `os` and `cpu` fields, so npm installs only the one this machine runs. The way esbuild, biome
// and Pagefind ship theirs: no postinstall script, nothing downloaded from elsewhere.

import { spawn } from "node:child_process";
import { createRequire } from "node:module";

/** The platform package of each `${process.platform}-${process.arch}` a binary is built for. */
export const PLATFORM_PACKAGES: Readonly<Record<string, string>> = {
  "linux-x64": "@rangefind/cli-linux-x64",
  "linux-arm64": "@rangefind/cli-linux-arm64",
  "darwin-arm64": "@rangefind/cli-darwin-arm64",
  "darwin-x64": "@rangefind/cli-darwin-x64",
  "win32-x64": "@rangefind/cli-win32-x64",
};

/** Names a binary other than the platform package's: a CLI built from source, say. */
export const BINARY_VARIABLE = "RANGEFIND_BINARY";

const require = createRequire(import.meta.url);

/**
 * The path of the native `rangefind` binary for this machine: $RANGEFIND_BINARY when set, else
 * the one in this platform's package. Throws an error that says what to do when there is none.
 */
export function cliBinary(): string {
  const chosen = process.env[BINARY_VARIABLE];
  if (chosen) return chosen;
  const platform = `${process.platform}-${process.arch}`;
  const name = PLATFORM_PACKAGES[platform];
  if (!name) {
    throw new Error(
      `rangefind has no prebuilt CLI for ${platform} (there are: ${Object.keys(PLATFORM_PACKAGES).join(", ")}). ` +
        `Build it from source (cargo build --release in a clone of rangefind) and set ${BINARY_VARIABLE} to target/release/rangefind.`,
    );
  }
  const file = process.platform === "win32" ? "rangefind.exe" : "rangefind";
  try {
    return require.resolve(`${name}/bin/${file}`);
  } catch {
    throw new Error(
      `${name}, the rangefind CLI for ${platform}, is not installed. npm leaves it out when optional ` +
        `dependencies are omitted (--omit=optional, --no-optional) or when a lock file made on another ` +
        `platform is reused: install it with \`npm install ${name}\`, or set ${BINARY_VARIABLE} to a rangefind binary.`,
    );
  }
}

/**
 * Runs the CLI with `args` as this process (the `rangefind` bin): its output on this process's,
 * the signals this process gets passed on to it (a process manager's SIGTERM must stop a
 * `--serve`, not leave it running), and its exit status, or its signal, as this process's.
 */
export function runCliAsThisProcess(args: readonly string[]): void {
  const binary = cliBinary();
  const child = spawn(binary, args, { stdio: "inherit", windowsHide: true });
  const forward = (signal: NodeJS.Signals) => () => child.kill(signal);
  const signals: NodeJS.Signals[] = ["SIGINT", "SIGTERM", "SIGHUP"];
  for (const signal of signals) process.on(signal, forward(signal));
  child.on("error", (error) => {
    console.error(`error: cannot run ${binary}: ${error.message}`);
    process.exit(1);
  });
  child.on("exit", (code, signal) => {
    if (signal) {
      for (const name of signals) process.removeAllListeners(name);
      process.kill(process.pid, signal);
    } else {
      process.exit(code ?? 1);
    }
  });
}

/** Runs the CLI with `args` without blocking (for build tools' hooks); rejects when it fails. */
export function runCli(args: readonly string[], options: { cwd?: string } = {}): Promise<void> {
  return new Promise((resolve, reject) => {
    const binary = cliBinary();
    const child = spawn(binary, args, { stdio: "inherit", cwd: options.cwd, windowsHide: true });
    child.on("error", (error) => reject(new Error(`cannot run ${binary}: ${error.message}`)));
    child.on("exit", (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`rangefind ${args.join(" ")} failed (${signal ? `signal ${signal}` : `exit status ${code}`})`));
    });
  });
}
