import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { testEnvEpisodes as episodes } from "../testing/test-env-episodes.js";
import { openCheckpointer } from "./open-checkpointer.js";
import { TRAJECTORY_BATCH_TABLE } from "./sqlite-trajectory-batch-store.js";
import { batchHash } from "./trajectory-batch-store.js";

const file = () => join(mkdtempSync(join(tmpdir(), "batches-")), "checkpoints.sqlite");

describe("SqliteTrajectoryBatchStore", () => {
  it("stores a batch once under the hash of its JSON and reads it back in another connection, validated", async () => {
    const path = file();
    const trajectories = await episodes(4);
    const writer = openCheckpointer(path);
    const ref = writer.trajectories.put(trajectories);
    expect(ref).toEqual({ batch: batchHash(JSON.stringify(trajectories)), episodes: 4 });
    // Writing the same batch again (a node re-run after a kill) adds no row.
    expect(writer.trajectories.put(trajectories)).toEqual(ref);
    expect(writer.saver.db.prepare(`SELECT COUNT(*) AS rows FROM ${TRAJECTORY_BATCH_TABLE}`).get()).toEqual({
      rows: 1,
    });
    writer.close();
    const reader = openCheckpointer(path, { writable: false });
    expect(reader.trajectories.get(ref)).toEqual(JSON.parse(JSON.stringify(trajectories)));
    reader.close();
  });

  it("refuses a reference it does not hold, a damaged batch, and a count that does not match, with INVALID_SHAPE", async () => {
    const path = file();
    const store = openCheckpointer(path);
    const ref = store.trajectories.put(await episodes(2));
    store.close();
    const missing = { batch: "0".repeat(64), episodes: 2 };
    const fresh = openCheckpointer(path);
    expect(() => fresh.trajectories.get(missing)).toThrow(
      expect.objectContaining({ code: "INVALID_SHAPE", message: expect.stringContaining("no trajectory batch") }),
    );
    expect(() => fresh.trajectories.get({ ...ref, episodes: 3 })).toThrow(
      expect.objectContaining({ code: "INVALID_SHAPE" }),
    );
    fresh.saver.db.prepare(`UPDATE ${TRAJECTORY_BATCH_TABLE} SET body = '[]'`).run();
    expect(() => fresh.trajectories.get(ref)).toThrow(
      expect.objectContaining({ code: "INVALID_SHAPE", message: expect.stringContaining("does not match") }),
    );
    fresh.close();
  });

  it("leaves a file without the table alone when opened to read, and says so when a reference points into it", () => {
    const path = file();
    const reader = openCheckpointer(path, { writable: false });
    expect(
      reader.saver.db.prepare("SELECT name FROM sqlite_master WHERE name = ?").all(TRAJECTORY_BATCH_TABLE),
    ).toEqual([]);
    expect(() => reader.trajectories.get({ batch: "a".repeat(64), episodes: 1 })).toThrow(
      expect.objectContaining({ code: "INVALID_SHAPE" }),
    );
    reader.close();
  });

  it("keeps a task's many small batches at hand, and lets a large batch push out the least recently used ones", async () => {
    const path = file();
    const { saver, trajectories: store, close } = openCheckpointer(path);
    const pool = await episodes(12);
    const small = Array.from({ length: 9 }, (_, start) => store.put(pool.slice(start, start + 3)));
    // With the rows gone, every read must come from memory.
    saver.db.prepare(`DELETE FROM ${TRAJECTORY_BATCH_TABLE}`).run();
    for (const round of [0, 1])
      for (const [start, ref] of small.entries())
        expect(store.get(ref), `round ${round}`).toEqual(pool.slice(start, start + 3));
    const large = store.put(Array.from({ length: 1000 }, (_, index) => pool[index % 12]!));
    expect(store.get(large)).toHaveLength(1000);
    expect(() => store.get(small[0]!)).toThrow(expect.objectContaining({ code: "INVALID_SHAPE" }));
    close();
  });
});
