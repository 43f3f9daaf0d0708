import { messageTable, t, type Word } from '../../message-table.js';

/** The page the server shows in place of a console that has not been built. */
export const M = messageTable({
  /** `api` is the link to the OpenAPI document. */
  'not-built': (v: { api: Word }) =>
    t(
      `コンソールはまだビルドされていません（web/dist がありません）。API は ${v.api} で確認できます。`,
      `The console has not been built yet (no web/dist). The API is described at ${v.api}.`,
    ),
});
