import { describe, expect, it } from "vitest";
import { applyReferenceChange, referenceEdit } from "./reference-change.js";

describe("referenceEdit", () => {
  it("gives a unique Edit that turns before into after", () => {
    const before = "a\nx\nb\nx\nc\n";
    const after = "a\nx\nb\ny\nc\n";
    const edit = referenceEdit("f.js", before, after);
    expect(edit?.kind).toBe("edit");
    expect(applyReferenceChange(edit!, before)).toBe(after);
    if (edit?.kind === "edit") expect(before.split(edit.old_string)).toHaveLength(2);
  });

  it("spans several hunks and pure insertions", () => {
    const before = "one\ntwo\nthree\nfour\n";
    const after = "zero\none\ntwo\nthree and a half\nfour\nfive\n";
    const edit = referenceEdit("f.js", before, after);
    expect(applyReferenceChange(edit!, before)).toBe(after);
    expect(applyReferenceChange(referenceEdit("f.js", "a\n", "a\nb\n")!, "a\n")).toBe("a\nb\n");
  });

  it("is null for equal texts and does not apply to a text without its old string", () => {
    expect(referenceEdit("f.js", "same", "same")).toBeNull();
    const edit = referenceEdit("f.js", "a\nb\n", "a\nc\n")!;
    expect(applyReferenceChange(edit, "x\ny\n")).toBeNull();
  });
});
