import { BEST_OF, type BestOf, ROUND_MINUTES } from '../../../src/core/tournament/limits.js';
import { SelectField, TextField } from './form';
import { useRoundLabel } from './round-label';

/**
 * A stage's match format and minutes per round, side by side: the Swiss and the top cut on the
 * creation form, a new phase (day two) between rounds. The choices and bounds are the core's.
 */
export function StageFormatFields({
  name,
  formatLabel,
  minutesLabel,
  bestOf,
  onBestOf,
  minutes,
  onMinutes,
}: {
  /** Form field names: `${name}BestOf` and `${name}Minutes`. */
  name: { bestOf: string; minutes: string };
  formatLabel: string;
  minutesLabel: string;
  bestOf: BestOf;
  onBestOf: (bestOf: BestOf) => void;
  minutes: number;
  onMinutes: (minutes: number) => void;
}) {
  const { format } = useRoundLabel();
  return (
    <div className="field-row">
      <SelectField
        label={formatLabel}
        name={name.bestOf}
        value={bestOf}
        onChange={(e) => onBestOf(Number(e.target.value) as BestOf)}
      >
        {BEST_OF.map((n) => (
          <option key={n} value={n}>
            {format(n)}
          </option>
        ))}
      </SelectField>
      <TextField
        label={minutesLabel}
        name={name.minutes}
        type="number"
        min={ROUND_MINUTES.min}
        max={ROUND_MINUTES.max}
        value={minutes}
        onChange={(e) => onMinutes(Number(e.target.value))}
        required
      />
    </div>
  );
}
