import { describe, expect, it } from "vitest";
import { OpenEnvSessionGate, type OpenEnvSessionHolder } from "./openenv-session-gate.js";

/** A holder that is reclaimable when told so, and counts its surrenders. */
function holder(reclaimable = false): OpenEnvSessionHolder & { idle: boolean; surrendered: number } {
  return {
    idle: reclaimable,
    surrendered: 0,
    reclaimable() {
      return this.idle;
    },
    async surrender() {
      this.surrendered += 1;
    },
  };
}

describe("OpenEnvSessionGate", () => {
  it("grants every request while the capacity is unknown", async () => {
    const gate = new OpenEnvSessionGate();
    await Promise.all([gate.acquire(holder()), gate.acquire(holder()), gate.acquire(holder())]);
    expect(gate.granted).toBe(3);
  });

  it("makes requests beyond the capacity wait, first come first served, until a session is released", async () => {
    const gate = new OpenEnvSessionGate();
    gate.learnCapacity(1);
    const [first, second, third] = [holder(), holder(), holder()];
    await gate.acquire(first);
    const order: string[] = [];
    const secondGranted = gate.acquire(second).then(() => order.push("second"));
    const thirdGranted = gate.acquire(third).then(() => order.push("third"));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(order).toEqual([]);
    expect(gate.waiting).toBe(2);
    gate.release(first);
    await secondGranted;
    expect(order).toEqual(["second"]);
    gate.release(second);
    await thirdGranted;
    expect(order).toEqual(["second", "third"]);
    expect(gate.granted).toBe(1);
  });

  it("reclaims an idle holder's session for a waiting one, and leaves busy holders alone", async () => {
    const gate = new OpenEnvSessionGate();
    gate.learnCapacity(2);
    const busy = holder(false);
    const idle = holder(false);
    await gate.acquire(busy);
    await gate.acquire(idle);
    const waiter = holder();
    let granted = false;
    const grant = gate.acquire(waiter).then(() => {
      granted = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(granted).toBe(false);
    idle.idle = true;
    await grant;
    expect(idle.surrendered).toBe(1);
    expect(busy.surrendered).toBe(0);
    expect(gate.granted).toBe(2);
  });

  it("learns the capacity once, from the first discovery that finds one", async () => {
    const gate = new OpenEnvSessionGate();
    let calls = 0;
    const find = async () => {
      calls += 1;
      return calls === 1 ? null : 3;
    };
    await Promise.all([gate.discover(find), gate.discover(find)]);
    expect(gate.capacity).toBeNull();
    await gate.discover(find);
    await gate.discover(find);
    expect(gate.capacity).toBe(3);
    expect(calls).toBe(2);
  });

  it("says when more sessions are granted than a capacity learnt later", async () => {
    const gate = new OpenEnvSessionGate();
    await gate.acquire(holder());
    await gate.acquire(holder());
    expect(gate.overCommitted).toBe(false);
    gate.learnCapacity(1);
    expect(gate.overCommitted).toBe(true);
  });
});
