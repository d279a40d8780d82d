import { bugfixTextReply } from "../src/testing/bugfix-text-model.js";
import { startOpenAiCompatibleServer } from "../src/testing/openai-compatible-server.js";

// A bench's stand-in for a remote model endpoint, in its own process (as a real one would
// be): the local OpenAI-compatible test server answering BugFix turns after `argv[2]` ms.
// Prints its base URL, then serves until stdin closes.
const server = await startOpenAiCompatibleServer({
  replies: [],
  respond: bugfixTextReply,
  delayMs: Number(process.argv[2] ?? "100"),
  maxRequests: 10_000_000,
});
process.stdout.write(`${server.baseUrl}\n`);
process.stdin.resume();
process.stdin.on("end", () => void server.close().then(() => process.exit(0)));
