import type { Command } from 'commander';
import stringWidth from 'string-width';
import { LANDING_PENALTY_IDS, PHASES, type Phase } from '../../../core/policy/assess-types.js';
import { describeCondition } from '../../../core/policy/describe.js';
import { penaltyOf } from '../../../core/policy/ladder.js';
import { packJsonSchema, type Condition, type Infraction, type Pack } from '../../../core/policy/pack-schema.js';
import { branches } from '../../../core/policy/rules.js';
import type { Lang, Text } from '../../../core/text.js';
import { loadPack } from '../../policy/pack-file.js';
import { CliError } from '../cli-error.js';
import { pickLang } from '../lang.js';
import { padDisplay, printJson, type Io } from '../output.js';
import { policyMessages as M } from '../messages/policy.js';

/** The catalogue's own words; everything about the rules themselves comes from the pack. */
const LABEL = {
  ladder: { ja: '罰則（軽い順）', en: 'Penalties, lowest first' },
  recorded: { ja: '公式記録あり', en: 'recorded' },
  notRecorded: { ja: '公式記録なし', en: 'not recorded' },
  application: { ja: '罰則の適用', en: 'How penalties are applied' },
  timing: { ja: '罰則の適用時期', en: 'When a penalty lands' },
  otherwise: { ja: 'それ以外', en: 'otherwise' },
  none: { ja: 'なし', en: 'none' },
  alreadyLost: { ja: '（負けが決まったマッチ）', en: ', match already lost' },
} satisfies Record<string, Text>;

const PHASE_LABEL: Record<Phase, Text> = {
  'in-duel': { ja: 'デュエル中', en: 'during a duel' },
  'between-duels': { ja: 'デュエルとデュエルの間', en: 'between duels' },
  'between-matches': { ja: 'マッチとマッチの間', en: 'between matches' },
};

/** "if late by 10 minutes or more" / "遅刻10分以上の場合": a number condition ends in a noun, so Japanese needs の. */
function ifClause(condition: Condition, infraction: Infraction, pack: Pack, lang: Lang): string {
  const said = describeCondition(condition, infraction, pack.settings, lang);
  if (lang === 'en') return `if ${said}`;
  return `${said}${'atLeast' in condition ? 'の' : ''}場合`;
}

function remedyLines(infraction: Infraction, pack: Pack, lang: Lang): string[] {
  const lines = branches<Text | null>(infraction.remedy);
  if (lines.length === 1 && lines[0]?.then === null) return [];
  return lines.map((line) => {
    const text = line.then?.[lang] ?? LABEL.none[lang];
    if (lines.length === 1) return M.say(lang, 'remedy-2', { text });
    const when = line.if ? ifClause(line.if, infraction, pack, lang) : LABEL.otherwise[lang];
    return M.say(lang, 'remedy', { when, text });
  });
}

function widest(texts: readonly string[]): number {
  return Math.max(0, ...texts.map((t) => stringWidth(t)));
}

/** The pack as a judge reads it: ladder, how penalties apply, infractions by seed section, timing. */
function renderCatalogue(pack: Pack, lang: Lang): string {
  const out: string[] = [`${pack.name[lang]} (${pack.id} ${pack.version})`, ''];

  const ladderWidth = widest(pack.penalties.map((p) => p.name[lang]));
  const recordWidth = widest([LABEL.recorded[lang], LABEL.notRecorded[lang]]);
  out.push(LABEL.ladder[lang]);
  for (const p of pack.penalties) {
    const recorded = (p.recorded ? LABEL.recorded : LABEL.notRecorded)[lang];
    out.push(`  ${padDisplay(p.name[lang], ladderWidth)}  ${padDisplay(recorded, recordWidth)}  ${p.effect[lang]}`);
  }
  out.push('', LABEL.application[lang], `  ${pack.application.guideline[lang]}`, `  ${pack.application.repeat[lang]}`);

  const idWidth = widest(pack.infractions.map((i) => i.id));
  const nameWidth = widest(pack.infractions.map((i) => i.name[lang]));
  const penaltyWidth = widest(pack.penalties.map((p) => p.name[lang]));
  const detailIndent = ' '.repeat(2 + idWidth + 2);
  const penaltyIndent = ' '.repeat(2 + idWidth + 2 + nameWidth + 2);
  for (const section of pack.sections) {
    const members = pack.infractions.filter((i) => i.section === section.id);
    if (members.length === 0) continue;
    out.push('', `${section.id}  ${section.title[lang]}`);
    for (const infraction of members) {
      const rule = branches(infraction.penalty);
      rule.forEach((line, n) => {
        const lead =
          n === 0
            ? `  ${padDisplay(infraction.id, idWidth)}  ${padDisplay(infraction.name[lang], nameWidth)}  `
            : penaltyIndent;
        const condition =
          rule.length === 1 ? '' : line.if ? ifClause(line.if, infraction, pack, lang) : LABEL.otherwise[lang];
        out.push(`${lead}${padDisplay(penaltyOf(pack, line.then).name[lang], penaltyWidth)}  ${condition}`.trimEnd());
      });
      const details = [infraction.description[lang]];
      if (infraction.additionalPenaltyWhen) {
        const when = ifClause(infraction.additionalPenaltyWhen, infraction, pack, lang);
        details.push(M.say(lang, 'judge-may-add-penalty', { when }));
      }
      details.push(...remedyLines(infraction, pack, lang));
      out.push(...details.map((d) => `${detailIndent}${d}`));
    }
  }

  out.push('', LABEL.timing[lang]);
  const rows = LANDING_PENALTY_IDS.map((penalty) => ({
    penalty,
    lines: PHASES.flatMap((phase) => {
      const cell = pack.timing[penalty][phase];
      const label = PHASE_LABEL[phase][lang];
      const lost = cell.ifMatchAlreadyLost;
      return [
        { label, note: cell.note[lang] },
        ...(lost ? [{ label: `${label}${LABEL.alreadyLost[lang]}`, note: lost.note[lang] }] : []),
      ];
    }),
  }));
  const phaseWidth = widest(rows.flatMap((r) => r.lines.map((l) => l.label)));
  for (const row of rows) {
    out.push(
      `  ${penaltyOf(pack, row.penalty).name[lang]}`,
      ...row.lines.map((l) => `    ${padDisplay(l.label, phaseWidth)}  ${l.note}`),
    );
  }
  return `${out.join('\n')}\n`;
}

/** `shinpan policy`: the penalty catalogue for judges, the pack as JSON, or the pack's JSON Schema. */
export function registerPolicy(program: Command, io: Io): void {
  program
    .command('policy')
    .description('the penalty catalogue, grouped by section of the rules / 罰則規定の一覧（規定の章ごと）')
    .option('--lang <lang>', 'ja or en (default: SHINPAN_LANG, then the locale) / 表示言語')
    .option('--json', 'print the whole pack as JSON (both languages) / 罰則規定をJSONで出力')
    .option('--schema', 'print the JSON Schema every pack must follow / 罰則規定ファイルのJSON Schemaを出力')
    .option('--policy <file>', 'policy pack to show (default: the shipped ocg-5ds pack) / 表示する罰則規定ファイル')
    .action((options: { lang?: string; json?: boolean; schema?: boolean; policy?: string }) => {
      if (options.json && options.schema) throw new CliError('--json and --schema: choose one');
      if (options.schema) return printJson(io, packJsonSchema());
      const lang = pickLang(options.lang);
      const pack = loadPack(options.policy);
      if (!pack.ok) throw new CliError(pack.error);
      if (options.json) return printJson(io, pack.value);
      io.stdout.write(renderCatalogue(pack.value, lang));
    });
}
