// The whitelisted catalog as an MCP server on stdio, so other MCP clients on the workstation can use the tools
// through the same gateway: the same allowlist, keys, quotas and audit log as the app, nothing more.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { Readable, Writable } from 'node:stream';
import { APP_NAME, APP_VERSION } from '../core/appInfo.ts';
import { compactResult } from '../core/agent/compact.ts';
import { functionName, functionSchema } from '../core/catalog/functionSchema.ts';
import type { GatewayMode } from '../core/gateway/callResult.ts';
import type { Engine } from '../engine/Engine.ts';

export interface McpOptions {
  mode: GatewayMode;
  snapshot?: string;
  /** Tool ids served. Defaults to the whole catalog. */
  tools?: string[];
  /** Rows of a result shown. Defaults to 20. */
  maxItems?: number;
  stdin?: Readable;
  stdout?: Writable;
}

/** Serves until the client closes the connection. */
export async function serveMcp(engine: Engine, options: McpOptions): Promise<void> {
  const catalog = engine.catalog();
  const specs = (options.tools ?? catalog.list().map((t) => t.id)).map((id) => catalog.require(id));
  const byName = new Map(specs.map((s) => [functionName(s.id), s.id]));
  const server = new Server({ name: APP_NAME, version: APP_VERSION }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: specs.map((spec) => {
      const f = functionSchema(spec).function;
      return { name: f.name, title: spec.name.ko, description: f.description, inputSchema: f.parameters };
    }),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const id = byName.get(request.params.name);
    if (!id) return { isError: true, content: [{ type: 'text' as const, text: `Unknown tool ${request.params.name}.` }] };
    const result = await engine.gateway().call(id, request.params.arguments ?? {}, { mode: options.mode, snapshot: options.snapshot });
    return { isError: !result.ok, content: [{ type: 'text' as const, text: compactResult(result, { maxItems: options.maxItems ?? 20 }) }] };
  });
  const stdin = options.stdin ?? process.stdin;
  const transport = new StdioServerTransport(stdin, options.stdout ?? process.stdout);
  const closed = new Promise<void>((resolve) => {
    server.onclose = () => resolve();
  });
  await server.connect(transport);
  // The client going away closes stdin; that ends the session.
  stdin.once('end', () => void server.close());
  await closed;
}
