/** Bad input on the command line or in a file it reads: exit status 2, one clear line on stderr, nothing written. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 2,
  ) {
    super(message);
    this.name = 'CliError';
  }
}
