// A model's own chat template rendered as Hugging Face's apply_chat_template renders it for training and serving:
// OpenAI-shaped messages (tool calls with their arguments as objects, tool results as their text, thinking as
// reasoning_content), the tools with their whole schemas, add_generation_prompt, the tokenizer's BOS and EOS.
// node-llama-cpp's Jinja wrapper renders the template over placeholders instead, which a template's filters and
// tests see rather than the content: `content | tojson` leaves the content unescaped, an empty message reads as
// non-empty (Qwen3 then writes an extra line before a call), and a conversation ends with an empty assistant
// message instead of the generation prompt (Qwen3 then closes the thinking it was about to do). Its family wrappers
// write their own approximation of the template (Gemma's "---" between the system text and the question, gpt-oss's
// tool documentation without optional markers, Mistral Nemo's calls without ids).
//
// Contents still never become control tokens: each message's text, each call's name, argument keys and values,
// and the tools' names, descriptions and property names are rendered as placeholders and put back as plain text (a
// JSON string where the template JSON-encoded it), and only the template's own text is read for special tokens, as
// node-llama-cpp does.
//
// The template is the model file's code: it runs in a thread of its own, each render under a deadline and a heap
// bound (boundedTemplate.ts).
import { LlamaText, SpecialTokensText, type ChatHistoryItem, type ChatModelFunctions, type ChatModelSegment } from 'node-llama-cpp';
import { BoundedTemplate, TemplateRefusal, type BoundedTemplateOptions } from './boundedTemplate.ts';
import { mistralCallId } from './wrappers/MistralArgsChatWrapper.ts';

interface TemplateMessage {
  role: 'system' | 'user' | 'assistant' | 'tool';
  content: string;
  reasoning_content?: string;
  /** gpt-oss's template reads a turn's thinking here. */
  thinking?: string;
  tool_calls?: { id: string; type: 'function'; function: { name: string; arguments: unknown } }[];
  tool_call_id?: string;
  name?: string;
}

export interface TemplateRendererOptions {
  bos: string;
  eos: string;
  /** The model the template is from, named where it runs out of its bounds. Defaults to "the model". */
  model?: string;
  /** The bounds of each render (boundedTemplate.ts's defaults: 5 s, 256 MiB). */
  bounds?: Omit<BoundedTemplateOptions, 'model'>;
}

/** Placeholder characters from Unicode's private use area: no template filter changes them, no tokenizer splits on them. */
const OPEN = '\uE000';
const CLOSE = '\uE001';
const PLACEHOLDER = /\uE000(\d+)\uE001/g;
/** Where a finished turn's answer would start: the continuation of a turn begun by its thought is cut there. */
const ANSWER = '\uE000answer\uE001';

const plain = (text: Parameters<typeof LlamaText.fromJSON>[0]): string => LlamaText.fromJSON(text).toString();

/** What one turn's render is told beyond the conversation. */
export interface RenderTurn {
  /** The episode's moment: the date the template writes (the machine's where none is given). */
  moment?: Date;
  /** enable_thinking as set for the model; undefined leaves the template's own default. */
  thinking?: boolean;
}

export class TemplateRenderer {
  private readonly template: BoundedTemplate;
  private defaultThinking: boolean | undefined;

  constructor(
    template: string,
    private readonly options: TemplateRendererOptions,
  ) {
    this.template = new BoundedTemplate(template, { model: options.model ?? 'the model', ...options.bounds });
  }

  /**
   * Whether the template lets the model think where nobody says (enable_thinking unset), as vLLM and transformers
   * render it: Qwen3 does, EXAONE 4.0 and Qwen3.5 close an empty thought instead. Read once, from a one-question render.
   */
  thinksByDefault(): boolean {
    if (this.defaultThinking === undefined) {
      const question = { messages: [{ role: 'user', content: 'x' }], add_generation_prompt: true, bos_token: this.options.bos, eos_token: this.options.eos };
      try {
        this.defaultThinking = this.template.render(question) === this.template.render({ ...question, enable_thinking: true });
      } catch (error) {
        if (!(error instanceof TemplateRefusal)) throw error;
        this.defaultThinking = true;
      }
    }
    return this.defaultThinking;
  }

  /** Ends the template's thread. */
  dispose(): Promise<void> {
    return this.template.dispose();
  }

