import { ts } from "ts-morph";
import type { ComponentIssue } from "../component-issue.js";

/** Comment directives that switch type checking off. */
const checkerDirective = /@ts-(nocheck|ignore|expect-error)\b/;
/** Triple-slash directives that pull other files or libraries into the compilation. */
const referenceDirective = /^\/\/\/\s*<(reference|amd-module|amd-dependency)\b/;

/** Compiler directives found in the comments of a component. */
export interface ComponentDirectives {
  issues: ComponentIssue[];
  /** True when a triple-slash reference was found: the source must not be compiled. */
  referencesOtherFiles: boolean;
}

/**
 * Find compiler directives in a component's comments, without compiling it:
 * `@ts-ignore`, `@ts-expect-error` and `@ts-nocheck` (they would switch off the type check
 * that is part of the sandbox), and triple-slash `<reference …>` directives (they would pull
 * other libraries, such as the DOM, into the check). Each is a `forbidden-construct`.
 */
export function findCompilerDirectives(source: string): ComponentDirectives {
  const issues: ComponentIssue[] = [];
  let referencesOtherFiles = false;
  const scanner = ts.createScanner(ts.ScriptTarget.ES2022, false, ts.LanguageVariant.Standard, source);
  const lineOf = (position: number) => source.slice(0, position).split("\n").length;
  for (let token = scanner.scan(); token !== ts.SyntaxKind.EndOfFileToken; token = scanner.scan()) {
    if (token !== ts.SyntaxKind.SingleLineCommentTrivia && token !== ts.SyntaxKind.MultiLineCommentTrivia) continue;
    const text = scanner.getTokenText();
    const directive = checkerDirective.exec(text);
    if (directive) {
      issues.push({
        code: "forbidden-construct",
        message: `\`@ts-${directive[1]}\` is not allowed: the type check is part of the sandbox; fix the type error instead`,
        line: lineOf(scanner.getTokenStart()),
      });
    }
    if (referenceDirective.test(text)) {
      referencesOtherFiles = true;
      issues.push({
        code: "forbidden-construct",
        message: "triple-slash `<reference>` directives are not allowed: components use only the harness API",
        line: lineOf(scanner.getTokenStart()),
      });
    }
  }
  return { issues, referencesOtherFiles };
}
