import type { Lang } from '../../core/text.js';
import { CliError } from './cli-error.js';

/** `--lang` wins; otherwise SHINPAN_LANG, then the locale (LANG=ja_JP.UTF-8 → ja); English by default. */
export function pickLang(option: string | undefined, env: NodeJS.ProcessEnv = process.env): Lang {
  const wanted = option ?? env.SHINPAN_LANG ?? (env.LC_ALL || env.LANG || '').slice(0, 2);
  if (option !== undefined && option !== 'ja' && option !== 'en')
    throw new CliError(`--lang: expected ja or en, got "${option}"`);
  return wanted === 'ja' ? 'ja' : 'en';
}
