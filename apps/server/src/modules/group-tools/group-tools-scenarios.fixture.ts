import { describeGroupActionScenarios } from './group-tools-actions.fixture.js';
import { describeEnforcementScenarios } from './group-tools-enforcement.fixture.js';
import { describeGroupLogScenarios } from './group-tools-logs.fixture.js';
import type { TGroupToolsContext, TGroupWorld } from './group-tools-world.fixture.js';

export * from './group-tools-world.fixture.js';

// The group tools' behaviour on one WhatsApp channel, told by scenarios every provider with `groupAdmin` runs
// against its own fake (group-tools.int.test.ts for Baileys, group-tools-<provider>.int.test.ts for the
// gateways): the group actions with a result per group (our number is admin of one group, not of the other) and
// the enforcement on joins, leaves and messages. The fake behind a `TGroupWorld` plays WhatsApp; a gateway that
// cannot delete members' messages (`deletesMembersMessages: false`, wuzapi) runs the word list's own scenario.
export const describeGroupToolScenarios = (world: TGroupWorld, ctx: TGroupToolsContext) => {
  // In this order: each part starts from the state the one before left.
  describeGroupActionScenarios(world, ctx);
  describeEnforcementScenarios(world, ctx);
  describeGroupLogScenarios(world, ctx);
  return ctx;
};
