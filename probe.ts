import { readFileSync, mkdtempSync } from 'node:fs';
import { Engine } from './main/engine/Engine.ts';
const engine = Engine.open({ dataDir: mkdtempSync('/tmp/probe-'), host: 'test' });
const gw = engine.gateway();
const lines = readFileSync(process.argv[2]!, 'utf8').split('\n').filter((l) => l.trim());
for (const line of lines) {
  const { tool, args, now, fields, n } = JSON.parse(line);
  const r = await gw.call(tool, args, { mode: 'emulator', emulatorNow: new Date(now ?? '2025-04-20T10:30:00+09:00') });
  console.log(`## ${tool} ${JSON.stringify(args)} → ok=${r.ok} total=${r.totalCount} ${r.error ? r.error.kind + ' ' + r.error.message : ''}`);
  for (const it of r.items.slice(0, n ?? 5)) console.log('  ', JSON.stringify(fields ? Object.fromEntries(fields.map((f: string) => [f, it[f]])) : it));
}
await engine.dispose();
