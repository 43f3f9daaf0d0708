import { join } from 'node:path';
import { parsePointsRule, type PointsRule } from '../../core/series/points-rule.js';
import { err, ok, type Result } from '../../core/result.js';
import { packageRoot } from '../package-root.js';
import { readJsonFile } from './json-file.js';

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
  const json = readJsonFile(path, 'the points rule', {
    missing: `; the shipped rules are ${SHIPPED_POINTS_RULES.join(', ')}`,
    maxBytes: MAX_RULE_FILE_BYTES,
  });
  if (!json.ok) return json;
  const rule = parsePointsRule(json.value);
  return rule.ok ? ok(rule.value) : err(`${path}: ${rule.problems.join('; ')}`);
}
