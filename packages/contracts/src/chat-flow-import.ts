import {
  CHAT_FLOW_VERSION,
  CONFIGURATIONS_NODE_ID,
  START_NODE_ID,
  type TFlowDocument,
  ZFlowDocument,
} from './chat-flow.js';
import type { TFlowIssue } from './chat-flow-validate.js';

/**
 * Import of a flow exported by the family's products (domain 2.11: `{name, nodeList, lineList}`, positions as
 * "123px", ids as strings, numbers often as strings) or by Prosa itself (version 1, taken as is). What cannot
 * be carried over (Typebot and ChatGPT steps, palette nodes that never ran) is dropped and named in
 * `warnings`; what remains must still pass the document schema. Graph rules are the caller's (validateFlow).
 */
export type TFlowImportResult =
  | { ok: true; flow: TFlowDocument; warnings: TFlowIssue[] }
  | { ok: false; issues: TFlowIssue[] };

type TRecord = Record<string, unknown>;

const isRecord = (value: unknown): value is TRecord =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const asRecord = (value: unknown): TRecord => (isRecord(value) ? value : {});
const asText = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? `${value}` : '';
/** "123px", "123" and 123 are 123; anything else is NaN. */
const asNumber = (value: unknown): number =>
  typeof value === 'number' ? value : typeof value === 'string' && value.trim() ? Number.parseFloat(value) : Number.NaN;
/** A row id ("7", 7 or {id: 7}), or null. */
const asRowId = (value: unknown): number | null => {
  const n = asNumber(isRecord(value) ? value.id : value);
  return Number.isInteger(n) && n > 0 ? n : null;
};
const clamp = (n: number, min: number, max: number) => Math.min(max, Math.max(min, n));
const position = (value: unknown) => {
  const n = asNumber(value);
  return Number.isFinite(n) ? clamp(Math.round(n), -100_000, 100_000) : 0;
};
const asWords = (value: unknown): string[] => {
  const list = Array.isArray(value) ? value.map(asText) : asText(value).split(',');
  return list.map((w) => w.trim()).filter((w) => w !== '');
};

/** A destination `{type, destiny}`; absent or unreadable: null (the rule is off). */
const destination = (value: unknown) => {
  if (!isRecord(value)) return null;
  const type = asNumber(value.type);
  return { type: type === 2 || type === 3 ? type : 1, destiny: asRowId(value.destiny) };
};

const configurations = (value: unknown) => {
  const c = asRecord(value);
  const notOptions = asRecord(c.notOptionsSelectMessage);
  const notResponse = destination(c.notResponseMessage);
  const notResponseRaw = asRecord(c.notResponseMessage);
  const maxRetry = destination(c.maxRetryBotMessage);
  const time = asNumber(notResponseRaw.time);
  const retries = asNumber(asRecord(c.maxRetryBotMessage).number);
  const distribute = asText(c.autoDistributeTickets);
  return {
    notOptionsSelectMessage: {
      message: asText(notOptions.message),
      stepReturn: asText(notOptions.stepReturn) === 'S' ? 'S' : 'A',
    },
    notResponseMessage: notResponse && {
      ...notResponse,
      time: Number.isFinite(time) ? clamp(Math.round(time), 0, 10_080) : 10,
      message: asText(notResponseRaw.message),
    },
    welcomeMessage: { message: asText(asRecord(c.welcomeMessage).message) },
    maxRetryBotMessage: maxRetry && {
      ...maxRetry,
      number: Number.isFinite(retries) ? clamp(Math.round(retries), 1, 20) : 3,
    },
    autoDistributeTickets: distribute === 'R' || distribute === 'B' ? distribute : 'N',
    answerCloseTicket: asWords(c.answerCloseTicket).slice(0, 50),
    farewellMessage: { message: asText(asRecord(c.farewellMessage).message) },
    outOpenHours: destination(c.outOpenHours),
    firstInteraction: destination(c.firstInteraction),
    keyword: { message: asText(asRecord(c.keyword).message).trim() },
  };
};

/** The options of a family menu, whatever their shape: strings, or objects with a label, title, text or value. */
const menuOptions = (data: TRecord): string[] => {
  const raw = [data.options, data.values, data.buttons, data.list, data.rows].find(Array.isArray) ?? [];
  return raw
    .map((o) => (isRecord(o) ? asText(o.label ?? o.title ?? o.text ?? o.value ?? o.body) : asText(o)).trim())
    .filter((label) => label !== '')
    .map((label) => label.slice(0, 100));
};

