// A tool's name in the screen's language beside its id (ids stay where a plan's expressions refer to them).

/** The name, muted, where the catalog knows one other than the id. */
export function ToolName({ id, name }: { id: string; name: string }) {
  return name === id ? null : <span className="muted tool-name">{name}</span>;
}
