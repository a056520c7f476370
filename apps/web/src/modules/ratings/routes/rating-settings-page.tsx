import {
  Button,
  Grid,
  Group,
  NumberInput,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { defaultRating, type TRating, ZRating } from '@prosa/contracts';
import { IconStar } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../app/notify';
import { useSessionStore } from '../../../app/session/session-store';
import { ErrorState } from '../../../ui/data-states';
import { PageHeader } from '../../../ui/page-header';
import { showApiError } from '../../../ui/server-errors';
import { zodResolver } from '../../../ui/zod-form';
import { useSaveSetting, useTenantSettings } from '../../settings/api/settings-api';
import { useRatingConfig, useSaveRatingConfig } from '../api/ratings-api';
import { RatingPreview } from '../components/rating-preview';

// NOTE: written out, not through t(): i18next would fill in `{{name}}` itself.
const variables = ['{{name}}', '{{greeting}}', '{{protocol}}', '{{user}}', '{{queue}}'].join(', ');
const timeoutChoices = [30, 60, 240, 720, 1440, 4320, 10080];

/** A timeout in words: 30 minutos, 4 horas, 3 dias. */
const useTimeoutLabel = () => {
  const { t } = useTranslation();
  return (minutes: number) =>
    minutes % 1440 === 0
      ? t('ratings.config.days', { count: minutes / 1440 })
      : minutes % 60 === 0
        ? t('ratings.config.hours', { count: minutes / 60 })
        : t('ratings.config.minutes', { count: minutes });
};

/** `/avaliacoes/configurar`: whether ratings are asked, the scale, the texts, and a preview of the conversation. */
export const RatingSettingsPage = () => {
  const { t } = useTranslation();
  const config = useRatingConfig();
  const settings = useTenantSettings();
  const saveSetting = useSaveSetting();
  const save = useSaveRatingConfig();
  const agentName = useSessionStore((state) => state.username);
  const timeoutLabel = useTimeoutLabel();
  const form = useForm<TRating>({ initialValues: defaultRating(), validate: zodResolver<TRating>(ZRating) });

  // biome-ignore lint/correctness/useExhaustiveDependencies: the form follows the server's copy when it arrives
  useEffect(() => {
    if (!config.data) return;
    form.setValues(config.data);
    form.resetDirty(config.data);
  }, [config.data]);

  const enabled = settings.data?.userRating === 'enabled';
  const toggle = async (checked: boolean) => {
    try {
      await saveSetting.mutateAsync({ key: 'userRating', value: checked ? 'enabled' : 'disabled' });
      notifySuccess(t('ratings.config.toggled'));
    } catch (error) {
      showApiError(error);
    }
  };
  const submit = form.onSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      notifySuccess(t('ratings.config.saved'));
    } catch (error) {
      showApiError(error, form);
    }
  });

  if (config.isError) return <ErrorState error={config.error} onRetry={() => void config.refetch()} />;
  const timeouts = [...new Set([...timeoutChoices, form.values.timeoutMinutes])].sort((a, b) => a - b);
  const text = (key: 'evaluationMessage' | 'ratingStore' | 'ratingStoreAttemp' | 'ratingStoreError', label: string) => (
    <Textarea
      label={label}
      withAsterisk
      autosize
      minRows={2}
      maxLength={1000}
      data-testid={`rating-${key}`}
      {...form.getInputProps(key)}
    />
  );

  return (
    <>
      <PageHeader title={t('screens.avaliacoes-configurar')} icon={IconStar} />
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack>
            <Paper withBorder radius="md" p="md">
              {settings.isLoading ? (
                <Skeleton height={40} />
              ) : (
                <Switch
                  checked={enabled}
                  onChange={(event) => void toggle(event.currentTarget.checked)}
                  label={t('ratings.config.enabled')}
                  description={t('ratings.config.enabledHint')}
                  disabled={saveSetting.isPending}
                  data-testid="rating-enabled"
                />
              )}
            </Paper>
            {config.isLoading ? (
              <Skeleton height={480} radius="md" data-testid="rating-config-loading" />
            ) : (
              <form onSubmit={submit} noValidate data-testid="rating-form">
                <Stack>
                  <Paper withBorder radius="md" p="md">
                    <Title order={2} size="h4" mb="sm">
                      {t('ratings.config.scale')}
                    </Title>
                    <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }}>
                      {form.values.scale.map((item, index) => (
                        <TextInput
                          key={item.value}
                          label={t('ratings.config.scaleLabel', { value: item.value })}
                          withAsterisk
                          maxLength={40}
                          data-testid={`rating-scale-${item.value}`}
                          {...form.getInputProps(`scale.${index}.label`)}
                        />
                      ))}
                    </SimpleGrid>
                  </Paper>
                  <Paper withBorder radius="md" p="md">
                    <Title order={2} size="h4">
                      {t('ratings.config.texts')}
                    </Title>
                    <Text size="xs" c="dimmed" mb="sm">
                      {t('ratings.config.variables', { vars: variables, interpolation: { escapeValue: false } })}
                    </Text>
                    <Stack>
                      {text('evaluationMessage', t('ratings.config.question'))}
                      {text('ratingStore', t('ratings.config.thanks'))}
                      {text('ratingStoreAttemp', t('ratings.config.retry'))}
                      {text('ratingStoreError', t('ratings.config.dropped'))}
                    </Stack>
                  </Paper>
                  <Paper withBorder radius="md" p="md">
                    <Title order={2} size="h4" mb="sm">
                      {t('ratings.config.behaviour')}
                    </Title>
                    <Stack>
                      <NumberInput
                        label={t('ratings.config.attempts')}
                        description={t('ratings.config.attemptsHint')}
                        min={0}
                        max={5}
                        allowDecimal={false}
                        w={260}
                        data-testid="rating-attempts"
                        {...form.getInputProps('attempts')}
                      />
                      <Radio.Group
                        label={t('ratings.config.closeMode')}
                        data-testid="rating-close-mode"
                        {...form.getInputProps('closeMode')}
                      >
                        <Stack gap="xs" mt="xs">
                          <Radio
                            value="rated"
                            label={t('ratings.config.closeModeRated')}
                            description={t('ratings.config.closeModeRatedHint')}
                          />
                          <Radio
                            value="atOnce"
                            label={t('ratings.config.closeModeAtOnce')}
                            description={t('ratings.config.closeModeAtOnceHint')}
                          />
                        </Stack>
                      </Radio.Group>
                      <Select
                        label={t('ratings.config.timeout')}
                        description={t('ratings.config.timeoutHint')}
                        data={timeouts.map((minutes) => ({ value: String(minutes), label: timeoutLabel(minutes) }))}
                        value={String(form.values.timeoutMinutes)}
                        onChange={(value) => value && form.setFieldValue('timeoutMinutes', Number(value))}
                        allowDeselect={false}
                        w={260}
                        data-testid="rating-timeout"
                      />
                    </Stack>
                  </Paper>
                  <Group justify="flex-end">
                    <Button type="submit" loading={save.isPending} disabled={!form.isDirty()} data-testid="rating-save">
                      {t('ratings.config.save')}
                    </Button>
                  </Group>
                </Stack>
              </form>
            )}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Paper withBorder radius="md" p="md" style={{ position: 'sticky', top: 16 }}>
            <Title order={2} size="h4">
              {t('ratings.config.preview')}
            </Title>
            <Text size="xs" c="dimmed" mb="sm">
              {t('ratings.config.previewHint')}
            </Text>
            <RatingPreview rating={form.values} agentName={agentName || 'Ana'} />
          </Paper>
        </Grid.Col>
      </Grid>
    </>
  );
};
