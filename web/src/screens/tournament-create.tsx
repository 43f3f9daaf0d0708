import { useState, type FormEvent } from 'react';
import { useT } from '../i18n/use-t';
import { paths, writes, type ListHistory, type NewTournament } from '../api/tournament-api';
import { useResource } from '../api/resource';
import { request } from '../api/http';
import { useLang } from '../i18n/i18n';
import { Choices, SelectField, TextField } from '../components/form';
import { ErrorNotice } from '../components/status';
import { navigate } from '../router';
import { useWrite } from '../components/use-write';
import { StageFormatFields } from '../components/stage-format-fields';
import {
  type BestOf,
  DEFAULT_ROUND_MINUTES,
  MAX_TOP_CUT,
  SWISS_ROUNDS,
  TIME_ZONE_CHARACTERS,
  TOP_CUT_SIZES,
  TOURNAMENT_NAME,
} from '../../../src/core/tournament/limits.js';
import { deviceTimeZone } from '../i18n/time-zone';

/** Today in the device's time zone, as YYYY-MM-DD. */
function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** The server takes card databases up to 1.5 MB (base64 for a cards.cdb). */
const MAX_CARDS_BYTES = 1_100_000;

/** The upload of a card database file, its format by extension. */
async function cardUpload(file: File): Promise<{ name: string; format: 'jsonl' | 'ygoprodeck' | 'cdb'; data: string }> {
  const lower = file.name.toLowerCase();
  if (lower.endsWith('.cdb')) {
    const bytes = new Uint8Array(await file.arrayBuffer());
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return { name: file.name, format: 'cdb', data: btoa(binary) };
  }
  return { name: file.name, format: lower.endsWith('.json') ? 'ygoprodeck' : 'jsonl', data: await file.text() };
}

