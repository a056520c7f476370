import { Button, Group, Select, TextInput } from '@mantine/core';
import { AUTO_REPLY_ACTIONS, type TAutoReplyAction, type TAutoReplyStep } from '@prosa/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifySuccess } from '../../../app/notify';
import { showApiError } from '../../../ui/server-errors';
import { useQueues } from '../../queues/api/queues-api';
import { useAutoReplyUsers, useSaveAction } from '../api/auto-replies-api';

type TStepActionFormProps = {
  step: TAutoReplyStep;
  steps: TAutoReplyStep[];
  /** The action being edited; without it the form adds a new one. */
  editing?: TAutoReplyAction;
  /** After an edit is saved or given up. */
  onDone?: () => void;
};

const targetOf = (a: TAutoReplyAction): number | null =>
  a.action === AUTO_REPLY_ACTIONS.queue
    ? a.queueId
    : a.action === AUTO_REPLY_ACTIONS.user
      ? a.userIdDestination
      : a.nextStepId;

/** Adds an action to a step, or edits one: the words that choose it, what it does and its target. */
export const StepActionForm = ({ step, steps, editing, onDone }: TStepActionFormProps) => {
  const { t } = useTranslation();
  const save = useSaveAction();
  const [words, setWords] = useState(editing?.words ?? '');
  const [action, setAction] = useState<string>(String(editing?.action ?? AUTO_REPLY_ACTIONS.step));
  const initialTarget = editing ? targetOf(editing) : null;
  const [target, setTarget] = useState<string | null>(initialTarget === null ? null : String(initialTarget));
  const [replyDefinition, setReplyDefinition] = useState(editing?.replyDefinition ?? '');
  const queues = useQueues(action === String(AUTO_REPLY_ACTIONS.queue));
  const users = useAutoReplyUsers(action === String(AUTO_REPLY_ACTIONS.user));

  const targets =
    action === String(AUTO_REPLY_ACTIONS.queue)
      ? (queues.data ?? []).map((q) => ({ value: String(q.id), label: q.queue }))
      : action === String(AUTO_REPLY_ACTIONS.user)
        ? (users.data ?? []).map((u) => ({ value: String(u.id), label: u.name }))
        : steps
            .map((s, i) => ({ value: String(s.id), label: t('autoReplies.stepLabel', { n: i + 1 }) }))
            .filter((s) => s.value !== String(step.id));

  const add = async () => {
    const kind = Number(action);
    const id = target ? Number(target) : null;
    try {
      const fields = {
        words: words.trim(),
        action: kind,
        nextStepId: kind === AUTO_REPLY_ACTIONS.step ? id : null,
        queueId: kind === AUTO_REPLY_ACTIONS.queue ? id : null,
        userIdDestination: kind === AUTO_REPLY_ACTIONS.user ? id : null,
        replyDefinition: replyDefinition.trim() || null,
      };
      if (editing) {
        await save.mutateAsync({ id: editing.id, body: fields });
        notifySuccess(t('autoReplies.saved'));
        onDone?.();
        return;
      }
      await save.mutateAsync({ id: null, body: { stepReplyId: step.id, ...fields } });
      setWords('');
      setTarget(null);
      setReplyDefinition('');
    } catch (error) {
      showApiError(error);
    }
  };

  return (
    <Group
      align="flex-end"
      gap="xs"
      wrap="wrap"
      data-testid={editing ? 'action-edit-form' : `step-${step.id}-action-form`}
    >
      <TextInput
        label={t('autoReplies.words')}
        value={words}
        onChange={(e) => setWords(e.currentTarget.value)}
        w={140}
        data-testid="action-words"
      />
      <Select
        label={t('autoReplies.action')}
        value={action}
        onChange={(value) => {
          setAction(value ?? '0');
          setTarget(null);
        }}
        allowDeselect={false}
        data={[
          { value: String(AUTO_REPLY_ACTIONS.step), label: t('autoReplies.actionStep') },
          { value: String(AUTO_REPLY_ACTIONS.queue), label: t('autoReplies.actionQueue') },
          { value: String(AUTO_REPLY_ACTIONS.user), label: t('autoReplies.actionUser') },
        ]}
        w={200}
        data-testid="action-kind"
      />
      <Select
        label={t('autoReplies.target')}
        value={target}
        onChange={setTarget}
        data={targets}
        searchable
        w={180}
        data-testid="action-target"
      />
      <TextInput
        label={t('autoReplies.replyDefinition')}
        value={replyDefinition}
        onChange={(e) => setReplyDefinition(e.currentTarget.value)}
        style={{ flex: 1, minWidth: 200 }}
        data-testid="action-reply"
      />
      {editing && (
        <Button variant="default" onClick={onDone}>
          {t('common.cancel')}
        </Button>
      )}
      <Button
        variant="light"
        onClick={() => void add()}
        loading={save.isPending}
        disabled={!words.trim() || !target}
        data-testid={editing ? 'action-save' : 'action-add'}
      >
        {t(editing ? 'autoReplies.saveAction' : 'autoReplies.addAction')}
      </Button>
    </Group>
  );
};
