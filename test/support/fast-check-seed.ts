import fc from 'fast-check';

// CI must be reproducible: every property runs on one seed there (FC_SEED overrides it);
// local runs draw new seeds so that the properties keep exploring.
const seed = process.env.FC_SEED ?? (process.env.CI ? '20261202' : undefined);
if (seed !== undefined) fc.configureGlobal({ seed: Number(seed) });
