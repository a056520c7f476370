import { Button, Stack, TextInput } from '@mantine/core';
import { type Icon, IconPlus, IconSearch } from '@tabler/icons-react';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../../app/access/can';
import type { TAction } from '../../../app/access/permissions';
import { describeApiError, getFieldError } from '../../../app/http/errors';
import { notifyError, notifySuccess } from '../../../app/notify';
import { CrudFormModal } from '../../../ui/crud-form-modal';
import { DeleteItemModal } from '../../../ui/delete-item-modal';
import { FilteredListTable, RowActions, type TListColumn } from '../../../ui/list-table';
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

  // The form starts over when it opens or another item is edited, not when the screen's config is rebuilt (the
  // quick messages' one follows the queues list: its refetch wiped what the admin was typing).
  const configRef = useRef(config);
  configRef.current = config;
  useEffect(() => {
    if (formOpen) {
      setValues(configRef.current.initial(editing));
      setErrors({});
    }
  }, [formOpen, editing]);

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

  const columns: TListColumn<T>[] = [
    ...config.columns.map((column) => ({ key: column.label, label: column.label, render: column.render })),
    ...(canEdit
      ? [
          {
            key: 'actions',
            width: 96,
            render: (item: T) => (
              <RowActions
                editLabel={t('catalog.edit')}
                deleteLabel={t('catalog.delete')}
                onEdit={() => {
                  setEditing(item);
                  setFormOpen(true);
                }}
                onDelete={() => setDeleting(item)}
              />
            ),
          },
        ]
      : []),
  ];

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
      <FilteredListTable
        query={list}
        total={list.data?.length}
        empty={{ title: text('empty'), description: text('emptyHint') }}
        noMatch={t('catalog.noMatch')}
        columns={columns}
        rows={shown}
        minWidth={560}
        name="catalog"
      />
      <CrudFormModal
        opened={formOpen}
        onClose={() => setFormOpen(false)}
        title={text(editing ? 'editTitle' : 'createTitle')}
        onSubmit={(event) => {
          event?.preventDefault();
          submit();
        }}
        saving={save.isPending}
        saveTestId="catalog-save"
        cancelLabel={t('catalog.cancel')}
        saveLabel={t('catalog.save')}
      >
        {config.form(values, setValues, errors)}
      </CrudFormModal>
      <DeleteItemModal
        item={deleting}
        title={t('catalog.deleteTitle')}
        message={text('deleteMessage', { name: deleting ? config.name(deleting) : '' })}
        remove={remove}
        onDeleted={() => notifySuccess(t('catalog.deleted'))}
        onClose={() => setDeleting(null)}
        onError={(error) => notifyError(describeApiError(error))}
      />
    </Stack>
  );
};
