import { bugfixTextReply } from "../src/testing/bugfix-text-model.js";
import { startOpenAiCompatibleServer } from "../src/testing/openai-compatible-server.js";

// A bench's stand-in for a remote model endpoint, in its own process (as a real one would
// be): the local OpenAI-compatible test server answering BugFix turns after `argv[2]` ms.
// With `argv[3]` = `count-tokens`, each answer reports a token count as a tokenizer would,
// roughly: prompt and completion characters / 4. Prints its base URL, then serves until stdin closes.
const countTokens = process.argv[3] === "count-tokens";
const tokens = (text: string) => Math.ceil(text.length / 4);
const server = await startOpenAiCompatibleServer({
  replies: [],
  respond: (body) => {
    const reply = bugfixTextReply(body);
    if (!countTokens || reply.kind !== "text") return reply;
    const prompt = body.messages
      .map((message) => (typeof message.content === "string" ? message.content : ""))
      .join("\n");
    return { ...reply, usage: { promptTokens: tokens(prompt), completionTokens: tokens(reply.text) } };
  },
  delayMs: Number(process.argv[2] ?? "100"),
  maxRequests: 10_000_000,
});
process.stdout.write(`${server.baseUrl}\n`);
process.stdin.resume();
process.stdin.on("end", () => void server.close().then(() => process.exit(0)));