  /**
   * The context a new model turn is generated after, for a history that ends in an empty model response (the turn
   * about to be written) or in one begun by a closed thought (thinkFirst.ts). Returns undefined for any other history,
   * and for a conversation the template refuses.
   */
  render(history: readonly ChatHistoryItem[], functions: ChatModelFunctions | undefined, turn: RenderTurn = {}): LlamaText | undefined {
    const last = history.at(-1);
    if (!last || last.type !== 'model') return undefined;
    const thoughts: ChatModelSegment[] = [];
    for (const part of last.response) {
      if (typeof part === 'string' || part.type !== 'segment' || part.segmentType !== 'thought' || !part.ended) return undefined;
      thoughts.push(part);
    }
    const contents: string[] = [];
    const held = new Map<string, string>();
    // The same text is always the same placeholder, so a template that compares names (a property listed as
    // required) compares them as it would the text.
    const hold = (text: string): string => {
      if (text === '') return '';
      let placeholder = held.get(text);
      if (placeholder === undefined) {
        contents.push(text);
        placeholder = `${OPEN}${contents.length - 1}${CLOSE}`;
        held.set(text, placeholder);
      }
      return placeholder;
    };
    const messages = toMessages(history.slice(0, -1), hold);
    const tools = functions && Object.keys(functions).length > 0 ? toolsOf(functions, hold) : undefined;
    const render = (list: TemplateMessage[], generationPrompt: boolean): string =>
      this.template.render(
        {
          messages: list,
          ...(tools ? { tools } : {}),
          add_generation_prompt: generationPrompt,
          ...(turn.thinking === undefined ? {} : { enable_thinking: turn.thinking }),
          bos_token: this.options.bos,
          eos_token: this.options.eos,
        },
        turn.moment,
      );
    const thought = hold(
      thoughts
        .map((t) => t.text)
        .join('')
        .replace(/^\n+|\n+$/g, ''),
    );
    // A turn begun by its thought is written as the template writes a finished turn with that thought (Qwen3's blank
    // line after </think>, gpt-oss's new final-channel message after its analysis), up to where the answer would start.
    const begun = (list: TemplateMessage[]): string | undefined => {
      const finished = render([...list, { role: 'assistant', content: ANSWER, reasoning_content: thought, thinking: thought }], false);
      const at = finished.indexOf(ANSWER);
      return at >= 0 && finished.slice(0, at).includes(thought) ? finished.slice(0, at) : undefined;
    };
    const write = (list: TemplateMessage[]): string => (thoughts.length > 0 ? (begun(list) ?? render(list, true)) : render(list, true));
    let rendered: string;
    try {
      rendered = write(messages);
    } catch (error) {
      if (!(error instanceof TemplateRefusal)) throw error;
      // Gemma 2's template refuses a system turn; its models read the system text at the head of the first question,
      // where Gemma 3's template puts it.
      const folded = foldSystem(messages, contents, hold);
      if (!folded) return undefined;
      try {
        rendered = write(folded);
      } catch (again) {
        if (!(again instanceof TemplateRefusal)) throw again;
        return undefined;
      }
    }
    const parts: (string | SpecialTokensText)[] = [];
    let at = 0;
    for (const match of rendered.matchAll(PLACEHOLDER)) {
      const content = contents[Number(match[1])]!;
      const quoted = rendered[match.index - 1] === '"' && rendered[match.index + match[0].length] === '"';
      const start = quoted ? match.index - 1 : match.index;
      if (start > at) parts.push(new SpecialTokensText(rendered.slice(at, start)));
      parts.push(quoted ? JSON.stringify(content) : content);
      at = match.index + match[0].length + (quoted ? 1 : 0);
    }
    if (at < rendered.length) parts.push(new SpecialTokensText(rendered.slice(at)));
    if (thoughts.length === 0 || rendered.includes(thought)) return LlamaText(parts);
    // A template that drops a finished turn's thought (EXAONE 4.0): the new turn, then the thought as the model wrote
    // it, without the opening marker where the template already opened it (EXAONE 4.0's prompt ends in "<think>\n").
    const written = thoughts.map((t) => (t.raw ? LlamaText.fromJSON(t.raw) : LlamaText(t.text)));
    const [opening, ...rest] = written[0]!.values;
    if (opening instanceof SpecialTokensText && rendered.endsWith(opening.value)) written[0] = LlamaText(rest);
    return LlamaText([...parts, ...written]);
  }
}

