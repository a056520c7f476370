import {
  Badge,
  ColorInput,
  ColorSwatch,
  Group,
  MultiSelect,
  NumberInput,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { type TFastReply, type TReason, type TTag, ZWaitAlertMinutes } from '@prosa/contracts';
import { IconListCheck, IconMessageBolt, IconStack2, IconTags } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type TQueue, useQueues } from '../../queues/api/queues-api';
import { CatalogPage, type TCatalogConfig } from './catalog-page';

const activeBadge = (active: boolean, t: (key: string) => string) => (
  <Badge variant="light" color={active ? 'positive' : 'gray'}>
    {t(active ? 'catalog.active' : 'catalog.inactive')}
  </Badge>
);

type TNamedColour = { id: number; color: string; isActive: boolean };
type TNamedColourValues = { name: string; color: string; isActive: boolean };

/** Tags and queues are the same form: a name, a colour and whether it is in use. */
const namedColourConfig = <T extends TNamedColour>(
  t: (key: string) => string,
  options: {
    resource: 'tags' | 'queue';
    texts: string;
    icon: TCatalogConfig<T, TNamedColourValues>['icon'];
    field: 'tag' | 'queue';
    maxLength: number;
    nameOf: (item: T) => string;
  },
): TCatalogConfig<T, TNamedColourValues> => ({
  resource: options.resource,
  manage: options.resource === 'queue' ? 'queues.manage' : 'catalog.manage',
  texts: options.texts,
  icon: options.icon,
  columns: [
    {
      label: t(`${options.texts}.name`),
      render: (item) => (
        <Group gap="xs" wrap="nowrap">
          <ColorSwatch color={item.color} size={16} />
          <Text size="sm">{options.nameOf(item)}</Text>
        </Group>
      ),
    },
    { label: t('catalog.status'), render: (item) => activeBadge(item.isActive, t) },
  ],
  searchText: options.nameOf,
  name: options.nameOf,
  initial: (item) => ({
    name: item ? options.nameOf(item) : '',
    color: item?.color ?? '#5c67f2',
    isActive: item?.isActive ?? true,
  }),
  validate: (values) => (values.name.trim() ? null : { [options.field]: t('catalog.required') }),
  toInput: ({ name, ...rest }) => ({ ...rest, [options.field]: name.trim() }),
  form: (values, set, errors) => (
    <>
      <TextInput
        label={t(`${options.texts}.name`)}
        value={values.name}
        error={errors[options.field]}
        maxLength={options.maxLength}
        onChange={(e) => set({ ...values, name: e.currentTarget.value })}
        data-testid="catalog-field-name"
        data-autofocus
      />
      <ColorInput
        label={t(`${options.texts}.color`)}
        value={values.color}
        error={errors.color}
        format="hex"
        onChange={(color) => set({ ...values, color })}
      />
      <Switch
        label={t('catalog.active')}
        checked={values.isActive}
        onChange={(e) => set({ ...values, isActive: e.currentTarget.checked })}
      />
    </>
  ),
});

/** `/etiquetas`. */
export const TagsPage = () => {
  const { t } = useTranslation();
  const config = useMemo(
    () =>
      namedColourConfig<TTag>(t, {
        resource: 'tags',
        texts: 'catalog.tags',
        icon: IconTags,
        field: 'tag',
        maxLength: 60,
        nameOf: (tag) => tag.tag,
      }),
    [t],
  );
  return <CatalogPage config={config} />;
};

type TQueueValues = TNamedColourValues & { waitAlertMinutes: number | '' };

/** `/filas`: the queues tickets are routed to and agents are bound to, with the monitor's wait alert. */
export const QueuesPage = () => {
  const { t } = useTranslation();
  const config = useMemo((): TCatalogConfig<TQueue, TQueueValues> => {
    const base = namedColourConfig<TQueue>(t, {
      resource: 'queue',
      texts: 'catalog.queues',
      icon: IconStack2,
      field: 'queue',
      maxLength: 80,
      nameOf: (queue) => queue.queue,
    });
    const waitAlert = (values: TQueueValues) => (values.waitAlertMinutes === '' ? null : values.waitAlertMinutes);
    return {
      ...base,
      columns: [
        ...base.columns,
        {
          label: t('catalog.queues.waitAlert'),
          render: (queue) =>
            queue.waitAlertMinutes === null ? (
              <Text size="sm" c="dimmed">
                —
              </Text>
            ) : (
              t('catalog.queues.minutes', { count: queue.waitAlertMinutes })
            ),
        },
      ],
      initial: (queue) => ({ ...base.initial(queue), waitAlertMinutes: queue?.waitAlertMinutes ?? '' }),
      validate: (values) => {
        const errors = base.validate(values) ?? {};
        if (!ZWaitAlertMinutes.safeParse(waitAlert(values)).success)
          errors.waitAlertMinutes = t('catalog.queues.waitAlertInvalid');
        return Object.keys(errors).length > 0 ? errors : null;
      },
      toInput: (values) => {
        const { waitAlertMinutes: _, ...named } = values;
        return { ...(base.toInput(named) as object), waitAlertMinutes: waitAlert(values) };
      },
      form: (values, set, errors) => (
        <>
          {base.form(values, (named) => set({ ...values, ...named }), errors)}
          <NumberInput
            label={t('catalog.queues.waitAlert')}
            description={t('catalog.queues.waitAlertHint')}
            value={values.waitAlertMinutes}
            error={errors.waitAlertMinutes}
            min={1}
            max={1440}
            allowDecimal={false}
            allowNegative={false}
            onChange={(value) => set({ ...values, waitAlertMinutes: typeof value === 'number' ? value : '' })}
            data-testid="queue-wait-alert"
          />
        </>
      ),
    };
  }, [t]);
  return <CatalogPage config={config} />;
};

