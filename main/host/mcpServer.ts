// The whitelisted catalog as an MCP server on stdio, so other MCP clients on the workstation can use the tools
// through the same gateway: the same allowlist, keys, quotas and audit log as the app, nothing more. Results are
// shown through the same result view as in the app, with handles the query tool reads for the session's length.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { Readable, Writable } from 'node:stream';
import { APP_NAME, APP_VERSION } from '../core/appInfo.ts';
import { functionName, functionSchema } from '../core/catalog/functionSchema.ts';
import type { GatewayMode } from '../core/gateway/callResult.ts';
import { EpisodeResults } from '../core/resultView/EpisodeResults.ts';
import { offeredTools } from '../core/resultView/offer.ts';
import type { ViewOptions } from '../core/resultView/resultView.ts';
import type { Engine } from '../engine/Engine.ts';
import { McpStdioTransport } from './mcpStdioTransport.ts';

export interface McpOptions {
  mode: GatewayMode;
  snapshot?: string;
  /** Tool ids served (the query tool joins any remote tool). Defaults to the whole catalog. */
  tools?: string[];
  /** What the client sees of each result. Defaults to the standard view. */
  view?: ViewOptions;
  stdin?: Readable;
  stdout?: Writable;
  /** Told about each message the transport refused (too long, not JSON, not JSON-RPC, params of the wrong shape). */
  onRefused?: (reason: string) => void;
}

/** Serves until the client closes the connection. */
export async function serveMcp(engine: Engine, options: McpOptions): Promise<void> {
  const catalog = engine.catalog();
  const specs = offeredTools(catalog, options.tools ?? catalog.list().map((t) => t.id)).map((id) => catalog.require(id));
  const results = new EpisodeResults((tool, args) => engine.gateway().call(tool, args, { mode: options.mode, snapshot: options.snapshot, origin: 'mcp' }), {
    catalog,
    view: options.view,
  });
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
    const { result, view } = await results.run(id, request.params.arguments ?? {});
    return { isError: !result.ok, content: [{ type: 'text' as const, text: view.text }] };
  });
  const stdin = options.stdin ?? process.stdin;
  const transport = new McpStdioTransport({ stdin, stdout: options.stdout ?? process.stdout, onRefused: options.onRefused });
  const closed = new Promise<void>((resolve) => {
    server.onclose = () => resolve();
  });
  await server.connect(transport);
  // The client going away closes stdin; that ends the session.
  stdin.once('end', () => void server.close());
  await closed;
}
