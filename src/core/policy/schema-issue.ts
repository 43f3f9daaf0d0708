import type { z } from 'zod';

/** One wrong field, said the way a person fixing the file needs it: where, what was expected, what was found. */
export interface FieldProblem {
  readonly path: string;
  readonly message: string;
}

type Issue = z.core.$ZodIssue;
type Path = readonly PropertyKey[];

// A key a person could not see or tell apart in dotted form ("", " ", "a.b") is shown quoted.
const plainKey = /^[A-Za-z_$][\w$-]*$/;

/** `infractions[3].facts[0].type`; the empty path is the top level of the document. */
export function formatPath(path: Path): string {
  if (path.length === 0) return '(top level)';
  return path
    .map((key, i) => {
      if (typeof key === 'number') return `[${key}]`;
      const name = String(key);
      if (!plainKey.test(name)) return `[${JSON.stringify(name)}]`;
      return i === 0 ? name : `.${name}`;
    })
    .join('');
}

/** How a found value is named in a message: strings quoted, containers by kind, absence as "nothing". */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  const text = typeof value === 'string' ? JSON.stringify(value) : String(value);
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

function valueAt(root: unknown, path: Path): unknown {
  let here = root;
  for (const key of path) {
    if (typeof here !== 'object' || here === null) return undefined;
    here = (here as Record<PropertyKey, unknown>)[key];
  }
  return here;
}

const typeNames: Record<string, string> = {
  object: 'an object',
  array: 'an array',
  int: 'an integer',
  string: 'a string',
  number: 'a number',
  boolean: 'true or false',
  null: 'null',
};

/** What an issue at the root of a union branch expected, for "expected X or Y". */
function expectation(issue: Issue): string {
  if (issue.code === 'invalid_type') return typeNames[issue.expected] ?? issue.expected;
  if (issue.code === 'invalid_value') return issue.values.map((v) => JSON.stringify(v)).join(' | ');
  return issue.message;
}

/**
 * Of a union's failed branches, the one the author most likely meant: fewest problems, then
 * the one that got deepest into the value. When every best branch failed at its very root,
 * the value was of none of the accepted kinds, so all of them are named.
 */
function explainUnion(issue: Issue & { code: 'invalid_union' }, root: Path, input: unknown): FieldProblem {
  const at = [...root, ...issue.path];
  const got = describeValue(valueAt(input, at));
  if (issue.errors.length === 0) {
    const options =
      'options' in issue && issue.options
        ? issue.options.map((o) => JSON.stringify(o)).join(' | ')
        : 'one of the accepted kinds';
    return { path: formatPath(at), message: `expected ${options}, got ${got}` };
  }
  const ranked = issue.errors
    .flatMap((branch, index) => (branch[0] ? [{ first: branch[0], count: branch.length, index }] : []))
    .sort((a, b) => a.count - b.count || b.first.path.length - a.first.path.length || a.index - b.index);
  const best = ranked[0];
  if (best && best.first.path.length > 0) return explain(best.first, at, input);
  const kinds = [...new Set(ranked.filter((r) => r.first.path.length === 0).map((r) => expectation(r.first)))];
  return { path: formatPath(at), message: `expected ${kinds.join(' or ')}, got ${got}` };
}

function explain(issue: Issue, root: Path, input: unknown): FieldProblem {
  const at = [...root, ...issue.path];
  const found = valueAt(input, at);
  const got = describeValue(found);
  switch (issue.code) {
    case 'invalid_type':
      return {
        path: formatPath(at),
        message:
          found === undefined
            ? `missing (expected ${expectation(issue)})`
            : `expected ${expectation(issue)}, got ${got}`,
      };
    case 'invalid_value':
      return { path: formatPath(at), message: `expected ${expectation(issue)}, got ${got}` };
    case 'invalid_union':
      return explainUnion(issue, root, input);
    case 'unrecognized_keys':
      return {
        path: formatPath([...at, issue.keys[0] ?? '']),
        message: 'unknown field (misspelt, or not part of this format)',
      };
    case 'too_small':
      if (issue.origin === 'array')
        return {
          path: formatPath(at),
          message: `expected at least ${issue.minimum} item(s), got ${Array.isArray(found) ? found.length : got}`,
        };
      return {
        path: formatPath(at),
        message: `expected a number ${issue.inclusive ? '>=' : '>'} ${issue.minimum}, got ${got}`,
      };
    case 'too_big':
      return { path: formatPath(at), message: `expected at most ${issue.maximum}, got ${got}` };
    case 'invalid_format':
      return { path: formatPath(at), message: `${issue.message}, got ${got}` };
    default:
      return { path: formatPath(at), message: issue.message };
  }
}

/** The first wrong field of a failed parse, with the value that was found there. */
export function firstProblem(error: z.ZodError, input: unknown): FieldProblem {
  const issue = error.issues[0];
  if (!issue) return { path: formatPath([]), message: 'invalid' };
  return explain(issue, [], input);
}
