import { createHash } from 'node:crypto';
import type { Lang, Text } from '../../core/text.js';
import { zonedTime } from '../zoned-time.js';
import type { IncidentReport, NamedPenalty, ReportJudge, ReportPerson } from './incident-report.js';

/*
 * The incident report as one self-contained HTML page (no script, no outside file) laid out
 * for one A4 sheet: the browser's print, or a PDF printer, gives the paper the head judge signs.
 */

const L = {
  title: { ja: 'インシデントレポート', en: 'Incident report' },
  penaltyNo: { ja: '罰則番号', en: 'Penalty no.' },
  event: { ja: '大会', en: 'Event' },
  tournament: { ja: '大会名', en: 'Tournament' },
  date: { ja: '開催日', en: 'Date' },
  venue: { ja: '会場', en: 'Venue' },
  roundTable: { ja: '回戦・卓', en: 'Round, table' },
  rules: { ja: '罰則規定', en: 'Rules' },
  player: { ja: 'プレイヤー', en: 'Player' },
  opponent: { ja: '対戦相手', en: 'Opponent' },
  name: { ja: '氏名', en: 'Name' },
  reading: { ja: 'フリガナ', en: 'Reading' },
  id: { ja: 'プレイヤーID（カードゲームID）', en: 'Player ID (Card Game ID)' },
  infraction: { ja: '違反', en: 'Infraction' },
  section: { ja: '項目', en: 'Section' },
  ruleText: { ja: '規定の内容', en: 'Rule text' },
  remedy: { ja: '処置', en: 'Remedy' },
  found: { ja: '発見時点', en: 'Found' },
  facts: { ja: '事実', en: 'Facts' },
  penalty: { ja: '罰則', en: 'Penalty' },
  guideline: { ja: '指針の罰則', en: 'Guideline penalty' },
  issued: { ja: '発行した罰則', en: 'Issued penalty' },
  inForce: { ja: '現在の罰則', en: 'Penalty in force' },
  effect: { ja: '罰則の内容', en: 'What it means' },
  deviation: { ja: '指針との違い', en: 'Differs from the guideline' },
  landed: { ja: '適用先', en: 'Where it landed' },
  recorded: { ja: '公式記録', en: 'Official record' },
  judges: { ja: 'ジャッジと時刻', en: 'Judges and times' },
  statements: { ja: '陳述書', en: 'Statements' },
  appeals: { ja: '上訴', en: 'Appeals' },
  notes: { ja: 'ジャッジのメモ', en: "Judge's notes" },
  none: { ja: 'なし', en: 'none' },
  fillIn: { ja: '（記入）', en: '(fill in)' },
  yes: { ja: '記録される', en: 'recorded' },
  no: { ja: '記録されない', en: 'not recorded' },
  signature: { ja: 'ヘッドジャッジ署名', en: 'Head judge signature' },
  signedOn: { ja: '日付', en: 'Date' },
  round: { ja: '第{n}回戦', en: 'round {n}' },
  table: { ja: '卓{n}', en: 'table {n}' },
} as const satisfies Record<string, Text>;

const KIND: Record<NonNullable<IncidentReport['deviation']>['kind'], Text> = {
  deviation: { ja: '指針からの逸脱', en: 'deviation' },
  repeat: { ja: '繰り返しによる格上げ', en: 'raised for a repeat' },
  added: { ja: '追加の罰則（罰則 #{n} に追加）', en: 'added penalty (to penalty #{n})' },
};

const APPEAL: Record<'changed' | 'rescinded' | 'denied', Text> = {
  changed: { ja: '変更', en: 'changed' },
  rescinded: { ja: '取り消し', en: 'rescinded' },
  denied: { ja: '棄却（罰則はそのまま）', en: 'denied (the penalty stands)' },
};

