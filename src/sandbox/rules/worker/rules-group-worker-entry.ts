import { readlinkSync } from "node:fs";
import { parentPort, workerData } from "node:worker_threads";
import type { Action } from "../../../core/action.js";
import { errorMessage } from "../../../core/errors.js";
import type { JsonObject } from "../../../core/json.js";
import type { Observation } from "../../../core/observation.js";
import type { GroupCall } from "../../../harness/rules-group-runtime.js";
import type { TransitionInput } from "../../../harness/rules-runtime.js";
import { isolatedVm } from "../../isolate/load-isolated-vm.js";
import { compileRulesBootstrap } from "../rules-bootstrap-cache.js";
import type { SandboxRulesGroup } from "../sandbox-rules-group.js";
import { SandboxRulesGroupMember } from "../sandbox-rules-group-member.js";
import { SharedGroupIsolates } from "./shared-group-isolates.js";
import {
  cancelledSlots,
  type RulesGroupWorkerData,
  type RulesGroupWorkerLoaded,
  type RulesGroupWorkerMessage,
  type RulesGroupWorkerReply,
  type RulesGroupWorkerRequest,
} from "./rules-group-worker-messages.js";

/**
 * A worker thread of a `RulesGroupPool`: it holds the Rules groups the pool placed on it
 * (the sessions of one stack share an isolate, each one's state swapped in for its calls,
 * see `SharedGroupIsolates`), and runs each request on its group in the order requests
 * came. A hook that loops blocks this thread only, up to its wall-clock backstop (the pool
 * then moves the other groups away); the CPU-time budget reads this thread's clock (the
 * isolates run on it). A request of a placement the pool cancelled (its group moved to
 * another worker) is skipped and the session forgotten.
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

/** This thread's id on Linux (`/proc/thread-self` names `<pid>/task/<tid>`); undefined elsewhere. */
function systemThreadId(): number | undefined {
  try {
    const id = Number(readlinkSync("/proc/thread-self").split("/").at(-1));
    return Number.isInteger(id) ? id : undefined;
  } catch {
    return undefined;
  }
}

const port = parentPort;
if (port) {
  const cancelled = new Int32Array((workerData as RulesGroupWorkerData).cancelled);
  const isolates = new SharedGroupIsolates();
  const isCancelled = (placement: number) => Atomics.load(cancelled, placement % cancelledSlots) === placement;
  const reply = (message: RulesGroupWorkerReply) => port.postMessage(message);
  // One request at a time, in order: a later one waits for the one in hand.
  let queue: Promise<void> = Promise.resolve();
  const handle = async (request: RulesGroupWorkerRequest): Promise<void> => {
    if (request.kind === "end") {
      // After every request before it: end the thread itself, its isolates disposed first.
      // The thread ends when its event loop is empty, not at once: isolated-vm finishes a
      // disposal (and a hook cut at its backstop) with tasks of its own, and one that lands
      // after the thread's environment is gone aborts the whole process (`environment !=
      // nullptr`, seen when `process.exit` followed the disposal). A thread something still
      // holds ends after two seconds all the same.
      isolates.disposeAll();
      port.close();
      setTimeout(() => process.exit(0), 2_000).unref();
      return;
    }
    if (request.kind === "warm") return isolates.warm(request.stacks);
    if (request.kind === "load") {
      const loaded = isolates.load(request.placement, request.components, request.options);
      if (loaded.ok)
        for (const [layer, memory] of request.memories.entries())
          if (memory !== undefined) isolates.use(request.placement)?.setMemory(layer, memory as JsonObject);
      port.postMessage({ kind: "loaded", placement: request.placement, ...loaded } satisfies RulesGroupWorkerLoaded);
      return;
    }
    if (request.kind === "drop" || isCancelled(request.placement)) {
      // The session is done, or moved (the pool answers its calls elsewhere): forget it here.
      isolates.drop(request.placement);
      return;
    }
    if (request.kind === "disposeMember") return isolates.disposeMember(request.placement, request.layer);
    if (request.kind === "setMemory") {
      // A failure to put the session's state in shows at its next call, which answers it.
      try {
        isolates.use(request.placement)?.setMemory(request.layer, request.memory as JsonObject);
      } catch {}
      return;
    }
    if (request.kind === "member" && isolates.disposed(request.placement, request.layer)) {
      reply({ kind: "reply", id: request.id, ok: true, value: SandboxRulesGroupMember.disposed });
      return;
    }
    try {
      const group = isolates.use(request.placement);
      if (!group) throw new Error(`no Rules group ${request.placement} here`);
      reply({ kind: "reply", id: request.id, ok: true, value: await call(group, request) });
    } catch (error) {
      reply({ kind: "reply", id: request.id, ok: false, message: errorMessage(error) });
    } finally {
      isolates.called(request.placement);
    }
  };
  port.on("message", (request: RulesGroupWorkerRequest) => {
    queue = queue.then(() => handle(request));
  });
  // Load isolated-vm in this thread and make the bootstrap's code cache before saying ready:
  // the first group placed here would otherwise wait for both (seconds on a loaded machine).
  const first = new (isolatedVm().Isolate)({ memoryLimit: 8 });
  compileRulesBootstrap(first);
  first.dispose();
  port.postMessage({ kind: "ready", systemThreadId: systemThreadId() } satisfies RulesGroupWorkerMessage);
}
