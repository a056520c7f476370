import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findBoundaryViolations, type TSourceFile } from './import-boundaries.js';

const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Every server source file but the tests (a test may reach into whatever it checks). */
const readSources = (): TSourceFile[] =>
  readdirSync(srcDir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => ({ path: file.split(path.sep).join('/'), text: readFileSync(path.join(srcDir, file), 'utf8') }));

describe('import boundaries', () => {
  it("no module or channel imports another module's repository, and no channel provider imports a module", () => {
    const sources = readSources();
    expect(sources.length).toBeGreaterThan(100);
    expect(findBoundaryViolations(sources)).toEqual([]);
  });

  it('catches each kind of crossing, static, dynamic, type-only and re-exported', () => {
    const file = (p: string, text: string): TSourceFile => ({ path: p, text });
    expect(
      findBoundaryViolations([
        file('modules/messages/a.ts', "import { x } from '../tickets/tickets.repository.js';"),
        file('modules/messages/b.ts', "import type { T } from '../contacts/contacts-merge.repository.js';"),
        file('modules/messages/c.ts', "const m = await import('../protocols/protocols.repository.js');"),
        file('channels/host/d.ts', "export { y } from '../../modules/messages/messages.repository.js';"),
        file('app.ts', "import {\n  z,\n} from './modules/auth/auth.repository.js';"),
        file('channels/waba/e.ts', "import { receive } from '../../modules/messages/receive-batch.js';"),
        file('channels/shared/f.ts', "import type { T } from '../../modules/tickets/tickets.service.js';"),
        // Allowed: a module's own repository, another module's service, the host reaching a module's use case.
        file('modules/messages/ok.ts', "import { a } from './messages.repository.js';"),
        file('modules/messages/ok2.ts', "import { b } from '../tickets/tickets.service.js';"),
        file('channels/host/ok3.ts', "import { c } from '../../modules/messages/receive-batch.js';"),
        file('channels/waba/ok4.ts', "import { d } from '../host/modules-door.js';"),
      ]),
    ).toEqual([
      "modules/messages/a.ts imports modules/tickets/tickets.repository (another module's repository)",
      "modules/messages/b.ts imports modules/contacts/contacts-merge.repository (another module's repository)",
      "modules/messages/c.ts imports modules/protocols/protocols.repository (another module's repository)",
      "channels/host/d.ts imports modules/messages/messages.repository (another module's repository)",
      "app.ts imports modules/auth/auth.repository (another module's repository)",
      'channels/waba/e.ts imports modules/messages/receive-batch (a channel provider imports no module)',
      'channels/shared/f.ts imports modules/tickets/tickets.service (a channel provider imports no module)',
    ]);
  });
});
