import type { Text } from '../../../core/text.js';

/** A backup or a copy refused or not verified; the text names the file or the stream. */
export class BackupError extends Error {
  constructor(readonly text: Text) {
    super(text.en);
    this.name = 'BackupError';
  }
}