type TWarn = (path: string, message: string) => void;

const interaction = (raw: unknown, index: number, warn: TWarn): TRecord | null => {
  const item = asRecord(raw);
  const type = asText(item.type);
  const id = asText(item.id).trim() || `i${index + 1}`;
  const data = asRecord(item.data);
  const skip = (message: string) => {
    warn(`interactions.${index}`, message);
    return null;
  };
  switch (type) {
    case 'MessageField':
      return { id, type, data: { message: asText(data.message) } };
    case 'MediaField':
      return {
        id,
        type,
        data: {
          mediaUrl: asText(data.mediaUrl) || asText(data.media),
          mimeType: asText(data.type),
          name: asText(data.name) || asText(data.media),
          caption: asText(data.caption),
        },
      };
    case 'MessageOptionsField': {
      const message = asText(data.message ?? data.title ?? data.text ?? data.body);
      const options = menuOptions(data);
      if (options.length > 10) warn(`interactions.${index}`, 'o menu tinha mais de 10 opções: ficaram as 10 primeiras');
      if (options.length === 0) return message ? { id, type: 'MessageField', data: { message } } : skip('menu vazio');
      const display = ['buttons', 'list'].includes(asText(data.display)) ? data.display : 'text';
      return {
        id,
        type,
        data: { message, display, options: options.slice(0, 10).map((label, i) => ({ id: `o${i + 1}`, label })) },
      };
    }
    case 'WebhookField': {
      const url = asText(data.webhook ?? data.url).trim();
      return /^https?:\/\//i.test(url)
        ? { id, type, data: { url } }
        : skip('webhook sem endereço http(s): não importado');
    }
    case 'ChatFlowField': {
      const chatFlowId = asRowId(data.chatFlow ?? data.chatFlowId);
      return chatFlowId ? { id, type, data: { chatFlowId } } : skip('salto sem fluxo de destino: não importado');
    }
    case 'DelayField': {
      const time = asNumber(data.time ?? data.seconds);
      return { id, type, data: { seconds: Number.isFinite(time) ? clamp(Math.round(time), 1, 60) : 1 } };
    }
    case 'TagField': {
      const tagId = asRowId(data.tag ?? data.tagId);
      return tagId ? { id, type, data: { tagId } } : skip('etiqueta não escolhida: não importada');
    }
    case 'KanbanField': {
      const kanban = asRowId(data.kanban);
      return kanban ? { id, type, data: { kanban } } : skip('coluna do kanban não escolhida: não importada');
    }
    case 'TypebotField':
      return skip('etapa Typebot não é importada');
    case 'ChatGPTField':
      return skip('etapa ChatGPT não é importada');
    default:
      return skip(`interação "${type || '?'}" desconhecida: não importada`);
  }
};

const condition = (raw: unknown, index: number, warn: TWarn): TRecord | null => {
  const c = asRecord(raw);
  const action = asNumber(c.action);
  if (![0, 1, 2, 3].includes(action)) {
    warn(`conditions.${index}`, 'condição com ação desconhecida: não importada');
    return null;
  }
  const words = asWords(c.condition).map((w) => w.slice(0, 200));
  return {
    id: asText(c.id).trim() || `c${index + 1}`,
    type: asText(c.type) === 'R' ? 'R' : 'US',
    condition: words.slice(0, 50),
    action,
    nextStepId: action === 0 ? asText(c.nextStepId).trim() || null : null,
    queueId: action === 1 ? asRowId(c.queueId) : null,
    userIdDestination: action === 2 ? asRowId(c.userIdDestination) : null,
  };
};

const node = (raw: unknown, index: number, warnings: TFlowIssue[]): TRecord | null => {
  const n = asRecord(raw);
  const id = asText(n.id).trim();
  const type = asText(n.type);
  const base = { id, name: asText(n.name).trim().slice(0, 200), left: position(n.left), top: position(n.top) };
  const nodeWarn = (path: string, message: string) =>
    warnings.push({ nodeId: id || null, path: `nodeList.${id || index}${path ? `.${path}` : ''}`, message });
  if (!id) {
    nodeWarn('', 'nó sem id: não importado');
    return null;
  }
  if (type === 'start' || id === START_NODE_ID) return { ...base, id: START_NODE_ID, type: 'start' };
  if (type === 'configurations' || id === CONFIGURATIONS_NODE_ID)
    return {
      ...base,
      id: CONFIGURATIONS_NODE_ID,
      type: 'configurations',
      configurations: configurations(n.configurations),
    };
  if (type !== 'node') {
    nodeWarn('', `nó do tipo "${type || '?'}" não é importado`);
    return null;
  }
  const interactions = (Array.isArray(n.interactions) ? n.interactions : [])
    .map((item, i) => interaction(item, i, nodeWarn))
    .filter((item) => item !== null);
  const conditions = (Array.isArray(n.conditions) ? n.conditions : [])
    .map((item, i) => condition(item, i, nodeWarn))
    .filter((item) => item !== null);
  return { ...base, type: 'node', interactions, conditions };
};

