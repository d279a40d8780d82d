import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { EnvriggerError } from "../../core/errors.js";
import { packageFile } from "../../core/package-root.js";
import { parseJsonText } from "../../core/validate.js";
import { parseTextWorldGame, type TextWorldGame } from "./textworld-game.js";
import { zorkRouteSchema, type ZorkRoute } from "./zork-route.js";

/** The bundled TextWorld games (`data/textworld/<name>.z8` + `.json`, MIT, from microsoft/TextWorld). */
export const TEXTWORLD_GAME_NAMES = [
  "tw-another_game",
  "tw-rewardsDense_goalDetailed",
  "tw-rewardsDense_goalBrief",
  "tw-rewardsBalanced_goalDetailed",
  "tw-rewardsBalanced_goalBrief",
  "tw-rewardsSparse_goalDetailed",
  "tw-rewardsSparse_goalBrief",
  "tw-rewardsSparse_goalNone",
] as const;

/** Zork I's story file, relative to the data folder (MIT, from historicalsource/zork1). */
export const ZORK1_STORY_FILE = "zork1/zork1.z3";

/** The package's `data/` folder (works from any working directory, from `src/` and `dist/`). */
export function defaultDataDirectory(): string {
  return packageFile("data");
}

async function readData(directory: string, relativePath: string): Promise<Buffer> {
  const path = join(directory, relativePath);
  try {
    return await readFile(path);
  } catch (error) {
    throw new EnvriggerError("FILE_NOT_FOUND", `cannot read ${path}`, {
      cause: error,
      hint: "the TextWorld games ship in data/textworld/, Zork I in data/zork1/",
    });
  }
}

/**
 * The games' metadata (parsed once) and their story files (read on first use, then kept).
 * Immutable once loaded: envs copy a story's bytes into each game session they start.
 */
export class TextWorldLibrary {
  private readonly stories = new Map<string, Promise<Uint8Array>>();

  constructor(
    readonly games: readonly TextWorldGame[],
    readonly zorkRoute: ZorkRoute,
    private readonly dataDirectory: string,
  ) {}

  /** The bytes of a story file (`textworld/<name>.z8`, `zork1/zork1.z3`); a failed read is retried next time. */
  story(storyFile: string): Promise<Uint8Array> {
    let story = this.stories.get(storyFile);
    if (!story) {
      story = readData(this.dataDirectory, storyFile).then((bytes) => new Uint8Array(bytes));
      story.catch(() => this.stories.delete(storyFile));
      this.stories.set(storyFile, story);
    }
    return story;
  }
}

/** Read the bundled games' metadata and the Zork route (from `data/`, or `dataDirectory`). */
export async function loadTextWorldLibrary(dataDirectory: string = defaultDataDirectory()): Promise<TextWorldLibrary> {
  const games = await Promise.all(
    TEXTWORLD_GAME_NAMES.map(async (name) =>
      parseTextWorldGame(name, (await readData(dataDirectory, `textworld/${name}.json`)).toString("utf8")),
    ),
  );
  const routeText = (await readData(dataDirectory, "zork1/zork1-route.json")).toString("utf8");
  const zorkRoute = parseJsonText(zorkRouteSchema, routeText, "data/zork1/zork1-route.json", "INVALID_SHAPE");
  return new TextWorldLibrary(games, zorkRoute, dataDirectory);
}
