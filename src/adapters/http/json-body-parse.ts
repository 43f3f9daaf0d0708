/** A JSON body parsed, or why it is not JSON (the answer is 400 `invalid-json`). */
export type ParsedBody =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly proto: boolean };

/**
 * JSON.parse refusing `__proto__` and `constructor.prototype` keys, as Fastify's own parser does
 * (`onProtoPoisoning: 'error'`): shared by the loop's parser and the large-body worker.
 */
export function parseJsonBody(text: string): ParsedBody {
  let proto = false;
  try {
    const value: unknown = JSON.parse(text, (key: string, v: unknown) => {
      if (key === '__proto__') proto = true;
      if (key === 'constructor' && v !== null && typeof v === 'object' && Object.hasOwn(v, 'prototype')) proto = true;
      return v;
    });
    return proto ? { ok: false, proto } : { ok: true, value };
  } catch {
    return { ok: false, proto: false };
  }
}
