import { describe, expect, it } from "vitest";
import { highlightTypeScript } from "./highlight-typescript.js";

function plainText(html: string): string {
  return html
    .replace(/<span class="tok-[a-z]+">|<\/span>/g, "")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");
}

const tricky = [
  "// </script><img src=x onerror=alert(1)>",
  "export default defineRules({",
  "  filterAction(action, ctx) {",
  "    const ratio = ctx.memory.count / 2 / 3;",
  "    const pattern = /<\\/script>/g;",
  "    const message = `turn ${ctx.turn} of ${`nested ${ { a: 1 }.a }`} done`;",
  "    /* <b>bold</b> & 'quotes' */",
  '    if (pattern.test(action.name) && ratio > 0x1F) return { block: "no \\"way\\" </style>" };',
  "    return undefined;",
  "  },",
  "});",
  "const unterminated = 'oops",
].join("\n");

describe("highlightTypeScript", () => {
  it("gives back the source exactly once the tags are removed and the text unescaped", () => {
    expect(plainText(highlightTypeScript(tricky))).toBe(tricky);
    expect(plainText(highlightTypeScript(""))).toBe("");
    expect(plainText(highlightTypeScript("a <b> c & d"))).toBe("a <b> c & d");
  });

  it("escapes markup in every token, so no tag or attribute from the source survives", () => {
    const html = highlightTypeScript(tricky);
    expect(html).not.toMatch(/<(?!\/?span[ >])/);
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;");
  });

  it("classifies keywords, strings, numbers, comments, template literals and regular expressions", () => {
    const html = highlightTypeScript(tricky);
    expect(html).toContain('<span class="tok-keyword">export</span>');
    expect(html).toContain('<span class="tok-keyword">return</span>');
    expect(html).toContain('<span class="tok-number">0x1F</span>');
    expect(html).toContain('<span class="tok-comment">/* &lt;b&gt;bold&lt;/b&gt; &amp; &#39;quotes&#39; */</span>');
    expect(html).toContain('<span class="tok-regex">/&lt;\\/script&gt;/g</span>');
    expect(html).toContain('<span class="tok-string">`turn ${</span>');
    expect(html).toContain('<span class="tok-string">} done`</span>');
    // Division is not mistaken for a regular expression.
    expect(html).toContain('count / <span class="tok-number">2</span> / <span class="tok-number">3</span>');
  });
});
