import { ts } from "ts-morph";
import type { ComponentIssue } from "../component-issue.js";
import { unwrapExpression } from "./static-check-expressions.js";

const keepStateInMemory = "keep per-episode state in `context.memory`";

/** True for statements that the forbidden-construct check already reports. */
function reportedElsewhere(statement: ts.Statement): boolean {
  return (
    ts.isImportDeclaration(statement) ||
    ts.isImportEqualsDeclaration(statement) ||
    ts.isExportDeclaration(statement) ||
    ts.isClassDeclaration(statement) ||
    ts.isEnumDeclaration(statement) ||
    ts.isModuleDeclaration(statement)
  );
}

/** True when `declaration` is a top-level binding of the module (a `const`, maybe destructured, or a function). */
function isModuleLevel(declaration: ts.Node): boolean {
  let current: ts.Node = declaration;
  while (
    ts.isBindingElement(current) ||
    ts.isObjectBindingPattern(current) ||
    ts.isArrayBindingPattern(current) ||
    ts.isVariableDeclaration(current) ||
    ts.isVariableDeclarationList(current) ||
    ts.isVariableStatement(current)
  ) {
    current = current.parent;
  }
  return current !== declaration
    ? ts.isSourceFile(current)
    : ts.isFunctionDeclaration(declaration) && ts.isSourceFile(declaration.parent);
}

/** Problems in a top-level constant's initializer (function bodies inside it are not looked at). */
function checkConstantInitializer(initializer: ts.Expression, report: (node: ts.Node, message: string) => void): void {
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node)) return;
    if (ts.isCallExpression(node) || ts.isNewExpression(node) || ts.isTaggedTemplateExpression(node)) {
      report(
        node,
        "module-level constants must be plain data or functions: a call at the top level runs once at load and can create mutable state (a Map, a Set); compute it inside the hook or write the data out",
      );
      return;
    }
    if (ts.isRegularExpressionLiteral(node) && /\/[a-z]*[gy][a-z]*$/.test(node.text)) {
      report(
        node,
        "a module-level global or sticky regular expression keeps `lastIndex` between calls: create it inside the hook, or drop the g/y flag",
      );
    }
    ts.forEachChild(node, visit);
  };
  visit(initializer);
}

/** The variable a member write starts from (`x` in `x.a.b = 1`, `x[0]++`), if any. */
function writtenRoot(target: ts.Expression): ts.Identifier | undefined {
  let current = unwrapExpression(target);
  if (!ts.isPropertyAccessExpression(current) && !ts.isElementAccessExpression(current)) return undefined;
  while (ts.isPropertyAccessExpression(current) || ts.isElementAccessExpression(current)) {
    current = unwrapExpression(current.expression);
  }
  return ts.isIdentifier(current) ? current : undefined;
}

/** The expression an assignment, `++`/`--` or `delete` writes to, if `node` is one. */
function writeTarget(node: ts.Node): ts.Expression | undefined {
  if (ts.isBinaryExpression(node)) {
    const kind = node.operatorToken.kind;
    return kind >= ts.SyntaxKind.FirstAssignment && kind <= ts.SyntaxKind.LastAssignment ? node.left : undefined;
  }
  if (ts.isPrefixUnaryExpression(node) || ts.isPostfixUnaryExpression(node)) {
    const operator = node.operator;
    return operator === ts.SyntaxKind.PlusPlusToken || operator === ts.SyntaxKind.MinusMinusToken
      ? node.operand
      : undefined;
  }
  if (ts.isDeleteExpression(node)) return node.expression;
  return undefined;
}

/**
 * Module-level state, which would persist across hook calls and episodes (and escape
 * `context.memory`'s save/restore and size cap), is refused: only declarations may appear
 * at the top level (functions, `const`, types, the default export); `let`/`var` are
 * refused; a top-level constant's initializer may not call anything or hold a global/sticky
 * regular expression; and no code may write into a module-level constant's members. (At
 * run time the sandbox also freezes every module-level value.)
 */
export function findModuleState(sourceFile: ts.SourceFile, checker: ts.TypeChecker): ComponentIssue[] {
  const issues: ComponentIssue[] = [];
  const report = (node: ts.Node, message: string) => {
    const line = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line + 1;
    issues.push({ code: "forbidden-construct", message, line });
  };

  for (const statement of sourceFile.statements) {
    if (ts.isVariableStatement(statement)) {
      if ((statement.declarationList.flags & ts.NodeFlags.Const) === 0) {
        report(
          statement,
          `module-level \`let\`/\`var\` would keep state between hook calls: use \`const\`, and ${keepStateInMemory}`,
        );
        continue;
      }
      for (const declaration of statement.declarationList.declarations) {
        if (declaration.initializer) checkConstantInitializer(declaration.initializer, report);
      }
    } else if (
      !ts.isFunctionDeclaration(statement) &&
      !ts.isTypeAliasDeclaration(statement) &&
      !ts.isInterfaceDeclaration(statement) &&
      !ts.isExportAssignment(statement) &&
      !ts.isEmptyStatement(statement) &&
      !reportedElsewhere(statement)
    ) {
      report(
        statement,
        "only declarations (functions, constants, types) and `export default defineRules({ ... })` may appear at the top level",
      );
    }
  }

  const visit = (node: ts.Node): void => {
    const target = writeTarget(node);
    const root = target && writtenRoot(target);
    if (root) {
      const declaration = checker.getSymbolAtLocation(root)?.declarations?.[0];
      if (declaration && declaration.getSourceFile() === sourceFile && isModuleLevel(declaration)) {
        report(
          node,
          `writes into the module-level constant \`${root.text}\`: module-level values are frozen; ${keepStateInMemory}`,
        );
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return issues;
}
