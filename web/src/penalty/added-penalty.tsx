import { useTranslation } from 'react-i18next';
import { ladder, penaltyOf, type Pack } from '../api/policy';
import type { PenaltyReport } from '../api/tournament-api';
import type { AppliesTo, PenaltyId } from '../api/types';
import { Choices, SelectField, TextArea } from '../components/form';
import { useLang } from '../i18n/i18n';
import { landingOf } from './decision-panel';

/** A penalty added to the guideline one (rules 7, 10), with where it lands when the guideline one lands on no game. */
export interface AddedPenalty {
  readonly penalty: PenaltyId | '';
  readonly reason: string;
  readonly duel: number;
}

const NO_GAME: readonly PenaltyId[] = ['caution', 'warning'];

/** The fields the server takes for the addition: `additional`, and the duel it takes when the guideline one lands on no game. */
export function addedBody(
  pack: Pack,
  added: AddedPenalty | null,
  guideline: PenaltyId,
  report: PenaltyReport,
): { additional?: { penalty: PenaltyId; reason: string }; duel?: number } {
  if (added === null || added.penalty === '') return {};
  const lands = landingOf(pack, added.penalty, report);
  // The judge's landing and duel belong to the added penalty only when the guideline one lands on no game.
  const own =
    NO_GAME.includes(guideline) && lands && needsDuel(added.penalty, report, lands.propose) ? { duel: added.duel } : {};
  return { additional: { penalty: added.penalty, reason: added.reason.trim() }, ...own };
}

/** Whether the addition is complete: a penalty above the guideline and a written reason. */
export const addedReady = (added: AddedPenalty | null): boolean =>
  added === null || (added.penalty !== '' && added.reason.trim() !== '');

const needsDuel = (penalty: PenaltyId, report: PenaltyReport, where: AppliesTo | null | undefined): boolean =>
  penalty === 'duel-loss' && report.phase !== 'between-matches' && (where === 'current-duel' || where === 'next-duel');

/**
 * Rules 7 and 10: where the pack allows an addition and the judge answered that the result was
 * affected, the floor judge may give one further penalty alongside the guideline one, with a
 * reason. Both are recorded; the guideline one is not replaced (that stays a deviation).
 */
export function AddedPenaltyFields({
  pack,
  guideline,
  report,
  value,
  onChange,
}: {
  pack: Pack;
  guideline: PenaltyId;
  report: PenaltyReport;
  value: AddedPenalty | null;
  onChange: (value: AddedPenalty | null) => void;
}) {
  const { t } = useTranslation();
  const { pick } = useLang();
  const above = ladder(pack).slice(ladder(pack).indexOf(guideline) + 1);
  const lands = value && value.penalty !== '' ? landingOf(pack, value.penalty, report) : null;
  const where = lands?.propose ?? null;
  return (
    <fieldset className="stack" data-testid="added-penalty">
      <legend>{t('penaltyExtras.addTitle')}</legend>
      <label className="check">
        <input
          type="checkbox"
          checked={value !== null}
          onChange={(e) => onChange(e.target.checked ? { penalty: '', reason: '', duel: 1 } : null)}
          data-testid="add-penalty"
        />
        <span>{t('penaltyExtras.addCheck')}</span>
      </label>
      {value !== null && (
        <>
          <p className="field-hint">{t('penaltyExtras.addHint')}</p>
          <SelectField
            label={t('penaltyExtras.addPenalty')}
            value={value.penalty}
            onChange={(e) => onChange({ ...value, penalty: e.target.value as PenaltyId })}
            data-testid="added-penalty-choice"
          >
            <option value="">{t('penalty.choosePenalty')}</option>
            {above.map((p) => (
              <option key={p} value={p}>
                {pick(penaltyOf(pack, p)?.name) || p}
              </option>
            ))}
          </SelectField>
          {NO_GAME.includes(guideline) && where && (
            <p className="muted">{t('penaltyExtras.addLandsOn', { where: t(`appliesTo.${where}`) })}</p>
          )}
          {NO_GAME.includes(guideline) && value.penalty !== '' && needsDuel(value.penalty, report, where) && (
            <Choices
              legend={where === 'current-duel' ? t('penalty.whichDuelNow') : t('penalty.whichDuelNext')}
              name="added-duel"
              value={String(value.duel)}
              onChange={(v) => onChange({ ...value, duel: Number(v) })}
              options={['1', '2', '3'].map((d) => ({ value: d, label: t('penalty.duelN', { duel: d }) }))}
            />
          )}
          <TextArea
            label={t('penaltyExtras.addReason')}
            value={value.reason}
            onChange={(e) => onChange({ ...value, reason: e.target.value })}
            rows={3}
            required
            data-testid="added-reason"
          />
        </>
      )}
    </fieldset>
  );
}
