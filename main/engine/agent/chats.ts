// Chat sessions as the workbench lists and edits them: search, rename, delete, cut back for an edited question or a
// regenerated answer, and export with every call.
import type { ChatExport, ChatInfo, ChatTranscript } from '../../api/contract.ts';
import { chatMarkdown } from '../../core/agent/chatMarkdown.ts';
import type { EngineServices } from '../EngineServices.ts';
import { ChatRepository } from '../store/repositories/ChatRepository.ts';
import { saidError } from '../../core/i18n/saidError.ts';

function repository(engine: EngineServices): ChatRepository {
  return new ChatRepository(engine.store.db);
}

function requireChat(chats: ChatRepository, id: string): ChatInfo {
  const chat = chats.info(id);
  if (!chat) throw saidError('NotFound', { message: 'error.noChat', hint: 'error.noChat.hint', vars: { id } });
  return chat;
}

export function listChats(engine: EngineServices, search?: string): ChatInfo[] {
  return repository(engine).list(search?.trim() || undefined);
}

export function getChat(engine: EngineServices, id: string): ChatTranscript {
  const chats = repository(engine);
  const chat = requireChat(chats, id);
  return { chat, messages: chats.transcript(id) };
}

export function renameChat(engine: EngineServices, id: string, title: string): ChatInfo {
  const chats = repository(engine);
  requireChat(chats, id);
  const clean = title.trim();
  if (clean === '') throw saidError('InvalidRequest', { message: 'error.chatTitle' });
  chats.rename(id, clean.slice(0, 200), new Date());
  return requireChat(chats, id);
}

export function removeChat(engine: EngineServices, id: string): ChatInfo {
  const chats = repository(engine);
  const chat = requireChat(chats, id);
  chats.remove(id);
  engine.approvals.forget(id);
  return chat;
}

/** Drops message `fromSeq` (a user question) and everything after it: the question is edited or asked again. */
export function truncateChat(engine: EngineServices, id: string, fromSeq: number): ChatTranscript {
  const chats = repository(engine);
  requireChat(chats, id);
  const target = chats.transcript(id).find((m) => m.seq === fromSeq);
  if (!target || target.role !== 'user') throw saidError('InvalidRequest', { message: 'error.notQuestion', vars: { seq: fromSeq, id } });
  chats.truncate(id, fromSeq, new Date());
  return getChat(engine, id);
}

export function exportChat(engine: EngineServices, id: string, format: 'md' | 'json'): ChatExport {
  const transcript = getChat(engine, id);
  const base = `kopa-chat-${transcript.chat.createdAt.slice(0, 10)}-${id.slice(0, 8)}`;
  if (format === 'json') return { format, fileName: `${base}.json`, content: `${JSON.stringify(transcript, null, 2)}\n` };
  return { format, fileName: `${base}.md`, content: chatMarkdown(transcript) };
}