/** `/configuracoes/motivos`. */
export const ReasonsPage = () => {
  const { t } = useTranslation();
  const config = useMemo<TCatalogConfig<TReason, { name: string; isActive: boolean }>>(
    () => ({
      resource: 'reasons',
      manage: 'catalog.manage',
      texts: 'catalog.reasons',
      icon: IconListCheck,
      columns: [
        { label: t('catalog.reasons.name'), render: (reason) => reason.name },
        { label: t('catalog.status'), render: (reason) => activeBadge(reason.isActive, t) },
      ],
      searchText: (reason) => reason.name,
      name: (reason) => reason.name,
      initial: (reason) => ({ name: reason?.name ?? '', isActive: reason?.isActive ?? true }),
      validate: (values) => (values.name.trim() ? null : { name: t('catalog.required') }),
      toInput: (values) => ({ ...values, name: values.name.trim() }),
      form: (values, set, errors) => (
        <>
          <TextInput
            label={t('catalog.reasons.name')}
            value={values.name}
            error={errors.name}
            maxLength={80}
            onChange={(e) => set({ ...values, name: e.currentTarget.value })}
            data-testid="catalog-field-name"
            data-autofocus
          />
          <Switch
            label={t('catalog.active')}
            checked={values.isActive}
            onChange={(e) => set({ ...values, isActive: e.currentTarget.checked })}
          />
        </>
      ),
    }),
    [t],
  );
  return <CatalogPage config={config} />;
};

/** `/mensagens-rapidas`. */
export const FastRepliesPage = () => {
  const { t } = useTranslation();
  const queues = useQueues();
  const queueName = useMemo(() => new Map((queues.data ?? []).map((queue) => [queue.id, queue.queue])), [queues.data]);
  const config = useMemo<TCatalogConfig<TFastReply, { key: string; message: string; queueIds: string[] }>>(
    () => ({
      resource: 'fastreply',
      manage: 'catalog.manage',
      texts: 'catalog.fastReplies',
      icon: IconMessageBolt,
      columns: [
        { label: t('catalog.fastReplies.key'), render: (reply) => <Text fw={600}>/{reply.key}</Text> },
        {
          label: t('catalog.fastReplies.message'),
          render: (reply) => (
            <Text size="sm" lineClamp={2} maw={480}>
              {reply.message}
            </Text>
          ),
        },
        {
          label: t('catalog.fastReplies.queues'),
          render: (reply) =>
            reply.queueIds.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('catalog.fastReplies.allQueues')}
              </Text>
            ) : (
              <Group gap={4}>
                {reply.queueIds.map((id) => (
                  <Badge key={id} variant="light" size="sm">
                    {queueName.get(id) ?? `#${id}`}
                  </Badge>
                ))}
              </Group>
            ),
        },
      ],
      searchText: (reply) => `${reply.key} ${reply.message}`,
      name: (reply) => reply.key,
      initial: (reply) => ({
        key: reply?.key ?? '',
        message: reply?.message ?? '',
        queueIds: (reply?.queueIds ?? []).map(String),
      }),
      validate: (values) => {
        const errors = {
          key: /^[^\s/]+$/.test(values.key.trim()) ? null : t('catalog.invalidOrTaken'),
          message: values.message.trim() ? null : t('catalog.required'),
        };
        return errors.key || errors.message ? errors : null;
      },
      toInput: (values) => ({
        key: values.key.trim(),
        message: values.message.trim(),
        queueIds: values.queueIds.map(Number),
      }),
      form: (values, set, errors) => (
        <>
          <TextInput
            label={t('catalog.fastReplies.key')}
            description={t('catalog.fastReplies.keyHint')}
            leftSection="/"
            value={values.key}
            error={errors.key}
            maxLength={40}
            onChange={(e) => set({ ...values, key: e.currentTarget.value })}
            data-testid="catalog-field-name"
            data-autofocus
          />
          <Textarea
            label={t('catalog.fastReplies.message')}
            description={t('catalog.fastReplies.messageHint', {
              interpolation: { skipOnVariables: true },
              name: '{{name}}',
              greeting: '{{greeting}}',
              protocol: '{{protocol}}',
            })}
            value={values.message}
            error={errors.message}
            autosize
            minRows={3}
            maxLength={4096}
            onChange={(e) => set({ ...values, message: e.currentTarget.value })}
            data-testid="catalog-field-message"
          />
          <MultiSelect
            label={t('catalog.fastReplies.queues')}
            description={t('catalog.fastReplies.queuesHint')}
            data={(queues.data ?? []).map((queue) => ({ value: String(queue.id), label: queue.queue }))}
            value={values.queueIds}
            error={errors.queueIds}
            onChange={(queueIds) => set({ ...values, queueIds })}
            clearable
          />
        </>
      ),
    }),
    [t, queues.data, queueName],
  );
  return <CatalogPage config={config} />;
};
