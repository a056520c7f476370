import { ActionIcon, Badge, Button, Card, Checkbox, Group, Stack, Table, Text, Textarea } from '@mantine/core';
import type { TAutoReplyAction, TAutoReplyStep } from '@prosa/contracts';
import { IconStar } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../app/notify';
import { RowActions } from '../../../ui/list-table';
import { showApiError } from '../../../ui/server-errors';
import { useSaveStep } from '../api/auto-replies-api';
import { StepActionForm } from './step-action-form';

type TStepCardProps = {
  step: TAutoReplyStep;
  index: number;
  steps: TAutoReplyStep[];
  readOnly: boolean;
  /** What an action does, in words ("Transferir para a fila: Financeiro"). */
  describe: (action: TAutoReplyAction) => string;
  onDeleteStep: (step: TAutoReplyStep) => void;
  onDeleteAction: (action: TAutoReplyAction) => void;
};

/** The text and initial flag of a step, edited in place. */
const StepEditor = ({ step, onDone }: { step: TAutoReplyStep; onDone: () => void }) => {
  const { t } = useTranslation();
  const save = useSaveStep();
  const [reply, setReply] = useState(step.reply);
  const [initial, setInitial] = useState(step.initialStep);
  const submit = async () => {
    // Only what changed: the server moves the initial flag from the other steps when it is set here.
    const body = {
      ...(reply.trim() !== step.reply ? { reply: reply.trim() } : {}),
      ...(initial !== step.initialStep ? { initialStep: initial } : {}),
    };
    if (Object.keys(body).length === 0) return onDone();
    try {
      await save.mutateAsync({ replyId: step.autoReplyId, stepId: step.id, body });
      notifySuccess(t('autoReplies.saved'));
      onDone();
    } catch (error) {
      showApiError(error);
    }
  };
  return (
    <Stack gap="xs" data-testid="step-editor">
      <Textarea
        label={t('autoReplies.stepReply')}
        value={reply}
        onChange={(e) => setReply(e.currentTarget.value)}
        autosize
        minRows={2}
        maxLength={4096}
        data-autofocus
        data-testid="step-edit-reply"
      />
      <Checkbox
        label={t('autoReplies.initialLabel')}
        checked={initial}
        onChange={(e) => setInitial(e.currentTarget.checked)}
        data-testid="step-edit-initial"
      />
      <Group justify="flex-end" gap="xs">
        <Button variant="default" onClick={onDone}>
          {t('common.cancel')}
        </Button>
        <Button onClick={() => void submit()} loading={save.isPending} disabled={!reply.trim()} data-testid="step-save">
          {t('autoReplies.saveStep')}
        </Button>
      </Group>
    </Stack>
  );
};

/** One step of an auto-reply: its text, its actions (words -> what happens) and, for admins, their changes. */
export const AutoReplyStepCard = ({
  step,
  index,
  steps,
  readOnly,
  describe,
  onDeleteStep,
  onDeleteAction,
}: TStepCardProps) => {
  const { t } = useTranslation();
  const save = useSaveStep();
  const [editingStep, setEditingStep] = useState(false);
  const [editingAction, setEditingAction] = useState<number | null>(null);

  return (
    <Card withBorder data-testid="auto-reply-step">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs">
            <Text fw={600}>{t('autoReplies.stepLabel', { n: index + 1 })}</Text>
            {step.initialStep && <Badge variant="light">{t('autoReplies.initial')}</Badge>}
          </Group>
          <RowActions
            editLabel={t('autoReplies.editStep')}
            deleteLabel={t('autoReplies.deleteStep')}
            onEdit={() => setEditingStep(true)}
            onDelete={() => onDeleteStep(step)}
            testIdPrefix="step"
            canManage={!readOnly}
          >
            {!step.initialStep && !readOnly && (
              <ActionIcon
                variant="subtle"
                aria-label={t('autoReplies.makeInitial')}
                onClick={() =>
                  void save
                    .mutateAsync({ replyId: step.autoReplyId, stepId: step.id, body: { initialStep: true } })
                    .catch((error) => showApiError(error))
                }
              >
                <IconStar size={16} />
              </ActionIcon>
            )}
          </RowActions>
        </Group>
        {editingStep && !readOnly ? (
          <StepEditor step={step} onDone={() => setEditingStep(false)} />
        ) : (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {step.reply}
          </Text>
        )}
        {step.stepsReplyAction.length === 0 ? (
          <Text size="xs" c="dimmed">
            {t('autoReplies.noActions')}
          </Text>
        ) : (
          <Table verticalSpacing={4}>
            <Table.Tbody>
              {step.stepsReplyAction.map((a) =>
                editingAction === a.id && !readOnly ? (
                  <Table.Tr key={a.id}>
                    <Table.Td colSpan={3}>
                      <StepActionForm step={step} steps={steps} editing={a} onDone={() => setEditingAction(null)} />
                    </Table.Td>
                  </Table.Tr>
                ) : (
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
                    <Table.Td w={80}>
                      <RowActions
                        editLabel={t('autoReplies.editAction')}
                        deleteLabel={t('autoReplies.deleteAction')}
                        onEdit={() => setEditingAction(a.id)}
                        onDelete={() => onDeleteAction(a)}
                        testIdPrefix="action"
                        canManage={!readOnly}
                      />
                    </Table.Td>
                  </Table.Tr>
                ),
              )}
            </Table.Tbody>
          </Table>
        )}
        {!readOnly && <StepActionForm step={step} steps={steps} />}
      </Stack>
    </Card>
  );
};
