import { ActionIcon, Badge, Button, Card, Group, Modal, Stack, Table, Text, Textarea } from '@mantine/core';
import { AUTO_REPLY_ACTIONS, type TAutoReply, type TAutoReplyAction } from '@prosa/contracts';
import { IconStar, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showApiError } from '../../../ui/server-errors';
import { useQueues } from '../../queues/api/queues-api';
import { useAutoReplyUsers, useDeleteAction, useDeleteStep, useSaveStep } from '../api/auto-replies-api';
import { StepActionForm } from './step-action-form';

type TAutoReplyStepsModalProps = {
  item: TAutoReply | null;
  /** Agents see the steps but change nothing (the server would answer 403). */
  readOnly: boolean;
  onClose: () => void;
};

/** The steps of one auto-reply, each with its actions; a new step and a new action are added in place. */
export const AutoReplyStepsModal = ({ item, readOnly, onClose }: TAutoReplyStepsModalProps) => {
  const { t } = useTranslation();
  const saveStep = useSaveStep();
  const deleteStep = useDeleteStep();
  const deleteAction = useDeleteAction();
  const queues = useQueues(item !== null);
  const users = useAutoReplyUsers(item !== null);
  const [reply, setReply] = useState('');
  const steps = item?.stepsReply ?? [];

  const stepName = (id: number | null) => t('autoReplies.stepLabel', { n: steps.findIndex((s) => s.id === id) + 1 });
  const describe = (a: TAutoReplyAction) => {
    if (a.action === AUTO_REPLY_ACTIONS.queue)
      return `${t('autoReplies.actionQueue')}: ${queues.data?.find((q) => q.id === a.queueId)?.queue ?? a.queueId}`;
    if (a.action === AUTO_REPLY_ACTIONS.user)
      return `${t('autoReplies.actionUser')}: ${users.data?.find((u) => u.id === a.userIdDestination)?.name ?? a.userIdDestination}`;
    return `${t('autoReplies.actionStep')}: ${stepName(a.nextStepId)}`;
  };
  const run = (promise: Promise<unknown>) => promise.catch((error) => showApiError(error));

  const addStep = async () => {
    if (!item) return;
    await run(
      saveStep.mutateAsync({ replyId: item.id, stepId: null, body: { reply: reply.trim() } }).then(() => setReply('')),
    );
  };

  return (
    <Modal
      opened={item !== null}
      onClose={onClose}
      title={t('autoReplies.stepsTitle', { name: item?.name ?? '', interpolation: { escapeValue: false } })}
      size="xl"
    >
      <Stack data-testid="auto-reply-steps">
        <Text size="sm" c="dimmed">
          {t('autoReplies.stepsHint')}
        </Text>
        {steps.length === 0 && <Text size="sm">{t('autoReplies.noSteps')}</Text>}
        {steps.map((step, index) => (
          <Card key={step.id} withBorder data-testid="auto-reply-step">
            <Stack gap="xs">
              <Group justify="space-between" wrap="nowrap">
                <Group gap="xs">
                  <Text fw={600}>{t('autoReplies.stepLabel', { n: index + 1 })}</Text>
                  {step.initialStep && <Badge variant="light">{t('autoReplies.initial')}</Badge>}
                </Group>
                <Group gap={4} display={readOnly ? 'none' : undefined}>
                  {!step.initialStep && (
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('autoReplies.makeInitial')}
                      onClick={() =>
                        void run(
                          saveStep.mutateAsync({
                            replyId: step.autoReplyId,
                            stepId: step.id,
                            body: { initialStep: true },
                          }),
                        )
                      }
                    >
                      <IconStar size={16} />
                    </ActionIcon>
                  )}
                  <ActionIcon
                    variant="subtle"
                    color="negative"
                    aria-label={t('autoReplies.deleteStep')}
                    onClick={() => void run(deleteStep.mutateAsync({ replyId: step.autoReplyId, stepId: step.id }))}
                    data-testid="step-delete"
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              </Group>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                {step.reply}
              </Text>
              {step.stepsReplyAction.length === 0 ? (
                <Text size="xs" c="dimmed">
                  {t('autoReplies.noActions')}
                </Text>
              ) : (
                <Table verticalSpacing={4}>
                  <Table.Tbody>
                    {step.stepsReplyAction.map((a) => (
                      <Table.Tr key={a.id} data-testid="step-action">
                        <Table.Td w={160}>
                          <Badge variant="outline" tt="none" maw={150}>
                            {a.words}
                          </Badge>
                        </Table.Td>
                        <Table.Td>
                          <Text size="sm">{describe(a)}</Text>
                          {a.replyDefinition && (
                            <Text size="xs" c="dimmed">
                              {a.replyDefinition}
                            </Text>
                          )}
                        </Table.Td>
                        <Table.Td w={40}>
                          <ActionIcon
                            hidden={readOnly}
                            variant="subtle"
                            color="negative"
                            aria-label={t('autoReplies.deleteAction')}
                            onClick={() => void run(deleteAction.mutateAsync(a.id))}
                          >
                            <IconTrash size={14} />
                          </ActionIcon>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
              {!readOnly && <StepActionForm step={step} steps={steps} />}
            </Stack>
          </Card>
        ))}
        <Group align="flex-end" display={readOnly ? 'none' : undefined}>
          <Textarea
            label={t('autoReplies.stepReply')}
            value={reply}
            onChange={(e) => setReply(e.currentTarget.value)}
            autosize
            minRows={2}
            maxLength={4096}
            style={{ flex: 1 }}
            data-testid="step-reply"
          />
          <Button
            onClick={() => void addStep()}
            loading={saveStep.isPending}
            disabled={!reply.trim()}
            data-testid="step-add"
          >
            {t('autoReplies.addStep')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
};
