import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../src/app/event-store.js';
import { canonicalEventLine, logDigest } from '../../src/app/reports/log-digest.js';

const event = (seq: number, data: unknown): StoredEvent => ({
  tournamentId: 't-1',
  seq,
  type: 'PlayerRegistered',
  data,
  actor: 'cli:kimura',
  at: '2011-06-01T09:10:00+09:00',
});

describe('the log canonical form shinpan-log/1', () => {
  it('is one line per event: sorted keys at every depth, no whitespace, a newline', () => {
    expect(
      canonicalEventLine(event(1, { name: '佐藤 健太', id: '0001', extra: { b: 2, a: [1, { d: 1, c: 2 }] } })),
    ).toBe(
      '{"actor":"cli:kimura","at":"2011-06-01T09:10:00+09:00","data":{"extra":{"a":[1,{"c":2,"d":1}],"b":2},"id":"0001","name":"佐藤 健太"},"seq":1,"tournamentId":"t-1","type":"PlayerRegistered"}\n',
    );
  });

  it('hashes the UTF-8 of the lines in order: key order does not matter, one character does', () => {
    const log = [event(1, { id: '0001', name: '佐藤' }), event(2, { id: '0002', name: 'Emily' })];
    const text = log.map(canonicalEventLine).join('');
    const digest = logDigest(log);
    expect(digest).toEqual({
      serialization: 'shinpan-log/1',
      events: 2,
      sha256: createHash('sha256').update(Buffer.from(text, 'utf8')).digest('hex'),
    });
    expect(logDigest([event(1, { name: '佐藤', id: '0001' }), log[1]!]).sha256).toBe(digest.sha256);
    expect(logDigest([event(1, { id: '0001', name: '佐籐' }), log[1]!]).sha256).not.toBe(digest.sha256);
    expect(logDigest([log[1]!, log[0]!]).sha256).not.toBe(digest.sha256);
    expect(logDigest([]).sha256).toBe(createHash('sha256').digest('hex'));
  });
});
