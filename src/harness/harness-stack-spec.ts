import { z } from "zod";
import { actionInputSchema } from "../core/action.js";
import { jsonObjectSchema } from "../core/json.js";

/** The environment at the bottom of a stack: a registered env id, the task, env options. */
export const baseEnvSpecSchema = z.strictObject({
  /** The env id as registered (e.g. `bugfix`, `file:./my-env.js`). */
  env: z.string().min(1),
  /** The task the stack was designed for (a Chain's second part runs its own task). */
  taskId: z.string().min(1),
  /** Env-specific options passed to `EnvDefinition.create`. */
  options: jsonObjectSchema.optional(),
});
export type BaseEnvSpec = z.infer<typeof baseEnvSpecSchema>;

/**
 * How many of a Setup's actions an episode replays, when it varies: per episode, one
 * `length` is drawn with probability proportional to its `weight` (from the reset seed).
 */
export const setupPrefixesSchema = z
  .array(z.strictObject({ length: z.number().int().nonnegative(), weight: z.number().positive() }))
  .min(1)
  .max(64);
export type SetupPrefixes = z.infer<typeof setupPrefixesSchema>;

/** A Setup layer: actions replayed after every reset (all of them, or a per-episode prefix of them). */
export const setupLayerSpecSchema = z.strictObject({
  kind: z.literal("setup"),
  actions: z.array(actionInputSchema),
  /** Absent: every action, every episode. */
  prefixes: setupPrefixesSchema.optional(),
});
export type SetupLayerSpec = z.infer<typeof setupLayerSpecSchema>;

/** A Rules layer: designer-written TypeScript source, loaded into a sandbox. */
export const rulesLayerSpecSchema = z.strictObject({
  kind: z.literal("rules"),
  source: z.string().min(1),
  /** A short name for people (file name, candidate id). */
  name: z.string().optional(),
});
export type RulesLayerSpec = z.infer<typeof rulesLayerSpecSchema>;

/** How a Chain composes its two parts: one after the other, or turn by turn. */
export const chainModeSchema = z.enum(["serial", "alternate"]);
export type ChainMode = z.infer<typeof chainModeSchema>;

/** A Chain layer (Link): the stack so far is the first part, `other` the second. */
export const chainLayerSpecSchema = z.strictObject({
  kind: z.literal("chain"),
  mode: chainModeSchema,
  /** The second part, a whole stack of its own; its `base.taskId` is the second task. */
  get other() {
    return harnessStackSpecSchema;
  },
  /** Text shown to the policy when a serial chain moves to its second part. */
  banner: z.string().optional(),
});
export type ChainLayerSpec = z.infer<typeof chainLayerSpecSchema>;

/** One layer of a stack. */
export const layerSpecSchema = z.discriminatedUnion("kind", [
  setupLayerSpecSchema,
  rulesLayerSpecSchema,
  chainLayerSpecSchema,
]);
export type LayerSpec = z.infer<typeof layerSpecSchema>;

/**
 * A harness stack as data (JSON): the base env and its layers, listed from the innermost
 * outward. Order is kept and matters (`buildStack` wraps in exactly this order).
 */
export const harnessStackSpecSchema = z.strictObject({
  version: z.literal(1),
  base: baseEnvSpecSchema,
  layers: z.array(layerSpecSchema),
});
export type HarnessStackSpec = z.infer<typeof harnessStackSpecSchema>;
