import type { Lang } from '../../../core/text.js';
import { M } from '../messages/overlay.js';

/*
 * The overlay pages for OBS browser sources (issue 43): a plain page the server writes, with
 * one small script and one style sheet of its own (overlay-assets.ts), so nothing of the
 * console's bundle loads and the player's page budget (web/route-budget.ts) is untouched. The
 * page carries what the script needs in data attributes (the security headers allow no inline
 * script or style); the script reads the public overlay view and follows the public live stream.
 */

export const OVERLAY_KINDS = ['feature', 'standings', 'next'] as const;
export type OverlayKind = (typeof OVERLAY_KINDS)[number];

/** The longest stream delay an overlay's data may be held back (seconds): ten minutes covers the usual broadcast delays. */
export const OVERLAY_DELAY_MAX = 600;

/** Text placed into HTML (an element's content or a quoted attribute). */
const html = (text: string): string =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

/** The words the script fills in, in the page's language. */
function texts(lang: Lang): Record<string, string> {
  const ids = [
    'round',
    'top-cut',
    'table',
    'feature',
    'next',
    'next-later',
    'record',
    'starts-at',
    'time',
    'extension',
    'finished',
    'standings',
    'points',
    'decklist',
    'main',
    'extra',
    'side',
  ] as const;
  return Object.fromEntries(ids.map((id) => [id, M.say(lang, id)]));
}

export interface OverlayPageOptions {
  readonly kind: OverlayKind;
  readonly tournamentId: string;
  readonly tournamentName: string;
  readonly lang: Lang;
  readonly delaySeconds: number;
  /** The feature table to show (feature overlay); null: the round's first. */
  readonly table: number | null;
  readonly timeZone: string | null;
}

/** The page of one overlay: a transparent 1920×1080 stage the script draws into. */
export function overlayPage(o: OverlayPageOptions): string {
  const title = M.say(o.lang, 'title', { name: o.tournamentName });
  const delayed = o.delaySeconds > 0 ? ` (${M.say(o.lang, 'delay-stated', { seconds: o.delaySeconds })})` : '';
  const data: Record<string, string> = {
    kind: o.kind,
    tournament: o.tournamentId,
    lang: o.lang,
    delay: String(o.delaySeconds),
    table: o.table === null ? '' : String(o.table),
    zone: o.timeZone ?? '',
    texts: JSON.stringify(texts(o.lang)),
  };
  const attributes = Object.entries(data)
    .map(([key, value]) => ` data-${key}="${html(value)}"`)
    .join('');
  return `<!doctype html>
<html lang="${o.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=1920,height=1080">
<title>${html(title + delayed)}</title>
<link rel="stylesheet" href="/overlay/overlay.css">
<script src="/overlay/overlay.js" defer></script>
</head>
<body class="overlay overlay-${o.kind}"${attributes}>
<main id="stage" class="stage" aria-live="polite"></main>
</body>
</html>
`;
}
