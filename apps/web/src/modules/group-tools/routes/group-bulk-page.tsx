import { Accordion, Button, FileButton, Group, Paper, Stack, Switch, Tabs, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  type TBulkGroupsInput,
  type TBulkParticipantsInput,
  type TGroupInfo,
  ZBulkGroupsInput,
  ZBulkParticipantsInput,
} from '@prosa/contracts';
import { IconPaperclip, IconSend, IconSettings, IconUsersGroup, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../ui/page-header';
import {
  emptySendFields,
  sendFieldsToBody,
  type TSendFields,
  validateCampaignBody,
} from '../../campaigns/components/campaign-form';
import { MessageVariantsField } from '../../campaigns/components/message-variants-field';
import { SendOptionsFields } from '../../campaigns/components/send-options-fields';
import { useSendAndOpen } from '../../campaigns/components/use-send-and-open';
import { type TGroupBulkKind, useGroupBulkSend } from '../api/group-tools-api';
import { GroupActionsPanel } from '../components/group-actions-panel';
import { GroupPicker } from '../components/group-picker';
import { GroupScreensNav } from '../components/group-screens-nav';

/** The three group screens: which campaign kind each creates. */
export type TGroupBulkScreen = 'massagrupos' | 'massagrupos2' | 'massausuarios';

type TGroupBulkForm = TSendFields & {
  name: string;
  groups: { groupId: string; subject: string }[];
  mentionAll: boolean;
  includeAdmins: boolean;
};

const kindOf = (screen: TGroupBulkScreen, mentionAll: boolean): TGroupBulkKind => {
  if (screen === 'massausuarios') return 'participantes';
  return mentionAll ? 'grupos-mencao' : 'grupos';
};

/** The request body: the campaign's sending fields, the chosen groups and the screen's own switch. */
const toInput = (values: TGroupBulkForm, screen: TGroupBulkScreen): TBulkGroupsInput | TBulkParticipantsInput => {
  const name = values.name.trim();
  // Text only: the group kinds have no template.
  const fields = {
    ...(name ? { name } : {}),
    ...sendFieldsToBody(values, 'grupos'),
    template: null,
    groups: values.groups,
  };
  return screen === 'massausuarios'
    ? { ...fields, includeAdmins: values.includeAdmins }
    : { ...fields, mentionAll: values.mentionAll };
};

const GroupBulkForm = ({ screen }: { screen: TGroupBulkScreen }) => {
  const { t } = useTranslation();
  const [file, setFile] = useState<File | null>(null);
  const form = useForm<TGroupBulkForm>({
    initialValues: { ...emptySendFields(), name: '', groups: [], mentionAll: false, includeAdmins: false },
    validate: (values) =>
      validateCampaignBody(
        toInput(values, screen),
        screen === 'massausuarios' ? ZBulkParticipantsInput : ZBulkGroupsInput,
      ),
  });
  const kind = kindOf(screen, form.values.mentionAll);
  const send = useGroupBulkSend(kind);

  const sendAndOpen = useSendAndOpen(send, form, 'groupTools.bulk.sent');
  const submit = form.onSubmit((values) =>
    sendAndOpen(toInput(values, screen), screen === 'massagrupos2' ? file : null),
  );

  const groupsError = form.errors.groups ?? Object.entries(form.errors).find(([key]) => key.startsWith('groups.'))?.[1];

  return (
    <form onSubmit={submit} noValidate data-testid="group-bulk-form">
      <Stack>
        <TextInput
          label={t('campaigns.bulk.name')}
          placeholder={t('campaigns.bulk.namePlaceholder')}
          maxLength={120}
          data-testid="bulk-name"
          {...form.getInputProps('name')}
        />
        <GroupPicker
          connectionId={form.values.connectionId}
          onConnectionChange={(value) => form.setFieldValue('connectionId', value)}
          connectionLabel={t('campaigns.form.connection')}
          connectionError={form.errors.connectionId}
          value={form.values.groups.map((group) => group.groupId)}
          onChange={(_, groups: TGroupInfo[]) => {
            form.setFieldValue(
              'groups',
              groups.map((group) => ({ groupId: group.groupId, subject: group.subject })),
            );
            form.clearFieldError('groups');
          }}
          multiple
          error={groupsError}
        />
        <MessageVariantsField
          single
          values={form.values.messages}
          onChange={(messages) => form.setFieldValue('messages', messages)}
          error={form.errors.messages ?? form.errors['messages.0']}
          variablesHint={t(`groupTools.bulk.variables.${screen === 'massausuarios' ? 'members' : 'groups'}`)}
        />
        {screen === 'massagrupos2' && (
          <Stack gap="xs">
            <Group gap="sm">
              <FileButton onChange={setFile} accept="image/*,video/*,audio/*,application/pdf">
                {(props) => (
                  <Button
                    {...props}
                    variant="light"
                    size="xs"
                    leftSection={<IconPaperclip size={14} />}
                    data-testid="group-bulk-file"
                  >
                    {t('groupTools.bulk.file')}
                  </Button>
                )}
              </FileButton>
              {file && (
                <Group gap={4}>
                  <Text size="sm" data-testid="group-bulk-file-name">
                    {file.name}
                  </Text>
                  <Button
                    variant="subtle"
                    size="compact-xs"
                    color="negative"
                    aria-label={t('groupTools.bulk.removeFile')}
                    onClick={() => setFile(null)}
                  >
                    <IconX size={14} />
                  </Button>
                </Group>
              )}
            </Group>
            <Switch
              label={t('groupTools.bulk.mentionAll')}
              description={t('groupTools.bulk.mentionAllHint')}
              data-testid="group-bulk-mention-all"
              {...form.getInputProps('mentionAll', { type: 'checkbox' })}
            />
          </Stack>
        )}
        {screen === 'massausuarios' && (
          <Switch
            label={t('groupTools.bulk.includeAdmins')}
            description={t('groupTools.bulk.includeAdminsHint')}
            data-testid="group-bulk-include-admins"
            {...form.getInputProps('includeAdmins', { type: 'checkbox' })}
          />
        )}
        <Accordion variant="contained">
          <Accordion.Item value="options">
            <Accordion.Control data-testid="bulk-options">{t('campaigns.form.sendOptions')}</Accordion.Control>
            <Accordion.Panel>
              <SendOptionsFields inputProps={(path) => form.getInputProps(path)} />
            </Accordion.Panel>
          </Accordion.Item>
        </Accordion>
        <Group justify="flex-end">
          <Button type="submit" leftSection={<IconSend size={16} />} loading={send.isPending} data-testid="bulk-send">
            {t('campaigns.bulk.send')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
};

/**
 * `/grupo/massagrupos`, `massagrupos2` and `massausuarios`: a one-off campaign to chosen groups (text; or text,
 * a file and "mencionar todos"), or to their members one by one, started at once; then its page. The first
 * screen also holds the "Ações de grupo" tab (title, description, admins-only, members, new group).
 */
export const GroupBulkPage = ({ screen }: { screen: TGroupBulkScreen }) => {
  const { t } = useTranslation();
  const form = (
    <Paper withBorder p="md" radius="md" maw={880}>
      <GroupBulkForm screen={screen} />
    </Paper>
  );
  return (
    <Stack>
      <PageHeader title={t(`screens.grupo-${screen}`)} icon={IconUsersGroup} />
      <GroupScreensNav />
      <Text c="dimmed" size="sm">
        {t(`groupTools.bulk.hints.${screen}`)} {t('campaigns.bulk.hint')}
      </Text>
      {screen === 'massagrupos' ? (
        <Tabs defaultValue="send" keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="send" leftSection={<IconSend size={16} />} data-testid="group-tab-send">
              {t('groupTools.bulk.sendTab')}
            </Tabs.Tab>
            <Tabs.Tab value="actions" leftSection={<IconSettings size={16} />} data-testid="group-tab-actions">
              {t('groupTools.actions.tab')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="send">{form}</Tabs.Panel>
          <Tabs.Panel value="actions">
            <Paper withBorder p="md" radius="md" maw={880}>
              <GroupActionsPanel />
            </Paper>
          </Tabs.Panel>
        </Tabs>
      ) : (
        form
      )}
    </Stack>
  );
};
