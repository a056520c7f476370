import { Badge, Center, Loader, Stack } from '@mantine/core';
import type { TMessage, TTicketNote } from '@prosa/contracts';
import { type ReactNode, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Virtuoso, type VirtuosoHandle } from 'react-virtuoso';
import { NoteBubble } from '../../notes/components/note-bubble';
import { isOptimistic } from '../api/message-cache';
import { buildChatItems, messageKey, type TChatItem } from './chat-items';
import { MessageBubble } from './message-bubble';

/** The messages picked for forwarding, while the agent picks them. */
export type TMessageSelection = { ids: ReadonlySet<number>; onToggle: (message: TMessage) => void };

/** Virtuoso needs a positive index base that can go down as older pages are prepended. */
const indexBase = 1_000_000;

type TMessageListProps = {
  messages: TMessage[];
  hasOlder: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  currentUserId: number | null;
  contactName: string;
  onReply: (message: TMessage) => void;
  onReact: (message: TMessage, emoji: string) => void;
  onEdit: (message: TMessage) => void;
  onDelete: (message: TMessage) => void;
  onRetry: (message: TMessage) => void;
  onForward?: (message: TMessage) => void;
  selection?: TMessageSelection | null;
  /** Shown above the first message once there is nothing older to load (the contact's earlier tickets). */
  before?: ReactNode;
  /** The ticket's internal notes, placed among the messages by time. */
  notes?: TTicketNote[];
};

type TListContext = { loadingOlder: boolean; before: ReactNode };

const Header = ({ context }: { context?: TListContext }) =>
  context?.loadingOlder ? (
    <Center py="sm">
      <Loader size="sm" />
    </Center>
  ) : (
    (context?.before ?? null)
  );

const listComponents = { Header };

/**
 * The conversation, virtualised: starts at the newest message, loads older pages when scrolled to the top
 * (keeping the reading position), follows new messages only while the agent is at the bottom.
 */
export const MessageList = ({
  messages,
  hasOlder,
  loadingOlder,
  onLoadOlder,
  currentUserId,
  contactName,
  onReply,
  onReact,
  onEdit,
  onDelete,
  onRetry,
  onForward,
  selection,
  before,
  notes,
}: TMessageListProps) => {
  const { t } = useTranslation();
  const virtuoso = useRef<VirtuosoHandle>(null);
  const items = useMemo(() => {
    // While older pages are not loaded, notes older than the first loaded message wait for them.
    const from = hasOlder ? (messages[0]?.timestamp ?? 0) : Number.NEGATIVE_INFINITY;
    return buildChatItems(
      messages,
      Date.now(),
      (notes ?? []).filter((note) => Date.parse(note.createdAt) >= from),
    );
  }, [messages, notes, hasOlder]);

  // Keep the first message's absolute index fixed while older pages are prepended above it.
  const anchor = useRef<{ key: string | null; absolute: number }>({ key: null, absolute: indexBase });
  const firstMessageIndex = items.findIndex((item) => item.kind === 'message');
  const firstMessageKey = firstMessageIndex >= 0 ? (items[firstMessageIndex] as TChatItem).key : null;
  const previousAt = anchor.current.key ? items.findIndex((item) => item.key === anchor.current.key) : -1;
  const firstItemIndex = previousAt >= 0 ? anchor.current.absolute - previousAt : indexBase;
  anchor.current = {
    key: firstMessageKey,
    absolute: firstItemIndex + Math.max(0, firstMessageIndex),
  };

  // The agent just sent (a pending bubble became the newest message): show it, wherever the list was.
  const last = messages.at(-1);
  const justSent = last !== undefined && isOptimistic(last) && last.status === 'pending' ? messageKey(last) : null;
  useEffect(() => {
    if (justSent) virtuoso.current?.scrollToIndex({ index: 'LAST', behavior: 'smooth' });
  }, [justSent]);

  if (items.length === 0) {
    return (
      <Stack h="100%" gap={0} style={{ overflowY: 'auto' }}>
        {before}
        <Center style={{ flex: 1 }} py="md">
          <Badge variant="light" color="gray" tt="none" size="lg">
            {t('attendance.chat.noMessages')}
          </Badge>
        </Center>
      </Stack>
    );
  }

  return (
    <Virtuoso<TChatItem, TListContext>
      ref={virtuoso}
      style={{ height: '100%' }}
      data={items}
      context={{ loadingOlder, before: hasOlder ? null : before }}
      components={listComponents}
      firstItemIndex={firstItemIndex}
      initialTopMostItemIndex={items.length - 1}
      alignToBottom
      computeItemKey={(_, item) => item.key}
      startReached={() => {
        if (hasOlder && !loadingOlder) onLoadOlder();
      }}
      followOutput={(atBottom) => (atBottom ? 'smooth' : false)}
      increaseViewportBy={{ top: 400, bottom: 200 }}
      data-testid="message-list"
      itemContent={(_, item) =>
        item.kind === 'note' ? (
          <NoteBubble note={item.note} />
        ) : item.kind === 'day' ? (
          <Center py="xs">
            <Badge variant="light" color="gray" tt="none" radius="sm" data-testid="day-separator">
              {item.label}
            </Badge>
          </Center>
        ) : (
          <MessageBubble
            message={item.message}
            currentUserId={currentUserId}
            contactName={contactName}
            onReply={onReply}
            onReact={onReact}
            onEdit={onEdit}
            onDelete={onDelete}
            onRetry={onRetry}
            onForward={onForward}
            selection={
              selection ? { selected: selection.ids.has(item.message.id), onToggle: selection.onToggle } : undefined
            }
          />
        )
      }
    />
  );
};
