import Markdown from 'react-markdown';
import remarkGfm from 'remark-gfm';

/** Legal texts from content/legal (Markdown with tables); raw HTML is dropped. */
export function LegalMarkdown({ markdown, headingOffset = 0 }: { markdown: string; headingOffset?: number }) {
  // Inside a page the document's own "#" title is shown by the page; shift its levels down.
  const shift = (level: number) => `h${Math.min(6, level + headingOffset)}` as 'h2';
  return (
    <div className="legal-text">
      <Markdown
        skipHtml
        remarkPlugins={[remarkGfm]}
        components={{
          h1: ({ children }) => {
            const Tag = shift(1);
            return <Tag>{children}</Tag>;
          },
          h2: ({ children }) => {
            const Tag = shift(2);
            return <Tag>{children}</Tag>;
          },
          h3: ({ children }) => {
            const Tag = shift(3);
            return <Tag>{children}</Tag>;
          },
          table: ({ children }) => (
            // Focusable so keyboard users can scroll a wide table (axe scrollable-region-focusable).
            // biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll container must take focus
            <div className="table-scroll" tabIndex={0}>
              <table className="table">{children}</table>
            </div>
          ),
        }}
      >
        {markdown}
      </Markdown>
    </div>
  );
}
