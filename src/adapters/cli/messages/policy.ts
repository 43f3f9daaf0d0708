import { messageTable, t, type Word } from '../../message-table.js';

export const policyMessages = messageTable({
  'remedy-2': (d: { text: Word }) => t(`処置：${d.text}`, `Remedy: ${d.text}`),
  remedy: (d: { when: Word; text: Word }) => t(`処置（${d.when}）：${d.text}`, `Remedy ${d.when}: ${d.text}`),
  'judge-may-add-penalty': (d: { when: Word }) =>
    t(`${d.when}、ジャッジの判断で罰則を追加できる。`, `The judge may add a penalty ${d.when}.`),
});
