/**
 * Problem texts of refused requests, for people (issue 12: errors at the field, in the user's
 * language, without raw field paths). The server answers a refusal as
 * `where: message; where: message` (`body.name: a role named X already exists`); the server
 * renders each message in the request's language (`localizeProblems`, from Accept-Language)
 * and the faces read the answer with `splitProblems`: the field a message belongs to, and the
 * message without its path. The Chinese texts and the rendering in a language are in
 * problem-language.ts (the server's answers and the forms'); this module imports nothing, so a
 * page that only shows a refusal (/login) does not load the rules' tables (issue 12, bytes).
 */
/** A problem of a refused request: where (`body.name`, '' for the whole request) and what. */
export interface Problem {
  /** The request path of the field (`body.node.name`), '' when the message names none. */
  path: string;
  /** The form field it belongs to: the path without its part (`node.name`), '' for none. */
  field: string;
  message: string;
}

/** Parts of a request a path starts with; `file` and `result` name a field themselves. */
const REQUEST_PARTS = ['body', 'query', 'params', 'header', 'path'];
const PARTS = [...REQUEST_PARTS, 'file', 'result'];
const WHERE = new RegExp(`^((?:${PARTS.join('|')})(?:\\.[\\w\\u4e00-\\u9fff-]+)*): `);
const NEXT = new RegExp(`; (?=(?:${PARTS.join('|')})(?:\\.[\\w-]+)*: )`);

/** Splits `where: message; where: message` into its problems (a text with no path is one). */
export function splitProblems(text: string): Problem[] {
  return text
    .split(NEXT)
    .filter((part) => part.length > 0)
    .map((part) => {
      const match = WHERE.exec(part);
      if (!match) return { path: '', field: '', message: part };
      const path = match[1] ?? '';
      const [head = '', ...rest] = path.split('.');
      const field = REQUEST_PARTS.includes(head) ? rest.join('.') : path;
      return { path, field, message: part.slice(match[0].length) };
    });
}

/** The messages of a refusal without their paths, for a toast or a banner. */
export function problemsText(text: string): string {
  return splitProblems(text)
    .map((problem) => problem.message)
    .join('; ');
}

/**
 * A rule's text without the field name some rule texts start with (`nodes: choose at least one
 * node` → `choose at least one node`): where a refusal points is its request path, never a name
 * inside its message (the server's ApiError.at and issue summaries, the web's form errors).
 */
export function ruleText(message: string): string {
  return message.replace(/^[a-z][A-Za-z0-9]*(?:\.[A-Za-z0-9]+|\[\d+\])*: /, '');
}
