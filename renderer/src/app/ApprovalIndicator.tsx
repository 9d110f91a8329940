// The status bar's word that a chat turn waits on the analyst to allow or deny a call, in whatever view they are:
// a link back to that chat, and the window's title starting with it (seen from the taskbar too).
import { useEffect } from 'react';
import { Hand } from 'lucide-react';
import { Link } from 'wouter';
import { useLocale } from '../i18n.tsx';
import { useChatRun } from '../views/chat/ChatRunProvider.tsx';
import { pendingApproval } from '../views/chat/turns.ts';
import { viewLink } from './viewPaths.ts';

export function ApprovalIndicator() {
  const { t } = useLocale();
  const { live } = useChatRun();
  const waiting = live?.status === 'running' && pendingApproval(live.turn) !== undefined;
  const words = t('chat.awaitingApprovalTitle');
  useEffect(() => {
    if (!waiting) return;
    const before = document.title;
    document.title = `${words} · ${before}`;
    return () => {
      document.title = before;
    };
  }, [waiting, words]);
  if (!waiting) return null;
  return (
    <Link href={viewLink('chat', live.chatId)} className="strip-item strip-jobs strip-approval" data-testid="strip-approval">
      <Hand size={14} aria-hidden="true" />
      {words}
    </Link>
  );
}