/**
 * The family's lines are only a drawing (its engine follows `nextStepId`): each go-to condition gets its line,
 * and a line between steps that no condition uses is left out, so the imported flow follows our graph rules.
 */
const lines = (rawLines: unknown, nodes: TRecord[], warnings: TFlowIssue[]) => {
  const ids = new Set(nodes.map((n) => n.id as string));
  const goTo = new Set<string>();
  for (const n of nodes)
    for (const c of (n.conditions as TRecord[] | undefined) ?? [])
      if (c.action === 0 && typeof c.nextStepId === 'string' && ids.has(c.nextStepId) && c.nextStepId !== n.id)
        goTo.add(`${n.id}->${c.nextStepId}`);
  const kept = new Set<string>();
  for (const raw of Array.isArray(rawLines) ? rawLines : []) {
    const from = asText(asRecord(raw).from).trim();
    const to = asText(asRecord(raw).to).trim();
    const key = `${from}->${to}`;
    if (from === START_NODE_ID && ids.has(to)) kept.add(key);
    else if (goTo.has(key)) kept.add(key);
    else
      warnings.push({
        nodeId: ids.has(from) ? from : null,
        path: `lineList.${key}`,
        message: 'linha sem condição que a use: não importada',
      });
  }
  for (const key of goTo) kept.add(key);
  return [...kept].map((key) => {
    const [from = '', to = ''] = key.split('->');
    return { from, to };
  });
};

const fromZod = (doc: unknown, error: { issues: { path: PropertyKey[]; message: string }[] }): TFlowIssue[] => {
  const nodes = asRecord(doc).nodeList;
  return error.issues.map((issue) => {
    const [head, index] = issue.path;
    const nodeId =
      head === 'nodeList' && typeof index === 'number' && Array.isArray(nodes)
        ? asText(asRecord(nodes[index]).id) || null
        : null;
    return { nodeId, path: issue.path.map(String).join('.'), message: issue.message };
  });
};

/** A family export may be the flow itself, the chat-flow row around it, or either as a JSON string. */
const unwrap = (json: unknown): unknown => {
  let value = json;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return null;
    }
  }
  if (isRecord(value) && !Array.isArray(value.nodeList) && value.flow !== undefined) return unwrap(value.flow);
  return value;
};

export const importFamilyFlow = (json: unknown): TFlowImportResult => {
  const doc = unwrap(json);
  if (!isRecord(doc) || !Array.isArray(doc.nodeList))
    return {
      ok: false,
      issues: [{ nodeId: null, path: 'nodeList', message: 'o arquivo não é um fluxo (falta nodeList)' }],
    };

  if (doc.version === CHAT_FLOW_VERSION) {
    const parsed = ZFlowDocument.safeParse(doc);
    return parsed.success
      ? { ok: true, flow: parsed.data, warnings: [] }
      : { ok: false, issues: fromZod(doc, parsed.error) };
  }

  const warnings: TFlowIssue[] = [];
  const nodes = doc.nodeList.map((raw, i) => node(raw, i, warnings)).filter((n) => n !== null);
  if (!nodes.some((n) => n.type === 'start')) nodes.unshift({ id: START_NODE_ID, type: 'start', name: 'Início' });
  if (!nodes.some((n) => n.type === 'configurations'))
    nodes.unshift({
      id: CONFIGURATIONS_NODE_ID,
      type: 'configurations',
      name: 'Configurações',
      configurations: configurations({}),
    });
  const mapped = { version: CHAT_FLOW_VERSION, nodeList: nodes, lineList: lines(doc.lineList, nodes, warnings) };
  const parsed = ZFlowDocument.safeParse(mapped);
  return parsed.success
    ? { ok: true, flow: parsed.data, warnings }
    : { ok: false, issues: [...fromZod(mapped, parsed.error), ...warnings] };
};
