import { join } from 'node:path';
import { deepFreeze } from '../../core/deep-freeze.js';
import { parsePack, type Pack } from '../../core/policy/pack-schema.js';
import { err, ok, type Result } from '../../core/result.js';
import { packageRoot } from '../package-root.js';
import { readJsonFile } from './json-file.js';

/** The pack shinpan ships: the seed's rules (ocg-5ds). */
export const defaultPackPath = (): string => join(packageRoot(), 'policy', 'ocg-5ds.json');

/** Reads and validates a pack file; the error is one line starting with the file path, then the first wrong field. */
export function loadPackFile(path: string): Result<Pack, string> {
  const json = readJsonFile(path, 'the policy pack');
  if (!json.ok) return json;
  const pack = parsePack(json.value);
  return pack.ok ? ok(pack.value) : err(`${path}: ${pack.error.path}: ${pack.error.message}`);
}

/** The shipped pack once read: part of the installation, it does not change while a process runs. */
let shipped: Pack | undefined;

/**
 * The shipped pack; it is tested, so a failure here means a broken installation, not bad input.
 * Read and validated once per process: each tournament created on the server read and checked
 * it again on the event loop, a thousand times over on the 遊戯王の日 (docs/performance.md).
 */
export function loadDefaultPack(): Pack {
  if (shipped) return shipped;
  const pack = loadPackFile(defaultPackPath());
  if (!pack.ok) throw new Error(`shinpan: the shipped policy pack is broken: ${pack.error}`);
  // Deeply frozen: every tournament created holds this one object (and its fingerprint's JSON is made once).
  shipped = deepFreeze(pack.value);
  return shipped;
}

/** `--policy FILE` when given, else the shipped pack. */
export function loadPack(path: string | undefined): Result<Pack, string> {
  return path === undefined ? ok(loadDefaultPack()) : loadPackFile(path);
}