const ROLES: Readonly<Record<string, Text>> = {
  organizer: { ja: '主催者', en: 'organizer' },
  'head-judge': { ja: 'ヘッドジャッジ', en: 'head judge' },
  judge: { ja: 'ジャッジ', en: 'judge' },
  scorekeeper: { ja: 'スコアキーパー', en: 'scorekeeper' },
  player: { ja: 'プレイヤー', en: 'player' },
};

const WHO: Text = { ja: '{name}（{role}）{at}', en: '{name} ({role}), {at}' };

const RAISED: Text = { ja: '同じ遅刻の再報告で引き上げ', en: 'raised when the same lateness was reported again' };

/** The page's only style (inline, so the file stands alone). */
const REPORT_STYLE = `
@page { size: A4; margin: 12mm; }
* { box-sizing: border-box; }
body { margin: 0; overflow-wrap: anywhere; font-family: "Noto Sans CJK JP", "Noto Sans JP", "Hiragino Sans", "Yu Gothic", sans-serif; font-size: 9.5pt; line-height: 1.35; color: #000; background: #fff; }
main { max-width: 186mm; margin: 0 auto; padding: 4mm 0; }
header { display: flex; justify-content: space-between; align-items: baseline; border-bottom: 2px solid #000; margin-bottom: 3mm; }
h1 { font-size: 15pt; margin: 0; }
h2 { font-size: 10.5pt; margin: 3mm 0 1mm; border-bottom: 1px solid #777; }
table { width: 100%; border-collapse: collapse; }
th, td { text-align: left; vertical-align: top; padding: 0.6mm 1.5mm; border: 1px solid #bbb; }
th { width: 34mm; font-weight: 600; background: #f0f0f0; }
.two { display: grid; grid-template-columns: 1fr 1fr; gap: 3mm; }
.blank { color: #777; display: inline-block; min-width: 40mm; border-bottom: 1px solid #777; }
ol { margin: 0; padding-left: 5mm; }
.sign { display: grid; grid-template-columns: 2fr 1fr; gap: 6mm; margin-top: 8mm; }
.sign div { border-top: 1px solid #000; padding-top: 1mm; }
.small { color: #444; font-size: 8pt; }
@media print { main { padding: 0; } }
`;

/**
 * The Content-Security-Policy the server sends with the page: nothing may load or run, only
 * this one style block (by its hash), so a name or a statement cannot inject anything.
 */
