// The audit log is append-only inside the app and tamper-evident outside it.
import { describe, expect, it } from 'vitest';
import { testEngine } from '../../helpers/engine.ts';
import { TEST_NOW } from '../../helpers/emulatorArgs.ts';
import { canonicalJson } from '../../../main/core/canonicalJson.ts';
import { canonicalEntry, type AuditEntry } from '../../../main/engine/audit/AuditRepository.ts';

async function engineWithEntries(n: number) {
  const engine = testEngine({ emulator: { now: () => TEST_NOW } });
  for (let i = 0; i < n; i++)
    await engine.call('gateway.call', { tool: 'kasi.getRestDeInfo', args: { solYear: '2025', solMonth: String((i % 12) + 1).padStart(2, '0') } });
  return engine;
}

/** What someone with the sqlite3 shell could do: drop the guards, change history. */
function tamper(engine: Awaited<ReturnType<typeof engineWithEntries>>, sql: string): void {
  engine.store.db.exec('DROP TRIGGER audit_log_no_update; DROP TRIGGER audit_log_no_delete;');
  engine.store.db.exec(sql);
}

function entryLike(): AuditEntry {
  return {
    at: '2026-12-01T09:00:00.123Z',
    toolId: 'kma.getUltraSrtNcst',
    method: 'GET',
    host: 'apis.data.go.kr',
    path: '/1360000/VilageFcstInfoService_2.0/getUltraSrtNcst',
    argsHash: 'a'.repeat(64),
    resultCode: '00',
    errorKind: null,
    bytes: 909,
    latencyMs: 1.234,
    mode: 'live',
  };
}

describe('audit verify', () => {
  it('hashes an entry over the same text as the logs written before, so they stay verifiable', () => {
    const entries: AuditEntry[] = [
      entryLike(),
      {
        at: '2026-12-01T09:00:01.000Z',
        toolId: 'juso.addrLinkApi',
        method: 'POST',
        host: 'business.juso.go.kr',
        path: '/addrlink/addrLinkApi.do',
        argsHash: 'b'.repeat(64),
        resultCode: null,
        errorKind: 'Interrupted',
        bytes: 0,
        latencyMs: 0,
        mode: 'record',
      },
      {
        at: '2026-12-01T09:00:02.000Z',
        toolId: 'x.\u0022"따옴표"',
        method: 'GET',
        host: 'h',
        path: '/경로/\n',
        argsHash: '',
        resultCode: 'HTTP 302',
        errorKind: null,
        bytes: 1e21,
        latencyMs: 0.1 + 0.2,
        mode: 'emulator',
      },
    ];
    for (const entry of entries) expect(canonicalEntry(entry)).toBe(canonicalJson(entry));
  });

  it('chains every one of many concurrent calls, each entry written before its call answers', async () => {
    const engine = testEngine({ emulator: { now: () => TEST_NOW } });
    const months = Array.from({ length: 40 }, (_, i) => String((i % 12) + 1).padStart(2, '0'));
    const results = await Promise.all(
      months.map(async (solMonth) => {
        const result = await engine.call('gateway.call', { tool: 'kasi.getRestDeInfo', args: { solYear: '2025', solMonth } });
        const logged = engine.store.db.prepare('SELECT count(*) AS n FROM audit_log WHERE args_hash = ?').get(result.requestHash) as { n: number };
        return { result, logged: logged.n };
      }),
    );
    expect(results.every((r) => r.result.ok && r.logged > 0)).toBe(true);
    expect(await engine.call('audit.verify', {})).toMatchObject({ ok: true, entries: 40 });
  });

  it('keeps what asked for each call in the chain, beside entries written before the log kept it', async () => {
    const engine = await engineWithEntries(2);
    // Entries from before migration 13 have no origin and hash over their eleven fields alone.
    const before = engine.store.db.prepare('SELECT count(*) AS n FROM audit_log WHERE origin IS NULL').get() as { n: number };
    expect(before.n).toBe(0);
    const old = { ...entryLike(), origin: null };
    expect(canonicalEntry(old)).toBe(canonicalJson(entryLike()));
    expect(canonicalEntry({ ...entryLike(), origin: 'chat' })).toBe(canonicalJson({ ...entryLike(), origin: 'chat' }));
    await engine.gateway().call('kasi.getRestDeInfo', { solYear: '2025', solMonth: '05' }, { origin: 'synth' });
    const listed = await engine.call('audit.list', { origin: 'call' });
    expect(listed.total).toBe(2);
    expect(listed.entries.every((e) => e.origin === 'call')).toBe(true);
    expect((await engine.call('audit.list', { origin: 'synth' })).entries.map((e) => e.origin)).toEqual(['synth']);
    expect(await engine.call('audit.verify', {})).toMatchObject({ ok: true });
    // Saying a call came from somewhere else is an edit like any other.
    tamper(engine, "UPDATE audit_log SET origin = 'bench' WHERE seq = 1");
    const verdict = await engine.call('audit.verify', {});
    expect(verdict.ok).toBe(false);
    if (!verdict.ok) expect(verdict.problems.map((p) => p.seq)).toContain(1);
  });

  it('passes an untouched log', async () => {
    const engine = await engineWithEntries(5);
    expect(await engine.call('audit.verify', {})).toMatchObject({ ok: true, entries: 5 });
  });

  it('finds an edited entry', async () => {
    const engine = await engineWithEntries(5);
    tamper(engine, "UPDATE audit_log SET host = 'evil.example' WHERE seq = 3");
    const verdict = await engine.call('audit.verify', {});
    expect(verdict.ok).toBe(false);
    expect(!verdict.ok && verdict.problems).toContainEqual({ seq: 3, message: 'its content does not match its hash (the entry was edited)' });
  });

  it('finds a removed entry in the middle and removed entries at the end', async () => {
    const middle = await engineWithEntries(5);
    tamper(middle, 'DELETE FROM audit_log WHERE seq = 2');
    const v1 = await middle.call('audit.verify', {});
    expect(!v1.ok && v1.problems.map((p) => p.message).join(' ')).toMatch(/entries 2…2 are missing/);
    const tail = await engineWithEntries(5);
    tamper(tail, 'DELETE FROM audit_log WHERE seq >= 4');
    const v2 = await tail.call('audit.verify', {});
    expect(!v2.ok && v2.problems.map((p) => p.message).join(' ')).toContain('the last entries are missing');
  });

  it('refuses edits and deletes from inside the app', async () => {
    const engine = await engineWithEntries(2);
    expect(() => engine.store.db.exec('DELETE FROM audit_log')).toThrow(/append-only/);
  });
});
