import { describe, expect, it } from 'vitest';
import '../../../app/i18n/i18n';
import { LIVE_REFRESH_MS, listRefreshInterval } from '../api/campaigns-api';
import { campaign } from '../test-fixtures';
import { campaignFormToBody, canSendKind, csvColumns, emptyCampaignForm, validateCampaignBody } from './campaign-form';

describe('campaign form helpers', () => {
  it('asks the list again every 3 s only while a campaign on it is scheduled or sending', () => {
    const list = (...statuses: Parameters<typeof campaign>[0][]) => ({
      campaigns: statuses.map((overrides) => campaign(overrides)),
      count: statuses.length,
      hasMore: false,
    });
    expect(listRefreshInterval(list({ status: 'processing' }, { status: 'finished' }))).toBe(LIVE_REFRESH_MS);
    expect(listRefreshInterval(list({ status: 'scheduled' }))).toBe(LIVE_REFRESH_MS);
    expect(listRefreshInterval(list({ status: 'paused' }, { status: 'finished' }, { status: 'pending' }))).toBe(false);
    expect(listRefreshInterval(undefined)).toBe(false);
  });

  it('reports every broken rule at once, the window’s order included', () => {
    const body = campaignFormToBody({ ...emptyCampaignForm(), windowStart: '18:00', windowEnd: '09:00' }, 'campaign');
    const errors = validateCampaignBody(body);
    expect(Object.keys(errors).sort()).toEqual(['connectionId', 'messages', 'name', 'windowEnd']);
    expect(errors.windowEnd).toBe('Deve ser depois do início');
    expect(
      validateCampaignBody(
        campaignFormToBody(
          { ...emptyCampaignForm(), name: 'Natal', connectionId: '1', messages: ['Oi', '', ' '] },
          'campaign',
        ),
      ),
    ).toEqual({});
  });

  it('sends a template, not messages, for the template kinds', () => {
    const body = campaignFormToBody(
      {
        ...emptyCampaignForm(),
        name: 'Promo',
        connectionId: '3',
        messages: ['ignored'],
        template: { key: 'promo|pt_BR', headerParams: [], bodyParams: [' {{name}} ', '10%'] },
        dailyCap: 500,
      },
      'template',
    );
    expect(body).toMatchObject({
      kind: 'template',
      messages: [],
      template: { name: 'promo', language: 'pt_BR', headerParams: [], bodyParams: ['{{name}}', '10%'] },
      dailyCap: 500,
    });
    expect(validateCampaignBody(body)).toEqual({});
  });

  it('offers each kind only the connections that can send it', () => {
    const types = ['baileys', 'evolution', 'zapi', 'waba', 'sms', 'webchat', 'telegram'];
    const usable = (kind: Parameters<typeof canSendKind>[1]) => types.filter((type) => canSendKind({ type }, kind));
    expect(usable('sms')).toEqual(['sms']);
    expect(usable('template')).toEqual(['waba']);
    expect(usable('template-variavel')).toEqual(['waba']);
    expect(usable('texto')).toEqual(['baileys', 'evolution', 'zapi', 'telegram']);
    expect(usable('campaign')).toEqual(['baileys', 'evolution', 'zapi', 'waba', 'telegram']);
    expect(usable('grupos')).toEqual(['baileys', 'evolution', 'zapi']);
    expect(usable('participantes')).toEqual(['baileys', 'evolution', 'zapi']);
  });

  it('reads the CSV header’s columns, comma or semicolon separated', () => {
    expect(csvColumns('\uFEFFnumero;nome;cidade\r\n5511;Ana;SP')).toEqual(['numero', 'nome', 'cidade']);
    expect(csvColumns('"number","name",plano\n1,2,3')).toEqual(['number', 'name', 'plano']);
    expect(csvColumns('')).toEqual([]);
  });
});
