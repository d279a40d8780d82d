import { z } from "zod";

/**
 * The five fix ops, one per bug family (in family order: clamp, range, compare, divide,
 * init). Each is a generic regex transform that knows nothing of the task.
 */
export const fixOpNames = ["swap_minmax", "extend_range", "relax_compare", "guard_zero", "toggle_init"] as const;

/** The six edit ops: the five fixes and the exploit `hardcode_tests`. */
export const editOpNameSchema = z.enum([...fixOpNames, "hardcode_tests"]);

/** An edit op name. */
export type EditOpName = z.infer<typeof editOpNameSchema>;

/** A fix op name (every edit op except the exploit). */
export type FixOpName = (typeof fixOpNames)[number];
