import {
  Button,
  ColorInput,
  Grid,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  defaultSystemColors,
  systemColorLabels,
  type TSystemColorKey,
  toSystemColorList,
  ZBranding,
  ZSystemColors,
} from '@prosa/contracts';
import { IconDeviceFloppy, IconPalette, IconRestore, IconSchool } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../app/notify';
import {
  applyBranding,
  applySystemColors,
  defaultAppName,
  parseSystemColors,
} from '../../../app/theme/appearance-store';
import type { TColorMap } from '../../../app/theme/palette';
import { ErrorState } from '../../../ui/data-states';
import { PageHeader } from '../../../ui/page-header';
import { showApiError } from '../../../ui/server-errors';
import { type TSafeParseSchema, type TSchemaIssue, zodResolver } from '../../../ui/zod-form';
import {
  useBranding,
  useSaveBranding,
  useSaveSystemColors,
  useSystemColors,
} from '../../appearance/api/appearance-api';
import { ColorsPreview } from '../components/colors-preview';
import { LogoInput } from '../components/logo-input';

type TCustomizeValues = { appName: string; logo: string | null; colors: TColorMap };

const colorKeys = systemColorLabels.map((label) => label.toLowerCase() as TSystemColorKey);

/** Branding and colours checked with the contracts' schemas; colour issues land on `colors.<key>`. */
const customizeSchema: TSafeParseSchema = {
  safeParse: (value) => {
    const values = value as TCustomizeValues;
    const issues: TSchemaIssue[] = [];
    const branding = ZBranding.safeParse({ appName: values.appName, logo: values.logo });
    if (!branding.success) issues.push(...branding.error.issues);
    const colors = ZSystemColors.safeParse(toSystemColorList(values.colors));
    if (!colors.success) {
      for (const issue of colors.error.issues) issues.push({ ...issue, path: ['colors', ...issue.path.slice(1)] });
    }
    return issues.length ? { success: false, error: { issues } } : { success: true, data: value };
  },
};

export const CustomizePage = () => {
  const { t } = useTranslation();
  const colorsQuery = useSystemColors(true);
  const brandingQuery = useBranding(true);
  const saveColors = useSaveSystemColors();
  const saveBranding = useSaveBranding();
  const form = useForm<TCustomizeValues>({
    initialValues: { appName: defaultAppName, logo: null, colors: { ...defaultSystemColors } },
    validate: zodResolver<TCustomizeValues>(customizeSchema),
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: load the form when the saved values arrive
  useEffect(() => {
    if (!colorsQuery.data || !brandingQuery.data) return;
    const values: TCustomizeValues = {
      appName: brandingQuery.data.appName || defaultAppName,
      logo: brandingQuery.data.logo,
      colors: parseSystemColors(colorsQuery.data) ?? { ...defaultSystemColors },
    };
    form.setValues(values);
    form.resetDirty(values);
  }, [colorsQuery.data, brandingQuery.data]);

  const submit = form.onSubmit(async (values) => {
    try {
      await Promise.all([
        saveColors.mutateAsync(toSystemColorList(values.colors)),
        saveBranding.mutateAsync({ appName: values.appName.trim(), logo: values.logo }),
      ]);
      applySystemColors(values.colors);
      applyBranding({ appName: values.appName.trim(), logo: values.logo });
      form.resetDirty();
      notifySuccess(t('customize.saved'));
    } catch (error) {
      showApiError(error, form);
    }
  });

  const loadError = colorsQuery.error ?? brandingQuery.error;
  const loadingData = colorsQuery.isLoading || brandingQuery.isLoading;

  return (
    <>
      <PageHeader title={t('screens.customizar')} icon={IconPalette} />
      {loadError ? (
        <ErrorState
          error={loadError}
          onRetry={() => {
            void colorsQuery.refetch();
            void brandingQuery.refetch();
          }}
        />
      ) : (
        <Stack gap="lg">
          <form onSubmit={submit} noValidate>
            <Grid gap="lg">
              <Grid.Col span={{ base: 12, md: 7 }}>
                <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }}>
                  {loadingData ? (
                    <Stack>
                      <Skeleton h={36} />
                      <Skeleton h={80} w={160} />
                      <Skeleton h={200} />
                    </Stack>
                  ) : (
                    <Stack gap="md">
                      <Title order={2} fz="h4">
                        {t('customize.brandingTitle')}
                      </Title>
                      <TextInput
                        data-autofocus
                        label={t('customize.appName')}
                        withAsterisk
                        data-testid="customize-app-name"
                        {...form.getInputProps('appName')}
                      />
                      <LogoInput
                        value={form.values.logo}
                        onChange={(logo) => form.setFieldValue('logo', logo)}
                        error={form.errors.logo}
                      />
                      <Title order={2} fz="h4" mt="sm">
                        {t('customize.colorsTitle')}
                      </Title>
                      <SimpleGrid cols={{ base: 1, sm: 2 }}>
                        {colorKeys.map((key) => (
                          <ColorInput
                            key={key}
                            label={t(`customize.colors.${key}`)}
                            format="hex"
                            withEyeDropper={false}
                            data-testid={`color-${key}`}
                            {...form.getInputProps(`colors.${key}`)}
                          />
                        ))}
                      </SimpleGrid>
                      <Group justify="space-between">
                        <Button
                          variant="default"
                          leftSection={<IconRestore size={16} />}
                          onClick={() => form.setFieldValue('colors', { ...defaultSystemColors })}
                          data-testid="colors-reset"
                        >
                          {t('customize.resetColors')}
                        </Button>
                        <Button
                          type="submit"
                          leftSection={<IconDeviceFloppy size={16} />}
                          loading={saveColors.isPending || saveBranding.isPending}
                          data-testid="customize-save"
                        >
                          {t('common.save')}
                        </Button>
                      </Group>
                    </Stack>
                  )}
                </Paper>
              </Grid.Col>
              <Grid.Col span={{ base: 12, md: 5 }}>
                <Stack gap="xs" pos="sticky" top={80}>
                  <Text fw={600}>{t('customize.preview')}</Text>
                  <ColorsPreview colors={form.values.colors} appName={form.values.appName || defaultAppName} />
                </Stack>
              </Grid.Col>
            </Grid>
          </form>
          <Paper withBorder radius="md" p={{ base: 'sm', sm: 'md' }} data-testid="tutorials">
            <Group gap="xs" mb="xs">
              <IconSchool size={20} />
              <Title order={2} fz="h4">
                {t('customize.tutorialsTitle')}
              </Title>
            </Group>
            <Text size="sm" c="dimmed">
              {t('customize.tutorialsText')}
            </Text>
          </Paper>
        </Stack>
      )}
    </>
  );
};
