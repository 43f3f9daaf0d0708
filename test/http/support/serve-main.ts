// `shinpan serve` from the sources (through tsx), so process tests need no build of dist/.
import { main } from '../../../src/adapters/cli/main.js';

process.exitCode = await main(process.argv);
