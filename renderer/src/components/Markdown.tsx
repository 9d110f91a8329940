// Model text as Markdown and nothing more: raw HTML shows as the text it is (never as markup), images are
// not fetched, and a link only works when it points inside the app.
import { memo } from 'react';
import Markdown from 'react-markdown';
import type { Components } from 'react-markdown';

const components: Components = {
  a: ({ href, children }) => (href?.startsWith('#/') ? <a href={href}>{children}</a> : <span className="inert-link">{children}</span>),
  img: ({ alt }) => <span className="inert-link">{alt ? `[${alt}]` : ''}</span>,
};

/** Parsed again only when its text changes: a conversation redraws while an answer streams in below it. */
export const ModelMarkdown = memo(function ModelMarkdown({ text }: { text: string }) {
  return (
    <div className="markdown">
      <Markdown components={components}>{text}</Markdown>
    </div>
  );
});
