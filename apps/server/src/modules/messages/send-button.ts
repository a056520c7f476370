import type { TMessage } from '@prosa/contracts';
import { ZId } from '@prosa/contracts';
import { z } from 'zod';
import type { TRequestContext } from '../../platform/auth/authenticate.js';
import type { TServices } from '../../platform/services.js';
import { sendMessage } from './send-message.js';

export const ZSendButton = z.object({
  ticketId: ZId,
  body: z.string().trim().min(1).max(4_096),
  buttons: z
    .array(z.object({ id: z.string().trim().max(256).optional(), text: z.string().trim().min(1).max(256) }))
    .min(1)
    .max(10),
  footer: z.string().trim().max(256).optional(),
  idFront: z.string().trim().min(1).max(100).optional(),
});
export type TSendButton = z.infer<typeof ZSendButton>;

/** The options as the customer reads them where a channel has no buttons: one numbered line each. */
export const buttonsAsText = (input: Pick<TSendButton, 'body' | 'buttons' | 'footer'>): string =>
  [input.body, '', ...input.buttons.map((button, index) => `${index + 1} - ${button.text}`)]
    .concat(input.footer ? ['', input.footer] : [])
    .join('\n');

/**
 * POST /sendButton: a message with options, through the same path (visibility, window, signature, pacing) as
 * any message an agent writes. The body is the options' numbered text; they go as buttons (or a list) where the
 * channel shows them: Cloud API, Telegram, web chat. A tap comes back as the option's text.
 */
export const sendButtonMessage = (
  services: Pick<TServices, 'db' | 'events' | 'outbound' | 'channels'>,
  ctx: TRequestContext,
  input: TSendButton,
): Promise<TMessage> =>
  sendMessage(services, ctx, input.ticketId, {
    body: buttonsAsText(input),
    idFront: input.idFront,
    choices: {
      display: 'buttons',
      text: input.body,
      options: input.buttons.map((button, index) => ({ id: String(index + 1), label: button.text })),
    },
  });
