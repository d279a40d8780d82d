import { Node, Project, SyntaxKind, ts } from "ts-morph";
import type { MutationKind } from "../tasks/repo-task.js";
import type { SourceMutation } from "./source-mutation.js";

/** Operators flipped to their opposite (a wrong comparison, a wrong logic or arithmetic). */
const flips: Partial<Record<SyntaxKind, string>> = {
  [SyntaxKind.EqualsEqualsEqualsToken]: "!==",
  [SyntaxKind.ExclamationEqualsEqualsToken]: "===",
  [SyntaxKind.EqualsEqualsToken]: "!=",
  [SyntaxKind.ExclamationEqualsToken]: "==",
  [SyntaxKind.AmpersandAmpersandToken]: "||",
  [SyntaxKind.BarBarToken]: "&&",
  [SyntaxKind.PlusToken]: "-",
  [SyntaxKind.MinusToken]: "+",
  [SyntaxKind.AsteriskToken]: "/",
  [SyntaxKind.SlashToken]: "*",
  [SyntaxKind.GreaterThanToken]: "<",
  [SyntaxKind.LessThanToken]: ">",
};

/** Comparisons moved by one (`<` ↔ `<=`), the classic off-by-one. */
const boundaries: Partial<Record<SyntaxKind, string>> = {
  [SyntaxKind.LessThanToken]: "<=",
  [SyntaxKind.LessThanEqualsToken]: "<",
  [SyntaxKind.GreaterThanToken]: ">=",
  [SyntaxKind.GreaterThanEqualsToken]: ">",
};

/**
 * Every single-node mutation ts-morph finds in a JavaScript/TypeScript file, in source
 * order: flipped operators (`===`/`!==`, `&&`/`||`, `+`/`-`, `*`/`/`, `<`/`>`, `!x` → `x`),
 * off-by-one (`<` ↔ `<=`, an integer literal ±1), dropped branches (an `if` without
 * `else` removed), swapped arguments (the first two of a call, when they differ) and wrong
 * constants (`true`/`false`, a string literal emptied). Each replaces one span of the
 * text, so the rest of the file stays byte for byte.
 */
export function mutationCandidates(path: string, text: string): SourceMutation[] {
  const project = new Project({ useInMemoryFileSystem: true, compilerOptions: { allowJs: true } });
  const file = project.createSourceFile(path.replace(/\.[cm]?js$/, ".js"), text, { overwrite: true });
  const found: SourceMutation[] = [];
  const add = (kind: MutationKind, node: Node, replacement: string, description: string) => {
    found.push({
      kind,
      path,
      line: node.getStartLineNumber(),
      start: node.getStart(),
      end: node.getEnd(),
      replacement,
      description: `${description} at ${path}:${node.getStartLineNumber()}`,
    });
  };
  file.forEachDescendant((node) => {
    if (Node.isBinaryExpression(node)) {
      const operator = node.getOperatorToken();
      const kind = operator.getKind();
      const flipped = flips[kind];
      if (flipped) add("flip-operator", operator, flipped, `\`${operator.getText()}\` → \`${flipped}\``);
      const moved = boundaries[kind];
      if (moved) add("off-by-one", operator, moved, `\`${operator.getText()}\` → \`${moved}\``);
    } else if (Node.isPrefixUnaryExpression(node) && node.getOperatorToken() === SyntaxKind.ExclamationToken) {
      const operand = node.getOperand().getText();
      add("flip-operator", node, operand, `\`!${operand.slice(0, 30)}\` → \`${operand.slice(0, 30)}\``);
    } else if (Node.isNumericLiteral(node)) {
      const value = node.getLiteralValue();
      if (Number.isInteger(value) && value >= 0 && value < 1_000_000 && node.getText() === String(value)) {
        const changed = value === 0 ? 1 : value - 1;
        add("off-by-one", node, String(changed), `\`${value}\` → \`${changed}\``);
      }
    } else if (Node.isIfStatement(node) && node.getElseStatement() === undefined) {
      add("drop-branch", node, "", `\`if (${node.getExpression().getText().slice(0, 40)}) …\` removed`);
    } else if (Node.isCallExpression(node)) {
      const [first, second] = node.getArguments();
      if (first && second && first.getText() !== second.getText() && !Node.isSpreadElement(first)) {
        const span = text.slice(first.getStart(), second.getEnd());
        const between = text.slice(first.getEnd(), second.getStart());
        found.push({
          kind: "swap-arguments",
          path,
          line: node.getStartLineNumber(),
          start: first.getStart(),
          end: second.getEnd(),
          replacement: `${second.getText()}${between}${first.getText()}`,
          description: `arguments \`${span.slice(0, 40)}\` swapped at ${path}:${node.getStartLineNumber()}`,
        });
      }
    } else if (node.getKind() === SyntaxKind.TrueKeyword || node.getKind() === SyntaxKind.FalseKeyword) {
      const replacement = node.getKind() === SyntaxKind.TrueKeyword ? "false" : "true";
      add("wrong-constant", node, replacement, `\`${node.getText()}\` → \`${replacement}\``);
    } else if (Node.isStringLiteral(node) && node.getLiteralValue().length > 0 && !isModuleSpecifier(node)) {
      const quote = node.getText()[0] ?? '"';
      add("wrong-constant", node, `${quote}${quote}`, `${node.getText().slice(0, 30)} → ${quote}${quote}`);
    }
  });
  return found;
}

/** A string that names a module (`import … from "x"`, `require("x")`): emptying it breaks loading, not logic. */
function isModuleSpecifier(node: Node): boolean {
  const parent = node.getParent();
  if (!parent) return false;
  if (Node.isImportDeclaration(parent) || Node.isExportDeclaration(parent)) return true;
  return Node.isCallExpression(parent) && parent.getExpression().getText() === "require";
}

/** Whether the text still parses (a mutation must change behaviour, not make a syntax error). */
export function parsesCleanly(path: string, text: string): boolean {
  const output = ts.transpileModule(text, {
    fileName: path,
    reportDiagnostics: true,
    compilerOptions: { allowJs: true },
  });
  return (output.diagnostics ?? []).length === 0;
}
