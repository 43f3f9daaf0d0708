/** How many times the event loop came round (a callback per turn, scheduled again each turn) until stopped. */
export function turnCounter(): { readonly turns: number; stop(): void } {
  let turns = 0;
  let ticking = true;
  const tick = () => {
    turns += 1;
    if (ticking) setImmediate(tick);
  };
  setImmediate(tick);
  return {
    get turns() {
      return turns;
    },
    stop() {
      ticking = false;
    },
  };
}
