import type { TOutboundChoices } from '../types.js';

/**
 * A chat flow's menu as a Cloud API `interactive` message: up to three reply buttons (titles of at most 20
 * characters), else a list of up to ten rows (titles of at most 24), else nothing (the menu goes as its
 * numbered text). A reply's id is the option's number; the customer's tap comes back as its title.
 */
const BUTTON_TITLE_MAX = 20;
const ROW_TITLE_MAX = 24;
const BUTTON_BODY_MAX = 1024;
const LIST_BODY_MAX = 4096;
/** The list's opening button, shown under the question. */
const LIST_BUTTON = 'Ver opções';

const fits = (choices: TOutboundChoices, count: number, titleMax: number, bodyMax: number) =>
  choices.text.trim().length > 0 &&
  choices.text.length <= bodyMax &&
  choices.options.length >= 1 &&
  choices.options.length <= count &&
  choices.options.every((option) => option.label.length <= titleMax);

export const graphInteractive = (choices: TOutboundChoices) => {
  const body = { text: choices.text };
  if (choices.display === 'buttons' && fits(choices, 3, BUTTON_TITLE_MAX, BUTTON_BODY_MAX))
    return {
      type: 'button',
      body,
      action: {
        buttons: choices.options.map((option) => ({ type: 'reply', reply: { id: option.id, title: option.label } })),
      },
    };
  if (fits(choices, 10, ROW_TITLE_MAX, LIST_BODY_MAX))
    return {
      type: 'list',
      body,
      action: {
        button: LIST_BUTTON,
        sections: [{ rows: choices.options.map((option) => ({ id: option.id, title: option.label })) }],
      },
    };
  return null;
};
