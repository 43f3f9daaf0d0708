import { join } from 'node:path';
import { pairingSeed } from '../../../app/pairing-seed.js';
import { pairingsView } from '../../../app/projections/pairings-view.js';
import type { TournamentService } from '../../../app/tournament-service.js';
import type { Catalogue } from '../../../core/deck/catalogue.js';
import { compareDecks, type DeckDifference } from '../../../core/deck/compare-decks.js';
import type { Deck } from '../../../core/deck/deck.js';
import type { FactValue, Phase } from '../../../core/policy/assess-types.js';
import type { Pack } from '../../../core/policy/pack-schema.js';
import type { IssuePenalty, TournamentCommand } from '../../../core/tournament/commands.js';
import type { Actor } from '../../../core/tournament/events.js';
import { findPlayer } from '../../../core/tournament/state-queries.js';
import type { Tournament } from '../../../core/tournament/state.js';
import { readDecklist } from '../../deck/decklist-files.js';
import { sampleDecksDir } from '../../deck/shipped-data.js';

/*
 * The demo tournament: a 16-player City League on 2011-06-01, four Swiss rounds and a top 4,
 * with deck registrations, a deck check that finds a mismatch, penalties of several kinds, a
 * deviation, an appeal, a disqualification and a drop. Every time, actor and seed is fixed,
 * so the demo writes the same log and prints the same tour on every machine.
 */

export const DEMO_TOURNAMENT_ID = 'demo';
const DATE = '2011-06-01';

const at = (hour: number, minute = 0): string =>
  `${DATE}T${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00+09:00`;

const STAFF = {
  organizer: { id: '主催 Organizer', role: 'organizer' },
  scorekeeper: { id: '受付 Scorekeeper', role: 'scorekeeper' },
  judge: { id: 'ジャッジ 木村', role: 'judge' },
  head: { id: 'ヘッドジャッジ 山田', role: 'head-judge' },
} as const satisfies Record<string, Actor>;

type SampleDeck = 'quickdraw-synchro.ydk' | 'blackwing.txt';

/** The players in registration order, strongest first in STRENGTH below. */
const PLAYERS: readonly { readonly id: string; readonly name: string; readonly deck: SampleDeck }[] = [
  { id: '1001', name: '佐藤 健太', deck: 'quickdraw-synchro.ydk' },
  { id: '1002', name: 'Emily Clark', deck: 'blackwing.txt' },
  { id: '1003', name: '鈴木 翔', deck: 'blackwing.txt' },
  { id: '1004', name: '高橋 美咲', deck: 'quickdraw-synchro.ydk' },
  { id: '1005', name: '田中 大輔', deck: 'quickdraw-synchro.ydk' },
  { id: '1006', name: 'James Wilson', deck: 'blackwing.txt' },
  { id: '1007', name: '伊藤 さくら', deck: 'quickdraw-synchro.ydk' },
  { id: '1008', name: 'Olivia Brown', deck: 'blackwing.txt' },
  { id: '1009', name: '渡辺 蓮', deck: 'blackwing.txt' },
  { id: '1010', name: '山本 陽菜', deck: 'quickdraw-synchro.ydk' },
  { id: '1011', name: 'Noah Davis', deck: 'quickdraw-synchro.ydk' },
  { id: '1012', name: '中村 悠真', deck: 'blackwing.txt' },
  { id: '1013', name: '小林 結衣', deck: 'quickdraw-synchro.ydk' },
  { id: '1014', name: 'Sophia Martin', deck: 'blackwing.txt' },
  { id: '1015', name: '加藤 拓海', deck: 'blackwing.txt' },
  { id: '1016', name: 'Liam Taylor', deck: 'quickdraw-synchro.ydk' },
];

/** Who wins when two players meet: the one earlier in this list. */
const STRENGTH = [
  '1007',
  '1003',
  '1011',
  '1002',
  '1001',
  '1014',
  '1009',
  '1005',
  '1012',
  '1006',
  '1015',
  '1004',
  '1010',
  '1013',
  '1008',
  '1016',
];

/** What the tour shows besides the tournament itself. */
export interface DemoOutcome {
  readonly tournament: Tournament;
  readonly deckCheck: {
    readonly player: string;
    readonly presented: string;
    readonly differences: readonly DeckDifference[];
  };
  /** The player whose official record the tour prints. */
  readonly recordPlayer: string;
}

