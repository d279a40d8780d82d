import { describe, expect, it } from "vitest";
import { testEnvEpisodes as episodes } from "../testing/test-env-episodes.js";
import { MemoryTrajectoryBatchStore, trajectoriesOf } from "./trajectory-batch-store.js";

describe("trajectoriesOf", () => {
  it("reads a reference from the store, and refuses one the store lacks", async () => {
    const trajectories = await episodes(3);
    const store = new MemoryTrajectoryBatchStore();
    const ref = store.put(trajectories);
    expect(trajectoriesOf(store, ref)).toEqual(trajectories);
    expect(() => store.get({ batch: "b".repeat(64), episodes: 3 })).toThrow(
      expect.objectContaining({ code: "INVALID_SHAPE" }),
    );
  });
});