/** The messages with the system text joined to the first question by a blank line, or undefined without both. */
function foldSystem(messages: TemplateMessage[], contents: string[], hold: (text: string) => string): TemplateMessage[] | undefined {
  const [system, user, ...rest] = messages;
  if (system?.role !== 'system' || user?.role !== 'user') return undefined;
  const text = (held: string): string => (held === '' ? '' : contents[Number(held.slice(1, -1))]!);
  return [{ role: 'user', content: hold(`${text(system.content)}\n\n${text(user.content)}`) }, ...rest];
}

/** A call's arguments with every string and every key held: a model can copy any text into them. */
function heldValue(value: unknown, hold: (text: string) => string): unknown {
  if (typeof value === 'string') return hold(value);
  if (Array.isArray(value)) return value.map((v) => heldValue(v, hold));
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [hold(k), heldValue(v, hold)]));
  return value;
}

/** Schema keywords whose values are the catalog's words (an imported catalog is untrusted), not the schema's own. */
const SCHEMA_TEXT = new Set(['description', 'title', 'enum', 'default', 'examples', 'const', 'pattern']);

/**
 * A parameter schema with the catalog's words held: descriptions and values, the names of properties and the required
 * list; the schema's own vocabulary (type, format, items) stays as it is, for templates that branch on it.
 */
function heldSchema(schema: unknown, hold: (text: string) => string): unknown {
  if (Array.isArray(schema)) return schema.map((s) => heldSchema(s, hold));
  if (schema === null || typeof schema !== 'object') return schema;
  return Object.fromEntries(
    Object.entries(schema).map(([key, value]) => {
      if (SCHEMA_TEXT.has(key) || key === 'required') return [key, heldValue(value, hold)];
      if (key === 'properties' && value !== null && typeof value === 'object' && !Array.isArray(value))
        return [key, Object.fromEntries(Object.entries(value).map(([name, sub]) => [hold(name), heldSchema(sub, hold)]))];
      return [key, heldSchema(value, hold)];
    }),
  );
}

/** The tools as apply_chat_template takes them, the catalog's words held as the messages' are. */
function toolsOf(functions: ChatModelFunctions, hold: (text: string) => string): unknown[] {
  return Object.entries(functions).map(([name, fn]) => ({
    type: 'function',
    function: {
      name: hold(name),
      description: hold(fn.description ?? ''),
      parameters: heldSchema(fn.params ?? { type: 'object', properties: {} }, hold),
    },
  }));
}

/** node-llama-cpp's history as OpenAI-shaped messages: a model response splits at its calls' results. */
function toMessages(history: readonly ChatHistoryItem[], hold: (text: string) => string): TemplateMessage[] {
  const messages: TemplateMessage[] = [];
  for (const item of history) {
    if (item.type === 'system') messages.push({ role: 'system', content: hold(plain(item.text)) });
    else if (item.type === 'user') messages.push({ role: 'user', content: hold(item.text) });
    else {
      let current: { text: string; reasoning: string; calls: Extract<(typeof item.response)[number], { type: 'functionCall' }>[] } = {
        text: '',
        reasoning: '',
        calls: [],
      };
      const flush = (): void => {
        if (current.text === '' && current.reasoning === '' && current.calls.length === 0) return;
        messages.push({
          role: 'assistant',
          content: hold(current.text),
          ...(current.reasoning ? { reasoning_content: hold(current.reasoning) } : {}),
          ...(current.calls.length > 0
            ? {
                tool_calls: current.calls.map((c) => ({
                  id: mistralCallId(c.name, c.params),
                  type: 'function' as const,
                  function: { name: hold(c.name), arguments: heldValue(c.params ?? {}, hold) },
                })),
              }
            : {}),
        });
        for (const call of current.calls) {
          const result = typeof call.result === 'string' ? call.result : JSON.stringify(call.result ?? null);
          messages.push({ role: 'tool', tool_call_id: mistralCallId(call.name, call.params), name: hold(call.name), content: hold(result) });
        }
        current = { text: '', reasoning: '', calls: [] };
      };
      for (const part of item.response) {
        if (typeof part === 'string') {
          if (current.calls.length > 0) flush();
          current.text += part;
        } else if (part.type === 'functionCall') current.calls.push(part);
        else if (part.segmentType === 'thought') {
          if (current.calls.length > 0) flush();
          current.reasoning += part.text;
        }
      }
      flush();
    }
  }
  return messages;
}
