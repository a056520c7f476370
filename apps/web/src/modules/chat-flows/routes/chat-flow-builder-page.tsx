import { Center, Loader } from '@mantine/core';
import type { TChatFlowUpdate, TFlowDocument } from '@prosa/contracts';
import { useCallback, useMemo } from 'react';
import { useParams } from 'react-router';
import { ErrorState } from '../../../ui/data-states';
import { useAutoReplyUsers } from '../../auto-replies/api/auto-replies-api';
import { useTagOptions } from '../../contacts/api/contacts-api';
import { useQueues } from '../../queues/api/queues-api';
import { useChatFlow, useChatFlows, useUpdateChatFlow } from '../api/chat-flows-api';
import { FlowBuilder, type TBuilderLookups } from '../components/builder/flow-builder';
import { FlowSimulator } from '../components/flow-simulator';

/** The tenant's queues, users, tags and other flows, as the builder's selects list them. */
const useBuilderLookups = (chatFlowId: number): TBuilderLookups => {
  const queues = useQueues();
  const users = useAutoReplyUsers(true);
  const tags = useTagOptions();
  const flows = useChatFlows();
  return useMemo(
    () => ({
      queues: (queues.data ?? []).map((q) => ({ value: String(q.id), label: q.queue })),
      users: (users.data ?? []).map((u) => ({ value: String(u.id), label: u.name })),
      tags: (tags.data ?? []).map((tag) => ({ value: String(tag.id), label: tag.tag })),
      flows: (flows.data ?? []).filter((f) => f.id !== chatFlowId).map((f) => ({ value: String(f.id), label: f.name })),
    }),
    [queues.data, users.data, tags.data, flows.data, chatFlowId],
  );
};

/** `/chat-flow/builder/:chatFlowId`: the flow's editor (domain 2.11). */
export const ChatFlowBuilderPage = () => {
  const chatFlowId = Number(useParams().chatFlowId);
  const flow = useChatFlow(chatFlowId);
  const save = useUpdateChatFlow();
  const lookups = useBuilderLookups(chatFlowId);

  const update = useCallback(
    (body: TChatFlowUpdate) => save.mutateAsync({ id: chatFlowId, body }),
    [save.mutateAsync, chatFlowId],
  );
  const reload = useCallback(async () => {
    const result = await flow.refetch({ throwOnError: true });
    if (!result.data) throw result.error;
    return result.data;
  }, [flow.refetch]);

  const renderSimulator = useCallback(
    (doc: TFlowDocument) => <FlowSimulator flow={doc} chatFlowId={chatFlowId} lookups={lookups} />,
    [chatFlowId, lookups],
  );

  if (flow.isError) return <ErrorState error={flow.error} onRetry={() => void flow.refetch()} />;
  if (!flow.data)
    return (
      <Center h={300}>
        <Loader />
      </Center>
    );
  return (
    <FlowBuilder
      key={flow.data.id}
      flow={flow.data}
      update={update}
      reload={reload}
      lookups={lookups}
      renderSimulator={renderSimulator}
    />
  );
};
