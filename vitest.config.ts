import { defineConfig } from "vitest/config";

/** What every test needs: isolated-vm wants --no-node-snapshot on Node ≥ 20, which forks let us pass. */
const shared = {
  pool: "forks" as const,
  execArgv: ["--no-node-snapshot"],
  // Tests run the TypeScript sources: a CLI a test spawns through bin/envrigger.js runs
  // src/ through tsx, never a possibly stale dist/ (test/package-tarball.test.ts packs
  // and runs the compiled package on purpose).
  env: { ENVRIGGER_FROM_SOURCE: "1" },
  testTimeout: 60_000,
  hookTimeout: 60_000,
};

export default defineConfig({
  test: {
    projects: [
      // Next to the code they test: one module or a few, in this process.
      { test: { ...shared, name: "unit", include: ["src/**/*.test.ts"] } },
      // The product end to end: the CLI, real services (Redis, Chromium, servers), packed tarballs.
      { test: { ...shared, name: "integration", include: ["test/**/*.test.ts"] } },
    ],
  },
});
