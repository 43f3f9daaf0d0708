/*
 * Freezes what this release writes: `npx tsx scripts/make-release-fixtures.ts` makes
 * test/fixtures/releases/<version>/ with
 *   shinpan.db            an SQLite database written by this release's code,
 *   logs/<id>.events.jsonl each tournament's log as the events export writes it,
 *   facts.json            the answers this release gives from them (test/support/release-facts.ts).
 * Run once per release, then never again for that version: the folder is refused if it exists.
 * test/store/release-fixtures.test.ts opens every frozen release with the current code.
 *
 * What is in it: the demo (deck check, penalties, a changed penalty on appeal, a
 * disqualification, a drop, a top cut) and two shop events a month apart sharing six
 * players: public entry, players' own decklists (one replaced), held rounds published,
 * judge calls (one resolved with a penalty and an extension, one escalated), an appeal
 * denied, a deviation, a rescinded penalty. From 0.2.0 a third shop event: an entry fee paid
 * at check-in (one mark undone), a waiting list moved up by a player's own withdrawal, answers
 * to filming at entry and at the desk, feature tables, results reported by the players (one
 * disagreement settled by staff), a roll call, prizes awarded.
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pairingSeed } from '../src/app/pairing-seed.js';
import { pairingsView } from '../src/app/projections/pairings-view.js';
import { TournamentService } from '../src/app/tournament-service.js';
import { readDecklist } from '../src/adapters/deck/decklist-files.js';
import { sampleDecksDir } from '../src/adapters/deck/shipped-data.js';
import { loadCatalogue } from '../src/adapters/cli/commands/deck-inputs.js';
import { runDemo } from '../src/adapters/cli/commands/demo-scenario.js';
import { processIo } from '../src/adapters/cli/output.js';
import { packageRoot } from '../src/adapters/package-root.js';
import { loadDefaultPack } from '../src/adapters/policy/pack-file.js';
import { openEventStore } from '../src/adapters/store/open-event-store.js';
import { SHINPAN_VERSION } from '../src/adapters/version.js';
import type { Catalogue } from '../src/core/deck/catalogue.js';
import { filmingConsent } from '../src/core/tournament/feature-tables.js';
import type { Deck } from '../src/core/deck/deck.js';
import type { Pack } from '../src/core/policy/pack-schema.js';
import type { TournamentCommand } from '../src/core/tournament/commands.js';
import type { Actor } from '../src/core/tournament/events.js';
import type { Tournament } from '../src/core/tournament/state.js';
import { releaseFacts } from '../test/support/release-facts.js';

const out = join(packageRoot(), 'test', 'fixtures', 'releases', SHINPAN_VERSION);
if (existsSync(out)) {
  process.stderr.write(`${out} exists: a release's fixtures are frozen once written\n`);
  process.exit(2);
}

const STAFF = {
  organizer: { id: '店長 Organizer', role: 'organizer' },
  scorekeeper: { id: '受付 Scorekeeper', role: 'scorekeeper' },
  judge: { id: 'ジャッジ 木村', role: 'judge' },
  head: { id: 'ヘッドジャッジ 山田', role: 'head-judge' },
} as const satisfies Record<string, Actor>;
const player = (id: string): Actor => ({ id, role: 'player' });
const PUBLIC: Actor = { id: 'public', role: 'player' };

const ENTRANTS = [
  { name: '佐藤 健太', reading: 'サトウ ケンタ', cardGameId: '0100000001' },
  { name: 'Emily Clark', reading: 'エミリー クラーク' },
  { name: '鈴木 翔', reading: 'スズキ ショウ', cardGameId: '0100000003' },
  { name: '高橋 美咲', reading: 'タカハシ ミサキ' },
  { name: '田中 大輔', reading: 'タナカ ダイスケ' },
  { name: '伊藤 さくら', reading: 'イトウ サクラ' },
  { name: '渡辺 蓮', reading: 'ワタナベ レン' },
  { name: '山本 陽菜', reading: 'ヤマモト ヒナ' },
] as const;

/** One shop event written through the service; a refusal is a bug here, not bad input. */
class Event {
  #state: Tournament | undefined;
  constructor(
    private readonly service: TournamentService,
    readonly id: string,
    private readonly date: string,
  ) {}

