import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { AUTO_REPLY_ACTIONS, type TAutoReply, type TAutoReplyAction, type TAutoReplyStep } from '@prosa/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../app/notify';
import { ConfirmDeleteModal } from '../../../ui/confirm-delete-modal';
import { showApiError } from '../../../ui/server-errors';
import { useQueues } from '../../queues/api/queues-api';
import { useAutoReplyUsers, useDeleteAction, useDeleteStep, useSaveStep } from '../api/auto-replies-api';
import { AutoReplyStepCard } from './auto-reply-step-card';

type TAutoReplyStepsModalProps = {
  item: TAutoReply | null;
  /** Agents see the steps but change nothing (the server would answer 403). */
  readOnly: boolean;
  onClose: () => void;
};

type TDeleting = { kind: 'step'; step: TAutoReplyStep } | { kind: 'action'; action: TAutoReplyAction };

/** The steps of one auto-reply, each with its actions; steps and actions are added, edited and deleted in place. */
export const AutoReplyStepsModal = ({ item, readOnly, onClose }: TAutoReplyStepsModalProps) => {
  const { t } = useTranslation();
  const saveStep = useSaveStep();
  const deleteStep = useDeleteStep();
  const deleteAction = useDeleteAction();
  const queues = useQueues(item !== null);
  const users = useAutoReplyUsers(item !== null);
  const [reply, setReply] = useState('');
  const [deleting, setDeleting] = useState<TDeleting | null>(null);
  const steps = item?.stepsReply ?? [];

  const stepName = (id: number | null) => t('autoReplies.stepLabel', { n: steps.findIndex((s) => s.id === id) + 1 });
  const describe = (a: TAutoReplyAction) => {
    if (a.action === AUTO_REPLY_ACTIONS.queue)
      return `${t('autoReplies.actionQueue')}: ${queues.data?.find((q) => q.id === a.queueId)?.queue ?? a.queueId}`;
    if (a.action === AUTO_REPLY_ACTIONS.user)
      return `${t('autoReplies.actionUser')}: ${users.data?.find((u) => u.id === a.userIdDestination)?.name ?? a.userIdDestination}`;
    return `${t('autoReplies.actionStep')}: ${stepName(a.nextStepId)}`;
  };

  const addStep = async () => {
    if (!item) return;
    try {
      await saveStep.mutateAsync({ replyId: item.id, stepId: null, body: { reply: reply.trim() } });
      setReply('');
    } catch (error) {
      showApiError(error);
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      if (deleting.kind === 'step') {
        await deleteStep.mutateAsync({ replyId: deleting.step.autoReplyId, stepId: deleting.step.id });
        notifySuccess(t('autoReplies.deletedStep'));
      } else {
        await deleteAction.mutateAsync(deleting.action.id);
        notifySuccess(t('autoReplies.deletedAction'));
      }
      setDeleting(null);
    } catch (error) {
      showApiError(error);
    }
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
          <AutoReplyStepCard
            key={step.id}
            step={step}
            index={index}
            steps={steps}
            readOnly={readOnly}
            describe={describe}
            onDeleteStep={(target) => setDeleting({ kind: 'step', step: target })}
            onDeleteAction={(target) => setDeleting({ kind: 'action', action: target })}
          />
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
      <ConfirmDeleteModal
        opened={deleting !== null}
        title={t(deleting?.kind === 'action' ? 'autoReplies.deleteActionTitle' : 'autoReplies.deleteStepTitle')}
        message={
          deleting?.kind === 'action'
            ? t('autoReplies.deleteActionMessage', {
                words: deleting.action.words,
                interpolation: { escapeValue: false },
              })
            : t('autoReplies.deleteStepMessage', { step: deleting ? stepName(deleting.step.id) : '' })
        }
        loading={deleteStep.isPending || deleteAction.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
      />
    </Modal>
  );
};
