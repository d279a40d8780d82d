import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { designerPromptsDirectory, loadDesignerPrompt } from "./load-designer-prompt.js";

const scratch = mkdtempSync(join(tmpdir(), "envrigger-prompts-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("designer prompts", () => {
  it("finds the package's designer-prompts folder", () => {
    expect(designerPromptsDirectory()).toMatch(/designer-prompts$/);
  });

  it("states every designer rule in the system prompt", async () => {
    const system = (await loadDesignerPrompt("system", {})).replace(/\s+/g, " ");
    const rules = [
      "Never make the task unsolvable",
      "exactly as useless as a success rate of 1",
      "most rollouts end by the turn budget or a timeout",
      "failures concentrate on blocked or refused actions",
      "must undo or relax that restriction",
      "Piling on more bans never climbs back into the band",
      "Prefer narrow, subtle perturbations over broad bans",
      "one operation, one observation field",
      "Read the baseline as data",
      "Scale the perturbation to the headroom",
      "Perturb only what the policy actually uses",
      "When refining, keep what worked",
      "tune only its magnitude",
      "loosen it if it overshot",
      "tighten it if it fell short",
      "Never touch the reward or the verifier",
      "Success is the benchmark's own verdict",
      "cannot change the reward, `terminated`, `evaluate()`",
      "must never pre-solve the task",
    ];
    for (const rule of rules) expect(system).toContain(rule);
  });

  it("fails with BAD_CONFIG when the diagnose and write templates get no values", async () => {
    await expect(loadDesignerPrompt("diagnose", {})).rejects.toMatchObject({
      code: "BAD_CONFIG",
      message: expect.stringContaining("{{baselineTrajectories}}"),
    });
    await expect(loadDesignerPrompt("write", {})).rejects.toMatchObject({
      code: "BAD_CONFIG",
      message: expect.stringContaining("{{harnessApi}}"),
    });
  });

  it("fails with BAD_CONFIG on an unknown placeholder, an unused value, or a missing file", async () => {
    writeFileSync(join(scratch, "system.md"), "Rules for {{taskId}} and {{mystery}}.");
    await expect(loadDesignerPrompt("system", { taskId: "t" }, scratch)).rejects.toMatchObject({
      code: "BAD_CONFIG",
      message: expect.stringContaining("{{mystery}}"),
    });
    await expect(
      loadDesignerPrompt("system", { taskId: "t", mystery: "m", extra: "e" }, scratch),
    ).rejects.toMatchObject({ code: "BAD_CONFIG", message: expect.stringContaining("{{extra}}") });
    await expect(loadDesignerPrompt("system", { taskId: "t", mystery: "m" }, scratch)).resolves.toBe(
      "Rules for t and m.",
    );
    await expect(loadDesignerPrompt("write", {}, scratch)).rejects.toMatchObject({
      code: "BAD_CONFIG",
      message: expect.stringContaining("cannot read"),
    });
  });
});
