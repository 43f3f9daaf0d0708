import { messageTable, t, type Word } from '../../message-table.js';

export const exportMessages = messageTable({
  wrote: (d: { out: Word; rows: Word; value: Word }) =>
    t(`${d.out} に ${d.rows} 行を書き出しました\n`, `wrote ${d.rows} ${d.value} to ${d.out}\n`),
});
