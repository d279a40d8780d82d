/**
 * Failure markers of a verification output (fail, error, exception …), as a regular
 * expression source: detectors test outputs with it and Rules templates embed the same
 * pattern in their sources, so both read failures alike.
 */
export const failureMarkerSource =
  "\\b(fail|fails|failed|failure|failures|failing|error|errors|exception|traceback|assertionerror|incorrect|wrong)\\b";

const zeroFailuresPattern = /\b(0|no|zero) (failures?|failed|errors?)\b/gi;

/** Whether a verification output shows failure markers (fail, error, exception …; "0 failed" does not count). */
export function showsFailure(text: string): boolean {
  return new RegExp(failureMarkerSource, "i").test(text.replace(zeroFailuresPattern, ""));
}
