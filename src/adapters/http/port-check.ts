import { createServer } from 'node:net';

/** Why the server could not take its port: another process holds it, or the system refuses it. */
export class PortUnavailableError extends Error {
  constructor(
    readonly port: number,
    readonly reason: 'in-use' | 'denied',
  ) {
    super(`port ${port}: ${reason}`);
    this.name = 'PortUnavailableError';
  }
}

/** The listen errors that mean "this port, not this server": answered as PortUnavailableError. */
export function portError(error: unknown, port: number): PortUnavailableError | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'EADDRINUSE') return new PortUnavailableError(port, 'in-use');
  if (code === 'EACCES') return new PortUnavailableError(port, 'denied');
  return undefined;
}

/**
 * Binds and releases the port before the database is opened, so a start that cannot listen
 * (another server still running) writes nothing: no migrated file, no first organizer whose
 * password would never be printed. Port 0 (any free port) needs no check.
 */
export function checkPortFree(port: number, host: string): Promise<void> {
  if (port === 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error) => reject(portError(error, port) ?? error));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve()));
  });
}
