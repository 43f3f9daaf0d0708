import type { Command } from 'commander';
import { publicSeries, seriesStandingsCsv } from '../../../app/projections/series-standings.js';
import type { SeriesError } from '../../../core/series/series-errors.js';
import { MAX_ADJUSTMENT, MAX_BEST, MAX_INVITE_TOP, type SeriesMeta } from '../../../core/series/series.js';
import type { Result } from '../../../core/result.js';
import type { Lang } from '../../../core/text.js';
import { loadPointsRule } from '../../policy/points-rule-file.js';
import { CliError } from '../cli-error.js';
import { withDb, type Db } from '../db-options.js';
import { localTime, osUser } from '../desk.js';
import { pickLang } from '../lang.js';
import { seriesMessages as M } from '../messages/series.js';
import { dateOption, intOption, optionalInt, textOption } from '../option-values.js';
import { printJson, renderTable, type Io } from '../output.js';
import { SeriesService } from '../../../app/series-service.js';

/*
 * `shinpan series …`: seasons of events with points, a leaderboard, invitations, and the
 * links that make two player ids one person. Every write goes through the series pipeline
 * (app/series-service.ts); the time is the desk's clock, the actor `cli:<os user>`.
 */

interface Base {
  readonly db?: string;
  readonly json?: boolean;
  readonly lang?: string;
}

const meta = (): SeriesMeta => ({ at: localTime(new Date()), actor: `cli:${osUser()}` });

async function withSeries<T>(options: Base, work: (series: SeriesService, db: Db) => Promise<T>, create = false) {
  return withDb(options, (db) => work(new SeriesService(db.store, db.service), db), create);
}

/** A refusal as the CLI's error: exit 2, the message in the chosen language. */
function written<T>(result: Result<T, SeriesError>, lang: Lang): T {
  if (!result.ok) throw new CliError(result.error.message[lang]);
  return result.value;
}

function base(command: Command): Command {
  return command
    .option(
      '--db <file>',
      'database: an SQLite file or a postgres:// URL (default DATABASE_URL, SHINPAN_DB, then ./shinpan.db) / データベース',
    )
    .option('--json', 'print JSON for scripts / JSON で出力')
    .option('--lang <lang>', 'ja or en / 表示言語');
}

