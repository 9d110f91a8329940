import { Option, type Command } from 'commander';
import type { EdgeDetail, EdgeListing, EdgeVerifySummary } from '../../api/contract.ts';
import { edgeStatuses, describeEdge } from '../../core/edges/types.ts';
import { linkKinds, type LinkKind } from '../../core/edges/linkKind.ts';
import { trialSentence } from '../../core/edges/linkWords.ts';
import { gatewayModes, type GatewayMode } from '../../core/gateway/callResult.ts';
import type { CommandContext } from '../context.ts';
import { renderTable } from '../table.ts';
import { formatMoment } from '../../core/i18n/moments.ts';
import type { Locale } from '../../core/i18n/strings.ts';
import { parseInstant, parseCount, parseList } from '../optionParsers.ts';
import { invalidArgument } from '../commanderErrors.ts';

const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** 90s, 30m, 12h, 7d (a bare number is milliseconds). */
export function parseDuration(value: string): number {
  const match = /^(\d+)(ms|s|m|h|d)?$/.exec(value.trim());
  if (!match) throw invalidArgument('duration');
  return Number(match[1]) * UNITS[match[2] ?? 'ms']!;
}

function renderVerify(s: EdgeVerifySummary, t: CommandContext['t']): string {
  const lines = [
    t('cli.edges.checked', {
      checked: s.checked,
      seconds: s.seconds,
      calls: s.callsSpent,
      verified: s.verified,
      rejected: s.rejected,
      stale: s.stale,
      untried: s.untried ? t('cli.edges.untried', { n: s.untried }) : '',
    }),
    t('cli.edges.totals', { graphVersion: s.graphVersion, totals: edgeStatuses.map((st) => `${t(`edge.status.${st}`)} ${s.totals[st]}`).join(', ') }),
    t('cli.edges.kinds', { dependency: s.verifiedKinds.dependency, format: s.verifiedKinds.format }),
  ];
  if (s.unaffordable.length)
    lines.push(t('cli.edges.unaffordable', { n: s.unaffordable.length, groups: [...new Set(s.unaffordable.map((u) => u.group))].join(', ') }));
  return lines.join('\n');
}

function renderList(l: EdgeListing, t: CommandContext['t']): string {
  const rows = l.edges.map((e) => ({
    id: e.id,
    status: t(`edge.status.${e.status}`),
    kind: t(`graph.linkKind.${e.kind}`),
    trials: `${e.trialsOk}/${e.trialsTotal}`,
    basis: t(`graph.kind.${e.basis}`),
    link: describeEdge(e),
  }));
  return `${t('cli.edges.listHead', { graphVersion: l.graphVersion, n: l.edges.length })}\n${renderTable(rows, { maxRows: 100_000, maxWidth: 240 })}`;
}

function renderShow(d: EdgeDetail, t: CommandContext['t'], locale: Locale): string {
  const e = d.edge;
  const lines = [
    `${e.id}  ${describeEdge(e)}`,
    t('cli.edges.status', { status: t(`edge.status.${e.status}`), ok: e.trialsOk, total: e.trialsTotal, basis: t(`graph.kind.${e.basis}`), score: e.score }),
    `${t(`graph.linkKind.${e.kind}`)}: ${t(`graph.linkKind.${e.kind}.why`)}`,
    t('cli.edges.checkedAt', { graphVersion: e.graphVersion ?? '-', at: e.checkedAt ? formatMoment(e.checkedAt, locale) : t('cli.edges.never') }),
  ];
  if (e.reason) lines.push(t('cli.edges.why', { reason: e.reason }));
  if (d.trials.length) {
    lines.push('', t('cli.edges.trials'));
    for (const trial of d.trials) {
      const when = `${formatMoment(trial.at, locale)} · ${trial.backend} · ${Math.round(trial.latencyMs)} ms`;
      lines.push(`  ${trial.ok ? '✓' : '✗'} ${trialSentence(locale, d.words, trial)} (${when})`);
    }
  }
  return lines.join('\n');
}

interface VerifyCliOptions {
  staleAfter?: number;
  trials?: number;
  minOk?: number;
  mode: GatewayMode;
  snapshot?: string;
  asOf?: Date;
  now?: Date;
  only?: string[];
}

export function registerEdges(program: Command, context: () => CommandContext): void {
  const edges = program.command('edges');

  edges.command('propose').action(async () => {
    const ctx = context();
    const p = await ctx.withEngine((engine) => engine.call('edges.propose', {}));
    ctx.out.result(p, (r) => ctx.t('cli.edges.proposed', { candidates: r.candidates, ...r.byBasis, added: r.added }));
  });

  edges
    .command('verify')
    .option('--stale-after <duration>', 're-check verified and stale links last checked longer ago (e.g. 7d, 12h, 0 for all)', parseDuration)
    .option('--trials <n>', 'trials per link (default 3)', parseCount)
    .option('--min-ok <n>', 'trials that must return data (default 2)', parseCount)
    .addOption(new Option('--mode <mode>', 'backend the calls go to').choices([...gatewayModes]).default('emulator'))
    .option('--snapshot <name>', 'replay mode: the snapshot to answer from')
    .option('--as-of <iso>', 'the moment time-dependent inputs are set for (default: the backend clock)', parseInstant)
    .option('--now <iso>', "emulator mode: freeze the emulator's clock at this time", parseInstant)
    .option('--only <ids>', 'verify only these links (ids from kopa edges list), whatever their status', parseList)
    .action(async (options: VerifyCliOptions) => {
      const ctx = context();
      const summary = await ctx.withProgress((onProgress, signal) =>
        ctx.withEngine(
          (engine) =>
            engine.jobs.run(
              'edges.verify',
              {
                staleAfterMs: options.staleAfter,
                trials: options.trials,
                minOk: options.minOk,
                mode: options.mode,
                snapshot: options.snapshot,
                asOf: options.asOf?.toISOString(),
                edges: options.only,
              },
              { onProgress, signal },
            ),
          options.now ? { emulator: { now: () => options.now! } } : {},
        ),
      );
      ctx.out.result(summary, (s) => renderVerify(s, ctx.t));
    });

  edges
    .command('list')
    .addOption(new Option('--status <status>', 'only links in this state').choices([...edgeStatuses]))
    .option('--tool <id>', 'only links from or to this tool')
    .addOption(
      new Option('--kind <kind>', 'dependency: the next tool needs a value only the earlier result gives; format: they only match in format').choices([
        ...linkKinds,
      ]),
    )
    .action(async (options: { status?: (typeof edgeStatuses)[number]; tool?: string; kind?: LinkKind }) => {
      const ctx = context();
      const listing = await ctx.withEngine((engine) => engine.call('edges.list', { status: options.status, tool: options.tool, kind: options.kind }));
      ctx.out.result(listing, (l) => renderList(l, ctx.t));
    });

  edges
    .command('show')
    .argument('<id>', 'link id, or the start of one')
    .action(async (id: string) => {
      const ctx = context();
      const detail = await ctx.withEngine((engine) => engine.call('edges.show', { id }));
      ctx.out.result(detail, (d) => renderShow(d, ctx.t, ctx.locale));
    });
}
