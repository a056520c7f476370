import { Alert, Button, Group, Modal, Paper, Select, Stack, Text, TextInput } from '@mantine/core';
import { renderTemplate, type TMessageTemplate, type TTicket } from '@prosa/contracts';
import { IconRefresh } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeApiError, getFieldError } from '../../../app/http/errors';
import { notifyError, notifySuccess } from '../../../app/notify';
import { useSessionStore } from '../../../app/session/session-store';
import { useMessageTemplates, useSendTemplate, useSyncTemplates } from '../api/templates-api';

const adminProfiles = new Set(['admin', 'super', 'superadmin']);
const keyOf = (template: Pick<TMessageTemplate, 'name' | 'language'>) => `${template.name}|${template.language}`;

type TProps = { opened: boolean; ticket: TTicket; onClose: () => void };

/**
 * Picks an approved template, fills its placeholders and shows the message as the customer will read it.
 * Admins can sync the list from the provider; templates that cannot go yet (pending, media header) are
 * listed but disabled, with the reason.
 */
export const TemplateModal = ({ opened, ticket, onClose }: TProps) => {
  const { t } = useTranslation();
  const profile = useSessionStore((state) => state.profile);
  const list = useMessageTemplates(ticket.whatsappId, opened);
  const sync = useSyncTemplates();
  const send = useSendTemplate();
  const [chosen, setChosen] = useState<string | null>(null);
  const [headerParams, setHeaderParams] = useState<string[]>([]);
  const [bodyParams, setBodyParams] = useState<string[]>([]);
  const [missing, setMissing] = useState(false);
  const templates = list.data?.templates ?? [];
  const template = templates.find((candidate) => keyOf(candidate) === chosen) ?? null;

  useEffect(() => {
    if (!opened) return;
    setChosen(null);
    setMissing(false);
  }, [opened]);
  useEffect(() => {
    setHeaderParams((template?.headerVariables ?? []).map(() => ''));
    setBodyParams((template?.bodyVariables ?? []).map(() => ''));
    setMissing(false);
  }, [template]);

  const options = useMemo(
    () =>
      templates.map((candidate) => ({
        value: keyOf(candidate),
        label: `${candidate.name} (${candidate.language})${
          candidate.sendable
            ? ''
            : ` · ${candidate.status === 'APPROVED' ? t('attendance.templates.mediaHeader') : t('attendance.templates.notApproved')}`
        }`,
        disabled: !candidate.sendable,
      })),
    [templates, t],
  );

  const preview = template
    ? renderTemplate(template, {
        headerParams: headerParams.map((value, index) => value.trim() || `{{${template.headerVariables[index]}}}`),
        bodyParams: bodyParams.map((value, index) => value.trim() || `{{${template.bodyVariables[index]}}}`),
      })
    : '';

  const submit = () => {
    if (!template) return;
    if ([...headerParams, ...bodyParams].some((value) => !value.trim())) return setMissing(true);
    send.mutate(
      {
        ticketId: ticket.id,
        input: {
          name: template.name,
          language: template.language,
          headerParams: headerParams.map((value) => value.trim()),
          bodyParams: bodyParams.map((value) => value.trim()),
          idFront: crypto.randomUUID(),
        },
      },
      {
        onSuccess: () => {
          notifySuccess(t('attendance.templates.sent'));
          onClose();
        },
        onError: (error) =>
          notifyError(getFieldError(error) ? t('attendance.templates.fillAll') : describeApiError(error)),
      },
    );
  };

  const fields = (kind: 'header' | 'body', variables: string[], values: string[], set: (next: string[]) => void) =>
    variables.map((variable, index) => (
      <TextInput
        key={`${kind}-${variable}`}
        label={t(`attendance.templates.${kind}Variable`, { name: variable })}
        value={values[index] ?? ''}
        error={missing && !values[index]?.trim() ? t('validation.required') : undefined}
        maxLength={1024}
        onChange={(event) => set(values.map((value, i) => (i === index ? event.currentTarget.value : value)))}
        data-testid={`template-${kind}-param`}
      />
    ));

  return (
    <Modal opened={opened} onClose={onClose} title={t('attendance.templates.title')} size="lg">
      <Stack>
        <Text size="sm" c="dimmed">
          {t('attendance.templates.hint')}
        </Text>
        {list.isError && <Alert color="negative">{describeApiError(list.error)}</Alert>}
        <Group align="flex-end" wrap="nowrap">
          <Select
            flex={1}
            label={t('attendance.templates.choose')}
            placeholder={list.isLoading ? t('common.loading') : t('attendance.templates.placeholder')}
            data={options}
            value={chosen}
            onChange={setChosen}
            searchable
            nothingFoundMessage={t('common.nothingFound')}
            data-testid="template-select"
          />
          {profile && adminProfiles.has(profile) && ticket.whatsappId !== null && (
            <Button
              variant="default"
              leftSection={<IconRefresh size={16} />}
              loading={sync.isPending}
              onClick={() =>
                sync.mutate(ticket.whatsappId as number, { onError: (error) => notifyError(describeApiError(error)) })
              }
              data-testid="template-sync"
            >
              {t('attendance.templates.sync')}
            </Button>
          )}
        </Group>
        {list.data && templates.length === 0 && (
          <Alert color="warning" data-testid="template-empty">
            {t('attendance.templates.empty')}
          </Alert>
        )}
        {template && (
          <>
            {fields('header', template.headerVariables, headerParams, setHeaderParams)}
            {fields('body', template.bodyVariables, bodyParams, setBodyParams)}
            <Text size="sm" fw={600}>
              {t('attendance.templates.preview')}
            </Text>
            <Paper withBorder p="sm" radius="md" bg="var(--mantine-color-default-hover)">
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="template-preview">
                {preview}
              </Text>
            </Paper>
          </>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button onClick={submit} disabled={!template} loading={send.isPending} data-testid="template-send">
            {t('attendance.templates.send')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
