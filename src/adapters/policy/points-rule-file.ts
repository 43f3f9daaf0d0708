import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parsePointsRule, type PointsRule } from '../../core/series/points-rule.js';
import { err, ok, type Result } from '../../core/result.js';
import { packageRoot } from '../package-root.js';

/** The points rules shinpan ships (policy/series/<name>.json), by the names `--points` takes. */
export const SHIPPED_POINTS_RULES = ['ranking-duel', 'placement'] as const;

/** Bytes an organizer's rule file may have. */
export const MAX_RULE_FILE_BYTES = 256 * 1024;

/**
 * A shipped rule by name, or an organizer's own file (a path). The error is one line starting
 * with the file, then every wrong field by its path.
 */
export function loadPointsRule(nameOrFile: string): Result<PointsRule, string> {
  const shipped = (SHIPPED_POINTS_RULES as readonly string[]).includes(nameOrFile);
  const path = shipped ? join(packageRoot(), 'policy', 'series', `${nameOrFile}.json`) : nameOrFile;
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return err(
      `${path}: cannot read the points rule (${code === 'ENOENT' ? `no such file; the shipped rules are ${SHIPPED_POINTS_RULES.join(', ')}` : (code ?? (error as Error).message)})`,
    );
  }
  if (Buffer.byteLength(text) > MAX_RULE_FILE_BYTES)
    return err(`${path}: the points rule is larger than ${MAX_RULE_FILE_BYTES} bytes`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return err(`${path}: invalid JSON: ${(error as Error).message}`);
  }
  const rule = parsePointsRule(json);
  return rule.ok ? ok(rule.value) : err(`${path}: ${rule.problems.join('; ')}`);
}
