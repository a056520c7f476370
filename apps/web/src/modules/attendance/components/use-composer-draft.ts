import type { TTicket } from '@prosa/contracts';
import { type ClipboardEvent, type KeyboardEvent, useRef, useState } from 'react';
import { useTypingPresence } from '../api/use-typing-presence';
import { fillQuickReply } from './quick-replies';
import { useQuickReplyPicker } from './use-quick-reply-picker';

type TDraftOptions = {
  ticket: TTicket;
  agentName: string;
  disabled: boolean;
  attachments: File[];
  onAttachmentsChange?: (files: File[]) => void;
  onSend: (body: string) => void;
  onAttach?: (files: File[], caption: string) => void;
};

/**
 * What the agent is writing: the text, the quick-message picker, emoji at the cursor, files pasted into the
 * tray, the typing presence, and sending (Enter sends, Shift+Enter breaks the line).
 */
export const useComposerDraft = ({
  ticket,
  agentName,
  disabled,
  attachments,
  onAttachmentsChange,
  onSend,
  onAttach,
}: TDraftOptions) => {
  const [text, setText] = useState('');
  const input = useRef<HTMLTextAreaElement>(null);
  const presence = useTypingPresence(ticket.id, !disabled && ticket.status !== 'closed');
  const picker = useQuickReplyPicker(text, (message) => {
    setText(fillQuickReply(message, ticket, agentName));
    input.current?.focus();
  });

  const addFiles = (files: File[]) => {
    if (!onAttachmentsChange || files.length === 0 || disabled) return;
    onAttachmentsChange([...attachments, ...files]);
    input.current?.focus();
  };

  // A picture copied to the clipboard (a screenshot) joins the tray; pasted text stays text.
  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const files = Array.from(event.clipboardData.files);
    if (files.length === 0 || !onAttachmentsChange) return;
    event.preventDefault();
    addFiles(files);
  };

  const insertEmoji = (emoji: string) => {
    const field = input.current;
    const start = field?.selectionStart ?? text.length;
    const end = field?.selectionEnd ?? text.length;
    setText(text.slice(0, start) + emoji + text.slice(end));
    requestAnimationFrame(() => {
      field?.focus();
      field?.setSelectionRange(start + emoji.length, start + emoji.length);
    });
  };

  const send = () => {
    if (disabled) return;
    const body = text.trim();
    if (attachments.length > 0 && onAttach) {
      onAttach(attachments, body);
    } else if (body) {
      onSend(body);
    } else {
      return;
    }
    setText('');
    presence.stop();
  };

  const onChange = (value: string) => {
    setText(value);
    presence.onType();
    picker.onTextChange();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.nativeEvent.isComposing) return;
    if (picker.onKeyDown(event)) return;
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      send();
    }
  };

  return { text, input, picker, addFiles, onPaste, insertEmoji, send, onChange, onKeyDown, fill: setText };
};
