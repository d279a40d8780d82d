import { Project, ts } from "ts-morph";
import { EnvriggerError } from "../../../core/errors.js";
import type { ComponentIssue } from "../component-issue.js";
import { harnessApiDeclaration } from "../harness-api.js";

const componentPath = "/component.ts";
const harnessPath = "/harness-api.d.ts";

/** Report at most this many compiler diagnostics per component (the first ones matter). */
const diagnosticLimit = 20;
/** Compiler messages are cut to this many characters. */
const messageLimit = 600;

/**
 * The ES library files components are compiled against: the ES2022 data library without
 * promises, proxies, reflection, shared memory, weak references or async iteration, so
 * using those is a type error too (the runtime removes them as well).
 */
const componentLibraries = [
  "lib.es5.d.ts",
  "lib.es2015.core.d.ts",
  "lib.es2015.collection.d.ts",
  "lib.es2015.iterable.d.ts",
  "lib.es2015.symbol.d.ts",
  "lib.es2016.array.include.d.ts",
  "lib.es2017.object.d.ts",
  "lib.es2017.string.d.ts",
  "lib.es2019.array.d.ts",
  "lib.es2019.object.d.ts",
  "lib.es2019.string.d.ts",
  "lib.es2020.string.d.ts",
  "lib.es2020.symbol.wellknown.d.ts",
  "lib.es2021.string.d.ts",
  "lib.es2022.array.d.ts",
  "lib.es2022.object.d.ts",
  "lib.es2022.string.d.ts",
  "lib.es2023.array.d.ts",
];

/**
 * The harness declaration as a global script: the same declarations without `export`, so
 * component code uses them without an import.
 */
export function globalHarnessDeclaration(): string {
  return harnessApiDeclaration.replace(/^export declare /gm, "declare ").replace(/^export /gm, "");
}

/** A component compiled in the shared project. Valid until the next {@link compileComponent} call. */
export interface CompiledComponent {
  sourceFile: ts.SourceFile;
  checker: ts.TypeChecker;
  /** Syntax and type errors (at most 20), with 1-based lines. */
  issues: ComponentIssue[];
}

let sharedProject: Project | undefined;

/** The last component compiled without any syntax or type error, with its program. */
let lastCleanCompile: { source: string; program: ts.Program; sourceFile: ts.SourceFile } | undefined;

/** The one in-memory project every check reuses (created on first use). */
function project(): Project {
  if (sharedProject) return sharedProject;
  sharedProject = new Project({
    useInMemoryFileSystem: true,
    skipAddingFilesFromTsConfig: true,
    skipFileDependencyResolution: true,
    compilerOptions: {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      moduleDetection: ts.ModuleDetectionKind.Force,
      lib: componentLibraries,
      types: [],
      strict: true,
      // Emit is on only so a checked component's JavaScript can be taken from this program
      // (see emitCheckedComponent); it is written to memory, never to a file system.
      removeComments: true,
      sourceMap: false,
      noResolve: true,
      skipLibCheck: true,
      allowJs: false,
    },
  });
  sharedProject.createSourceFile(harnessPath, globalHarnessDeclaration());
  return sharedProject;
}

/** Compiler advice that makes no sense for components (install @types/node, change the lib). */
const irrelevantAdvice = / (Do you need to install type definitions|Do you need to change your target library)[^\n]*/g;

function toIssue(diagnostic: ts.Diagnostic, code: "syntax-error" | "type-error"): ComponentIssue {
  const text = ts
    .flattenDiagnosticMessageText(diagnostic.messageText, "\n")
    .replace(irrelevantAdvice, " (not available in components)");
  const message = text.slice(0, messageLimit);
  const { file, start } = diagnostic;
  if (!file || start === undefined) return { code, message };
  return { code, message, line: file.getLineAndCharacterOfPosition(start).line + 1 };
}

/**
 * Compile `source` as a component against the harness API in the shared project (one
 * TypeScript program is kept and incrementally updated, so only the first check pays for
 * loading the library). Returns the parsed file, a type checker for it, and its syntax and
 * type errors as issues. Synchronous; the result is valid until the next call.
 */
export function compileComponent(source: string): CompiledComponent {
  project().createSourceFile(componentPath, source, { overwrite: true });
  const program = project().getProgram().compilerObject;
  const sourceFile = program.getSourceFile(componentPath);
  if (!sourceFile) throw new EnvriggerError("INTERNAL", "the component file is missing from the static-check project");
  const syntactic = program.getSyntacticDiagnostics(sourceFile);
  const semantic = syntactic.length > 0 ? [] : program.getSemanticDiagnostics(sourceFile);
  lastCleanCompile = syntactic.length === 0 && semantic.length === 0 ? { source, program, sourceFile } : undefined;
  const issues = [
    ...syntactic.map((diagnostic) => toIssue(diagnostic, "syntax-error")),
    ...semantic.map((diagnostic) => toIssue(diagnostic, "type-error")),
  ].slice(0, diagnosticLimit);
  return { sourceFile, checker: program.getTypeChecker(), issues };
}

/**
 * Words whose presence sends a source to a fresh `transpileModule` instead: what a
 * whole-program emit may compile differently from an isolated one (const enums are
 * inlined, unused imports elided, type re-exports dropped, namespaces merged). Components
 * may use none of these (the static check refuses them), so a hit only means an unusual
 * string or comment, and costs a slower but equal transpile.
 */
const isolatedOnlyWords = /\b(?:import|require|enum|namespace|module|declare)\b/;

/**
 * The JavaScript of `source` emitted from the program that just checked it, when `source`
 * is the component of the last {@link compileComponent} call, compiled without errors, has
 * exactly one `export` (its `export default`) and none of {@link isolatedOnlyWords};
 * `undefined` otherwise. Emitting from the checked program reuses its parse and type
 * checker, so it costs a fraction of a fresh `transpileModule`, and the output is the same
 * (same target, module and comment options, and none of the constructs whose output
 * depends on the rest of the program).
 */
export function emitCheckedComponent(source: string): string | undefined {
  const compiled = lastCleanCompile;
  if (compiled === undefined || compiled.source !== source) return undefined;
  if (source.indexOf("export") !== source.lastIndexOf("export") || isolatedOnlyWords.test(source)) return undefined;
  let javascript: string | undefined;
  const result = compiled.program.emit(compiled.sourceFile, (fileName, text) => {
    if (fileName.endsWith(".js")) javascript = text;
  });
  return result.emitSkipped || result.diagnostics.length > 0 ? undefined : javascript;
}

/** Syntax and type errors of the harness declaration itself in the shared project (for tests). */
export function harnessDeclarationDiagnostics(): string[] {
  const program = project().getProgram().compilerObject;
  const declaration = program.getSourceFile(harnessPath);
  if (!declaration) return ["the harness declaration is missing from the project"];
  return [...program.getSyntacticDiagnostics(declaration), ...program.getSemanticDiagnostics(declaration)].map(
    (diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"),
  );
}
