import { Badge, Button, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import type { TBirthdayContact } from '@prosa/contracts';
import { IconCake, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../app/access/can';
import { notifySuccess } from '../../../app/notify';
import { ErrorState } from '../../../ui/data-states';
import { PagedListTable, type TListColumn } from '../../../ui/list-table';
import { PageHeader } from '../../../ui/page-header';
import { showApiError } from '../../../ui/server-errors';
import { intlLocale } from '../../attendance/components/format-time';
import { useBirthdays, useSendBirthdaysNow } from '../api/birthdays-api';
import { BirthdaySettings } from '../components/birthday-settings';

const monthName = (month: number) =>
  new Intl.DateTimeFormat(intlLocale(), { month: 'long', timeZone: 'UTC' }).format(Date.UTC(2000, month - 1, 1));

/** This year's message of a contact: not sent, skipped with the reason, or its delivery state. */
const SendStatus = ({ contact }: { contact: TBirthdayContact }) => {
  const { t } = useTranslation();
  const send = contact.send;
  if (!send)
    return (
      <Badge variant="light" color="gray">
        {t('birthdays.status.none')}
      </Badge>
    );
  if (send.status === 'skipped')
    return (
      <Badge variant="light" color="warning" data-testid="birthday-skipped">
        {t('birthdays.status.skipped', {
          reason: t(`birthdays.reason.${send.reason}`, { defaultValue: send.reason ?? '' }),
        })}
      </Badge>
    );
  const state = send.messageStatus === 'pending' ? 'queued' : (send.messageStatus ?? 'sent');
  const color = state === 'failed' ? 'negative' : state === 'queued' ? 'primary' : 'positive';
  return (
    <Group gap={6} wrap="nowrap">
      <Badge variant="light" color={color} data-testid="birthday-sent">
        {t(`birthdays.status.${state}`, { defaultValue: state })}
      </Badge>
      {send.connectionName && (
        <Text size="xs" c="dimmed">
          {t('birthdays.via', { name: send.connectionName })}
        </Text>
      )}
    </Group>
  );
};

/** `/aniversarios`: today's and the month's birthdays with this year's message of each; admins set the texts. */
export const BirthdaysPage = () => {
  const { t } = useTranslation();
  const [month, setMonth] = useState<number | null>(null);
  const list = useBirthdays(month);
  const sendNow = useSendBirthdaysNow();
  const canManage = useCan('birthdays.manage');
  const contacts = list.data?.contacts ?? [];
  const today = contacts.filter((contact) => contact.isToday);
  const shownMonth = month ?? list.data?.month ?? null;

  const columns: TListColumn<TBirthdayContact>[] = [
    {
      key: 'day',
      label: t('birthdays.columns.day'),
      width: 80,
      render: (contact) => (
        <Text size="sm" fw={contact.isToday ? 700 : undefined}>
          {String(contact.day).padStart(2, '0')}/{String(contact.month).padStart(2, '0')}
        </Text>
      ),
    },
    {
      key: 'contact',
      label: t('birthdays.columns.contact'),
      render: (contact) => (
        <>
          <Text size="sm" fw={500}>
            {contact.name}
          </Text>
          {contact.number && (
            <Text size="xs" c="dimmed">
              {contact.number}
            </Text>
          )}
        </>
      ),
    },
    { key: 'status', label: t('birthdays.columns.status'), render: (contact) => <SendStatus contact={contact} /> },
  ];

  return (
    <Stack>
      <PageHeader
        title={t('screens.aniversarios')}
        icon={IconCake}
        actions={
          canManage && (
            <Button
              leftSection={<IconSend size={16} />}
              loading={sendNow.isPending}
              onClick={() =>
                sendNow.mutate(undefined, {
                  onSuccess: (result) => notifySuccess(t('birthdays.sendResult', result)),
                  onError: (error) => showApiError(error),
                })
              }
              data-testid="birthdays-send-now"
            >
              {t('birthdays.sendNow')}
            </Button>
          )
        }
      />
      {list.isError ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <>
          {list.isSuccess && list.data.month === Number(list.data.today.slice(5, 7)) && (
            <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} data-testid="birthdays-today">
              <Title order={4} mb="xs">
                {t('birthdays.today')}
              </Title>
              {today.length === 0 ? (
                <Text size="sm" c="dimmed">
                  {t('birthdays.noneToday')}
                </Text>
              ) : (
                <Stack gap="xs">
                  {today.map((contact) => (
                    <Group key={contact.id} justify="space-between" data-testid="birthdays-today-row">
                      <Text size="sm" fw={500}>
                        {contact.name}
                      </Text>
                      <SendStatus contact={contact} />
                    </Group>
                  ))}
                </Stack>
              )}
            </Paper>
          )}
          <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
            <Group mb="md" justify="space-between" align="flex-end">
              <Title order={4}>{t('birthdays.monthList')}</Title>
              <NativeSelect
                label={t('birthdays.month')}
                data={Array.from({ length: 12 }, (_, index) => ({
                  value: String(index + 1),
                  label: monthName(index + 1),
                }))}
                value={shownMonth ? String(shownMonth) : ''}
                onChange={(event) => setMonth(Number(event.currentTarget.value) || null)}
                w={180}
                data-testid="birthdays-month"
              />
            </Group>
            <PagedListTable query={list} columns={columns} rows={contacts} minWidth={560} name="birthdays" />
          </Paper>
        </>
      )}
      {canManage && <BirthdaySettings />}
    </Stack>
  );
};
