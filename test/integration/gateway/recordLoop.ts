// Records calls as fast as it can until it is killed (used by recordKill.test.ts).
import { Engine } from '../../../main/engine/Engine.ts';

const [dataDir, apiBase] = process.argv.slice(2) as [string, string];
const engine = Engine.open({ dataDir, gateway: { apiBase } });
const months = ['01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12'];
for (let i = 0; ; i++) {
  const year = String(2024 + (i % 3));
  const result = await engine.call('gateway.call', {
    tool: 'kasi.getRestDeInfo',
    args: { solYear: year, solMonth: months[Math.floor(i / 3) % 12]! },
    mode: 'record',
  });
  process.stdout.write(`${result.ok ? 'ok' : result.error?.kind}\n`);
}
