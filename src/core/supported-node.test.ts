import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { packageFile } from "./package-root.js";
import { supportedNodeLineOf, supportedNodeRange, unsupportedNodeReason } from "./supported-node.js";

describe("supported Node versions", () => {
  it("are what package.json's engines state", () => {
    const manifest = JSON.parse(readFileSync(packageFile("package.json"), "utf8")) as { engines: { node: string } };
    expect(manifest.engines.node).toBe(supportedNodeRange);
  });

  it("accept each supported line from its oldest release on", () => {
    for (const version of ["20.19.0", "20.20.2", "22.12.0", "22.23.5", "24.0.0", "24.22.3", "v24.1.0"]) {
      expect(unsupportedNodeReason(version), version).toBeUndefined();
    }
    expect(supportedNodeLineOf("22.23.5")?.major).toBe(22);
  });

  it("refuse older releases of a line, odd lines and newer majors in one line naming the version and the fix", () => {
    for (const version of ["18.20.4", "20.18.3", "21.7.3", "22.11.0", "23.11.1", "25.2.1", "26.1.0"]) {
      const reason = unsupportedNodeReason(version);
      expect(reason, version).toContain(`Node ${version} is not supported`);
      expect(reason).toContain("install Node 24");
      expect(reason).toContain("npm ci");
      expect(reason).not.toContain("\n");
      expect(supportedNodeLineOf(version)).toBeUndefined();
    }
  });
});
