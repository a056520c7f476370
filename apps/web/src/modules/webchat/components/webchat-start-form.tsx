import { Button, Stack, Text, TextInput } from '@mantine/core';
import { parsePhone } from '@prosa/contracts';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { startVisitorSession, storeSession, WebchatError } from '../api/webchat-api';

const isEmail = (text: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(text);
/** A phone the server will store on the contact (with area code; international with '+'). */
const isPhone = (text: string) => parsePhone(text).ok;

/** Before the first message: the visitor's name and a phone or e-mail to reach them by. */
export const WebchatStartForm = ({ channel, onStarted }: { channel: string; onStarted: (token: string) => void }) => {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [contact, setContact] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = contact.trim();
    if (!name.trim()) return setError(t('webchat.errors.name'));
    if (!isEmail(value) && !isPhone(value)) return setError(t('webchat.errors.contact'));
    setBusy(true);
    setError(null);
    try {
      const { token } = await startVisitorSession(channel, {
        name: name.trim(),
        ...(isEmail(value) ? { email: value } : { phone: value }),
      });
      storeSession(channel, token);
      onStarted(token);
    } catch (failure) {
      setError(
        failure instanceof WebchatError && failure.status === 429 ? t('webchat.tooMany') : t('webchat.errors.contact'),
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('webchat.intro')}
        </Text>
        <TextInput
          label={t('webchat.name')}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          maxLength={80}
          data-testid="webchat-name"
          autoFocus
        />
        <TextInput
          label={`${t('webchat.phone')} / ${t('webchat.email')}`}
          description={t('webchat.contactHint')}
          value={contact}
          onChange={(e) => setContact(e.currentTarget.value)}
          maxLength={200}
          data-testid="webchat-contact"
        />
        {error && (
          <Text size="sm" c="negative" role="alert">
            {error}
          </Text>
        )}
        <Button type="submit" loading={busy} data-testid="webchat-start">
          {t('webchat.start')}
        </Button>
      </Stack>
    </form>
  );
};
