import type { Mermaid } from 'mermaid';
import { useEffect, useId, useState } from 'react';

type Rendered = { status: 'rendering' } | { status: 'drawn'; svg: string } | { status: 'failed'; reason: string };

let mermaidReady: Promise<Mermaid> | undefined;

/** Mermaid is loaded on demand, so it lives only in Storybook's diagram pages and never in the app. */
function loadMermaid() {
  mermaidReady ??= import('mermaid').then(({ default: mermaid }) => {
    mermaid.initialize({ startOnLoad: false, securityLevel: 'strict', theme: 'neutral' });
    return mermaid;
  });
  return mermaidReady;
}

/**
 * One machine's committed diagram (docs/machines/<name>.mmd), drawn by Mermaid, with its source
 * underneath. Where Mermaid cannot lay out an SVG (jsdom in tests), the source is shown instead.
 */
export function MachineDiagram({ title, file, source }: { title: string; file: string; source: string }) {
  // The outcome is kept with the source it is for: a new source is "rendering" until its own outcome.
  const [outcome, setOutcome] = useState<{ source: string; rendered: Rendered }>();
  const rendered: Rendered = outcome?.source === source ? outcome.rendered : { status: 'rendering' };
  const id = `diagram-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;

  useEffect(() => {
    let current = true;
    loadMermaid()
      .then((mermaid) => mermaid.render(id, source))
      .then(({ svg }) => current && setOutcome({ source, rendered: { status: 'drawn', svg } }))
      .catch((error: unknown) => {
        // Mermaid leaves its scratch element behind when it fails.
        document.getElementById(`d${id}`)?.remove();
        const reason = error instanceof Error ? error.message : String(error);
        if (current) setOutcome({ source, rendered: { status: 'failed', reason } });
      });
    return () => {
      current = false;
    };
  }, [id, source]);

  return (
    <article className="screen" data-machine-diagram={file} aria-busy={rendered.status === 'rendering'}>
      <p className="eyebrow">State machine</p>
      <h1>{title}</h1>
      {rendered.status === 'drawn' && (
        <>
          {/* The whole diagram on one screen, under the title: a large one shrinks to the window's height too. */}
          <style>{'.machine-diagram__figure svg { max-height: calc(100vh - 9rem); }'}</style>
          <figure
            className="machine-diagram__figure"
            aria-label={`${title} state diagram`}
            style={{ margin: '0.75rem 0', overflowX: 'auto', background: '#fff', padding: '0.5rem', borderRadius: 10 }}
            dangerouslySetInnerHTML={{ __html: rendered.svg }}
          />
        </>
      )}
      <p>
        Generated from the machine definition by <code>npm run diagrams</code> into <code>{file}</code>. It changes when
        the machine does, never by hand.
      </p>
      {rendered.status === 'failed' && (
        <p className="notice" role="status">
          The diagram could not be drawn here ({rendered.reason}); its source follows.
        </p>
      )}
      <details open={rendered.status === 'failed'}>
        <summary>Mermaid source</summary>
        <pre style={{ overflowX: 'auto', background: '#fff', padding: '1rem', borderRadius: 10 }}>
          <code>{source}</code>
        </pre>
      </details>
    </article>
  );
}
