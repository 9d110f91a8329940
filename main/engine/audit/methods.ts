// The audit log's API methods: verifying the chain against the checkpoints kept outside the database, and reading it.
import type { AuditMethods } from '../../api/contract.ts';
import type { EngineServices, MethodHandlers } from '../EngineServices.ts';
import { AuditRepository } from './AuditRepository.ts';

export const auditMethods = (engine: EngineServices): MethodHandlers<AuditMethods> => ({
  'audit.verify': async () => {
    const verdict = new AuditRepository(engine.store.db).verify(engine.auditCheckpoints.read());
    // A log found whole is anchored as it is now, so a later rewrite of it cannot match.
    if (verdict.ok) engine.auditCheckpoints.record(new AuditRepository(engine.store.db).head() ?? { entries: 0, seq: 0, hash: '' });
    return verdict;
  },
  'audit.list': async (params) => {
    // Entries are stamped in UTC (toISOString); a bound given with an offset is compared as that same instant.
    const utc = (iso: string | undefined): string | undefined => (iso === undefined ? undefined : new Date(iso).toISOString());
    const { total, entries } = new AuditRepository(engine.store.db).query({ ...params, from: utc(params.from), to: utc(params.to) });
    return { total, entries: entries.map(({ prevHash: _prev, ...entry }) => entry) };
  },
});
