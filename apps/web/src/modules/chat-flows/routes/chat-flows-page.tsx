import { ActionIcon, Badge, Button, FileButton, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { newFlowDocument, type TChatFlow, type TConnection } from '@prosa/contracts';
import {
  IconCopy,
  IconDownload,
  IconPencil,
  IconPhone,
  IconPlus,
  IconSitemap,
  IconTrash,
  IconUpload,
} from '@tabler/icons-react';
import { type MouseEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../app/access/can';
import { notifySuccess } from '../../../app/notify';
import { useAppNavigate } from '../../../app/router/use-app-navigate';
import { ConfirmDeleteModal } from '../../../ui/confirm-delete-modal';
import { EmptyList, ErrorState, TableSkeletonRows } from '../../../ui/data-states';
import { PageHeader } from '../../../ui/page-header';
import { showApiError } from '../../../ui/server-errors';
import { intlLocale } from '../../attendance/components/format-time';
import { useConnections } from '../../connections/api/connections-api';
import { useTenantSettings } from '../../settings/api/settings-api';
import {
  chatFlowIssues,
  useChatFlows,
  useCreateChatFlow,
  useDeleteChatFlow,
  useDuplicateChatFlow,
  useImportChatFlow,
} from '../api/chat-flows-api';
import { ChatFlowFormModal } from '../components/chat-flow-form-modal';
import { DefaultFlowSelect } from '../components/default-flow-select';
import { downloadFlow, nameFromFile, stepNamesOf } from '../components/flow-file';
import { ImportIssuesModal, type TImportRefusal } from '../components/import-issues-modal';

const formatDateTime = (iso: string): string =>
  new Intl.DateTimeFormat(intlLocale(), { dateStyle: 'short', timeStyle: 'short' }).format(Date.parse(iso));

/** Keeps a click on a row's button from also opening the builder. */
const only = (action: () => void) => (event: MouseEvent) => {
  event.stopPropagation();
  action();
};

/** `/chat-flow`: the tenant's chat flows (domain 2.11), the default one, import and export. */
export const ChatFlowsPage = () => {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const list = useChatFlows();
  const connections = useConnections();
  const settings = useTenantSettings();
  const create = useCreateChatFlow();
  const remove = useDeleteChatFlow();
  const duplicate = useDuplicateChatFlow();
  const importFlow = useImportChatFlow();
  const canManage = useCan('chatFlows.manage');
  const [editing, setEditing] = useState<TChatFlow | null>(null);
  const [deleting, setDeleting] = useState<TChatFlow | null>(null);
  const [refusal, setRefusal] = useState<TImportRefusal | null>(null);
  const [importing, setImporting] = useState(false);

  const connectionsByFlow = useMemo(() => {
    const byFlow = new Map<number, TConnection[]>();
    for (const connection of connections.data ?? []) {
      if (connection.chatFlowId == null) continue;
      byFlow.set(connection.chatFlowId, [...(byFlow.get(connection.chatFlowId) ?? []), connection]);
    }
    return byFlow;
  }, [connections.data]);
  const defaultFlowId = Number(settings.data?.botTicketActive || 0);

  const openBuilder = (flow: TChatFlow) => navigate('chat-flow-builder', { chatFlowId: flow.id });

  const addFlow = () =>
    create.mutate(
      { name: t('chatFlows.newName'), flow: newFlowDocument(), isActive: true, celularTeste: null },
      {
        onSuccess: (flow) => {
          notifySuccess(t('chatFlows.created'));
          openBuilder(flow);
        },
        onError: (error) => showApiError(error),
      },
    );

  /** A new flow named after the file, then its document replaced by the file's (the server checks it). */
  const importFile = async (file: File | null) => {
    if (!file) return;
    let json: unknown;
    try {
      json = JSON.parse(await file.text());
    } catch {
      setRefusal({ file: file.name, issues: [], invalidJson: true, stepNames: new Map() });
      return;
    }
    setImporting(true);
    let created: TChatFlow | null = null;
    try {
      created = await create.mutateAsync({
        name: nameFromFile(file.name, t('chatFlows.newName')),
        flow: newFlowDocument(),
        isActive: false,
        celularTeste: null,
      });
      await importFlow.mutateAsync({ id: created.id, flow: json });
      notifySuccess(t('chatFlows.imported'));
    } catch (error) {
      // The empty flow made for the file goes away with the refused import.
      if (created) remove.mutate(created.id);
      const issues = chatFlowIssues(error);
      if (issues) setRefusal({ file: file.name, issues, stepNames: stepNamesOf(json) });
      else showApiError(error);
    } finally {
      setImporting(false);
    }
  };

  const deletingConnections = deleting ? (connectionsByFlow.get(deleting.id) ?? []) : [];

  return (
    <Stack>
      <PageHeader
        title={t('chatFlows.title')}
        icon={IconSitemap}
        actions={
          canManage && (
            <>
              <FileButton onChange={(file) => void importFile(file)} accept="application/json,.json">
                {(props) => (
                  <Button
                    {...props}
                    variant="default"
                    leftSection={<IconUpload size={16} />}
                    loading={importing}
                    data-testid="chat-flow-import"
                  >
                    {t('chatFlows.actions.import')}
                  </Button>
                )}
              </FileButton>
              <Button
                leftSection={<IconPlus size={16} />}
                onClick={addFlow}
                loading={create.isPending && !importing}
                data-testid="chat-flow-add"
              >
                {t('chatFlows.add')}
              </Button>
            </>
          )
        }
      />
      {list.data && list.data.length > 0 && <DefaultFlowSelect flows={list.data} disabled={!canManage} />}
      {list.isError && <ErrorState error={list.error} onRetry={() => void list.refetch()} />}
      {list.data?.length === 0 && (
        <EmptyList
          title={t('chatFlows.empty')}
          description={t('chatFlows.emptyHint')}
          action={
            canManage && (
              <Button leftSection={<IconPlus size={16} />} onClick={addFlow} loading={create.isPending}>
                {t('chatFlows.add')}
              </Button>
            )
          }
        />
      )}
      {(list.isPending || (list.data?.length ?? 0) > 0) && (
        <Table.ScrollContainer minWidth={720}>
          <Table highlightOnHover verticalSpacing="sm" data-testid="chat-flow-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('chatFlows.columns.name')}</Table.Th>
                <Table.Th w={120}>{t('chatFlows.columns.status')}</Table.Th>
                <Table.Th>{t('chatFlows.columns.connections')}</Table.Th>
                <Table.Th w={150}>{t('chatFlows.columns.updatedAt')}</Table.Th>
                <Table.Th w={170} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.isPending && <TableSkeletonRows columns={5} />}
              {list.data?.map((flow) => {
                const using = connectionsByFlow.get(flow.id) ?? [];
                return (
                  <Table.Tr
                    key={flow.id}
                    data-testid="chat-flow-row"
                    style={{ cursor: 'pointer' }}
                    onClick={() => openBuilder(flow)}
                  >
                    <Table.Td>
                      <Group gap="xs" wrap="wrap">
                        <Text size="sm" fw={500}>
                          {flow.name}
                        </Text>
                        {flow.id === defaultFlowId && (
                          <Badge variant="outline" size="sm" data-testid="chat-flow-default-badge">
                            {t('chatFlows.tenantDefaultBadge')}
                          </Badge>
                        )}
                        {flow.celularTeste && (
                          <Tooltip label={t('chatFlows.testPhoneTooltip')} withArrow>
                            <Badge
                              color="orange"
                              variant="filled"
                              leftSection={<IconPhone size={12} />}
                              data-testid="chat-flow-test-phone-badge"
                            >
                              {t('chatFlows.testPhoneBadge', { phone: flow.celularTeste })}
                            </Badge>
                          </Tooltip>
                        )}
                      </Group>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={flow.isActive ? 'positive' : 'gray'}>
                        {t(flow.isActive ? 'chatFlows.active' : 'chatFlows.inactive')}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" c={using.length ? undefined : 'dimmed'}>
                        {using.length ? using.map((c) => c.name).join(', ') : t('chatFlows.noConnections')}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{formatDateTime(flow.updatedAt)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <Tooltip label={t('chatFlows.actions.export')}>
                          <ActionIcon
                            variant="subtle"
                            aria-label={t('chatFlows.actions.export')}
                            onClick={only(() => downloadFlow(flow))}
                            data-testid="chat-flow-export"
                          >
                            <IconDownload size={16} />
                          </ActionIcon>
                        </Tooltip>
                        {canManage && (
                          <>
                            <Tooltip label={t('chatFlows.actions.edit')}>
                              <ActionIcon
                                variant="subtle"
                                aria-label={t('chatFlows.actions.edit')}
                                onClick={only(() => setEditing(flow))}
                                data-testid="chat-flow-edit"
                              >
                                <IconPencil size={16} />
                              </ActionIcon>
                            </Tooltip>
                            <Tooltip label={t('chatFlows.actions.duplicate')}>
                              <ActionIcon
                                variant="subtle"
                                aria-label={t('chatFlows.actions.duplicate')}
                                loading={duplicate.isPending && duplicate.variables === flow.id}
                                onClick={only(() =>
                                  duplicate.mutate(flow.id, {
                                    onSuccess: () => notifySuccess(t('chatFlows.duplicated')),
                                    onError: (error) => showApiError(error),
                                  }),
                                )}
                                data-testid="chat-flow-duplicate"
                              >
                                <IconCopy size={16} />
                              </ActionIcon>
                            </Tooltip>
                            <Tooltip label={t('chatFlows.actions.delete')}>
                              <ActionIcon
                                variant="subtle"
                                color="negative"
                                aria-label={t('chatFlows.actions.delete')}
                                onClick={only(() => setDeleting(flow))}
                                data-testid="chat-flow-delete"
                              >
                                <IconTrash size={16} />
                              </ActionIcon>
                            </Tooltip>
                          </>
                        )}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <ChatFlowFormModal flow={editing} onClose={() => setEditing(null)} />
      <ImportIssuesModal refusal={refusal} onClose={() => setRefusal(null)} />
      <ConfirmDeleteModal
        opened={deleting !== null}
        title={t('chatFlows.deleteTitle')}
        message={[
          t('chatFlows.deleteMessage', { name: deleting?.name ?? '', interpolation: { escapeValue: false } }),
          deletingConnections.length
            ? t('chatFlows.deleteInUse', {
                connections: deletingConnections.map((c) => c.name).join(', '),
                interpolation: { escapeValue: false },
              })
            : '',
        ]
          .filter(Boolean)
          .join(' ')}
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              notifySuccess(t('chatFlows.deleted'));
              setDeleting(null);
            },
            onError: (error) => showApiError(error),
          })
        }
      />
    </Stack>
  );
};
