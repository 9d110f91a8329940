// The air gap as a test: the app's own processes run in a fresh network namespace with only loopback up, traced by
// strace, through the paths an analyst takes on an air-gapped workstation: synthesis, an oracle benchmark run and
// its reports, registering the demo model and a chat turn with it, and browser mode answering its page and its API.
// Any connection or datagram to an address beyond loopback, and any DNS query (a resolver's port or socket), fails
// the test with the process and the address. Skipped, saying why, where the machine cannot make the namespace.
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { kopaBin, repoRoot } from '../helpers/runCli.ts';
import { tempDir } from '../helpers/tempDir.ts';

function unavailable(): string | null {
  for (const tool of ['unshare', 'strace', 'ip']) {
    try {
      execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' });
    } catch {
      return `no ${tool} (apt-get install util-linux strace iproute2)`;
    }
  }
  try {
    execFileSync('unshare', ['-rn', 'ip', 'link', 'set', 'lo', 'up'], { stdio: 'ignore' });
  } catch {
    return 'this machine does not allow a user and network namespace (unshare -rn)';
  }
  return null;
}

const why = unavailable();

/** What strace saw leave for beyond loopback: AF_INET and AF_INET6 peers off loopback, DNS's port, the resolver's socket. */
function offLoopback(trace: string): string[] {
  const found: string[] = [];
  for (const line of trace.split('\n')) {
    if (!/\b(connect|sendto|sendmsg)\(/.test(line)) continue;
    const v4 = /sin_port=htons\((\d+)\), sin_addr=inet_addr\("([\d.]+)"\)/.exec(line);
    const v6 = /sin6_port=htons\((\d+)\).*inet_pton\(AF_INET6, "([^"]+)"/.exec(line);
    const unix = /sa_family=AF_UNIX, sun_path="([^"]+)"/.exec(line);
    if (v4 && !v4[2]!.startsWith('127.')) found.push(line.trim());
    else if (v6 && v6[2] !== '::1' && !v6[2]!.startsWith('::ffff:127.')) found.push(line.trim());
    else if ((v4 ?? v6)?.[1] === '53') found.push(line.trim());
    // systemd-resolved's socket answers only names; nscd's also answers user lookups (os.userInfo), so it is not one.
    else if (unix && /systemd\/resolve/.test(unix[1]!)) found.push(line.trim());
  }
  return found;
}

describe.skipIf(why !== null)(`the air gap${why ? ` (skipped: ${why})` : ''}`, () => {
  it('synthesizes, benchmarks, reports, chats and serves browser mode with no connection beyond loopback', async () => {
    const dir = tempDir();
    const data = path.join(dir, 'data');
    const trace = path.join(dir, 'trace');
    const kopa = `"${process.execPath}" "${kopaBin}" --lang en --data-dir "${data}"`;
    // Browser mode is asked for its page and an API call from inside the namespace, with the token it printed.
    const browser = [
      `${kopa} app --browser --json > "${dir}/app.json" &`,
      'APP=$!',
      `for i in $(seq 1 600); do grep -q launchUrl "${dir}/app.json" 2>/dev/null && break; sleep 0.1; done`,
      `URL=$(sed -n 's/.*"url": *"\\([^"]*\\)".*/\\1/p' "${dir}/app.json" | head -1)`,
      `TOKEN=$(sed -n 's/.*"launchUrl": *"[^"]*#token=\\([^"&]*\\).*/\\1/p' "${dir}/app.json" | head -1)`,
      `curl -sf "$URL/" > "${dir}/page.html"`,
      `curl -sf -X POST -H "authorization: Bearer $TOKEN" -H 'content-type: application/json' -d '{}' "$URL/api/call/engine.status" > "${dir}/status.json"`,
      'kill $APP; wait $APP || true',
    ];
    const script = [
      'set -e',
      'ip link set lo up',
      `${kopa} synth --count 4 --seed air-gap --name air`,
      `${kopa} bench run --suite kopa --model oracle --tasks cal-01,air-01,re-01 --run-id air`,
      `${kopa} bench report air --format html --out "${dir}/report.html"`,
      `${kopa} bench report air --format md --out "${dir}/report.md"`,
      `${kopa} models demo`,
      `${kopa} chat --model demo --once '2025년 5월 공휴일은 며칠인가요?' --max-steps 2 --tools kasi.getRestDeInfo`,
      ...browser,
    ].join('\n');
    const code = await new Promise<number | null>((resolve) => {
      const child = spawn('unshare', ['-rn', 'strace', '-f', '-qq', '-e', 'trace=connect,sendto,sendmsg', '-o', trace, 'sh', '-c', script], {
        cwd: repoRoot,
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
      child.once('exit', (c) => {
        if (c !== 0) console.error(stderr.slice(-4000));
        resolve(c);
      });
    });
    expect(code).toBe(0);
    expect(readFileSync(path.join(dir, 'report.html'), 'utf8')).toContain('<html');
    expect(readFileSync(path.join(dir, 'page.html'), 'utf8')).toContain('<div id="root"');
    expect(JSON.parse(readFileSync(path.join(dir, 'status.json'), 'utf8'))).toMatchObject({ ok: true });
    const log = readFileSync(trace, 'utf8');
    // The trace saw the app's loopback traffic, so an empty list means it looked and found nothing else.
    expect(log).toMatch(/inet_addr\("127\.0\.0\.1"\)/);
    expect(offLoopback(log)).toEqual([]);
    // And the detector does see what it looks for.
    const attempt = '4242 connect(23, {sa_family=AF_INET, sin_port=htons(443), sin_addr=inet_addr("203.0.113.7")}, 16) = -1 ENETUNREACH';
    const dns = '4242 sendto(24, "\\x12\\x34", 32, MSG_NOSIGNAL, {sa_family=AF_INET, sin_port=htons(53), sin_addr=inet_addr("127.0.0.53")}, 16) = 32';
    expect(offLoopback(`${attempt}\n${dns}\n${log}`)).toEqual([attempt, dns]);
  }, 900_000);
});
