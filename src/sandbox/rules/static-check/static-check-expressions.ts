import { ts } from "ts-morph";

/*
 * Small helpers over TypeScript expressions shared by the static checks.
 */

/** A parenthesis, type assertion, `satisfies` or `!` around an expression. */
export type WrapperExpression =
  | ts.ParenthesizedExpression
  | ts.AsExpression
  | ts.TypeAssertion
  | ts.NonNullExpression
  | ts.SatisfiesExpression;

/** True when `node` only wraps another expression (parentheses, assertions, `!`). */
export function isWrapperExpression(node: ts.Node): node is WrapperExpression {
  return (
    ts.isParenthesizedExpression(node) ||
    ts.isAsExpression(node) ||
    ts.isTypeAssertionExpression(node) ||
    ts.isNonNullExpression(node) ||
    ts.isSatisfiesExpression(node)
  );
}

/** `expression` without the parentheses, type assertions and `!` around it. */
export function unwrapExpression(expression: ts.Expression): ts.Expression {
  let current = expression;
  while (isWrapperExpression(current)) current = current.expression;
  return current;
}

/**
 * Fold a key made of string/number literals, `+` and templates (through parentheses and
 * assertions) into its text; `undefined` when it is not constant.
 */
export function constantKey(outer: ts.Expression): string | undefined {
  const expression = unwrapExpression(outer);
  if (ts.isStringLiteralLike(expression) || ts.isNumericLiteral(expression)) return expression.text;
  if (ts.isBinaryExpression(expression) && expression.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    const left = constantKey(expression.left);
    const right = constantKey(expression.right);
    return left === undefined || right === undefined ? undefined : left + right;
  }
  if (ts.isTemplateExpression(expression)) {
    let text = expression.head.text;
    for (const span of expression.templateSpans) {
      const part = constantKey(span.expression);
      if (part === undefined) return undefined;
      text += part + span.literal.text;
    }
    return text;
  }
  return undefined;
}
