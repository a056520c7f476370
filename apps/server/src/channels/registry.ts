import { baileysProvider } from './baileys/register.js';
import { evolutionProvider } from './evolution/register.js';
import { graphMessagingProvider } from './graph-messaging/register.js';
import { hubProvider } from './hub/register.js';
import type { TChannelProvider } from './provider.js';
import { smsProvider } from './sms/register.js';
import { telegramProvider } from './telegram/register.js';
import { uazapiProvider } from './uazapi/register.js';
import { wabaProvider } from './waba/register.js';
import { webchatProvider } from './webchat/register.js';
import { wuzapiProvider } from './wuzapi/register.js';
import { zapiProvider } from './zapi/register.js';

/** Every channel provider the server runs, set up in this order at start-up. A new channel is one line here. */
export const channelProviders: readonly TChannelProvider[] = [
  webchatProvider,
  wabaProvider,
  evolutionProvider,
  telegramProvider,
  zapiProvider,
  uazapiProvider,
  wuzapiProvider,
  graphMessagingProvider,
  smsProvider,
  hubProvider,
  baileysProvider,
];
