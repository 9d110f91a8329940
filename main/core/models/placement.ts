// Where and how a local model sits in memory: what the Models view, the status bar and `models loaded` show.

/** Bytes in memory (RAM) and on the GPU (VRAM), as llama.cpp assumes them. */
export interface MemoryUse {
  ram: number;
  vram: number;
}

/** Where and how a model is loaded. */
export interface ModelPlacement {
  path: string;
  contextSize: number;
  /** Sequences of its context: episodes decoded together in one batch. */
  sequences: number;
  /** Adapter files attached to this context. */
  lora: string[];
  /** Layers offloaded to the GPU (0 on CPU). */
  gpuLayers: number;
  /** Where it runs: the GPU backend (cuda, vulkan, metal) or false for the CPU. */
  gpu: string | false;
  /** Bytes of the weights' file. */
  sizeBytes: number;
  /** What the weights take (shared by every context over the same file). */
  weightsMemory: MemoryUse;
  /** What this context takes (KV cache and buffers of all its sequences); null until it is made. */
  contextMemory: MemoryUse | null;
}
