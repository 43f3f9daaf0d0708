import type { Command } from 'commander';
import { BEST_OF, ROUND_MINUTES, type BestOf, PHASE_NAME } from '../../../core/tournament/limits.js';
import { atDesk, withWriteOptions, type WriteOptions } from '../desk.js';
import { deskTime } from '../desk-time.js';
import { inputError, optionalIn, rangeText, textOption, timeOption } from '../option-values.js';
import { printJson, type Io } from '../output.js';
import { matchFormatText } from './tournament.js';
import { phaseMessages as M } from '../messages/phase.js';

interface PhaseOptions extends WriteOptions {
  readonly name: string;
  readonly bestOf?: string;
  readonly roundMinutes?: string;
  readonly seatTime?: string;
}

/** `phase start --name "Day 2"`: the next Swiss rounds form a phase with its own format, length and first seat time. */
async function start(options: PhaseOptions, io: Io): Promise<void> {
  await atDesk(options, async (desk) => {
    const lang = desk.lang;
    const name = textOption('--name', options.name, lang, PHASE_NAME);
    if (options.bestOf !== undefined && !BEST_OF.map(String).includes(options.bestOf)) {
      throw inputError(M.say(lang, 'best-expected-one-got', { bestOf: BEST_OF.join(', '), bestOf2: options.bestOf }));
    }
    const roundMinutes = optionalIn('--round-minutes', options.roundMinutes, ROUND_MINUTES, lang);
    const seatTime = options.seatTime === undefined ? undefined : timeOption('--seat-time', options.seatTime, lang);
    const data = {
      name,
      ...(options.bestOf === undefined ? {} : { bestOf: Number(options.bestOf) as BestOf }),
      ...(roundMinutes === undefined ? {} : { roundMinutes }),
      ...(seatTime === undefined ? {} : { seatTime }),
    };
    const done = await desk.run({ type: 'StartPhase', data, meta: desk.meta('StartPhase') });
    if (done.state.status === 'none') return;
    const phase = done.state.phases[done.state.phases.length - 1];
    if (!phase) return;
    if (desk.json) return printJson(io, phase);
    const seat =
      phase.seatTime === null ? '' : M.say(lang, 'seat-time', { seatTime: deskTime(done.state, phase.seatTime) });
    io.stdout.write(
      M.say(lang, 'starts-round', {
        name: phase.name,
        fromRound: phase.fromRound,
        matchFormat: matchFormatText(phase.format, lang),
        seat,
      }),
    );
  });
}

/** Registers `shinpan phase start`. */
export function registerPhaseCommands(program: Command, io: Io): void {
  const group = program
    .command('phase')
    .description('Swiss phases: day two and later / スイスドローのフェーズ（2日目など）');
  withWriteOptions(
    group
      .command('start')
      .description(
        'After an ended Swiss round, start a new phase (day two); standings carry over / 新しいフェーズを開始（成績は引き継ぐ）',
      )
      .requiredOption('--name <name>', 'the phase name, shown on pairings ("Day 2") / フェーズ名')
      .option(
        '--best-of <n>',
        `duels per match in this phase: ${BEST_OF.join(', ')} (default: as before) / このフェーズの試合形式`,
      )
      .option(
        '--round-minutes <n>',
        `minutes per round in this phase (${rangeText(ROUND_MINUTES)}, default: as before) / このフェーズの1回戦の時間（分）`,
      )
      .option('--seat-time <iso-time>', "seat time of the phase's first round / 最初の回戦の着席時刻"),
  ).action((options: PhaseOptions) => start(options, io));
}