class DemoRun {
  #state: Tournament | undefined;

  constructor(
    private readonly service: TournamentService,
    private readonly pack: Pack,
  ) {}

  get state(): Tournament {
    if (!this.#state) throw new Error('demo: no tournament yet');
    return this.#state;
  }

  /** Sends one command; a refusal is a bug in the demo, not bad input. */
  async send(command: TournamentCommand): Promise<void> {
    const result = await this.service.execute(DEMO_TOURNAMENT_ID, command);
    if (!result.ok) throw new Error(`demo: ${command.type} refused: ${result.error.message.en}`);
    if (result.value.state.status !== 'none') this.#state = result.value.state;
  }

  async create(): Promise<void> {
    await this.send({
      type: 'CreateTournament',
      data: {
        tournamentId: DEMO_TOURNAMENT_ID,
        settings: {
          name: 'シティリーグ デモ / Demo City League',
          date: DATE,
          decklistsRequired: true,
          roundMinutes: 40,
          structure: { kind: 'swiss', rounds: 4, topCut: 4 },
        },
        pack: { id: this.pack.id, version: this.pack.version, content: this.pack },
      },
      meta: { at: at(9, 0), actor: STAFF.organizer },
    });
  }

  /** Ends the running round (if any) and pairs the next, as `round pair` does. */
  async pair(round: number, time: string): Promise<void> {
    if (round > 1)
      await this.send({ type: 'EndRound', data: { round: round - 1 }, meta: { at: time, actor: STAFF.scorekeeper } });
    await this.send({
      type: 'PairRound',
      data: { round },
      meta: { at: time, actor: STAFF.scorekeeper, seed: pairingSeed(DEMO_TOURNAMENT_ID, round) },
    });
  }

  async penalty(
    player: string,
    infraction: string,
    phase: Phase,
    time: string,
    options: {
      facts?: Record<string, FactValue>;
      judge?: Actor;
      other?: IssuePenalty['data']['choice'];
      duel?: number;
      statements?: string[];
    } = {},
  ): Promise<number> {
    await this.send({
      type: 'IssuePenalty',
      data: {
        player,
        report: { infraction, phase, ...(options.facts ? { facts: options.facts } : {}) },
        choice: options.other ?? { kind: 'guideline' },
        ...(options.duel === undefined ? {} : { duel: options.duel }),
        ...(options.statements ? { statements: options.statements } : {}),
      },
      meta: { at: time, actor: options.judge ?? STAFF.judge },
    });
    return this.state.penalties.length;
  }

  /**
   * Reports every match of the round still waiting: the stronger player wins, 2-1 on odd
   * tables and 2-0 on even ones, after the duels penalties already decided; `drawTable` ends 1-1.
   */
  async reportAll(round: number, time: string, drawTable?: number): Promise<void> {
    const view = pairingsView(this.state, round);
    for (const table of view?.tables ?? []) {
      if (table.table === null || table.outcome.kind !== 'pending') continue;
      const [a, b] = table.players.map((p) => p.id) as [string, string];
      let duels: string[];
      if (table.table === drawTable) duels = [a, b];
      else {
        const [winner, loser] = STRENGTH.indexOf(a) < STRENGTH.indexOf(b) ? [a, b] : [b, a];
        const wins = new Map(table.players.map((p) => [p.id, p.duelWins]));
        duels = [];
        for (let w = wins.get(loser) ?? 0; w < (table.table % 2 === 1 ? 1 : 0); w++) duels.push(loser);
        for (let w = wins.get(winner) ?? 0; w < 2; w++) duels.push(winner);
      }
      await this.send({
        type: 'ReportResult',
        data: { round, table: table.table, duels },
        meta: { at: time, actor: STAFF.scorekeeper },
      });
    }
  }
}

function sampleDeck(file: string, catalogue: Catalogue): Deck {
  const deck = readDecklist(join(sampleDecksDir(), file), catalogue);
  if (!deck.ok) throw new Error(`demo: the shipped sample ${file} does not read: ${deck.error[0]?.message.en ?? ''}`);
  return deck.value;
}

/** Writes the demo tournament through the service; the store must hold no tournament `demo` yet. */
export async function runDemo(service: TournamentService, pack: Pack, catalogue: Catalogue): Promise<DemoOutcome> {
  const run = new DemoRun(service, pack);
  await run.create();
  for (const [i, p] of PLAYERS.entries()) {
    const decklist = sampleDeck(p.deck, catalogue);
    await run.send({
      type: 'RegisterPlayer',
      data: { player: { id: p.id, name: p.name, decklist } },
      meta: { at: at(9, 10 + Math.floor(i / 2)), actor: STAFF.scorekeeper },
    });
  }

  // Round 1: a late arrival (warning) and slow play that changed nothing (caution).
  await run.pair(1, at(10));
  await run.penalty('1005', 'tardiness', 'between-matches', at(10, 4), { facts: { minutesLate: 3 } });
  await run.penalty('1010', 'slow-play', 'in-duel', at(10, 25), { facts: { affectedResult: false } });
  await run.reportAll(1, at(10, 45));

  // Round 2: a deck check finds the deck of 1005 differs from the registered list (duel loss
  // on the first duel), and a head judge raises a caution for marked cards to a warning.
  await run.pair(2, at(11));
  const checked = findPlayer(run.state, '1005');
  const presentedFile = 'quickdraw-presented.ydk';
  const differences = checked?.decklist
    ? compareDecks(checked.decklist, sampleDeck(presentedFile, catalogue), catalogue).differences
    : [];
  await run.penalty('1005', 'decklist-mismatch', 'between-matches', at(11, 3));
  await run.penalty('1012', 'marked-cards', 'in-duel', at(11, 20), {
    facts: { pattern: false },
    judge: STAFF.head,
    other: {
      kind: 'other',
      penalty: 'warning',
      reason: 'スリーブの傷みが同じ3枚に集中 / worn sleeves on the same 3 cards',
    },
  });
  await run.reportAll(2, at(11, 45), 8);

  // Round 3: a duel loss for an extra draw, changed to a warning on appeal; a bribery offer
  // ends in a disqualification with loss of prizes; a player drops after the round.
  await run.pair(3, at(12));
  const extraDraw = await run.penalty('1008', 'extra-draw', 'in-duel', at(12, 15), {
    facts: { identifiable: false, decisive: false },
    duel: 2,
  });
  await run.send({
    type: 'ChangePenalty',
    data: {
      penaltyId: extraDraw,
      penalty: 'warning',
      reason: '相手の証言でカードを特定できた / the opponent identified the card',
    },
    meta: { at: at(12, 22), actor: STAFF.head },
  });
  // The statement names the opponent the seeded pairing gave 1003, read from the round.
  const offeredTo = opponentIn(run.state, 3, '1003');
  await run.penalty('1003', 'bribery', 'in-duel', at(12, 30), {
    judge: STAFF.head,
    statements: [
      `対戦相手 ${offeredTo}: 「勝ちを譲ってくれたら賞品のパックを渡す」と持ちかけられた / opponent ${offeredTo}: offered the prize packs for a concession`,
      '1003 本人: 申し出たことを認めた / 1003 admitted making the offer',
    ],
  });
  await run.reportAll(3, at(12, 45));
  await run.send({
    type: 'DropPlayer',
    data: { player: '1016', reason: '体調不良 / feeling unwell' },
    meta: { at: at(12, 50), actor: STAFF.scorekeeper },
  });

  await run.pair(4, at(13));
  await run.reportAll(4, at(13, 45));
  // Top 4: semi-finals and the final.
  await run.pair(5, at(14));
  await run.reportAll(5, at(14, 45));
  await run.pair(6, at(15));
  await run.reportAll(6, at(15, 45));
  await run.send({ type: 'EndRound', data: { round: 6 }, meta: { at: at(15, 50), actor: STAFF.scorekeeper } });
  await run.send({ type: 'FinishTournament', data: {}, meta: { at: at(15, 50), actor: STAFF.organizer } });

  return {
    tournament: run.state,
    deckCheck: { player: '1005', presented: presentedFile, differences },
    recordPlayer: '1005',
  };
}

/** Whom `player` faces in `round`: the demo's pairings come from seeds, so it is read, never assumed. */
function opponentIn(t: Tournament, round: number, player: string): string {
  const match = t.rounds[round - 1]?.matches.find((m) => m.players.includes(player));
  const other = match?.players.find((p) => p !== player);
  if (other === undefined) throw new Error(`demo: ${player} has no opponent in round ${round}`);
  return other;
}
