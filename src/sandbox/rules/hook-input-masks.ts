import { hookInputKeys, type HookInputs, type InputKeys } from "./hook-inputs.js";

/** One hook parameter's keys as the sandbox reads them: -1 the whole value, else one bit per known key (in `hookInputKeys` order). */
export type InputMask = number;

/** The masks of every parameter of every hook, in the sandbox's hook order (filterAction, modifyTransition, filterObservation). */
export type HookInputMasks = readonly [
  readonly [InputMask, InputMask],
  readonly [InputMask, InputMask, InputMask],
  readonly [InputMask, InputMask],
];

/** The mask of a value read as a whole. */
export const WHOLE_INPUT = -1;

/** Every parameter read as a whole (a component about which nothing is known). */
export const wholeInputMasks: HookInputMasks = [
  [WHOLE_INPUT, WHOLE_INPUT],
  [WHOLE_INPUT, WHOLE_INPUT, WHOLE_INPUT],
  [WHOLE_INPUT, WHOLE_INPUT],
];

function maskOf(keys: InputKeys, known: readonly string[]): InputMask {
  if (keys === null) return WHOLE_INPUT;
  let mask = 0;
  for (const [index, key] of known.entries()) if (keys.includes(key)) mask |= 1 << index;
  return mask;
}

/** The masks of what a component's hooks may read (see `readHookInputs`), as the sandbox's `loadMember` takes them. */
export function hookInputMasks(inputs: HookInputs): HookInputMasks {
  const { action, transition, observation, context } = hookInputKeys;
  return [
    [maskOf(inputs.filterAction[0], action), maskOf(inputs.filterAction[1], context)],
    [
      maskOf(inputs.modifyTransition[0], action),
      maskOf(inputs.modifyTransition[1], transition),
      maskOf(inputs.modifyTransition[2], context),
    ],
    [maskOf(inputs.filterObservation[0], observation), maskOf(inputs.filterObservation[1], context)],
  ];
}

/** What the host must send for one layer: whether any of its hooks may read each optional input. */
export interface LayerReads {
  /** `action.args` in `filterAction` or `modifyTransition`. */
  actionArgs: boolean;
  /** `action.args` in `modifyTransition`. */
  transitionArgs: boolean;
  /** `transition.observation` (with its data) in `modifyTransition`. */
  transitionObservation: boolean;
  /** `transition.info` in `modifyTransition`. */
  transitionInfo: boolean;
  /** `observation.data` in `filterObservation`. */
  observationData: boolean;
}

const reads = (mask: InputMask, bit: number) => mask === WHOLE_INPUT || (mask & bit) !== 0;

/** {@link LayerReads} of a layer's masks. */
export function layerReads(masks: HookInputMasks): LayerReads {
  const [filterAction, modifyTransition, filterObservation] = masks;
  const transitionArgs = reads(modifyTransition[0], 2);
  return {
    actionArgs: reads(filterAction[0], 2) || transitionArgs,
    transitionArgs,
    transitionObservation: reads(modifyTransition[1], 1),
    transitionInfo: reads(modifyTransition[1], 16),
    observationData: reads(filterObservation[0], 2),
  };
}