  at(hour: number, minute = 0): string {
    return `${this.date}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00+09:00`;
  }

  get state(): Tournament {
    if (!this.#state) throw new Error(`${this.id}: no tournament yet`);
    return this.#state;
  }

  async send(type: TournamentCommand['type'], data: unknown, actor: Actor, time: string, seed?: number): Promise<void> {
    const command = { type, data, meta: { at: time, actor, ...(seed === undefined ? {} : { seed }) } };
    const result = await this.service.execute(this.id, command as TournamentCommand);
    if (!result.ok) throw new Error(`${this.id}: ${type} refused: ${result.error.message.en}`);
    if (result.value.state.status !== 'none') this.#state = result.value.state;
  }

  async pair(round: number, time: string, hold = false): Promise<void> {
    if (round > 1) await this.send('EndRound', { round: round - 1 }, STAFF.scorekeeper, time);
    await this.send(
      'PairRound',
      { round, ...(hold ? { hold } : {}) },
      STAFF.scorekeeper,
      time,
      pairingSeed(this.id, round),
    );
  }

  /** A player of `table` in `round` (0: the first listed, 1: the second). */
  seatOf(round: number, table: number, side: 0 | 1): string {
    const t = pairingsView(this.state, round)?.tables.find((x) => x.table === table);
    const id = t?.players[side]?.id;
    if (id === undefined) throw new Error(`${this.id}: no table ${table} in round ${round}`);
    return id;
  }

  async penalty(who: string, infraction: string, phase: string, time: string, extra: Record<string, unknown> = {}) {
    const { facts, judge, choice, ...rest } = extra as {
      facts?: unknown;
      judge?: Actor;
      choice?: unknown;
    } & Record<string, unknown>;
    await this.send(
      'IssuePenalty',
      {
        player: who,
        report: { infraction, phase, ...(facts ? { facts } : {}) },
        choice: choice ?? { kind: 'guideline' },
        ...rest,
      },
      judge ?? STAFF.judge,
      time,
    );
    return this.state.penalties.length;
  }

  /** Every pending match: the lower id wins, 2-1 on odd tables and 2-0 on even ones, after duels penalties decided. */
  async reportAll(round: number, time: string): Promise<void> {
    for (const table of pairingsView(this.state, round)?.tables ?? []) {
      if (table.table === null || table.outcome.kind !== 'pending') continue;
      const [a, b] = table.players.map((p) => p.id) as [string, string];
      const [winner, loser] = a < b ? [a, b] : [b, a];
      const wins = new Map(table.players.map((p) => [p.id, p.duelWins]));
      const duels: string[] = [];
      for (let w = wins.get(loser) ?? 0; w < (table.table % 2 === 1 ? 1 : 0); w++) duels.push(loser);
      for (let w = wins.get(winner) ?? 0; w < 2; w++) duels.push(winner);
      await this.send('ReportResult', { round, table: table.table, duels }, STAFF.scorekeeper, time);
    }
  }
}

function sample(file: string, catalogue: Catalogue): Deck {
  const deck = readDecklist(join(sampleDecksDir(), file), catalogue);
  if (!deck.ok) throw new Error(`sample ${file} does not read`);
  return deck.value;
}

const packOf = (pack: Pack) => ({ id: pack.id, version: pack.version, content: pack });

async function firstShopEvent(service: TournamentService, pack: Pack, catalogue: Catalogue): Promise<string[]> {
  const e = new Event(service, 'shop-2026-11', '2026-11-08');
  await e.send(
    'CreateTournament',
    {
      tournamentId: e.id,
      settings: {
        name: 'ショップ大会 11月 / Shop event, November',
        date: '2026-11-08',
        decklistsRequired: true,
        roundMinutes: 40,
        structure: { kind: 'swiss', rounds: 3, topCut: 0 },
      },
      pack: packOf(pack),
    },
    STAFF.organizer,
    e.at(8, 0),
  );
  await e.send('OpenEntry', { cap: 8, closesAt: e.at(9, 45), mode: 'first-come' }, STAFF.organizer, e.at(8, 5));
  for (const [i, entrant] of ENTRANTS.entries()) await e.send('Enter', entrant, PUBLIC, e.at(8, 10 + i));
  const ids = e.state.players.map((p) => p.id);
  const decks = ['quickdraw-synchro.ydk', 'blackwing.txt'].map((f) => sample(f, catalogue));
  for (const [i, id] of ids.entries()) {
    await e.send('SubmitDecklist', { player: id, decklist: decks[i % 2] }, player(id), e.at(9, 10 + i));
  }
  // The first entrant changes their mind: the receipt is the second list's.
  await e.send('SubmitDecklist', { player: ids[0], decklist: decks[1] }, player(ids[0] as string), e.at(9, 30));
  await e.send('CloseEntry', {}, STAFF.organizer, e.at(9, 45));

  // Round 1, held then published; a player calls a judge, who rules slow play (a caution)
  // and gives the table three minutes.
  await e.pair(1, e.at(10, 0), true);
  await e.send('PublishRound', { round: 1 }, STAFF.organizer, e.at(10, 2));
  const caller = e.seatOf(1, 1, 0);
  await e.send(
    'OpenCall',
    { round: 1, table: 1, player: caller, note: '相手の長考 / opponent very slow' },
    player(caller),
    e.at(10, 20),
  );
  await e.send('ClaimCall', { callId: 1 }, STAFF.judge, e.at(10, 21));
  const slow = await e.penalty(e.seatOf(1, 1, 1), 'slow-play', 'in-duel', e.at(10, 24), {
    facts: { affectedResult: false },
  });
  await e.send(
    'ResolveCall',
    { callId: 1, ruling: '遅延行為 注意 / slow play, caution', penaltyIds: [slow], extensionMinutes: 3 },
    STAFF.judge,
    e.at(10, 25),
  );
  await e.reportAll(1, e.at(10, 45));

  // Round 2, held: staff call a judge to table 2, escalated to the head judge; an extra draw
  // is a duel loss, appealed and the appeal denied.
  await e.pair(2, e.at(11, 0), true);
  await e.send('PublishRound', { round: 2 }, STAFF.organizer, e.at(11, 3));
  await e.send('OpenCall', { round: 2, table: 2 }, STAFF.scorekeeper, e.at(11, 10));
  await e.send('ClaimCall', { callId: 2 }, STAFF.judge, e.at(11, 11));
  await e.send('EscalateCall', { callId: 2, note: 'カード裁定 / card ruling' }, STAFF.judge, e.at(11, 12));
  const drew = e.seatOf(2, 2, 0);
  const extraDraw = await e.penalty(drew, 'extra-draw', 'in-duel', e.at(11, 14), {
    facts: { identifiable: false, decisive: false },
    duel: 1,
  });
  await e.send(
    'ResolveCall',
    { callId: 2, ruling: '余分なドロー / extra draw', penaltyIds: [extraDraw] },
    STAFF.head,
    e.at(11, 16),
  );
  await e.send(
    'DenyAppeal',
    { penaltyId: extraDraw, reason: 'ドローしたカードを特定できない / the card drawn cannot be identified' },
    STAFF.head,
    e.at(11, 20),
  );
  await e.reportAll(2, e.at(11, 45));

  // Round 3: a late player (a warning on the record), a dropped player after it.
  await e.pair(3, e.at(12, 0));
  await e.penalty(e.seatOf(3, 3, 1), 'tardiness', 'between-matches', e.at(12, 4), { facts: { minutesLate: 3 } });
  await e.reportAll(3, e.at(12, 45));
  await e.send('EndRound', { round: 3 }, STAFF.scorekeeper, e.at(12, 50));
  await e.send('FinishTournament', {}, STAFF.organizer, e.at(12, 55));
  return ids;
}

/** A month later, staff register six of the same players by their ids, and two new ones. */
async function secondShopEvent(service: TournamentService, pack: Pack, shared: readonly string[]): Promise<void> {
  const e = new Event(service, 'shop-2026-12', '2026-12-06');
  await e.send(
    'CreateTournament',
    {
      tournamentId: e.id,
      settings: {
        name: 'ショップ大会 12月 / Shop event, December',
        date: '2026-12-06',
        decklistsRequired: false,
        roundMinutes: 40,
        structure: { kind: 'swiss', rounds: 2, topCut: 0 },
      },
      pack: packOf(pack),
    },
    STAFF.organizer,
    e.at(9, 0),
  );
  const players = [
    ...shared.slice(0, 6).map((id, i) => ({ id, name: ENTRANTS[i]?.name ?? id })),
    { id: 'S0001', name: '中村 悠真' },
    { id: 'S0002', name: 'Noah Davis' },
  ];
  for (const [i, p] of players.entries())
    await e.send('RegisterPlayer', { player: p }, STAFF.scorekeeper, e.at(9, 10 + i));
  await e.pair(1, e.at(10, 0));
  // A second warning for tardiness on a player warned last month, and a deviation by the head judge.
  await e.penalty(shared[0] as string, 'tardiness', 'between-matches', e.at(10, 4), { facts: { minutesLate: 2 } });
  await e.penalty(e.seatOf(1, 2, 0), 'marked-cards', 'in-duel', e.at(10, 20), {
    facts: { pattern: false },
    judge: STAFF.head,
    choice: { kind: 'other', penalty: 'warning', reason: 'スリーブの傷みが目立つ / badly worn sleeves' },
  });
  await e.reportAll(1, e.at(10, 45));
  await e.pair(2, e.at(11, 0));
  const wrong = await e.penalty(e.seatOf(2, 1, 1), 'slow-play', 'in-duel', e.at(11, 15), {
    facts: { affectedResult: false },
  });
  await e.send(
    'RescindPenalty',
    { penaltyId: wrong, reason: '別の卓の選手と取り違えた / the wrong player' },
    STAFF.head,
    e.at(11, 20),
  );
  await e.reportAll(2, e.at(11, 45));
  await e.send('EndRound', { round: 2 }, STAFF.scorekeeper, e.at(11, 50));
  await e.send('FinishTournament', {}, STAFF.organizer, e.at(11, 55));
}

/** Two weeks later: entry with a fee, a waiting list, filming answers, feature tables, players' reports and prizes. */
async function thirdShopEvent(service: TournamentService, pack: Pack): Promise<void> {
  const e = new Event(service, 'shop-2026-12-b', '2026-12-20');
  await e.send(
    'CreateTournament',
    {
      tournamentId: e.id,
      settings: {
        name: 'ショップ大会 12月・2 / Shop event, December 2',
        date: '2026-12-20',
        decklistsRequired: false,
        roundMinutes: 40,
        structure: { kind: 'swiss', rounds: 2, topCut: 0 },
      },
      pack: packOf(pack),
    },
    STAFF.organizer,
    e.at(8, 0),
  );
  await e.send('SetPlayerReporting', { enabled: true }, STAFF.organizer, e.at(8, 1));
  await e.send('SetEntryFee', { amount: 500, currency: 'JPY' }, STAFF.organizer, e.at(8, 2));
  await e.send(
    'SetPrizeList',
    {
      prizes: [
        { id: 'winner', name: '優勝 プレイマット / winner, a playmat', rule: { kind: 'rank', from: 1, to: 1 } },
        { id: 'thanks', name: '参加賞 / for playing', rule: { kind: 'round', round: 1, who: 'played' } },
      ],
    },
    STAFF.organizer,
    e.at(8, 3),
  );
  await e.send('OpenEntry', { cap: 6, closesAt: e.at(9, 45), mode: 'waiting-list' }, STAFF.organizer, e.at(8, 5));
  // Eight entrants for six seats: the last two wait. Some answer the filming question, one says no.
  for (const [i, entrant] of ENTRANTS.entries())
    await e.send('Enter', { ...entrant, ...(i % 3 === 0 ? {} : { filming: i !== 4 }) }, PUBLIC, e.at(8, 10 + i));
  const entered = e.state.players.map((p) => p.id);
  // The one who said no to filming withdraws (辞退) from their page: the first waiting moves up.
  await e.send('WithdrawEntry', { player: entered[4] }, player(entered[4] as string), e.at(9, 0));
  await e.send('CloseEntry', {}, STAFF.organizer, e.at(9, 45));
  const playing = e.state.players.filter((p) => p.drop === null).map((p) => p.id);
  for (const [i, id] of playing.entries()) {
    if (i % 2 === 0) await e.send('CheckInPlayer', { player: id }, player(id), e.at(9, 46 + i));
    else await e.send('CheckInPlayer', { player: id }, STAFF.scorekeeper, e.at(9, 46 + i));
    await e.send('RecordFeePayment', { player: id, paid: true }, STAFF.scorekeeper, e.at(9, 46 + i));
  }
  // A payment marked on the wrong player, undone.
  await e.send('RecordFeePayment', { player: playing[1], paid: false }, STAFF.scorekeeper, e.at(9, 55));
  // Asked at the desk: everyone who was not asked at entry says yes.
  for (const id of playing)
    if (filmingConsent(e.state, id) === 'not-asked')
      await e.send('SetFilmingConsent', { player: id, consent: true }, STAFF.scorekeeper, e.at(9, 56));

  await e.pair(1, e.at(10, 0));
  await e.send('MarkFeatureTables', { round: 1, tables: [1] }, STAFF.scorekeeper, e.at(10, 1));
  await e.send('MarkAllSeated', { round: 1, except: [e.seatOf(1, 3, 1)] }, STAFF.judge, e.at(10, 2));
  // Table 1 and 2 report and confirm; table 3 disagrees and staff settle it.
  for (const table of [1, 2]) {
    const a = e.seatOf(1, table, 0);
    const b = e.seatOf(1, table, 1);
    for (const who of [a, b])
      await e.send('PlayerReportResult', { round: 1, table, player: who, duels: [a, b, a] }, player(who), e.at(10, 38));
  }
  const c = e.seatOf(1, 3, 0);
  const d = e.seatOf(1, 3, 1);
  await e.send('PlayerReportResult', { round: 1, table: 3, player: c, duels: [c, c] }, player(c), e.at(10, 39));
  await e.send('PlayerReportResult', { round: 1, table: 3, player: d, duels: [d, d] }, player(d), e.at(10, 40));
  await e.send('ReportResult', { round: 1, table: 3, duels: [c, d, c] }, STAFF.head, e.at(10, 44));
  await e.pair(2, e.at(11, 0));
  await e.reportAll(2, e.at(11, 45));
  await e.send('EndRound', { round: 2 }, STAFF.scorekeeper, e.at(11, 50));
  await e.send('FinishTournament', {}, STAFF.organizer, e.at(11, 55));
  await e.send('AwardPrize', { prize: 'winner' }, STAFF.organizer, e.at(12, 0));
  await e.send('AwardPrize', { prize: 'thanks' }, STAFF.organizer, e.at(12, 0));
}

mkdirSync(join(out, 'logs'), { recursive: true });
const { catalogue } = await loadCatalogue(undefined, processIo, 'en', false);
const pack = loadDefaultPack();
const store = await openEventStore({ kind: 'sqlite', path: join(out, 'shinpan.db') });
try {
  const service = new TournamentService(store);
  await runDemo(service, pack, catalogue);
  const shared = await firstShopEvent(service, pack, catalogue);
  await secondShopEvent(service, pack, shared);
  await thirdShopEvent(service, pack);
  for (const { id } of await store.listTournaments()) {
    const events = await store.read(id);
    // As the events export (GET …/export?format=events) writes it.
    writeFileSync(join(out, 'logs', `${id}.events.jsonl`), `${events.map((e) => JSON.stringify(e)).join('\n')}\n`);
  }
  writeFileSync(join(out, 'facts.json'), `${JSON.stringify(await releaseFacts(store), null, 2)}\n`);
} finally {
  await store.close();
}
process.stdout.write(`wrote ${out}\n`);
