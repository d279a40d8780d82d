import { describe, expect, it } from "vitest";
import { isSuccess } from "../rollout/summarize.js";
import { testEnvEpisodes } from "../testing/test-env-episodes.js";
import { attemptExamples, TRAJECTORIES_PER_ATTEMPT } from "./attempt-examples.js";

describe("the validation episodes an attempt keeps for the designer", () => {
  it("keeps the first few, and the first success when none of them succeeded", async () => {
    const episodes = await testEnvEpisodes(40);
    const successes = episodes.filter(isSuccess);
    const failures = episodes.filter((episode) => !isSuccess(episode));
    expect(successes.length).toBeGreaterThan(1);
    expect(failures.length).toBeGreaterThan(TRAJECTORIES_PER_ATTEMPT);
    // A success among the first few: exactly the first few.
    const mixed = [successes[0]!, ...failures.slice(0, 4)];
    expect(attemptExamples(mixed)).toEqual(mixed.slice(0, TRAJECTORIES_PER_ATTEMPT));
    // None among the first few: the first few and the first later success.
    const late = [...failures.slice(0, 4), successes[1]!, successes[0]!];
    expect(attemptExamples(late)).toEqual([...late.slice(0, TRAJECTORIES_PER_ATTEMPT), successes[1]]);
    // No success at all, or fewer episodes than kept: as they are.
    expect(attemptExamples(failures.slice(0, 5))).toEqual(failures.slice(0, TRAJECTORIES_PER_ATTEMPT));
    expect(attemptExamples(failures.slice(0, 2))).toEqual(failures.slice(0, 2));
  });
});
