import { memo, useMemo } from 'react';
import { useT } from '../i18n/use-t';
import type { PairingsView, TableView } from '../api/types';
import { PAGE_SIZE, PageNav, usePaged } from '../components/paged';
import { useLazyMemo } from '../components/lazy-memo';
import { searchForm } from '../../../src/core/names/reading.js';
import type { JudgeReason } from './needs-judge';
import { TableCard } from './table-card';

/**
 * Each table with the text a search looks in, built once per answer: ids in lower case, names
 * and readings in search form (core/names/reading.ts), so hiragana typed finds a katakana reading.
 */
function tableIndex(view: PairingsView): { table: TableView; ids: string; names: string }[] {
  return view.tables.map((table) => ({
    table,
    ids: table.players.map((p) => p.id.toLowerCase()).join('\n'),
    names: table.players.map((p) => `${searchForm(p.name)}\n${p.reading ? searchForm(p.reading) : ''}`).join('\n'),
  }));
}

/** The table cards that match the (deferred) search words, a page at a time; unchanged props skip a render. */
export const TableList = memo(function TableList({
  view,
  words,
  onlyOpen,
  reload,
  version,
  needsJudge,
  onlyTable,
  playing,
}: {
  view: PairingsView;
  words: string;
  onlyOpen: boolean;
  reload: () => void;
  version: number | null;
  needsJudge: ReadonlyMap<number, JudgeReason>;
  onlyTable: number | null;
  /** Started and published: before that nobody is playing, so no table reads 対戦中. */
  playing: boolean;
}) {
  const { t } = useT();
  const index = useLazyMemo(view, tableIndex);
  const tables = useMemo(() => {
    const open = (table: TableView) =>
      (!onlyOpen || table.outcome.kind === 'pending') && (onlyTable === null || table.table === onlyTable);
    if (words === '') return view.tables.filter(open);
    const typed = searchForm(words);
    return index()
      .filter(
        ({ table, ids, names }) =>
          open(table) &&
          (String(table.table) === words || ids.includes(words) || (typed !== '' && names.includes(typed))),
      )
      .map((x) => x.table);
  }, [view, index, words, onlyOpen, onlyTable]);
  const paged = usePaged(tables, `${words}|${onlyOpen}|${onlyTable}`, PAGE_SIZE / 2);
  return (
    <>
      <PageNav paged={paged} label={t('paged.tables')} />
      <ol className="tables">
        {paged.shown.map((table) => (
          <TableCard
            key={table.table ?? `bye-${table.players[0]?.id}`}
            table={table}
            round={view.round}
            ended={view.ended}
            topCut={view.stage === 'top-cut'}
            format={view}
            reload={reload}
            version={version}
            needsJudge={table.table === null ? undefined : needsJudge.get(table.table)}
            playing={playing}
          />
        ))}
      </ol>
      <PageNav paged={paged} label={t('paged.tables')} />
      {tables.length === 0 && <p className="empty">{t('round.noMatch')}</p>}
    </>
  );
});
