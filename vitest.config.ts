import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // isolated-vm needs --no-node-snapshot on Node >= 20; forks let us pass it.
    pool: "forks",
    execArgv: ["--no-node-snapshot"],
    // Tests run the TypeScript sources: a CLI a test spawns through bin/envrigger.js runs
    // src/ through tsx, never a possibly stale dist/ (test/package-tarball.test.ts packs
    // and runs the compiled package on purpose).
    env: { ENVRIGGER_FROM_SOURCE: "1" },
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
