// Agent transcripts: one chat per episode or conversation, its messages written as they happen, so a crash
// loses at most the turn in flight.
import { checkClaim } from '../../../core/answer/claim.ts';
import type { SqliteDatabase, SqliteStatement } from '../../../../native/sqlite/index.ts';
import type { ChatMessage } from '../../../core/agent/types.ts';
import type { ChatInfo, ChatSettings, TranscriptMessage } from '../../../api/contract.ts';

export interface ChatRow {
  id: string;
  title: string;
  modelId: string | null;
  mode: string;
  createdAt: string;
  updatedAt: string;
}

interface InfoRow extends ChatRow {
  settingsJson: string | null;
  questions: number;
}

const INFO_SELECT = `SELECT c.id, c.title, c.model_id AS modelId, c.mode, c.settings_json AS settingsJson, c.created_at AS createdAt, c.updated_at AS updatedAt,
  (SELECT count(*) FROM messages m WHERE m.chat_id = c.id AND m.role = 'user') AS questions
  FROM chats c`;

function toInfo(row: InfoRow): ChatInfo {
  const { settingsJson, ...rest } = row;
  return { ...rest, settings: settingsJson ? (JSON.parse(settingsJson) as ChatSettings) : null };
}

interface MessageRow {
  seq: number;
  created_at: string;
  role: ChatMessage['role'];
  content: string;
  tool_calls_json: string | null;
  tool_call_id: string | null;
  meta_json: string | null;
}

function toMessage(r: MessageRow): ChatMessage & { meta?: Record<string, unknown> } {
  const meta = r.meta_json ? (JSON.parse(r.meta_json) as Record<string, unknown>) : undefined;
  if (r.role === 'assistant') {
    const thinking = typeof meta?.thinking === 'string' ? meta.thinking : undefined;
    const cut = meta?.cut === 'stopped' || meta?.cut === 'truncated' ? meta.cut : undefined;
    const answer = meta?.answer ? checkClaim(meta.answer) : undefined;
    return {
      role: 'assistant',
      content: r.content,
      ...(r.tool_calls_json ? { toolCalls: JSON.parse(r.tool_calls_json) as [] } : {}),
      ...(thinking ? { thinking } : {}),
      ...(cut ? { cut } : {}),
      ...(answer?.ok ? { answer: answer.claim } : {}),
      ...(meta ? { meta } : {}),
    };
  }
  if (r.role === 'tool')
    return { role: 'tool', content: r.content, toolCallId: r.tool_call_id ?? '', name: String(meta?.name ?? ''), ...(meta ? { meta } : {}) };
  return { role: r.role, content: r.content, ...(meta ? { meta } : {}) } as ChatMessage;
}

export class ChatRepository {
  private readonly db: SqliteDatabase;
  private readonly insertMessage: SqliteStatement;
  private readonly touch: SqliteStatement;

  constructor(db: SqliteDatabase) {
    this.db = db;
    this.insertMessage = db.prepare(`INSERT INTO messages (chat_id, seq, role, content, tool_calls_json, tool_call_id, meta_json, created_at)
      VALUES (@chatId, (SELECT coalesce(max(seq), 0) + 1 FROM messages WHERE chat_id = @chatId), @role, @content, @toolCalls, @toolCallId, @meta, @at)`);
    this.touch = db.prepare('UPDATE chats SET updated_at = ? WHERE id = ?');
  }

  create(chat: Omit<ChatRow, 'updatedAt'> & { settings?: ChatSettings }): void {
    this.db
      .prepare('INSERT INTO chats (id, title, model_id, mode, settings_json, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(chat.id, chat.title, chat.modelId, chat.mode, chat.settings ? JSON.stringify(chat.settings) : null, chat.createdAt, chat.createdAt);
  }

  info(chatId: string): ChatInfo | undefined {
    const row = this.db.prepare(`${INFO_SELECT} WHERE c.id = ?`).get(chatId) as InfoRow | undefined;
    return row ? toInfo(row) : undefined;
  }

  /** Newest first; `search` finds words in the title or in any question. */
  list(search?: string): ChatInfo[] {
    const rows = search
      ? (this.db
          .prepare(
            `${INFO_SELECT} WHERE instr(lower(c.title), lower(@q)) > 0 OR EXISTS (SELECT 1 FROM messages m WHERE m.chat_id = c.id AND m.role = 'user' AND instr(lower(m.content), lower(@q)) > 0) ORDER BY c.updated_at DESC`,
          )
          .all({ q: search }) as InfoRow[])
      : (this.db.prepare(`${INFO_SELECT} ORDER BY c.updated_at DESC`).all() as InfoRow[]);
    return rows.map(toInfo);
  }

  rename(chatId: string, title: string, at: Date): void {
    this.db.prepare('UPDATE chats SET title = ?, updated_at = ? WHERE id = ?').run(title, at.toISOString(), chatId);
  }

  remove(chatId: string): void {
    this.db.prepare('DELETE FROM chats WHERE id = ?').run(chatId);
  }

  /** Drops message `fromSeq` and every later one. */
  truncate(chatId: string, fromSeq: number, at: Date): void {
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM messages WHERE chat_id = ? AND seq >= ?').run(chatId, fromSeq);
      this.touch.run(at.toISOString(), chatId);
    })();
  }

  /** The messages with their place, time and notes, as the workbench shows them. */
  transcript(chatId: string): TranscriptMessage[] {
    return this.rows(chatId).map((r) => ({ ...toMessage(r), seq: r.seq, createdAt: r.created_at }));
  }

  append(chatId: string, message: ChatMessage, meta: Record<string, unknown> | undefined, at: Date): void {
    const toolCalls = message.role === 'assistant' && message.toolCalls?.length ? JSON.stringify(message.toolCalls) : null;
    // A tool message's name, a model turn's thinking, why it was cut and the answer it committed to ride in the
    // message's notes (no columns).
    const extra =
      message.role === 'tool'
        ? { ...meta, name: message.name }
        : message.role === 'assistant' && (message.thinking || message.cut || message.answer)
          ? {
              ...meta,
              ...(message.thinking ? { thinking: message.thinking } : {}),
              ...(message.cut ? { cut: message.cut } : {}),
              ...(message.answer ? { answer: message.answer } : {}),
            }
          : meta;
    this.db.transaction(() => {
      this.insertMessage.run({
        chatId,
        role: message.role,
        content: message.content,
        toolCalls,
        toolCallId: message.role === 'tool' ? message.toolCallId : null,
        meta: extra ? JSON.stringify(extra) : null,
        at: at.toISOString(),
      });
      this.touch.run(at.toISOString(), chatId);
    })();
  }

  get(chatId: string): ChatRow | undefined {
    const row = this.db
      .prepare('SELECT id, title, model_id AS modelId, mode, created_at AS createdAt, updated_at AS updatedAt FROM chats WHERE id = ?')
      .get(chatId) as ChatRow | undefined;
    return row;
  }

  messages(chatId: string): (ChatMessage & { meta?: Record<string, unknown> })[] {
    return this.rows(chatId).map(toMessage);
  }

  private rows(chatId: string): MessageRow[] {
    return this.db
      .prepare('SELECT seq, created_at, role, content, tool_calls_json, tool_call_id, meta_json FROM messages WHERE chat_id = ? ORDER BY seq')
      .all(chatId) as MessageRow[];
  }
}
