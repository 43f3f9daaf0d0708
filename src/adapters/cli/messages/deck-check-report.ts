import { messageTable, t } from '../../message-table.js';

export const deckCheckReportMessages = messageTable({
  line: () => t('行', 'line'),
});
