// The chats of this data folder: newest first, searchable by title and question, renamed in place, deleted after
// a question.
import { useState } from 'react';
import { Link } from 'wouter';
import { Pencil, Plus, Search, Trash2 } from 'lucide-react';
import { useEngineQuery } from '../../api/queries.ts';
import { useEngineMutation } from '../../api/useEngineMutation.ts';
import { ErrorNote } from '../../components/ErrorNote.tsx';
import { useLocale } from '../../i18n.tsx';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { formatDateTime } from '../../format.ts';
import type { ChatInfo } from '../../../../main/api/contract.ts';
import { Skeleton } from '../../components/Skeleton.tsx';
import { viewLink } from '../../app/viewPaths.ts';

function SessionRow({ chat, active, onRemoved }: { chat: ChatInfo; active: boolean; onRemoved: () => void }) {
  const { t, locale } = useLocale();
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState(chat.title);
  const rename = useEngineMutation('chats.rename', { invalidates: ['chats.list'] });
  const removal = useEngineMutation('chats.remove', { invalidates: ['chats.list'], onDone: onRemoved });
  const save = (): void => {
    setEditing(false);
    if (title.trim() === '' || title === chat.title) return setTitle(chat.title);
    void rename.run({ id: chat.id, title }).then((renamed) => {
      // A refused name goes back to the one the chat has, beside the reason.
      if (!renamed) setTitle(chat.title);
    });
  };
  const remove = (): void => void removal.run({ id: chat.id });
  return (
    <li className={active ? 'session active' : 'session'}>
      {editing ? (
        <input
          aria-label={t('chat.renameLabel')}
          value={title}
          autoFocus
          onChange={(e) => setTitle(e.target.value)}
          onBlur={save}
          onKeyDown={(e) => {
            if (e.key === 'Enter') save();
            if (e.key === 'Escape') {
              setTitle(chat.title);
              setEditing(false);
            }
          }}
        />
      ) : (
        <Link href={viewLink('chat', chat.id)} className="session-link" aria-current={active ? 'page' : undefined}>
          <span className="session-title">{chat.title}</span>
          <span className="muted">{formatDateTime(chat.updatedAt, locale)}</span>
        </Link>
      )}
      <span className="session-actions">
        <button type="button" className="icon" aria-label={t('chat.rename')} title={t('chat.rename')} onClick={() => setEditing(true)}>
          <Pencil size={14} aria-hidden="true" />
        </button>
        <ConfirmDialog
          trigger={
            <button type="button" className="icon" aria-label={t('chat.delete')} title={t('chat.delete')}>
              <Trash2 size={14} aria-hidden="true" />
            </button>
          }
          title={t('chat.deleteTitle')}
          description={t('chat.deleteText', { title: chat.title })}
          confirmLabel={t('chat.delete')}
          danger
          onConfirm={remove}
        />
      </span>
      <ErrorNote
        error={rename.error ?? removal.error}
        onRetry={rename.error ? rename.retry : removal.retry}
        onDismiss={rename.error ? rename.dismiss : removal.dismiss}
      />
    </li>
  );
}

export function SessionList({ activeId, onRemovedActive }: { activeId?: string; onRemovedActive: () => void }) {
  const { t } = useLocale();
  const [search, setSearch] = useState('');
  const chats = useEngineQuery('chats.list', search.trim() ? { search: search.trim() } : {});
  return (
    <aside className="sessions" aria-label={t('chat.sessions')}>
      <Link href={viewLink('chat')} className="button new-chat">
        <Plus size={16} aria-hidden="true" /> {t('chat.new')}
      </Link>
      <label className="search">
        <Search size={14} aria-hidden="true" />
        <span className="sr-only">{t('chat.search')}</span>
        <input type="search" value={search} placeholder={t('chat.search')} onChange={(e) => setSearch(e.target.value)} />
      </label>
      {chats.isLoading && <Skeleton rows={4} />}
      {chats.data && chats.data.length === 0 && <p className="muted">{search ? t('chat.noMatch') : t('chat.none')}</p>}
      <ul data-testid="sessions">
        {chats.data?.map((chat) => (
          <SessionRow key={chat.id} chat={chat} active={chat.id === activeId} onRemoved={() => chat.id === activeId && onRemovedActive()} />
        ))}
      </ul>
    </aside>
  );
}
