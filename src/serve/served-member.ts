import { z } from "zod";
import { harnessStackSpecSchema } from "../harness/harness-stack-spec.js";

/**
 * One member of what `envrigger serve` serves: a stack (a bare task is a stack without
 * layers), its id (the content hash of the spec) and, for stored candidates, the
 * validated success and the band it was validated against.
 */
export const servedMemberSchema = z.object({
  stackId: z.string().min(1),
  taskId: z.string().min(1),
  /** The task's group (e.g. bug family), when the env declares one: `/metadata` carries it, so a client's baseline keeps `byGroup`. */
  group: z.string().optional(),
  spec: harnessStackSpecSchema,
  /** The stored candidate's id, when the member came from one. */
  candidateId: z.string().optional(),
  /** The success rate of the candidate's validation rollouts. */
  validatedSuccess: z.number().min(0).max(1).optional(),
  /** The success band the candidate was validated against. */
  successBand: z.tuple([z.number(), z.number()]).optional(),
});
export type ServedMember = z.infer<typeof servedMemberSchema>;

/** How a reset without `task_id` / `stack_id` draws its member. */
export const memberWeightingSchema = z.enum(["uniform", "validation"]);
export type MemberWeighting = z.infer<typeof memberWeightingSchema>;

/** What a server serves: the env, its members, and how members are drawn. */
export interface ServedSet {
  envId: string;
  /** Where the set came from, for `/metadata` (e.g. `--candidates runs/<id>/candidates`). */
  source: string;
  members: ServedMember[];
  weighting: MemberWeighting;
  /** One positive weight per member (all 1 when uniform). */
  weights: number[];
}
