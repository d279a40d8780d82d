import { parentPort, workerData } from "node:worker_threads";
import type { Action } from "../../../core/action.js";
import { errorMessage } from "../../../core/errors.js";
import type { JsonObject } from "../../../core/json.js";
import type { Observation } from "../../../core/observation.js";
import type { GroupCall } from "../../../harness/rules-group-runtime.js";
import type { TransitionInput } from "../../../harness/rules-runtime.js";
import { createRulesGroupSandbox } from "../create-rules-group-sandbox.js";
import type { SandboxRulesGroup } from "../sandbox-rules-group.js";
import type {
  RulesGroupWorkerData,
  RulesGroupWorkerLoaded,
  RulesGroupWorkerReply,
  RulesGroupWorkerRequest,
} from "./rules-group-worker-messages.js";

/**
 * A Rules group in a worker thread of its own (see `loadRulesGroupInWorker`): loads the
 * group from `workerData`, answers `loaded`, then runs each request on the group in the
 * order it came. A hook that loops blocks this thread only, up to its wall-clock backstop;
 * the CPU-time budget reads this thread's clock (the isolate runs on it).
 */
async function answer(group: SandboxRulesGroup, request: RulesGroupWorkerRequest): Promise<unknown> {
  switch (request.kind) {
    case "group": {
      const [from, to, input, ...rest] = request.args;
      const call = rest.at(-1) as GroupCall;
      if (request.method === "filterActions")
        return group.filterActions(from as number, to as number, input as Action, call);
      if (request.method === "transitions")
        return group.transitions(
          from as number,
          to as number,
          input as TransitionInput,
          rest[0] as Action | null | "last",
          rest[1] as GroupCall,
        );
      return group.observations(
        from as number,
        to as number,
        input as Observation,
        rest[0] as GroupCall,
        rest[1] as boolean,
      );
    }
    case "member": {
      const member = group.members[request.layer];
      if (!member) throw new Error(`no member ${request.layer}`);
      const method = member[request.hook] as (...args: unknown[]) => Promise<unknown>;
      return method.apply(member, request.args);
    }
    case "setMemory":
      return group.setMemory(request.layer, request.memory as JsonObject);
    case "disposeMember":
      return group.members[request.layer]?.dispose();
    case "close":
      for (const member of group.members) member.dispose();
      return parentPort?.close();
  }
}

const port = parentPort;
if (port) {
  const data = workerData as RulesGroupWorkerData;
  const sandbox = createRulesGroupSandbox(data.components, data.options);
  const loaded: RulesGroupWorkerLoaded = sandbox.ok
    ? {
        kind: "loaded",
        ok: true,
        members: sandbox.group.members.map((member) => ({ hooks: member.hooks, usesState: member.usesState })),
      }
    : { kind: "loaded", ok: false, index: sandbox.index, issues: sandbox.issues };
  port.postMessage(loaded);
  if (sandbox.ok) {
    const group = sandbox.group;
    // One request at a time, in order: a later one waits for the one in hand.
    let queue: Promise<void> = Promise.resolve();
    port.on("message", (request: RulesGroupWorkerRequest) => {
      queue = queue.then(async () => {
        let reply: RulesGroupWorkerReply | undefined;
        try {
          const value = await answer(group, request);
          if (request.kind === "group" || request.kind === "member")
            reply = { kind: "reply", id: request.id, ok: true, value };
        } catch (error) {
          if (request.kind === "group" || request.kind === "member")
            reply = { kind: "reply", id: request.id, ok: false, message: errorMessage(error) };
        }
        if (reply) port.postMessage(reply);
      });
    });
  } else port.close();
}
