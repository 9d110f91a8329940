// A training kit generated from hostile names and descriptions still compiles, and importing it runs nothing but its
// own definitions: a parameter named like a default argument that calls os.system, keywords, names that shadow the
// kit's own helpers, backslash escapes and quotes in descriptions. The catalog refuses such parameter names when it
// loads; the kit must hold even for tools that reached a dataset some other way (an edited database, an older import).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FunctionSchema } from '../../../main/core/catalog/functionSchema.ts';
import { toolsModule } from '../../../main/core/train/kit/pythonKit.ts';
import { remoteSpec } from '../../helpers/catalog.ts';
import { testEngine } from '../../helpers/engine.ts';
import { tempDir } from '../../helpers/tempDir.ts';

function tool(name: string, description: string, params: Record<string, string>, required: string[]): FunctionSchema {
  return {
    type: 'function',
    function: {
      name,
      description,
      parameters: { type: 'object', properties: Object.fromEntries(Object.entries(params).map(([k, d]) => [k, { type: 'string', description: d }])), required },
    },
  };
}

describe('the training kit from a hostile catalog', () => {
  it('compiles, and importing it runs nothing the names or descriptions say', () => {
    const dir = tempDir();
    const marker = path.join(dir, 'pwned');
    const payload = `y=__import__('os').system('touch ${marker}'), z`;
    const tools = [
      tool(
        'evil_tool',
        'ends with a quote" and \\N{oops} \\x1 """); import os; os.system("touch ' + marker + '") #',
        { [payload]: 'the payload', from: 'a keyword' },
        [payload],
      ),
      tool('call_tool', 'would replace the helper every tool uses', { self: 'shadows self', call_tool: 'shadows the helper', from_: 'collides with from' }, []),
      tool('1bad name', 'not an identifier\u0000 with a NUL', { 'x-y': 'dash' }, ['x-y']),
    ];
    writeFileSync(path.join(dir, 'kopa_tools.py'), toolsModule(tools));
    const compiled = spawnSync('python3', ['-m', 'py_compile', 'kopa_tools.py'], { cwd: dir, encoding: 'utf8' });
    expect(compiled.stderr).toBe('');
    expect(compiled.status).toBe(0);
    const probe = `
import inspect, json, kopa_tools
sent = []
kopa_tools.call_tool = lambda name, arguments, episode=None, sample_id=None: json.dumps([name, arguments])
out = {
  "names": [f.__name__ for f in kopa_tools.TOOLS],
  "evil": json.loads(kopa_tools.evil_tool(**{list(inspect.signature(kopa_tools.evil_tool).parameters)[0]: "v"}, from_="w")),
  "helper": json.loads(kopa_tools.KopaEnvironment().call_tool_(self_="a", call_tool_="b", from_="c")),
}
print(json.dumps(out))
`;
    const run = spawnSync('python3', ['-c', probe], { cwd: dir, encoding: 'utf8', env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1' } });
    expect(run.stderr).toBe('');
    expect(existsSync(marker)).toBe(false);
    const out = JSON.parse(run.stdout) as { names: string[]; evil: [string, Record<string, string>]; helper: [string, Record<string, string>] };
    expect(out.names).toEqual(['evil_tool', 'call_tool_', 'p_1bad_name_']);
    expect(out.evil).toEqual(['evil_tool', { [payload]: 'v', from: 'w' }]);
    expect(out.helper).toEqual(['call_tool', { self: 'a', call_tool: 'b', from_: 'c' }]);
  });
});

describe('the catalog', () => {
  it('leaves out a tool whose parameter name is not an identifier, saying which', async () => {
    const dataDir = tempDir();
    const spec = structuredClone(remoteSpec('kma.getUltraSrtNcst'));
    const hostile = `y=__import__('os').system('id'), z`;
    spec.id = 'collector.getUltraSrtNcst';
    spec.agency = 'collector';
    spec.parameters.properties[hostile] = { type: 'string', description: 'payload' };
    mkdirSync(path.join(dataDir, 'catalog'), { recursive: true });
    writeFileSync(
      path.join(dataDir, 'catalog', 'collector.json'),
      JSON.stringify({ agency: 'collector', agencyName: { ko: '수집기', en: 'Collector' }, tools: [spec] }),
    );
    const listing = await testEngine({ dataDir }).call('catalog.list', {});
    expect(listing.tools.map((t) => t.id)).not.toContain('collector.getUltraSrtNcst');
    expect(listing.problems).toContainEqual(expect.objectContaining({ message: expect.stringContaining(`parameter name "${hostile}" is not an identifier`) }));
  });
});
