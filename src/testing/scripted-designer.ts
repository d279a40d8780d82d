import type { CandidateProposal } from "../designer/candidate.js";
import type { DesignContext, Designer, Diagnosis } from "../designer/designer.js";

/**
 * A designer test double: `write` returns the scripted proposals in order (repeating the
 * last), or a function of the context; an entry that is an Error is thrown. Records every
 * context it was shown. With `tokensPerCall`, it reports token usage as an LLM designer
 * does: that many prompt and completion tokens per `diagnose` and `write` call.
 */
export class ScriptedDesigner implements Designer {
  readonly name = "scripted";
  readonly contexts: DesignContext[] = [];

  constructor(
    private readonly proposals: Array<CandidateProposal | Error> | ((context: DesignContext) => CandidateProposal),
    private readonly diagnosis: Diagnosis = { text: "scripted diagnosis", weaknesses: [], direction: "harder" },
    private readonly tokensPerCall?: { inputTokens: number; outputTokens: number },
  ) {}

  /** Tokens of every call so far (only with `tokensPerCall`). */
  get usage(): (() => { inputTokens: number; outputTokens: number; calls: number }) | undefined {
    const perCall = this.tokensPerCall;
    if (!perCall) return undefined;
    return () => ({
      inputTokens: perCall.inputTokens * this.contexts.length,
      outputTokens: perCall.outputTokens * this.contexts.length,
      calls: this.contexts.length,
    });
  }

  async diagnose(context: DesignContext): Promise<Diagnosis> {
    this.contexts.push(context);
    return this.diagnosis;
  }

  async write(context: DesignContext): Promise<CandidateProposal> {
    this.contexts.push(context);
    if (typeof this.proposals === "function") return this.proposals(context);
    const next = this.proposals[Math.min(context.attempts.length, this.proposals.length - 1)];
    if (next === undefined) throw new RangeError("ScriptedDesigner has no proposals");
    if (next instanceof Error) throw next;
    return next;
  }
}
