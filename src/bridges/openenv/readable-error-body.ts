/** Longest excerpt of a remote error body kept in a message. */
const maxLength = 160;

/**
 * A remote error body as one readable line: an HTML page's `<title>` (else its text
 * without tags), whitespace collapsed, cut to 160 characters — so an HTTP server that is
 * not OpenEnv does not paste its whole 404 page into the error.
 */
export function readableErrorBody(body: string): string {
  const title = /<title[^>]*>([\s\S]*?)<\/title>/i.exec(body)?.[1];
  const text = (title ?? body.replace(/<(script|style)[\s\S]*?<\/\1>/gi, " ").replace(/<[^>]*>/g, " "))
    .replace(/\s+/g, " ")
    .trim();
  if (text.length === 0) return "(empty body)";
  return text.length > maxLength ? `${text.slice(0, maxLength - 1)}…` : text;
}
