import { describe, expect, it } from "vitest";
import { messageCharacters } from "./budgeted-message.js";
import { fitContextBudget, MINIMUM_OUTPUT_CHARS } from "./fit-context-budget.js";
import { PolicyConversation } from "./policy-conversation.js";

function conversation(outputs: string[]): PolicyConversation {
  const result = new PolicyConversation("SYSTEM");
  result.observe("TASK");
  outputs.forEach((output, index) => {
    result.answer({ kind: "call", call: { id: `call_${index}`, name: "peek", args: { index } } });
    result.observe(output);
  });
  return result;
}

const total = (messages: ReturnType<typeof fitContextBudget>["messages"]) =>
  messages.reduce((sum, message) => sum + messageCharacters(message), 0);

describe("fitContextBudget", () => {
  it("leaves a conversation within the budget unchanged", () => {
    const rendered = conversation(["a", "b"]).render();
    const fitted = fitContextBudget(rendered, 10_000);
    expect(fitted.messages).toEqual(rendered.map((entry) => entry.message));
    expect(fitted).toMatchObject({ truncatedOutputs: 0, droppedTurns: 0, characters: total(fitted.messages) });
  });

  it("shortens the oldest outputs first, only as much as needed, never the latest", () => {
    const outputs = ["A".repeat(2_000), "B".repeat(2_000), "C".repeat(2_000)];
    const rendered = conversation(outputs).render();
    const budget = total(rendered.map((entry) => entry.message)) - 1_000;
    const fitted = fitContextBudget(rendered, budget);
    const tools = fitted.messages.filter((message) => message.role === "tool").map((message) => message.content);
    expect(tools[0]).toMatch(/^A+\n\[… \d+ characters omitted …\]\nA+$/);
    expect(tools[1]).toBe(outputs[1]);
    expect(tools[2]).toBe(outputs[2]);
    expect(fitted.truncatedOutputs).toBe(1);
    expect(fitted.characters).toBe(total(fitted.messages));
    expect(fitted.characters).toBeLessThanOrEqual(budget);
  });

  it("drops the oldest turns whole once outputs are at their minimum, and says so in the task message", () => {
    const outputs = Array.from({ length: 6 }, (_, index) => `${index}`.repeat(1_000));
    const fitted = fitContextBudget(conversation(outputs).render(), 1_900);
    const roles = fitted.messages.map((message) => message.role);
    expect(roles.slice(0, 2)).toEqual(["system", "user"]);
    // Every remaining call still has its response right after it.
    roles.slice(2).forEach((role, index) => expect(role).toBe(index % 2 === 0 ? "assistant" : "tool"));
    expect(fitted.messages[1]?.content).toBe(
      `TASK\n\n[… ${fitted.droppedTurns} earlier turns omitted to fit the context budget …]`,
    );
    expect(fitted.messages.at(-1)?.content).toBe(outputs[5]);
    expect(fitted.droppedTurns).toBeGreaterThan(0);
    expect(fitted.characters).toBe(total(fitted.messages));
    expect(fitted.characters).toBeLessThanOrEqual(1_900);
    for (const message of fitted.messages.slice(2, -1)) {
      if (message.role === "tool") expect(message.content.length).toBeLessThanOrEqual(MINIMUM_OUTPUT_CHARS + 48);
    }
  });

  it("exceeds a budget smaller than the system prompt, task and latest turn rather than cut them", () => {
    const fitted = fitContextBudget(conversation(["x".repeat(500), "y".repeat(500)]).render(), 100);
    expect(fitted.messages.at(-1)?.content).toBe("y".repeat(500));
    expect(fitted.messages[0]?.content).toBe("SYSTEM");
    expect(fitted.characters).toBeGreaterThan(100);
  });

  it("keeps the note of a refused turn and shortens only the output after it", () => {
    const refused = new PolicyConversation("SYSTEM");
    refused.observe("TASK");
    refused.answer({ kind: "refused", description: "(an empty answer)", note: "NOTE" });
    refused.observe("z".repeat(3_000));
    refused.answer({ kind: "text", text: "inc" });
    refused.observe("counter 1");
    const fitted = fitContextBudget(refused.render(), 1_000);
    expect(fitted.messages[3]?.content).toMatch(/^NOTE\n\nz+\n\[… \d+ characters omitted …\]\nz+$/);
    expect(fitted.messages.at(-1)?.content).toBe("counter 1");
  });
});
