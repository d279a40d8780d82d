import { ts } from "ts-morph";
import {
  hookNames,
  isHookName,
  protectedTransitionKeys,
  type ComponentHooks,
  type HookName,
} from "../component-hooks.js";
import type { ComponentIssue } from "../component-issue.js";
import { unwrapExpression } from "./static-check-expressions.js";

/** A function that implements a hook. */
export type HookFunction = ts.FunctionDeclaration | ts.MethodDeclaration | ts.FunctionExpression | ts.ArrowFunction;

/** The shape of a component module: its hooks and where they are defined. */
export interface ComponentShape {
  /** `bad-shape` and `no-hooks` issues, and `forbidden-construct` for a patch of reward/terminated/info. */
  issues: ComponentIssue[];
  hooks: ComponentHooks;
  /** The function of each defined hook; `null` when it cannot be found statically. */
  hookFunctions: Map<HookName, HookFunction | null>;
}

const hookList = "filterAction, modifyTransition and filterObservation";

/** The top-level function named `name` (a function declaration or a `const` arrow/function), or `null`. */
function topLevelFunction(sourceFile: ts.SourceFile, name: string): HookFunction | null {
  for (const statement of sourceFile.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name?.text === name && statement.body) return statement;
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (!ts.isIdentifier(declaration.name) || declaration.name.text !== name || !declaration.initializer) continue;
      const initializer = unwrapExpression(declaration.initializer);
      if (ts.isArrowFunction(initializer) || ts.isFunctionExpression(initializer)) return initializer;
    }
  }
  return null;
}

/** Object literals a function returns directly (nested functions are not looked at). */
function returnedObjectLiterals(hookFunction: HookFunction): ts.ObjectLiteralExpression[] {
  const literals: ts.ObjectLiteralExpression[] = [];
  const add = (expression: ts.Expression | undefined) => {
    const value = expression && unwrapExpression(expression);
    if (value && ts.isObjectLiteralExpression(value)) literals.push(value);
  };
  const body = hookFunction.body;
  if (!body) return literals;
  if (!ts.isBlock(body)) add(body);
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node)) return;
    if (ts.isReturnStatement(node)) add(node.expression);
    ts.forEachChild(node, visit);
  };
  if (ts.isBlock(body)) ts.forEachChild(body, visit);
  return literals;
}

/** The name of an object literal member, when it is a plain (not computed) name. */
function memberName(property: ts.ObjectLiteralElementLike): string | undefined {
  const name = property.name;
  if (!name) return undefined;
  if (ts.isIdentifier(name) || ts.isStringLiteral(name)) return name.text;
  return undefined;
}

/**
 * Check that the module is `export default defineRules({ hooks })` with an object literal
 * whose members are only the three hooks, each a function (inline, or the name of a
 * top-level function), and find each hook's function.
 */
export function checkComponentShape(sourceFile: ts.SourceFile): ComponentShape {
  const issues: ComponentIssue[] = [];
  const hooks: ComponentHooks = { filterAction: false, modifyTransition: false, filterObservation: false };
  const hookFunctions = new Map<HookName, HookFunction | null>();
  const report = (
    node: ts.Node | undefined,
    code: "bad-shape" | "no-hooks" | "forbidden-construct",
    message: string,
  ) => {
    if (!node) return void issues.push({ code, message });
    issues.push({ code, message, line: sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line + 1 });
  };
  const shape = () => ({ issues, hooks, hookFunctions });

  const assignments = sourceFile.statements.filter(ts.isExportAssignment);
  const assignment = assignments[0];
  if (!assignment) {
    report(undefined, "bad-shape", "a component must export its hooks: `export default defineRules({ ... })`");
    return shape();
  }
  for (const extra of assignments.slice(1)) report(extra, "bad-shape", "a component has exactly one `export default`");
  if (assignment.isExportEquals)
    report(assignment, "bad-shape", "use `export default defineRules({ ... })`, not `export =`");
  const call = unwrapExpression(assignment.expression);
  if (!ts.isCallExpression(call) || !ts.isIdentifier(call.expression) || call.expression.text !== "defineRules") {
    report(assignment, "bad-shape", "the default export must be `defineRules({ ... })`");
    return shape();
  }
  const argument = call.arguments.length === 1 ? unwrapExpression(call.arguments[0] as ts.Expression) : undefined;
  if (!argument || !ts.isObjectLiteralExpression(argument)) {
    report(
      call,
      "bad-shape",
      "`defineRules` takes one object literal listing the hooks: `defineRules({ filterAction(action, context) { ... } })`",
    );
    return shape();
  }

  for (const property of argument.properties) {
    if (ts.isSpreadAssignment(property)) {
      report(property, "bad-shape", "list the hooks directly in `defineRules({ ... })`; spreads are not allowed");
      continue;
    }
    const name = memberName(property);
    if (name === undefined) {
      report(property, "bad-shape", `hooks must have plain names: ${hookList}`);
      continue;
    }
    if (!isHookName(name)) {
      report(property, "bad-shape", `unknown hook \`${name}\`: the hooks are ${hookList}`);
      continue;
    }
    let hookFunction: HookFunction | null | undefined;
    if (ts.isMethodDeclaration(property)) hookFunction = property;
    else if (ts.isShorthandPropertyAssignment(property)) hookFunction = topLevelFunction(sourceFile, name);
    else if (ts.isPropertyAssignment(property)) {
      const value = unwrapExpression(property.initializer);
      if (ts.isArrowFunction(value) || ts.isFunctionExpression(value)) hookFunction = value;
      else if (ts.isIdentifier(value)) hookFunction = topLevelFunction(sourceFile, value.text);
    }
    if (hookFunction === undefined) {
      report(
        property,
        "bad-shape",
        `hook \`${name}\` must be a function (a method, an arrow function, or the name of a top-level function)`,
      );
      continue;
    }
    hooks[name] = true;
    hookFunctions.set(name, hookFunction);
  }
  const modifyTransition = hookFunctions.get("modifyTransition");
  for (const literal of modifyTransition ? returnedObjectLiterals(modifyTransition) : []) {
    for (const property of literal.properties) {
      const name = memberName(property);
      if (name !== undefined && protectedTransitionKeys.includes(name)) {
        report(
          property,
          "forbidden-construct",
          `modifyTransition cannot change \`${name}\`: reward, terminated and info belong to the environment and its verifier; return only { text, data, truncated }`,
        );
      }
    }
  }
  if (hookNames.every((name) => !hooks[name])) {
    report(argument, "no-hooks", `\`defineRules({ ... })\` needs at least one hook: ${hookList}`);
  }
  return shape();
}
