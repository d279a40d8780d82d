import { ts } from "ts-morph";
import type { ComponentIssue } from "./component-issue.js";
import { emitCheckedComponent } from "./static-check/static-check-project.js";

/** The factory's parameter: the sandbox's deep-freeze function. */
const hardenParameter = "__envriggerHarden";
/** The binding the default export is assigned to. */
const componentBinding = "__envriggerComponent";

/** The result of {@link transpileComponent}. */
export type TranspiledComponent = { ok: true; script: string } | { ok: false; issues: ComponentIssue[] };

/** Every name a binding pattern declares. */
function boundNames(name: ts.BindingName, names: string[]): void {
  if (ts.isIdentifier(name)) {
    names.push(name.text);
    return;
  }
  for (const element of name.elements) {
    if (!ts.isOmittedExpression(element)) boundNames(element.name, names);
  }
}

function hasExportModifier(statement: ts.Statement): boolean {
  return (
    ts.canHaveModifiers(statement) &&
    (ts.getModifiers(statement) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)
  );
}

/**
 * Turn a component's TypeScript into the script the sandbox evaluates. The source is
 * transpiled with TypeScript's `transpileModule` (ES2022, types erased), then adapted from
 * a module to a script: `export default X` becomes a local binding, and the whole module
 * becomes a strict-mode factory function
 *
 * ```js
 * (function (__envriggerHarden) { "use strict"; …module…; __envriggerHarden([top-level names]); return component; })
 * ```
 *
 * which the sandbox calls once with its deep-freeze function, so every module-level value
 * is frozen before any hook runs. Expects a source that passed the static check; anything
 * it cannot adapt (imports, other exports, no default export) comes back as issues. Right
 * after the static check of the same source, the JavaScript is emitted from the checked
 * program (see `emitCheckedComponent`: the same output, without compiling again).
 */
export function transpileComponent(source: string): TranspiledComponent {
  const emitted = emitCheckedComponent(source);
  if (emitted !== undefined) return adaptModule(emitted);
  const output = ts.transpileModule(source, {
    fileName: "component.ts",
    reportDiagnostics: true,
    compilerOptions: {
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.ESNext,
      sourceMap: false,
      removeComments: true,
    },
  });
  const diagnostics = output.diagnostics ?? [];
  if (diagnostics.length > 0) {
    return {
      ok: false,
      issues: diagnostics.map((diagnostic) => {
        const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n");
        const line =
          diagnostic.file && diagnostic.start !== undefined
            ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line + 1
            : undefined;
        return line === undefined ? { code: "syntax-error", message } : { code: "syntax-error", message, line };
      }),
    };
  }
  return adaptModule(output.outputText);
}

/** Turn the module's JavaScript into the factory script (see {@link transpileComponent}). */
function adaptModule(javascript: string): TranspiledComponent {
  const file = ts.createSourceFile("component.js", javascript, ts.ScriptTarget.ES2022, true, ts.ScriptKind.JS);
  const issues: ComponentIssue[] = [];
  const names: string[] = [];
  let body = javascript;
  let defaultExports = 0;
  // Walk backwards so that replacing one statement does not move the others.
  for (const statement of [...file.statements].reverse()) {
    if (ts.isExportAssignment(statement) && !statement.isExportEquals) {
      defaultExports += 1;
      const replacement = `const ${componentBinding} = ${statement.expression.getText(file)};`;
      body = body.slice(0, statement.getStart(file)) + replacement + body.slice(statement.end);
    } else if (
      ts.isImportDeclaration(statement) ||
      ts.isExportDeclaration(statement) ||
      ts.isExportAssignment(statement) ||
      hasExportModifier(statement)
    ) {
      issues.push({
        code: "bad-shape",
        message: "a component cannot import or export anything but `export default defineRules({ ... })`",
      });
    } else if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) boundNames(declaration.name, names);
    } else if (ts.isFunctionDeclaration(statement) && statement.name) {
      names.push(statement.name.text);
    }
  }
  if (defaultExports !== 1) {
    issues.push({ code: "bad-shape", message: "a component has exactly one `export default defineRules({ ... })`" });
  }
  if (issues.length > 0) return { ok: false, issues };
  const script = `(function (${hardenParameter}) {\n"use strict";\n${body}\n${hardenParameter}([${names.join(", ")}]);\nreturn ${componentBinding};\n})`;
  return { ok: true, script };
}
