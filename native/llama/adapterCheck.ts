// Whether a LoRA adapter fits a base model, read from both files' headers before anything is loaded, so a wrong pair
// is refused with what does not match instead of llama.cpp's bare "failed to initialize": the adapter is a GGUF LoRA
// adapter (general.type "adapter", adapter.type "lora"), of the base's architecture, every adapted tensor exists in
// the base with the shape its lora_a and lora_b pair needs, and its alpha is set (0 means the conversion lost it).
import { readGgufFileInfo } from 'node-llama-cpp';

export interface AdapterCheck {
  ok: boolean;
  /** What does not match, each with the tensor or key it concerns. */
  problems: string[];
  /** Worth knowing, not fatal (an alpha of 0). */
  warnings: string[];
  alpha: number | null;
  rank: number | null;
  tensors: number;
}

export async function checkAdapter(adapterPath: string, basePath: string): Promise<AdapterCheck> {
  const [adapter, base] = await Promise.all([readGgufFileInfo(adapterPath), readGgufFileInfo(basePath)]);
  const problems: string[] = [];
  const warnings: string[] = [];
  const meta = adapter.metadata as unknown as { general?: { type?: string; architecture?: string }; adapter?: { type?: string; lora?: { alpha?: number } } };
  if (meta.general?.type !== 'adapter')
    problems.push(`general.type is ${JSON.stringify(meta.general?.type ?? null)}, not "adapter": this file is not a LoRA adapter`);
  if (meta.adapter?.type !== 'lora') problems.push(`adapter.type is ${JSON.stringify(meta.adapter?.type ?? null)}, not "lora"`);
  const baseArch = String(base.metadata.general.architecture);
  if (meta.general?.architecture !== baseArch) problems.push(`the adapter is for ${String(meta.general?.architecture)}, the base model is ${baseArch}`);
  const alpha = typeof meta.adapter?.lora?.alpha === 'number' ? meta.adapter.lora.alpha : null;
  if (alpha === null) problems.push('adapter.lora.alpha is missing');
  else if (alpha === 0)
    warnings.push('adapter.lora.alpha is 0: PEFT wrote no alpha and the conversion kept it; set lora_alpha before converting, or the adapter does nothing');
  const baseShapes = new Map((base.tensorInfo ?? []).map((t) => [t.name, t.dimensions.map(Number)]));
  const pairs = new Map<string, { a?: number[]; b?: number[] }>();
  for (const t of adapter.tensorInfo ?? []) {
    const match = /^(.*)\.lora_([ab])$/.exec(t.name);
    if (!match) {
      problems.push(`${t.name} is not a lora_a or lora_b tensor`);
      continue;
    }
    const pair = pairs.get(match[1]!) ?? {};
    pair[match[2] as 'a' | 'b'] = t.dimensions.map(Number);
    pairs.set(match[1]!, pair);
  }
  let rank: number | null = null;
  for (const [name, { a, b }] of pairs) {
    const shape = baseShapes.get(name);
    if (!a || !b) problems.push(`${name} has only lora_${a ? 'a' : 'b'}`);
    else if (!shape) problems.push(`${name} is not a tensor of the base model`);
    else if (a[0] !== shape[0] || b[1] !== shape[1] || a[1] !== b[0])
      problems.push(`${name}: lora_a ${a.join('×')} and lora_b ${b.join('×')} do not fit the base's ${shape.join('×')}`);
    else rank ??= a[1]!;
  }
  if (pairs.size === 0 && problems.length === 0) problems.push('the adapter has no tensors');
  return { ok: problems.length === 0, problems, warnings, alpha, rank, tensors: pairs.size };
}
