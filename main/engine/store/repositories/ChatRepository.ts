// Agent transcripts: one chat per episode or conversation, its messages written as they happen, so a crash
// loses at most the turn in flight.
import type { SqliteDatabase, SqliteStatement } from '../../../../native/sqlite/index.ts';
import type { ChatMessage } from '../../../core/agent/types.ts';

export interface ChatRow {
  id: string;
  title: string;
  modelId: string | null;
  mode: string;
  createdAt: string;
  updatedAt: string;
}

interface MessageRow {
  seq: number;
  role: ChatMessage['role'];
  content: string;
  tool_calls_json: string | null;
  tool_call_id: string | null;
  meta_json: string | null;
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

  create(chat: Omit<ChatRow, 'updatedAt'>): void {
    this.db.prepare('INSERT INTO chats (id, title, model_id, mode, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)').run(chat.id, chat.title, chat.modelId, chat.mode, chat.createdAt, chat.createdAt);
  }

  append(chatId: string, message: ChatMessage, meta: Record<string, unknown> | undefined, at: Date): void {
    const toolCalls = message.role === 'assistant' && message.toolCalls?.length ? JSON.stringify(message.toolCalls) : null;
    const extra = message.role === 'tool' ? { ...meta, name: message.name } : meta;
    this.db.transaction(() => {
      this.insertMessage.run({ chatId, role: message.role, content: message.content, toolCalls, toolCallId: message.role === 'tool' ? message.toolCallId : null, meta: extra ? JSON.stringify(extra) : null, at: at.toISOString() });
      this.touch.run(at.toISOString(), chatId);
    })();
  }

  get(chatId: string): ChatRow | undefined {
    const row = this.db.prepare('SELECT id, title, model_id AS modelId, mode, created_at AS createdAt, updated_at AS updatedAt FROM chats WHERE id = ?').get(chatId) as ChatRow | undefined;
    return row;
  }

  messages(chatId: string): (ChatMessage & { meta?: Record<string, unknown> })[] {
    const rows = this.db.prepare('SELECT seq, role, content, tool_calls_json, tool_call_id, meta_json FROM messages WHERE chat_id = ? ORDER BY seq').all(chatId) as MessageRow[];
    return rows.map((r) => {
      const meta = r.meta_json ? (JSON.parse(r.meta_json) as Record<string, unknown>) : undefined;
      if (r.role === 'assistant') return { role: 'assistant', content: r.content, ...(r.tool_calls_json ? { toolCalls: JSON.parse(r.tool_calls_json) as [] } : {}), ...(meta ? { meta } : {}) };
      if (r.role === 'tool') return { role: 'tool', content: r.content, toolCallId: r.tool_call_id ?? '', name: String(meta?.name ?? ''), ...(meta ? { meta } : {}) };
      return { role: r.role, content: r.content, ...(meta ? { meta } : {}) } as ChatMessage;
    });
  }
}
