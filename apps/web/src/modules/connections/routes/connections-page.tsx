import { Button, Menu, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import type { TConnection } from '@prosa/contracts';
import {
  IconBrandInstagram,
  IconBrandMessenger,
  IconBrandTelegram,
  IconBrandWhatsapp,
  IconChevronDown,
  IconHierarchy2,
  IconMessage,
  IconMessageChatbot,
  IconPlugConnected,
  IconPlus,
  IconQrcode,
} from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../app/access/can';
import { describeApiError } from '../../../app/http/errors';
import { notifyError, notifySuccess } from '../../../app/notify';
import { ConfirmDeleteModal } from '../../../ui/confirm-delete-modal';
import { EmptyList, ErrorState } from '../../../ui/data-states';
import { PageHeader } from '../../../ui/page-header';
import { useQueues } from '../../queues/api/queues-api';
import { type TNewConnectionType, useConnections, useDeleteConnection } from '../api/connections-api';
import { ConnectionCard } from '../components/connection-card';
import { ConnectionFormModal } from '../components/connection-form-modal';

type TTypeItem = { type: TNewConnectionType; icon: typeof IconMessageChatbot };

/** What "Nova conexão" offers, WhatsApp's ways first. */
const whatsappTypes: TTypeItem[] = [
  { type: 'waba', icon: IconBrandWhatsapp },
  { type: 'baileys', icon: IconQrcode },
  { type: 'evolution', icon: IconQrcode },
  { type: 'zapi', icon: IconQrcode },
  { type: 'uazapi', icon: IconQrcode },
  { type: 'wuzapi', icon: IconQrcode },
];
const otherTypes: TTypeItem[] = [
  { type: 'webchat', icon: IconMessageChatbot },
  { type: 'telegram', icon: IconBrandTelegram },
  { type: 'instagram', icon: IconBrandInstagram },
  { type: 'messenger', icon: IconBrandMessenger },
  { type: 'sms', icon: IconMessage },
  { type: 'hub', icon: IconHierarchy2 },
];
const allTypes = [...whatsappTypes, ...otherTypes];

/** The settings screens that show some kinds only (`/configuracoes/<page>`). */
export const settingsPages = {
  webchat: ['webchat'],
  meta: ['waba', 'instagram', 'messenger'],
  evolution: ['evolution'],
  zapi: ['zapi'],
  uazapi: ['uazapi'],
  wuzapi: ['wuzapi'],
  sms: ['sms'],
  hub: ['hub'],
} as const satisfies Record<string, readonly TNewConnectionType[]>;
export type TSettingsPage = keyof typeof settingsPages;

/**
 * `/sessoes`: the tenant's channel connections, each card with what its channel needs (the embed code, the
 * webhook to paste at the provider, the QR code or pairing code). With `page`, one settings screen's kinds
 * (`/configuracoes/meta`, `/configuracoes/evolution`, ...).
 */
export const ConnectionsPage = ({ page }: { page?: TSettingsPage }) => {
  const { t } = useTranslation();
  const all = useConnections();
  const kinds: readonly string[] | null = page ? settingsPages[page] : null;
  const connections = kinds ? { ...all, data: all.data?.filter((connection) => kinds.includes(connection.type)) } : all;
  const groups = kinds
    ? [{ label: null, items: allTypes.filter((item) => kinds.includes(item.type)) }]
    : [
        { label: t('connections.menuGroups.whatsapp'), items: whatsappTypes },
        { label: t('connections.menuGroups.others'), items: otherTypes },
      ];
  const onlyType = groups.length === 1 && groups[0]?.items.length === 1 ? groups[0].items[0]?.type : undefined;
  const remove = useDeleteConnection();
  const canManage = useCan('connections.manage');
  const queues = useQueues();
  const queueName = (id: number | null) => queues.data?.find((queue) => queue.id === id)?.queue ?? null;
  const [editing, setEditing] = useState<TConnection | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [newType, setNewType] = useState<TNewConnectionType>('webchat');
  const [deleting, setDeleting] = useState<TConnection | null>(null);
  const open = (connection: TConnection | null, type: TNewConnectionType = 'webchat') => {
    setEditing(connection);
    setNewType(type);
    setFormOpen(true);
  };
  return (
    <Stack>
      <PageHeader
        title={page ? t(`connections.pageTitles.${page}`) : t('connections.title')}
        icon={IconPlugConnected}
        actions={
          !canManage ? null : onlyType ? (
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => open(null, onlyType)}
              data-testid="connection-add"
            >
              {t('connections.add')}
            </Button>
          ) : (
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <Button
                  leftSection={<IconPlus size={16} />}
                  rightSection={<IconChevronDown size={14} />}
                  data-testid="connection-add"
                >
                  {t('connections.add')}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                {groups.map(({ label, items }) => (
                  <Fragment key={label ?? 'all'}>
                    {label && <Menu.Label>{label}</Menu.Label>}
                    {items.map(({ type, icon: TypeIcon }) => (
                      <Menu.Item
                        key={type}
                        leftSection={<TypeIcon size={16} />}
                        onClick={() => open(null, type)}
                        data-testid={`connection-add-${type}`}
                      >
                        {t(`connections.types.${type}`)}
                      </Menu.Item>
                    ))}
                  </Fragment>
                ))}
              </Menu.Dropdown>
            </Menu>
          )
        }
      />
      <Text size="sm" c="dimmed">
        {page ? t(`connections.pageHints.${page}`) : t('connections.soon')}
      </Text>
      {connections.isError && <ErrorState error={connections.error} onRetry={() => void connections.refetch()} />}
      {connections.isPending && <Skeleton h={180} radius="md" />}
      {connections.data?.length === 0 && (
        <EmptyList
          title={t('connections.empty')}
          description={t(canManage ? `connections.emptyHints.${page ?? 'all'}` : 'connections.emptyHints.agent')}
        />
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {connections.data?.map((connection) => (
          <ConnectionCard
            key={connection.id}
            connection={connection}
            queueName={queueName(connection.queueId)}
            onEdit={() => open(connection)}
            onDelete={() => setDeleting(connection)}
          />
        ))}
      </SimpleGrid>
      <ConnectionFormModal opened={formOpen} connection={editing} type={newType} onClose={() => setFormOpen(false)} />
      <ConfirmDeleteModal
        opened={deleting !== null}
        title={t('connections.deleteTitle')}
        message={t('connections.deleteMessage', { name: deleting?.name ?? '' })}
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              notifySuccess(t('connections.deleted'));
              setDeleting(null);
            },
            onError: (error) => notifyError(describeApiError(error)),
          })
        }
      />
    </Stack>
  );
};
