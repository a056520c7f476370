import {
  Divider,
  NumberInput,
  SegmentedControl,
  Stack,
  Switch,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { TFlowConfigurations, TFlowDestination } from '@prosa/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DestinationField, type TConditionLookups } from './condition-editor';

type TProps = {
  configurations: TFlowConfigurations;
  onChange: (configurations: TFlowConfigurations, field: string) => void;
  lookups: Pick<TConditionLookups, 'queues' | 'users'>;
  issues: { path: string; message: string }[];
};

const Section = ({ title, children, issues }: { title: string; children: ReactNode; issues?: string[] }) => (
  <Stack gap="xs">
    <Divider label={title} labelPosition="left" />
    {children}
    {issues?.map((issue) => (
      <Text key={issue} size="xs" c="red">
        {issue}
      </Text>
    ))}
  </Stack>
);

const noDestination: TFlowDestination = { type: 1, destiny: null };

/** Every setting of the flow's configurations node (domain 5.4), in the family's words. */
export const ConfigurationsPanel = ({ configurations: c, onChange, lookups, issues }: TProps) => {
  const { t } = useTranslation();
  const set = <K extends keyof TFlowConfigurations>(key: K, value: TFlowConfigurations[K]) =>
    onChange({ ...c, [key]: value }, key);
  const at = (key: string) => issues.filter((i) => i.path === `configurations.${key}`).map((i) => i.message);

  return (
    <Stack gap="md" data-testid="flow-configurations-panel">
      <Section title={t('chatFlowBuilder.config.invalidOption')}>
        <Textarea
          aria-label={t('chatFlowBuilder.config.invalidOption')}
          autosize
          minRows={2}
          value={c.notOptionsSelectMessage.message}
          onChange={(e) =>
            set('notOptionsSelectMessage', { ...c.notOptionsSelectMessage, message: e.currentTarget.value })
          }
          data-testid="flow-config-invalid-message"
        />
        <Text size="sm">{t('chatFlowBuilder.config.stepReturn')}</Text>
        <SegmentedControl
          size="xs"
          value={c.notOptionsSelectMessage.stepReturn}
          onChange={(v) =>
            set('notOptionsSelectMessage', { ...c.notOptionsSelectMessage, stepReturn: v === 'S' ? 'S' : 'A' })
          }
          data={[
            { value: 'A', label: t('chatFlowBuilder.config.stepReturnA') },
            { value: 'S', label: t('chatFlowBuilder.config.stepReturnS') },
          ]}
        />
      </Section>

      <Section title={t('chatFlowBuilder.config.inactivity')} issues={at('notResponseMessage')}>
        <Switch
          label={t('chatFlowBuilder.config.inactivityEnabled')}
          checked={c.notResponseMessage !== null}
          onChange={(e) =>
            set('notResponseMessage', e.currentTarget.checked ? { time: 10, message: '', ...noDestination } : null)
          }
          data-testid="flow-config-inactivity"
        />
        {c.notResponseMessage && (
          <>
            <NumberInput
              label={t('chatFlowBuilder.config.minutes')}
              min={0}
              max={10_080}
              allowDecimal={false}
              value={c.notResponseMessage.time}
              onChange={(v) =>
                c.notResponseMessage && set('notResponseMessage', { ...c.notResponseMessage, time: Number(v) || 0 })
              }
              data-testid="flow-config-inactivity-minutes"
            />
            <Textarea
              label={t('chatFlowBuilder.config.inactivityMessage')}
              autosize
              minRows={2}
              value={c.notResponseMessage.message}
              onChange={(e) =>
                c.notResponseMessage &&
                set('notResponseMessage', { ...c.notResponseMessage, message: e.currentTarget.value })
              }
            />
            <DestinationField
              value={c.notResponseMessage}
              onChange={(d) => c.notResponseMessage && set('notResponseMessage', { ...c.notResponseMessage, ...d })}
              lookups={lookups}
              testId="flow-config-inactivity-destination"
            />
          </>
        )}
      </Section>

      <Section title={t('chatFlowBuilder.config.welcome')}>
        <Textarea
          aria-label={t('chatFlowBuilder.config.welcome')}
          description={t('chatFlowBuilder.config.welcomeHint')}
          autosize
          minRows={2}
          value={c.welcomeMessage.message}
          onChange={(e) => set('welcomeMessage', { message: e.currentTarget.value })}
        />
      </Section>

      <Section title={t('chatFlowBuilder.config.maxRetry')} issues={at('maxRetryBotMessage')}>
        <Switch
          label={t('chatFlowBuilder.config.maxRetryEnabled')}
          checked={c.maxRetryBotMessage !== null}
          onChange={(e) => set('maxRetryBotMessage', e.currentTarget.checked ? { number: 3, ...noDestination } : null)}
          data-testid="flow-config-max-retry"
        />
        {c.maxRetryBotMessage && (
          <>
            <NumberInput
              label={t('chatFlowBuilder.config.retries')}
              min={1}
              max={20}
              allowDecimal={false}
              value={c.maxRetryBotMessage.number}
              onChange={(v) =>
                c.maxRetryBotMessage && set('maxRetryBotMessage', { ...c.maxRetryBotMessage, number: Number(v) || 1 })
              }
            />
            <DestinationField
              value={c.maxRetryBotMessage}
              onChange={(d) => c.maxRetryBotMessage && set('maxRetryBotMessage', { ...c.maxRetryBotMessage, ...d })}
              lookups={lookups}
              testId="flow-config-max-retry-destination"
            />
          </>
        )}
      </Section>

      <Section title={t('chatFlowBuilder.config.distribution')}>
        <SegmentedControl
          size="xs"
          value={c.autoDistributeTickets}
          onChange={(v) => set('autoDistributeTickets', v === 'R' || v === 'B' ? v : 'N')}
          data={[
            { value: 'N', label: t('chatFlowBuilder.config.distributionN') },
            { value: 'R', label: t('chatFlowBuilder.config.distributionR') },
            { value: 'B', label: t('chatFlowBuilder.config.distributionB') },
          ]}
          data-testid="flow-config-distribution"
        />
      </Section>

      <Section title={t('chatFlowBuilder.config.closeWords')}>
        <TagsInput
          aria-label={t('chatFlowBuilder.config.closeWords')}
          placeholder={t('chatFlowBuilder.config.closeWordsPlaceholder')}
          value={c.answerCloseTicket}
          onChange={(words) => set('answerCloseTicket', words)}
          splitChars={[',']}
          acceptValueOnBlur
        />
      </Section>

      <Section title={t('chatFlowBuilder.config.farewell')}>
        <Textarea
          aria-label={t('chatFlowBuilder.config.farewell')}
          autosize
          minRows={2}
          value={c.farewellMessage.message}
          onChange={(e) => set('farewellMessage', { message: e.currentTarget.value })}
        />
      </Section>

      <Section title={t('chatFlowBuilder.config.outOfHours')} issues={at('outOpenHours')}>
        <Switch
          label={t('chatFlowBuilder.config.outOfHoursEnabled')}
          checked={c.outOpenHours !== null}
          onChange={(e) => set('outOpenHours', e.currentTarget.checked ? noDestination : null)}
        />
        {c.outOpenHours && (
          <DestinationField
            value={c.outOpenHours}
            onChange={(d) => set('outOpenHours', d)}
            lookups={lookups}
            testId="flow-config-out-of-hours"
          />
        )}
      </Section>

      <Section title={t('chatFlowBuilder.config.firstContact')} issues={at('firstInteraction')}>
        <Switch
          label={t('chatFlowBuilder.config.firstContactEnabled')}
          checked={c.firstInteraction !== null}
          onChange={(e) => set('firstInteraction', e.currentTarget.checked ? noDestination : null)}
        />
        {c.firstInteraction && (
          <DestinationField
            value={c.firstInteraction}
            onChange={(d) => set('firstInteraction', d)}
            lookups={lookups}
            testId="flow-config-first-contact"
          />
        )}
      </Section>

      <Section title={t('chatFlowBuilder.config.keyword')}>
        <TextInput
          aria-label={t('chatFlowBuilder.config.keyword')}
          description={t('chatFlowBuilder.config.keywordHint')}
          value={c.keyword.message}
          onChange={(e) => set('keyword', { message: e.currentTarget.value })}
          data-testid="flow-config-keyword"
        />
      </Section>
    </Stack>
  );
};
