// Entry point of the bundle packages/cli/dist/carb.js (see build.js): runs the CLI on this process's arguments.
import { main } from '../src/main.ts';

process.exitCode = await main(process.argv.slice(2));