/** The organizer's form for a new tournament. */
export function TournamentCreate() {
  const { t } = useT();
  const { pick } = useLang();
  const [name, setName] = useState('');
  const [date, setDate] = useState(today());
  const [timeZone, setTimeZone] = useState(deviceTimeZone);
  const [kind, setKind] = useState<'swiss' | 'single-elimination'>('swiss');
  const [rounds, setRounds] = useState(4);
  const [topCut, setTopCut] = useState<number>(0);
  // 'custom': a top N of the organizer's choosing; not a power of two, the top seeds get first-round byes.
  const [customTop, setCustomTop] = useState<number | null>(null);
  const [roundMinutes, setRoundMinutes] = useState(DEFAULT_ROUND_MINUTES);
  const [swissBestOf, setSwissBestOf] = useState<BestOf>(3);
  const [topBestOf, setTopBestOf] = useState<BestOf>(3);
  const [topMinutes, setTopMinutes] = useState(DEFAULT_ROUND_MINUTES);
  // The top cut's format matters only when there is one: a Swiss with a top cut, or single elimination.
  const hasSwiss = kind === 'swiss';
  const topSize = customTop ?? topCut;
  const hasTopCut = kind === 'single-elimination' || topSize > 0;
  const [decklistsRequired, setDecklistsRequired] = useState(true);
  // '' = the shipped list in force on the date; a list name; 'none'; 'file' = an uploaded file.
  const [list, setList] = useState('');
  const [listFile, setListFile] = useState<NewTournament['banlistFile'] | null>(null);
  const lists = useResource<ListHistory>(/^\d{4}-\d{2}-\d{2}$/.test(date) ? paths.lists(date) : null);
  const [cardsFile, setCardsFile] = useState<File | null>(null);
  const [cardsChoice, setCardsChoice] = useState<'shipped' | 'file'>('shipped');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const run = useWrite();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (list === 'file' && !listFile) return setError(new Error(t('create.listFileMissing')));
    if (cardsChoice === 'file' && !cardsFile) return setError(new Error(t('create.cardsFileMissing')));
    if (cardsFile && cardsChoice === 'file' && cardsFile.size > MAX_CARDS_BYTES)
      return setError(new Error(t('create.cardsFileTooBig')));
    setBusy(true);
    setError(null);
    let cardPool: string | undefined;
    if (cardsChoice === 'file' && cardsFile) {
      try {
        cardPool = (await request<{ id: string }>('POST', paths.cardDatabases, { body: await cardUpload(cardsFile) }))
          .body.id;
      } catch (caught) {
        setBusy(false);
        return setError(caught);
      }
    }
    const outcome = await run(() =>
      writes.createTournament({
        name: name.trim(),
        date,
        ...(timeZone.trim() === '' ? {} : { timeZone: timeZone.trim() }),
        decklistsRequired,
        roundMinutes: hasSwiss ? roundMinutes : topMinutes,
        stages: {
          ...(hasSwiss ? { swiss: { bestOf: swissBestOf, roundMinutes } } : {}),
          ...(hasTopCut ? { 'top-cut': { bestOf: topBestOf, roundMinutes: topMinutes } } : {}),
        },
        structure:
          kind === 'swiss'
            ? { kind: 'swiss', rounds, topCut: topSize, ...(customTop !== null ? { topCutByes: true } : {}) }
            : { kind: 'single-elimination' },
        ...(list === 'file' && listFile
          ? { banlistFile: listFile }
          : list !== '' && list !== 'file'
            ? { banlist: list }
            : {}),
        ...(cardPool ? { cardPool } : {}),
      }),
    );
    setBusy(false);
    if (!outcome.ok) return setError(outcome.error);
    const { id } = outcome.body as { id: string };
    navigate(`/t/${encodeURIComponent(id)}/players`);
  }

  return (
    <section className="narrow">
      <h1>{t('create.title')}</h1>
      <form onSubmit={submit} className="stack">
        <TextField
          label={t('create.name')}
          name="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          required
          maxLength={TOURNAMENT_NAME.max}
          autoFocus
        />
        <TextField
          label={t('create.date')}
          name="date"
          type="date"
          value={date}
          onChange={(e) => setDate(e.target.value)}
          required
          hint={t('create.dateHint')}
        />
        <TextField
          label={t('create.timeZone')}
          name="timeZone"
          value={timeZone}
          onChange={(e) => setTimeZone(e.target.value)}
          maxLength={TIME_ZONE_CHARACTERS}
          autoCapitalize="off"
          spellCheck={false}
          hint={t('create.timeZoneHint')}
        />
        <Choices
          legend={t('create.structure')}
          name="structure"
          value={kind}
          onChange={setKind}
          options={[
            { value: 'swiss', label: t('create.swiss') },
            { value: 'single-elimination', label: t('create.singleElimination') },
          ]}
        />
        {kind === 'swiss' && (
          <div className="field-row">
            <TextField
              label={t('create.rounds')}
              name="rounds"
              type="number"
              min={SWISS_ROUNDS.min}
              max={SWISS_ROUNDS.max}
              value={rounds}
              onChange={(e) => setRounds(Number(e.target.value))}
              required
            />
            <SelectField
              label={t('create.topCut')}
              name="topCut"
              value={customTop === null ? topCut : 'custom'}
              onChange={(e) => {
                if (e.target.value === 'custom') return setCustomTop(6);
                setCustomTop(null);
                setTopCut(Number(e.target.value));
              }}
            >
              {TOP_CUT_SIZES.map((n) => (
                <option key={n} value={n}>
                  {n === 0 ? t('create.noTopCut') : t('create.topN', { count: n })}
                </option>
              ))}
              <option value="custom">{t('formats.topCustom')}</option>
            </SelectField>
          </div>
        )}
        {kind === 'swiss' && customTop !== null && (
          <TextField
            label={t('formats.topCustomSize')}
            name="topCutCustom"
            type="number"
            min={2}
            max={MAX_TOP_CUT}
            value={customTop}
            onChange={(e) => setCustomTop(Number(e.target.value))}
            hint={t('formats.topCustomHint')}
            required
          />
        )}
        {hasSwiss && (
          <StageFormatFields
            name={{ bestOf: 'swissBestOf', minutes: 'roundMinutes' }}
            formatLabel={t('formats.swissBestOf')}
            minutesLabel={t('formats.swissMinutes')}
            bestOf={swissBestOf}
            onBestOf={setSwissBestOf}
            minutes={roundMinutes}
            onMinutes={setRoundMinutes}
          />
        )}
        {hasTopCut && (
          <StageFormatFields
            name={{ bestOf: 'topBestOf', minutes: 'topMinutes' }}
            formatLabel={t('formats.topBestOf')}
            minutesLabel={t('formats.topMinutes')}
            bestOf={topBestOf}
            onBestOf={setTopBestOf}
            minutes={topMinutes}
            onMinutes={setTopMinutes}
          />
        )}
        <SelectField
          label={t('create.list')}
          name="banlist"
          value={list}
          onChange={(e) => setList(e.target.value)}
          hint={t('create.listHint')}
        >
          <option value="">
            {lists.data?.inForce ? t('create.listInForce', { name: lists.data.inForce }) : t('create.listInForceNone')}
          </option>
          {[...(lists.data?.lists ?? [])].reverse().map((l) => (
            <option key={l.name} value={l.name}>
              {t('create.listOption', {
                name: l.name,
                forbidden: l.forbidden,
                limited: l.limited,
                semiLimited: l.semiLimited,
              })}
            </option>
          ))}
          <option value="none">{t('create.listNone')}</option>
          <option value="file">{t('create.listFile')}</option>
        </SelectField>
        {list === '' && lists.data?.warning && (
          <p className="notice notice-warn" role="status">
            {pick(lists.data.warning)}
          </p>
        )}
        {list === 'file' && (
          <div className="field">
            <label htmlFor="banlist-file">{t('create.listFileLabel')}</label>
            <input
              id="banlist-file"
              type="file"
              accept=".conf,.txt,.json"
              onChange={async (e) => {
                const file = e.target.files?.[0];
                setListFile(
                  file
                    ? { format: file.name.toLowerCase().endsWith('.json') ? 'json' : 'lflist', text: await file.text() }
                    : null,
                );
              }}
            />
          </div>
        )}
        <SelectField
          label={t('create.cards')}
          name="cardPool"
          value={cardsChoice}
          onChange={(e) => setCardsChoice(e.target.value === 'file' ? 'file' : 'shipped')}
        >
          <option value="shipped">{t('create.cardsShipped')}</option>
          <option value="file">{t('create.cardsFile')}</option>
        </SelectField>
        {cardsChoice === 'file' && (
          <div className="field">
            <label htmlFor="cards-file">{t('create.cardsFileLabel')}</label>
            <input
              id="cards-file"
              type="file"
              accept=".jsonl,.json,.cdb"
              onChange={(e) => setCardsFile(e.target.files?.[0] ?? null)}
            />
          </div>
        )}
        <label className="check">
          <input
            type="checkbox"
            name="decklistsRequired"
            checked={decklistsRequired}
            onChange={(e) => setDecklistsRequired(e.target.checked)}
          />
          <span>{t('create.decklistsRequired')}</span>
        </label>
        {error !== null && <ErrorNotice error={error} />}
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? t('status.sending') : t('create.submit')}
        </button>
      </form>
    </section>
  );
}
