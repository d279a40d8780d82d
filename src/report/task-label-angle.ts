/**
 * The angle of task labels on a chart's x axis: level while a few short ids fit side by
 * side, slanted once there are many tasks or long ids (so labels never overlap).
 */
export function taskLabelAngle(taskOrder: readonly string[]): number {
  const longest = Math.max(0, ...taskOrder.map((taskId) => taskId.length));
  return taskOrder.length > 6 || longest > 8 ? -35 : 0;
}

/** The x encoding of a chart with one bar (or stack) per task, in the run's task order. */
export function taskAxis(taskOrder: string[]) {
  return {
    field: "task",
    type: "nominal" as const,
    title: null,
    sort: taskOrder,
    axis: { labelAngle: taskLabelAngle(taskOrder), labelLimit: 160 },
  };
}
