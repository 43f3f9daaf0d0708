import { messageTable, t, type Word } from '../../message-table.js';

export const deskMessages = messageTable({
  'there-no-tournament': (d: { tournamentId: Word }) =>
    t(`大会 ${d.tournamentId} はありません`, `there is no tournament ${d.tournamentId}`),
});
