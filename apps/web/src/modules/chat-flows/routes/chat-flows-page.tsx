import { Loader } from '@mantine/core';

/** The /chat-flow list (being built). */
export const ChatFlowsPage = () => <Loader size="sm" />;
