#!/usr/bin/env node
import { main } from '../dist/adapters/cli/main.js';

// `shinpan … | head` closes the pipe early: the reader has what it wanted, so stop quietly
// (the status a shell gives a command its pipe closed), without a stack trace.
for (const stream of [process.stdout, process.stderr])
  stream.on('error', (error) => {
    if (error.code === 'EPIPE') process.exit(0);
    throw error;
  });

process.exitCode = await main(process.argv);
