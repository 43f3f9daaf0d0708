import { createHash } from 'node:crypto';

/*
 * A lottery's seed is drawn when entry opens (the application's CSPRNG, with a random nonce) and
 * only its commitment is shown on the public entry page; the draw at closing uses that seed and
 * reveals it with the nonce. Anyone can then check the hash, so nobody chose the seed after
 * seeing the entrants. The nonce keeps a 31-bit seed from being found by trying every seed.
 */
export const LOTTERY_COMMITMENT_FORMAT = 'shinpan-lottery/1';

/** The SHA-256 (hex) of `shinpan-lottery/1:SEED:NONCE`. */
export function lotteryCommitment(seed: number, nonce: string): string {
  return createHash('sha256').update(`${LOTTERY_COMMITMENT_FORMAT}:${seed}:${nonce}`).digest('hex');
}
