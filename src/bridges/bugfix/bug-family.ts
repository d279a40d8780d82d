import { z } from "zod";

/** The five bug families of the BugFix gym; a task's `group` is its family. */
export const bugFamilySchema = z.enum(["clamp", "range", "compare", "divide", "init"]);

/** A bug family name. */
export type BugFamily = z.infer<typeof bugFamilySchema>;
