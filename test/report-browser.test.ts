import { existsSync, mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium } from "playwright-core";
import { describe, expect, it } from "vitest";
import { runCli } from "../src/cli/program.js";
import { captureIo } from "./helpers/capture-io.js";

const root = join(import.meta.dirname, "..");
const chromiumPath = "/usr/bin/chromium";
const hasChromium = existsSync(chromiumPath);
const skipReason = `${chromiumPath} is missing — install Debian's chromium (apt-get install -y chromium) to run the browser test`;
if (!hasChromium) console.warn(`report-browser.test.ts skipped: ${skipReason}`);

/** Run a small real curriculum (BugFix, hasty, three tasks) in-process; returns its report's path. */
async function curriculumReport(): Promise<string> {
  const work = mkdtempSync(join(tmpdir(), "report-browser-"));
  const { io, out, err } = captureIo(root);
  const code = await runCli(
    [
      "curriculum",
      "--env",
      "bugfix",
      "--policy",
      "hasty",
      "--task",
      "clamp-0,range-2,divide-2",
      "--out",
      join(work, "run"),
      "--candidates",
      join(work, "candidates"),
      "--json",
    ],
    io,
  );
  expect(code, err()).toBe(0);
  const { report } = JSON.parse(out()) as { report: string | null };
  expect(report, err()).not.toBeNull();
  return report!;
}

describe("the report in a browser", () => {
  it.skipIf(!hasChromium)(
    `renders its charts with no console error and no network request${hasChromium ? "" : ` (skipped: ${skipReason})`}`,
    async () => {
      const report = await curriculumReport();
      const url = pathToFileURL(report).href;
      const context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), "chromium-profile-")), {
        executablePath: chromiumPath,
        headless: true,
        viewport: { width: 1300, height: 1000 },
        args: [
          "--headless",
          "--no-sandbox",
          "--disable-gpu",
          "--disable-background-networking",
          "--disable-component-update",
          "--disable-sync",
          "--no-first-run",
        ],
      });
      try {
        const requests: string[] = [];
        const problems: string[] = [];
        context.on("request", (request) => void requests.push(request.url()));
        const page = await context.newPage();
        page.on("console", (message) => {
          if (message.type() === "error" || message.type() === "warning")
            problems.push(`${message.type()}: ${message.text()}`);
        });
        page.on("pageerror", (error) => void problems.push(`page error: ${error.message}`));
        await page.goto(url, { waitUntil: "load" });

        const charts = await page.$$eval("svg.marks", (svgs) =>
          svgs.map((svg) => ({
            width: svg.getBoundingClientRect().width,
            height: svg.getBoundingClientRect().height,
            marks: svg.querySelectorAll('g.role-mark [role="graphics-symbol"]').length,
            title: svg.querySelector(".role-title-text text")?.textContent ?? "",
          })),
        );
        // Success per task, candidates per task, stop reasons, the cost, then one revision chart per rigged task.
        const titles = charts.map((chart) => chart.title);
        expect(titles.slice(0, 4)).toEqual([
          "Success rate per task",
          "Candidates written per task, by decision",
          "Stop reasons, before and after rigging (share of episodes)",
          "Rollouts spent per task",
        ]);
        expect(titles.slice(4).length).toBeGreaterThan(0);
        expect(new Set(titles.slice(4))).toEqual(new Set(["Success by revision"]));
        for (const chart of charts) {
          expect(chart.marks, chart.title).toBeGreaterThan(0);
          expect(chart.width, chart.title).toBeGreaterThan(100);
          expect(chart.height, chart.title).toBeGreaterThan(100);
        }
        expect(await page.locator("section.task").count()).toBe(3);
        expect(await page.locator("pre.code .tok-keyword").count()).toBeGreaterThan(0);
        // A baseline and a candidate episode per accepted or rejected task.
        const detailed = await page
          .locator("section.task:has(h3 .badge.accepted), section.task:has(h3 .badge.rejected)")
          .count();
        expect(detailed).toBeGreaterThan(0);
        expect(await page.locator("figure.trajectory table").count()).toBe(2 * detailed);
        expect(await page.locator("script").count()).toBe(0);

        const output = join(root, "test-output");
        mkdirSync(output, { recursive: true });
        await page.screenshot({ path: join(output, "report.png"), fullPage: true });
        await page.screenshot({ path: join(output, "report-top.png") });

        expect(problems).toEqual([]);
        expect(requests.filter((request) => request !== url)).toEqual([]);
      } finally {
        await context.close();
      }
    },
    240_000,
  );
});
