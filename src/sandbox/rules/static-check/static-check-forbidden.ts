import { ts } from "ts-morph";
import type { ComponentIssue } from "../component-issue.js";
import { constantKey, isWrapperExpression, unwrapExpression } from "./static-check-expressions.js";
import {
  forbiddenGlobals,
  forbiddenMembers,
  forbiddenRegExpStatics,
  reservedNamePrefix,
} from "./static-check-forbidden-names.js";

/** True when `node` names a property rather than a variable (`x.name`, `{ name: … }`, `type T = A.name`). */
function isPropertyName(node: ts.Identifier | ts.PrivateIdentifier): boolean {
  const parent = node.parent;
  if (ts.isPropertyAccessExpression(parent)) return parent.name === node;
  if (ts.isQualifiedName(parent)) return parent.right === node;
  if (
    ts.isPropertyAssignment(parent) ||
    ts.isMethodDeclaration(parent) ||
    ts.isPropertySignature(parent) ||
    ts.isMethodSignature(parent) ||
    ts.isPropertyDeclaration(parent) ||
    ts.isGetAccessorDeclaration(parent) ||
    ts.isSetAccessorDeclaration(parent) ||
    ts.isEnumMember(parent)
  ) {
    return parent.name === node;
  }
  if (ts.isBindingElement(parent)) return parent.propertyName === node;
  if (ts.isLabeledStatement(parent) || ts.isBreakOrContinueStatement(parent)) return true;
  return false;
}

/** The key an identifier reads as a member: `x.key`, `{ key } = x`, `{ key: y } = x`. */
function memberKey(node: ts.Identifier): string | undefined {
  const parent = node.parent;
  if (ts.isPropertyAccessExpression(parent) && parent.name === node) return node.text;
  if (ts.isBindingElement(parent) && (parent.propertyName === node || (!parent.propertyName && parent.name === node))) {
    return node.text;
  }
  if (
    (ts.isPropertyAssignment(parent) || ts.isShorthandPropertyAssignment(parent)) &&
    parent.name === node &&
    node.text === "__proto__"
  ) {
    return node.text;
  }
  return undefined;
}

/** True when `identifier` refers to something not declared in the component (a global). */
function isGlobal(identifier: ts.Identifier, checker: ts.TypeChecker): boolean {
  const symbol = checker.getSymbolAtLocation(identifier);
  const declarations = symbol?.declarations ?? [];
  return declarations.every((declaration) => declaration.getSourceFile() !== identifier.getSourceFile());
}

function hasModifier(node: ts.Node, kind: ts.SyntaxKind): boolean {
  return ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((modifier) => modifier.kind === kind);
}

/** A message for syntax that components may not use, or `undefined`. */
function forbiddenSyntax(node: ts.Node): string | undefined {
  switch (node.kind) {
    case ts.SyntaxKind.ImportDeclaration:
    case ts.SyntaxKind.ImportEqualsDeclaration:
      return "imports are not available: a component is one file that uses only the harness API";
    case ts.SyntaxKind.ExportDeclaration:
      return "the only export allowed is `export default defineRules({ ... })`";
    case ts.SyntaxKind.MetaProperty:
      return (node as ts.MetaProperty).keywordToken === ts.SyntaxKind.ImportKeyword
        ? "import.meta is not available"
        : undefined;
    case ts.SyntaxKind.WithStatement:
      return "`with` is not allowed";
    case ts.SyntaxKind.DebuggerStatement:
      return "`debugger` is not allowed";
    case ts.SyntaxKind.ThisKeyword:
      return "`this` is not available in components: use the hook arguments";
    case ts.SyntaxKind.ClassDeclaration:
    case ts.SyntaxKind.ClassExpression:
      return "classes are not available in components: use functions and plain objects";
    case ts.SyntaxKind.EnumDeclaration:
      return "enums are not available in components: use string literal types or constants";
    case ts.SyntaxKind.ModuleDeclaration:
      return "namespaces and ambient modules are not available in components";
    case ts.SyntaxKind.AwaitExpression:
    case ts.SyntaxKind.YieldExpression:
      return "hooks are synchronous: `await` and `yield` are not available";
    case ts.SyntaxKind.ForInStatement:
      return "`for...in` is not allowed: use `for (const key of Object.keys(value))`";
  }
  if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
    return "dynamic import() is not available in components";
  }
  if (ts.isForOfStatement(node) && node.awaitModifier) return "hooks are synchronous: `for await` is not available";
  if (ts.isFunctionLike(node) && "asteriskToken" in node && node.asteriskToken) {
    return "generators are not available: hooks are plain synchronous functions";
  }
  if (hasModifier(node, ts.SyntaxKind.AsyncKeyword)) return "hooks are synchronous: async functions are not available";
  if (hasModifier(node, ts.SyntaxKind.DeclareKeyword))
    return "`declare` is not allowed: components cannot declare what the sandbox does not provide";
  if (hasModifier(node, ts.SyntaxKind.ExportKeyword))
    return "the only export allowed is `export default defineRules({ ... })`";
  return undefined;
}

