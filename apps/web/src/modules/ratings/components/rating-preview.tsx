import { Box, Paper, Stack, Text } from '@mantine/core';
import { fillVariables, ratingQuestion, type TRating } from '@prosa/contracts';
import { useTranslation } from 'react-i18next';

type TBubbleProps = { from: 'company' | 'customer'; text: string; testId?: string };

const Bubble = ({ from, text, testId }: TBubbleProps) => {
  const { t } = useTranslation();
  const mine = from === 'company';
  return (
    <Box style={{ alignSelf: mine ? 'flex-end' : 'flex-start', maxWidth: '85%' }}>
      <Text size="xs" c="dimmed" ta={mine ? 'right' : 'left'}>
        {t(mine ? 'ratings.config.previewCompany' : 'ratings.config.previewCustomer')}
      </Text>
      <Paper
        radius="md"
        px="sm"
        py={6}
        bg={mine ? 'var(--mantine-primary-color-light)' : 'var(--mantine-color-default-hover)'}
        data-testid={testId}
      >
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          {text}
        </Text>
      </Paper>
    </Box>
  );
};

type TRatingPreviewProps = {
  rating: Pick<TRating, 'evaluationMessage' | 'scale' | 'ratingStore' | 'ratingStoreAttemp'>;
  agentName: string;
};

/**
 * The conversation the customer sees, with the variables filled from made-up data (the server fills them
 * with the ticket's): the question and scale, an invalid reply and the try-again text, a score and the thanks.
 */
export const RatingPreview = ({ rating, agentName }: TRatingPreviewProps) => {
  const { t } = useTranslation();
  const values = {
    name: t('ratings.config.sampleName'),
    user: agentName,
    queue: t('ratings.config.sampleQueue'),
    protocol: '2026112500042',
  };
  const fill = (text: string) => fillVariables(text, values);
  return (
    <Stack gap="xs" data-testid="rating-preview">
      <Bubble from="company" text={fill(ratingQuestion(rating))} testId="rating-preview-question" />
      <Bubble from="customer" text={t('ratings.config.previewInvalid')} />
      <Bubble from="company" text={fill(rating.ratingStoreAttemp)} testId="rating-preview-retry" />
      <Bubble from="customer" text={t('ratings.config.previewValid')} />
      <Bubble from="company" text={fill(rating.ratingStore)} testId="rating-preview-thanks" />
    </Stack>
  );
};
