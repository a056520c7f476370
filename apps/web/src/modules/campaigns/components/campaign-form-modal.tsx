import { Alert, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { TCampaign, TCampaignKind } from '@prosa/contracts';
import { useTranslation } from 'react-i18next';
import { CrudFormModal, saveAndClose, useFormOnOpen } from '../../../ui/crud-form-modal';
import { useConnections } from '../../connections/api/connections-api';
import { useSaveCampaign } from '../api/campaigns-api';
import {
  campaignFormToBody,
  campaignKindFor,
  campaignResolver,
  campaignToForm,
  emptyCampaignForm,
  isTemplateKind,
  type TCampaignForm,
} from './campaign-form';
import { ConnectionSelect } from './connection-select';
import { MessageVariantsField } from './message-variants-field';
import { SendOptionsFields } from './send-options-fields';
import { TemplateFields } from './template-fields';

/**
 * Which connections the select offers: a new campaign any that can send (a Cloud API one turns it into a
 * template campaign); an existing one keeps its kind, so only the connections that send that kind.
 */
const connectionKindOf = (campaign: TCampaign | null): TCampaignKind => {
  if (!campaign) return 'campaign';
  return campaign.kind === 'campaign' ? 'texto' : campaign.kind;
};

type TCampaignFormModalProps = {
  opened: boolean;
  /** The campaign being edited; null creates one. */
  campaign: TCampaign | null;
  onClose: () => void;
  /** A new campaign was created (the screen then opens it to choose who gets it). */
  onCreated?: (campaign: TCampaign) => void;
};

/**
 * Create or edit a campaign: name, connection, one to three message variants (or a template on a Cloud API
 * connection), start, pacing and the daily window. Who gets it is chosen on the campaign's page.
 */
export const CampaignFormModal = ({ opened, campaign, onClose, onCreated }: TCampaignFormModalProps) => {
  const { t } = useTranslation();
  const connections = useConnections();
  const save = useSaveCampaign();
  const kindOf = (values: TCampaignForm): TCampaignKind =>
    campaign?.kind ?? campaignKindFor(connections.data?.find((c) => String(c.id) === values.connectionId));
  const form = useForm<TCampaignForm>({
    initialValues: emptyCampaignForm(),
    validate: (values) => campaignResolver(kindOf(values))(values),
  });
  useFormOnOpen(form, opened, campaign, () => (campaign ? campaignToForm(campaign) : emptyCampaignForm()));
  const kind = kindOf(form.values);

  const submit = form.onSubmit((values) =>
    saveAndClose(
      async () => {
        const { kind: bodyKind, ...fields } = campaignFormToBody(values, kindOf(values));
        const saved = await save.mutateAsync(
          campaign ? { id: campaign.id, body: fields } : { id: null, body: { kind: bodyKind, ...fields } },
        );
        if (!campaign) onCreated?.(saved);
      },
      { successText: t(campaign ? 'campaigns.updated' : 'campaigns.created'), onClose, form },
    ),
  );

  const messagesError = form.errors.messages ?? form.errors['messages.0'];
  const templateError =
    form.errors.template ?? Object.entries(form.errors).find(([key]) => key.startsWith('template.'))?.[1];

  return (
    <CrudFormModal
      opened={opened}
      onClose={onClose}
      title={t(campaign ? 'campaigns.form.editTitle' : 'campaigns.form.createTitle')}
      size="xl"
      onSubmit={submit}
      saving={save.isPending}
      data-testid="campaign-form"
      saveTestId="campaign-save"
    >
      <TextInput
        data-autofocus
        label={t('campaigns.form.name')}
        withAsterisk
        maxLength={120}
        data-testid="campaign-name"
        {...form.getInputProps('name')}
      />
      <ConnectionSelect
        connections={connections.data}
        kind={connectionKindOf(campaign)}
        value={form.values.connectionId}
        onChange={(value) => form.setFieldValue('connectionId', value)}
        error={form.errors.connectionId}
      />
      {isTemplateKind(kind) ? (
        <Stack gap="xs">
          <Alert color="primary" variant="light">
            {t('campaigns.form.templateMode')}
          </Alert>
          <TemplateFields
            connectionId={form.values.connectionId ? Number(form.values.connectionId) : null}
            value={form.values.template}
            onChange={(value) => form.setFieldValue('template', value)}
            error={templateError ?? messagesError}
          />
        </Stack>
      ) : (
        <MessageVariantsField
          values={form.values.messages}
          onChange={(messages) => form.setFieldValue('messages', messages)}
          error={messagesError}
        />
      )}
      <TextInput
        type="datetime-local"
        label={t('campaigns.form.startAt')}
        description={t('campaigns.form.startAtHint')}
        data-testid="campaign-start-at"
        {...form.getInputProps('startAt')}
      />
      <SendOptionsFields inputProps={(path) => form.getInputProps(path)} />
    </CrudFormModal>
  );
};
