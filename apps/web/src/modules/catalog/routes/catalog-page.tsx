import { ActionIcon, Button, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { type Icon, IconPencil, IconPlus, IconSearch, IconTrash } from '@tabler/icons-react';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../app/access/can';
import type { TAction } from '../../../app/access/permissions';
import { describeApiError, getFieldError } from '../../../app/http/errors';
import { notifyError, notifySuccess } from '../../../app/notify';
import { ConfirmDeleteModal } from '../../../ui/confirm-delete-modal';
import { EmptyList, ErrorState, TableSkeletonRows } from '../../../ui/data-states';
import { PageHeader } from '../../../ui/page-header';
import { type TCatalogResource, useCatalog, useCatalogMutations } from '../api/catalog-api';

type TErrors = Record<string, string | null>;

export type TCatalogConfig<T extends { id: number }, V> = {
  resource: TCatalogResource;
  /** i18n prefix with title, add, empty, emptyHint, createTitle, editTitle, deleteMessage. */
  texts: string;
  icon: Icon;
  columns: { label: string; render: (item: T) => ReactNode }[];
  searchText: (item: T) => string;
  initial: (item: T | null) => V;
  /** Field errors of the form, or null when it may be sent. */
  validate: (values: V) => TErrors | null;
  toInput: (values: V) => unknown;
  form: (values: V, set: (values: V) => void, errors: TErrors) => ReactNode;
  name: (item: T) => string;
  /** What creating, editing and deleting need (the server's rule for this list). */
  manage: TAction;
};

/** A tenant's small list (tags, quick messages, closing reasons): search, create, edit, delete. */
export const CatalogPage = <T extends { id: number }, V>({ config }: { config: TCatalogConfig<T, V> }) => {
  const { t } = useTranslation();
  const list = useCatalog<T>(config.resource);
  const { save, remove } = useCatalogMutations<T, unknown>(config.resource);
  const canEdit = useCan(config.manage);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<T | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [values, setValues] = useState<V>(() => config.initial(null));
  const [errors, setErrors] = useState<TErrors>({});
  const [deleting, setDeleting] = useState<T | null>(null);
  const text = (key: string, options?: Record<string, string>) => t(`${config.texts}.${key}`, options);

  useEffect(() => {
    if (formOpen) {
      setValues(config.initial(editing));
      setErrors({});
    }
  }, [formOpen, editing, config]);

  const shown = useMemo(() => {
    const wanted = search.trim().toLowerCase();
    return (list.data ?? []).filter((item) => !wanted || config.searchText(item).toLowerCase().includes(wanted));
  }, [list.data, search, config]);

  const submit = () => {
    const invalid = config.validate(values);
    if (invalid) return setErrors(invalid);
    save.mutate(
      { id: editing?.id ?? null, input: config.toInput(values) },
      {
        onSuccess: () => {
          notifySuccess(t('catalog.saved'));
          setFormOpen(false);
        },
        onError: (error) => {
          // The server names the field (a shortcut or name already in use, a bad colour...).
          const field = getFieldError(error)?.field;
          if (field) setErrors({ [field]: t('catalog.invalidOrTaken') });
          else notifyError(describeApiError(error));
        },
      },
    );
  };

  return (
    <Stack>
      <PageHeader
        title={text('title')}
        icon={config.icon}
        actions={
          canEdit && (
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => {
                setEditing(null);
                setFormOpen(true);
              }}
              data-testid="catalog-add"
            >
              {text('add')}
            </Button>
          )
        }
      />
      <TextInput
        leftSection={<IconSearch size={16} />}
        placeholder={t('catalog.search')}
        aria-label={t('catalog.search')}
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        maw={360}
      />
      {list.isError && <ErrorState error={list.error} onRetry={() => void list.refetch()} />}
      {list.data?.length === 0 && <EmptyList title={text('empty')} description={text('emptyHint')} />}
      {(list.isPending || shown.length > 0) && (
        <Table.ScrollContainer minWidth={560}>
          <Table highlightOnHover verticalSpacing="sm" data-testid="catalog-table">
            <Table.Thead>
              <Table.Tr>
                {config.columns.map((column) => (
                  <Table.Th key={column.label}>{column.label}</Table.Th>
                ))}
                {canEdit && <Table.Th w={96} />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.isPending && <TableSkeletonRows columns={config.columns.length + 1} />}
              {shown.map((item) => (
                <Table.Tr key={item.id} data-testid="catalog-row">
                  {config.columns.map((column) => (
                    <Table.Td key={column.label}>{column.render(item)}</Table.Td>
                  ))}
                  {canEdit && (
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <ActionIcon
                          variant="subtle"
                          aria-label={t('catalog.edit')}
                          onClick={() => {
                            setEditing(item);
                            setFormOpen(true);
                          }}
                        >
                          <IconPencil size={16} />
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          color="negative"
                          aria-label={t('catalog.delete')}
                          onClick={() => setDeleting(item)}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {list.data && list.data.length > 0 && shown.length === 0 && (
        <Text c="dimmed" size="sm">
          {t('catalog.noMatch')}
        </Text>
      )}
      <Modal opened={formOpen} onClose={() => setFormOpen(false)} title={text(editing ? 'editTitle' : 'createTitle')}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Stack>
            {config.form(values, setValues, errors)}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setFormOpen(false)}>
                {t('catalog.cancel')}
              </Button>
              <Button type="submit" loading={save.isPending} data-testid="catalog-save">
                {t('catalog.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
      <ConfirmDeleteModal
        opened={deleting !== null}
        title={t('catalog.deleteTitle')}
        message={text('deleteMessage', { name: deleting ? config.name(deleting) : '' })}
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              notifySuccess(t('catalog.deleted'));
              setDeleting(null);
            },
            onError: (error) => notifyError(describeApiError(error)),
          })
        }
      />
    </Stack>
  );
};
