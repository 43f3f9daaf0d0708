import { readFileSync } from 'node:fs';
import { err, ok, type Result } from '../../core/result.js';

/**
 * A rules file read as JSON (a policy pack, a series points rule): the error is one line
 * starting with the file, saying what could not be read (`what`, e.g. "the policy pack") or that
 * the JSON is invalid. `missing` completes the line for a file that does not exist.
 */
export function readJsonFile(
  path: string,
  what: string,
  options: { readonly missing?: string; readonly maxBytes?: number } = {},
): Result<unknown, string> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return err(
      `${path}: cannot read ${what} (${code === 'ENOENT' ? `no such file${options.missing ?? ''}` : (code ?? (error as Error).message)})`,
    );
  }
  if (options.maxBytes !== undefined && Buffer.byteLength(text) > options.maxBytes)
    return err(`${path}: ${what} is larger than ${options.maxBytes} bytes`);
  try {
    return ok(JSON.parse(text));
  } catch (error) {
    return err(`${path}: invalid JSON: ${(error as Error).message}`);
  }
}
