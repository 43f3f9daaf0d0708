import { RULING_REASON } from '../../../src/core/tournament/limits.js';
import { useT } from '../i18n/use-t';
import { penaltyOf, type Pack } from '../api/policy';
import type { PenaltyId, PenaltyOption, PenaltyPreview } from '../api/types';
import { Choices, SelectField, TextArea } from '../components/form';
import { useLang } from '../i18n/i18n';

/** A penalty added to the guideline one (rules 7, 10), with where it lands when the guideline one lands on no game. */
export interface AddedPenalty {
  readonly penalty: PenaltyId | '';
  readonly reason: string;
  readonly duel: number;
}

const optionOf = (preview: PenaltyPreview, penalty: PenaltyId | ''): PenaltyOption | undefined =>
  preview.options.find((o) => o.penalty === penalty);

/** Whether a penalty lands on no game (caution, warning), as the server's answer says. */
const landsNowhere = (preview: PenaltyPreview, penalty: PenaltyId): boolean =>
  optionOf(preview, penalty)?.landing.propose === null;

/** Whether the addition lands where the judge names a duel (it takes the duel when the guideline one lands on no game). */
function addedDuel(preview: PenaltyPreview, added: AddedPenalty, guideline: PenaltyId): boolean {
  const option = optionOf(preview, added.penalty);
  const where = option?.landing.propose ?? null;
  return landsNowhere(preview, guideline) && where !== null && option?.duelLandings.includes(where) === true;
}

/** The fields the server takes for the addition: `additional`, and the duel it takes when the guideline one lands on no game. */
export function addedBody(
  preview: PenaltyPreview,
  added: AddedPenalty | null,
  guideline: PenaltyId,
): { additional?: { penalty: PenaltyId; reason: string }; duel?: number } {
  if (added === null || added.penalty === '') return {};
  const own = addedDuel(preview, added, guideline) ? { duel: added.duel } : {};
  return { additional: { penalty: added.penalty, reason: added.reason.trim() }, ...own };
}

/** Whether the addition is complete: a penalty above the guideline and a written reason. */
export const addedReady = (added: AddedPenalty | null): boolean =>
  added === null || (added.penalty !== '' && added.reason.trim() !== '');

/**
 * Rules 7 and 10: where the pack allows an addition and the judge answered that the result was
 * affected, the floor judge may give one further penalty alongside the guideline one, with a
 * reason. Both are recorded; the guideline one is not replaced (that stays a deviation).
 * Under 2-A as the seed reads it (`deviation: reduce-or-add`, the server's `addition.as` is
 * `deviation`) any heavier penalty is added this way instead of replacing the guideline: a
 * deviation, with its reason, the head judge's where the pack says so.
 */
export function AddedPenaltyFields({
  pack,
  preview,
  guideline,
  as,
  value,
  onChange,
}: {
  pack: Pack;
  preview: PenaltyPreview;
  guideline: PenaltyId;
  as: 'rule' | 'deviation';
  value: AddedPenalty | null;
  onChange: (value: AddedPenalty | null) => void;
}) {
  const { t } = useT();
  const { pick } = useLang();
  const ladder = preview.options.map((o) => o.penalty);
  const above = ladder.slice(ladder.indexOf(guideline) + 1);
  const where = value && value.penalty !== '' ? (optionOf(preview, value.penalty)?.landing.propose ?? null) : null;
  const duels = namedDuels(preview);
  const words = as === 'deviation' ? 'penaltyExtras.deviationAdd' : 'penaltyExtras';
  return (
    <fieldset className="stack" data-testid="added-penalty">
      <legend>{t(`${words}.addTitle`)}</legend>
      <label className="check">
        <input
          type="checkbox"
          checked={value !== null}
          onChange={(e) =>
            onChange(e.target.checked ? { penalty: '', reason: '', duel: preview.firstDuel ?? 1 } : null)
          }
          data-testid="add-penalty"
        />
        <span>{t(`${words}.addCheck`)}</span>
      </label>
      {value !== null && (
        <>
          <p className="field-hint">{t(`${words}.addHint`)}</p>
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
          {landsNowhere(preview, guideline) && where && (
            <p className="muted">{t('penaltyExtras.addLandsOn', { where: t(`appliesTo.${where}`) })}</p>
          )}
          {addedDuel(preview, value, guideline) && (
            <Choices
              legend={where === 'current-duel' ? t('penalty.whichDuelNow') : t('penalty.whichDuelNext')}
              name="added-duel"
              value={String(value.duel)}
              onChange={(v) => onChange({ ...value, duel: Number(v) })}
              options={duels.map((d) => ({ value: d, label: t('penalty.duelN', { duel: d }) }))}
            />
          )}
          <TextArea
            label={t(`${words}.addReason`)}
            value={value.reason}
            onChange={(e) => onChange({ ...value, reason: e.target.value })}
            rows={3}
            required
            data-testid="added-reason"
            maxLength={RULING_REASON.max}
          />
        </>
      )}
    </fieldset>
  );
}

/** The duel numbers the judge may name, as the server gives them: from `firstDuel` (between duels one is over) to the match's last. */
export function namedDuels(preview: PenaltyPreview): string[] {
  const first = preview.firstDuel ?? 1;
  return Array.from({ length: Math.max(0, (preview.duels ?? 0) - first + 1) }, (_, i) => String(first + i));
}