export function registerSeriesCommands(program: Command, io: Io): void {
  const series = program
    .command('series')
    .description(
      'Series and seasons: points across events, leaderboard, invitations / シリーズ・シーズン（ポイント、ランキング、招待）',
    );

  base(
    series
      .command('create')
      .description('Creates a series / シリーズを作成')
      .requiredOption('--id <id>', 'series id (letters, digits, . _ -) / シリーズID')
      .requiredOption('--name <name>', 'name / 名称')
      .requiredOption('--from <date>', 'season start YYYY-MM-DD / 期間の開始日')
      .requiredOption('--to <date>', 'season end YYYY-MM-DD / 期間の終了日')
      .requiredOption('--points <rule>', 'ranking-duel, placement, or a rule FILE (JSON) / ポイント規定')
      .option('--best <n>', `count only the best N events (1-${MAX_BEST}) / 上位N大会のみ集計`),
  ).action(async (o: Base & { id: string; name: string; from: string; to: string; points: string; best?: string }) => {
    const lang = pickLang(o.lang);
    const from = dateOption('--from', o.from, lang);
    const to = dateOption('--to', o.to, lang);
    const best = optionalInt('--best', o.best, 1, MAX_BEST, lang) ?? null;
    const rule = loadPointsRule(o.points);
    if (!rule.ok) throw new CliError(`--points: ${rule.error}`);
    await withSeries(
      o,
      async (s) => {
        const made = written(
          await s.write(o.id, {
            type: 'CreateSeries',
            data: { id: o.id, name: o.name, from, to, rule: rule.value, best },
            meta: meta(),
          }),
          lang,
        );
        if (o.json) return printJson(io, made);
        io.stdout.write(M.say(lang, 'created', { id: made.id, name: made.name, from, to, rule: made.rule.name[lang] }));
      },
      true,
    );
  });

  for (const verb of ['add', 'remove'] as const)
    base(
      series
        .command(verb)
        .description(
          verb === 'add'
            ? 'Adds a tournament to a series / 大会を追加'
            : 'Removes a tournament from a series / 大会を外す',
        )
        .requiredOption('--series <id>', 'series id / シリーズID')
        .requiredOption('--tournament <id>', 'tournament id / 大会ID'),
    ).action(async (o: Base & { series: string; tournament: string }) => {
      const lang = pickLang(o.lang);
      await withSeries(o, async (s) => {
        const after = written(
          verb === 'add'
            ? await s.addTournament(o.series, o.tournament, meta())
            : await s.write(o.series, {
                type: 'RemoveSeriesTournament',
                data: { tournament: o.tournament },
                meta: meta(),
              }),
          lang,
        );
        if (o.json) return printJson(io, after);
        io.stdout.write(
          verb === 'add'
            ? M.say(lang, 'added', { tournament: o.tournament, id: o.series, count: after.tournaments.length })
            : M.say(lang, 'removed', { tournament: o.tournament, id: o.series }),
        );
      });
    });

  base(
    series
      .command('standings')
      .description('The leaderboard, with each player’s points per event / ランキング（大会ごとの内訳つき）')
      .requiredOption('--series <id>', 'series id / シリーズID')
      .option('--as-of <date>', 'as of this date YYYY-MM-DD / この日付時点')
      .option('--csv', 'print CSV (UTF-8 with BOM) / CSV で出力'),
  ).action(async (o: Base & { series: string; asOf?: string; csv?: boolean }) => {
    const lang = pickLang(o.lang);
    const asOf = o.asOf === undefined ? undefined : dateOption('--as-of', o.asOf, lang);
    await withSeries(o, async (s) => {
      const p = publicSeries(written(await s.standings(o.series, asOf), lang));
      if (o.json) return printJson(io, p.standings);
      if (o.csv) return void io.stdout.write(seriesStandingsCsv(p, lang));
      io.stdout.write(
        M.say(lang, 'standings-head', {
          name: p.name,
          asOf: p.asOf ?? M.say(lang, 'as-of-all'),
          events: p.events.length,
        }),
      );
      io.stdout.write(
        renderTable(
          [
            { header: M.say(lang, 'rank'), value: (r) => String(r.rank), align: 'right' },
            { header: M.say(lang, 'id'), value: (r) => r.player },
            { header: M.say(lang, 'name'), value: (r) => r.name },
            { header: M.say(lang, 'points'), value: (r) => String(r.points), align: 'right' },
            {
              header: M.say(lang, 'breakdown'),
              value: (r) =>
                [
                  ...r.events.map((e) => `${e.tournament} ${e.points}${e.counted ? '' : '*'}`),
                  ...(r.adjustment === 0 ? [] : [`±${r.adjustment}`]),
                ].join(', '),
            },
          ],
          p.standings,
        ),
      );
    });
  });

  base(
    series
      .command('adjust')
      .description('Adds or takes points, with a reason kept in the log / ポイント調整（理由は記録に残ります）')
      .requiredOption('--series <id>', 'series id / シリーズID')
      .requiredOption('--player <id>', 'player id / プレイヤーID')
      .requiredOption('--points <n>', `points, negative to take (±${MAX_ADJUSTMENT}) / ポイント（減算は負数）`)
      .requiredOption('--reason <text>', 'reason / 理由'),
  ).action(async (o: Base & { series: string; player: string; points: string; reason: string }) => {
    const lang = pickLang(o.lang);
    const points = intOption('--points', o.points, -MAX_ADJUSTMENT, MAX_ADJUSTMENT, lang);
    const reason = textOption('--reason', o.reason, lang);
    await withSeries(o, async (s) => {
      const after = written(
        await s.write(o.series, {
          type: 'AdjustSeriesPoints',
          data: { player: o.player, points, reason },
          meta: meta(),
        }),
        lang,
      );
      if (o.json) return printJson(io, after.adjustments.at(-1));
      io.stdout.write(M.say(lang, 'adjusted', { player: o.player, points, reason }));
    });
  });

  base(
    series
      .command('invite')
      .description(
        'Invites the top N, or everyone at or over a points threshold, as of a date / 招待（上位N名または基準ポイント以上）',
      )
      .requiredOption('--series <id>', 'series id / シリーズID')
      .option('--top <n>', `the top N (a tie at N invited whole) / 上位N名`)
      .option('--at-least <points>', 'everyone with at least this many points / 基準ポイント以上')
      .option('--as-of <date>', 'standings as of this date (default today) / この日付時点の順位'),
  ).action(async (o: Base & { series: string; top?: string; atLeast?: string; asOf?: string }) => {
    const lang = pickLang(o.lang);
    if ((o.top === undefined) === (o.atLeast === undefined)) throw new CliError(M.say(lang, 'top-or-at-least'));
    const by =
      o.top !== undefined
        ? { top: intOption('--top', o.top, 1, MAX_INVITE_TOP, lang) }
        : { atLeast: intOption('--at-least', o.atLeast as string, 0, Number.MAX_SAFE_INTEGER, lang) };
    const asOf = o.asOf === undefined ? localTime(new Date()).slice(0, 10) : dateOption('--as-of', o.asOf, lang);
    await withSeries(o, async (s) => {
      const after = written(await s.invite(o.series, by, asOf, meta()), lang);
      const invitation = after.invitations.at(-1);
      if (o.json) return printJson(io, invitation);
      io.stdout.write(M.say(lang, 'invited', { count: invitation?.players.length ?? 0, asOf }));
      io.stdout.write(
        renderTable(
          [
            { header: M.say(lang, 'rank'), value: (r) => String(r.rank), align: 'right' },
            { header: M.say(lang, 'id'), value: (r) => r.player },
            { header: M.say(lang, 'name'), value: (r) => r.name },
            { header: M.say(lang, 'points'), value: (r) => String(r.points), align: 'right' },
          ],
          invitation?.players ?? [],
        ),
      );
    });
  });

  base(series.command('list').description('Every series in the database / シリーズ一覧')).action(async (o: Base) => {
    const lang = pickLang(o.lang);
    await withSeries(o, async (s, db) => {
      const all = await s.list();
      if (o.json) return printJson(io, all);
      if (all.length === 0) return void io.stdout.write(M.say(lang, 'no-series', { name: db.name }));
      io.stdout.write(
        renderTable(
          [
            { header: M.say(lang, 'series-id'), value: (x) => x.id },
            { header: M.say(lang, 'name'), value: (x) => x.name },
            { header: M.say(lang, 'period'), value: (x) => `${x.from}〜${x.to}` },
            { header: M.say(lang, 'rule'), value: (x) => x.rule.name[lang] },
            { header: M.say(lang, 'best'), value: (x) => (x.best === null ? '' : String(x.best)), align: 'right' },
            { header: M.say(lang, 'tournaments'), value: (x) => String(x.tournaments.length), align: 'right' },
          ],
          all,
        ),
      );
    });
  });

  base(
    series
      .command('link')
      .description(
        'Links a second player id to a person’s id, with a reason (every series and the official record follow) / 2つのIDを同一人物として紐付け',
      )
      .requiredOption('--player <id>', 'the id to link (e.g. the mistyped one) / 紐付けるID')
      .requiredOption('--to <id>', 'the person’s id / 本人のID')
      .requiredOption('--reason <text>', 'reason / 理由'),
  ).action(async (o: Base & { player: string; to: string; reason: string }) => {
    const lang = pickLang(o.lang);
    const reason = textOption('--reason', o.reason, lang);
    await withSeries(o, async (s) => {
      written(
        await s.writeLink({ type: 'LinkPlayers', data: { player: o.player, to: o.to, reason }, meta: meta() }),
        lang,
      );
      if (o.json) return printJson(io, { player: o.player, to: o.to });
      io.stdout.write(M.say(lang, 'linked', { player: o.player, to: o.to }));
    });
  });

  base(
    series
      .command('unlink')
      .description('Undoes a link, with a reason / 紐付けを解除')
      .requiredOption('--player <id>', 'the linked id / 紐付けたID')
      .requiredOption('--reason <text>', 'reason / 理由'),
  ).action(async (o: Base & { player: string; reason: string }) => {
    const lang = pickLang(o.lang);
    const reason = textOption('--reason', o.reason, lang);
    await withSeries(o, async (s) => {
      written(await s.writeLink({ type: 'UnlinkPlayers', data: { player: o.player, reason }, meta: meta() }), lang);
      if (o.json) return printJson(io, { player: o.player });
      io.stdout.write(M.say(lang, 'unlinked', { player: o.player }));
    });
  });
}
