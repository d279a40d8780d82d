import { parse, View } from "vega";
import { compile, type TopLevelSpec } from "vega-lite";
import { EnvriggerError } from "../core/errors.js";

/** Chart styling shared by every chart of the report (system fonts only: nothing is fetched). */
const chartConfig = {
  font: "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif",
  background: "#ffffff",
  view: { stroke: "#e5e7eb" },
  axis: { labelFontSize: 11, titleFontSize: 12, gridColor: "#eef0f3" },
  legend: { labelFontSize: 11, titleFontSize: 12 },
  title: { fontSize: 13, anchor: "start" as const },
};

/** A Vega logger that keeps warnings and errors instead of printing them. */
class CollectingLogger {
  readonly warnings: string[] = [];
  level(): number {
    return 0;
  }
  error(...messages: unknown[]): this {
    this.warnings.push(messages.map(String).join(" "));
    return this;
  }
  warn(...messages: unknown[]): this {
    return this.error(...messages);
  }
  info(): this {
    return this;
  }
  debug(): this {
    return this;
  }
}

/**
 * Render a Vega-Lite specification to an SVG document string, in Node, at report time:
 * compile to Vega, run a headless view (no canvas, no DOM) and serialise its scenegraph.
 * Specifications carry their data inline; the loader is never asked for anything.
 * Vega-Lite warnings about the specification are errors here (a chart that silently drops
 * an encoding would mislead).
 */
export async function renderVegaLite(spec: TopLevelSpec): Promise<string> {
  const logger = new CollectingLogger();
  const { spec: vegaSpec } = compile({ ...spec, config: { ...chartConfig, ...spec.config } } as TopLevelSpec, {
    logger,
  });
  const { warnings } = logger;
  if (warnings.length > 0)
    throw new EnvriggerError("INTERNAL", `a report chart specification is invalid: ${warnings.join("; ")}`);
  const view = new View(parse(vegaSpec), { renderer: "none" });
  try {
    return await view.toSVG();
  } finally {
    view.finalize();
  }
}
