/**
 * What the Cloud API refuses in an `interactive` message it is asked to send, as its docs state the limits:
 * reply buttons (1-3, unique ids, titles of at most 20 characters, a body of at most 1024) and lists (a button
 * label of at most 20, 1-10 sections holding 1-10 rows in all, row titles of at most 24, descriptions of at most
 * 72, a body of at most 4096). Null when it would go out.
 */
type TReply = { type?: string; reply?: { id?: unknown; title?: unknown } };
type TRow = { id?: unknown; title?: unknown; description?: unknown };
type TInteractive = {
  type?: string;
  body?: { text?: unknown };
  action?: { buttons?: TReply[]; button?: unknown; sections?: { title?: unknown; rows?: TRow[] }[] };
};

const text = (value: unknown, max: number) => typeof value === 'string' && value.trim() !== '' && value.length <= max;
const unique = (ids: unknown[]) => new Set(ids).size === ids.length;

export const interactiveProblem = (interactive: TInteractive | undefined): string | null => {
  if (!interactive) return 'interactive is required';
  const { action } = interactive;
  if (interactive.type === 'button') {
    if (!text(interactive.body?.text, 1024)) return 'body.text';
    const buttons = action?.buttons ?? [];
    if (buttons.length < 1 || buttons.length > 3) return 'action.buttons must have 1-3 items';
    if (!buttons.every((b) => b.type === 'reply' && text(b.reply?.id, 256) && text(b.reply?.title, 20)))
      return 'button title';
    if (!unique(buttons.map((b) => b.reply?.id))) return 'button ids must be unique';
    return null;
  }
  if (interactive.type === 'list') {
    if (!text(interactive.body?.text, 4096)) return 'body.text';
    if (!text(action?.button, 20)) return 'action.button';
    const sections = action?.sections ?? [];
    if (sections.length < 1 || sections.length > 10) return 'action.sections';
    if (sections.length > 1 && !sections.every((s) => text(s.title, 24))) return 'section title';
    const rows = sections.flatMap((s) => s.rows ?? []);
    if (rows.length < 1 || rows.length > 10) return 'rows must have 1-10 items';
    const rowOk = (r: TRow) =>
      text(r.id, 200) && text(r.title, 24) && (r.description === undefined || text(r.description, 72));
    if (!rows.every(rowOk)) return 'row title';
    if (!unique(rows.map((r) => r.id))) return 'row ids must be unique';
    return null;
  }
  return `interactive type ${String(interactive.type)}`;
};
