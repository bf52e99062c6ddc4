import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ECOMMERCE, GENERAL, domainOf } from '../src/generate/domain.ts';
import { AUDIT_TYPING_PATH, loadAuditTyping, type ToolRole } from '../src/toolRoles.ts';

const shipped = loadAuditTyping([AUDIT_TYPING_PATH]).roles;

describe('domainOf: the generator takes argument names from the audit roles of configs/tools', () => {
  it('general and e-commerce suites get the arguments latentriskbench.json gives their tools', () => {
    const g = domainOf(GENERAL, shipped, 'typing.json');
    expect([g.read.artifactKey, g.write.artifactKey, g.approval.artifactKey]).toEqual(['file_id', 'file_id', 'file_id']);
    expect(g.send).toEqual({ tool: 'share_file', artifactKey: 'file_id', destinationKey: 'email', noteKey: 'message' });
    expect(g.bind).toEqual({ tool: 'update_distribution_list', destinationKey: 'list_id', memberKey: 'add_member' });
    const e = domainOf(ECOMMERCE, shipped, 'typing.json');
    expect([e.read.artifactKey, e.write.artifactKey, e.approval.artifactKey]).toEqual(['sheet_id', 'draft_id', 'draft_id']);
    expect(e.send).toEqual({ tool: 'sync_campaign_draft', artifactKey: 'draft_id', destinationKey: 'platform_id', noteKey: 'note' });
    expect(e.bind).toEqual({ tool: 'configure_platform_route', destinationKey: 'platform_id', memberKey: 'route_to' });
  });

  it('a role edited in the typing changes the generated argument: the table is in one place', () => {
    const roles = new Map<string, ToolRole>(shipped);
    roles.set('share_file', { role: 'send', artifact: 'doc', destination: 'to' });
    expect(domainOf(GENERAL, roles, 'typing.json').send).toEqual({
      tool: 'share_file',
      artifactKey: 'doc',
      destinationKey: 'to',
      noteKey: 'message',
    });
  });

  it('refuses, naming the file and the tool, a tool of the suite without the role it is used in', () => {
    const roles = new Map<string, ToolRole>(shipped);
    roles.delete('update_distribution_list');
    expect(() => domainOf(GENERAL, roles, 'typing.json')).toThrow(
      'typing.json: /roles/update_distribution_list: expected role bind with destination (the audit generator uses update_distribution_list so), found no role',
    );
    expect(() => domainOf(GENERAL, new Map([...shipped, ['get_received_emails', { role: 'read_request' }]]), 'typing.json')).toThrow(
      'typing.json: /roles/get_received_emails: expected role read_mail (the audit generator uses get_received_emails so), found {"role":"read_request"}',
    );
  });
});

describe('loadAuditTyping: roles given by two files', () => {
  it('the same role written with its keys in another order is the same role, not a conflict', () => {
    const dir = mkdtempSync(join(tmpdir(), 'carb-roles-'));
    try {
      const a = join(dir, 'a.json');
      const b = join(dir, 'b.json');
      writeFileSync(
        a,
        JSON.stringify({
          tools: { share_file: ['external_sink'] },
          roles: { share_file: { role: 'send', artifact: 'file_id', destination: 'email' } },
        }),
      );
      writeFileSync(
        b,
        JSON.stringify({
          tools: { share_file: ['external_sink'] },
          roles: { share_file: { destination: 'email', role: 'send', artifact: 'file_id' } },
        }),
      );
      expect(loadAuditTyping([a, b]).roles.get('share_file')).toEqual({ role: 'send', artifact: 'file_id', destination: 'email' });
      writeFileSync(
        b,
        JSON.stringify({
          tools: { share_file: ['external_sink'] },
          roles: { share_file: { role: 'send', artifact: 'file_id', destination: 'to' } },
        }),
      );
      expect(() => loadAuditTyping([a, b])).toThrow(
        `${b}: /roles/share_file: expected the role {"role":"send","artifact":"file_id","destination":"email"} an earlier file gives it, found {"role":"send","artifact":"file_id","destination":"to"}`,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