export const REPORT_CSP = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(REPORT_STYLE).digest('base64')}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`;

const html = (s: string): string =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The incident report in `lang` as a printable HTML document. */
export function incidentReportHtml(r: IncidentReport, lang: Lang): string {
  const say = (text: Text) => html(text[lang]);
  const n = (text: Text, value: number | string) => html(text[lang].replace('{n}', String(value)));
  const row = (label: Text, value: string) => `<tr><th>${say(label)}</th><td>${value}</td></tr>`;
  const blank = `<span class="blank">${say(L.fillIn)}</span>`;
  const person = (p: ReportPerson) =>
    [
      row(L.name, html(p.name)),
      row(L.reading, p.reading === null ? blank : html(p.reading)),
      row(L.id, `${html(p.cardGameId)}${p.cardGameId === p.id ? '' : ` <span class="small">(${html(p.id)})</span>`}`),
    ].join('');
  const pen = (p: NamedPenalty) => say(p.name);
  // Times as the venue's clocks showed them, the offset written out.
  const time = (at: string) => zonedTime(at, r.tournament.timeZone ?? undefined);
  const who = (a: ReportJudge, at: string) => {
    const role = ROLES[a.role];
    const name = a.name === a.id ? html(a.id) : `${html(a.name)} <span class="small">${html(a.id)}</span>`;
    return say(WHO)
      .replace('{name}', () => name)
      .replace('{role}', () => (role === undefined ? html(a.role) : say(role)))
      .replace('{at}', () => html(time(at)));
  };
  const where = [n(L.round, r.round), r.table === null ? '' : n(L.table, r.table)].filter((x) => x !== '').join(' ');
  const deviation =
    r.deviation === null
      ? say(L.none)
      : `${n(KIND[r.deviation.kind], r.deviation.addedTo ?? '')}${r.deviation.reason === null ? '' : `: ${html(r.deviation.reason)}`}`;
  const list = (items: string[]) =>
    items.length === 0 ? say(L.none) : `<ol>${items.map((i) => `<li>${i}</li>`).join('')}</ol>`;
  const judges = [
    `${pen(r.issued)} — ${who(r.judge, r.at)}`,
    ...r.raised.map((x) => `${say(RAISED)}: ${pen(x.from)} → ${pen(x.to)} — ${who(x.judge, x.at)}`),
    ...r.appeals.map(
      (a) =>
        `${say(APPEAL[a.kind])}: ${pen(a.from)}${a.to === null || a.kind === 'denied' ? '' : ` → ${pen(a.to)}`} — ${who(a.judge, a.at)}`,
    ),
  ];
  const appeals = r.appeals.map(
    (a) =>
      `${say(APPEAL[a.kind])}: ${pen(a.from)}${a.to === null || a.kind === 'denied' ? '' : ` → ${pen(a.to)}`} — ${html(a.reason)}`,
  );
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<title>${say(L.title)} #${r.penaltyId} — ${html(r.tournament.name)}</title>
<style>${REPORT_STYLE}</style>
</head>
<body>
<main>
<header><h1>${say(L.title)}</h1><div>${say(L.penaltyNo)} #${r.penaltyId}</div></header>
<h2>${say(L.event)}</h2>
<table>
${row(L.tournament, `${html(r.tournament.name)} <span class="small">(${html(r.tournament.id)})</span>`)}
${row(L.date, html(r.tournament.date))}
${row(L.venue, blank)}
${row(L.roundTable, where)}
${row(L.rules, `${html(r.tournament.pack.id)} ${html(r.tournament.pack.version)}`)}
</table>
<div class="two">
<section><h2>${say(L.player)}</h2><table>${person(r.player)}</table></section>
<section><h2>${say(L.opponent)}</h2><table>${r.opponent === null ? row(L.name, say(L.none)) : person(r.opponent)}</table></section>
</div>
<h2>${say(L.infraction)}</h2>
<table>
${row(L.infraction, `${say(r.infraction.name)} <span class="small">(${html(r.infraction.id)})</span>`)}
${row(L.section, `${html(r.infraction.section)}${r.infraction.sectionTitle === null ? '' : ` ${say(r.infraction.sectionTitle)}`}`)}
${row(L.ruleText, say(r.infraction.description))}
${r.infraction.remedy === null ? '' : row(L.remedy, say(r.infraction.remedy))}
${row(L.found, say(r.phase.name))}
${row(L.facts, r.facts.length === 0 ? say(L.none) : r.facts.map((f) => say(f.text)).join('<br>'))}
</table>
<h2>${say(L.penalty)}</h2>
<table>
${row(L.guideline, pen(r.guideline))}
${row(L.issued, pen(r.issued))}
${row(L.deviation, deviation)}
${row(L.inForce, `${pen(r.inForce)} — <span class="small">${say(r.inForce.effect)}</span>`)}
${row(L.landed, say(r.landed))}
${row(L.recorded, say(r.recorded ? L.yes : L.no))}
</table>
<h2>${say(L.judges)}</h2>
${list(judges)}
<h2>${say(L.statements)}</h2>
${list(r.statements.map(html))}
<h2>${say(L.appeals)}</h2>
${list(appeals)}
${r.notes === null ? '' : `<h2>${say(L.notes)}</h2><p>${html(r.notes)}</p>`}
<div class="sign"><div>${say(L.signature)}</div><div>${say(L.signedOn)}</div></div>
</main>
</body>
</html>
`;
}
