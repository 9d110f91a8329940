// What the engine's thread and a template thread share (boundedTemplate.ts, templateWorker.ts).

/** What the worker writes in the first cell of the shared state; the second holds the length of its text. */
export const RENDER_STATE = { waiting: 0, ready: 1, rendered: 2, refused: 3, tooLarge: 4 } as const;

export interface TemplateWorkerData {
  source: string;
  /** Two 32-bit cells: the state, then the length in bytes of the text in `output`. */
  control: SharedArrayBuffer;
  output: SharedArrayBuffer;
}

/** One render asked of the template thread. */
export interface RenderRequest {
  context: Record<string, unknown>;
  /** ISO moment the template's `strftime_now` writes (the episode's), where there is one; else the machine's clock. */
  moment?: string;
}
