import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { isEnvriggerError } from "../core/errors.js";
import { inProcessExecutor, runCurriculum } from "../curriculum/run-curriculum.js";
import type { CandidateProposal } from "../designer/candidate.js";
import type { RigDependencies } from "../rigger/rig-dependencies.js";
import { CandidateStore } from "../rigger/candidate-store.js";
import { FunctionRulesRuntime, type FunctionRulesHooks } from "../testing/function-rules-runtime.js";
import { ScriptedDesigner } from "../testing/scripted-designer.js";
import { SequencePolicy } from "../testing/sequence-policy.js";
import { TestEnvDefinition } from "../testing/test-env-definition.js";
import { readRun } from "../curriculum/read-run.js";
import { renderReportCharts } from "./render-report-charts.js";
import { taskFigures } from "./task-figures.js";
import { writeRunReport } from "./write-run-report.js";

const hostile = "</script><img src=x onerror=alert(1)>";
const escapedHostile = "&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;";

/** Rules sources of the scripted designer, each standing for the hooks below. */
const blockEverything = `// blocks every call\nexport default defineRules({ filterAction() { return { block: ${JSON.stringify(hostile)} }; } });`;
const doesNotCompile = "export default defineRules({ filterAction( });";
const sabotage = `// ${hostile}\nexport default defineRules({\n  filterAction(action, ctx) {\n    return action.name === "inc" && ctx.random() < 0.5 ? { rewrite: { name: "dec", args: {} } } : undefined;\n  },\n});`;
const hooks: Record<string, FunctionRulesHooks> = {
  [blockEverything]: { filterAction: () => ({ kind: "block", reason: hostile }) },
  [sabotage]: {
    filterAction: (action, context) =>
      action.name === "inc" && context.random() < 0.5
        ? { kind: "rewrite", action: { name: "dec", args: {} } }
        : { kind: "pass" },
    filterObservation: (observation) => ({ text: `${observation.text} ${hostile}` }),
  },
};

const rules = (source: string, rationale: string): CandidateProposal => ({
  layers: [{ kind: "rules", source }],
  rationale,
  template: "scripted",
  parameters: { note: hostile },
});

/** Reads the counter; before 3 it submits early with probability 0.2 (baseline ≈ 0.5). */
const policy = () =>
  new SequencePolicy((input) => {
    const counter = Number(/counter (-?\d+)/.exec(input.observation.text)?.[1] ?? 0);
    if (counter >= 3) return { name: "submit", args: {} };
    return input.rng() < 0.2 ? { name: "submit", args: {} } : { name: "inc", args: {} };
  }, "hesitant");

function dependencies(root: string): RigDependencies {
  const env = new TestEnvDefinition();
  // t1: blocked (unsolvable) → refused at check → sabotage (accepted); t2: always blocked (rejected).
  const designer = new ScriptedDesigner(
    (context) => {
      if (context.taskId === "t2") return rules(blockEverything, "block it all");
      return [
        rules(blockEverything, "block it all"),
        rules(doesNotCompile, "typo"),
        rules(sabotage, `turn half the increments around ${hostile}`),
      ][Math.min(context.attempts.length, 2)]!;
    },
    { text: `the policy submits early <b onmouseover="alert(1)">${hostile}</b>`, weaknesses: [], direction: "harder" },
  );
  return {
    env,
    policy,
    designer,
    stack: {
      resolveEnv: async () => env,
      loadRules: async (source) =>
        hooks[source]
          ? { ok: true as const, runtime: new FunctionRulesRuntime(hooks[source]!, { usesState: false }) }
          : { ok: false as const, issues: [{ code: "unknown", message: "no such source" }] },
    },
    checkRules: async (source) =>
      hooks[source]
        ? { ok: true, issues: [] }
        : { ok: false, issues: [{ code: "type-error", message: `does not compile ${hostile}`, line: 1 }] },
    harnessApi: "declare function defineRules(rules: object): object;",
    store: new CandidateStore(join(root, "candidates")),
  };
}

/** A real run of the rig graph over both train tasks of the test env (one accepted, one rejected). */
async function fixtureRun(): Promise<string> {
  const root = mkdtempSync(join(tmpdir(), "report-"));
  const runDirectory = join(root, "run");
  // `checkRollouts: 0`: the rule on the true rate — the report needs an accepted task, and under the
  // default 100-rollout check the sabotage stack is not accepted within the fixture's revisions.
  await runCurriculum(
    {
      runId: "fixture",
      env: "test",
      policy: "hesitant",
      designer: "scripted",
      target: { successBand: [0.1, 0.3] },
      checkRollouts: 0,
      revisions: 2,
      seed: 1,
      candidatesDir: join(root, "candidates"),
    },
    { runDirectory, env: new TestEnvDefinition(), executor: inProcessExecutor(async () => dependencies(root)) },
  );
  return runDirectory;
}

function copyRun(runDirectory: string): string {
  const copy = join(mkdtempSync(join(tmpdir(), "report-copy-")), "run");
  cpSync(runDirectory, copy, { recursive: true });
  return copy;
}

