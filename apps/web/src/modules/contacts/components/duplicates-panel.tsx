import { Alert, Avatar, Badge, Button, Card, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { formatPhone } from '@prosa/contracts';
import { IconArrowMerge } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../app/notify';
import { EmptyList, ErrorState } from '../../../ui/data-states';
import { showApiError } from '../../../ui/server-errors';
import { type TDuplicateContact, useDuplicateGroups, useMergeContacts } from '../api/contacts-api';

type TPendingMerge = { survivor: TDuplicateContact; duplicates: TDuplicateContact[] };

/** The contact that keeps the most history is the natural survivor; ties go to the oldest. */
const suggestedSurvivor = (contacts: TDuplicateContact[]): TDuplicateContact | undefined =>
  [...contacts].sort((a, b) => b.ticketCount - a.ticketCount || a.id - b.id)[0];

/** "Duplicados": contacts sharing a phone or an e-mail, merged into the one the user picks. */
export const DuplicatesPanel = () => {
  const { t } = useTranslation();
  const groups = useDuplicateGroups(true);
  const merge = useMergeContacts();
  const [chosen, setChosen] = useState<Record<string, string>>({});
  const [pending, setPending] = useState<TPendingMerge | null>(null);

  const confirm = async () => {
    if (!pending) return;
    try {
      const result = await merge.mutateAsync({
        survivorId: pending.survivor.id,
        duplicateIds: pending.duplicates.map((contact) => contact.id),
      });
      notifySuccess(t('contacts.duplicates.merged', { count: result.mergedIds.length, tickets: result.movedTickets }));
      setPending(null);
    } catch (error) {
      showApiError(error);
    }
  };

  if (groups.isError) return <ErrorState error={groups.error} onRetry={() => void groups.refetch()} />;
  if (groups.isLoading) return <Text c="dimmed">{t('common.loading')}</Text>;
  const list = groups.data ?? [];
  if (list.length === 0)
    return <EmptyList title={t('contacts.duplicates.empty')} description={t('contacts.duplicates.emptyHint')} />;

  return (
    <Stack data-testid="contacts-duplicates">
      <Text size="sm" c="dimmed">
        {t('contacts.duplicates.help')}
      </Text>
      {list.map((group) => {
        const groupKey = `${group.reason}:${group.key}`;
        const survivorId = chosen[groupKey] ?? String(suggestedSurvivor(group.contacts)?.id ?? '');
        const survivor = group.contacts.find((contact) => String(contact.id) === survivorId);
        return (
          <Card key={groupKey} withBorder radius="md" padding="md" data-testid="duplicate-group">
            <Group justify="space-between" mb="sm">
              <Group gap="xs">
                <Badge variant="light">{t(`contacts.duplicates.reason.${group.reason}`)}</Badge>
                <Text fw={500}>{group.reason === 'phone' ? formatPhone(group.key) : group.key}</Text>
              </Group>
              <Button
                size="xs"
                leftSection={<IconArrowMerge size={14} />}
                disabled={!survivor}
                onClick={() =>
                  survivor &&
                  setPending({
                    survivor,
                    duplicates: group.contacts.filter((contact) => contact.id !== survivor.id),
                  })
                }
              >
                {t('contacts.duplicates.merge')}
              </Button>
            </Group>
            <Radio.Group
              value={survivorId}
              onChange={(value) => setChosen((current) => ({ ...current, [groupKey]: value }))}
              label={t('contacts.duplicates.keep')}
            >
              <Stack gap="xs" mt="xs">
                {group.contacts.map((contact) => (
                  <Radio
                    key={contact.id}
                    value={String(contact.id)}
                    label={
                      <Group gap="xs" wrap="nowrap">
                        <Avatar src={contact.profilePicUrl} name={contact.name} color="initials" size="sm" />
                        <Text size="sm">
                          {contact.name} · {formatPhone(contact.number) || contact.email || '—'} ·{' '}
                          {t('contacts.duplicates.tickets', { count: contact.ticketCount })}
                        </Text>
                      </Group>
                    }
                  />
                ))}
              </Stack>
            </Radio.Group>
          </Card>
        );
      })}
      <Modal opened={pending !== null} onClose={() => setPending(null)} title={t('contacts.duplicates.confirmTitle')}>
        {pending && (
          <Stack>
            <Text size="sm">
              {t('contacts.duplicates.confirmText', {
                survivor: pending.survivor.name,
                names: pending.duplicates.map((contact) => contact.name).join(', '),
              })}
            </Text>
            <Alert color="warning" variant="light">
              {t('contacts.duplicates.noUndo')}
            </Alert>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setPending(null)}>
                {t('common.cancel')}
              </Button>
              <Button
                color="warning"
                loading={merge.isPending}
                onClick={() => void confirm()}
                data-testid="merge-confirm"
              >
                {t('contacts.duplicates.merge')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
};
