import { describe, expect, it } from "vitest";
import type { ActionInput } from "../../core/action.js";
import type { Observation } from "../../core/observation.js";
import type { Policy } from "../../core/policy.js";
import { createRng } from "../../core/seeding.js";
import { type WebElement, miniwobTools, renderDomView } from "../../bridges/miniwob/index.js";
import { createDomHeuristicPolicy } from "./dom-heuristic-policy.js";
import { createRandomWebPolicy } from "./random-web-policy.js";

const page = (utterance: string, elements: WebElement[]): Observation => ({
  text: renderDomView({ utterance, elements }),
});

function act(policy: Policy, observation: Observation, turn = 0, seed = 1): ActionInput {
  const random = createRng(seed);
  return policy.act({
    observation,
    tools: miniwobTools(),
    history: [],
    turn,
    rng: () => random.next(),
    random,
  }) as ActionInput;
}

const login = page('Enter the username "ann" and the password "X1" into the text fields and press login.', [
  { ref: 1, kind: "text", name: "Username" },
  { ref: 2, kind: "input", type: "text", value: "", label: "Username" },
  { ref: 3, kind: "text", name: "Password" },
  { ref: 4, kind: "input", type: "password", value: "", label: "Password" },
  { ref: 5, kind: "button", name: "Login" },
]);

describe("dom-heuristic", () => {
  it("types each quoted value into the field its label names, then submits", () => {
    const policy = createDomHeuristicPolicy();
    expect(act(policy, login)).toEqual({ name: "type", args: { ref: 2, text: "ann" } });
    const typed = page(login.text.split("\n")[0]!.slice(6), [
      { ref: 2, kind: "input", type: "text", value: "ann", label: "Username" },
      { ref: 4, kind: "input", type: "password", value: "", label: "Password" },
      { ref: 5, kind: "button", name: "Login" },
    ]);
    expect(act(policy, typed)).toEqual({ name: "type", args: { ref: 4, text: "X1" } });
    expect(act(policy, typed)).toEqual({ name: "click", args: { ref: 5 } });
  });

  it("clicks the element a quoted string names, chooses named options and ticks named boxes", () => {
    expect(
      act(
        createDomHeuristicPolicy(),
        page('Click on the "Next" button.', [
          { ref: 1, kind: "button", name: "Ok" },
          { ref: 2, kind: "button", name: "Next" },
        ]),
      ),
    ).toEqual({ name: "click", args: { ref: 2 } });
    expect(
      act(
        createDomHeuristicPolicy(),
        page("Select Blue from the list and click Submit.", [
          { ref: 1, kind: "select", value: "Red", options: ["Red", "Blue"] },
          { ref: 2, kind: "button", name: "Submit" },
        ]),
      ),
    ).toEqual({ name: "select", args: { ref: 1, option: "Blue" } });
    expect(
      act(
        createDomHeuristicPolicy(),
        page("Select kx2 and click Submit.", [
          { ref: 1, kind: "checkbox", name: "ab", checked: false },
          { ref: 2, kind: "checkbox", name: "kx2", checked: false },
        ]),
      ),
    ).toEqual({ name: "click", args: { ref: 2 } });
  });

  it("reads only the observation: a hidden element is never acted on", () => {
    const hidden = page('Click on the "Next" button.', [{ ref: 1, kind: "button", name: "Ok" }]);
    expect(act(createDomHeuristicPolicy(), hidden)).not.toEqual({ name: "click", args: { ref: 2 } });
  });
});

describe("random-web", () => {
  it("draws seeded, well-formed calls over the visible elements", () => {
    const seen = new Set<string>();
    for (let seed = 0; seed < 60; seed++) {
      const action = act(createRandomWebPolicy(), login, 0, seed) as { name: string; args: Record<string, unknown> };
      expect(["click", "type", "press", "scroll"]).toContain(action.name);
      if (action.args.ref !== undefined) expect([1, 2, 3, 4, 5]).toContain(action.args.ref);
      if (action.name === "type") expect([2, 4]).toContain(action.args.ref);
      seen.add(action.name);
      expect(act(createRandomWebPolicy(), login, 0, seed)).toEqual(action);
    }
    expect(seen.size).toBe(4);
  });
});
