import { describe, expect, it } from 'vitest';
import { json, ok, refused, tempFolder, tournamentWith } from './support.js';

const dir = tempFolder('webhook');
const SECRET = 'whsec-cli-0123456789';

describe('shinpan webhook', () => {
  it('adds, lists without the secret, shows deliveries and removes an endpoint', async () => {
    const db = await tournamentWith(dir, 'hooks', 4);
    const added = await json(
      'webhook',
      'add',
      '--db',
      db,
      '--url',
      'https://hooks.example.com/shinpan',
      '--secret',
      SECRET,
      '--events',
      'round.published,standings.updated',
      '--format',
      'discord',
    );
    expect(added.webhook).toMatchObject({
      url: 'https://hooks.example.com/shinpan',
      events: ['round.published', 'standings.updated'],
      format: 'discord',
      tournament: null,
      staff: false,
      allowPrivate: false,
    });
    const listed = await ok('webhook', 'list', '--db', db);
    expect(listed).toContain('https://hooks.example.com/shinpan');
    expect(listed).toContain('every tournament');
    expect(listed).not.toContain(SECRET);
    expect(JSON.stringify(await json('webhook', 'list', '--db', db))).not.toContain(SECRET);
    // The log written before the endpoint is behind its cursor: nothing is owed to it yet.
    expect((await json('webhook', 'deliveries', '--db', db, '--id', added.webhook.id)).deliveries).toEqual([]);
    expect(await ok('webhook', 'remove', '--db', db, '--id', added.webhook.id)).toBe(
      `Removed webhook endpoint ${added.webhook.id}\n`,
    );
    expect((await json('webhook', 'list', '--db', db)).webhooks).toEqual([]);
    expect(await refused(db, 'webhook', 'remove', '--db', db, '--id', added.webhook.id)).toMatch(/no webhook endpoint/);
  });

  it('refuses what it cannot send safely, naming the problem', async () => {
    const db = await tournamentWith(dir, 'bad', 4);
    const add = (...rest: string[]) => refused(db, 'webhook', 'add', '--db', db, '--secret', SECRET, ...rest);
    expect(await add('--url', 'http://127.0.0.1:8080/hook', '--events', 'round.published')).toMatch(
      /url: must be https:\/\//,
    );
    expect(await add('--url', 'https://127.0.0.1/hook', '--events', 'round.published')).toMatch(/--allow-private/);
    expect(await add('--url', 'https://[::1]/hook', '--events', 'round.published')).toMatch(/--allow-private/);
    expect(await add('--url', 'https://169.254.169.254/latest', '--events', 'round.published')).toMatch(
      /private network/,
    );
    expect(await add('--url', 'https://hooks.example.com/x', '--events', 'round.publish')).toMatch(
      /events: unknown round.publish/,
    );
    expect(await add('--url', 'https://hooks.example.com/x', '--events', 'call.opened')).toMatch(
      /staff endpoints only/,
    );
    expect(
      await add('--url', 'https://hooks.example.com/x', '--events', 'round.published', '--tournament', 'nope'),
    ).toMatch(/no tournament nope/);
    expect(
      await refused(
        db,
        'webhook',
        'add',
        '--db',
        db,
        '--secret',
        'short',
        '--url',
        'https://hooks.example.com/x',
        '--events',
        'round.published',
      ),
    ).toMatch(/secret: 16 to 256 characters \(got 5\)/);
    // Loopback over http is the organizer's explicit choice.
    const allowed = await json(
      'webhook',
      'add',
      '--db',
      db,
      '--secret',
      SECRET,
      '--url',
      'http://127.0.0.1:8080/hook',
      '--events',
      'call.opened',
      '--staff',
      '--allow-private',
    );
    expect(allowed.webhook).toMatchObject({ staff: true, allowPrivate: true });
  });
});
