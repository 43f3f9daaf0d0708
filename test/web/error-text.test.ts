import { describe, expect, it } from 'vitest';
import { withoutPath } from '../../web/src/api/error-text.js';

describe('an error sentence as the console shows it', () => {
  it('leaves out the request path the server puts first for programs', () => {
    expect(withoutPath('body.reading: フリガナはカタカナかひらがなで入力してください')).toBe(
      'フリガナはカタカナかひらがなで入力してください',
    );
    expect(withoutPath('body.decklist.main[3]: unknown card')).toBe('unknown card');
    expect(withoutPath('query.lang: must be ja or en')).toBe('must be ja or en');
  });

  it('keeps a sentence that does not start with a path', () => {
    expect(withoutPath('Too many entries from your address. Wait 23 s.')).toBe(
      'Too many entries from your address. Wait 23 s.',
    );
    expect(withoutPath('bodyguard: a card name')).toBe('bodyguard: a card name');
  });
});
