import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffOf, type Staff } from './support/staff.js';
import { startTestServer, type TestServer } from './support/test-server.js';

const decks = new URL('../../catalogue/decks/', import.meta.url).pathname;
const ydk = (name: string) => ({ format: 'ydk', text: readFileSync(`${decks}${name}`, 'utf8') });
const T = '/api/tournaments/decks';

let server: TestServer;
let staff: Staff;

beforeAll(async () => {
  server = await startTestServer({ kind: 'sqlite' });
  staff = await staffOf(server);
  await staff.organizer.post('/api/tournaments', {
    id: 'decks',
    name: 'デッキ大会',
    date: '2011-06-01',
    decklistsRequired: true,
    structure: { kind: 'swiss', rounds: 3, topCut: 0 },
  });
});
afterAll(async () => server.close());

const ydkPasscodes = (text: string): number[] =>
  text
    .split(/\r?\n/)
    .filter((l) => /^\d+$/.test(l.trim()))
    .map(Number);

describe('registration with decklists and deck checks', () => {
  it('registers a player with a .ydk decklist and finds the swapped cards at a deck check', async () => {
    const registered = await staff.scorekeeper.post(`${T}/players`, {
      id: '0012345678',
      name: '不動遊星',
      decklist: ydk('quickdraw-synchro.ydk'),
    });
    expect(registered.status).toBe(201);
    // The scorekeeper sees the list's check at the desk: this list is legal.
    expect(registered.body.findings).toEqual([]);
    const stored = await staff.judge.get(`${T}/players/0012345678/decklist`);
    expect([
      stored.body.decklist.main.length,
      stored.body.decklist.extra.length,
      stored.body.decklist.side.length,
    ]).toEqual([40, 15, 6]);

    const check = await staff.judge.post(`${T}/deck-checks`, {
      player: '0012345678',
      deck: ydk('quickdraw-presented.ydk'),
    });
    expect(check.status).toBe(200);
    expect(check.body.findings).toEqual([]);
    expect(check.body.proposedInfractions).toEqual(['decklist-mismatch']);
    expect(
      check.body.differences.map((d: { zone: string; passcode: number; registered: number; presented: number }) => [
        d.zone,
        d.passcode,
        d.registered,
        d.presented,
      ]),
    ).toEqual([
      ['main', 58120309, 2, 1],
      ['main', 70342110, 0, 1],
      ['side', 70342110, 2, 1],
      ['side', 58120309, 0, 1],
    ]);
    expect(check.body.differences[0].text.ja).toBe('メイン: 登録2枚、実際1枚');
    expect(check.body.differences.map((d: { name: unknown }) => d.name)).toEqual([
      { ja: 'スターライト・ロード', en: 'Starlight Road' },
      { ja: '次元幽閉', en: 'Dimensional Prison' },
      { ja: '次元幽閉', en: 'Dimensional Prison' },
      { ja: 'スターライト・ロード', en: 'Starlight Road' },
    ]);
  });

  it('after duel 1 compares deck and side deck as one pool: a legal swap is no mismatch, and the answer says the comparison', async () => {
    const duel2 = await staff.judge.post(`${T}/deck-checks`, {
      player: '0012345678',
      deck: ydk('quickdraw-presented.ydk'),
      duel: 2,
    });
    expect(duel2.status).toBe(200);
    expect(duel2.body.proposedInfractions).toEqual([]);
    expect(duel2.body.differences).toEqual([]);
    expect(duel2.body.comparison).toEqual({ duel: 2, fromResults: false, kind: 'pool', sizes: [] });
    const duel1 = await staff.judge.post(`${T}/deck-checks`, {
      player: '0012345678',
      deck: ydk('quickdraw-presented.ydk'),
    });
    expect(duel1.body.comparison).toEqual({ duel: 1, fromResults: true, kind: 'zones', sizes: [] });
    const bad = await staff.judge.post(`${T}/deck-checks`, {
      player: '0012345678',
      deck: ydk('quickdraw-presented.ydk'),
      duel: 0,
    });
    expect([bad.status, bad.body.path]).toEqual([400, 'body.duel']);
  });

  it('reports what is wrong with a broken deck, with the infractions to propose', async () => {
    const check = await staff.headJudge.post(`${T}/deck-checks`, {
      player: '0012345678',
      deck: ydk('quickdraw-broken.ydk'),
    });
    expect(check.body.proposedInfractions).toEqual(
      expect.arrayContaining(['deck-over-3-copies', 'deck-unusable-card', 'decklist-mismatch']),
    );
    const reasons = check.body.findings.map((f: { reason: string }) => f.reason);
    expect(reasons).toEqual(expect.arrayContaining(['over-copies', 'not-yet-released', 'extra-deck-card-in-main']));
    expect(
      check.body.findings.every(
        (f: { text: { ja: string; en: string } }) => f.text.ja.length > 0 && f.text.en.length > 0,
      ),
    ).toBe(true);
    const copies = check.body.findings.find((f: { reason: string }) => f.reason === 'over-copies');
    expect(copies).toMatchObject({ passcode: 20932152, count: 4, limit: 3 });
    expect(copies.name).toEqual({ ja: 'クイック・シンクロン', en: 'Quickdraw Synchron' });
  });

  it('checks with the F/L list the tournament recorded: Heavy Storm forbidden, names in both languages', async () => {
    const check = await staff.headJudge.post(`${T}/deck-checks`, {
      player: '0012345678',
      deck: ydk('quickdraw-broken.ydk'),
    });
    expect(check.body.rules).toMatchObject({
      cards: { source: 'shipped', cards: 14_222 },
      list: { name: '2011.03.01 OCG', date: '2011-03-01' },
      warnings: [],
    });
    const storm = check.body.findings.find((f: { passcode: number }) => f.passcode === 19613556);
    expect(storm).toMatchObject({
      infraction: 'deck-over-limit',
      count: 1,
      limit: 0,
      name: { ja: '大嵐', en: 'Heavy Storm' },
    });
    expect(check.body.proposedInfractions).toContain('deck-over-limit');
  });

  it('records an uploaded list at creation, refuses a broken one with its line and creates nothing, and changes it with a reason', async () => {
    const structure = { kind: 'swiss', rounds: 3, topCut: 0 };
    const text = '!2011.3.1 house\n19613556 0 --Heavy Storm\n26202165 0 --Sangan\n';
    const created = await staff.organizer.post('/api/tournaments', {
      id: 'house',
      name: 'house',
      date: '2011-06-01',
      structure,
      banlistFile: { format: 'lflist', text },
    });
    expect([created.status, created.body.deckWarnings]).toEqual([201, []]);
    const shown = await staff.organizer.get('/api/tournaments/house');
    expect(shown.body.settings.deckRules.banlist).toMatchObject({
      source: 'imported',
      name: '2011.3.1 house',
      entries: [
        [19613556, 0],
        [26202165, 0],
      ],
    });
    const broken = await staff.organizer.post('/api/tournaments', {
      id: 'broken',
      name: 'b',
      date: '2011-06-01',
      structure,
      banlistFile: { format: 'lflist', text: '!x\n19613556 7\n' },
    });
    expect([broken.status, broken.body.path]).toEqual([400, 'body.banlistFile.text']);
    expect(broken.body.message).toContain('line 2: count 7 is not 0, 1, 2 or 3');
    expect((await staff.organizer.get('/api/tournaments/broken')).status).toBe(404);
    const changed = await staff.organizer.request('PUT', '/api/tournaments/house/deck-rules', {
      body: { banlist: '2011.3.1', reason: 'the official list after all' },
    });
    expect([changed.status, changed.body.list]).toEqual([200, { name: '2011.03.01 OCG', date: '2011-03-01' }]);
    const judge = await staff.judge.request('PUT', '/api/tournaments/house/deck-rules', {
      body: { banlist: 'none', reason: 'x' },
    });
    expect(judge.status).toBe(403);
  });

  it('imports a card database for the organizer, line-numbered errors for a broken one, and checks a tournament with it', async () => {
    const sample = readFileSync(new URL('../../catalogue/shinpan-cards.jsonl', import.meta.url), 'utf8');
    const broken = await staff.organizer.post('/api/card-databases', {
      name: 'broken',
      format: 'jsonl',
      data: `${sample.split('\n').slice(0, 3).join('\n')}\n{"id": 12, "ja": "x", "zone": "moon"}\n`,
    });
    expect([broken.status, broken.body.code, broken.body.path]).toEqual([400, 'invalid-card-database', 'body.data']);
    expect(broken.body.message).toContain('line 4: zone: expected one of main, fusion, synchro, xyz, link');
    const judge = await staff.judge.post('/api/card-databases', { name: 'sample', format: 'jsonl', data: sample });
    expect(judge.status).toBe(403);
    const imported = await staff.organizer.post('/api/card-databases', {
      name: 'house sample',
      format: 'jsonl',
      data: sample,
    });
    expect([imported.status, imported.body.cards, imported.body.name]).toEqual([201, 308, 'house sample']);
    expect(imported.body.id).toMatch(/^[0-9a-f]{64}$/);
    const unknownPool = await staff.organizer.post('/api/tournaments', {
      id: 'nopool',
      name: 'p',
      date: '2011-06-01',
      structure: { kind: 'swiss', rounds: 3, topCut: 0 },
      cardPool: 'a'.repeat(64),
    });
    expect([unknownPool.status, unknownPool.body.path]).toEqual([400, 'body.cardPool']);
    const created = await staff.organizer.post('/api/tournaments', {
      id: 'pool',
      name: 'p',
      date: '2011-06-01',
      structure: { kind: 'swiss', rounds: 3, topCut: 0 },
      cardPool: imported.body.id,
    });
    expect(created.status).toBe(201);
    // Called by the Grave (24224830) is in the shipped database but not in the 308-card sample.
    const deck = {
      main: [...ydkPasscodes(ydk('quickdraw-synchro.ydk').text).slice(0, 39), 24224830],
      extra: [],
      side: [],
    };
    const registered = await staff.scorekeeper.post('/api/tournaments/pool/players', {
      id: '0000000001',
      name: 'a',
      decklist: deck,
    });
    expect(
      registered.body.findings.map((f: { reason: string; passcode: number }) => [f.reason, f.passcode]),
    ).toContainEqual(['not-in-catalogue', 24224830]);
    const check = await staff.judge.post('/api/tournaments/pool/deck-checks', { player: '0000000001', deck });
    expect(check.body.rules.cards).toEqual({ source: 'imported', name: 'house sample', cards: 308 });
  });

  it('answers the check of a decklist at registration and at submission, for the scorekeeper', async () => {
    const plain = await staff.scorekeeper.post(`${T}/players`, { id: '0012345679', name: 'ジャック・アトラス' });
    expect(plain.status).toBe(201);
    expect(plain.body.findings).toBeNull();

    const submitted = await staff.scorekeeper.request('PUT', `${T}/players/0012345679/decklist`, {
      body: { decklist: ydk('quickdraw-broken.ydk') },
    });
    expect(submitted.status).toBe(200);
    const reasons = submitted.body.findings.map((f: { reason: string }) => f.reason);
    expect(reasons).toEqual(expect.arrayContaining(['over-copies', 'not-yet-released', 'extra-deck-card-in-main']));
    expect(submitted.body.findings.find((f: { reason: string }) => f.reason === 'over-copies')).toMatchObject({
      infraction: 'deck-over-3-copies',
      passcode: 20932152,
      name: { ja: 'クイック・シンクロン', en: 'Quickdraw Synchron' },
    });

    const fixed = await staff.scorekeeper.request('PUT', `${T}/players/0012345679/decklist`, {
      body: { decklist: ydk('quickdraw-synchro.ydk') },
    });
    expect(fixed.body.findings).toEqual([]);
  });

  it('names the line of a decklist that does not read', async () => {
    const bad = await staff.scorekeeper.post(`${T}/players`, {
      id: '0099',
      name: 'x',
      decklist: { format: 'ydk', text: '#main\n12345\nnot-a-passcode\n' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('invalid-decklist');
    expect(bad.body.path).toBe('body.decklist.text');
    expect(bad.body.message).toMatch(/^body\.decklist\.text: line 3: /);
    expect(bad.body.messageJa).toMatch(/^body\.decklist\.text: 3 行目: /);
  });
});

describe('importing a player list', () => {
  it('registers every player of a JSON list in one write and answers their slip codes', async () => {
    const before = (await staff.public.get(T)).body.version as number;
    const players = [
      { id: '0000000101', name: '十六夜アキ' },
      { id: '0000000102', name: 'ジャック・アトラス' },
      { id: '0000000103', name: 'クロウ・ホーガン' },
    ];
    const headers = { 'idempotency-key': 'import-2011-06-01' };
    const imported = await staff.scorekeeper.post(`${T}/players/import`, { players }, { headers });
    expect(imported.status).toBe(201);
    expect(imported.body.imported).toBe(3);
    expect(imported.body.version).toBe(before + 3);
    expect(Object.keys(imported.body.codes)).toEqual(players.map((p) => p.id));
    const retry = await staff.scorekeeper.post(`${T}/players/import`, { players }, { headers });
    expect(retry.body).toEqual(imported.body);
    expect(retry.headers.get('idempotent-replayed')).toBe('true');
    expect((await staff.public.get(T)).body.version).toBe(before + 3);
  });

  it('writes nothing when one entry is refused, and names it', async () => {
    const before = (await staff.public.get(T)).body.version as number;
    const refused = await staff.scorekeeper.post(`${T}/players/import`, {
      players: [
        { id: '0000000201', name: '龍可' },
        { id: '0000000101', name: '重複' },
      ],
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'duplicate-player', path: 'body.players[1]' });
    expect((await staff.public.get(T)).body.version).toBe(before);
  });

  it('reads a CSV with Japanese headers, and refuses decklist files over HTTP', async () => {
    const csv = 'プレイヤーID,氏名\r\n0000000301,龍亞\r\n0000000302,ブルーノ\r\n';
    const imported = await staff.organizer.post(`${T}/players/import`, { csv });
    expect(imported.status).toBe(201);
    expect(imported.body.events.map((e: { data: { player: { id: string; name: string } } }) => e.data.player)).toEqual([
      { id: '0000000301', name: '龍亞', decklist: null },
      { id: '0000000302', name: 'ブルーノ', decklist: null },
    ]);
    const withDecks = await staff.organizer.post(`${T}/players/import`, {
      csv: 'id,name,decklist\n0000000401,x,decks/x.ydk\n',
    });
    expect(withDecks.status).toBe(400);
    expect(withDecks.body).toMatchObject({ code: 'invalid-csv', path: 'body.csv' });
    expect(withDecks.body.message).toMatch(/^body\.csv line 2: /);
  });
});

describe('the rules and the card catalogue', () => {
  it("serves the shipped pack and the tournament's recorded pack", async () => {
    const pack = await staff.public.get('/api/policy');
    expect(pack.body.pack.id).toBe('ocg-5ds');
    expect(pack.body.pack.infractions).toHaveLength(19);
    const recorded = await staff.public.get(`${T}/policy`);
    expect(recorded.body.pack).toEqual(pack.body.pack);
  });

  it('assesses a report outside any tournament, as the CLI does', async () => {
    const decision = await staff.public.post('/api/assess', {
      infraction: 'tardiness',
      facts: { minutesLate: 6 },
      phase: 'between-matches',
      previous: ['tardiness'],
    });
    expect(decision.body.decision).toMatchObject({
      penalty: 'duel-loss',
      appliesTo: 'next-duel',
      repeat: { count: 2, upgradeTo: 'match-loss' },
    });
    const bad = await staff.public.post('/api/assess', {
      infraction: 'tardiness',
      facts: { minutesLate: -6 },
      phase: 'between-matches',
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'invalid-report', path: 'body.facts.minutesLate' });
  });

  it('finds cards by name or passcode', async () => {
    const byName = await staff.public.get(`/api/cards?q=${encodeURIComponent('スターダスト・ドラゴン')}`);
    expect(byName.body.match).toBe('found');
    expect(byName.body.cards[0]).toEqual({
      passcode: 44508094,
      name: { ja: 'スターダスト・ドラゴン', en: 'Stardust Dragon' },
      zone: 'synchro',
      category: 'monster',
    });
    const byPasscode = await staff.public.get('/api/cards?q=44508094');
    expect(byPasscode.body.cards[0].name.en).toBe('Stardust Dragon');
  });

  it('converts a deck to ydke:// and back', async () => {
    const url = await staff.public.post('/api/decks/convert', { deck: ydk('quickdraw-synchro.ydk'), to: 'ydke' });
    expect(url.body.text).toMatch(/^ydke:\/\/.+!.+!.+!\n$/);
    const back = await staff.public.post('/api/decks/convert', {
      deck: { format: 'ydke', text: url.body.text },
      to: 'ydk',
    });
    const lines = (text: string) =>
      text
        .split('\n')
        .filter((l) => /^\d+$/.test(l))
        .sort();
    expect(lines(back.body.text)).toEqual(lines(ydk('quickdraw-synchro.ydk').text));
  });

  it('checks a deck outside a tournament for staff', async () => {
    const legal = await staff.judge.post('/api/decks/check', {
      deck: ydk('quickdraw-synchro.ydk'),
      date: '2011-06-01',
    });
    expect(legal.body).toMatchObject({
      legal: true,
      findings: [],
      differences: [],
      rules: {
        cards: { source: 'shipped', cards: 14_222 },
        list: { name: '2011.03.01 OCG', date: '2011-03-01' },
        warnings: [],
      },
    });
    const heavyStorm = {
      main: [19613556, ...ydkPasscodes(ydk('quickdraw-synchro.ydk').text).slice(1, 40)],
      extra: [],
      side: [],
    };
    const listed = await staff.judge.post('/api/decks/check', {
      deck: heavyStorm,
      date: '2011-08-20',
      banlist: '2010.9.1',
    });
    expect(
      listed.body.findings.map((f: { reason: string; passcode: number }) => [f.reason, f.passcode]),
    ).toContainEqual(['over-list-limit', 19613556]);
    expect(listed.body.rules.list.name).toBe('2010.09.01 OCG (derived)');
    expect(listed.body.rules.warnings[0].en).toContain('more than 4 months before 2011-08-20');
    const path = await staff.judge.post('/api/decks/check', {
      deck: heavyStorm,
      date: '2011-08-20',
      banlist: '/etc/passwd',
    });
    expect([path.status, path.body.path]).toEqual([400, 'body.banlist']);
    const lists = await staff.judge.get('/api/lists?date=2011-06-01');
    expect([lists.body.inForce, lists.body.warning, lists.body.lists.length]).toEqual(['2011.03.01 OCG', null, 65]);
    const early = await staff.judge.post('/api/decks/check', {
      deck: ydk('quickdraw-synchro.ydk'),
      date: '2000-01-01',
    });
    expect(early.body.legal).toBe(false);
    expect(early.body.findings[0].reason).toBe('not-yet-released');
  });
});

describe("a size over the maximum under the pack's deckFindings", () => {
  it('is deck-unusable-card under the shipped pack, and no finding where the pack says null', async () => {
    const shipped = JSON.parse(readFileSync(new URL('../../policy/ocg-5ds.json', import.meta.url), 'utf8'));
    const seed = { ...shipped, settings: { ...shipped.settings, deckFindings: { ...shipped.settings.deckFindings } } };
    seed.settings.deckFindings['side-over-max'] = null;
    // The legal list with ten more side-deck cards: 16 in the side deck.
    const legal = ydk('quickdraw-synchro.ydk').text;
    const sideCards = ydkPasscodes(legal.slice(legal.indexOf('!side')));
    const more = Array.from({ length: 10 }, (_, i) => sideCards[i % sideCards.length]);
    const big = { format: 'ydk', text: `${legal.trimEnd()}\n${more.join('\n')}\n` };
    const sideOver = (findings: { reason: string }[]) => findings.filter((f) => f.reason === 'side-over-max');
    const found = new Map<string, unknown[]>();
    for (const [id, pack] of [
      ['max-ours', shipped],
      ['max-seed', seed],
    ] as const) {
      const created = await staff.organizer.post('/api/tournaments', {
        id,
        name: 'サイド大会',
        date: '2011-06-01',
        structure: { kind: 'swiss', rounds: 3, topCut: 0 },
        pack,
      });
      expect(created.status).toBe(201);
      const registered = await staff.scorekeeper.post(`/api/tournaments/${id}/players`, {
        id: '0000000101',
        name: '不動遊星',
        decklist: big,
      });
      expect(registered.status).toBe(201);
      const check = await staff.judge.post(`/api/tournaments/${id}/deck-checks`, { player: '0000000101', deck: big });
      found.set(id, [...sideOver(registered.body.findings), ...sideOver(check.body.findings)]);
    }
    expect(found.get('max-ours')).toEqual([
      expect.objectContaining({ infraction: 'deck-unusable-card', count: 16, limit: 15 }),
      expect.objectContaining({ infraction: 'deck-unusable-card', count: 16, limit: 15 }),
    ]);
    expect(found.get('max-seed')).toEqual([]);
  });
});
