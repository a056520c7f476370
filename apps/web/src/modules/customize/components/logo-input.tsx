import { Button, FileButton, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError } from '../../../app/notify';

export const maxLogoBytes = 200 * 1024;
const acceptedTypes = ['image/png', 'image/jpeg', 'image/svg+xml', 'image/webp'];

const readAsDataUrl = (file: File): Promise<string> =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

type TLogoInputProps = { value: string | null; onChange: (value: string | null) => void; error?: ReactNode };

/** Logo upload: png, jpeg, svg or webp up to 200 kB, kept as a data URL, with a preview. */
export const LogoInput = ({ value, onChange, error }: TLogoInputProps) => {
  const { t } = useTranslation();

  const pick = async (file: File | null) => {
    if (!file) return;
    if (!acceptedTypes.includes(file.type)) {
      notifyError(t('customize.logoType'));
      return;
    }
    if (file.size > maxLogoBytes) {
      notifyError(t('customize.logoTooLarge'));
      return;
    }
    try {
      onChange(await readAsDataUrl(file));
    } catch {
      notifyError(t('customize.logoReadError'));
    }
  };

  return (
    <Stack gap="xs">
      <Text fw={500} size="sm">
        {t('customize.logo')}
      </Text>
      <Group align="center" gap="md">
        <Paper withBorder radius="md" w={160} h={80} p={6} style={{ display: 'grid', placeItems: 'center' }}>
          {value ? (
            <Image
              src={value}
              alt={t('customize.logoPreview')}
              mah={66}
              maw={146}
              fit="contain"
              data-testid="logo-preview"
            />
          ) : (
            <IconPhoto size={28} stroke={1.4} aria-label={t('customize.noLogo')} />
          )}
        </Paper>
        <Stack gap={6}>
          <FileButton onChange={(file) => void pick(file)} accept={acceptedTypes.join(',')}>
            {(props) => (
              <Button {...props} variant="light" leftSection={<IconUpload size={16} />} data-testid="logo-upload">
                {t('customize.uploadLogo')}
              </Button>
            )}
          </FileButton>
          {value && (
            <Button
              variant="subtle"
              color="negative"
              size="xs"
              leftSection={<IconTrash size={14} />}
              onClick={() => onChange(null)}
            >
              {t('customize.removeLogo')}
            </Button>
          )}
        </Stack>
      </Group>
      <Text size="xs" c={error ? 'negative' : 'dimmed'}>
        {error ?? t('customize.logoHint')}
      </Text>
    </Stack>
  );
};
