import { ActionIcon, Group, Textarea } from '@mantine/core';
import { IconPaperclip, IconSend } from '@tabler/icons-react';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** What the visitor may pick (the server checks the bytes again). */
const acceptedFiles = 'image/*,audio/*,video/*,.pdf,.doc,.docx,.xls,.xlsx,.ppt,.pptx,.txt,.csv,.zip';

type TVisitorComposerProps = {
  onSendText: (body: string) => void;
  onSendFile: (file: File) => void;
  /** The agent sees "typing" from the first key until 3 s without one. */
  onTyping: (state: 'composing' | 'paused') => void;
};

/** The visitor's message box: Enter sends, Shift+Enter breaks the line; the paperclip sends a file. */
export const VisitorComposer = ({ onSendText, onSendFile, onTyping }: TVisitorComposerProps) => {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const fileInput = useRef<HTMLInputElement>(null);
  const typingTimer = useRef<number | undefined>(undefined);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const body = text.trim();
    if (!body) return;
    setText('');
    onTyping('paused');
    onSendText(body);
  };

  const onType = (value: string) => {
    setText(value);
    if (!typingTimer.current) onTyping('composing');
    window.clearTimeout(typingTimer.current);
    typingTimer.current = window.setTimeout(() => {
      onTyping('paused');
      typingTimer.current = undefined;
    }, 3000);
  };

  return (
    <form onSubmit={submit}>
      <Group gap="xs" p="sm" align="flex-end" wrap="nowrap">
        <input
          ref={fileInput}
          type="file"
          accept={acceptedFiles}
          hidden
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            event.currentTarget.value = '';
            if (file) onSendFile(file);
          }}
          data-testid="webchat-file-input"
        />
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={t('webchat.attach')}
          onClick={() => fileInput.current?.click()}
          data-testid="webchat-attach"
        >
          <IconPaperclip size={18} />
        </ActionIcon>
        <Textarea
          flex={1}
          autosize
          minRows={1}
          maxRows={4}
          maxLength={4096}
          placeholder={t('webchat.placeholder')}
          aria-label={t('webchat.placeholder')}
          value={text}
          onChange={(e) => onType(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) {
              e.preventDefault();
              submit();
            }
          }}
          data-testid="webchat-input"
        />
        <ActionIcon
          type="submit"
          size="lg"
          aria-label={t('webchat.send')}
          disabled={!text.trim()}
          data-testid="webchat-send"
        >
          <IconSend size={18} />
        </ActionIcon>
      </Group>
    </form>
  );
};
