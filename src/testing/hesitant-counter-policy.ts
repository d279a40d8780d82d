import { SequencePolicy } from "./sequence-policy.js";

const inc = { name: "inc", args: {} };
const submit = { name: "submit", args: {} };

/** A policy for the counter test env: reads the counter; before 3 it submits early with probability 0.2 (baseline ≈ 0.51). */
export const hesitantCounterPolicy = () =>
  new SequencePolicy((input) => {
    const counter = Number(/counter (-?\d+)/.exec(input.observation.text)?.[1] ?? 0);
    if (counter >= 3) return submit;
    return input.rng() < 0.2 ? submit : inc;
  }, "hesitant");
