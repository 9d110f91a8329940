import { Option, type Command } from 'commander';
import { gatewayModes, type GatewayMode } from '../../core/gateway/callResult.ts';
import type { CommandContext } from '../context.ts';
import { parseInstant, parseList } from '../optionParsers.ts';

export function registerMcp(program: Command, context: () => CommandContext): void {
  program
    .command('mcp')
    .addOption(new Option('--mode <mode>', 'where tool calls go').choices([...gatewayModes]).default('emulator'))
    .option('--snapshot <name>', 'replay mode: the snapshot to answer from')
    .option('--tools <ids>', 'serve only these tools (comma-separated ids)', parseList)
    .option('--now <iso>', "emulator mode: freeze the emulator's clock", parseInstant)
    .action(async (options: { mode: GatewayMode; snapshot?: string; tools?: string[]; now?: Date }) => {
      const ctx = context();
      const { serveMcp } = await import('../../host/mcpServer.ts');
      await ctx.withEngine(
        (engine) =>
          serveMcp(engine, {
            mode: options.mode,
            snapshot: options.snapshot,
            tools: options.tools,
            onRefused: (reason) => ctx.io.stderr.write(`kopa mcp: refused a message: ${reason}\n`),
          }),
        options.now ? { emulator: { now: () => options.now! } } : {},
      );
    });
}
