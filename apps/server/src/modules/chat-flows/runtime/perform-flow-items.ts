import { fillVariables, findVariables, type TFlowInteraction, type TFlowOutgoing } from '@prosa/contracts';
import { moveContactToLane } from '../../contacts/contacts.service.js';
import { queueAutomaticMessages, type TAutomaticMessage } from '../../messages/queue-automatic-message.js';
import type { TMediaInput } from '../../messages/send-message.js';
import { addTicketTag } from '../../tickets/tickets.service.js';
import { buildTicketVariables } from '../../variables/variables.service.js';
import { flowMediaOf } from './flow-media.js';
import { forgetTicket, keepBefore, messageTicketOf, type TFlowRun, ticketOf, updateTicket } from './flow-run.js';

type TMenu = Extract<TFlowInteraction, { type: 'MessageOptionsField' }>['data'];

/** Whether any of these texts uses a variable (none: nothing to read to fill them). */
const usesVariables = (...texts: (string | undefined)[]) =>
  texts.some((text) => text !== undefined && findVariables(text).length > 0);

/** A bot message of the step, its variables filled; the step's messages are stored together, in order. */
const composeText = async (
  run: TFlowRun,
  text: string,
  variables: Record<string, string>,
  extra: { media?: TMediaInput; menu?: TMenu } = {},
): Promise<TAutomaticMessage | null> => {
  const { media, menu } = extra;
  if (!text.trim() && !media) return null;
  // The ticket's variables are read once per run (again after a hand-off changed its queue or agent), and only
  // when a text uses one.
  if (usesVariables(text, menu?.message))
    run.variables ??= await buildTicketVariables(run.tx, run.tenantId, await ticketOf(run));
  const fill = (raw: string) =>
    run.variables
      ? fillVariables(raw, { ...run.variables.values, ...variables }, { timeZone: run.variables.timeZone, at: run.now })
      : raw;
  // A menu shown as buttons or a list carries its options; channels without them send the numbered text.
  const choices =
    menu && menu.display !== 'text'
      ? {
          display: menu.display,
          text: fill(menu.message),
          options: menu.options.map((option, i) => ({ id: String(i + 1), label: option.label })),
        }
      : undefined;
  return {
    body: fill(text),
    sendType: 'bot',
    at: run.now,
    ...(media ? { media } : {}),
    ...(choices ? { choices } : {}),
  };
};

/**
 * A Kanban step: the contact moves to the lane (`contacts.kanban`, what campaigns' audiences and
 * contatos-por-kanban read, announced as `contact.updated`), and the ticket with it (what the ticket list's
 * kanban filter and `{{kanban}}` read). The texts after it in the run are filled with the new lane.
 * NOTE: the contact's row is locked under the ticket's here, the reverse of the inbound path (contact, then
 * ticket); that path writes the contact only when the channel taught something new, and PostgreSQL breaks a
 * crossing by failing one of the two (the flow's job is retried).
 */
const moveToLane = async (run: TFlowRun, kanban: number) => {
  await moveContactToLane(run.services, run.tx, run.tenantId, run.row.contactId, kanban);
  await updateTicket(run, { kanban });
  forgetTicket(run);
};

/** The texts of `items` up to a delay or a webhook, with the index it stopped at (-1: all of them). */
const composeItems = async (
  run: TFlowRun,
  items: readonly TFlowOutgoing[],
  variables: Record<string, string>,
): Promise<{ texts: TAutomaticMessage[]; stop: number }> => {
  const texts: TAutomaticMessage[] = [];
  const add = (text: TAutomaticMessage | null) => {
    if (text) texts.push(text);
  };
  for (const [index, item] of items.entries()) {
    if (item.kind === 'text') {
      add(await composeText(run, item.text, variables));
      continue;
    }
    const { interaction } = item;
    switch (interaction.type) {
      case 'MessageField':
        add(await composeText(run, interaction.data.message, variables));
        break;
      case 'MediaField': {
        const media = await flowMediaOf(run, interaction.data);
        if (media === 'link')
          add(
            await composeText(
              run,
              [interaction.data.caption, interaction.data.mediaUrl].filter((part) => part.trim()).join('\n'),
              variables,
            ),
          );
        else add(await composeText(run, interaction.data.caption, variables, media ? { media } : {}));
        break;
      }
      case 'MessageOptionsField': {
        const lines = interaction.data.options.map((option, i) => `${i + 1} - ${option.label}`);
        add(
          await composeText(run, `${interaction.data.message}\n\n${lines.join('\n')}`.trim(), variables, {
            menu: interaction.data,
          }),
        );
        break;
      }
      case 'TagField':
        await keepBefore(run);
        if (await addTicketTag(run.tx, run.tenantId, run.row.id, interaction.data.tagId)) {
          run.ticketChanged = true;
          run.visibility = undefined;
        }
        break;
      case 'KanbanField':
        await moveToLane(run, interaction.data.kanban);
        break;
      case 'DelayField':
      case 'WebhookField':
        return { texts, stop: index };
      case 'ChatFlowField':
      case 'AssistantField':
        // The engine turns a jump or a hand-off to an assistant into the outcome's exit; nothing to send here.
        break;
      default: {
        const never: never = interaction;
        throw new Error(`unknown interaction ${JSON.stringify(never)}`);
      }
    }
  }
  return { texts, stop: -1 };
};

/**
 * Sends the outgoing items in order until a delay or a webhook, which only a continuation job may perform:
 * returns that item's index, or -1 when everything went out. Tags and kanban lanes are applied in place; the
 * texts go out together (one insert, their sends queued and announced in order; in a batch, with the other
 * runs' texts when the batch writes). A menu goes out as numbered
 * text, carrying its options for channels that show buttons or a list; a media step's stored file goes out as
 * a media message (caption as its body), a link as the caption and the link.
 */
export const performItems = async (
  run: TFlowRun,
  items: readonly TFlowOutgoing[],
  variables: Record<string, string>,
): Promise<number> => {
  const { texts, stop } = await composeItems(run, items, variables);
  if (texts.length === 0) return stop;
  if (run.writes) run.writes.messages.push({ ticket: await messageTicketOf(run), inputs: texts });
  else await queueAutomaticMessages(run.services, run.tx, run.tenantId, await messageTicketOf(run), texts);
  return stop;
};
