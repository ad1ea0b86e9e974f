import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { loadPart } from '../src/lib/dictionaries.ts';
import { I18nProvider } from '../src/lib/i18n.tsx';
import '../src/styles.css';
import { PreviewApp } from './preview-app.tsx';

/* `npm run content:preview`: any course and slide from the working tree, without signing in. */
const root = document.getElementById('root');
if (!root) throw new Error('#root missing');
const container = root;
const parts = (['de', 'en'] as const).flatMap((lang) => [loadPart(lang, 'shell'), loadPart(lang, 'pages')]);
Promise.all(parts).then(() =>
  createRoot(container).render(
    <StrictMode>
      <I18nProvider>
        <PreviewApp />
      </I18nProvider>
    </StrictMode>,
  ),
);
