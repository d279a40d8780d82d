import { z } from "zod";
import { EnvriggerError } from "../core/errors.js";
import type { RunBudget } from "../rigger/run-budget.js";

/** What a task process asks of the run's budget, held by the curriculum's coordinator. */
export const budgetRequestSchema = z.object({
  budgetRequest: z.number().int().nonnegative(),
  call: z.discriminatedUnion("kind", [
    z.object({ kind: z.literal("reserve"), wanted: z.number().int().nonnegative() }),
    z.object({
      kind: z.literal("settle"),
      granted: z.number().int().nonnegative(),
      used: z.number().int().nonnegative(),
    }),
    z.object({ kind: z.literal("remaining") }),
  ]),
});
export type BudgetRequest = z.infer<typeof budgetRequestSchema>;

/** The coordinator's answer to a {@link BudgetRequest} with the same id. */
export const budgetReplySchema = z.object({ budgetReply: z.number().int().nonnegative(), value: z.number() });
export type BudgetReply = z.infer<typeof budgetReplySchema>;

/** Answer a task process's request from the run's budget. */
export async function answerBudgetRequest(budget: RunBudget, request: BudgetRequest): Promise<BudgetReply> {
  const { call } = request;
  let value = 0;
  if (call.kind === "reserve") value = await budget.reserve(call.wanted);
  else if (call.kind === "remaining") value = await budget.remaining();
  else await budget.settle(call.granted, call.used);
  return { budgetReply: request.budgetRequest, value };
}

/**
 * The run's budget as a task process sees it: each call is a message to the coordinator
 * (the parent process) and waits for its answer, so every lane draws on one total.
 * `receive` must be given every message from the parent; it takes the replies.
 */
export function processRunBudget(
  total: number,
  send: (request: BudgetRequest) => void,
): RunBudget & { receive(message: unknown): boolean } {
  let next = 0;
  const pending = new Map<number, (value: number) => void>();
  const ask = (call: BudgetRequest["call"]) =>
    new Promise<number>((resolve) => {
      const id = next++;
      pending.set(id, resolve);
      send({ budgetRequest: id, call });
    });
  return {
    total,
    reserve: (wanted) => ask({ kind: "reserve", wanted }),
    settle: async (granted, used) => void (await ask({ kind: "settle", granted, used })),
    remaining: () => ask({ kind: "remaining" }),
    receive(message) {
      const reply = budgetReplySchema.safeParse(message);
      if (!reply.success) return false;
      const resolve = pending.get(reply.data.budgetReply);
      if (!resolve)
        throw new EnvriggerError("INTERNAL", `a budget reply ${reply.data.budgetReply} that nothing asked for`);
      pending.delete(reply.data.budgetReply);
      resolve(reply.data.value);
      return true;
    },
  };
}
