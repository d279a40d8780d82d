import type { TemplateKnob } from "./harness-template.js";

/**
 * The knob of a template whose Rules layer switches its effect on per episode with
 * probability `probability` (the memory entry `switch`, see `episodeSwitch`): a mixture
 * from 0 (nothing changes) to 1, whose proposals declare the switch so the rule pools them.
 */
export function switchKnob(switchKey: string, harderWhen: TemplateKnob["harderWhen"]): TemplateKnob {
  return {
    name: "probability",
    neutral: 0,
    strongest: 1,
    integer: false,
    harderWhen,
    mixture: true,
    switch: switchKey,
  };
}
