import { useState } from 'react';
import { useT } from '../i18n/use-t';
import { CALL_NOTE_CHARS } from '../../../src/core/tournament/limits.js';
import { TextArea } from '../components/form';
import { WriteButton } from '../components/pending-button';
import { formatTime, useLang } from '../i18n/i18n';
import type { PlayerPageView } from '../self-service/self-service-api';
import { callWrites } from './calls-api';

/**
 * The player's 「ジャッジを呼ぶ」 button: large, with a few optional words. While the table's
 * call is not resolved the page says a judge is coming (pressing again on the other phone
 * answers the same call); once the player has used the round's calls, it says to raise a hand.
 */
export function CallJudge({ view, code }: { view: PlayerPageView; code: string | undefined }) {
  const { t } = useT();
  const { lang } = useLang();
  const [note, setNote] = useState('');
  const [words, setWords] = useState(false);
  const match = view.match;
  if (!match || match.bye || match.table === null || match.ended) return null;
  const table = match.table;
  if (match.call)
    return (
      <p className="notice notice-warn call-coming" data-testid="call-open" aria-live="polite">
        {t(match.call.state === 'open' ? 'calls.player.coming' : 'calls.player.withJudge', {
          time: formatTime(match.call.openedAt, lang),
        })}
      </p>
    );
  if (match.callsLeft === 0 && code !== undefined) return <p className="notice">{t('calls.player.noneLeft')}</p>;
  return (
    <div className="stack call-judge" data-testid="call-judge">
      {words ? (
        <TextArea
          label={t('calls.player.words')}
          hint={t('calls.player.wordsHint', { max: CALL_NOTE_CHARS })}
          maxLength={CALL_NOTE_CHARS}
          rows={2}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          data-testid="call-note"
        />
      ) : (
        <button type="button" className="button button-quiet" onClick={() => setWords(true)}>
          {t('calls.player.addWords')}
        </button>
      )}
      <WriteButton
        className="button button-call button-wide"
        onWrite={() => callWrites.open(view.tournament.id, table, match.round, view.player.id, code, note)}
        onDone={() => {
          setNote('');
          setWords(false);
        }}
        data-testid="call-button"
      >
        {t('calls.player.button')}
      </WriteButton>
    </div>
  );
}
