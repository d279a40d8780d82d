/**
 * TextWorld (and Zork I) text adventures: the env definition, the game library with each
 * game's metadata, and the vocabulary a text policy may use. Code outside this folder
 * imports from here.
 */
export { type GameVocabulary, isOfType } from "./game-vocabulary.js";
export { type TextWorldEnvOptionsInput, textWorldEnvOptionsSchema, textworldEnv } from "./textworld-env-definition.js";
export { loadTextWorldLibrary, type TextWorldLibrary } from "./textworld-library.js";
