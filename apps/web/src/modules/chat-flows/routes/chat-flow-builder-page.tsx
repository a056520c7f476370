import { Loader } from '@mantine/core';
import { useParams } from 'react-router';
import { useChatFlow } from '../api/chat-flows-api';

/** Placeholder until the builder page lands: loads the flow so the route and the hooks are wired. */
export const ChatFlowBuilderPage = () => {
  const { chatFlowId } = useParams();
  const flow = useChatFlow(Number(chatFlowId));
  return flow.data ? <div>{flow.data.name}</div> : <Loader size="sm" />;
};
