import type { TBotSettings } from '@prosa/contracts';
import {
  BotCallError,
  type TBotClient,
  type TBotConverseInput,
  type TBotConverseResult,
  type TConversingBotProvider,
} from './bot-client.js';
import { dialogflowClient } from './dialogflow-client.js';
import { difyClient } from './dify-client.js';
import { n8nClient } from './n8n-client.js';
import { typebotClient } from './typebot-client.js';

/** The client of each provider that answers messages. */
export const botClients: { [P in TConversingBotProvider]: TBotClient<P> } = {
  typebot: typebotClient,
  dify: difyClient,
  dialogflow: dialogflowClient,
  n8n: n8nClient,
};

/**
 * One customer message to the bot the settings name, through its provider's client. Vapi answers calls, not
 * messages: asking it is a BotCallError.
 */
export const converseWithBot = (
  input: Omit<TBotConverseInput, 'settings'> & { settings: TBotSettings },
): Promise<TBotConverseResult> => {
  const { settings } = input;
  switch (settings.provider) {
    case 'typebot':
      return botClients.typebot.converse({ ...input, settings });
    case 'dify':
      return botClients.dify.converse({ ...input, settings });
    case 'dialogflow':
      return botClients.dialogflow.converse({ ...input, settings });
    case 'n8n':
      return botClients.n8n.converse({ ...input, settings });
    case 'vapi':
      return Promise.reject(new BotCallError('vapi', 'Vapi atende chamadas de voz, não mensagens de texto'));
    default: {
      const never: never = settings;
      return Promise.reject(new Error(`unknown bot provider ${(never as { provider: string }).provider}`));
    }
  }
};
