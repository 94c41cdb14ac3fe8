// The team's one rule of who may do what (issue 37.2), which the window and main both read; and its
// reasons in words for every action in both languages.
import { describe, expect, it } from 'vitest';
import {
  deskActions,
  deskMay,
  DESK_ACTION_NEEDS,
  type DeskAction,
  type DeskStanding,
} from '../../../src/shared/domain/team';
import { deskRefusalText } from '../../../src/main/shop/status/role-words';

const allowedFor = (standing: DeskStanding) =>
  deskActions.filter((action) => deskMay(standing, action).allowed);

const PUBLISH_WORK: DeskAction[] = [
  'publish',
  'live-change',
  'pause',
  'end',
  'price',
  'price-rules',
  'run-feeds',
  'approve',
  'keep-secrets',
];
const OWNER_WORK: DeskAction[] = ['accounts', 'imprints', 'feed-settings', 'approve-held'];

describe('deskMay', () => {
  it('lets a lone desk do everything: it is its own owner', () => {
    expect(allowedFor({ member: false })).toEqual([...deskActions]);
    expect(allowedFor({ member: false, role: 'prepare' })).toEqual([...deskActions]);
  });

  it('gives each role what the issue names, and more to each higher one', () => {
    expect(allowedFor({ member: true, role: 'prepare', ownerNamed: true })).toEqual([]);
    expect(allowedFor({ member: true, role: 'publish', ownerNamed: true })).toEqual(PUBLISH_WORK);
    expect(allowedFor({ member: true, role: 'owner', ownerNamed: true })).toEqual([
      ...PUBLISH_WORK,
      ...OWNER_WORK,
    ]);
  });

  it('refuses a prepare desk with its role, the role needed and the reason key', () => {
    expect(deskMay({ member: true, role: 'prepare', ownerNamed: true }, 'pause')).toEqual({
      allowed: false,
      action: 'pause',
      role: 'prepare',
      needed: 'publish',
      reasonKey: 'refusedAction.pause',
    });
    expect(deskMay({ member: true, role: 'publish', ownerNamed: true }, 'imprints')).toMatchObject({
      allowed: false,
      role: 'publish',
      needed: 'owner',
    });
  });

  it("lets publish desks do the owner's work while the team names no owner, as the database does", () => {
    expect(allowedFor({ member: true, role: 'publish', ownerNamed: false })).toEqual([
      ...PUBLISH_WORK,
      ...OWNER_WORK,
    ]);
    // A prepare desk gains nothing by it.
    expect(deskMay({ member: true, role: 'prepare', ownerNamed: false }, 'accounts')).toMatchObject({
      allowed: false,
      needed: 'publish',
    });
  });

  it('refuses nothing while the database has not answered, and everything to a login in no group', () => {
    expect(allowedFor({ member: true })).toEqual([...deskActions]);
    const none = deskMay({ member: true, role: null, ownerNamed: true }, 'publish');
    expect(none).toMatchObject({ allowed: false, role: 'none', needed: 'publish' });
    expect(allowedFor({ member: true, role: null, ownerNamed: true })).toEqual([]);
  });

  it('words every refusal in English and German, naming both roles', () => {
    for (const action of deskActions) {
      const refusal = deskMay({ member: true, role: 'prepare', ownerNamed: true }, action);
      if (refusal.allowed) throw new Error(`${action} allowed`);
      const en = deskRefusalText('en', refusal);
      const de = deskRefusalText('de', refusal);
      expect(en).toContain('“prepare”');
      expect(en).toContain(`“${DESK_ACTION_NEEDS[action]}”`);
      expect(en).toContain('Settings → Team');
      expect(de).toContain('„Vorbereiten“');
      expect(de).toContain('Einstellungen → Team');
      expect(de).not.toContain('refusedAction');
    }
  });
});
