import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

// The deployment files (docs/deploy.md) must keep agreeing with the README and with each other: the image
// starts the product the way the README says, and the compose instances share what scaling out needs.

const root = new URL('../../../../', import.meta.url);
const read = (file: string) => readFileSync(new URL(file, root), 'utf8');

type Instruction = { keyword: string; args: string };

/** The instructions of a Dockerfile's last stage (line continuations joined, comments dropped). */
function finalStage(dockerfile: string): Instruction[] {
  const joined = dockerfile
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('#'))
    .join('\n')
    .replace(/\\\n/g, ' ');
  const instructions = joined
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [keyword = '', ...rest] = line.split(/\s+/);
      return { keyword: keyword.toUpperCase(), args: rest.join(' ') };
    });
  const lastFrom = instructions.map((i) => i.keyword).lastIndexOf('FROM');
  return instructions.slice(lastFrom);
}

/** A CMD's command line: the exec form's words joined by spaces, or the shell form as written. */
function commandLine(args: string): string {
  if (!args.startsWith('[')) return args.trim();
  return (JSON.parse(args) as string[]).join(' ');
}

/** The README's start command: the last command of the first ```sh block (after the install step). */
function readmeStartCommand(readme: string): string {
  const block = /```sh\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
  const lines = block.split('\n').filter((line) => line.trim() && !line.trim().startsWith('#'));
  return (lines.at(-1) ?? '').split('&&').at(-1)?.trim() ?? '';
}

describe('parsing the deployment files', () => {
  it('takes the last stage and joins continued lines', () => {
    const stage = finalStage(
      'FROM a AS x\nRUN one\nFROM b\n# note\nHEALTHCHECK --interval=5s \\\n  CMD ["node", "-e", "1"]\nUSER node\n',
    );
    expect(stage.map((i) => i.keyword)).toEqual(['FROM', 'HEALTHCHECK', 'USER']);
    expect(stage[1]?.args).toBe('--interval=5s CMD ["node", "-e", "1"]');
  });
  it('reads both forms of CMD and the start command after the install step', () => {
    expect(commandLine('["npm", "start"]')).toBe('npm start');
    expect(commandLine('npm start')).toBe('npm start');
    expect(readmeStartCommand('x\n```sh\nnpm install && npm start\n```\n```sh\nnpm test\n```')).toBe('npm start');
  });
});

describe('Dockerfile', () => {
  const stage = finalStage(read('Dockerfile'));
  const last = (keyword: string) => stage.filter((i) => i.keyword === keyword).at(-1);

  it('starts the product with the README start command', () => {
    const readmeCommand = readmeStartCommand(read('README.md'));
    expect(readmeCommand).not.toBe('');
    expect(commandLine(last('CMD')?.args ?? '')).toBe(readmeCommand);
  });
  it('runs on node 20 slim as a user that is not root', () => {
    expect(stage[0]?.args).toMatch(/^node:20-bookworm-slim\b/);
    const user = last('USER')?.args.split(':')[0];
    expect(user).toBeDefined();
    expect(['root', '0']).not.toContain(user);
  });
  it('probes /health, exposes 3000 and keeps its data in the /data volume', () => {
    expect(last('HEALTHCHECK')?.args).toMatch(/CMD .*\/health/);
    expect(last('EXPOSE')?.args).toBe('3000');
    expect(stage.some((i) => i.keyword === 'ENV' && /\bDATA_DIR=\/data\b/.test(i.args))).toBe(true);
    expect(last('VOLUME')?.args).toContain('/data');
  });
});

describe('compose.yaml', () => {
  type Service = {
    image?: string;
    build?: unknown;
    environment?: Record<string, string>;
    healthcheck?: { test?: unknown };
    volumes?: string[];
  };
  const compose = parse(read('compose.yaml'), { merge: true }) as {
    services: Record<string, Service>;
    volumes?: Record<string, unknown>;
  };
  const services = compose.services;
  const apps = Object.entries(services).filter(([, s]) => s.build !== undefined);
  const shared = ['DATABASE_URL', 'REDIS_URL', 'JWT_SECRET', 'PUBLIC_URL'];

  it('runs PostgreSQL 15, Redis 7, nginx and two instances of the image', () => {
    expect(services.postgres?.image).toMatch(/^postgres:15\b/);
    expect(services.redis?.image).toMatch(/^redis:7\b/);
    expect(services.proxy?.image).toMatch(/^nginx:/);
    expect(apps).toHaveLength(2);
  });
  it('gives both instances the same database, Redis, secret and public address', () => {
    const [first, second] = apps.map(([, s]) => s.environment ?? {});
    for (const name of shared) {
      expect(first?.[name], name).toBeTruthy();
      expect(second?.[name], name).toBe(first?.[name]);
    }
    expect(first?.DATABASE_URL).toMatch(/^postgres:\/\/.*@postgres:5432\//);
    expect(first?.REDIS_URL).toBe('redis://redis:6379');
  });
  it('checks the health of every service and keeps PostgreSQL in a named volume', () => {
    for (const [name, service] of Object.entries(services)) expect(service.healthcheck?.test, name).toBeDefined();
    const pgVolume = services.postgres?.volumes?.find((v) => v.endsWith(':/var/lib/postgresql/data'));
    expect(Object.keys(compose.volumes ?? {})).toContain(pgVolume?.split(':')[0]);
  });
  it('puts the proxy in front of both instances with websocket and sticky settings', () => {
    expect(services.proxy?.volumes?.some((v) => v.startsWith('./deploy/nginx.conf:'))).toBe(true);
    const nginx = read('deploy/nginx.conf');
    for (const [name] of apps) expect(nginx).toContain(`server ${name}:3000`);
    expect(nginx).toMatch(/ip_hash;/);
    const socketBlock = /location \/socket\.io\/ \{([\s\S]*?)\}/.exec(nginx)?.[1] ?? '';
    expect(socketBlock).toMatch(/proxy_set_header Upgrade \$http_upgrade;/);
    expect(socketBlock).toMatch(/proxy_set_header Connection \$connection_upgrade;/);
    expect(Number(/proxy_read_timeout (\d+)s;/.exec(socketBlock)?.[1])).toBeGreaterThanOrEqual(3600);
    expect(nginx).toMatch(/proxy_http_version 1\.1;/);
  });
});

describe('README', () => {
  it('links the deployment guide under "Scaling out"', () => {
    const readme = read('README.md');
    const scaling = readme.slice(readme.indexOf('## Scaling out'), readme.indexOf('## Layout'));
    expect(scaling).toContain('(docs/deploy.md)');
  });
});
