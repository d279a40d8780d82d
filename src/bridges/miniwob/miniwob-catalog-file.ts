import { z } from "zod";

/** One listed task of the catalogue file. */
export const miniwobCatalogTaskSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/),
  /** The utterance of seed 0, as probed (shown by `envs`, never used by policies). */
  example: z.string(),
});

/** One task left out, with why. */
export const miniwobExcludedTaskSchema = z.strictObject({
  id: z.string().regex(/^[a-z0-9-]+$/),
  /** `drag`, `canvas`, `coordinates`, `timing`, `pointer`, `selection` or `does-not-start`. */
  category: z.enum(["drag", "canvas", "coordinates", "timing", "pointer", "selection", "does-not-start"]),
  reason: z.string().min(1),
});

/**
 * `data/miniwob/catalog.json`: which MiniWoB++ tasks the `miniwob` env lists and which it
 * leaves out and why. Written by `scripts/probe-miniwob-catalog.ts` (which starts every
 * task in Chromium once), read without a browser.
 */
export const miniwobCatalogFileSchema = z.strictObject({
  format: z.literal("miniwob-catalog/1"),
  note: z.string(),
  tasks: z.array(miniwobCatalogTaskSchema),
  excluded: z.array(miniwobExcludedTaskSchema),
});
export type MiniwobCatalogFile = z.infer<typeof miniwobCatalogFileSchema>;
