import { messageTable, t } from '../../message-table.js';

/** The series routes' own words. */
export const M = messageTable({
  series: () => t('シリーズ', 'The series'),
  'top-or-at-least': () => t('top か atLeast のどちらか1つを指定してください。', 'Give exactly one of top or atLeast.'),
  'points-rule': () =>
    t(
      'points は ranking-duel、placement、またはポイント規定のオブジェクトです。',
      'points is ranking-duel, placement, or a points rule object.',
    ),
});
