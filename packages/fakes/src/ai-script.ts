import type { IncomingMessage } from 'node:http';

// What the fake models answer next, shared by the OpenAI, Anthropic and Gemini protocols of one fake: a queue of
// scripted turns (tests), then rules on the customer's last message (demo and e2e), then an echo.

export type TAiToolCall = { name: string; arguments: Record<string, unknown> };

/** A provider error to answer with: its status, the provider's body (or one by status) and `retry-after`. */
export type TAiScriptedError = { status: number; body?: unknown; retryAfter?: number };

/** One scripted answer; a transcription request takes `text` as the transcript. */
export type TAiTurn = {
  text?: string;
  toolCalls?: TAiToolCall[];
  error?: TAiScriptedError;
  /** Waits this long before answering (timeouts). */
  delayMs?: number;
  usage?: { input: number; output: number };
};

/** When the customer's last message contains `when` (case-insensitive): `toolCall` first, then `reply`. */
export type TAiRule = { when: string; reply: string; toolCall?: TAiToolCall };

/** A request the fake received; secret headers (keys) keep their name with the value redacted. */
export type TAiRequest = { path: string; headers: Record<string, string>; body: unknown };

/** What a protocol read from a chat request, enough to pick the answer. */
export type TAiAsk = {
  lastUserText: string;
  /** The last message is a tool's result: the model now answers with text. */
  afterToolResult: boolean;
  /** Length of the conversation sent, for the default input token count. */
  promptChars: number;
};

export type TAiAnswer = {
  text: string;
  toolCalls: TAiToolCall[];
  usage: { input: number; output: number };
  error?: TAiScriptedError;
  delayMs: number;
};

const secretHeaders = new Set(['authorization', 'x-api-key', 'x-goog-api-key', 'api-key']);

export const defaultTranscript = 'Transcrição de teste';

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const tokensOf = (chars: number) => Math.max(1, Math.ceil(chars / 4));

/** The list a control path was given, as `[...]` or `{ turns | rules: [...] }`; null when it is neither. */
const listOf = (body: unknown, key: string): Record<string, unknown>[] | null => {
  const list = Array.isArray(body) ? body : isObject(body) ? body[key] : undefined;
  return Array.isArray(list) && list.every(isObject) ? list : null;
};

export const createAiScript = () => {
  let turns: TAiTurn[] = [];
  let rules: TAiRule[] = [];
  const requests: TAiRequest[] = [];

  const answerOf = (turn: TAiTurn, ask: TAiAsk): TAiAnswer => {
    const text = turn.text ?? '';
    const toolCalls = turn.toolCalls ?? [];
    const outputChars = text.length + JSON.stringify(toolCalls.map((call) => call.arguments)).length;
    return {
      text,
      toolCalls,
      usage: turn.usage ?? { input: tokensOf(ask.promptChars), output: tokensOf(outputChars) },
      ...(turn.error ? { error: turn.error } : {}),
      delayMs: turn.delayMs ?? 0,
    };
  };

  const ruleTurn = (ask: TAiAsk): TAiTurn | null => {
    const said = ask.lastUserText.toLowerCase();
    const rule = rules.find((r) => r.when !== '' && said.includes(r.when.toLowerCase()));
    if (!rule) return null;
    if (rule.toolCall && !ask.afterToolResult) return { toolCalls: [rule.toolCall] };
    return { text: rule.reply };
  };

  return {
    /** Adds turns to the end of the queue. */
    push: (more: TAiTurn[]) => {
      turns.push(...more);
      return { queued: turns.length };
    },
    setRules: (next: TAiRule[]) => {
      rules = [...next];
      return { rules: rules.length };
    },
    reset: () => {
      turns = [];
      rules = [];
      requests.length = 0;
      return { reset: true };
    },
    requests: () => [...requests],
    record: (req: IncomingMessage, url: URL, body: unknown) => {
      const headers: Record<string, string> = {};
      for (const [name, value] of Object.entries(req.headers)) {
        if (value === undefined) continue;
        headers[name] = secretHeaders.has(name) ? '[redacted]' : String(value);
      }
      const query = new URLSearchParams(url.search);
      if (query.has('key')) query.set('key', '[redacted]');
      const search = query.toString();
      requests.push({ path: url.pathname + (search ? `?${search}` : ''), headers, body });
    },
    /** The next chat answer: the script's next turn, else a matching rule, else the echo. */
    nextChat: (ask: TAiAsk): TAiAnswer => {
      const turn = turns.shift() ?? ruleTurn(ask) ?? { text: `Resposta de teste para: ${ask.lastUserText}` };
      return answerOf(turn, ask);
    },
    /** The next transcription: the script's next turn (its `text`), else the default transcript. */
    nextTranscript: (): TAiAnswer => {
      const turn = turns.shift() ?? { text: defaultTranscript };
      return answerOf(turn, { lastUserText: '', afterToolResult: false, promptChars: 0 });
    },
    /** Reads a control path's body: `script` and `rules` take a list, as-is or under `turns` / `rules`. */
    turnsOf: (body: unknown) => listOf(body, 'turns') as TAiTurn[] | null,
    rulesOf: (body: unknown) => {
      const list = listOf(body, 'rules');
      return list?.every((r) => typeof r.when === 'string' && typeof r.reply === 'string') ? (list as TAiRule[]) : null;
    },
  };
};

export type TAiScript = ReturnType<typeof createAiScript>;

/** Waits a scripted delay (the fake plays a slow model). */
export const pause = (ms: number) =>
  ms > 0 ? new Promise<void>((resolve) => setTimeout(resolve, ms)) : Promise.resolve();

/** Splits a text into the pieces a stream sends (a word with its following space each). */
export const piecesOf = (text: string, size?: number) => {
  if (size) {
    const out: string[] = [];
    for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
    return out;
  }
  return text.match(/\S+\s*|\s+/g) ?? [];
};

/** What each protocol's handler gets from the fake serving it. */
export type TAiFakeContext = {
  script: TAiScript;
  /** The key every request must carry; undefined: any key or none. */
  apiKey?: string;
  /** A fresh id for a response (`chatcmpl-…`, `msg_…`). */
  nextId: () => string;
};
