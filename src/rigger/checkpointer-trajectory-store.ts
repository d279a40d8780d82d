import type { BaseCheckpointSaver } from "@langchain/langgraph";
import { MemoryTrajectoryBatchStore, type TrajectoryBatchStore } from "./trajectory-batch-store.js";

const stores = new WeakMap<BaseCheckpointSaver, TrajectoryBatchStore>();

/** Make `store` the trajectory store of `checkpointer` (done by `openCheckpointer` for the run's SQLite file). */
export function attachTrajectoryStore(checkpointer: BaseCheckpointSaver, store: TrajectoryBatchStore): void {
  stores.set(checkpointer, store);
}

/**
 * Where a rig thread checkpointed in `checkpointer` keeps its trajectory batches: the store
 * attached to it (the run's SQLite file, for a checkpointer from `openCheckpointer`), or
 * else one in memory for as long as the checkpointer lives (right for `MemorySaver`; another
 * persistent saver's threads would not find their batches in a new process — open the
 * checkpointer with `openCheckpointer`). Without a checkpointer, a fresh in-memory store.
 */
export function trajectoryStoreOf(checkpointer?: BaseCheckpointSaver): TrajectoryBatchStore {
  if (!checkpointer) return new MemoryTrajectoryBatchStore();
  let store = stores.get(checkpointer);
  if (!store) {
    store = new MemoryTrajectoryBatchStore();
    stores.set(checkpointer, store);
  }
  return store;
}
