// Model text as Markdown and nothing more: raw HTML shows as the text it is (never as markup), images are
// not fetched, and a link only works when it points inside the app.
import Markdown from 'react-markdown';
import type { Components } from 'react-markdown';

const components: Components = {
  a: ({ href, children }) => (href?.startsWith('#/') ? <a href={href}>{children}</a> : <span className="inert-link">{children}</span>),
  img: ({ alt }) => <span className="inert-link">{alt ? `[${alt}]` : ''}</span>,
};

export function ModelMarkdown({ text }: { text: string }) {
  return (
    <div className="markdown">
      <Markdown components={components}>{text}</Markdown>
    </div>
  );
}
