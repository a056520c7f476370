import { type KeyboardEvent, useMemo, useState } from 'react';
import { useFastReplies } from '../api/lookups-api';
import { filterFastReplies, quickReplyQuery } from './quick-replies';

/**
 * The quick-message picker of the composer: open while the text is "/" and a query, filtered as the agent
 * types; ↑/↓ move, Enter or Tab insert, Esc closes it until the text changes.
 */
export const useQuickReplyPicker = (text: string, onChoose: (message: string) => void) => {
  const [highlight, setHighlight] = useState(0);
  const [dismissedQuery, setDismissedQuery] = useState<string | null>(null);
  const query = quickReplyQuery(text);
  const isOpen = query !== null && query !== dismissedQuery;
  const fastReplies = useFastReplies(isOpen);
  const options = useMemo(
    () => (isOpen ? filterFastReplies(fastReplies.data ?? [], query ?? '') : []),
    [isOpen, fastReplies.data, query],
  );

  const choose = (message: string) => {
    onChoose(message);
    setHighlight(0);
  };

  /** The keys the open picker takes; true when it took this one. */
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (!isOpen) return false;
    if (options.length > 0) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setHighlight((current) => (current + step + options.length) % options.length);
        return true;
      }
      if (event.key === 'Enter' || event.key === 'Tab') {
        event.preventDefault();
        const chosen = options[Math.min(highlight, options.length - 1)];
        if (chosen) choose(chosen.message);
        return true;
      }
    }
    if (event.key === 'Escape') {
      event.preventDefault();
      setDismissedQuery(query);
      return true;
    }
    return false;
  };

  /** The text changed: the first option is highlighted and a dismissed picker may open again. */
  const onTextChange = () => {
    setHighlight(0);
    setDismissedQuery(null);
  };

  return {
    isOpen,
    options,
    highlight,
    setHighlight,
    isLoading: fastReplies.isLoading,
    choose,
    onKeyDown,
    onTextChange,
  };
};
