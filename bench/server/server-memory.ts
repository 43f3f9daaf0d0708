import { ApiClient } from './api-client.js';
import { buildServer, startServer } from './server-process.js';

export interface HoldingMemory {
  readonly holder: string;
  readonly peakMb: number[];
  readonly note: string;
}

/**
 * Peak memory (VmHWM) of the real server holding the event: `shinpan serve` on the SQLite file,
 * asked for the standings, the last round's pairings board and every player's own table, three
 * fresh processes.
 */
export async function serverHoldingMemory(
  file: string,
  tournamentId: string,
  log: (line: string) => void,
): Promise<HoldingMemory> {
  const broken = buildServer();
  if (broken) return { holder: 'the server', peakMb: [], note: `not measured: ${broken}` };
  const peakMb: number[] = [];
  for (let i = 0; i < 3; i++) {
    log(`standings: server holding the event, start ${i + 1}/3`);
    const server = await startServer(file);
    try {
      const api = new ApiClient(server.url);
      const base = `/api/tournaments/${tournamentId}`;
      await api.ok('GET', `${base}/standings`);
      const { rounds } = (await api.ok('GET', base)) as { rounds: unknown[] };
      const board = (await api.ok('GET', `${base}/rounds/${rounds.length}/pairings`)) as {
        tables: { players: { id: string }[] }[];
      };
      const seated = board.tables.flatMap((t) => t.players.map((p) => p.id));
      // Every eighth player looks up their own table, so the views are built without the setup taking minutes.
      for (const id of seated.filter((_, i) => i % 8 === 0))
        await api.ok('GET', `${base}/rounds/${rounds.length}/pairings/${id}`);
      peakMb.push(server.peakMb());
    } finally {
      await server.stop();
    }
  }
  return { holder: 'the server', peakMb, note: 'after standings, the board and 1 in 8 players looked up' };
}
