import { blockRepeatTemplate } from "./block-repeat-template.js";
import { exploreCallTemplate } from "./explore-call-template.js";
import type { HarnessTemplate } from "./harness-template.js";
import { maskObservationTemplate } from "./mask-observation-template.js";
import { maskEpisodeTemplate } from "./mask-episode-template.js";
import { moveReliedOnTemplate } from "./move-relied-on-template.js";
import { observationHintTemplate } from "./observation-hint-template.js";
import { padObservationTemplate } from "./pad-observation-template.js";
import { perturbPrefixTemplate } from "./perturb-prefix-template.js";
import { repairCallsTemplate } from "./repair-calls-template.js";
import { requireVerificationTemplate } from "./require-verification-template.js";
import { refuseOffPathTemplate } from "./refuse-off-path-template.js";
import { scaffoldPrefixTemplate } from "./scaffold-prefix-template.js";
import { startNearGoalTemplate } from "./start-near-goal-template.js";
import { steerCallTemplate } from "./steer-call-template.js";
import { truncateObservationTemplate } from "./truncate-observation-template.js";
import { turnLimitTemplate } from "./turn-limit-template.js";

/**
 * The heuristic designer's catalogue of parameterised templates. Each plans itself from
 * the diagnosis (or declines); the designer tries them by priority.
 * - harder: precondition on the weakness (`require-verification`, `block-repeat` void),
 *   `mask-observation` (of an information tool, else of the move whose answer shows the
 *   state), `mask-episode` (every observation, the first included, for policies that act
 *   on the start observation), `pad-observation`, `turn-limit`, `truncate-observation`, `perturb-prefix`,
 *   `move-relied-on` (a Setup through the env's staging tool: the thing the plan relies on moved away);
 * - easier: `scaffold-prefix`, then `start-near-goal` (a Setup replaying all but the last steps
 *   of a successful path, the policy's own or the env demonstrator's: reverse curriculum),
 *   `repair-calls` (unblock), `require-verification` (lenient), `block-repeat` (note),
 *   `refuse-off-path` (only the path's next call is accepted), `observation-hint`; and, when no baseline episode
 *   succeeded, `explore-call` then `steer-call` (the opening exploration found);
 * - target-weakness: the template that makes the named weakness decisive.
 */
export const harnessTemplates: readonly HarnessTemplate[] = [
  requireVerificationTemplate,
  blockRepeatTemplate,
  maskObservationTemplate,
  padObservationTemplate,
  turnLimitTemplate,
  truncateObservationTemplate,
  perturbPrefixTemplate,
  scaffoldPrefixTemplate,
  startNearGoalTemplate,
  repairCallsTemplate,
  refuseOffPathTemplate,
  observationHintTemplate,
  exploreCallTemplate,
  steerCallTemplate,
  maskEpisodeTemplate,
  moveReliedOnTemplate,
];
