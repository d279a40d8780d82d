import type { LlmPolicyMode } from "./llm-policy-options.js";

/** What an LLM policy's system prompt is made of. */
export interface PolicySystemPromptInput {
  mode: LlmPolicyMode;
  /** In `text` mode: the text that teaches the env's action grammar (see `grammarPrompt`). */
  grammar?: string;
  /** Notes rendered as a "Skills" section (e.g. retrieved skills); none → no section. */
  skills: string[];
}

const TOOLS_TASK = [
  "You are an agent working in an environment. The first message states your task.",
  "Every turn, act by calling exactly one of the provided tools; its output comes back as the next message.",
  "Read each output carefully before the next call, and finish the task the way it asks (for example with a submit tool).",
].join("\n");

const TEXT_TASK = [
  "You are an agent working in an environment. The first message states your task.",
  "Every turn, act with exactly one call written in the grammar below; the environment's response comes back as the next message.",
  "Read each response carefully before the next call, and finish the task the way it asks (for example with a submit call).",
].join("\n");

/**
 * The system prompt of an LLM policy: the agent's task in brief (act with the tools, one
 * call per turn), the action grammar in `text` mode, and an optional skills section.
 */
export function policySystemPrompt(input: PolicySystemPromptInput): string {
  const sections = [input.mode === "tools" ? TOOLS_TASK : TEXT_TASK];
  if (input.mode === "text" && input.grammar) sections.push(input.grammar);
  if (input.skills.length > 0) {
    sections.push(
      [
        "## Skills",
        "Notes from earlier work on similar tasks; use them where they apply:",
        ...input.skills.map((skill) => `- ${skill}`),
      ].join("\n"),
    );
  }
  return sections.join("\n\n");
}
