// What asked for a call, as the audit log keeps it: an auditor reads which of the agent's chats, which job, which
// single call a request came from, and can list those alone.
export const callOrigins = ['chat', 'call', 'bench', 'synth', 'verify', 'rollout', 'reward', 'trainer', 'mcp'] as const;
export type CallOrigin = (typeof callOrigins)[number];