const svgCount = (html: string) => html.match(/<svg /g)?.length ?? 0;

/** Assert that the page holds `text` or matches a pattern (naming it, not printing the whole page, on failure). */
function expectPage(page: string, text: string | RegExp, holds = true): void {
  const found = typeof text === "string" ? page.includes(text) : text.test(page);
  expect(found, `page ${holds ? "lacks" : "holds"} ${String(text)}`).toBe(holds);
}

let runDirectory: string;
let html: string;

beforeAll(async () => {
  runDirectory = await fixtureRun();
  const { path } = await writeRunReport(runDirectory);
  expect(path).toBe(join(runDirectory, "report.html"));
  html = readFileSync(path, "utf8");
});

describe("writeRunReport", () => {
  it("reads a real run: one accepted and one rejected task with their revisions", async () => {
    const run = await readRun(runDirectory);
    expect(run.tasks.map((task) => [task.config.taskId, task.outcome])).toEqual([
      ["t1", "accepted"],
      ["t2", "rejected"],
    ]);
    expect(run.tasks[0]!.attempts.map((attempt) => attempt.decision?.direction ?? attempt.issues[0]?.code)).toEqual([
      "unsolvable",
      "type-error",
      "in-band",
    ]);
    const accepted = taskFigures(run.tasks[0]!);
    expect(accepted.after?.phase).toBe("accepted");
    expect(accepted.after!.success.value).toBeGreaterThanOrEqual(0.1);
    expect(accepted.after!.success.value).toBeLessThanOrEqual(0.3);
    expect(accepted.after!.steps.low).not.toBeNull();
    expect(taskFigures(run.tasks[1]!).after?.phase).toBe("best rejected");
  });

  it("writes one self-contained page: no script, no external resource, a policy that forbids loading anything", () => {
    expect(html.startsWith("<!doctype html>")).toBe(true);
    expectPage(html, /<script/i, false);
    expectPage(html, /<link/i, false);
    expectPage(html, /<(img|iframe|object|embed|video|audio|source)\b/i, false);
    expectPage(html, /\b(src|href)\s*=\s*["']?\s*(https?:)?\/\//i, false);
    expectPage(html, /@import|url\(/i, false);
    // Links only point inside the page.
    for (const [, target] of html.matchAll(/\bhref="([^"]*)"/g)) expect(target).toMatch(/^#task-\d+$/);
    expectPage(
      html,
      `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'`,
    );
  });

  it("escapes everything the run recorded: Rules source, rationale, diagnosis, parameters, issues, observations, blocked reasons", () => {
    expectPage(html, hostile, false);
    expectPage(html, "<img", false);
    expectPage(html, "<b onmouseover", false);
    expectPage(html, `<span class="tok-comment">// ${escapedHostile}</span>`);
    expectPage(html, `turn half the increments around ${escapedHostile}`);
    expectPage(html, `&lt;b onmouseover=&quot;alert(1)&quot;&gt;${escapedHostile}&lt;/b&gt;`);
    expectPage(html, `does not compile ${escapedHostile}`);
    expectPage(html, new RegExp(`counter \\d+ ${escapedHostile.replace(/[()]/g, "\\$&")}`));
    expectPage(html, `blocked by Rules#0`);
    // Every tag in the page is one the report itself writes (HTML structure and Vega's SVG).
    const tags = new Set([...html.matchAll(/<([a-zA-Z][a-zA-Z0-9]*)/g)].map((match) => match[1]!.toLowerCase()));
    const allowed = [
      "html",
      "head",
      "meta",
      "title",
      "style",
      "body",
      "main",
      "h1",
      "h2",
      "h3",
      "h4",
      "h5",
      "p",
      "dl",
      "dt",
      "dd",
      "div",
      "span",
      "strong",
      "code",
      "pre",
      "br",
      "a",
      "section",
      "table",
      "thead",
      "tbody",
      "tr",
      "th",
      "td",
      "ol",
      "li",
      "figure",
      "figcaption",
      "details",
      "summary",
      "svg",
      "g",
      "path",
      "rect",
      "text",
      "line",
      "defs",
      "clippath",
      "circle",
      "title",
    ];
    expect([...tags].filter((tag) => !allowed.includes(tag))).toEqual([]);
  });

  it("draws the charts with Vega-Lite: success per task, candidates, stop reasons, cost and each task's revisions", () => {
    // success, candidates, stop reasons, cost, and one revision chart per task.
    expect(svgCount(html)).toBe(6);
    for (const title of [
      "Success rate per task",
      "Candidates written per task, by decision",
      "Stop reasons, before and after rigging (share of episodes)",
      "Rollouts spent per task",
      "Success by revision",
    ])
      expectPage(html, title);
    expectPage(html, /class="mark-symbol role-mark/);
    expectPage(html, /class="mark-rect role-mark/);
    expectPage(html, "Mean steps per task", false);
    expectPage(html, "Learning curves", false);
    // Element ids (clip paths) stay unique across the inline SVGs.
    const ids = [...html.matchAll(/\bid="([^"]+)"/g)].map((match) => match[1]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("shows what each task cost, from its checkpoint: a cost column, the run's rollouts and rollouts per accepted env", async () => {
    const run = await readRun(runDirectory);
    const costs = run.tasks.map((task) => task.cost!);
    expect(costs.every((cost) => cost.rollouts > 0 && cost.envSteps > 0)).toBe(true);
    expectPage(html, "<th>cost</th>");
    for (const cost of costs)
      expectPage(
        html,
        `<td class="number">${cost.rollouts} rollouts, ${cost.envSteps} steps, ${(cost.wallMs / 1000).toFixed(1)} s</td>`,
      );
    const total = costs.reduce((sum, cost) => sum + cost.rollouts, 0);
    expectPage(html, `<div class="number">${total}</div><div class="label">rollouts spent</div>`);
    expectPage(html, `<div class="number">${total.toFixed(1)}</div><div class="label">rollouts per accepted env</div>`);
    // The run's result.json holds the same cost, per task and in total.
    const result = JSON.parse(readFileSync(join(runDirectory, "result.json"), "utf8")) as {
      tasks: Array<{ cost: { rollouts: number } }>;
      summary: { cost: { total: { rollouts: number }; perAcceptedEnv: { rollouts: number } } };
    };
    expect(result.tasks.map((task) => task.cost.rollouts)).toEqual(costs.map((cost) => cost.rollouts));
    expect(result.summary.cost.total.rollouts).toBe(total);
    expect(result.summary.cost.perAcceptedEnv.rollouts).toBe(total);
  });

  it("shows each revision's decision, the accepted stack and both example episodes", () => {
    expectPage(html, "unsolvable");
    expectPage(html, "refused at check");
    expectPage(html, "in-band");
    expectPage(html, "Accepted candidate");
    expectPage(html, "Layer 0 · Rules");
    expectPage(html, "Baseline (unmodified env)");
    expectPage(html, "With the accepted stack");
    expectPage(html, "rewritten by Rules#0");
    expectPage(html, "No candidate met the target within 2 revisions");
    expectPage(html, "Closest revision: #1 (rejected)");
    expectPage(html, "With the stack of revision #1");
  });

  it("charts mean steps per task and per revision when the target has a steps band", async () => {
    const run = await readRun(runDirectory);
    const tasks = run.tasks.map((task) => ({ task, figures: taskFigures(task) }));
    const charts = await renderReportCharts(tasks, { successBand: [0.1, 0.3], stepsBand: [2, 4] }, null);
    expect(charts.steps).toContain("Mean steps per task");
    expect(charts.revisions.get("t1")).toHaveLength(2);
    expect(charts.revisions.get("t1")![1]).toContain("Mean steps by revision");
  });

  it("charts the run's learning curves from curves.json, escaping series names", async () => {
    const copy = copyRun(runDirectory);
    const curves = {
      series: [
        {
          name: `success <b>${hostile}</b>`,
          points: [
            { step: 0, value: 0.2 },
            { step: 10, value: 0.45 },
            { step: 20, value: 0.6 },
          ],
        },
        {
          name: "reward",
          points: [
            { step: 0, value: 0.1 },
            { step: 20, value: 0.5 },
          ],
        },
      ],
    };
    writeFileSync(join(copy, "curves.json"), JSON.stringify(curves));
    const page = readFileSync((await writeRunReport(copy)).path, "utf8");
    expectPage(page, "Learning curves");
    expect(svgCount(page)).toBe(7);
    expectPage(page, /class="mark-line role-mark/);
    expectPage(page, hostile, false);
    writeFileSync(
      join(copy, "curves.json"),
      JSON.stringify({ series: [{ name: "x", points: [{ step: "one", value: 1 }] }] }),
    );
    await expect(writeRunReport(copy)).rejects.toSatisfy(
      (error) => isEnvriggerError(error, "BAD_CONFIG") && /curves\.json/.test((error as Error).message),
    );
  });

  it("reports a run that has not finished from its checkpoints", async () => {
    const copy = copyRun(runDirectory);
    rmSync(join(copy, "result.json"));
    const page = readFileSync((await writeRunReport(copy)).path, "utf8");
    expectPage(page, "not finished");
    expectPage(page, "Accepted candidate");
  });

  it("fails clearly on a directory that is not a run", async () => {
    const empty = mkdtempSync(join(tmpdir(), "not-a-run-"));
    await expect(writeRunReport(empty)).rejects.toSatisfy(
      (error) =>
        isEnvriggerError(error, "FILE_NOT_FOUND") && /is not a run: it has no run\.json/.test((error as Error).message),
    );
    await expect(writeRunReport(join(empty, "missing"))).rejects.toSatisfy(
      (error) => isEnvriggerError(error, "FILE_NOT_FOUND") && /is not a directory/.test((error as Error).message),
    );
    expect(existsSync(join(empty, "report.html"))).toBe(false);
  });
});
