import { RoundControls } from './round-controls';

/** Every round of the tournament, with the scorekeeper's next step. */
export function Rounds() {
  return <RoundControls />;
}
