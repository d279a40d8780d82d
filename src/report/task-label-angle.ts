/**
 * The angle of task labels on a chart's x axis: level while a few short ids fit side by
 * side, slanted once there are many tasks or long ids (so labels never overlap).
 */
export function taskLabelAngle(taskOrder: readonly string[]): number {
  const longest = Math.max(0, ...taskOrder.map((taskId) => taskId.length));
  return taskOrder.length > 6 || longest > 8 ? -35 : 0;
}
