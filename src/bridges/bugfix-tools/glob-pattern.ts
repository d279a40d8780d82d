/**
 * A glob pattern over workspace paths as an anchored regular expression: `*` matches
 * within one path segment, `**` any number of segments (`**\/` also none), `?` one
 * character other than `/`, `{a,b}` either alternative; everything else is literal.
 * A leading `/` or `./` is ignored, as for every workspace path.
 */
export function globToRegExp(pattern: string): RegExp {
  const source = pattern.trim().replace(/^(\.\/|\/)+/, "");
  let out = "";
  let braces = 0;
  for (let index = 0; index < source.length; index++) {
    const character = source[index] as string;
    if (character === "*" && source[index + 1] === "*") {
      const slashFollows = source[index + 2] === "/";
      out += slashFollows ? "(?:.*/)?" : ".*";
      index += slashFollows ? 2 : 1;
    } else if (character === "*") out += "[^/]*";
    else if (character === "?") out += "[^/]";
    else if (character === "{") {
      braces += 1;
      out += "(?:";
    } else if (character === "}" && braces > 0) {
      braces -= 1;
      out += ")";
    } else if (character === "," && braces > 0) out += "|";
    else out += character.replace(/[.+^$()|[\]\\{}]/g, "\\$&");
  }
  out += ")".repeat(braces);
  return new RegExp(`^${out}$`);
}
