import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { experimentSettingsSchema, experimentSettingTable } from "../rl/experiment-settings.js";
import { trainingSettingsSchema, trainingSettingTable } from "../rl/training-settings.js";
import { baselineSettingsSchema, baselineSettingTable } from "../rollout/baseline-settings.js";
import { measureSettingsSchema, measureSettingTable } from "./measure-settings.js";
import type { Setting } from "../core/setting.js";
import { curriculumSettingTable, rigSettingsSchema, rigSettingTable } from "./rig-settings.js";

const source = join(import.meta.dirname, "..");
/** Every settings table, by the file that declares it (relative to src/). */
const tables: Record<string, Record<string, Setting>> = {
  "rigger/rig-settings.ts": { ...rigSettingTable, ...curriculumSettingTable },
  "rl/training-settings.ts": trainingSettingTable,
  "rl/experiment-settings.ts": experimentSettingTable,
  "rollout/baseline-settings.ts": baselineSettingTable,
  "rigger/measure-settings.ts": measureSettingTable,
};
/** Every setting of every table, as `[field, setting]` (a row two tables share, such as `seed`, once per table). */
const settings: Array<[string, Setting]> = Object.values(tables).flatMap((table) => Object.entries(table));

/** The TypeScript sources under src/, tests and generated code aside. */
function sourceFiles(directory = source): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") && !entry.name.includes(".generated.")
      ? [path]
      : [];
  });
}

/** Commander's name for a flag's value (`--k-max` → `kMax`). */
const attributeOf = (flag: string) => flag.slice(2).replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());

/**
 * Other commands' options and other configurations that share a setting's name but keep
 * their own default, each with the reason (`file: name`). Anything else that states a
 * default for a setting of the table is a second declaration of it.
 */
const OWN_DEFAULTS: Record<string, string> = {
  "app/curriculum.ts: policy": "a rig's policy has no default: `policy` only names its run directory when absent",
  "cli/commands/check-component-command.ts: seed": "the smoke episode's seed",
  "cli/commands/export-command.ts: seed": "fresh rollouts of stored candidates",
  "cli/commands/export-command.ts: episodes": "fresh rollouts per stored candidate",
  "cli/commands/skills-command.ts: episodes": "extract's original-env rollouts per task, eval's per task and arm",
  "cli/program.ts: episodes": "skills eval states its own",
  "cli/commands/serve-command.ts: split": "the tasks served without a source",
  "cli/commands/skills-command.ts: seed": "the skill runs' own seeds",
  "cli/commands/skills-command.ts: split": "extract reads train, eval held-out tasks",
  "cli/program.ts: seed": "the commands above state their own",
  "cli/program.ts: split": "the commands above state their own",
  "rl/training-run-config.ts: split": "training evaluates on held-out tasks",
  "run-format/coevolution-round.ts: validation":
    "round.json's schema, a leaf below src/rl/, reads a round file without the field as the training default",
  "serve/load-served-set.ts: split": "the tasks served without a source",
};

/** Where a source states a default for one of the table's settings that have one (`file` relative to src/). */
function restatedDefaults(text: string, file = ""): string[] {
  const found: string[] = [];
  for (const [name, setting] of settings) {
    if (setting.default === undefined || OWN_DEFAULTS[`${file}: ${name}`]) continue;
    // A schema field with its own default: `k: z.number().int().min(1).default(5)`.
    if (new RegExp(`\\b${name}: z\\.[^\\n]*\\.default\\(`).test(text)) found.push(`${name}: z….default(…)`);
    // A fallback for a command-line value: `options.k ?? "5"`.
    if (new RegExp(`options\\.${attributeOf(setting.flag)} \\?\\? "`).test(text))
      found.push(`options.${attributeOf(setting.flag)} ?? "…"`);
    // A commander default: `.option("--k <n>", "…", "5")`.
    if (new RegExp(`\\.option\\(\\s*"${setting.flag} [^"]*",\\s*"[^"]*",\\s*"`).test(text))
      found.push(`.option("${setting.flag} …", …, default)`);
  }
  return found;
}

describe("the rig settings, declared once", () => {
  it("no source outside the table states a default for one of its settings", () => {
    const problems = sourceFiles()
      .filter((path) => !(relative(source, path) in tables))
      .flatMap((path) =>
        restatedDefaults(readFileSync(path, "utf8"), relative(source, path)).map(
          (what) => `${relative(source, path)}: ${what}`,
        ),
      );
    expect(problems).toEqual([]);
  });

  it("the check finds a restated default (it can fail)", () => {
    expect(restatedDefaults("const x = z.object({ k: z.number().int().min(1).default(5) });")).toEqual([
      "k: z….default(…)",
    ]);
    expect(restatedDefaults('parseInteger(options.kMax ?? "400", "--k-max")')).toEqual(['options.kMax ?? "…"']);
    expect(restatedDefaults('.option("--revisions <n>", "revisions", "5")')).toEqual([
      '.option("--revisions …", …, default)',
    ]);
  });

  it("each default the table shows is the one its schema applies", () => {
    const applied = rigSettingsSchema.parse({ env: "bugfix", policy: "hasty" }) as Record<string, unknown>;
    for (const [name, setting] of Object.entries(rigSettingTable)) {
      if ("default" in setting) expect(applied[name], name).toEqual(setting.default);
      else if (name !== "env" && name !== "policy") expect(applied[name], name).toBeUndefined();
    }
  });

  it("each default the training and experiment tables show is the one their schemas apply", () => {
    const applied: Record<string, unknown> = {
      ...trainingSettingsSchema.parse({}),
      ...experimentSettingsSchema.parse({}),
    };
    for (const [name, setting] of Object.entries({ ...trainingSettingTable, ...experimentSettingTable }))
      if ("default" in setting) expect(applied[name], name).toEqual(setting.default);
    expect(applied.arms).toEqual(experimentSettingTable.arms.defaultText.split(","));
  });

  it("each default the baseline and measure tables show is the one their schemas apply", () => {
    for (const [table, schema] of [
      [baselineSettingTable, baselineSettingsSchema],
      [measureSettingTable, measureSettingsSchema],
    ] as const) {
      const applied = schema.parse({}) as Record<string, unknown>;
      for (const [name, setting] of Object.entries(table)) expect(applied[name], name).toEqual(setting.default);
    }
  });

  it("each field is named after its flag, but for the few the stored run names more exactly", () => {
    const renamed = {
      envOptions: "--env-option",
      callTimeoutMs: "--call-timeout",
      candidatesDir: "--candidates",
      taskIds: "--task",
    };
    for (const [name, setting] of settings)
      expect(setting.flag, name).toBe(
        renamed[name as keyof typeof renamed] ?? `--${name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`,
      );
  });
});
