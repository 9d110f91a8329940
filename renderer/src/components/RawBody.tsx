// A response body as the service sent it (keys scrubbed by the gateway): status, content type, and the text, JSON
// indented for reading.
import type { RawBody as Raw } from '../../../main/core/gateway/callResult.ts';
import { useLocale } from '../i18n.tsx';

function pretty(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}

export function RawBody({ raw, testId }: { raw: Raw; testId?: string }) {
  const { t } = useLocale();
  return (
    <div>
      <p className="muted">
        HTTP {raw.status} · <code>{raw.contentType}</code>
        {raw.truncated && ` · ${t('catalog.rawTruncated')}`}
      </p>
      <pre className="view-text" data-testid={testId}>
        {pretty(raw.body)}
      </pre>
    </div>
  );
}
