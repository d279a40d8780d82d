import { z } from "zod";
import { EnvriggerError } from "../../core/errors.js";
import { parseJsonText } from "../../core/validate.js";
import type { GameVocabulary } from "./game-vocabulary.js";
import { readStageLayout, type StageLayout } from "./stage-layout.js";

const argumentSchema = z.object({ name: z.string(), type: z.string() });

/** The fields of a TextWorld game's JSON metadata (`*.json` beside the `*.z8`) that are read here. */
export const textWorldGameFileSchema = z.object({
  objective: z.string().default(""),
  metadata: z.object({ walkthrough: z.array(z.string().min(1)).min(1) }),
  quests: z.array(z.object({ reward: z.number(), commands: z.array(z.string().min(1)).default([]) })),
  infos: z.array(z.tuple([z.string(), z.object({ name: z.string().nullable(), type: z.string() })])),
  world: z.array(z.object({ name: z.string(), arguments: z.array(argumentSchema) })),
  KB: z.object({ logic: z.string() }),
});

/** A quest that scores: its reward and the winning commands TextWorld recorded for it. */
export interface TextWorldQuest {
  reward: number;
  commands: string[];
}

/** A TextWorld game as envrigger uses it (read from its metadata). */
export interface TextWorldGame {
  /** The file stem, e.g. `tw-rewardsDense_goalDetailed`. */
  name: string;
  /** The story file, relative to the data folder (`textworld/<name>.z8`). */
  storyFile: string;
  /** The objective text the game prints at the start (empty for `goalNone` games). */
  objective: string;
  /** The recorded winning command list. */
  walkthrough: string[];
  /** The quests with a positive reward, in file order. */
  quests: TextWorldQuest[];
  /** The sum of the quests' rewards: the game's maximum score. */
  maxScore: number;
  /** The name of the room the player starts in, when the world facts say. */
  startRoom: string | null;
  vocabulary: GameVocabulary;
  /** What a Setup can move before the game starts (see `stage_move`). */
  stage: StageLayout;
}

/** Command templates and type parents from the `KB.logic` text of TextWorld's metadata. */
function readKnowledgeBase(logic: string): Pick<GameVocabulary, "commandTemplates" | "typeParents"> {
  const commandTemplates = [...new Set([...logic.matchAll(/::\s*"([^"]+)"\s*::/g)].map((match) => match[1]))];
  const typeParents: Record<string, string> = {};
  for (const match of logic.matchAll(/^type (\w+)(?:\s*:\s*(\w+))?/gm)) if (match[2]) typeParents[match[1]] = match[2];
  return { commandTemplates, typeParents };
}

/** Parse a TextWorld game's JSON metadata; bad JSON or a bad shape throws `INVALID_SHAPE`. */
export function parseTextWorldGame(name: string, text: string): TextWorldGame {
  const file = parseJsonText(textWorldGameFileSchema, text, `TextWorld metadata of ${name}`, "INVALID_SHAPE");
  const names = new Map(file.infos.map(([id, info]) => [id, info]));
  const entityNames = new Map(file.infos.map(([id, info]) => [id, info.name]));
  const entities = file.infos
    .filter(([, info]) => info.name !== null && !["r", "P", "I"].includes(info.type))
    .map(([, info]) => ({ name: info.name as string, type: info.type }));
  const playerAt = file.world.find(
    (fact) => fact.name === "at" && fact.arguments[0]?.type === "P" && fact.arguments[1]?.type === "r",
  );
  const quests = file.quests
    .filter((quest) => quest.reward > 0)
    .map((quest) => ({ reward: quest.reward, commands: quest.commands }));
  if (quests.length === 0)
    throw new EnvriggerError("INVALID_SHAPE", `TextWorld metadata of ${name} has no quest with a reward`);
  return {
    name,
    storyFile: `textworld/${name}.z8`,
    objective: file.objective.trim(),
    walkthrough: file.metadata.walkthrough,
    quests,
    maxScore: quests.reduce((sum, quest) => sum + quest.reward, 0),
    startRoom: (playerAt && names.get(playerAt.arguments[1].name)?.name) ?? null,
    vocabulary: { ...readKnowledgeBase(file.KB.logic), entities },
    stage: readStageLayout(file.world, entityNames, playerAt?.arguments[1]?.name ?? null),
  };
}
