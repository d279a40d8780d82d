import { createHash } from "node:crypto";
import { bugfixTextReply } from "../src/testing/bugfix-text-model.js";
import { startOpenAiCompatibleServer } from "../src/testing/openai-compatible-server.js";

// A bench's stand-in for a remote model endpoint, in its own process (as a real one would
// be): the local OpenAI-compatible test server answering BugFix turns after `argv[2]` ms.
// With `argv[3]` = `count-tokens`, each answer reports a token count as a tokenizer would,
// roughly: prompt and completion characters / 4, and the prompt tokens a provider's prefix
// cache would serve under OpenAI's published rule (prompts of at least 1,024 tokens; the
// longest prefix seen in an earlier request, in steps of 128 tokens; the cache shared by
// every request, with no expiry over a bench's minutes). Prints its base URL, then serves
// until stdin closes.
const countTokens = process.argv[3] === "count-tokens";
const tokens = (text: string) => Math.ceil(text.length / 4);
const PREFIX_CACHE = { minimumTokens: 1024, stepTokens: 128, charactersPerToken: 4 };
const seenPrefixes = new Set<string>();
/** Tokens of `prompt` a prefix cache serves: its longest cacheable prefix some earlier request had. */
function cachedTokensOf(prompt: string): number {
  let cached = 0;
  for (let size = PREFIX_CACHE.minimumTokens; size <= tokens(prompt); size += PREFIX_CACHE.stepTokens) {
    const key = createHash("sha256")
      .update(prompt.slice(0, size * PREFIX_CACHE.charactersPerToken))
      .digest("base64");
    if (seenPrefixes.has(key)) cached = size;
    else seenPrefixes.add(key);
  }
  return cached;
}
const server = await startOpenAiCompatibleServer({
  replies: [],
  respond: (body) => {
    const reply = bugfixTextReply(body);
    if (!countTokens || reply.kind !== "text") return reply;
    const prompt = body.messages
      .map((message) => (typeof message.content === "string" ? message.content : ""))
      .join("\n");
    return {
      ...reply,
      usage: {
        promptTokens: tokens(prompt),
        completionTokens: tokens(reply.text),
        cachedTokens: cachedTokensOf(prompt),
      },
    };
  },
  delayMs: Number(process.argv[2] ?? "100"),
  maxRequests: 10_000_000,
});
process.stdout.write(`${server.baseUrl}\n`);
process.stdin.resume();
process.stdin.on("end", () => void server.close().then(() => process.exit(0)));
