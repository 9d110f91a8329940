// KOPA-Nano as a GGUF: the weights the trainer exported (resources/train/nano/nano.py export: float32 tensors in
// GGUF order, and model.json with the shapes, the hyperparameters and the SentencePiece vocabulary) written as a
// llama.cpp `llama` model with a SentencePiece ("llama") tokenizer that tokenizes as the trainer did, ChatML's
// template, <|im_end|> as the end of a turn, and the prompt form it was trained on (kopa.tool_prompt, kopa.result_tokens,
// kopa.result_rows)
// so the app shows it exactly that.
import { closeSync, openSync, readFileSync, readSync, renameSync } from 'node:fs';
import path from 'node:path';
import { writeGguf, type GgufTensor, type GgufValue } from './ggufWriter.ts';

export interface NanoExport {
  config: { vocab: number; dim: number; layers: number; heads: number; ffn: number; context: number; rope_base: number; eps: number };
  tensors: { name: string; dims: number[]; count: number }[];
  tokenizer: { pieces: string[]; scores: number[]; types: number[]; unk: number; bos: number; endOfTurn: number };
}

export interface NanoGgufOptions {
  /** `general.name`. */
  name: string;
  /** The tools' prompt form the corpus used (toolPrompt.ts). */
  toolPrompt: string;
  /** The result view's token budget the corpus used. */
  resultTokens: number;
  /** How the corpus wrote a result's rows (resultView.ts). */
  resultRows: 'columns' | 'named';
  chatTemplate: string;
  /** What the model was trained from, kept in the file (dataset, seed, steps, the corpus's hash). */
  provenance: Record<string, string>;
}

export function readNanoExport(dir: string): NanoExport {
  return JSON.parse(readFileSync(path.join(dir, 'model.json'), 'utf8')) as NanoExport;
}

/** Writes the GGUF (to a partial file, renamed when complete) and returns its path. */
export async function writeNanoGguf(exportDir: string, file: string, options: NanoGgufOptions): Promise<string> {
  const exported = readNanoExport(exportDir);
  const c = exported.config;
  const t = exported.tokenizer;
  const metadata: Record<string, GgufValue> = {
    'general.architecture': { type: 'string', value: 'llama' },
    'general.name': { type: 'string', value: options.name },
    'general.file_type': { type: 'uint32', value: 0 },
    'llama.context_length': { type: 'uint32', value: c.context },
    'llama.embedding_length': { type: 'uint32', value: c.dim },
    'llama.block_count': { type: 'uint32', value: c.layers },
    'llama.feed_forward_length': { type: 'uint32', value: c.ffn },
    'llama.attention.head_count': { type: 'uint32', value: c.heads },
    'llama.attention.head_count_kv': { type: 'uint32', value: c.heads },
    'llama.rope.dimension_count': { type: 'uint32', value: c.dim / c.heads },
    'llama.rope.freq_base': { type: 'float32', value: c.rope_base },
    'llama.attention.layer_norm_rms_epsilon': { type: 'float32', value: c.eps },
    'llama.vocab_size': { type: 'uint32', value: c.vocab },
    'tokenizer.ggml.model': { type: 'string', value: 'llama' },
    'tokenizer.ggml.tokens': { type: 'array', of: 'string', value: t.pieces },
    'tokenizer.ggml.scores': { type: 'array', of: 'float32', value: t.scores },
    'tokenizer.ggml.token_type': { type: 'array', of: 'int32', value: t.types },
    'tokenizer.ggml.unknown_token_id': { type: 'uint32', value: t.unk },
    'tokenizer.ggml.bos_token_id': { type: 'uint32', value: t.bos },
    // Generation ends at the end of a turn, as the model was trained to write it.
    'tokenizer.ggml.eos_token_id': { type: 'uint32', value: t.endOfTurn },
    'tokenizer.ggml.add_bos_token': { type: 'bool', value: false },
    // The trainer's SentencePiece adds no leading space: neither may llama.cpp.
    'tokenizer.ggml.add_space_prefix': { type: 'bool', value: false },
    'tokenizer.chat_template': { type: 'string', value: options.chatTemplate },
    'kopa.tool_prompt': { type: 'string', value: options.toolPrompt },
    'kopa.result_tokens': { type: 'uint32', value: options.resultTokens },
    'kopa.result_rows': { type: 'string', value: options.resultRows },
    // A model this small copies a question's place or an earlier result's code only as well as a grammar holds it to.
    'kopa.copy_arguments': { type: 'bool', value: true },
    ...Object.fromEntries(Object.entries(options.provenance).map(([k, v]) => [`kopa.trained.${k}`, { type: 'string' as const, value: v }])),
  };
  const fd = openSync(path.join(exportDir, 'weights.f32'), 'r');
  try {
    // The weights are read in the order they are written, a slice at a time.
    const fill = (count: number): Float32Array => {
      const bytes = Buffer.alloc(count * 4);
      const got = readSync(fd, bytes, 0, bytes.length, null);
      if (got !== bytes.length) throw new Error(`weights.f32 ended early: ${got} of ${bytes.length} bytes`);
      return new Float32Array(bytes.buffer, bytes.byteOffset, count);
    };
    const tensors: GgufTensor[] = exported.tensors.map((x) => ({ name: x.name, dims: x.dims, type: 'f32', fill }));
    const partial = `${file}.partial`;
    await writeGguf(partial, metadata, tensors);
    renameSync(partial, file);
  } finally {
    closeSync(fd);
  }
  return file;
}
