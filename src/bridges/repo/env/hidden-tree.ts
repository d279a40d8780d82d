/** How to turn a reset workspace (the start tree) into the tree the hidden tests run on. */
export interface HiddenTreeChanges {
  /** Files to write, by path, with their content. */
  write: Record<string, string>;
  /** Files of the start tree to remove. */
  remove: string[];
}

/**
 * The hidden verdict's tree, as changes to the start tree: the reference tree, with the
 * agent's version of each editable file laid over it (SWE-bench applies the test patch
 * over the model's patch; here everything but the editable files is the reference's, so
 * no edit of a test, a fixture or a runner's configuration reaches the verdict, whatever
 * its path looks like). An editable file the agent does not have is absent; a file the
 * agent created that is not editable is left out.
 */
export function hiddenTreeChanges(
  start: Readonly<Record<string, string>>,
  reference: Readonly<Record<string, string>>,
  agent: Readonly<Record<string, string>>,
  editable: ReadonlySet<string>,
): HiddenTreeChanges {
  const write: Record<string, string> = {};
  const remove: string[] = [];
  const paths = new Set([...Object.keys(start), ...Object.keys(reference), ...editable]);
  for (const file of [...paths].sort()) {
    const wanted = editable.has(file) ? agent[file] : reference[file];
    if (wanted === start[file]) continue;
    if (wanted === undefined) remove.push(file);
    else write[file] = wanted;
  }
  return { write, remove };
}
