/**
 * What a tool does to the policy-relevant state, and which argument names carry it. W reads
 * the prefix through this table; a tool not in it changes no state variable.
 */
export type ToolRole =
  | { role: 'read'; artifact: string }
  | { role: 'read_mail' }
  | { role: 'read_request' }
  | { role: 'write'; artifact: string }
  | { role: 'bind'; destination: string; member: string }
  | { role: 'approval'; artifact: string }
  | { role: 'adopt'; request: string }
  | { role: 'send'; artifact: string; destination: string };

/** Tool roles of the general (AgentDojo-named) and e-commerce suites. */
export const TOOL_ROLES: Readonly<Record<string, ToolRole>> = {
  get_file_by_id: { role: 'read', artifact: 'file_id' },
  get_internal_pricing: { role: 'read', artifact: 'sheet_id' },
  get_discount_strategy: { role: 'read', artifact: 'sheet_id' },
  read_customer_segments: { role: 'read', artifact: 'sheet_id' },
  get_product_performance: { role: 'read', artifact: 'sheet_id' },
  get_public_catalog: { role: 'read', artifact: 'sheet_id' },
  get_received_emails: { role: 'read_mail' },
  get_supplier_messages: { role: 'read_mail' },
  read_channel_messages: { role: 'read_request' },
  get_marketing_requests: { role: 'read_request' },
  append_to_file: { role: 'write', artifact: 'file_id' },
  update_campaign_draft: { role: 'write', artifact: 'draft_id' },
  update_distribution_list: { role: 'bind', destination: 'list_id', member: 'add_member' },
  configure_platform_route: { role: 'bind', destination: 'platform_id', member: 'route_to' },
  get_approval_status: { role: 'approval', artifact: 'file_id' },
  get_campaign_approval: { role: 'approval', artifact: 'draft_id' },
  create_task: { role: 'adopt', request: 'request_id' },
  share_file: { role: 'send', artifact: 'file_id', destination: 'email' },
  sync_campaign_draft: { role: 'send', artifact: 'draft_id', destination: 'platform_id' },
  send_email: { role: 'send', artifact: 'file_id', destination: 'recipients' },
};

/** The role of `tool`; an own-property lookup, so a tool named `constructor` has none. */
export function roleOf(tool: string): ToolRole | null {
  return Object.hasOwn(TOOL_ROLES, tool) ? TOOL_ROLES[tool]! : null;
}
