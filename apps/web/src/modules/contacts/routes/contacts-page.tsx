import { Box, Button, Group, MultiSelect, Paper, SegmentedControl, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { TContact } from '@prosa/contracts';
import { IconAddressBook, IconDownload, IconPlus, IconUpload } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../app/access/can';
import { getErrorBody, getErrorCode } from '../../../app/http/errors';
import { notifySuccess } from '../../../app/notify';
import { useAppNavigate } from '../../../app/router/use-app-navigate';
import { ConfirmDeleteModal } from '../../../ui/confirm-delete-modal';
import { EmptyList, ErrorState, LoadMore } from '../../../ui/data-states';
import { PageHeader } from '../../../ui/page-header';
import { SearchInput } from '../../../ui/search-input';
import { showApiError } from '../../../ui/server-errors';
import { chatQuery, useOpenTicket } from '../../attendance/api/use-open-ticket';
import { getOtherOpenTicket, type TOtherOpenTicket } from '../../attendance/components/other-open-ticket';
import { OtherOpenTicketModal } from '../../attendance/components/other-open-ticket-modal';
import {
  downloadContactsCsv,
  startTicket,
  useBlockContact,
  useContactList,
  useContactsRealtime,
  useDeleteContact,
  useTagOptions,
} from '../api/contacts-api';
import { ContactFormModal } from '../components/contact-form-modal';
import { ContactsTable } from '../components/contacts-table';
import { DuplicatesPanel } from '../components/duplicates-panel';
import { ImportContactsModal } from '../components/import-contacts-modal';

type TDeleting = { contact: TContact; force: boolean; tickets?: number };

/**
 * `/contatos`, and `/atendimento/contatos` inside the attendance workspace (`inAttendance`): the tenant's
 * contacts with search and tag filter, their forms, CSV import/export and the duplicates view.
 */
export const ContactsPage = ({ inAttendance = false }: { inAttendance?: boolean }) => {
  const { t } = useTranslation();
  const navigate = useAppNavigate();
  const openTicket = useOpenTicket();
  const canManage = useCan('contacts.manage');
  const canForceDelete = useCan('contacts.forceDelete');
  const [view, setView] = useState<'list' | 'duplicates'>('list');
  const [searchParam, setSearchParam] = useState('');
  const [tagFilter, setTagFilter] = useState<string[]>([]);
  const [formOpened, form] = useDisclosure(false);
  const [importOpened, importModal] = useDisclosure(false);
  const [editing, setEditing] = useState<TContact | null>(null);
  const [deleting, setDeleting] = useState<TDeleting | null>(null);
  const [holder, setHolder] = useState<TOtherOpenTicket | null>(null);
  const [startingId, setStartingId] = useState<number | null>(null);
  const [exporting, setExporting] = useState(false);

  const filters = useMemo(() => ({ searchParam, tags: tagFilter.map(Number) }), [searchParam, tagFilter]);
  const list = useContactList(filters);
  const tags = useTagOptions();
  const block = useBlockContact();
  const remove = useDeleteContact();
  useContactsRealtime();
  const contacts = useMemo(() => list.data?.pages.flatMap((page) => page.contacts) ?? [], [list.data]);
  const count = list.data?.pages[0]?.count ?? 0;
  const filtering = Boolean(searchParam || tagFilter.length > 0);

  const openForm = (contact: TContact | null) => {
    setEditing(contact);
    form.open();
  };

  const start = async (contact: TContact) => {
    setStartingId(contact.id);
    try {
      const ticket = await startTicket(contact.id);
      navigate('chat', { ticketId: ticket.id }, chatQuery());
    } catch (error) {
      const other = getOtherOpenTicket(error);
      if (other) setHolder(other);
      else showApiError(error);
    } finally {
      setStartingId(null);
    }
  };

  const toggle = async (contact: TContact, kind: 'blocked' | 'chatbotBlocked') => {
    const value = !contact[kind];
    try {
      await block.mutateAsync({ id: contact.id, kind, value });
      notifySuccess(t(`contacts.toggled.${kind}.${value ? 'on' : 'off'}`, { name: contact.name }));
    } catch (error) {
      showApiError(error);
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync({ id: deleting.contact.id, force: deleting.force });
      notifySuccess(t('contacts.deleted'));
      setDeleting(null);
    } catch (error) {
      // A contact with tickets needs a forced delete, which only admins may do: offer it to them.
      if (getErrorCode(error) === 'ERR_CONTACT_HAS_TICKETS' && canForceDelete) {
        const data = (getErrorBody(error) as { data?: { tickets?: number } } | null)?.data;
        setDeleting({ ...deleting, force: true, tickets: data?.tickets });
        return;
      }
      showApiError(error);
      setDeleting(null);
    }
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadContactsCsv(t('contacts.exportFile'));
    } catch (error) {
      showApiError(error);
    } finally {
      setExporting(false);
    }
  };

  const actions = (
    <>
      {canManage && (
        <>
          <Button variant="default" leftSection={<IconUpload size={16} />} onClick={importModal.open}>
            {t('contacts.import.open')}
          </Button>
          <Button
            variant="default"
            leftSection={<IconDownload size={16} />}
            loading={exporting}
            onClick={() => void exportCsv()}
          >
            {t('contacts.export')}
          </Button>
        </>
      )}
      <Button leftSection={<IconPlus size={16} />} onClick={() => openForm(null)} data-testid="contact-create">
        {t('contacts.add')}
      </Button>
    </>
  );

  return (
    <Box p={inAttendance ? 'md' : undefined} style={inAttendance ? { overflowY: 'auto', flex: 1 } : undefined}>
      <PageHeader
        title={t(inAttendance ? 'screens.chat-contatos' : 'screens.contatos')}
        icon={IconAddressBook}
        actions={actions}
      />
      {canManage && (
        <SegmentedControl
          mb="md"
          value={view}
          onChange={(value) => setView(value as 'list' | 'duplicates')}
          data={[
            { value: 'list', label: t('contacts.views.list') },
            { value: 'duplicates', label: t('contacts.views.duplicates') },
          ]}
          data-testid="contacts-view"
        />
      )}
      <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
        {view === 'duplicates' ? (
          <DuplicatesPanel />
        ) : (
          <>
            <Group mb="md" gap="sm" align="flex-end" wrap="wrap">
              <SearchInput
                onSearch={setSearchParam}
                placeholder={t('contacts.searchPlaceholder')}
                data-testid="contacts-search"
              />
              <MultiSelect
                placeholder={tagFilter.length === 0 ? t('contacts.allTags') : undefined}
                aria-label={t('contacts.fields.tags')}
                data={(tags.data ?? []).map((tag) => ({ value: String(tag.id), label: tag.tag }))}
                value={tagFilter}
                onChange={setTagFilter}
                clearable
                searchable
                nothingFoundMessage={t('contacts.form.noTags')}
                w={{ base: '100%', sm: 260 }}
                data-testid="contacts-tag-filter"
              />
              {list.isSuccess && (
                <Text size="sm" c="dimmed" ml="auto">
                  {t('contacts.count', { count })}
                </Text>
              )}
            </Group>
            {list.isError ? (
              <ErrorState error={list.error} onRetry={() => void list.refetch()} />
            ) : (
              <>
                <ContactsTable
                  compact={inAttendance}
                  contacts={contacts}
                  loading={list.isLoading}
                  canDelete={canManage}
                  startingId={startingId}
                  onStart={(contact) => void start(contact)}
                  onEdit={openForm}
                  onToggle={(contact, kind) => void toggle(contact, kind)}
                  onDelete={(contact) => setDeleting({ contact, force: false })}
                />
                {list.isSuccess && contacts.length === 0 && (
                  <EmptyList
                    title={t(filtering ? 'contacts.emptyFiltered' : 'contacts.empty')}
                    description={filtering ? undefined : t('contacts.emptyHint')}
                  />
                )}
                <LoadMore
                  hasMore={Boolean(list.hasNextPage)}
                  loading={list.isFetchingNextPage}
                  onLoad={() => void list.fetchNextPage()}
                />
              </>
            )}
          </>
        )}
      </Paper>
      <ContactFormModal opened={formOpened} contact={editing} onClose={form.close} />
      <ImportContactsModal opened={importOpened} onClose={importModal.close} />
      <ConfirmDeleteModal
        opened={deleting !== null}
        title={t(deleting?.force ? 'contacts.forceDeleteTitle' : 'contacts.deleteTitle')}
        message={
          deleting?.force
            ? t('contacts.forceDeleteMessage', { name: deleting.contact.name, count: deleting.tickets ?? 0 })
            : t('contacts.deleteMessage', { name: deleting?.contact.name ?? '' })
        }
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
      />
      <OtherOpenTicketModal
        holder={holder}
        onClose={() => setHolder(null)}
        onOpen={(ticketId) => {
          setHolder(null);
          void openTicket(ticketId);
        }}
      />
    </Box>
  );
};
