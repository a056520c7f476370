/** The longest message an assistant sends in one piece; longer replies go out in parts. */
export const MAX_REPLY_PART = 1000;

/**
 * A long reply cut at paragraph, then sentence boundaries into parts of at most `max` characters (a very long
 * sentence is cut at a space). Short replies stay one message.
 */
export const splitReply = (text: string, max = MAX_REPLY_PART): string[] => {
  const trimmed = text.trim();
  if (trimmed.length <= max) return trimmed ? [trimmed] : [];
  const pieces = trimmed
    .split(/\n{2,}/)
    .flatMap((paragraph) =>
      paragraph.length <= max ? [paragraph] : (paragraph.match(/[^.!?]+[.!?]+["')\]]*\s*|[^.!?]+$/g) ?? [paragraph]),
    )
    .flatMap((piece) => {
      const parts: string[] = [];
      let rest = piece.trim();
      while (rest.length > max) {
        const cut = rest.lastIndexOf(' ', max);
        const at = cut > max / 2 ? cut : max;
        parts.push(rest.slice(0, at).trim());
        rest = rest.slice(at).trim();
      }
      if (rest) parts.push(rest);
      return parts;
    });
  const parts: string[] = [];
  for (const piece of pieces) {
    const last = parts.at(-1);
    if (last !== undefined && last.length + 1 + piece.length <= max) parts[parts.length - 1] = `${last} ${piece}`;
    else parts.push(piece);
  }
  return parts;
};
