// The question being answered now. Held above the views so that a run keeps streaming (and its approvals keep
// waiting for the analyst) while they look at another view.
import { createContext, useCallback, useContext, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { AgentRunParams } from '../../../../main/api/contract.ts';
import { LOADING_MODEL } from '../../../../main/api/loading.ts';
import { useEngine } from '../../api/EngineProvider.tsx';
import { shownError, type ShownError } from '../../api/useEngineMutation.ts';
import { applyEvent, type Turn } from './turns.ts';
import { eventBatcher } from './eventBatcher.ts';

export interface LiveRun {
  chatId?: string;
  turn: Turn;
  status: 'running' | 'stopped' | 'failed';
  /** Percent of the model loaded, while the question waits for a local model's first load. */
  loading?: number;
  /** The engine's words and what to do about them (its hint), in the screen's language. */
  error?: ShownError;
}

interface ChatRunState {
  live: LiveRun | null;
  ask: (params: AgentRunParams, onChat: (chatId: string) => void) => void;
  stop: () => void;
  answer: (approvalId: string, answer: 'once' | 'always' | 'deny', reason?: string) => void;
  dismiss: () => void;
}

const ChatRunContext = createContext<ChatRunState | null>(null);

export function ChatRunProvider({ children }: { children: ReactNode }) {
  const api = useEngine();
  const queryClient = useQueryClient();
  const [live, setLive] = useState<LiveRun | null>(null);
  const controller = useRef<AbortController | null>(null);
  const events = useMemo(() => eventBatcher((batch) => setLive((prev) => prev && { ...prev, turn: batch.reduce(applyEvent, prev.turn) })), []);

  const ask = useCallback(
    (params: AgentRunParams, onChat: (chatId: string) => void) => {
      if (!api || controller.current) return;
      const abort = new AbortController();
      controller.current = abort;
      let chatId = params.chatId;
      setLive({ chatId, turn: { question: params.question, items: [], answer: null }, status: 'running' });
      const settle = async (status: LiveRun['status'] | 'done', error?: ShownError): Promise<void> => {
        events.flush();
        controller.current = null;
        if (chatId) await queryClient.refetchQueries({ queryKey: ['chats.get', { id: chatId }] });
        await queryClient.invalidateQueries({ queryKey: ['chats.list'] });
        // What the run stored is in the transcript now; a failure stays on screen with its reason.
        setLive((prev) => (status === 'done' || status === 'stopped' ? null : prev && { ...prev, status, error }));
      };
      api
        .call('agent.run', params, {
          signal: abort.signal,
          onProgress: (progress) => {
            if (progress.chatId && !chatId) {
              chatId = progress.chatId;
              setLive((prev) => prev && { ...prev, chatId });
              void queryClient.invalidateQueries({ queryKey: ['chats.list'] });
              onChat(progress.chatId);
            }
            if (progress.stage === LOADING_MODEL) {
              setLive((prev) => prev && { ...prev, loading: progress.done ?? 0 });
              return;
            }
            if (progress.agentEvent) events.push(progress.agentEvent);
            setLive((prev) => (prev?.loading === undefined ? prev : { ...prev, loading: undefined }));
          },
        })
        .then(
          () => settle('done'),
          (error: unknown) => settle(abort.signal.aborted ? 'stopped' : 'failed', shownError(error)),
        );
    },
    [api, queryClient, events],
  );

  const value = useMemo<ChatRunState>(
    () => ({
      live,
      ask,
      stop: () => controller.current?.abort(),
      answer: (approvalId, answer, reason) => {
        void api
          ?.call('agent.approve', { id: approvalId, answer, ...(reason ? { reason } : {}) })
          .catch((error: unknown) => setLive((prev) => prev && { ...prev, error: shownError(error) }));
      },
      dismiss: () => setLive((prev) => (prev?.status === 'running' ? prev : null)),
    }),
    [live, ask, api],
  );
  return <ChatRunContext.Provider value={value}>{children}</ChatRunContext.Provider>;
}

export function useChatRun(): ChatRunState {
  const value = useContext(ChatRunContext);
  if (!value) throw new Error('useChatRun outside ChatRunProvider');
  return value;
}
