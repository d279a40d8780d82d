import ts from "typescript";
import { escapeHtml } from "./escape-html.js";

const { SyntaxKind } = ts;

/** Tokens after which a `/` divides; after anything else it starts a regular expression. */
const endsExpression = new Set<ts.SyntaxKind>([
  SyntaxKind.Identifier,
  SyntaxKind.PrivateIdentifier,
  SyntaxKind.NumericLiteral,
  SyntaxKind.BigIntLiteral,
  SyntaxKind.StringLiteral,
  SyntaxKind.NoSubstitutionTemplateLiteral,
  SyntaxKind.TemplateTail,
  SyntaxKind.RegularExpressionLiteral,
  SyntaxKind.CloseParenToken,
  SyntaxKind.CloseBracketToken,
  SyntaxKind.CloseBraceToken,
  SyntaxKind.ThisKeyword,
  SyntaxKind.SuperKeyword,
  SyntaxKind.TrueKeyword,
  SyntaxKind.FalseKeyword,
  SyntaxKind.NullKeyword,
  SyntaxKind.PlusPlusToken,
  SyntaxKind.MinusMinusToken,
]);

const trivia = new Set<ts.SyntaxKind>([
  SyntaxKind.WhitespaceTrivia,
  SyntaxKind.NewLineTrivia,
  SyntaxKind.SingleLineCommentTrivia,
  SyntaxKind.MultiLineCommentTrivia,
  SyntaxKind.ShebangTrivia,
  SyntaxKind.ConflictMarkerTrivia,
]);

function classOf(kind: ts.SyntaxKind): string | null {
  if (kind >= SyntaxKind.FirstKeyword && kind <= SyntaxKind.LastKeyword) return "keyword";
  switch (kind) {
    case SyntaxKind.StringLiteral:
    case SyntaxKind.NoSubstitutionTemplateLiteral:
    case SyntaxKind.TemplateHead:
    case SyntaxKind.TemplateMiddle:
    case SyntaxKind.TemplateTail:
      return "string";
    case SyntaxKind.NumericLiteral:
    case SyntaxKind.BigIntLiteral:
      return "number";
    case SyntaxKind.SingleLineCommentTrivia:
    case SyntaxKind.MultiLineCommentTrivia:
    case SyntaxKind.ShebangTrivia:
      return "comment";
    case SyntaxKind.RegularExpressionLiteral:
      return "regex";
    default:
      return null;
  }
}

/**
 * Syntax-highlight TypeScript source as HTML: TypeScript's own scanner splits the text
 * into tokens (template literals and regular expressions rescanned in context), each
 * keyword, string, number, comment and regular expression becomes a
 * `<span class="tok-…">`, and every character is escaped. Removing the tags and
 * unescaping gives back the source exactly, whatever it contains.
 */
export function highlightTypeScript(source: string): string {
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, ts.LanguageVariant.Standard, source);
  const templateBraces: number[] = [];
  let previous: ts.SyntaxKind = SyntaxKind.Unknown;
  let html = "";
  let covered = 0;
  for (let kind = scanner.scan(); kind !== SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    if ((kind === SyntaxKind.SlashToken || kind === SyntaxKind.SlashEqualsToken) && !endsExpression.has(previous)) {
      kind = scanner.reScanSlashToken();
    } else if (kind === SyntaxKind.OpenBraceToken && templateBraces.length > 0) {
      templateBraces[templateBraces.length - 1] += 1;
    } else if (kind === SyntaxKind.CloseBraceToken && templateBraces.length > 0) {
      if (templateBraces.at(-1) === 0) {
        kind = scanner.reScanTemplateToken(false);
        if (kind === SyntaxKind.TemplateTail) templateBraces.pop();
      } else {
        templateBraces[templateBraces.length - 1] -= 1;
      }
    }
    if (kind === SyntaxKind.TemplateHead) templateBraces.push(0);
    const start = scanner.getTokenFullStart();
    const end = scanner.getTokenEnd();
    // Keep every character, even if the scanner ever skipped some.
    if (start > covered) html += escapeHtml(source.slice(covered, start));
    const text = escapeHtml(source.slice(Math.max(start, covered), end));
    const className = classOf(kind);
    html += className ? `<span class="tok-${className}">${text}</span>` : text;
    covered = Math.max(covered, end);
    if (!trivia.has(kind)) previous = kind;
  }
  return html + escapeHtml(source.slice(covered));
}
