import { z } from 'zod';

/**
 * Cloud API message kinds that carry no text of their own (an order, a notice of WhatsApp, a kind WhatsApp
 * does not hand to the Cloud API), written as the readable text an agent sees in the chat. pt-BR, as the
 * rest of what the customer's side shows.
 */

export const ZWabaOrder = z
  .object({
    catalog_id: z.string().optional(),
    text: z.string().optional(),
    product_items: z
      .array(
        z
          .object({
            product_retailer_id: z.string(),
            quantity: z.union([z.number(), z.string()]).optional(),
            item_price: z.union([z.number(), z.string()]).optional(),
            currency: z.string().optional(),
          })
          .loose(),
      )
      .optional(),
  })
  .loose();

export const ZWabaSystem = z
  .object({
    body: z.string().optional(),
    type: z.string().optional(),
    /** The customer's new WhatsApp id: `wa_id` in the older reference, `new_wa_id` in the newer. */
    wa_id: z.string().optional(),
    new_wa_id: z.string().optional(),
  })
  .loose();

export const unsupportedNotice = 'Mensagem não suportada pelo WhatsApp';

const money = (value: number, currency: string) => {
  try {
    return new Intl.NumberFormat('pt-BR', { style: 'currency', currency }).format(value);
  } catch {
    // A code Intl does not know: the amount with the code as Meta sent it.
    return `${currency} ${value.toFixed(2).replace('.', ',')}`;
  }
};

/** An order from the catalogue: one line per item (quantity, product, unit price), the total, the note. */
export const orderText = (order: z.infer<typeof ZWabaOrder>) => {
  const items = (order.product_items ?? []).map((item) => ({
    id: item.product_retailer_id,
    quantity: Number(item.quantity ?? 1) || 1,
    price: Number(item.item_price ?? 0) || 0,
    currency: item.currency ?? 'BRL',
  }));
  const currency = items[0]?.currency ?? 'BRL';
  const total = items.reduce((sum, item) => sum + item.quantity * item.price, 0);
  return [
    'Pedido pelo catálogo:',
    ...items.map((item) => `${item.quantity} × ${item.id} — ${money(item.price, item.currency)}`),
    `Total: ${money(total, currency)}`,
    ...(order.text ? [order.text] : []),
  ].join('\n');
};

/** A notice of WhatsApp about the customer; the new number when they changed it. */
export const systemNotice = (system: z.infer<typeof ZWabaSystem>) => {
  const newWaId = system.new_wa_id ?? system.wa_id;
  if (system.type === 'user_changed_number' && newWaId)
    return { body: `O cliente mudou de número para +${newWaId.replace(/\D/g, '')}`, newWaId };
  return { body: system.body ?? 'Aviso do WhatsApp', newWaId: null };
};
