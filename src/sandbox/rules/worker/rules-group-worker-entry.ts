import { parentPort, workerData } from "node:worker_threads";
import type { Action } from "../../../core/action.js";
import { errorMessage } from "../../../core/errors.js";
import type { JsonObject } from "../../../core/json.js";
import type { Observation } from "../../../core/observation.js";
import type { GroupCall } from "../../../harness/rules-group-runtime.js";
import type { TransitionInput } from "../../../harness/rules-runtime.js";
import { createRulesGroupSandbox } from "../create-rules-group-sandbox.js";
import type { SandboxRulesGroup } from "../sandbox-rules-group.js";
import {
  cancelledSlots,
  type RulesGroupWorkerData,
  type RulesGroupWorkerLoaded,
  type RulesGroupWorkerMessage,
  type RulesGroupWorkerReply,
  type RulesGroupWorkerRequest,
} from "./rules-group-worker-messages.js";

/**
 * A worker thread of a `RulesGroupPool`: it holds the Rules groups the pool placed on it,
 * each in an isolate of its own, and runs each request on its group in the order requests
 * came. A hook that loops blocks this thread only, up to its wall-clock backstop (the pool
 * then moves the other groups away); the CPU-time budget reads this thread's clock (the
 * isolates run on it). A request of a placement the pool cancelled (its group moved to
 * another worker) is skipped and the group freed.
 */
type CallRequest = Extract<RulesGroupWorkerRequest, { kind: "group" | "member" }>;

function call(group: SandboxRulesGroup, request: CallRequest): unknown {
  if (request.kind === "member") {
    const member = group.members[request.layer];
    if (!member) throw new Error(`no member ${request.layer}`);
    const method = member[request.hook] as (...args: unknown[]) => Promise<unknown>;
    return method.apply(member, request.args);
  }
  const [from, to, input, ...rest] = request.args;
  const last = rest.at(-1);
  if (request.method === "filterActions")
    return group.filterActions(from as number, to as number, input as Action, last as GroupCall);
  if (request.method === "transitions")
    return group.transitions(
      from as number,
      to as number,
      input as TransitionInput,
      rest[0] as Action | null | "last",
      rest[1] as GroupCall,
    );
  return group.observations(from as number, to as number, input as Observation, rest[0] as GroupCall, last as boolean);
}

function free(group: SandboxRulesGroup): void {
  for (const member of group.members) member.dispose();
}

const port = parentPort;
if (port) {
  const cancelled = new Int32Array((workerData as RulesGroupWorkerData).cancelled);
  const groups = new Map<number, SandboxRulesGroup>();
  const isCancelled = (placement: number) => Atomics.load(cancelled, placement % cancelledSlots) === placement;
  const reply = (message: RulesGroupWorkerReply) => port.postMessage(message);
  // One request at a time, in order: a later one waits for the one in hand.
  let queue: Promise<void> = Promise.resolve();
  const handle = async (request: RulesGroupWorkerRequest): Promise<void> => {
    if (request.kind === "load") {
      const sandbox = createRulesGroupSandbox(request.components, request.options);
      const loaded: RulesGroupWorkerLoaded = sandbox.ok
        ? {
            kind: "loaded",
            placement: request.placement,
            ok: true,
            members: sandbox.group.members.map((member) => ({ hooks: member.hooks, usesState: member.usesState })),
          }
        : { kind: "loaded", placement: request.placement, ok: false, index: sandbox.index, issues: sandbox.issues };
      if (sandbox.ok) {
        groups.set(request.placement, sandbox.group);
        for (const [layer, memory] of request.memories.entries())
          if (memory !== undefined) sandbox.group.setMemory(layer, memory as JsonObject);
      }
      port.postMessage(loaded);
      return;
    }
    const group = groups.get(request.placement);
    if (request.kind === "drop" || isCancelled(request.placement)) {
      // The group is done, or moved (the pool answers its calls elsewhere): free it here.
      if (group) free(group);
      groups.delete(request.placement);
      return;
    }
    if (request.kind === "setMemory") return group?.setMemory(request.layer, request.memory as JsonObject);
    if (request.kind === "disposeMember") return group?.members[request.layer]?.dispose();
    if (!group) {
      reply({ kind: "reply", id: request.id, ok: false, message: `no Rules group ${request.placement} here` });
      return;
    }
    try {
      reply({ kind: "reply", id: request.id, ok: true, value: await call(group, request) });
    } catch (error) {
      reply({ kind: "reply", id: request.id, ok: false, message: errorMessage(error) });
    }
  };
  port.on("message", (request: RulesGroupWorkerRequest) => {
    queue = queue.then(() => handle(request));
  });
  port.postMessage({ kind: "ready" } satisfies RulesGroupWorkerMessage);
}
