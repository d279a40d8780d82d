/** What a task build reports as it goes (a line per tree tried). */
export type BuildProgress = (line: string) => void;