/** A message for an identifier components may not use, or `undefined`. */
function forbiddenIdentifier(node: ts.Identifier, checker: ts.TypeChecker): string | undefined {
  const name = node.text;
  const member = memberKey(node);
  if (member !== undefined && forbiddenMembers.has(member)) return `\`${member}\`: ${forbiddenMembers.get(member)}`;
  if (isPropertyName(node)) return undefined;
  if (name.startsWith(reservedNamePrefix))
    return `names starting with \`${reservedNamePrefix}\` are reserved for the sandbox`;
  const reason = forbiddenGlobals.get(name);
  if (reason !== undefined) return `\`${name}\`: ${reason}`;
  if ((name === "Math" || name === "RegExp") && isGlobal(node, checker)) {
    // Look through parentheses and assertions: `(Math as X)[key]` is an element access on Math.
    let inner: ts.Node = node;
    while (isWrapperExpression(inner.parent)) inner = inner.parent;
    const parent = inner.parent;
    const direct = ts.isPropertyAccessExpression(parent) && parent.expression === inner;
    const memberName = direct ? parent.name.text : undefined;
    if (name === "Math" && memberName === "random")
      return "`Math.random`: hooks must be deterministic; use `context.random()`";
    if (name === "RegExp" && memberName !== undefined && forbiddenRegExpStatics.has(memberName)) {
      return `\`RegExp.${memberName}\` carries the last match between calls; use the result of \`exec\`/\`match\``;
    }
    if (name === "Math" && !direct && !ts.isElementAccessExpression(parent)) {
      return "use `Math.<function>(...)` directly; `Math` itself cannot be passed around or destructured";
    }
  }
  return undefined;
}

/** A message for an element access components may not use, or `undefined`. */
function forbiddenElementAccess(node: ts.ElementAccessExpression, checker: ts.TypeChecker): string | undefined {
  const key = constantKey(node.argumentExpression);
  if (key !== undefined && forbiddenMembers.has(key)) return `\`${key}\`: ${forbiddenMembers.get(key)}`;
  const target = unwrapExpression(node.expression);
  if (ts.isIdentifier(target) && isGlobal(target, checker)) {
    if (key === undefined) return `computed access on the global \`${target.text}\` is not allowed: name the member`;
    if (target.text === "Math" && key === "random")
      return "`Math.random`: hooks must be deterministic; use `context.random()`";
    if (target.text === "RegExp" && forbiddenRegExpStatics.has(key))
      return `\`RegExp.${key}\` carries the last match between calls`;
  }
  return undefined;
}

/**
 * Every use of a construct components may not use: imports and exports other than the
 * default one, host globals, code from strings, reflection and prototype access (also
 * through constant computed keys like `x["constr" + "uctor"]`), computed access on globals,
 * clocks and `Math.random`, async code and generators, `this`, classes, enums, namespaces,
 * `declare`, `with`, `debugger`, `for...in`. One issue per occurrence, with its line.
 */
export function findForbiddenConstructs(sourceFile: ts.SourceFile, checker: ts.TypeChecker): ComponentIssue[] {
  const issues: ComponentIssue[] = [];
  const report = (node: ts.Node, message: string) => {
    const line = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line + 1;
    issues.push({ code: "forbidden-construct", message, line });
  };
  const visit = (node: ts.Node): void => {
    const syntax = forbiddenSyntax(node);
    if (syntax !== undefined) report(node, syntax);
    if (ts.isIdentifier(node)) {
      const message = forbiddenIdentifier(node, checker);
      if (message !== undefined) report(node, message);
    } else if (ts.isElementAccessExpression(node)) {
      const message = forbiddenElementAccess(node, checker);
      if (message !== undefined) report(node, message);
    } else if (
      ts.isStringLiteral(node) &&
      node.text === "__proto__" &&
      ts.isPropertyAssignment(node.parent) &&
      node.parent.name === node
    ) {
      report(node, `\`__proto__\`: ${forbiddenMembers.get("__proto__")}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return issues;
}
