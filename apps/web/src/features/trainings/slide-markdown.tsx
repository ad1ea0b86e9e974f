import Markdown from 'react-markdown';

/** Slide bodies are Markdown written by content editors; raw HTML is dropped, never rendered. */
const ALLOWED = ['p', 'ul', 'ol', 'li', 'strong', 'em', 'h3', 'h4', 'blockquote', 'code', 'a', 'br', 'hr'];

export function SlideMarkdown({ body }: { body: string }) {
  return (
    <div className="slide-body">
      <Markdown skipHtml allowedElements={ALLOWED} unwrapDisallowed>
        {body}
      </Markdown>
    </div>
  );
}
