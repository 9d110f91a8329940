#!/usr/bin/env node
// Runs the TypeScript sources directly (tsx), so a checkout needs no build step before `npx kopa`.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../main/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
